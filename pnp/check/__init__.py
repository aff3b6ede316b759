"""Stage 2, check: a loaded game against its expectations, its own rules and its rules
document, before anything is drawn."""
