"""The shipped games' own code, one package a game. Each declares its hooks once
(`<game>/hooks.py`, a pnp.load.hooks.GameHooks) and registers them under the entry
point group `pnp.games` in pyproject.toml; the core finds them only that way."""
