"""What the command line sets before anything else is imported: the cyclic garbage
collector's thresholds.

A command allocates millions of short-lived objects beside a few long-lived ones (the
imported modules, the content, the fonts), and nearly all of its garbage is freed by
reference counting; the collector finds next to nothing. At Python's defaults (700, 10,
10) it ran ~30 times while a 62-card deck's command imported typer, reportlab and the rest
(~13 ms), and for 10,000 cards it re-scanned the long-lived objects ~1,500 times (13 % of
the run). A first collection after 100,000 new objects leaves a small deck's command
without one (at 50,000 it still had one, ~9 ms) and a 10,000-card deck with two (~31 ms,
peak memory unchanged). Imported first by the console entry (pnp.__main__, before the
classes' kept code and its imports) and by pnp.cli, so the thresholds hold from the start."""

import gc

GC_THRESHOLDS = (100_000, 50, 100)
gc.set_threshold(*GC_THRESHOLDS)
