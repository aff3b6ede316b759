"""Paths, dashes, fill rules and transforms on the fast path (pathdata, transforms): each
layer here is drawn straight and by svglib, and the two must give the same PDF operators,
number for number, and the same ink map (what preflight measures); what svglib reads
its own way (an arc, a skew, data it would choke on) is still left to it."""

from __future__ import annotations

import pytest
from lxml import etree
from test_fast_shapes import ROOTS, TEXT, _both

from pnp.render.fastshapes import plain_shapes

PAINT = 'fill="#c0392b" stroke="#2c3e50" stroke-width="0.4"'
PATHS = [
    # every command, absolute, then relative (and a repeated move read as lines)
    f'<path d="M1 2 L3 4 H5 V6 C1 2 3 4 5 6 S7 8 9 10 Q1 1 2 2 T3 3 Z" {PAINT}/>',
    f'<path d="m1 2 l3 4 h5 v6 c1 2 3 4 5 6 s7 8 9 10 q1 1 2 2 t3 3 z m1 1 l1 1" {PAINT}/>',
    '<path d="M0 0 1 1 2 0 m3 3 1 1 2 0" stroke="red" fill="none"/>',
    # numbers run together, exponents, commas
    '<path d="M-1-2.5.5.5L3e1,4-2.25-0.5h.5v-1e-1z" fill="navy"/>',
    # open and closed subpaths under a fill: the fill closes each, the stroke does not
    f'<path d="M1 1 L5 1 L5 5 M6 6 L8 8 Z M9 9 l1 0 l0 2" {PAINT}/>',
    '<path d="M1 1 h4 v4 h-4 z M2 2 h2 v2 h-2 z" fill="#abc"/>',  # closed, fill only
    '<path d="M1 1 h4 v4 h-4" stroke="#000" fill="none"/>',  # open, stroke only
    '<path d="M1 1 h4 v4 h-4" fill="#0a0"/>',  # open, fill only
    '<path d="M1 1 h4 v4 z z" fill="#0a0"/>',  # more closes than moves: reportlab won't fill
    # a smooth curve after a line, T after no quadratic, a move after a close
    f'<path d="M1 1 L2 2 S3 3 4 1 T6 6 t1 1 z m1 1 h2 Z" {PAINT}/>',
    f'<path d="M1 1 q2 2 4 0 t4 0 T12 1 Q13 3 14 1 s1 1 2 0" {PAINT} fill-opacity="0.5"/>',
    # fill rules: its own, inherited, nonzero given
    '<path d="M0 0 h10 v10 h-10 z M2 2 h6 v6 h-6 z" fill="red" fill-rule="evenodd"/>',
    '<g fill-rule="evenodd" fill="#123"><path d="M0 0 h10 v10 h-10 z M2 2 h6 v6 h-6 z"/>'
    '<rect width="3" height="3"/><path d="M0 0 h4 v4" fill-rule="nonzero"/></g>',
    # dashes on paths and shapes, inherited, and none over an inherited one
    '<g stroke="#000" stroke-dasharray="1,0.5"><path d="M0 0 h10"/><rect width="4" '
    'height="2" stroke-dasharray="0.3 0.2 0.1"/><circle r="2" stroke-dasharray="none"/>'
    '<polyline points="1 1 3 3 4 1" fill="#abc"/></g>',
    # tagged paths: what preflight reads (parts, fills, strokes)
    f'<g data-pnp="part:road"><path d="M1 1 L9 1 L9 4" {PAINT} data-pnp="cue:x=red"/>'
    f'<path d="M1 5 h3 v3 z" fill="#f00" data-pnp="part:dot"/></g>',
    '<path d="M3 3 L3 3" stroke="black" stroke-linecap="round" stroke-width="0"/>',
]
MOVED = [
    '<rect width="10" height="5" transform="translate(1,1)"/>',
    '<g transform="scale(2)"><rect width="1" height="1"/></g>',
    '<g transform="translate(9.5 3) rotate(180 31.75 44)" id="x"><rect width="1" height="1" '
    'transform="rotate(-38 5 5)" data-pnp="part:a"/><path d="M0 0 L 3 3" fill="red" '
    'stroke="#000" transform="scale(1.4) translate(2)"/></g>',
    f'<g transform="translate(20)"><text x="1" y="2" {TEXT} transform="rotate(45)">Hi</text>'
    f'<polyline points="1 2 3 4 5 1" fill="#abc" transform="matrix(1 0.5 -0.5 1 3 4)"/>'
    f'<circle r="2" transform="scale(0.5, 2)" data-pnp="part:c"/><line x2="3" '
    f'stroke="red" transform="rotate(90),translate(1 1)"/></g>',
]
REFUSED = [  # each goes to svglib
    '<path d="M0 0 A 1 1 0 0 1 2 2"/>', '<path d="L1 1 2 2"/>', '<path d="M1"/>',
    '<path d="M0 0 L1 x"/>', '<path d="M0 0 Z 1 1"/>', '<path d=""/>',
    '<path d="M0 0 L1 1" fill-rule="odd"/>', '<path d="M0 0 L1 1" marker-end="url(#m)"/>',
    '<rect width="1" height="1" transform="skewX(10)"/>',
    '<rect width="1" height="1" transform="rotate(30 1)"/>',
    '<g transform="scale(0)"><rect width="1" height="1"/></g>',
    '<rect width="1" height="1" transform="translate(1mm)"/>',
    '<rect width="1" height="1" stroke="red" stroke-dasharray="1 -1"/>',
    '<rect width="1" height="1" stroke="red" stroke-dasharray="0 0"/>',
]


@pytest.mark.parametrize("layer", PATHS + MOVED)
def test_a_path_or_moved_layer_is_drawn_and_mapped_as_svglib_draws_it(layer: str) -> None:
    theirs, ours, their_map, our_map = _both(layer)
    assert ours == theirs  # the same PDF operators, number for number
    assert our_map == their_map  # the same fills, strokes and tagged parts


@pytest.mark.parametrize("root", ROOTS[1:])
def test_every_root_places_a_moved_path_alike(root: str) -> None:
    theirs, ours, their_map, our_map = _both(f"<g>{MOVED[2]}{PATHS[4]}</g>", root)
    assert ours == theirs and our_map == their_map


@pytest.mark.parametrize("layer", REFUSED)
def test_what_svglib_reads_its_own_way_is_left_to_it(layer: str) -> None:
    doc = etree.fromstring(ROOTS[0].format(layer))
    assert plain_shapes(doc[0], doc) is None
