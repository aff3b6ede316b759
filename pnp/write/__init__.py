"""Stage 8, write: files that reach the disk, atomically and only where pnp owns them."""
