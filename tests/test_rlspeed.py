"""pnp.render.rlspeed's stand-ins must write exactly what reportlab's own functions write: the
PDFs' bytes depend on it."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest
from reportlab.lib import rl_accel

from pnp.render import rlspeed


def _numbers() -> list[float | int]:
    rng = random.Random(16)
    values: list[float | int] = [0, 0.0, -0.0, 1, 1.0, True, -1, 0.5, 1e-8, -1e-8, 1e-7,
                                 0.1234567, 999999.5, 1e6, 123456.789, 72 / 25.4, 2 ** 31]
    for _ in range(3000):
        scale = 10 ** rng.uniform(-9, 7)
        values.append(rng.choice((-1, 1)) * rng.random() * scale)
        values.append(rng.randint(-5000, 5000))
    return values


def test_remembered_fp_str_writes_what_reportlab_writes() -> None:
    original = rl_accel._py_fp_str
    remembered = rlspeed._remembering(original)
    values = _numbers()
    for _ in range(2):  # the second pass is answered from memory
        for v in values:
            assert remembered(v) == original(v), v
        for i in range(0, len(values) - 5, 5):
            group = tuple(values[i:i + 5])
            assert remembered(*group) == original(*group), group
    assert remembered([1.5, 2.25]) == original([1.5, 2.25])  # a list: not a key


def test_remembered_fp_str_forgets_past_its_limit(monkeypatch) -> None:
    monkeypatch.setattr(rlspeed, "MAX_REMEMBERED", 10)
    remembered = rlspeed._remembering(rl_accel._py_fp_str)
    for v in range(100):
        assert remembered(v / 3) == rl_accel._py_fp_str(v / 3)


def test_stdlib_ascii85_encodes_what_reportlab_encodes() -> None:
    original = rl_accel._py_asciiBase85Encode
    a85 = rlspeed._stdlib_a85(original)
    rng = random.Random(85)
    cases = [b"", b"\0", b"\0" * 4, b"\0" * 5, b"\0" * 7, b"\xff" * 9, b"abc", b"abcd"]
    for n in range(0, 40):
        cases.append(bytes(rng.randrange(256) for _ in range(n)))
        cases.append(bytes(rng.choice((0, 0, 0, 255, 7)) for _ in range(n)))
    cases.append(bytes(rng.randrange(256) for _ in range(100_003)))
    for data in cases:
        assert a85(data) == original(data), data[:16]
    assert a85("text") == original("text")  # str goes to reportlab's own


def test_translated_escape_writes_what_reportlab_writes() -> None:
    original = rl_accel._py_escapePDF
    escape = rlspeed._translating(original, dict(rl_accel._ESCAPEDICT))
    rng = random.Random(92)
    cases = ["", "plain", "a (b) \\ c", "\x00\x1f\x7f\x80\xff", "Café · Größe", b"(x)\n"]
    cases += ["".join(chr(rng.randrange(256)) for _ in range(n)) for n in range(60)]
    for text in cases:
        assert escape(text) == original(text), text
    with pytest.raises(KeyError):  # what reportlab does with a code past 255
        escape("snow \u2603")


def test_install_reaches_the_modules_that_write_pdfs() -> None:
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfgen import canvas, pathobject, textobject

    rlspeed.install()
    assert rl_accel.fp_str is canvas.fp_str is pathobject.fp_str is textobject.fp_str
    assert pdfdoc.fp_str is rl_accel.fp_str
    assert pdfdoc.asciiBase85Encode is rl_accel.asciiBase85Encode
    assert pdfdoc.escapePDF is canvas.escapePDF is rl_accel.escapePDF
    assert rl_accel.fp_str(0.5, 72 / 25.4) == rl_accel._py_fp_str(0.5, 72 / 25.4)


def test_pages_packed_as_drawn_save_the_bytes_reportlab_saves() -> None:
    """pdf.encode_last_page compresses each page when it is finished instead of when the
    file is saved, and PdfBytes keeps the saved file without copying: same bytes."""
    import io

    from pnp.draw.pdf import PdfBytes, encode_last_page, new_canvas

    def draw(buffer: object, pack: bool) -> None:
        c = new_canvas(buffer, 200, 300, "packed")
        for page in range(3):
            for i in range(200):
                c.setFillColorRGB(i / 200, page / 3, 0.5)
                c.rect(i % 20 * 9, i // 20 * 9, 8, 8, stroke=0, fill=1)
            c.drawString(10, 290, f"page {page} · ünïcödé")
            c.showPage()
            if pack:
                assert c._doc.Pages.pages[-1].stream is not None
                encode_last_page(c)
                assert c._doc.Pages.pages[-1].stream is None  # only the packed page is held
        c.save()

    plain, packed = io.BytesIO(), PdfBytes()
    draw(plain, False)
    draw(packed, True)
    assert b"/FlateDecode" in plain.getvalue()
    import pikepdf

    ours, theirs = (pikepdf.open(io.BytesIO(bytes(b.getvalue()))) for b in (packed, plain))
    assert len(ours.pages) == len(theirs.pages) == 3
    for a, b in zip(ours.pages, theirs.pages, strict=True):  # each page's operators, as saved
        assert a.obj.Contents.read_raw_bytes() == b.obj.Contents.read_raw_bytes()
        assert sorted(a.obj.Resources.keys()) == sorted(b.obj.Resources.keys())
        assert "/Rotate" not in a.obj and "/Trans" not in a.obj  # their defaults, left out
    # the pages' one resource dictionary, stored once (draw.pdf._share_resources)
    assert len({p.obj.Resources.objgen for p in ours.pages}) == 1
    assert ours.pages[0].obj.Resources.is_indirect


def test_package_inits_are_put_off_not_lost() -> None:
    """svglib's drawings need only platypus's Flowable, and pnp only svglib's converter:
    the rest of platypus (paragraphs, tables) and svglib's own command are not imported
    for them, and are all there the first time they are asked for."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from pnp.render import rlspeed\n"
        "rlspeed.install()\n"
        "import svglib.svglib, svglib.fonts\n"
        "from reportlab.graphics import renderPDF, shapes\n"
        "assert issubclass(shapes.Drawing, sys.modules['reportlab.platypus'].Flowable)\n"
        "print('reportlab.platypus.paragraph' in sys.modules,\n"
        "      'svg2pdf' in vars(sys.modules['svglib']))\n"
        "import io\n"
        "from reportlab.platypus import Paragraph, SimpleDocTemplate\n"
        "from reportlab.lib.styles import getSampleStyleSheet\n"
        "out = io.BytesIO()\n"
        "SimpleDocTemplate(out).build([Paragraph('later', getSampleStyleSheet()['Normal'])])\n"
        "import reportlab.platypus as p\n"
        "import svglib\n"
        "print(out.getvalue()[:5] == b'%PDF-', p.Table.__name__, callable(svglib.svg2pdf),\n"
        "      svglib.__version__ != 'unknown')\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "True", "Table", "True", "True"]


