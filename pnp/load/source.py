"""Read YAML safely and remember where every value came from.

The parser's events are turned into plain Python values (no object construction, no
tags beyond the core schema) while recording each value's line, so later stages can say
`file:line: key: message` about any value.
"""

from __future__ import annotations

import hashlib
import marshal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.base.errors import InputError
from pnp.load.keys import Key, key_text, strings_in  # noqa: F401  (every stage imports them here)
from pnp.load.yaml_events import EMPTY, EventBuilder, Loader

MAX_FILE_BYTES = 5 * 1024 * 1024  # content files are small; refuse huge ones fast
SHALLOW = 2  # parts of the keys a large file records lines for at first: its items
SHALLOW_FROM = 256_000  # characters: a file this large is a large file
# characters: a file this large is kept parsed between runs (pnp.base.cache), by the hash
# of its text: parsing costs ~0.4 ms a KB (a 260 KB file of map outlines: 108 ms), reading
# the values back ~0.3 ms in all, so smaller files are parsed every time
KEPT_FROM = 8_192
KIND = "yaml"


@dataclass
class Source:
    """A parsed YAML file: its data and the line of every value in it."""

    path: Path
    data: Any
    lines: dict[Key, int] = field(default_factory=dict)
    # a large file (a deck of thousands of cards) first records the lines of its items
    # only (keys of up to SHALLOW parts) and keeps its text: the lines below are found,
    # by parsing it again, the first time one is asked for (a problem to point at)
    text: str | None = field(default=None, repr=False)
    digest: str | None = field(default=None, repr=False, compare=False)  # SHA-256 of the text

    def line(self, key: Key) -> int | None:
        """Line of the value at `key`, or of its nearest ancestor that has one."""
        k = tuple(key)
        if self.text is not None and len(k) > SHALLOW:
            self.lines = _parse(self.text, self.path, None).lines
            self.text = None
        while True:
            if k in self.lines:
                return self.lines[k]
            if not k:
                return None
            k = k[:-1]

    def label(self, key: Key) -> str:
        """`key` as a problem names it: cards[3].border (a spreadsheet: its column)."""
        return key_text(key)


def parse_yaml(text: str, path: Path) -> Source:
    """Parse YAML text into a Source; any YAML error becomes a one-line InputError. A
    large file's values and lines are kept between runs: the same text gives the same
    Source (only what parsed without error is kept)."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    depth = None if len(text) <= SHALLOW_FROM else SHALLOW
    kept = _kept(text, path, digest, depth) if len(text) >= KEPT_FROM else None
    if kept is not None:
        return kept
    source = _parse(text, path, depth)
    source.digest = digest
    if depth is not None:
        source.text = text
    if len(text) >= KEPT_FROM:
        _keep(source, depth)
    return source


def _kept(text: str, path: Path, digest: str, depth: int | None) -> Source | None:
    """The Source parsed from this text on an earlier run, or None."""
    from pnp.base import cache

    data = cache.get(KIND, cache.key(KIND, digest, depth))
    if data is None:
        return None
    try:
        value, lines = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return Source(path, value, lines, text if depth is not None else None, digest)


def _keep(source: Source, depth: int | None) -> None:
    from pnp.base import cache

    try:  # plain values only (a YAML timestamp is not one: that file is parsed each time)
        payload = marshal.dumps((source.data, source.lines))
    except ValueError:
        return
    cache.put(KIND, cache.key(KIND, source.digest, depth), payload)


def _parse(text: str, path: Path, depth: int | None) -> Source:
    """The text's Source; its lines of coordinate lists read whole (flowlines) where
    that gives what the parser would: else, or on any error, the text is parsed as is."""
    if "[[" in text:
        from pnp.load.flowlines import flow_lines

        swapped, flows = flow_lines(text)
        if flows:
            try:
                found = _events(swapped, path, depth, flows)
            except Exception:  # the plain parse says what is wrong, in its own words
                found = None
            if found is not None:
                return found
    source = _events(text, path, depth, None)
    assert source is not None
    return source


def _events(text: str, path: Path, depth: int | None,
            flows: dict[tuple[int, int], str] | None) -> Source | None:
    """The text parsed event by event; None if a flowlines placeholder was not read back
    as a value of its own."""
    builder = EventBuilder(path, depth, flows)
    reader = Loader(text)
    try:
        data = builder.document(reader.get_event)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or "malformed YAML"
        raise InputError(f"malformed YAML: {what}", path, line) from exc
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {exc}", path) from exc
    finally:
        reader.dispose()
        builder.loader.dispose()
    if flows and builder.taken != flows.keys():
        return None
    if data is EMPTY:
        return Source(path, None, {(): 1})  # (the text's lines are all there are)
    return Source(path, data, builder.lines)


def read_yaml(path: Path) -> Source:
    """Read and parse one YAML file: a regular file only (not a FIFO, a device or a
    folder), at most MAX_FILE_BYTES, UTF-8 text."""
    from pnp.load.safeio import read_text

    return parse_yaml(read_text(path, MAX_FILE_BYTES, "file"), path)
