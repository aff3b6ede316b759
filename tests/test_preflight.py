"""Preflight: each check with a page that passes and one that fails, measured on the
laid-out pages as pnp draws them."""

from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean_failure, run_pnp

from pnp.base.errors import Problem
from pnp.pipeline.validation import validate_game

GAME = """\
id: pf
name: Preflight probe
rules: none
components:
  cards:
    kind: deck
    title: Probe cards
    file: cards.yaml
    size: poker
    front: front.svg.j2
    fields:
      colour: {{type: choice, choices: [red, green, black, white]}}
      label: {{type: text}}
{component}
{components}
{game}
"""

HEAD = '{% import "pnp.svg.j2" as pnp %}{% call pnp.face(face) %}'
TAIL = "{% endcall %}"
BACKGROUND = ('<g><rect x="-3" y="-3" width="{{ face.full_w }}" height="{{ face.full_h }}" '
              'fill="#ffffff"/></g>')
TEXT = ('<g><text x="10" y="40" font-family="Fira Sans" font-size="{size}" '
        'fill="#000000">{text}</text></g>')


def make_game(tmp_path: Path, body: str, component: str = "", game: str = "",
              cards: str = "  - {id: c1, colour: red, label: One}\n",
              components: str = "") -> Path:
    """`component`: more keys of the cards; `components`: more components."""
    folder = tmp_path / "content" / "pf"
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME.format(component=textwrap.indent(component, "    "),
                                                  components=textwrap.indent(components, "  "),
                                                  game=game))
    (folder / "cards.yaml").write_text("cards:\n" + cards)
    (folder / "templates" / "front.svg.j2").write_text(HEAD + "\n" + body + "\n" + TAIL + "\n")
    return folder


def problems(folder: Path, papers: tuple[str, ...] = ("a4",)) -> list[Problem]:
    report = validate_game(folder, [], None, None, list(papers), None)
    assert report.loaded
    return report.problems


def found(folder: Path, check: str) -> list[str]:
    return [p.format() for p in problems(folder) if p.check == check and p.severity == "error"]


# -- text size ------------------------------------------------------------------------

def test_text_below_6_pt_is_an_error_at_its_template_line(tmp_path: Path) -> None:
    small = make_game(tmp_path / "a", BACKGROUND + "\n" + TEXT.format(size="1.7", text="Tiny"))
    lines = found(small, "text-size")
    assert len(lines) == 1
    assert "front.svg.j2:3:" in lines[0] and "'Tiny' is 4.8 pt" in lines[0]
    assert "at least 6 pt" in lines[0] and "[cards c1 front]" in lines[0]
    ok = make_game(tmp_path / "b", BACKGROUND + "\n" + TEXT.format(size="2.2", text="Fine"))
    assert found(ok, "text-size") == []


def test_a_component_can_raise_the_minimum_but_not_lower_it(tmp_path: Path) -> None:
    body = BACKGROUND + "\n" + TEXT.format(size="2.3", text="Rule text")  # 6.5 pt
    lowered = found(make_game(tmp_path / "a", body, "preflight: {min_text: 4}"), "text-size")
    assert len(lowered) == 1 and "can raise the 6 pt minimum, not lower it" in lowered[0]
    assert "game.yaml:" in lowered[0]
    raised = found(make_game(tmp_path / "b", body, "preflight: {min_text: 8}"), "text-size")
    assert raised and "at least 8 pt" in raised[0]


# -- text placement -------------------------------------------------------------------

def test_text_outside_the_safe_area(tmp_path: Path) -> None:
    near_edge = ('<g><text x="1" y="40" font-family="Fira Sans" font-size="3">Edge</text></g>')
    lines = found(make_game(tmp_path / "a", BACKGROUND + "\n" + near_edge), "text-placement")
    assert lines and "runs 2.0 mm outside the item's safe area (3 mm inside the cut; components.cards.size and .preflight.safe_area set it)" in lines[0]
    relaxed = found(make_game(tmp_path / "b", BACKGROUND + "\n" + near_edge,
                              "preflight: {safe_area: 0.5mm}"), "text-placement")
    assert relaxed == []


