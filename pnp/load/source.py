"""Read YAML safely and remember where every value came from.

The parser's events are turned into plain Python values (no object construction, no
tags beyond the core schema) while recording each value's line, so later stages can say
`file:line: key: message` about any value.
"""

from __future__ import annotations

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
    """Parse YAML text into a Source; any YAML error becomes a one-line InputError."""
    if len(text) <= SHALLOW_FROM:
        return _parse(text, path, None)
    source = _parse(text, path, SHALLOW)
    source.text = text
    return source


def _parse(text: str, path: Path, depth: int | None) -> Source:
    builder = EventBuilder(path, depth)
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
    if data is EMPTY:
        return Source(path, None, {(): 1})
    return Source(path, data, builder.lines)


def read_yaml(path: Path) -> Source:
    """Read and parse one YAML file: a regular file only (not a FIFO, a device or a
    folder), at most MAX_FILE_BYTES, UTF-8 text."""
    from pnp.load.safeio import read_text

    return parse_yaml(read_text(path, MAX_FILE_BYTES, "file"), path)
