"""Every PDF pnp ships, on A4 and on Letter, read back as a print shop's preflight and
two PDF renderers would: every resource name resolves, poppler and pdfium render every
page without a complaint, and every page carries its info line and 50 mm bar."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import run_pnp

PAPERS = ("a4", "letter")
CATEGORY = {b"gs": "/ExtGState", b"Do": "/XObject", b"Tf": "/Font", b"sh": "/Shading",
            b"cs": "/ColorSpace", b"CS": "/ColorSpace", b"scn": "/Pattern", b"SCN": "/Pattern"}
DEVICE = {"/DeviceRGB", "/DeviceGray", "/DeviceCMYK", "/Pattern"}


@pytest.fixture(scope="module", params=PAPERS)
def shipped(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = tmp_path_factory.mktemp(f"shipped-{request.param}")
    result = run_pnp("build", "--paper", request.param, "--out", out)
    assert result.returncode == 0, result.stderr
    pdfs = sorted(out.glob("*/*.pdf"))
    # five games; Temple Rush prints its small pieces with others (the card stands join
    # the dice nets' grid on every paper); Temple Trip's rules booklet is a PDF of its own
    assert len(pdfs) == {"a4": 23, "letter": 23}[request.param]
    return pdfs


def unresolved_names(path: Path) -> list[str]:
    """Walk every content stream (pages and the forms they draw, recursively) with a
    full PDF parser and look up each resource name in that stream's own resources."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(path)
    problems: list[str] = []
    seen: set[int] = set()

    def walk(stream: object, resources: object, where: str) -> None:
        res = resources.get_object() if resources is not None else {}  # type: ignore[union-attr]
        for operands, op in ContentStream(stream, reader).operations:
            category = CATEGORY.get(op)
            if category is None or not operands:
                continue
            name = operands[0] if op != b"scn" and op != b"SCN" else operands[-1]
            if not isinstance(name, str) or not name.startswith("/") or name in DEVICE:
                continue
            table = res.get(category)
            table = table.get_object() if table is not None else {}
            if name not in table:
                problems.append(f"{where}: {category} {name}")
                continue
            if op == b"Do":
                ref = table.raw_get(name)
                target = table[name].get_object()
                key = getattr(ref, "idnum", id(target))
                if target.get("/Subtype") == "/Form" and key not in seen:
                    seen.add(key)
                    walk(target, target.get("/Resources"), f"{where} form {name}")

    for n, page in enumerate(reader.pages, 1):
        walk(page.get_contents(), page.get("/Resources"), f"page {n}")
    return problems


def test_every_resource_name_resolves(shipped: list[Path]) -> None:
    for pdf in shipped:
        assert unresolved_names(pdf) == [], pdf


@pytest.mark.skipif(shutil.which("pdftoppm") is None,
                    reason="poppler's pdftoppm is not installed (apt-get install poppler-utils)")
def test_poppler_renders_every_page_silently(shipped: list[Path], tmp_path: Path) -> None:
    for pdf in shipped:
        run = subprocess.run(["pdftoppm", "-r", "12", "-png", str(pdf), str(tmp_path / "p")],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0 and run.stderr == "", (pdf, run.stderr[:300])


def test_pdfium_renders_every_page(shipped: list[Path]) -> None:
    import pypdfium2 as pdfium

    for pdf in shipped:
        doc = pdfium.PdfDocument(pdf)
        for page in doc:
            image = page.render(scale=0.1).to_pil()
            assert image.width > 0 and image.getextrema() != ((255, 255),) * 3, pdf


def test_every_page_says_what_it_is_and_has_a_scale_bar(shipped: list[Path]) -> None:
    import pdfplumber

    mm = 72 / 25.4
    for pdf in shipped:
        with pdfplumber.open(pdf) as doc:
            for n, page in enumerate(doc.pages, 1):
                text = "".join(c["text"] for c in page.chars)
                assert "50 mm" in text, (pdf, n)
                bars = [ln for ln in page.lines if abs(abs(ln["x1"] - ln["x0"]) + abs(
                    ln["y1"] - ln["y0"]) - 50 * mm) < 0.05]
                assert bars, (pdf, n)
                if pdf.name == "board.pdf" and n > 1:
                    continue  # a window on the board, clipped 8 mm inside the paper
                for c in page.chars:  # page furniture and all: nothing in the outer 5 mm
                    if c["text"].strip():
                        assert c["x0"] >= 5 * mm - 0.3 and c["top"] >= 5 * mm - 0.3, (pdf, n, c["text"])
                        assert c["x1"] <= page.width - 5 * mm + 0.3, (pdf, n, c["text"])
                        assert c["bottom"] <= page.height - 5 * mm + 0.3, (pdf, n, c["text"])


def test_only_the_embedded_font(shipped: list[Path]) -> None:
    from pypdf import PdfReader

    for pdf in shipped:
        fonts = set()
        for page in PdfReader(pdf).pages:
            for font in page.get("/Resources", {}).get("/Font", {}).values():
                fonts.add(str(font.get_object().get("/BaseFont")))
        assert fonts and all("FiraSans" in f for f in fonts), (pdf, fonts)
