"""Italic: Fira Sans Italic and Bold Italic embedded for `font-style="italic"` (drawn by
pnp's own text path and by svglib), `*italic*` and `***bold italic***` in rich text
wrapped with the italic faces' widths, preflight measuring them; an oblique, or an italic
of another family, still refused in one line."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES, MM, assert_clean_failure, run_pnp

from pnp.base import fonts

ICONS = FIXTURES / "icons" / "icons"
RICH = r"Draw *two* cards and ***win***, \*really\*."


def _new_game(tmp_path: Path, extra: str) -> Path:
    """A fresh `pnp new` game whose card front also draws `extra` (SVG, mm)."""
    content = tmp_path / "content"
    result = run_pnp("new", "my-game", "--content", content)
    assert result.returncode == 0, result.stderr
    front = content / "my-game" / "templates" / "card-front.svg.j2"
    front.write_text(front.read_text().replace("{% endcall %}", extra + "\n{% endcall %}"))
    return content


def _words(pdf: Path, page: int = 0) -> list[dict]:
    with pdfplumber.open(pdf) as doc:
        return doc.pages[page].extract_words(extra_attrs=["fontname", "size"])


def _embedded(pdf: Path) -> dict[str, bool]:
    """Each font the PDF names: whether its file is embedded (a FontFile2)."""
    from pypdf import PdfReader

    found: dict[str, bool] = {}
    for page in PdfReader(pdf).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            found[str(font["/BaseFont"])] = bool(
                descriptor and "/FontFile2" in descriptor.get_object())
    return found


TEMPLATE_ITALIC = """\
<text x="8" y="66" font-family="Fira Sans" font-size="4" font-style="italic" fill="#222222">Slanted words</text>
<text x="8" y="72" font-family="Fira Sans" font-size="4" style="font-style:italic;font-weight:bold" letter-spacing="0.2" fill="#222222">Leaning hard</text>
<g transform="translate(8 78)"><text font-family="'Fira Sans'" font-size="4" font-style="italic" fill="#222222">Moved along</text></g>"""


def test_font_style_italic_prints_in_fira_sans_italic(tmp_path: Path) -> None:
    content = _new_game(tmp_path, TEMPLATE_ITALIC)
    validate = run_pnp("validate", "my-game", "--content", content)
    assert validate.returncode == 0, validate.stderr
    out = tmp_path / "out"
    result = run_pnp("build", "my-game", "--content", content, "--out", out)
    assert result.returncode == 0, result.stderr
    pdf = out / "my-game" / "cards.pdf"
    words = {w["text"]: w for w in _words(pdf)}
    for word in ("Slanted", "words", "Moved", "along"):  # pnp's text path, then svglib's
        assert words[word]["fontname"].endswith("+FiraSans-Italic"), words[word]
    for word in ("Leaning", "hard"):
        assert words[word]["fontname"].endswith("+FiraSans-BoldItalic"), words[word]
    # set with the italic's own advance widths: 'Slanted' is as wide as Fira Sans
    # Italic makes it at 4 mm, not as the regular face would
    size = 4 * MM
    slanted = words["Slanted"]["x1"] - words["Slanted"]["x0"]
    assert abs(slanted - fonts.string_width("Slanted", size, italic=True)) < 0.05
    assert abs(slanted - fonts.string_width("Slanted", size)) > 0.3
    embedded = _embedded(pdf)
    italics = {name: e for name, e in embedded.items() if "Italic" in name}
    assert {n.split("+")[-1] for n in italics} == {"FiraSans-Italic", "FiraSans-BoldItalic"}
    assert all(italics.values()) and all(len(n.split("+")[0]) == 7 for n in italics)  # /ABCDEF+


def _icons_game(tmp_path: Path, text: str) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ICONS, content / "icons")
    cards = content / "icons" / "cards.yaml"
    cards.write_text(cards.read_text().replace('text: "Pass."', f"text: '{text}'", 1))
    return content


def test_rich_text_italic_and_bold_italic_runs(tmp_path: Path) -> None:
    content = _icons_game(tmp_path, RICH)
    out = tmp_path / "out"
    result = run_pnp("build", "icons", "--content", content, "--out", out)
    assert result.returncode == 0, result.stderr
    words = _words(out / "icons" / "cards.pdf")
    draw = next(w for w in words if w["text"] == "Draw")
    line = sorted((w for w in words if abs(w["top"] - draw["top"]) < 1
                   and draw["x0"] - 1 <= w["x0"] < draw["x0"] + 60 * MM),
                  key=lambda w: w["x0"])
    faces = {w["text"]: w["fontname"].split("+")[-1] for w in line}
    assert faces["two"] == "FiraSans-Italic" and faces["win"] == "FiraSans-BoldItalic", faces
    assert faces["Draw"] == faces["cards"] == "FiraSans-Regular", faces
    # \* prints an asterisk, in the regular face
    assert any(w["text"] == "*really*." and w["fontname"].endswith("FiraSans-Regular")
               for w in words), [w["text"] for w in line]
    # each run placed by the width of its own face: 'cards' starts one regular space
    # after the italic 'two' ends
    two, cards = (next(w for w in line if w["text"] == t) for t in ("two", "cards"))
    advance = fonts.string_width("two", 10, italic=True) + fonts.string_width(" ", 10)
    assert abs(cards["x0"] - two["x0"] - advance) < 0.05, (cards["x0"] - two["x0"], advance)


def test_rich_text_wraps_with_the_italic_widths() -> None:
    from pnp.render.richtext import PT_MM, fit

    text = "Draw *two* cards and ***win***"
    size = 10.0
    pts = (fonts.string_width("Draw", size) + fonts.string_width("two", size, italic=True)
           + fonts.string_width("cards and", size) + 2 * fonts.string_width(" ", size)
           + fonts.string_width(" ", size) + fonts.string_width("win", size, True, True))
    one_line = fit(text, pts * PT_MM + 0.002, 20, size, size, 1.2, ())
    assert one_line.lines == ["Draw two cards and win"] and one_line.fits
    assert abs(one_line.widths[0] - pts * PT_MM) < 1e-6
    # the regular face's widths would make the line wider than this box
    upright = fonts.string_width("Draw two cards and win", size)
    assert upright > pts + 0.1
    two_lines = fit(text, pts * PT_MM - 0.01, 20, size, size, 1.2, ())
    assert two_lines.lines == ["Draw two cards and", "win"]
    runs = two_lines.runs(0, 0)
    assert [(r.text, r.bold, r.italic) for r in runs] == [
        ("Draw", False, False), ("two", False, True), ("cards and", False, False),
        ("win", True, True)]


def test_validate_checks_italic_text_like_any_text(tmp_path: Path) -> None:
    content = _icons_game(tmp_path, RICH)
    result = run_pnp("validate", "icons", "--content", content)
    assert result.returncode == 0, result.stderr
    assert "fonts" in result.stdout and "glyphs" in result.stdout
    # the glyph check reads italic text too, and an italic leaning past its box is ink
    # outside the safe area
    bad = tmp_path / "bad"
    content = _new_game(bad, '<text x="60.5" y="70" font-family="Fira Sans" font-size="5" '
                             'font-style="italic" text-anchor="end" fill="#222222">Staff</text>'
                             '<text x="8" y="76" font-family="Fira Sans" font-size="4" '
                             'font-style="italic" fill="#222222">Ω ☃</text>')
    lines = assert_clean_failure(run_pnp("validate", "my-game", "--content", content), 1)
    assert any("no glyph for '☃' in 'Ω ☃'" in ln for ln in lines), lines
    outside = [ln for ln in lines if "text 'Staff' runs" in ln]
    assert outside and "outside the item's safe area" in outside[0], lines
    assert not any("is set in" in ln for ln in lines), lines


@pytest.mark.parametrize(("attrs", "shown"), [
    ('font-family="Fira Sans" font-style="oblique"', "Oblique"),
    ('font-family="Arial" font-style="italic"', "Italic"),
])
def test_oblique_or_another_familys_italic_is_refused(tmp_path: Path, attrs: str,
                                                      shown: str) -> None:
    content = _new_game(tmp_path, f'<text x="8" y="70" {attrs} font-size="4" '
                                  f'fill="#222222">Tilted</text>')
    lines = assert_clean_failure(run_pnp("validate", "my-game", "--content", content), 1)
    said = [ln for ln in lines if "text 'Tilted' is set in" in ln]
    assert said and said[0].startswith(str(content / "my-game" / "templates")), lines
    assert shown in said[0] and "a slanted font pnp does not embed" in said[0], said
    assert 'font-family="Fira Sans" font-style="italic"' in said[0], said


_NO_ITALIC = """
import sys
from reportlab.pdfbase import pdfmetrics
from typer.testing import CliRunner
from pnp.base import fonts
from pnp.cli import app
result = CliRunner().invoke(app, ["build", "temple", "--out", sys.argv[1]])
assert result.exit_code == 0, result.output
print(fonts._parsed.cache_info().currsize, sorted(set(fonts.FACES) & set(pdfmetrics._fonts)))
"""


def test_a_build_without_italic_never_reads_the_italic_files(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-c", _NO_ITALIC, str(tmp_path)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split(None, 1) == ["2", "['FiraSans', 'FiraSans-Bold']\n"], \
        result.stdout


def test_italic_runs_made_elsewhere_draw_in_a_fresh_process(tmp_path: Path) -> None:
    """Text runs are made in forked workers and drawn in the parent, which may never
    have measured an italic: drawing one registers the face."""
    script = f"""
from reportlab.pdfgen.canvas import Canvas
from pnp.base import fonts
from pnp.render.fasttext import TextRun, draw_runs
fonts.register()
c = Canvas({str(tmp_path / 'x.pdf')!r})
draw_runs(c, [TextRun(10, 10, fonts.ITALIC, 12, "start", "#000000", 1.0, "Hi", width=12)])
c.save()
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert any(n.endswith("FiraSans-Italic") for n in _embedded(tmp_path / "x.pdf"))
