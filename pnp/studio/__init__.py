"""`pnp studio`: the designer's loop of `pnp watch` shown on a local web page. Every face
of every component, each problem of the checks drawn where it is on its face and listed
with its file:line, updates pushed to the page as Server-Sent Events on every save.

board.py keeps what the page shows (the faces and problems of the last pass, as JSON,
with a version the page waits on); server.py serves it, the previews and the page's own
files (static/) from the standard library's HTTP server, bound to 127.0.0.1, GET only.
Nothing here prints: pnp/cli/studio.py does."""
