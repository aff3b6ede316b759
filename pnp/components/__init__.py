"""One module per component kind: what its faces are and how they go onto pages."""