INHERITING_SVG = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="120" height="80" viewBox="0 0 120 80">
<style>.warm { fill: #c40; stroke-width: 2 } rect.cool { stroke: #048 }</style>
<defs><g id="pip"><circle r="3"/><rect class="cool" x="-2" y="5" width="4" height="2"/></g>
<clipPath id="window"><rect x="40" y="20" width="30" height="20"/></clipPath></defs>
<g fill="#236" stroke="#111" stroke-dasharray="3,1" font-family="Fira Sans" font-size="9"
   color="#a0a">
  <g style="stroke-width:0.5; fill-opacity:0.6">
    <rect x="2" y="2" width="20" height="10"/>
    <rect class="warm" x="30" y="2" width="20" height="10" stroke-dasharray="none"/>
    <circle cx="60" cy="8" r="5" fill="currentColor"/>
    <text x="70" y="12">Aa</text>
    <text x="90" y="12" font-weight="bold" fill="inherit">Bb</text>
  </g>
  <use xlink:href="#pip" x="10" y="40"/>
  <use xlink:href="#pip" x="30" y="40" fill="#0a0"/>
  <path d="M 50 40 L 70 60 L 90 40" fill="none" stroke-linecap="round" stroke-linejoin="bevel"/>
  <polyline points="5,70 25,75 45,70" stroke-dasharray="2 2" stroke="inherit"/>
  <g stroke-dasharray="4, 2 1"><rect x="100" y="50" width="10" height="10"/></g>
</g></svg>"""
CLIPPED_SVG = INHERITING_SVG.replace("</g></svg>", """
  <g clip-path="url(#window)"><circle cx="55" cy="30" r="14" fill="#080"/></g>
  <rect x="80" y="20" width="30" height="20" fill="#800" clip-path="url(#window)"/>
</g></svg>""")


def test_remembered_attributes_draw_what_svglib_draws(monkeypatch) -> None:
    """remembering_attributes answers each (element, name) once, splits each list of
    lengths once and asks for a clipping path only where there is one; the drawing is
    svglib's own to the byte, through inheritance, style attributes, CSS, `<use>`
    copies, currentColor, 'inherit' and clip-path."""
    from lxml import etree
    from reportlab import rl_config
    from reportlab.graphics import renderPDF
    from svglib import svglib

    from pnp.base import fonts

    fonts.register_svglib()
    monkeypatch.setattr(rl_config, "invariant", 1)  # no date or random id in the file
    climbs = {"n": 0}
    real = svglib.Svg2RlgAttributeConverter.findAttr

    @functools.wraps(real)  # svglib's own as rlspeed.unchanged reads it
    def counted(self: object, node: object, name: str) -> str:
        climbs["n"] += 1
        return real(self, node, name)

    monkeypatch.setattr(svglib.Svg2RlgAttributeConverter, "findAttr", counted)

    patched = svglib.SvgRenderer.get_clippath

    def draw(svg: str, remember: bool) -> tuple[bytes, int, int]:
        climbs["n"] = 0
        renderer = svglib.SvgRenderer("face.svg")
        if not remember:  # svglib's own, even where an earlier test installed the path
            monkeypatch.setattr(svglib.SvgRenderer, "get_clippath",
                                getattr(patched, "__wrapped__", patched))
            drawing = renderer.render(etree.fromstring(svg.encode()))
            monkeypatch.setattr(svglib.SvgRenderer, "get_clippath", patched)
        else:
            with rlspeed.remembering_attributes(renderer) as remembering:
                drawing = remembering.render(etree.fromstring(svg.encode()))
        clips = sum(isinstance(shape, svglib.ClippingPath) for shape in _shapes(drawing))
        return renderPDF.drawToString(drawing), climbs["n"], clips

    for svg, clips in ((INHERITING_SVG, 0), (CLIPPED_SVG, 2)):
        plain, plain_climbs, plain_clips = draw(svg, False)
        remembered, remembered_climbs, remembered_clips = draw(svg, True)
        assert remembered == plain
        assert remembered_climbs < plain_climbs / 2  # siblings share their ancestors' answers
        assert remembered_clips == plain_clips == clips


def _shapes(group: object) -> list[object]:
    found = [group]
    for shape in getattr(group, "contents", []):
        found += _shapes(shape)
    return found


def test_a_remembering_renderer_is_freed_without_the_collector() -> None:
    """Leaving remembering_attributes lets go of its memory and leaves no reference
    cycle: the renderer and all it holds are freed at once (svglib's own renderer waits
    for the collector, held by the functions each element's clip-path lookup makes)."""
    import gc
    import weakref

    from lxml import etree
    from svglib import svglib

    from pnp.base import fonts

    fonts.register_svglib()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        renderer = svglib.SvgRenderer("face.svg")
        converter = weakref.ref(renderer.attrConverter)
        with rlspeed.remembering_attributes(renderer) as remembering:
            remembering.render(etree.fromstring(INHERITING_SVG.encode()))
            assert "findAttr" in vars(remembering.attrConverter)
        assert "findAttr" not in vars(renderer.attrConverter)  # svglib's own again
        gone = weakref.ref(renderer)
        del renderer, remembering
        assert gone() is None and converter() is None
    finally:
        if was_enabled:
            gc.enable()


def test_layer_drawings_are_made_with_remembered_attributes(monkeypatch) -> None:
    """pnp's layers go through remembering_attributes (the bytes test above is what
    keeps it honest)."""
    from pnp.render.layers import LayerStore

    used = []
    real = rlspeed.remembering_attributes

    def spy(renderer: object) -> object:
        used.append(renderer)
        return real(renderer)

    monkeypatch.setattr(rlspeed, "remembering_attributes", spy)
    store = LayerStore(Path("."))
    face = store.parse('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="30mm" '
                       'viewBox="0 0 40 30"><g fill="#236" transform="skewX(1)"><rect width="10" '
                       'height="10"/>'
                       '<circle cx="20" cy="20" r="4"/></g></svg>', "probe.svg")
    drawn = [store.drawing(key) for key in face.layers if store.runs.get(key) is None]
    assert drawn and len(used) == len(drawn)


def test_every_patched_upstream_function_is_the_one_checked() -> None:
    """Each stand-in holds only for the reportlab or svglib source it was checked against
    (rlspeed.UPSTREAM). Failing here means the installed release changed one: pnp's output
    is still right (that function is left unpatched, slower), but read its new source,
    check that the stand-in still does what it does, then add the new hash."""
    import reportlab
    import svglib.svglib  # noqa: F401 - imported for source_hash

    changed = {target: rlspeed.source_hash(target) for target in rlspeed.UPSTREAM
               if rlspeed.source_hash(target) not in rlspeed.UPSTREAM[target]}
    assert not changed, f"changed upstream in reportlab {reportlab.Version}: {changed}"
    assert all(rlspeed.unchanged(target) for target in rlspeed.UPSTREAM)


FALLBACK_PROBE = """
import contextlib, hashlib, sys
from pathlib import Path
from pnp.render import rlspeed
if sys.argv[1] == "unchecked":  # no source is the one checked: nothing may be patched
    rlspeed.UPSTREAM = {target: frozenset() for target in rlspeed.UPSTREAM}
from reportlab.graphics import renderPDF
from reportlab.lib import rl_accel
from svglib import svglib
from pnp.draw.pdf import PdfBytes, encode_last_page, new_canvas
from pnp.render.layers import LayerStore
out = PdfBytes()
c = new_canvas(out, 300, 200, "fallback")
store = LayerStore(Path("."))
seen = []
real = rlspeed.remembering_attributes
@contextlib.contextmanager
def spy(renderer):
    with real(renderer) as remembering:
        seen.append("findAttr" in vars(remembering.attrConverter))
        yield remembering
rlspeed.remembering_attributes = spy
for svg in sys.stdin.read().split("\\f"):
    face = store.parse(svg.replace('width="120" height="80"', 'width="120mm" height="80mm"'),
                       "probe.svg")
    for key in face.layers:
        if store.runs.get(key) is None:
            renderPDF.draw(store.drawing(key), c, 0, 0)
    c.drawString(10, 10, "(a) \\\\ b · é")
    c.showPage()
    encode_last_page(c)
c.save()
patched = [rl_accel.fp_str is not rl_accel._py_fp_str,
           rl_accel.asciiBase85Encode is not rl_accel._py_asciiBase85Encode,
           rl_accel.escapePDF is not rl_accel._py_escapePDF,
           hasattr(svglib.SvgRenderer.get_clippath, "_pnp_clip_when_asked"),
           all(seen) if seen else None]
print(hashlib.sha256(out.getvalue()).hexdigest(), *patched)
"""


def test_a_function_changed_upstream_is_left_unpatched_with_the_same_output() -> None:
    """Where no recorded source matches (a release pnp has not read), rlspeed patches
    nothing: reportlab's and svglib's own functions draw the same PDF, to the byte."""
    import os
    import subprocess
    import sys

    def probe(mode: str) -> list[str]:  # no cache: the drawings are made, not kept ones
        done = subprocess.run([sys.executable, "-c", FALLBACK_PROBE, mode],
                              input=INHERITING_SVG + "\f" + CLIPPED_SVG, capture_output=True,
                              text=True, timeout=120, env={**os.environ, "PNP_CACHE": "0"})
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    checked, unchecked = probe("checked"), probe("unchecked")
    assert checked[1:] == ["True"] * 5  # all patched
    assert unchecked[1:] == ["False"] * 5  # none
    assert checked[0] == unchecked[0]


def test_an_unchecked_svglib_converter_is_left_as_svglib_made_it(monkeypatch) -> None:
    """One function not the one checked is enough: the converter draws with svglib's own."""
    from lxml import etree
    from svglib import svglib

    from pnp.base import fonts

    fonts.register_svglib()
    monkeypatch.setitem(rlspeed.UPSTREAM, rlspeed._CONVERTER + ".findAttr", frozenset())
    rlspeed.unchanged.cache_clear()
    try:
        renderer = svglib.SvgRenderer("face.svg")
        with rlspeed.remembering_attributes(renderer) as remembering:
            assert remembering is renderer and "findAttr" not in vars(renderer.attrConverter)
            remembering.render(etree.fromstring(INHERITING_SVG.encode()))
    finally:
        rlspeed.unchanged.cache_clear()  # the next test sees the real table


def test_remembered_split_string_gives_reportlab_chunks(monkeypatch) -> None:
    """Two documents side by side, each splitting texts (repeated ones, new characters
    after remembered texts, a text past the memory's limit, bytes, characters the font
    lacks) through the stand-in and through reportlab's own on a twin font: the same
    chunks, each time."""
    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.base import fonts
    from pnp.render import ttfspeed

    monkeypatch.setattr(ttfspeed, "MAX_SPLIT", 8)
    path = fonts.font_dir() / fonts.FILES[fonts.REGULAR]
    own = getattr(TTFont.splitString, "__wrapped__", TTFont.splitString)
    stand_in = ttfspeed.splitting_once(own)
    ours, theirs = TTFont("A", str(path)), TTFont("B", str(path))
    rng = random.Random(7)
    alphabet = "abc xyzÆøßŁ€→あ\u00a0" + "".join(chr(0x100 + i) for i in range(300))
    texts = ["     ", "Card 1", "Card 1", b"bytes", "     "]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
              for _ in range(400)]
    texts += texts[:50]
    class Doc:  # (fonts keep a document's state by a weak reference to it)
        pass

    for doc, order in ((Doc(), texts), (Doc(), texts[::-1])):  # (other codes in the 2nd)
        for text in order:
            assert stand_in(ours, text, doc) == own(theirs, text, doc), text
        chunks = stand_in(ours, "Card 1", doc)
        chunks.append("changed by the caller")  # a copy: the memory is not touched
        assert stand_in(ours, "Card 1", doc) == own(theirs, "Card 1", doc)


def test_truetype_readers_read_what_reportlab_reads() -> None:
    """Every face pnp embeds parsed with reportlab's readers and with the stand-ins: the
    same metrics, widths and glyph maps; and past the end of the data, the same error."""
    import struct as structs

    from reportlab.pdfbase import ttfonts

    from pnp.base import fonts
    from pnp.render import ttfspeed

    parser = ttfonts.TTFontParser
    own = {name: getattr(getattr(parser, name), "__wrapped__", getattr(parser, name))
           for name in ttfspeed.READERS}

    def parsed(readers: dict) -> list[tuple]:
        saved = {name: getattr(parser, name) for name in readers}
        try:
            for name, reader in readers.items():
                setattr(parser, name, reader)
            faces = [ttfonts.TTFont(name, str(fonts.font_dir() / file)).face
                     for name, file in fonts.FILES.items()]
        finally:
            for name, reader in saved.items():
                setattr(parser, name, reader)
        return [(f.charWidths, f.charToGlyph, f.ascent, f.descent, f.bbox, f.capHeight,
                 f.italicAngle, f.stemV, f.flags, f.numGlyphs, f.defaultWidth) for f in faces]

    assert parsed(ttfspeed.READERS) == parsed(own)
    short = type("Short", (), {"_ttf_data": b"\x00\x01\x02", "_pos": 2})
    for name, reader in ttfspeed.READERS.items():
        for at in (0, 2):
            results = []
            for read in (reader, own[name]):
                probe = short()
                try:
                    value = read(probe, at) if name.startswith("get") else read(probe)
                    results.append(("value", value, probe._pos))
                except structs.error:
                    results.append(("struct.error", probe._pos))
            assert results[0] == results[1], (name, at, results)
