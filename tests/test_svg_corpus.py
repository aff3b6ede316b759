"""SVG prints as a browser draws it, or is refused in one line (docs/svg.md).

Each file of tests/fixtures/svg-corpus/ is placed on a 40 x 40 mm face (as a nested <svg>,
as an icon is) and drawn twice at 150 dpi: by pnp, through the painter and the PDF that
`pnp export` rasterises, and by resvg (resvg-py, the `test` extra). The two rasters must
agree within TOLERANCE, or pnp must refuse the file with one line that names what it
cannot print. `python tests/test_svg_corpus.py` prints the table of every file."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
import yaml
from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "svg-corpus"
ENTRIES: dict[str, dict[str, str]] = yaml.safe_load((CORPUS / "corpus.yaml").read_text())
SIDE_MM, DPI = 40, 150
# Tolerance: mean absolute difference per channel (0-255) at most MAX_MEAN, and at most
# MAX_SHARE of the pixels differing by more than FAR in some channel. What is left between
# two renderers at these figures is anti-aliasing, hinting and kerning (reportlab sets
# text without kerning): the worst agreed files come to 3.6 and 2.9 %. A feature drawn
# wrong comes to more: a letter-spacing ignored 7.5, a dominant-baseline ignored 9.9, a
# nested <svg> at 0.75 of its size 58, an opacity ignored 66.
MAX_MEAN, FAR, MAX_SHARE = 4.0, 64, 0.035


def face(name: str) -> str:
    """The corpus file as an icon on a 40 mm face: its root becomes a nested <svg>."""
    parser = etree.XMLParser(remove_comments=True, resolve_entities=False, no_network=True,
                             load_dtd=False)
    icon = etree.parse(str(CORPUS / f"{name}.svg"), parser).getroot()
    for key, value in (("x", "0"), ("y", "0"), ("width", "40"), ("height", "40")):
        icon.set(key, value)
    root = etree.Element("{http://www.w3.org/2000/svg}svg", nsmap={
        None: "http://www.w3.org/2000/svg", "xlink": "http://www.w3.org/1999/xlink"})
    root.set("width", f"{SIDE_MM}mm")
    root.set("height", f"{SIDE_MM}mm")
    root.set("viewBox", f"0 0 {SIDE_MM} {SIDE_MM}")
    root.append(icon)
    return etree.tostring(root, encoding="unicode")


def pnp_pixels(svg: str):  # noqa: ANN201 - a numpy array
    """pnp's drawing: the painter onto a PDF page, rasterised as `pnp export` does."""
    import numpy as np

    from pnp.export.draw import Page, faces_pdf, rasterize

    side = SIDE_MM * 72 / 25.4
    pdf = faces_pdf(CORPUS, [Page(svg, "corpus.svg.j2", side, side)], "corpus")
    px = round(SIDE_MM / 25.4 * DPI)
    image = next(rasterize(pdf, [(px, px, DPI / 72)]))
    return np.asarray(image, dtype=np.int16)


def reference_pixels(svg: str):  # noqa: ANN201
    """resvg's drawing at the same size, with the same font (Fira Sans) and no other."""
    import numpy as np
    import resvg_py
    from PIL import Image

    from pnp.base import fonts

    folder = fonts.font_dir()
    px = round(SIDE_MM / 25.4 * DPI)
    png = resvg_py.svg_to_bytes(
        svg_string=svg, background="#ffffff", dpi=96, width=px, height=px,
        skip_system_fonts=True, font_family=fonts.FAMILY,
        font_files=[str(folder / name) for name in fonts.FILES.values()])
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGB"), dtype=np.int16)


def measure(name: str) -> tuple[str, float | None, float | None]:
    """('match' and the two figures) or ('refused: <the one line>', None, None)."""
    from pnp.base.errors import ContentError

    svg = face(name)
    try:
        ours = pnp_pixels(svg)
    except ContentError as exc:
        return f"refused: {exc.key}: {exc.message}", None, None
    theirs = reference_pixels(svg)
    diff = abs(ours - theirs)
    return "drawn", float(diff.mean()), float((diff.max(axis=2) > FAR).mean())


def _need_resvg() -> None:
    pytest.importorskip("resvg_py", reason="resvg-py (the reference renderer) is not "
                        "installed: pip install -e '.[test]'")
    pytest.importorskip("numpy", reason="numpy is not installed")


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_corpus_file_prints_as_drawn_or_is_refused(name: str) -> None:
    _need_resvg()
    expect = ENTRIES[name]["expect"]
    verdict, mean, share = measure(name)
    if expect == "match":
        assert verdict == "drawn", f"{name}: {verdict}"
        assert mean is not None and share is not None
        assert mean <= MAX_MEAN and share <= MAX_SHARE, (
            f"{name} ({ENTRIES[name]['feature']}): mean difference {mean:.2f}, "
            f"{share:.1%} of pixels far off (at most {MAX_MEAN}, {MAX_SHARE:.1%})")
    else:
        key = expect.split(":", 1)[1].strip()
        assert verdict.startswith(f"refused: {key}: pnp cannot print "), (name, verdict)
        assert "\n" not in verdict and "docs/svg.md" in verdict


def test_corpus_has_forty_files_each_with_source_and_licence() -> None:
    files = sorted(p.stem for p in CORPUS.glob("*.svg"))
    assert len(files) >= 40
    assert files == sorted(ENTRIES)
    for entry in ENTRIES.values():
        assert entry["source"] and entry["licence"] and entry["feature"]


@pytest.mark.parametrize(("line", "key"), [
    ('<circle cx="10" cy="60" r="5" fill="#000" mask="url(#m)"/>', "mask"),
    ('<g style="filter: blur(2px)"><rect width="5" height="5"/></g>', "filter"),
    ('<g opacity="0.5"><rect width="9" height="9"/><rect x="4" width="9" height="9"/></g>',
     "opacity"),
])
def test_a_refusal_names_the_template_line(tmp_path: Path, line: str, key: str) -> None:
    """A designer's template using what pnp cannot print: `pnp validate` and `pnp build`
    fail with one line at the template's file and line, never print it differently."""
    from conftest import assert_clean_failure, run_pnp

    made = run_pnp("new", "mygame", "--content", tmp_path)
    assert made.returncode == 0, made.stderr
    template = tmp_path / "mygame" / "templates" / "card-front.svg.j2"
    lines = template.read_text().splitlines()
    at = next(i for i, text in enumerate(lines) if text.startswith("<g><text"))
    lines.insert(at, line)
    template.write_text("\n".join(lines) + "\n")
    for command in (("validate",), ("build", "--out", tmp_path / "out")):
        result = run_pnp(*command, "mygame", "--content", tmp_path)
        said = assert_clean_failure(result, 1)
        assert any(f"card-front.svg.j2:{at + 1}: {key}: pnp cannot print" in text
                   for text in said), said


def table() -> str:
    """The corpus as a Markdown table: feature, pnp against resvg, verdict."""
    rows = ["| file | feature | pnp vs resvg (mean diff, share > 64) | verdict |",
            "|---|---|---|---|"]
    for name in sorted(ENTRIES):
        verdict, mean, share = measure(name)
        if mean is None or share is None:
            figure, result = "-", verdict.split(": ", 1)[1].split(" (see")[0]
        else:
            figure = f"{mean:.2f}, {share:.2%}"
            ok = mean <= MAX_MEAN and share <= MAX_SHARE
            result = "match" if ok else "DIFFERS"
        rows.append(f"| {name} | {ENTRIES[name]['feature']} | {figure} | {result} |")
    return "\n".join(rows)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print(table())
