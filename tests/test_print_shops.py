"""`pnp export --format print-shop --shop dtc|mbprint|mpc|tgc`: each shop's files checked
against what the shop's spec asks, with readers that are not pnp: pikepdf for the PDF
structure (PDF/X keys, OutputIntent, colour spaces, transparency, boxes), Ghostscript's
CMYK rasteriser for the total ink, pdfplumber for the page order, Pillow for pixel sizes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from conftest import ROOT, assert_clean_failure, probe_copy, run_pnp
from PIL import Image

from pnp.export.shops.inklimit import limited

pikepdf = pytest.importorskip("pikepdf", reason="the dtc and mbprint shops need pikepdf "
                              "(pip install 'pnp-print-and-play[shops]')")
GS = shutil.which("gs")
needs_gs = pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed: the dtc "
                              "and mbprint shops convert with it")
INCH, MM = 72.0, 72 / 25.4
INK = """<g><rect x="2" y="40" width="30" height="20" fill="#000000"/></g>
<g><rect x="20" y="50" width="30" height="20" fill="#ff0000" fill-opacity="0.5"/></g>
<text x="{{ (face.w / 2)|num }}" y="{{ (face.h - 3.5)|num }}" font-family="Fira Sans"
 font-size="4" text-anchor="middle">EDGE</text>
{% endcall %}"""


def probe(tmp: Path, cards: int = 3) -> Path:
    """The probe deck with `cards` cards whose fronts carry a black block (298 % ink in
    SWOP), a half-transparent red one, and 'EDGE' 3.5 mm from the bottom cut (pnp's
    own safe area is 3 mm; MB Print's 4 mm)."""
    content = probe_copy(tmp / "content", cards)
    front = content / "probe" / "templates" / "front.svg.j2"
    front.write_text(front.read_text().replace("{% endcall %}", INK))
    return content


def export(content: Path, out: Path, shop: str) -> subprocess.CompletedProcess[str]:
    result = run_pnp("export", "probe", "--format", "print-shop", "--shop", shop,
                     "--content", content, "--out", out)
    assert result.returncode == 0, result.stderr
    return result


def max_ink(pdf: Path) -> float:
    """The most total ink (C+M+Y+K, in %) on any pixel, as Ghostscript rasterises the
    file in CMYK at 150 dpi."""
    import numpy as np

    folder = pdf.parent / f"{pdf.stem}-ink"
    folder.mkdir()
    subprocess.run([GS, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiff32nc",
                    "-r150", "-o", str(folder / "p%03d.tif"), str(pdf)], check=True)
    return max(np.asarray(Image.open(f)).astype(int).sum(axis=2).max() / 255 * 100
               for f in sorted(folder.iterdir()))


def objects(pdf: object) -> list[object]:
    return [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary | pikepdf.Stream)]


def test_ink_limit_keeps_black_and_scales_the_rest() -> None:
    c, m, y, k = limited([0.745, 0.678, 0.655, 0.902], 2.4)  # SWOP black, 298 %
    assert k == 0.902 and c + m + y + k <= 2.4 - 2 / 255
    assert c / m == pytest.approx(0.745 / 0.678, rel=1e-3)  # the hue kept
    assert limited([0.2, 0.3, 0.4, 0.5], 2.4) == [0.2, 0.3, 0.4, 0.5]  # under: unchanged


@needs_gs
def test_dtc_is_pdf_x1a_cmyk_back_first_at_most_240_percent(tmp_path: Path) -> None:
    content, out = probe(tmp_path), tmp_path / "out"
    export(content, out, "dtc")
    path = out / "probe" / "print-shop" / "cards.pdf"
    pdf = pikepdf.open(path)
    assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
    assert pdf.pdf_version <= "1.4"
    (intent,) = pdf.Root.OutputIntents
    assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 001"
    assert intent.DestOutputProfile.N == 4 and len(intent.DestOutputProfile.read_bytes()) > 1000
    for obj in objects(pdf):  # no transparency, no colour but CMYK or gray
        assert "/SMask" not in obj and obj.get("/S") != "/Transparency"
        assert obj.get("/ca", 1) == 1 and obj.get("/CA", 1) == 1
        assert obj.get("/ColorSpace") in (None, "/DeviceCMYK", "/DeviceGray")
    ops = {str(op) for page in pdf.pages for _, op in pikepdf.parse_content_stream(page)}
    assert not ops & {"rg", "RG", "cs", "CS", "sh"} and "k" in ops
    for page in pdf.pages:
        assert [float(v) for v in page.MediaBox] == pytest.approx(
            [0, 0, 2.75 * INCH, 3.75 * INCH], abs=0.01)
        assert [float(v) for v in page.BleedBox] == pytest.approx(
            [float(v) for v in page.MediaBox], abs=0.01)
        assert [float(v) for v in page.TrimBox] == pytest.approx(
            [9, 9, 9 + 2.5 * INCH, 9 + 3.5 * INCH], abs=0.01)
    with pdfplumber.open(path) as doc:  # the back of card 1 is page 1
        texts = [p.extract_text() for p in doc.pages]
    assert [t.strip() for t in texts[::2]] == ["Bp00", "Bp01", "Bp02"]  # backs, then...
    assert not any("B" in t for t in texts[1::2])  # ...fronts: flattened by Ghostscript
    # into one 720 dpi CMYK image a page, as each front has a half-transparent block
    assert max_ink(path) <= 240.0
    subprocess.run(["qpdf", "--check", str(path)], check=True, capture_output=True)


