"""Stage 3, render: Jinja templates to SVG faces in a sandbox, checked, split into layers
and turned into reportlab drawings; text fitting and the ink map preflight reads."""
