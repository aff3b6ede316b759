"""What pnp keeps between runs: entries named by a hash of everything that shapes them.

An entry is one file, written beside its final name and renamed into place (os.replace),
so concurrent builds never see half of one; it carries the SHA-256 of its payload, so an
entry cut short by a kill or damaged on disk is noticed and ignored, never trusted. The
folder is $PNP_CACHE_DIR, else $XDG_CACHE_HOME/pnp, else ~/.cache/pnp; PNP_CACHE=0 turns
the cache off. A folder that cannot be written is no cache, never a failed build. Old
entries are pruned once a day when the folder holds more than PNP_CACHE_MB (500).

Keys are built from `fingerprint()`: pnp's version and the digest of its own source (an
edit to pnp misses), Python's version and every installed distribution's name and
version (reportlab, svglib, lxml, Jinja2, PyYAML, Pillow... an upgrade misses); the
callers add their inputs (files by `Digests`: stat signature, then content hash)."""

from __future__ import annotations

import functools
import hashlib
import os
import stat
import sys
import time
from pathlib import Path

FORMAT = b"pnp-cache-1\n"  # an entry: FORMAT, the payload's SHA-256 (32 bytes), the payload
PRUNE_EVERY = 24 * 3600  # seconds between two looks at the folder's size
DEFAULT_MB = 500
MAX_INDEXED = 50_000  # files whose hash the index remembers
RACY = 2_000_000_000  # ns: a file changed this recently may change again unseen (its stat)
_SKIPPED = frozenset({"__pycache__", ".git", ".hg", ".svn"})
_PNP = Path(__file__).resolve().parent.parent  # the pnp package's folder


def folder() -> Path | None:
    """The cache folder, made if needed; None when the cache is off or cannot be written.
    (Read from the environment each time: a caller may turn the cache off midway.)"""
    env = os.environ.get
    return _folder(env("PNP_CACHE", ""), env("PNP_CACHE_DIR", ""), env("XDG_CACHE_HOME", ""),
                   os.path.expanduser("~"))


@functools.cache
def _folder(switch: str, base: str, xdg: str, home: str) -> Path | None:
    if switch.strip().lower() in ("0", "off", "no", "false"):
        return None
    if base.strip():
        where = Path(base.strip())
    else:
        where = Path(xdg.strip() or os.path.join(home, ".cache")) / "pnp"
    where = where / "v1"
    try:
        where.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not os.access(where, os.W_OK | os.X_OK):
            return None
    except OSError:
        return None
    return where


def _path(kind: str, key: str) -> Path | None:
    base = folder()
    return None if base is None else base / kind / key[:2] / key


def get(kind: str, key: str) -> bytes | None:
    """The payload stored under `key`, or None: absent, cut short, or damaged."""
    path = _path(kind, key)
    if path is None:
        return None
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    head = len(FORMAT)
    if not data.startswith(FORMAT) or len(data) < head + 32:
        return None
    payload = data[head + 32:]
    if hashlib.sha256(payload).digest() != data[head:head + 32]:
        return None  # a torn or damaged entry: as if absent (it is replaced when put again)
    return payload


def put(kind: str, key: str, payload: bytes) -> None:
    """Store `payload` under `key`, atomically; a cache that cannot be written is skipped."""
    path = _path(kind, key)
    if path is None:
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with open(tmp, "wb") as fh:
            fh.write(FORMAT + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def key(*parts: object) -> str:
    """A key: the hash of the fingerprint and `parts` (their repr: plain data only)."""
    return hashlib.sha256(repr((fingerprint(), parts)).encode("utf-8", "surrogatepass")
                          ).hexdigest()


@functools.cache
def fingerprint() -> str:
    """pnp's version and source, Python's version and the installed distributions."""
    from pnp import __version__

    dists = []
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as it:
                dists += [e.name for e in it if e.name.endswith((".dist-info", ".egg-info"))]
        except OSError:
            continue
    digests = Digests()
    source = digests.tree(_PNP)
    digests.save()
    return hashlib.sha256(repr((__version__, sys.version, sys.implementation.cache_tag,
                                sorted(dists), source)).encode()).hexdigest()


class Digests:
    """File contents' hashes, remembered by stat signature (size, mtime, ctime, inode) as
    git's index does: a file whose signature is unchanged is not read again. A file
    changed in the last two seconds is always read (its next change could keep its
    mtime), and an index that fails its checksum is started afresh."""

    def __init__(self) -> None:
        import marshal

        data = get("index", "files")
        try:
            self.known: dict[str, tuple[tuple[int, int, int, int], str]] = (
                marshal.loads(data) if data else {})
        except (EOFError, ValueError, TypeError):
            self.known = {}
        self.changed = False
        self.now = time.time_ns()
        self.seen: set[str] = set()

    def file(self, path: str, st: os.stat_result) -> str:
        if not stat.S_ISREG(st.st_mode):  # a FIFO, a device: never opened (it could block)
            return f"special {stat.S_IFMT(st.st_mode):o}"
        sig = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        self.seen.add(path)
        known = self.known.get(path)
        if known is not None and tuple(known[0]) == sig:
            return known[1]
        h = hashlib.sha256()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        digest = h.hexdigest()
        if max(st.st_mtime_ns, st.st_ctime_ns) < self.now - RACY:
            self.known[path] = (sig, digest)
            self.changed = True
        return digest

    def tree(self, root: Path | str) -> str:
        """One hash for a file or a folder's files (names and contents); "absent" if none."""
        root = os.path.abspath(root)
        try:
            st = os.stat(root)
        except OSError:
            return "absent"
        if not os.path.isdir(root):
            try:
                return self.file(root, st)
            except OSError:
                return "unreadable"
        h = hashlib.sha256()
        for dirpath, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in _SKIPPED)
            for name in sorted(files):
                h.update(self.entry(os.path.join(dirpath, name), root))
        return h.hexdigest()

    def entry(self, path: str, root: str) -> bytes:
        """A file's line in a folder's hash: its name under `root` and its content's hash."""
        try:
            digest = self.file(path, os.stat(path))
        except OSError:
            digest = "unreadable"
        return f"{os.path.relpath(path, root)}\0{digest}\n".encode("utf-8", "surrogateescape")

    def save(self) -> None:
        import marshal

        if self.changed:
            if len(self.known) > MAX_INDEXED:  # files long gone: start again from these
                self.known = {p: v for p, v in self.known.items() if p in self.seen}
            put("index", "files", marshal.dumps(self.known))
            self.changed = False


def prune(now: float | None = None) -> None:
    """Once a day: the oldest entries removed until the folder holds PNP_CACHE_MB."""
    base = folder()
    if base is None:
        return
    now = time.time() if now is None else now
    stamp = base / "pruned"
    try:
        if now - stamp.stat().st_mtime < PRUNE_EVERY:
            return
    except OSError:
        pass
    try:
        stamp.touch()
        limit = float(os.environ.get("PNP_CACHE_MB", DEFAULT_MB)) * 1e6
    except (OSError, ValueError):
        return
    entries = []
    for dirpath, _, files in os.walk(base):
        for name in files:
            path = os.path.join(dirpath, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            entries.append((st.st_mtime, st.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        try:
            os.unlink(path)
            total -= size
        except OSError:
            pass
