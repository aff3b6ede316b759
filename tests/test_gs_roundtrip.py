"""A backs page through Ghostscript's defaults ("compress PDF" tools, ps2pdf): printed from
the result, every back must still lie exactly behind its front, the right way up; and no
page of any shipped game is turned by such a pass (the Temple board's sideways text once
got it /Rotate 90).

The registration deck is the probe deck (a 4 mm red square at each front's centre, a blue
one at each back's) with a line of text on each back: a page of upside-down text is what
pdfwrite's AutoRotatePages turns. Pages are rendered by pdftoppm, as a printer would
print them (a /Rotate included), and the squares found in the pixels."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import probe_copy, run_pnp
from PIL import Image

needs_gs = pytest.mark.skipif(not shutil.which("gs"),
                              reason="needs Ghostscript (gs) for the round trip")
needs_printing = pytest.mark.skipif(
    not (shutil.which("gs") and shutil.which("ps2pdf") and shutil.which("pdftoppm")),
    reason="needs Ghostscript (gs, ps2pdf) and poppler's pdftoppm to print the round trip")

DPI = 100
PX = 25.4 / DPI  # mm a pixel
BACK = ('<g><rect x="{{ (face.w / 2 - 1)|num }}" y="8" width="2" height="2" fill="#0000ff"/></g>\n'
        + "".join(f'<text x="{{{{ (face.w / 2)|num }}}}" y="{y}" font-family="Fira Sans" '
               f'font-size="4" text-anchor="middle">{line}</text>\n'
               for y, line in ((62, "Back of {{ item.id }}"), (68, "face down in play"))))


def registration_deck(tmp_path: Path, cards: int) -> Path:
    """The probe deck with `cards` cards, and on every back two lines of text and a 2 mm
    blue square near its top (a back turned 180° shows it near the bottom)."""
    content = probe_copy(tmp_path / "content", cards)
    back = content / "probe" / "templates" / "back.svg.j2"
    back.write_text(back.read_text().replace("{% endcall %}", BACK + "{% endcall %}"))
    return content


def squares(png: Path, colour: str, least: int = 150) -> list[tuple[float, float]]:
    """Centres (mm from the top-left corner of the printed page) of the squares of a
    colour of at least `least` pixels: the 4 mm squares (~250 pixels at 100 dpi), and
    the 2 mm ones (~60) with `least` 30."""
    image = Image.open(png).convert("RGB")
    w, h = image.size
    pix = image.load()
    hit = (lambda p: p[0] > 200 and p[1] < 60 and p[2] < 60) if colour == "red" else (
        lambda p: p[2] > 200 and p[0] < 60 and p[1] < 60)
    seen: set[tuple[int, int]] = set()
    found = []
    for y in range(h):
        for x in range(w):
            if (x, y) in seen or not hit(pix[x, y]):
                continue
            stack, blob = [(x, y)], []
            seen.add((x, y))
            while stack:
                px, py = stack.pop()
                blob.append((px, py))
                for q in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    if 0 <= q[0] < w and 0 <= q[1] < h and q not in seen and hit(pix[q]):
                        seen.add(q)
                        stack.append(q)
            if len(blob) >= least:
                found.append((sum(p[0] + 0.5 for p in blob) / len(blob) * PX,
                              sum(p[1] + 0.5 for p in blob) / len(blob) * PX))
    return sorted(found)


def printed(pdf: Path, page: int, tmp_path: Path) -> tuple[Path, tuple[float, float]]:
    """One page rendered as it prints, and its size in mm as printed."""
    stem = tmp_path / f"{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-f", str(page), "-l", str(page),
                    "-singlefile", str(pdf), str(stem)], check=True, capture_output=True)
    png = stem.with_suffix(".png")
    w, h = Image.open(png).size
    return png, (w * PX, h * PX)


def through(tool: str, pdf: Path, tmp_path: Path) -> Path:
    """`pdf` as a Ghostscript pass leaves it: its defaults, or its /ebook settings (as
    "compress PDF" sites use: pages turned by the text of the whole file)."""
    out = tmp_path / f"{tool}.pdf"
    cmd = ["ps2pdf", str(pdf), str(out)] if tool == "ps2pdf" else \
        ["gs", "-q", "-sDEVICE=pdfwrite", "-o", str(out), str(pdf)]
    if tool == "ebook":
        cmd[3:3] = ["-dPDFSETTINGS=/ebook"]
    subprocess.run(cmd, check=True, capture_output=True, timeout=120)
    return out


@needs_printing
@pytest.mark.parametrize("tool", ["gs", "ps2pdf", "ebook"])
@pytest.mark.parametrize("paper,flip,cards", [("a4", "short", 9), ("letter", "long", 16)])
def test_backs_lie_behind_fronts_after_ghostscript(tmp_path: Path, tool: str, paper: str,
                                                   flip: str, cards: int) -> None:
    """A4 turned over its short edge, and Letter holding 16 cards on a landscape page (its
    long edge is then the page's top and bottom): both print their backs upside down."""
    out = tmp_path / "out"
    result = run_pnp("build", "probe", "--content", registration_deck(tmp_path, cards),
                     "--out", out, "--paper", paper, "--flip", flip)
    assert result.returncode == 0, result.stderr
    pdf = through(tool, out / "probe" / "cards.pdf", tmp_path)
    front_png, (page_w, page_h) = printed(pdf, 1, tmp_path)
    back_png, size = printed(pdf, 2, tmp_path)
    assert size == pytest.approx((page_w, page_h), abs=0.5)  # not turned a quarter
    fronts, backs = squares(front_png, "red"), squares(back_png, "blue")
    assert len(fronts) == len(backs) == (8 if paper == "letter" else 9)
    # turned over top to bottom: a front at (x, y) has its back at (x, height - y)
    for x, y in fronts:
        nearest = min(abs(bx - x) + abs(by - (page_h - y)) for bx, by in backs)
        assert nearest < 2 * PX, (tool, x, y, backs)
    # and the backs page prints as pnp drew it (each card's own back, the right way up:
    # test_print_geometry), each small square too (on a full page turned 180° the large
    # ones land on each other, the wrong card's back behind each front)
    (tmp_path / "drawn").mkdir()
    drawn = squares(printed(out / "probe" / "cards.pdf", 2, tmp_path / "drawn")[0], "blue", 30)
    backs = squares(back_png, "blue", 30)
    assert len(drawn) == len(backs) == 2 * len(fronts)
    for (x0, y0), (x1, y1) in zip(drawn, backs, strict=True):
        assert abs(x1 - x0) + abs(y1 - y0) < 2 * PX


def rotations(pdf: Path) -> list[int]:
    """Each page's /Rotate as a PDF reader reads it (0 when it has none)."""
    import pikepdf

    with pikepdf.open(pdf) as doc:
        return [int(page.obj.get("/Rotate", 0)) for page in doc.pages]


@needs_gs
def test_no_shipped_page_turned_by_ghostscript(tmp_path: Path) -> None:
    """Every PDF of every shipped game on A4, through Ghostscript's defaults: each page
    keeps the /Rotate it had (none), sideways board text and upside-down backs alike."""
    out = tmp_path / "out"
    result = run_pnp("build", "--paper", "a4", "--out", out)
    assert result.returncode == 0, result.stderr
    pdfs = sorted(out.glob("*/*.pdf"))
    assert len(pdfs) == 23
    turned = []
    for pdf in pdfs:
        (where := tmp_path / "gs" / pdf.parent.name / pdf.stem).mkdir(parents=True)
        after = through("gs", pdf, where)
        before = rotations(pdf)
        assert len(rotations(after)) == len(before)
        turned += [(f"{pdf.parent.name}/{pdf.name}", n, a, b) for n, (a, b)
                   in enumerate(zip(before, rotations(after), strict=True), 1) if a != b]
    assert not turned
