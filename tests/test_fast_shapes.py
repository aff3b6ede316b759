"""A layer of plain shapes (a card's frame, a shared back) is drawn straight on the canvas,
exactly as svglib and renderPDF draw it: the same content-stream bytes and the same ink
map (what preflight measures), and a deck made only of such layers never loads svglib."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree
from reportlab.pdfgen.canvas import Canvas

from pnp.base import fonts
from pnp.render.fastshapes import plain_shapes

ROOT = ('<svg xmlns="http://www.w3.org/2000/svg" width="69.5mm" height="94mm" '
        'viewBox="-3 -3 69.5 94">{}</svg>')
ROOTS = [ROOT,
         '<svg xmlns="http://www.w3.org/2000/svg" width="2.5in" height="3.5in" '
         'viewBox="0 0 63.5 88.9">{}</svg>',
         '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">{}</svg>',
         '<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="40mm" '
         'viewBox="0 0 30 40">{}</svg>',
         '<svg xmlns="http://www.w3.org/2000/svg" width="60pt" height="40px" '
         'viewBox="0,0,30,40">{}</svg>']
TEXT = 'font-family="Fira Sans" font-size="4"'
LAYERS = [
    # the standard deck's frame and back
    '<g><rect x="-3" y="-3" width="69.5" height="94" fill="#c0392b"/>'
    '<rect x="4" y="4" width="55.5" height="80" rx="3" fill="#ffffff"/></g>',
    '<g><rect x="-3" y="-3" width="69.5" height="94" fill="#34495e"/><circle cx="31.75" '
    'cy="44" r="18" fill="none" stroke="#ecf0f1" stroke-width="2"/><text x="31.75" y="46" '
    'font-family="Fira Sans" font-weight="bold" font-size="6" text-anchor="middle" '
    'fill="#ecf0f1">BENCH</text></g>',
    # every shape, paints inherited from the group, each one's own on top
    f'<g fill="#123" stroke="red" stroke-width="0.5"><rect x="1" y="1" width="10" height="5" '
    f'fill-opacity="0.5"/><line x1="0" y1="0" x2="5" y2="5" stroke-linecap="round"/>'
    f'<ellipse cx="20" cy="20" rx="4" ry="2" stroke-opacity="0.3"/><polygon '
    f'points="1,2 3,4 5,1" stroke-linejoin="round"/><polyline points="1,2 3,4 5,1" '
    f'fill="none"/><polyline points="1,2 3,4 5,1"/><text x="3" y="30" {TEXT}>Hi  there '
    f'</text><text x="3" y="30" {TEXT} font-style="italic" stroke="none" '
    f'text-anchor="end">It</text><g><circle cx="5" cy="5" r="2"/></g></g>',
    '<rect x="1" y="1" width="10" height="5" rx="20"/>',  # corners of half the height
    '<rect x="1" y="1" width="10" height="10" ry="2" fill="white" stroke="black"/>',
    '<rect x="1" y="1" width="10" height="5" fill="rgba(10,20,30,0.5)" stroke="rgb(200,0,0)" '
    'stroke-width="0"/>',
    # tagged parts: what preflight reads (colours, cues, fit parts)
    f'<g data-pnp="part:base colour:x=red"><rect x="1" y="1" width="10" height="5" fill="#f00" '
    f'data-pnp="cue:x=red"/><circle cx="5" cy="5" r="2" fill="none" stroke="#00f" '
    f'stroke-width="0.3" data-pnp="part:dot"/><text x="3" y="30" {TEXT} '
    f'data-pnp="part:label">Label</text></g>',
    '<line x1="3" y1="3" x2="3" y2="3" stroke="black" stroke-linecap="round"/>',  # a dot
    '<g><line x1="3" y1="3" x2="13" y2="3" stroke="#333" stroke-width="0.2" '
    'stroke-opacity="0.5"/><polyline points="1 2 3 4 5 1" fill="#abc" stroke="#000" '
    'data-pnp="part:poly"/></g>',
    '<g></g>',
    '<g fill="none" stroke="#2c3e50" stroke-width="0.35" stroke-linejoin="bevel"><rect '
    'width="20" height="20"/><rect x="2" y="2" width="16" height="16" rx="1.5" '
    'fill="inherit" stroke="inherit"/></g>',
    f'<g fill="navy"><text x="30" y="40" {TEXT} font-weight="bold" font-style="italic" '
    f'text-anchor="middle">Bold it</text><text x="30" y="40" {TEXT} fill="none">No fill</text>'
    f'<text x="1" y="1" {TEXT}></text><rect width="1" height="1"/></g>',
    '<g fill-opacity="0.4" stroke-opacity="0.7" stroke="#fff"><circle cx="10" cy="10" r="5"/>'
    '<ellipse cx="10" cy="10" rx="5" ry="3" fill="rgba(0,0,0,0.25)"/></g>',
]
REFUSED = [  # each goes to svglib, as before (paths and transforms: test_fast_paths.py)
    '<rect width="1mm" height="1"/>', '<rect width="10" height="5" rx="1" ry="2"/>',
    '<rect width="1" height="1" fill="#ff000080"/>', '<rect width="1" height="1" fill="Red"/>',
    '<rect width="1" height="1" class="a"/>', '<rect width="1" height="1" style="fill:red"/>',
    '<line x2="1" stroke="red" stroke-dasharray="1mm"/>',
    f'<text x="1" y="1" {TEXT}>a<tspan>b</tspan></text>', '<rect width="-1" height="1"/>',
    '<rect width="1" height="1" fill="url(#g)"/>', '<rect width="1" height="1" opacity=".5"/>',
    '<text x="1" y="1" font-family="Arial" font-size="4">a</text><rect width="1" height="1"/>',
    '<rect width="1" height="1" fill="currentColor"/>', '<image width="1" height="1"/>',
    '<rect width="1" height="1" stroke="red" stroke-linejoin="arcs"/>',
]


def _both(layer: str, root: str = ROOT) -> tuple[list[str], list[str], object, object]:
    """(svglib's operators, the fast path's, svglib's ink map, the fast path's)."""
    from reportlab.graphics import renderPDF

    from pnp.render.drawing_map import map_drawing
    from pnp.render.svglib_draw import draw_layer

    fonts.register()
    doc = etree.fromstring(root.format(layer))
    fast = plain_shapes(doc[0], doc)
    assert fast is not None, "the fast path left a plain layer to svglib"
    for el in doc.iter():  # what LayerStore hands svglib: tags as ids
        if isinstance(el.tag, str) and "data-pnp" in el.attrib:
            el.set("id", "pnp:" + el.attrib.pop("data-pnp"))
    drawing, complaints = draw_layer(doc, Path("."), None)
    assert not complaints
    theirs, ours = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    renderPDF.draw(drawing, theirs, 0, 0)
    ours.saveState()  # as the painter wraps a fast layer
    fast.draw(ours)
    ours.restoreState()
    return theirs._code, ours._code, map_drawing(drawing), fast.layer_map()


@pytest.mark.parametrize("layer", LAYERS)
def test_a_plain_layer_is_drawn_and_mapped_as_svglib_draws_it(layer: str) -> None:
    theirs, ours, their_map, our_map = _both(layer)
    assert ours == theirs  # the same PDF operators, number for number
    assert our_map == their_map  # the same texts, fills, strokes and tagged parts


@pytest.mark.parametrize("root", ROOTS[1:])
def test_every_root_size_and_view_box_places_it_alike(root: str) -> None:
    theirs, ours, their_map, our_map = _both(LAYERS[2], root)
    assert ours == theirs and our_map == their_map


@pytest.mark.parametrize("layer", REFUSED)
def test_anything_beyond_plain_shapes_is_left_to_svglib(layer: str) -> None:
    doc = etree.fromstring(ROOT.format(layer))
    assert plain_shapes(doc[0], doc) is None


def test_a_root_with_a_style_sheet_is_left_to_svglib() -> None:
    doc = etree.fromstring(ROOT.format('<defs><style>rect{fill:red}</style></defs>'
                                       '<rect width="1" height="1"/>'))
    assert plain_shapes(doc[1], doc) is None


def test_the_standard_deck_builds_without_loading_svglib(tmp_path: Path) -> None:
    """The benchmark's deck (coloured frames, a shared back of a rectangle, a circle and a
    word): a real `pnp build`, its imports listed by Python."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        import standard_deck
    finally:
        sys.path.pop(0)
    content = standard_deck.write_game(tmp_path / "content", 12)
    env = {**os.environ, "PNP_CACHE": "0"}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnp", "build", "bench",
                           "--content", str(content), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    assert (tmp_path / "out" / "bench" / "cards.pdf").stat().st_size > 0
    assert not {m for m in imported if m.startswith(("svglib", "reportlab.graphics",
                                                     "cssselect2", "tinycss2"))}


def test_a_worker_sends_a_plain_shapes_layer_back_unchanged() -> None:
    """A large deck's faces are parsed in worker processes (draw.batches): a plain-shapes
    layer crosses as it is, text runs as tuples."""
    import pickle

    from pnp.draw.batches import pack, unpack
    from pnp.render.layers import LayerStore

    store = LayerStore(Path("."))
    face = store.parse(ROOT.format(LAYERS[1] + f'<g><text x="1" y="5" {TEXT}>A</text></g>'),
                       "probe.svg")
    layers = store.export()
    packed = pickle.loads(pickle.dumps(pack([], layers)))
    _, back = unpack(packed)
    assert [back[key][0] for key in face.layers] == [store.runs[key] for key in face.layers]
    assert type(store.runs[face.layers[0]][0]).__name__ == "ShapeLayer"
