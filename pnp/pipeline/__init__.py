"""The stages run in order for one command: build, validate, score sheets."""