def test_text_crossed_by_a_frame_line(tmp_path: Path) -> None:
    frame = ('<g><rect x="5" y="38.5" width="50" height="30" fill="none" stroke="#000000" '
             'stroke-width="0.4"/></g>')
    text = TEXT.format(size="3", text="Crossed")
    lines = found(make_game(tmp_path / "a", "\n".join([BACKGROUND, frame, text])),
                  "text-placement")
    assert lines and "'Crossed' is crossed by a 0.40 mm line" in lines[0]
    # the same line hidden under an opaque label backing does not cross it
    halo = '<g><rect x="9" y="36" width="16" height="5.5" fill="#ffffff"/></g>'
    assert found(make_game(tmp_path / "b", "\n".join([BACKGROUND, frame, halo, text])),
                 "text-placement") == []
    # a label printed on a wide band (a ribbon) lies on the line, it is not crossed by it
    ribbon = ('<g><path d="M5 39 H60" stroke="#d2382c" stroke-width="5"/></g>')
    on_ribbon = ('<g><text x="10" y="40" font-family="Fira Sans" font-size="2.5" '
                 'fill="#ffffff">RED</text></g>')
    assert found(make_game(tmp_path / "c", "\n".join([BACKGROUND, ribbon, on_ribbon])),
                 "text-placement") == []


def test_text_touching_a_line_counts_as_crossing(tmp_path: Path) -> None:
    """Ink 0.1 mm from a line runs into it once printed."""
    line = '<g><path d="M5 40.1 H60" stroke="#000000" stroke-width="0.2"/></g>'
    lines = found(make_game(tmp_path, "\n".join([BACKGROUND, line,
                                                 TEXT.format(size="3", text="mine")])),
                  "text-placement")
    assert lines


# -- fonts and glyphs -----------------------------------------------------------------

def test_a_font_pnp_does_not_embed_is_an_error_and_nothing_is_written(tmp_path: Path) -> None:
    comic = ('<g><text x="10" y="40" font-family="Comic Sans MS" font-size="3">Hi</text></g>')
    folder = make_game(tmp_path, BACKGROUND + "\n" + comic)
    lines = assert_clean_failure(run_pnp("build", "pf", "--content", folder.parent,
                                         "--out", tmp_path / "out"), 1)
    assert any("'Hi' is set in" in ln and "a font pnp does not embed" in ln for ln in lines), lines
    assert not (tmp_path / "out" / "pf").exists()
    assert run_pnp("validate", "pf", "--content", folder.parent).returncode == 1


def test_a_glyph_missing_from_the_font(tmp_path: Path) -> None:
    lines = found(make_game(tmp_path, BACKGROUND + "\n" + TEXT.format(size="3", text="漢字")),
                  "glyphs")
    assert lines and "no glyph for '字' '漢'" in lines[0]


def test_names_from_the_command_line_are_checked_too(tmp_path: Path) -> None:
    lines = assert_clean_failure(run_pnp("sheets", "dice-trip", "--count", "2", "--names",
                                         "Ann,漢", "--out", tmp_path / "pad.pdf"), 2)
    assert any(ln.startswith("error: --names: '漢'") and "no glyph for '漢'" in ln
               for ln in lines), lines  # at the option, not at pnp's own game.yaml
    assert not (tmp_path / "pad.pdf").exists()


def test_a_name_too_long_for_its_line(tmp_path: Path) -> None:
    """Dice Trip names shrink to their line, then are cut with an ellipsis and a warning
    (issue 14): the pad is printed, nothing runs past the sheet."""
    result = run_pnp("sheets", "dice-trip", "--count", "1", "--names", "Maximiliane " * 6,
                     "--out", tmp_path / "p.pdf")
    assert result.returncode == 0, result.stderr
    assert "--names: warning:" in result.stderr and "too long for the name line" in \
        result.stderr, result.stderr
    assert (tmp_path / "p.pdf").exists()


def test_svg_the_drawing_library_cannot_draw(tmp_path: Path) -> None:
    bad = '<g><rect x="5" y="5" width="10" height="10" fill="-1" stroke="#000"/></g>'
    lines = found(make_game(tmp_path, BACKGROUND + "\n" + bad), "svg")
    assert lines and "Can't handle color: -1" in lines[0]


