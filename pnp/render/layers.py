"""SVG faces split into layers, each checked once and drawn by svglib once.

A face's SVG is split into its top-level layers, keyed by content. A layer made only of
plain text keeps its text runs (drawn straight with reportlab); any other keeps its XML
for svglib, which is imported only when such a layer is drawn. A store can serve several
PDFs of one build (a board's poster and its tiled sheets draw the same layers)."""

from __future__ import annotations

import copy
import hashlib
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from pnp.base.errors import ContentError
from pnp.render import inksaver, moved, rootbox
from pnp.render.drawable import check_count, check_layer, check_root
from pnp.render.drawing_map import map_drawing
from pnp.render.fastshapes import fast_runs
from pnp.render.fasttext import TextRun
from pnp.render.inkmap import TAG_ATTR, TAG_ID_PREFIX, LayerMap, map_runs
from pnp.render.kept import drawn, mapped, said
from pnp.render.normalise import normalise
from pnp.render.splits import split

RECENT_DOCS = 256  # documents remembered as split (a shared back, met every card, stays)
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True,
                          remove_pis=True, huge_tree=False)


@dataclass(slots=True)
class Face:
    """A parsed face: its size in points and its layers' keys, bottom to top."""

    width: float
    height: float
    layers: tuple[str, ...]  # a tuple: each Placed record of the face shares it
    origin: str = ""  # the template it came from


@dataclass
class Reuse:
    """What the renders of one `pnp validate` (every paper, every language) share: each
    document split once and each layer drawn by svglib once, whatever store meets it."""

    docs: dict[tuple, tuple[Face, dict[str, tuple], str]] = field(default_factory=dict)
    drawings: dict[tuple, tuple[Any, list[str]]] = field(default_factory=dict)


REUSE: ContextVar[Reuse | None] = ContextVar("pnp_layers_reuse", default=None)
MAX_REUSED = 4000  # documents kept for the next render: a huge deck is split again


