"""Read YAML safely and remember where every value came from.

The YAML is composed into nodes (no object construction, no tags beyond the core
schema), then turned into plain Python values while recording each value's line, so
later stages can say `file:line: key: message` about any value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError

MAX_FILE_BYTES = 5 * 1024 * 1024  # content files are small; refuse huge ones fast
MAX_NODES = 200_000  # guards against alias bombs ("billion laughs")
MAX_DEPTH = 64

Key = tuple[str | int, ...]

try:  # the C loader composes ~5x faster where libyaml is present
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader


_CORE_TAGS = {f"tag:yaml.org,2002:{t}" for t in (
    "map", "seq", "str", "int", "float", "bool", "null", "timestamp", "binary", "merge")}


@dataclass
class Source:
    """A parsed YAML file: its data and the line of every value in it."""

    path: Path
    data: Any
    lines: dict[Key, int] = field(default_factory=dict)

    def line(self, key: Key) -> int | None:
        """Line of the value at `key`, or of its nearest ancestor that has one."""
        k = tuple(key)
        while True:
            if k in self.lines:
                return self.lines[k]
            if not k:
                return None
            k = k[:-1]


def key_text(key: Key) -> str:
    """('cards', 3, 'border') → 'cards[3].border'."""
    out = ""
    for part in key:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class _Builder:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: dict[Key, int] = {}
        self.count = 0
        self.loader = _Loader("")

    def build(self, node: yaml.Node, key: Key, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise InputError(
                f"too many values (over {MAX_NODES}); aliases expanding without end?",
                self.path,
            )
        if depth > MAX_DEPTH:
            raise InputError(f"nested deeper than {MAX_DEPTH} levels", self.path,
                             node.start_mark.line + 1)
        self.lines.setdefault(key, node.start_mark.line + 1)
        if node.tag not in _CORE_TAGS:
            raise InputError(f"unsupported YAML tag {node.tag}", self.path,
                             node.start_mark.line + 1, key_text(key) or None)
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for k_node, v_node in node.value:
                if not isinstance(k_node, yaml.ScalarNode):
                    raise InputError("mapping keys must be plain text", self.path,
                                     k_node.start_mark.line + 1)
                if k_node.tag == "tag:yaml.org,2002:merge":
                    raise InputError("merge keys (<<) are not supported", self.path,
                                     k_node.start_mark.line + 1)
                k = str(self._scalar(k_node))
                if k in out:
                    raise InputError(f"key '{k}' appears twice", self.path,
                                     k_node.start_mark.line + 1, key_text(key + (k,)))
                self.lines[key + (k,)] = k_node.start_mark.line + 1
                out[k] = self.build(v_node, key + (k,), depth + 1)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(v, key + (i,), depth + 1) for i, v in enumerate(node.value)]
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise InputError(f"bad value: {exc}", self.path, node.start_mark.line + 1) from exc


def parse_yaml(text: str, path: Path) -> Source:
    """Parse YAML text into a Source; any YAML error becomes a one-line InputError."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or "malformed YAML"
        raise InputError(f"malformed YAML: {what}", path, line) from exc
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {exc}", path) from exc
    if node is None:
        return Source(path, None, {(): 1})
    builder = _Builder(path)
    try:
        data = builder.build(node, (), 0)
    finally:
        builder.loader.dispose()
    return Source(path, data, builder.lines)


def read_yaml(path: Path) -> Source:
    """Read and parse one YAML file: a regular file only (not a FIFO, a device or a
    folder), at most MAX_FILE_BYTES, UTF-8 text."""
    from .safeio import read_text

    return parse_yaml(read_text(path, MAX_FILE_BYTES, "file"), path)