# -- colour cues ----------------------------------------------------------------------

CUE_CARDS = ("  - {id: r1, colour: red, label: One}\n"
             "  - {id: g1, colour: green, label: Two}\n")
COLOURED = ('<g><rect data-pnp="colour:colour={{ item.colour }}" x="-3" y="-3" '
            'width="{{ face.full_w }}" height="{{ face.full_h }}" '
            'fill="{{ {"red": "#d2382c", "green": "#2e9a4c", "black": "#1b1b1b", '
            '"white": "#ffffff"}[item.colour] }}"/></g>')


def test_colours_alike_in_grey_need_a_printed_cue(tmp_path: Path) -> None:
    folder = make_game(tmp_path / "a", COLOURED, "preflight: {tell_apart: [colour]}",
                       cards=CUE_CARDS)
    lines = found(folder, "colour-cues")
    assert len(lines) == 1
    assert "colour green and red differ by colour alone (ΔL* 8.4 in grey, ΔE 19.7 " \
           "deuteranopia, ΔE 21.3 protanopia)" in lines[0]
    cue = ('<g><text data-pnp="cue:colour={{ item.colour }}" x="10" y="40" '
           'font-family="Fira Sans" font-weight="bold" font-size="3" fill="#ffffff">'
           '{{ item.colour|upper }}</text></g>')
    assert found(make_game(tmp_path / "b", COLOURED + "\n" + cue,
                           "preflight: {tell_apart: [colour]}", cards=CUE_CARDS),
                 "colour-cues") == []
    same = cue.replace("{{ item.colour|upper }}", "COLOUR")
    lines = found(make_game(tmp_path / "c", COLOURED + "\n" + same,
                            "preflight: {tell_apart: [colour]}", cards=CUE_CARDS), "colour-cues")
    assert lines and "their printed cues look the same without colour" in lines[0]


def test_a_cue_that_vanishes_in_grey(tmp_path: Path) -> None:
    faint = ('<g><text data-pnp="cue:colour={{ item.colour }}" x="10" y="40" '
             'font-family="Fira Sans" font-size="3" fill="#2e8a3c">{{ item.colour }}</text></g>')
    lines = found(make_game(tmp_path, COLOURED + "\n" + faint,
                            "preflight: {tell_apart: [colour]}", cards=CUE_CARDS), "colour-cues")
    assert any("stands out from what is under it by ΔL*" in ln for ln in lines), lines


def test_clearly_different_colours_need_no_cue(tmp_path: Path) -> None:
    cards = ("  - {id: b1, colour: black, label: One}\n"
             "  - {id: w1, colour: white, label: Two}\n")
    assert found(make_game(tmp_path, COLOURED, "preflight: {tell_apart: [colour]}",
                           cards=cards), "colour-cues") == []


def test_an_attribute_to_tell_apart_must_be_tagged(tmp_path: Path) -> None:
    lines = found(make_game(tmp_path, BACKGROUND, "preflight: {tell_apart: [colour]}",
                            cards=CUE_CARDS), "colour-cues")
    assert lines and "tag 0 colour(s)" in lines[0]


# -- fits -----------------------------------------------------------------------------

SPOT = ('<g><circle data-pnp="part:spot" cx="30" cy="44" r="10" fill="#dddddd" '
        'stroke="none"/></g>')


def fits_game(tmp_path: Path, fit: str, gaps: str = "") -> Path:
    game = f"preflight:\n  fits:\n    - {fit}\n" + (f"  known_gaps:\n    - {gaps}\n" if gaps else "")
    return make_game(tmp_path, BACKGROUND + "\n" + SPOT, game=game)


def test_a_piece_that_fits_its_space(tmp_path: Path) -> None:
    ok = fits_game(tmp_path / "a", "{id: two, what: two tokens on a spot, piece: 9mm, "
                                   "space: 'cards:spot', count: 2, clearance: 0.5mm}")
    assert found(ok, "fits") == []


