"""Stage 5, draw: faces and page furniture onto reportlab canvases, and the PDF's resource
check."""
