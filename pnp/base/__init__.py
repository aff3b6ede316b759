"""Foundations every stage uses: errors, units, geometry, colour, the font, worker processes.

Nothing here imports another pnp package."""