def test_a_piece_too_big_for_its_space_names_both_sizes(tmp_path: Path) -> None:
    folder = fits_game(tmp_path, "{id: five, what: five tokens on a spot, piece: 9mm, "
                                 "space: 'cards:spot', count: 5, clearance: 0.5mm}")
    (line,) = found(folder, "fits")
    assert "game.yaml:" in line and ": preflight.fits[0]: five tokens on a spot: 5 x 9mm " \
        "(9.0 x 9.0 mm) with 0.5 mm around each does not fit on cards spot (20.0 x 20.0 mm) " \
        "(room for 4)" in line, line


def test_same_pitch_and_spacing_relations(tmp_path: Path) -> None:
    same = fits_game(tmp_path / "a", "{id: pitch, what: same size, piece: 20.2mm, "
                                     "space: 'cards:spot', relation: same}")
    assert found(same, "fits") == []
    off = fits_game(tmp_path / "b", "{id: pitch, what: same size, piece: 21mm, "
                                    "space: 'cards:spot', relation: same}")
    assert "differ by 1.0 mm" in found(off, "fits")[0]
    spacing = fits_game(tmp_path / "c", "{id: grid, what: tokens on a 20 mm grid, piece: 18mm, "
                                        "space: 'cards:spot', relation: spacing, clearance: 3mm}")
    assert "needs 21.0 mm" in found(spacing, "fits")[0]


def test_an_untagged_part_is_an_error(tmp_path: Path) -> None:
    folder = fits_game(tmp_path, "{id: x, what: a token on a hole, piece: 9mm, space: 'cards:hole'}")
    assert "no part tagged part:hole in cards" in found(folder, "fits")[0]


def test_a_known_gap_is_a_warning_that_names_its_issue(tmp_path: Path) -> None:
    folder = fits_game(tmp_path, "{id: big, what: a big token on a spot, piece: 25mm, "
                                 "space: 'cards:spot'}",
                       gaps="{check: fits, fit: big, issue: 'issue 99: bigger spots'}")
    found_ = [p for p in problems(folder) if p.check == "fits"]
    assert [p.severity for p in found_] == ["warning"]
    assert "[known gap: issue 99: bigger spots]" in found_[0].message


# -- printable area and PDF resources ---------------------------------------------------

def test_furniture_near_the_paper_edge_and_a_page_without_info(tmp_path: Path) -> None:
    from pnp.layout.pages import Furniture, PageRecord, PdfRecord
    from pnp.load.content import load_game
    from pnp.preflight import page_checks
    from pnp.preflight.report import Reporter

    game = load_game(make_game(tmp_path, BACKGROUND), [])
    assert game is not None
    page1 = PageRecord(1, 595.0, 842.0, furniture=[
        Furniture("crop-mark", (8.5, 100, 20, 100.3)),  # 3 mm from the left edge
        Furniture("info", (40, 20, 200, 26), 6.0, "Preflight probe · page 1/2"),
        Furniture("scale-bar", (300, 20, 442, 26))])
    page2 = PageRecord(2, 595.0, 842.0, furniture=[
        Furniture("info", (40, 20, 200, 26), 4.0, "Preflight probe · page 2/2")])
    report = Reporter(game, None, "a4")
    page_checks.check(report, PdfRecord("cards.pdf", "cards", [page1, page2], None))  # type: ignore[arg-type]
    lines = [p.format() for p in report.problems()]
    assert any("page 1 (a4): crop mark is 3.0 mm from the paper edge" in ln for ln in lines)
    assert any("page 2 (a4) has no the 50 mm scale bar" in ln or
               "page 2 (a4) has no" in ln for ln in lines)
    assert any("'Preflight probe · page 2/2' is 4.0 pt (at least 5.5 pt)" in ln for ln in lines)


