"""Stage 6, components: one module per component kind (items: decks, tiles, tokens; board;
sheet; pad), each laying out and drawing its own pages."""
