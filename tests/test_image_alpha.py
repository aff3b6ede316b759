"""A PNG with see-through pixels, drawn by a template's <image>, prints as a browser shows
it: what lies under its clear pixels shows through (reportlab's inline images have no
alpha, so they printed black), and the image is stored once however often it repeats."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pypdfium2
from conftest import FIXTURES, MM, run_pnp
from PIL import Image, ImageDraw

GAME = "designer-game"


def test_a_transparent_png_shows_the_tile_under_it(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    disc = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((20, 20, 180, 180), fill=(200, 30, 30, 255))
    disc.save(root / GAME / "icons" / "disc.png")
    tile = root / GAME / "templates" / "tile.svg.j2"
    text = tile.read_text(encoding="utf-8")
    start = text.index("{{ icon(")
    end = text.index("}}", start) + 2
    tile.write_text(text[:start] + '<g><image x="10" y="20" width="20" height="20" '
                    'href="icons/disc.png"/></g>' + text[end:], encoding="utf-8")
    out = tmp_path / "out"
    result = run_pnp("build", GAME, "--content", root, "--out", out)
    assert result.returncode == 0, result.stderr
    pdf = out / GAME / "tiles.pdf"
    reader = pypdf.PdfReader(pdf)
    images = set()
    for page in reader.pages:
        stack = [page.get("/Resources")]
        while stack:
            resources = stack.pop()
            xobjects = resources.get("/XObject") if resources else None
            for name in xobjects or {}:
                ref = xobjects.raw_get(name)
                obj = ref.get_object()
                if obj.get("/Subtype") == "/Image":
                    images.add(ref.idnum)
                stack.append(obj.get("/Resources"))
    assert len(images) == 1  # 12 tiles, one image
    # the first tile (Forest, green): its name is centred 20 mm from its left edge, its
    # baseline 16 mm from its top; 1 mm inside the image's corner (clear: the disc
    # starts 2 mm in) the green shows, not black
    scale = 100 / 72  # 100 dpi
    bitmap = pypdfium2.PdfDocument(str(pdf))[0].render(scale=scale).to_pil().convert("RGB")
    name = min((w for w in _words(pdf) if w["text"] == "Forest"),
               key=lambda w: (round(w["top"]), w["x0"]))
    left = (name["x0"] + name["x1"]) / 2 - 20 * MM
    top = name["bottom"] - 16 * MM
    corner = bitmap.getpixel((round((left + 11 * MM) * scale), round((top + 21 * MM) * scale)))
    assert corner[1] > corner[0] and corner[1] > 60, corner  # green, not black


def _words(pdf: Path) -> list[dict]:
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        return doc.pages[0].extract_words()