def test_forms_carry_their_own_graphics_states() -> None:
    """The reportlab defect pnp works around: a form that sets an opacity names a graphics
    state it does not define; pnp's end_form defines it."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.draw.pdf import end_form
    from pnp.draw.resources import unresolved

    def draw(finish) -> list[str]:  # type: ignore[no-untyped-def]
        c = Canvas(io.BytesIO())
        c.beginForm("F1")
        c.setFillAlpha(0.25)
        c.rect(0, 0, 10, 10, fill=1)
        finish(c)
        c.doForm("F1")
        c.showPage()
        c.save()
        return unresolved(c._doc)

    assert draw(lambda c: c.endForm()) == ["form F1: graphics state /gRLs0 is not in its resources"]
    assert draw(end_form) == []


def test_a_page_compressed_as_it_is_finished_is_still_checked() -> None:
    """pnp compresses each page when it is finished (pdf.encode_last_page); the check of
    its resource names reads what the page used, not the compressed bytes."""
    from pnp.draw.pdf import PdfBytes, encode_last_page, new_canvas
    from pnp.draw.resources import unresolved

    c = new_canvas(PdfBytes(), 200, 200, "probe")
    c.drawString(10, 10, "fine")
    c.showPage()
    encode_last_page(c)
    c.drawString(10, 10, "not fine")
    c._code.append("/gNope gs")  # a graphics state no resource defines
    c.showPage()
    encode_last_page(c)
    c.save()
    assert c._doc.Pages.pages[1].stream is None  # packed: its operators are compressed
    assert unresolved(c._doc) == ["page 2: graphics state /gNope is not in its resources"]


# -- what validate catches is what build would refuse -----------------------------------

@pytest.mark.parametrize("body,message", [
    ("<g><rect x='1' y='1' width='5' height='5'></g>", "invalid SVG"),
    ("<g><rect x='1' y='1' width='5' height='5' fill='url(#none'/></g>", None),
    ("<g><image x='1' y='1' width='5' height='5' href='../../../../etc/hostname'/></g>",
     "outside the game folder"),
    ("<g><image x='1' y='1' width='5' height='5' href='data:image/png;base64,AAAA'/></g>",
     "not a PNG or JPEG image"),
    ("<g><image x='1' y='1' width='5' height='5' href='data:image/png;base64,@@@'/></g>",
     "base64 data is broken"),
    ("<g><rect x='1' y='1' width='5' height='5' fill='url(file:///etc/passwd)'/></g>",
     "points outside the SVG"),
    ("<g><rect x='nan' y='1' width='5' height='5'/></g>", "not a finite number"),
    ("<g><rect x='1e30' y='1' width='5' height='5'/></g>", "out of range"),
])
def test_template_defects_fail_validate_and_build_alike(tmp_path: Path, body: str,
                                                        message: str | None) -> None:
    folder = make_game(tmp_path, BACKGROUND + "\n" + body)
    validate = run_pnp("validate", "pf", "--content", folder.parent)
    build = run_pnp("build", "pf", "--content", folder.parent, "--out", tmp_path / "out")
    assert validate.returncode == build.returncode, (validate.stderr, build.stderr)
    if message is not None:
        lines = assert_clean_failure(validate, 1)
        assert any(message in ln for ln in lines), lines
        assert not (tmp_path / "out" / "pf").exists()


@pytest.mark.parametrize("root", [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">',
    '<svg xmlns="http://www.w3.org/2000/svg" width="nanmm" height="10mm">',
    # the poker face's size with bleed, so that the viewBox is what is wrong
    '<svg xmlns="http://www.w3.org/2000/svg" width="69.5mm" height="94mm" viewBox="0 0 nan 1">',
])
def test_svg_roots_without_a_usable_size(tmp_path: Path, root: str) -> None:
    folder = make_game(tmp_path, "")
    (folder / "templates" / "front.svg.j2").write_text(root + "<rect width='1' height='1'/></svg>")
    for command in ("validate", "build"):
        lines = assert_clean_failure(run_pnp(command, "pf", "--content", folder.parent,
                                             "--out", tmp_path / "out")
                                     if command == "build" else
                                     run_pnp(command, "pf", "--content", folder.parent), 1)
        assert any("front.svg.j2" in ln and ("width" in ln or "viewBox" in ln) for ln in lines)


# -- pages checked as they are drawn ----------------------------------------------------

MESSY_FRONT = "\n".join([
    COLOURED, SPOT,
    '<g><rect x="5" y="38.5" width="50" height="30" fill="none" stroke="#000000" '
    'stroke-width="0.4"/></g>',
    '<g><text x="10" y="40" font-family="Fira Sans" fill="#000000" font-size="{{ '
    '{"One": 3, "Two": 1.5, "Crossed": 2}.get(item.label, 3) }}">{{ item.label }}</text></g>',
    '<g><text x="1" y="86" font-family="Fira Sans" font-size="3" fill="#000000">'
    'edge {{ item.id }}</text></g>',
    '<g><rect x="5" y="5" width="10" height="10" fill="-1" stroke="#000"/></g>'])


def messy_game(tmp_path: Path) -> Path:
    """Findings of every kind on many items of two components: the cards (read again by
    colour cues and fits) and the chits (read by no check across components)."""
    labels = ["One", "Two", "A label much too long to fit its little box", "Crossed"]

    def items(prefix: str, n: int) -> str:
        return "".join(f"  - {{id: {prefix}{i}, colour: {['red', 'green', 'black', 'white'][i % 4]}"
                       f", label: '{labels[i % 3 + i // 7 % 2]}'}}\n" for i in range(n))

    folder = make_game(
        tmp_path, MESSY_FRONT, "back: back.svg.j2\npreflight: {tell_apart: [colour]}",
        "preflight:\n  fits:\n"
        "    - {id: five, what: five on a spot, piece: 9mm, space: 'cards:spot', count: 5}\n"
        "    - {id: big, what: a big token, piece: 25mm, space: 'cards:spot'}\n"
        "  known_gaps:\n    - {check: fits, fit: big, issue: 'issue 99: bigger spots'}\n",
        items("cards", 23) + "chits:\n" + items("chits", 13),
        "chits:\n  kind: deck\n  title: Chits\n  file: cards.yaml\n  size: poker\n"
        "  front: front.svg.j2\n  fields: {colour: {type: choice, choices: [red, green, "
        "black, white]}, label: {type: text}}\n")
    (folder / "templates" / "back.svg.j2").write_text(
        HEAD + '<g><rect x="-3" y="-3" width="{{ face.full_w }}" height="{{ face.full_h }}" '
        'fill="#334455"/></g>' + TEXT.format(size="2", text="back") + TAIL + "\n")
    return folder


def test_pages_checked_as_drawn_report_what_whole_files_would(tmp_path: Path) -> None:
    """A build checks each page's faces as soon as the page is drawn and lets go of its
    cards; the problems, their order, the items they name and the counts are those of
    the files checked whole after the drawing."""
    from pnp import preflight
    from pnp.components import items
    from pnp.layout.options import BuildOptions
    from pnp.pipeline.build import load_valid_game, render_game
    from pnp.preflight import text_checks
    from pnp.render.layers import LayerStore
    from pnp.render.templates import Renderer, search_path

    templates = Path(__file__).resolve().parent.parent / "templates"
    game, _ = load_valid_game(messy_game(tmp_path), [])
    seen: dict[str, int] = {"files": 0, "pages": 0, "let go": 0}

    def spy(name: str, real: Any) -> Any:
        def call(*args: Any) -> Any:
            seen[name] += len(args[1]) if name == "let go" else 1
            return real(*args)
        return call

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(text_checks, "check", spy("files", text_checks.check))
        mp.setattr(text_checks, "check_page", spy("pages", text_checks.check_page))
        mp.setattr(LayerStore, "forget", spy("let go", LayerStore.forget))
        streamed = render_game(game, templates, BuildOptions())
    # every page checked as drawn, none as a whole file; the chits (read by no check
    # across files) let go of the layers only they drew (at least each one's 'edge' text),
    # the cards (colour cues, fits) keep theirs
    assert seen["files"] == 0 and seen["pages"] == 8 and seen["let go"] >= 13
    renderer = Renderer(search_path(game.folder, templates, game.id))
    records = [r for comp in game.components.values()  # no build running: nothing streamed
               for r in items.build(game, comp, renderer, BuildOptions()).records]
    assert all(r.faces_checked is None and r.pages[0].placed for r in records)
    whole, counts = preflight.run(game, records, renderer, "a4")
    assert {p.check for p in whole} >= {"svg", "text-size", "text-placement", "colour-cues",
                                         "fits"}
    # one finding on items of both components, named in the order they were drawn
    assert any(re.search(r"\[cards cards\d+ front, .*chits chits\d+ front and \d+ more\]$",
                         p.message) for p in whole)
    assert streamed.problems[-len(whole):] == whole
    assert streamed.checks == counts and list(streamed.checks) == list(counts)