class LayerStore:
    """Layers by key: their runs or XML, element counts, svglib drawings and maps."""

    def __init__(self, reference_root: Path) -> None:
        self.reference_root = reference_root
        self.runs: dict[str, list[TextRun] | None] = {}
        self.size: dict[str, tuple[float, float]] = {}
        self._layer_xml: dict[str, etree._Element] = {}
        self._drawings: dict[str, Any] = {}
        self._said: dict[str, bool] = {}  # layers whose complaints are known (`said`)
        self._origin: dict[str, str] = {}
        self._maps: dict[str, LayerMap] = {}
        self._counts: dict[str, int] = {}  # SVG elements in each layer
        self._docs: dict[tuple[bytes, str], Face] = {}  # documents split, least recent first
        self._sizes: dict[tuple[float, float], tuple[float, float]] = {}
        self._shells: dict[tuple | None, tuple] = {}  # root without <defs> → its shell
        self.complaints: dict[str, list[str]] = {}  # layer key → what svglib could not draw
        # an icon's use → (the key of the icon drawn at the origin, its offset in points)
        self.moved: dict[str, tuple[str, float, float]] = {}

    def parse(self, svg: str, origin: str) -> Face:
        """Split an SVG document into layers; `origin` names the template for errors.
        The same document (a deck's shared back) is split and checked once."""
        doc = (hashlib.sha1(svg.encode("utf-8")).digest(), origin)
        face = self._docs.pop(doc, None)  # (put back last: the most recently used)
        if face is None or not all(key in self.runs for key in face.layers):  # forgotten
            if len(self._docs) >= RECENT_DOCS:  # a deck of unique fronts: not kept all
                del self._docs[next(iter(self._docs))]
            reuse = REUSE.get()
            shared = (doc, self.reference_root, inksaver.ACTIVE.get())
            known = reuse.docs.get(shared) if reuse is not None else None
            if known is not None:  # split by an earlier render of this validate
                face = known[0]
                self._reuse(known[1], known[2])
            else:  # (validate: kept between runs, pnp.render.splits)
                face = self._parse(svg, origin) if reuse is None else split(self, svg,
                                                                            origin, doc[0])
                if reuse is not None and len(reuse.docs) < MAX_REUSED:
                    reuse.docs[shared] = (face, self._layers_of(face), origin)
        self._docs[doc] = face
        return face

    def _parse(self, svg: str, origin: str) -> Face:
        try:
            root = etree.fromstring(svg.encode("utf-8"), _PARSER)
        except etree.XMLSyntaxError as exc:
            raise ContentError(f"template produced invalid SVG: {exc.msg}", origin,
                               exc.lineno) from exc
        if etree.QName(root).localname != "svg":
            raise ContentError("template output is not an <svg> document", origin)
        check_root(root, origin)
        normalise(root, origin, self.reference_root, svg)  # what svglib draws as browsers do
        if inksaver.ACTIVE.get():
            inksaver.lighten(root)
        defs = [c for c in root if isinstance(c.tag, str) and etree.QName(c).localname == "defs"]
        count = 1
        known = None if defs else (root.tag, tuple(root.attrib.items()),
                                   tuple(root.nsmap.items()))
        if known in self._shells:  # a deck's faces share one root: its shell made once
            shell, shell_bytes, width, height, view, size = self._shells[known]
        else:
            shell = etree.Element(root.tag, dict(root.attrib), nsmap=root.nsmap)
            for d in defs:
                count += check_layer(d, origin, self.reference_root)
                shell.append(copy.deepcopy(d))
            shell_bytes = etree.tostring(shell)
            width = rootbox.length(root.get("width"), origin)
            height = rootbox.length(root.get("height"), origin)
            view = rootbox.view(root.get("viewBox"), width, height, origin)
            size = self._sizes.setdefault((width, height), (width, height))  # one per size
            if known is not None and len(self._shells) < RECENT_DOCS:
                self._shells[known] = (shell, shell_bytes, width, height, view, size)
        keys = []
        for child in root:
            if not isinstance(child.tag, str) or child in defs:
                continue
            placed = moved.split(child)  # an icon: keyed by what it draws, not where
            if placed is not None:
                child = placed[2]
            else:
                moved.strip(child)
            raw = etree.tostring(child)
            key = hashlib.sha1(shell_bytes + raw).hexdigest()
            if key not in self.runs:  # a layer is checked once, however often drawn
                self._counts[key] = check_layer(child, origin, self.reference_root)
                self.runs[key] = fast_runs(child, view, root)  # text runs, plain shapes
                if self.runs[key] is None:  # svglib's: plain text is drawn from its runs
                    layer = copy.deepcopy(shell)
                    layer.append(child)
                    _tags_to_ids(layer)
                    self._layer_xml[key] = layer
                self._origin[key] = origin
            self.size[key] = size
            count += self._counts[key]
            if placed is not None:
                use = f"{key}@{placed[0]:g},{placed[1]:g}"
                self.moved[use] = (key, placed[0] * view[2], -placed[1] * view[3])
                self.runs[use], self.size[use] = None, size
                self._counts[use], self._origin[use] = self._counts[key], origin
                key = use
            keys.append(key)
        check_count(count, origin)
        return Face(width, height, tuple(keys), origin)

    def _layers_of(self, face: Face) -> dict[str, tuple]:
        """(runs, size, element count, XML, icon's move) of each layer of `face`, as
        `_parse` left them, for `_reuse` in another store."""
        out = {}
        for key in face.layers:
            at = self.moved.get(key)
            if at is not None:
                out[key] = (None, self.size[key], self._counts[key], None, at)
                key = at[0]
            out[key] = (self.runs[key], self.size[key], self._counts[key],
                        self._layer_xml.get(key), None)
        return out

    def _reuse(self, layers: dict[str, tuple], origin: str) -> None:
        """Take a document's layers as `_parse` would have found them here."""
        for key, (runs, size, count, xml, at) in layers.items():
            self.size[key] = size
            if at is not None:  # an icon's use: set anew, as _parse does
                self.moved[key], self.runs[key] = at, None
                self._counts[key], self._origin[key] = count, origin
            elif key not in self.runs:
                self.runs[key], self._counts[key], self._origin[key] = runs, count, origin
                if xml is not None:
                    self._layer_xml[key] = xml

    def export(self) -> dict[str, tuple]:
        """Every layer's parse results, to send to another process (faceparts): runs,
        size, element count, origin, and the XML svglib will draw (as bytes). (Text
        layers' maps cost more to send than to work out again.)"""
        return {key: (runs, self.size[key], self._counts[key], self._origin[key],
                      None if runs is not None or key in self.moved
                      else etree.tostring(self._layer_xml[key]), self.moved.get(key))
                for key, runs in self.runs.items()}

    def adopt(self, layers: dict[str, tuple], origins: bool = False) -> None:
        """Take layers parsed by another process (`export`), keeping those already here;
        `origins`: their templates replace those of layers already here (faces parsed
        earlier than these, but placed after them: a deck's guests)."""
        for key, (runs, size, count, origin, xml, at) in layers.items():
            self.size[key] = size
            if at is not None:
                self.moved[key] = at
            if key in self.runs:
                if origins:
                    self._origin[key] = origin
                continue
            self.runs[key] = runs
            self._counts[key] = count
            self._origin[key] = origin
            if xml is not None:
                self._layer_xml[key] = etree.fromstring(xml, _PARSER)

    def drawing(self, key: str) -> Any:
        """svglib's drawing of a layer that is not plain text, made once."""
        if key not in self._drawings:
            reuse = REUSE.get()
            shared = (key, self.reference_root)  # a key is its layer's content hash
            made = reuse.drawings.get(shared) if reuse is not None else None
            if made is None:
                made = drawn(self._layer_xml[key], self.reference_root,  # (kept between
                             self._origin.get(key), key)  # runs: pnp.render.kept)
                if reuse is not None:
                    reuse.drawings[shared] = made
            drawing, complaints = made
            if complaints:
                self.complaints[key] = complaints
            self._drawings[key] = drawing
        return self._drawings[key]

    def said(self, key: str) -> None:
        """What svglib could not draw in a layer (`complaints`), without its drawing
        where that is kept apart between runs (kept.said): all `pnp validate` needs."""
        if key in self._drawings or key in self._said:
            return
        reuse = REUSE.get()
        made = reuse.drawings.get((key, self.reference_root)) if reuse is not None else None
        found = made[1] if made is not None else said(
            self._layer_xml[key], self.reference_root, self._origin.get(key), key,
            lambda: (self.drawing(key), self.complaints.get(key, []))[1])
        self._said[key] = True
        if found:
            self.complaints[key] = list(found)

    def layer_map(self, key: str) -> LayerMap:
        """What one layer prints (texts, strokes, fills, tagged parts), in face points."""
        if key in self.moved and key not in self._maps:
            base, dx, dy = self.moved[key]
            self._maps[key] = moved.shifted(self.layer_map(base), dx, dy)
        if key not in self._maps:
            runs = self.runs.get(key)
            if runs is None:  # (validate: what svglib could not draw in it, said first)
                self.said(key)
            self._maps[key] = map_runs(runs) if runs is not None else mapped(
                self._layer_xml[key], self.reference_root, self._origin.get(key), key,
                lambda: map_drawing(self.drawing(key)))
        return self._maps[key]

    def origin(self, key: str) -> str:
        return self._origin.get(key, "")

    def forget(self, keys: list[str]) -> None:
        """Let go of layers drawn and checked for the last time (a deck's card text); a
        layer met again is split and checked again."""
        for key in keys:
            for table in (self.runs, self.size, self._layer_xml, self._drawings, self._origin,
                          self._said, self._maps, self._counts, self.complaints, self.moved):
                table.pop(key, None)  # type: ignore[attr-defined]


def _tags_to_ids(layer: etree._Element) -> None:
    """svglib keeps an element's id on the shape it makes: carry preflight tags there."""
    for el in layer.iter():
        if isinstance(el.tag, str) and TAG_ATTR in el.attrib:
            el.set("id", TAG_ID_PREFIX + el.attrib.pop(TAG_ATTR))
