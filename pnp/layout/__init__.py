"""Stage 4, lay out: paper, build options, imposition, gutter fold, tiling, and the record
of what went where on each page."""
