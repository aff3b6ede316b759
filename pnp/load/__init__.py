"""Stage 1, load: YAML read safely into checked models (Game, Component, Item), and each
game's declared hooks."""
