"""YAML parser events turned into plain Python values, each value's line recorded, with
the guards a hostile file meets: no tags beyond the core schema, no merge keys, aliases
counted, depth bounded, text that no page can print refused at its key."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from pnp.base.errors import ContentError, InputError
from pnp.load.keys import Key, key_text

# Values that aliases (*name) build again, in all: guards against alias bombs ("billion
# laughs": a few lines expanding to billions of values). Only expansions count, so a large
# file without aliases is never refused; its size is bounded by load.MAX_FILE_BYTES.
MAX_ALIAS_VALUES = 200_000
MAX_DEPTH = 64
MAX_SCALAR_CHARS = 20_000  # any one text in a content file (the longest shipped: 321)
# Characters XML 1.0 forbids (and DEL): a template would fail on them, blaming itself.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")

try:  # the C loader composes ~5x faster where libyaml is present
    Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    Loader = yaml.SafeLoader

EMPTY = object()  # a stream with no document in it
FLOW_PLACEHOLDER = "pnp-flow-line"  # a line flowlines.py reads whole, where it stood
_STR = "tag:yaml.org,2002:str"
_FLOAT = "tag:yaml.org,2002:float"
# A float written plainly (an outline's 27,000 coordinates): what the constructor returns
# for it is float(text) exactly, so it is read without building a node.
_PLAIN_FLOAT = re.compile(r"[-+]?[0-9]+\.[0-9]+")
_CORE_TAGS = {f"tag:yaml.org,2002:{t}" for t in (
    "map", "seq", "str", "int", "float", "bool", "null", "timestamp", "binary", "merge")}


class EventBuilder:
    """Builds plain values straight from the parser's events, recording each value's
    line. No node tree is composed (for 10,000 cards it held ~30 MB at once): only an
    anchored value keeps its events, to be built again wherever an alias names it, so
    MAX_ALIAS_VALUES counts every value an alias expands to."""

    def __init__(self, path: Path, depth: int | None,
                 flows: dict[tuple[int, int], str] | None = None) -> None:
        self.path = path
        self.flows = flows or {}  # flowlines: each placeholder's list, by its (line, column)
        self.taken: set[tuple[int, int]] = set()  # the placeholders met
        self.lines: dict[Key, int] = {}
        self.depth = depth  # record the lines of keys of at most this many parts
        self.expanded = 0  # values built again by aliases
        self._alias_line: int | None = None  # the outermost alias being expanded
        self.loader = Loader("")
        self.anchors: dict[str, list[yaml.Event] | None] = {}  # None: still being read
        self._recording: list[list[yaml.Event]] = []
        self._next: Callable[[], yaml.Event] = lambda: yaml.StreamEndEvent()
        self._tags: dict[tuple[str, Any], str] = {}  # (plain text, style) → resolved tag

    def document(self, next_event: Callable[[], yaml.Event]) -> Any:
        """The one document's value; EMPTY for a stream without one."""
        self._next = next_event
        next_event()  # the stream's start
        first = next_event()
        if isinstance(first, yaml.StreamEndEvent):
            return EMPTY
        data = self.build(self._read, self._read(), (), 0)
        self._read()  # the document's end
        after = self._read()
        if not isinstance(after, yaml.StreamEndEvent):
            raise InputError("malformed YAML: a second document (---) in one file",
                             self.path, after.start_mark.line + 1)
        return data

    def _read(self) -> yaml.Event:
        event = self._next()
        for events in self._recording:
            events.append(event)
        return event

    def build(self, read: Callable[[], yaml.Event], event: yaml.Event, key: Key,
              depth: int) -> Any:
        """The value that starts with `event`, its further events taken from `read`."""
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent):
            events = self._anchored(event)
            replay = iter(events)
            outermost = self._alias_line is None
            if outermost:
                self._alias_line = line
            try:
                return self.build(replay.__next__, next(replay), key, depth)
            finally:
                if outermost:
                    self._alias_line = None
        if self._alias_line is not None:
            self.expanded += 1
            if self.expanded > MAX_ALIAS_VALUES:
                raise InputError(f"too many values: the aliases (*name) in this file expand "
                                 f"to over {MAX_ALIAS_VALUES:,} values (an alias bomb?)",
                                 self.path, self._alias_line)
        if depth > MAX_DEPTH:
            raise InputError(f"nested deeper than {MAX_DEPTH} levels", self.path, line)
        if self.depth is None or len(key) <= self.depth:
            self.lines.setdefault(key, line)
        recording = read == self._read and event.anchor is not None
        if recording:  # an anchor is defined once, where it is read
            self._define(event.anchor, line)
            self._recording.append([event])
        value = self._value(read, event, key, depth, line)
        if recording:
            self.anchors[event.anchor] = self._recording.pop()
        return value

    def _value(self, read: Callable[[], yaml.Event], event: yaml.Event, key: Key,
               depth: int, line: int) -> Any:
        if isinstance(event, yaml.ScalarEvent):
            if self.flows and event.value == FLOW_PLACEHOLDER:
                at = (event.start_mark.line, event.start_mark.column)
                if at in self.flows and not event.style and event.tag is None \
                        and event.end_mark.line == at[0]:
                    return self._flow(self.flows[at], at, key, depth, line)
            return self._scalar(event, key)
        if isinstance(event, yaml.SequenceStartEvent):
            self._tag(event, yaml.SequenceNode, key, line)
            items: list[Any] = []
            while not isinstance(nxt := read(), yaml.SequenceEndEvent):
                items.append(self.build(read, nxt, key + (len(items),), depth + 1))
            return items
        self._tag(event, yaml.MappingNode, key, line)
        out: dict[Any, Any] = {}
        while not isinstance(k_event := read(), yaml.MappingEndEvent):
            k_line = k_event.start_mark.line + 1
            aliased = isinstance(k_event, yaml.AliasEvent)
            if aliased:  # *name as a key: a named text
                named = self._anchored(k_event)
                k_event = named[0] if len(named) == 1 else k_event
            if not isinstance(k_event, yaml.ScalarEvent):
                raise InputError("mapping keys must be plain text", self.path, k_line)
            if k_event.anchor is not None and not aliased and read == self._read:
                self._define(k_event.anchor, k_line)
                self.anchors[k_event.anchor] = [k_event]
            if self._resolved(k_event) == "tag:yaml.org,2002:merge":
                raise InputError("merge keys (<<) are not supported", self.path, k_line)
            k = sys.intern(str(self._scalar(k_event, key)))  # one 'title' for every card
            if k in out:
                raise InputError(f"key '{k}' appears twice", self.path, k_line,
                                 key_text(key + (k,)))
            if self.depth is None or len(key) < self.depth:
                self.lines[key + (k,)] = k_line
            out[k] = self.build(read, read(), key + (k,), depth + 1)
        return out

    def _flow(self, text: str, at: tuple[int, int], key: Key, depth: int, line: int
              ) -> list[list[float]]:
        """A flowlines list: the value and lines that building it event by event gives."""
        value = json.loads(text)
        self.taken.add(at)
        if depth + 2 > MAX_DEPTH:  # (the caller parses the text again for the message)
            raise InputError(f"nested deeper than {MAX_DEPTH} levels", self.path, line)
        if self._alias_line is not None:
            self.expanded += len(value) + sum(len(v) for v in value)
            if self.expanded > MAX_ALIAS_VALUES:
                raise InputError("too many values", self.path, self._alias_line)
        if self.depth is None or len(key) < self.depth:
            deeper = self.depth is None or len(key) + 2 <= self.depth
            for i, item in enumerate(value):
                self.lines.setdefault(key + (i,), line)
                if deeper:
                    for j in range(len(item)):
                        self.lines.setdefault(key + (i, j), line)
        return value

    def _define(self, anchor: str, line: int) -> None:
        if anchor in self.anchors:
            raise InputError(f"malformed YAML: the anchor &{anchor} is defined twice",
                             self.path, line)
        self.anchors[anchor] = None

    def _anchored(self, alias: yaml.AliasEvent) -> list[yaml.Event]:
        line = alias.start_mark.line + 1
        if alias.anchor not in self.anchors:
            raise InputError(f"malformed YAML: *{alias.anchor} names no anchor before it",
                             self.path, line)
        events = self.anchors[alias.anchor]
        if events is None:
            raise InputError(f"*{alias.anchor} is inside the value it names (a loop)",
                             self.path, line)
        return events

    def _tag(self, event: yaml.Event, kind: type, key: Key, line: int) -> str:
        """The event's tag, resolved; one of the core schema's or an InputError."""
        tag = self._resolved(event, kind)
        if tag not in _CORE_TAGS:
            raise InputError(f"unsupported YAML tag {tag}", self.path, line,
                             key_text(key) or None)
        return tag

    def _resolved(self, event: yaml.Event, kind: type = yaml.ScalarNode) -> str:
        tag = event.tag
        if (tag is None or tag == "!") and kind is not yaml.ScalarNode:
            tag = self.loader.resolve(kind, None, event.implicit)
        elif tag is None or tag == "!":  # the same short texts (keys) come again and again
            short = len(event.value) <= 40
            tag = self._tags.get((event.value, event.implicit)) if short else None
            if tag is None:
                tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
                if short:
                    self._tags[(event.value, event.implicit)] = tag
        return tag

    def _scalar(self, event: yaml.ScalarEvent, key: Key) -> Any:
        line = event.start_mark.line + 1
        tag = self._tag(event, yaml.ScalarNode, key, line)
        if tag == _STR:  # what the constructor returns for text, without a node
            if len(event.value) > MAX_SCALAR_CHARS:  # a backstop under every typed limit
                raise ContentError(f"too long: {len(event.value):,} characters, at most "
                                   f"{MAX_SCALAR_CHARS:,} in any one value", self.path, line,
                                   key_text(key) or None)
            bad = _UNPRINTABLE.search(event.value)
            if bad:  # no SVG, PDF or screen can hold it: the content's, not a template's
                raise ContentError(f"holds a control character (U+{ord(bad[0]):04X}) that "
                                   "cannot be printed; remove it", self.path, line,
                                   key_text(key) or None)
            return event.value
        if tag == _FLOAT and _PLAIN_FLOAT.fullmatch(event.value):
            return float(event.value)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                               style=event.style)
        try:
            return self.loader.construct_object(node, deep=True)
        except ValueError as exc:
            if "digits" in str(exc):  # Python's limit on whole numbers, in its own words
                raise ContentError(f"a number of {len(event.value):,} digits: too long to "
                                   "be a number pnp can use", self.path, line,
                                   key_text(key) or None) from exc
            raise InputError(f"bad value: {exc}", self.path, line) from exc
        except (yaml.YAMLError, OverflowError) as exc:
            raise InputError(f"bad value: {exc}", self.path, line) from exc
        finally:  # the constructor's memo would keep every node: one at a time
            self.loader.constructed_objects.clear()
            self.loader.recursive_objects.clear()
