"""The studio's HTTP server: the standard library's ThreadingHTTPServer, bound to
127.0.0.1. It serves the page's own files, the board's JSON, an event stream that says
when the board changed, and the PNG previews under OUT/<game>/preview/: nothing else on
the disk, and only to GET (any other method is 405).

The standard library, not Starlette and uvicorn: five routes and one event stream need
no framework; `http.server` takes ~15 ms to import, Starlette's app and uvicorn ~60 ms
(a process that imports them starts in 0.14 s, against 0.09 s), and it adds no
dependency to install or keep within tested versions."""

from __future__ import annotations

import errno
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from pnp.base.errors import InputError
from pnp.studio.board import Board

HOST = "127.0.0.1"  # never another interface: the page shows unpublished work
PAGE_FILES = {"/": ("index.html", "text/html; charset=utf-8"),
              "/studio.js": ("studio.js", "text/javascript; charset=utf-8"),
              "/studio.css": ("studio.css", "text/css; charset=utf-8")}


class StudioServer(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream does not keep pnp from stopping
    allow_reuse_address = True

    def __init__(self, board: Board, port: int) -> None:
        self.board = board
        self.previews = board.preview_root.resolve()
        try:
            super().__init__((HOST, port), Handler)
        except OSError as exc:
            why = ("is in use (choose another with --port)" if exc.errno == errno.EADDRINUSE
                   else f"cannot be opened: {exc.strerror}")
            raise InputError(f"port {port} on {HOST} {why}") from None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    def stop(self) -> None:
        """End the event streams, then the server (from another thread than serve's)."""
        self.board.close()
        self.shutdown()
        self.server_close()


def start(board: Board, port: int) -> StudioServer:
    """The server, answering in a thread of its own."""
    server = StudioServer(board, port)
    threading.Thread(target=server.serve_forever, name="pnp-studio", daemon=True).start()
    return server


class Handler(BaseHTTPRequestHandler):
    server: StudioServer
    server_version = "pnp-studio"
    protocol_version = "HTTP/1.1"
    # headers and body go out as two writes: with Nagle's algorithm each response of a
    # kept-alive connection waits ~40 ms for the browser's delayed ACK (229 faces: 2.5 s)
    disable_nagle_algorithm = True

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        path = urlsplit(self.path).path
        if path in PAGE_FILES:
            name, kind = PAGE_FILES[path]
            body = resources.files("pnp.studio").joinpath("static", name).read_bytes()
            self._send(HTTPStatus.OK, kind, body)
        elif path == "/state.json":
            self._send(HTTPStatus.OK, "application/json", self.server.board.snapshot())
        elif path == "/events":
            self._events()
        elif path.startswith("/preview/"):
            self._preview(unquote(path[len("/preview/"):]))
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found\n")

    def __getattr__(self, name: str) -> Any:
        """Every other method (POST, PUT, DELETE, HEAD, ...) is refused."""
        if name.startswith("do_"):
            return self._refuse
        raise AttributeError(name)

    def _refuse(self) -> None:
        self.close_connection = True  # its body, if any, is not read
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, "text/plain", b"GET only\n",
                   {"Allow": "GET"}, body=self.command != "HEAD")

    def _preview(self, rel: str) -> None:
        parts = rel.split("/")
        root = self.server.previews
        if (not rel.endswith(".png") or "\\" in rel or "\0" in rel
                or any(p in ("", ".", "..") or p.startswith(".") for p in parts)):
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found\n")
            return
        try:
            target = root.joinpath(*parts).resolve()
            if not target.is_relative_to(root):  # a link out of the previews
                raise FileNotFoundError(target)
            data = target.read_bytes()
        except (OSError, ValueError):
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found\n")
            return
        self._send(HTTPStatus.OK, "image/png", data, {"Cache-Control": "max-age=3600"})

    def _events(self) -> None:
        """One event each time the board changes (its version as data); a comment every
        15 s keeps the stream open. It ends when the page goes or pnp stops."""
        board = self.server.board
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        try:
            while not board.closing:
                version = board.wait(seen)
                chunk = f"data: {version}\n\n" if version != seen else ": idle\n\n"
                seen = version
                self.wfile.write(chunk.encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def _send(self, status: HTTPStatus, kind: str, data: bytes,
              headers: dict[str, str] | None = None, body: bool = True) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Content-Type-Options", "nosniff")
        if kind.startswith(("text/html", "application/json")):
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self'")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - its name
        """Quiet: the terminal is for the game's problems, not for every request."""


def preview_root(out: Path, game: str) -> Path:
    return out / game / "preview"
