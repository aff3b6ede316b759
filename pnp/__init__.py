"""pnp: turn game content written in YAML into print-ready PDFs."""

__version__ = "0.1.0"
