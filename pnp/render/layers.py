"""SVG faces split into layers, each checked once and drawn by svglib once.

A face's SVG is split into its top-level layers, keyed by content. A layer made only of
plain text keeps its text runs (drawn straight with reportlab); any other keeps its XML
for svglib, which is imported only when such a layer is drawn. A store can serve several
PDFs of one build (a board's poster and its tiled sheets draw the same layers)."""

from __future__ import annotations

import copy
import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from pnp.base.errors import ContentError
from pnp.render import inksaver, moved
from pnp.render.drawable import check_count, check_layer, check_root
from pnp.render.drawing_map import map_drawing
from pnp.render.fasttext import TextRun, plain_text_runs
from pnp.render.inkmap import TAG_ATTR, TAG_ID_PREFIX, LayerMap, map_runs
from pnp.render.normalise import normalise
from pnp.render.svglib_draw import draw_layer

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


class LayerStore:
    """Layers by key: their runs or XML, element counts, svglib drawings and maps."""

    def __init__(self, reference_root: Path) -> None:
        self.reference_root = reference_root
        self.runs: dict[str, list[TextRun] | None] = {}
        self.size: dict[str, tuple[float, float]] = {}
        self._layer_xml: dict[str, etree._Element] = {}
        self._drawings: dict[str, Any] = {}
        self._origin: dict[str, str] = {}
        self._maps: dict[str, LayerMap] = {}
        self._counts: dict[str, int] = {}  # SVG elements in each layer
        self._docs: dict[tuple[bytes, str], Face] = {}  # documents split, least recent first
        self._sizes: dict[tuple[float, float], tuple[float, float]] = {}
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
            face = self._parse(svg, origin)
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
        shell = etree.Element(root.tag, dict(root.attrib), nsmap=root.nsmap)
        defs = [c for c in root if isinstance(c.tag, str) and etree.QName(c).localname == "defs"]
        count = 1
        for d in defs:
            count += check_layer(d, origin, self.reference_root)
            shell.append(copy.deepcopy(d))
        shell_bytes = etree.tostring(shell)
        width = _length(root.get("width"), origin)
        height = _length(root.get("height"), origin)
        view = _view(root.get("viewBox"), width, height, origin)
        size = self._sizes.setdefault((width, height), (width, height))  # one per size
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
                self.runs[key] = plain_text_runs(child, view)
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
            drawing, complaints = draw_layer(self._layer_xml[key], self.reference_root,
                                             self._origin.get(key))
            if complaints:
                self.complaints[key] = complaints
            self._drawings[key] = drawing
        return self._drawings[key]

    def layer_map(self, key: str) -> LayerMap:
        """What one layer prints (texts, strokes, fills, tagged parts), in face points."""
        if key in self.moved and key not in self._maps:
            base, dx, dy = self.moved[key]
            self._maps[key] = moved.shifted(self.layer_map(base), dx, dy)
        if key not in self._maps:
            runs = self.runs.get(key)
            self._maps[key] = map_runs(runs) if runs is not None else map_drawing(
                self.drawing(key))
        return self._maps[key]

    def origin(self, key: str) -> str:
        return self._origin.get(key, "")

    def forget(self, keys: list[str]) -> None:
        """Let go of layers drawn and checked for the last time (a deck's card text); a
        layer met again is split and checked again."""
        for key in keys:
            for table in (self.runs, self.size, self._layer_xml, self._drawings, self._origin,
                          self._maps, self._counts, self.complaints, self.moved):
                table.pop(key, None)  # type: ignore[attr-defined]


def _tags_to_ids(layer: etree._Element) -> None:
    """svglib keeps an element's id on the shape it makes: carry preflight tags there."""
    for el in layer.iter():
        if isinstance(el.tag, str) and TAG_ATTR in el.attrib:
            el.set("id", TAG_ID_PREFIX + el.attrib.pop(TAG_ATTR))


@functools.lru_cache(maxsize=256)  # every card of a deck has the same root
def _length(value: str | None, origin: str) -> float:
    from pnp.base.units import parse_length

    if value is None:
        raise ContentError("the <svg> root needs width and height in mm", origin)
    try:
        size = parse_length(value)
    except ValueError as exc:
        raise ContentError(f"<svg> width/height: {exc}", origin) from exc
    if not 0 < size <= 5000 * 72 / 25.4:
        raise ContentError(f"<svg> width/height must be between 0 and 5 m (got {value!r})",
                           origin)
    return size


@functools.lru_cache(maxsize=256)
def _view(box: str | None, width: float, height: float,
          origin: str) -> tuple[float, float, float, float, float]:
    """(min_x, min_y, x scale, y scale, height): SVG user units to PDF points."""
    import math

    if not box:
        return 0.0, 0.0, 1.0, 1.0, height
    try:
        min_x, min_y, vw, vh = (float(v) for v in box.replace(",", " ").split())
    except ValueError as exc:
        raise ContentError(f"<svg> viewBox must be four numbers (got {box!r})", origin) from exc
    if not all(math.isfinite(v) for v in (min_x, min_y, vw, vh)) or vw <= 0 or vh <= 0:
        raise ContentError(f"<svg> viewBox needs a positive size (got {box!r})", origin)
    return min_x, min_y, width / vw, height / vh, height