@needs_gs
def test_without_the_limit_the_same_black_passes_240_percent(tmp_path: Path) -> None:
    """What the limit holds back: Ghostscript's SWOP conversion alone prints the probe's
    black block with about 298 % ink."""
    content, out = probe(tmp_path, 1), tmp_path / "out"
    run_pnp("export", "probe", "--format", "print-shop", "--content", content, "--out", out)
    src = out / "probe" / "print-shop" / "cards.pdf"
    plain = tmp_path / "plain.pdf"
    subprocess.run([GS, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=pdfwrite",
                    "-dPDFX", "-sColorConversionStrategy=CMYK", "-o", str(plain), str(src)],
                   check=True, capture_output=True)
    assert max_ink(plain) > 280


@needs_gs
def test_dtc_and_mbprint_are_the_same_bytes_for_the_same_input(tmp_path: Path) -> None:
    content = probe(tmp_path, 2)
    for shop in ("dtc", "mbprint"):
        a, b = tmp_path / f"{shop}-a", tmp_path / f"{shop}-b"
        export(content, a, shop)
        export(content, b, shop)
        assert (a / "probe" / "print-shop" / "cards.pdf").read_bytes() == \
            (b / "probe" / "print-shop" / "cards.pdf").read_bytes()


@needs_gs
def test_mbprint_3_mm_bleed_front_first_flattened_and_4_mm_safety(tmp_path: Path) -> None:
    content, out = probe(tmp_path, 2), tmp_path / "out"
    result = export(content, out, "mbprint")
    path = out / "probe" / "print-shop" / "cards.pdf"
    pdf = pikepdf.open(path)
    for obj in objects(pdf):
        assert "/SMask" not in obj and obj.get("/S") != "/Transparency"
        assert obj.get("/ca", 1) == 1 and obj.get("/CA", 1) == 1
    box = [float(v) for v in pdf.pages[0].MediaBox]
    trim = [float(v) for v in pdf.pages[0].TrimBox]
    assert box[2] - trim[2] == pytest.approx(3 * MM, abs=0.01)
    with pdfplumber.open(path) as doc:
        texts = [p.extract_text().strip() for p in doc.pages]
    assert texts[1::2] == ["Bp00", "Bp01"] and not any(texts[::2])  # fronts first, flattened
    warning = [line for line in result.stderr.splitlines() if "MB Print" in line]
    assert len(warning) == 1 and "4 mm" in warning[0]
    assert "p00 front 'EDGE'" in warning[0] and "p01 front" in warning[0]


def test_mpc_and_tgc_images_at_each_shops_pixel_size(tmp_path: Path) -> None:
    content = probe(tmp_path, 2)
    for shop, size in (("mpc", (822, 1122)), ("tgc", (825, 1125))):
        out = tmp_path / shop
        result = export(content, out, shop)
        images = sorted((out / "probe" / "print-shop").rglob("*.png"))
        assert len(images) == 4  # two cards, front and back
        assert {Image.open(p).size for p in images} == {size}
        assert "EDGE" not in result.stderr  # 3.5 mm: outside their 1/8 in (3.175 mm)


def test_shop_needs_print_shop_format_and_a_known_shop(tmp_path: Path) -> None:
    content = probe(tmp_path, 1)
    for args in (["--format", "png", "--shop", "dtc"], ["--format", "print-shop", "--shop",
                                                        "kinkos"]):
        lines = assert_clean_failure(run_pnp("export", "probe", *args, "--content", content,
                                             "--out", tmp_path / "o"), 2)
        assert len(lines) == 1 and "--shop" in lines[0]


def test_dtc_without_ghostscript_says_what_to_install(tmp_path: Path) -> None:
    content = probe(tmp_path, 1)
    bare = tmp_path / "bin"
    bare.mkdir()
    (bare / "python3").symlink_to(sys.executable)
    env = {**os.environ, "PATH": str(bare)}
    result = subprocess.run([sys.executable, "-m", "pnp", "export", "probe", "--format",
                             "print-shop", "--shop", "dtc", "--content", str(content),
                             "--out", str(tmp_path / "o")], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    lines = assert_clean_failure(result, 2)
    assert len(lines) == 1 and "Ghostscript" in lines[0] and "install" in lines[0]
    assert not (tmp_path / "o" / "probe" / "print-shop").exists()
