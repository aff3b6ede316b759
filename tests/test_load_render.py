"""The loader's line numbers and limits, the template sandbox, glyph and fit checks."""

from pathlib import Path

import pytest
from conftest import assert_clean_failure, run_pnp

from pnp.base.errors import ContentError, InputError
from pnp.load.source import MAX_FILE_BYTES, parse_yaml, read_yaml
from pnp.render.templates import Renderer


def test_every_value_knows_its_line() -> None:
    src = parse_yaml("a: 1\nlist:\n  - x: 2\n    y: [1, 2]\n  - x: 3\n", Path("t.yaml"))
    assert src.line(("list", 1, "x")) == 5
    assert src.line(("list", 0, "y", 1)) == 4
    assert src.line(("list", 0, "nope")) == 3  # nearest known ancestor


def test_alias_bomb_is_refused_quickly() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        bomb += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    with pytest.raises(InputError, match="too many values"):
        parse_yaml(bomb, Path("bomb.yaml"))


@pytest.mark.parametrize(("text", "line", "message"), [
    ("a: 1\nb: *x\n", 2, "names no anchor"),
    ("a: 1\nb: &a [1, *a]\n", 2, "inside the value it names"),
    ("a: &a 1\nb: &a 2\n", 2, "defined twice"),
    ("a: 1\n---\nb: 2\n", 2, "second document"),
    ("a: 1\n<<: {b: 2}\n", 2, "merge keys"),
    ("a: 1\n? [1]\n: 2\n", 2, "plain text"),
    ("a: 1\nb: !!python/name:os.system x\n", 2, "unsupported YAML tag"),
])
def test_bad_yaml_is_one_error_at_its_line(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        parse_yaml(text, Path("t.yaml"))
    assert err.value.line == line


def test_aliases_repeat_their_value_with_its_lines() -> None:
    src = parse_yaml("base: &b\n  size: 3\n  tags: [x]\nk: &k name\n"
                     "copy: *b\nlist: [*b, *b]\n*k : 1\n", Path("t.yaml"))
    assert src.data["copy"] == src.data["list"][1] == {"size": 3, "tags": ["x"]}
    assert src.data["copy"] is not src.data["base"]  # built again, not shared
    assert src.data["name"] == 1
    assert src.line(("list", 1, "size")) == 2  # where the aliased value was written
    assert src.line(("copy",)) == 5


def test_empty_and_comment_only_files_have_no_data() -> None:
    for text in ("", "# nothing\n", "---\n"):
        assert parse_yaml(text, Path("t.yaml")).data is None


def test_huge_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * (MAX_FILE_BYTES + 10))
    with pytest.raises(InputError, match="limited to"):
        read_yaml(big)


def test_duplicate_keys_and_python_tags_are_errors() -> None:
    with pytest.raises(InputError, match="appears twice"):
        parse_yaml("a: 1\na: 2\n", Path("t.yaml"))
    with pytest.raises(InputError):
        parse_yaml("a: !!python/object/apply:os.system ['true']\n", Path("t.yaml"))


def renderer(tmp_path: Path, source: str) -> Renderer:
    (tmp_path / "t.svg.j2").write_text(source)
    return Renderer([tmp_path])


def test_card_text_prints_as_typed(tmp_path: Path) -> None:
    r = renderer(tmp_path, "<text>{{ item.title }}</text>")
    hostile = 'Tom & Jerry <3 "{{ 7*7 }}" {% if %} </svg><script>x</script>'
    out = r.render("t.svg.j2", {"item": {"title": hostile}})
    assert "<script>" not in out and "49" not in out
    assert "Tom &amp; Jerry &lt;3" in out and "{{ 7*7 }}" in out


def test_templates_cannot_reach_python_internals(tmp_path: Path) -> None:
    r = renderer(tmp_path, "{{ ''.__class__.__mro__[1].__subclasses__() }}")
    with pytest.raises(ContentError, match="not allowed|unsafe|undefined"):
        r.render("t.svg.j2", {})


def test_code_compiled_by_another_sandbox_is_not_reused(tmp_path: Path, monkeypatch) -> None:
    """Jinja's bytecode cache checks only a template's source. Code compiled by a pnp
    whose sandbox did not guard `*` (an older one, say) must not be loaded by one that
    does, or a template could build a string of any size again."""
    from pnp.render import templates as render

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "t").mkdir()
    source = "{{ 'x' * n }}"
    monkeypatch.setattr(render._Sandbox, "intercepted_binops", frozenset())
    unguarded = renderer(tmp_path / "t", source)
    assert unguarded.render("t.svg.j2", {"n": 3}) == "xxx"  # compiled and cached
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    guarded = renderer(tmp_path / "t", source)
    with pytest.raises(ContentError, match="too large"):
        guarded.render("t.svg.j2", {"n": 2_000_000})
    assert len(list((tmp_path / "cache" / "pnp").iterdir())) == 2  # one folder each


def test_templates_cannot_read_outside_their_folders(tmp_path: Path) -> None:
    inner = tmp_path / "inner"
    inner.mkdir()
    (tmp_path / "secret.svg.j2").write_text("secret")
    r = renderer(inner, '{% include "../secret.svg.j2" %}')
    with pytest.raises(ContentError, match="not found"):
        r.render("t.svg.j2", {})


def test_undefined_value_names_template_and_line(tmp_path: Path) -> None:
    r = renderer(tmp_path, "<svg>\n{{ item.nope }}\n</svg>")
    with pytest.raises(ContentError) as err:
        r.render("t.svg.j2", {"item": {}})
    assert err.value.line == 2 and err.value.path.endswith("t.svg.j2")


GAME = """\
id: mini
name: Mini
rules: none
components:
  cards:
    kind: deck
    title: Cards
    file: cards.yaml
    size: mini
    front: front.svg.j2
    fields:
      title: {type: text}
"""
FRONT = """\
{% import "pnp.svg.j2" as pnp %}
{% set f = fit_text(item.title, face.w - 8, 12, 12, 7, bold=true) %}
{% call pnp.face(face) %}
<g><rect x="0" y="0" width="{{ face.w }}" height="{{ face.h }}" fill="#ffffff"/></g>
{{ pnp.lines(f, 4, 10, bold=true) }}
{% endcall %}
"""


def mini_game(tmp_path: Path, titles: list[str]) -> Path:
    game = tmp_path / "content" / "mini"
    (game / "templates").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "templates" / "front.svg.j2").write_text(FRONT)
    lines = "".join(f'  - id: c{i}\n    title: "{t}"\n' for i, t in enumerate(titles))
    (game / "cards.yaml").write_text("cards:\n" + lines)
    return tmp_path / "content"


def test_missing_glyph_is_reported(tmp_path: Path) -> None:
    content = mini_game(tmp_path, ["Gold ★ star", "Łódź → Kraków"])
    lines = assert_clean_failure(run_pnp("validate", "mini", "--content", content), 1)
    assert len(lines) == 1  # Łódź → Kraków is fine: the font has those
    assert "cards.yaml:3: cards[0].title: the font (Fira Sans) has no glyph for '★'" in lines[0]


def test_text_that_does_not_fit_is_reported(tmp_path: Path) -> None:
    long = " ".join(["Extraordinarily"] * 12)
    content = mini_game(tmp_path, ["Short title", long])
    lines = assert_clean_failure(run_pnp("validate", "mini", "--content", content), 1)
    assert len(lines) == 1
    assert "cards.yaml:4: cards[1]: text does not fit its 36x12 mm box even at 7 pt" in lines[0]


def test_wrapped_text_builds_with_accents(tmp_path: Path) -> None:
    import pdfplumber

    content = mini_game(tmp_path, ["Łódź → Kraków, a long way to go"])
    result = run_pnp("build", "mini", "--content", content, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    text = pdfplumber.open(tmp_path / "out" / "mini" / "cards.pdf").pages[0].extract_text()
    assert "Łódź → Kraków," in text and "long way to go" in text


def test_hostile_card_text_prints_literally(tmp_path: Path) -> None:
    import pdfplumber

    hostile = "A & B <3 {{ 1+1 }} {% raw %} </svg><script>x</script>"
    content = mini_game(tmp_path, [hostile.replace('"', "'")])
    result = run_pnp("build", "mini", "--content", content, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    text = pdfplumber.open(tmp_path / "out" / "mini" / "cards.pdf").pages[0].extract_text()
    flat = " ".join(text.split())
    for piece in ("A & B <3", "{{ 1+1 }}", "{% raw %}", "</svg><script>x</script>"):
        assert piece in flat, (piece, flat)


def test_fifty_megabyte_file_is_refused_with_exit_2(tmp_path: Path) -> None:
    import time

    big = tmp_path / "huge.yaml"
    with open(big, "wb") as fh:
        fh.write(b"cards:\n")
        fh.seek(50 * 1024 * 1024)
        fh.write(b"\n")
    t = time.perf_counter()
    lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--custom", big), 2)
    assert time.perf_counter() - t < 10
    assert "huge.yaml: larger than 5 MiB; a file is limited to that" in lines[0]


def test_a_large_file_finds_the_lines_below_its_items_when_asked() -> None:
    """A deck of thousands of cards records its items' lines first; a field's line is
    found (by parsing the kept text again) the first time a problem asks for it."""
    from pnp.load.source import SHALLOW, SHALLOW_FROM

    cards = [f"  - id: c{i}\n    title: Card {i}\n    text: 'words {i}'\n" for i in range(6000)]
    text = "cards:\n" + "".join(cards)
    assert len(text) > SHALLOW_FROM
    src = parse_yaml(text, Path("big.yaml"))
    assert src.text is not None and max(len(k) for k in src.lines) == SHALLOW
    assert src.line(("cards", 4321)) == 2 + 4321 * 3
    assert src.line(("cards", 4321, "text")) == 2 + 4321 * 3 + 2
    assert src.line(("cards", 17, "title")) == 2 + 17 * 3 + 1
    assert src.line(("cards", 17, "title", "nope")) == 2 + 17 * 3 + 1
    assert src.text is None  # found once, then kept like any file's
    small = parse_yaml("cards:\n" + "".join(cards[:10]), Path("small.yaml"))
    assert small.text is None and small.line(("cards", 9, "text")) == 2 + 9 * 3 + 2


def test_a_duplicate_id_deep_in_a_large_deck_points_at_both_lines(tmp_path: Path) -> None:
    from pnp.load.source import SHALLOW_FROM

    folder = tmp_path / "content" / "big"
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(
        "id: big\nname: Big deck\nrules: none\ncomponents:\n  cards:\n    kind: deck\n"
        "    title: Cards\n    file: cards.yaml\n    size: poker\n    front: front.svg.j2\n"
        "    fields:\n      title: {type: text}\n")
    ids = [f"c{i}" for i in range(5000)]
    ids[4000] = "c123"
    cards = "".join(f"  - title: A card called {i} with some words on it\n    id: {c}\n"
                    for i, c in enumerate(ids))
    (folder / "cards.yaml").write_text("cards:\n" + cards)
    assert len(cards) > SHALLOW_FROM
    (folder / "templates" / "front.svg.j2").write_text(
        '{% import "pnp.svg.j2" as pnp %}{% call pnp.face(face) %}{% endcall %}\n')
    done = run_pnp("validate", "big", "--content", str(tmp_path / "content"))
    assert done.returncode == 1
    assert f"cards.yaml:{2 + 4000 * 2 + 1}: cards[4000].id: id 'c123' is used twice " \
           f"(first at {folder / 'cards.yaml'}:{2 + 123 * 2 + 1})" in done.stdout + done.stderr


def test_widths_added_up_wrap_as_lines_measured_whole() -> None:
    """Wrapping adds up its words' widths instead of measuring each line again: the
    widths are reportlab's to the last bit, and so are the lines."""
    import random

    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.base import fonts
    from pnp.base.units import MM
    from pnp.render import text

    def wrap_measuring_lines(words: str, width_mm: float, size: float, bold: bool) -> list:
        lines: list[str] = []
        for para in words.split("\n"):
            current = ""
            for word in para.split():
                trial = f"{current} {word}" if current else word
                if not current or stringWidth(trial, fonts.BOLD if bold else fonts.REGULAR,
                                              size) <= width_mm * MM:
                    current = trial
                else:
                    lines.append(current)
                    current = word
            lines.append(current)
        return lines

    rng = random.Random(16)
    alphabet = "aeiou lmnrstWMiIl.,;!?éüßœ€ 12\n"
    for _ in range(600):
        words = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 160)))
        width, size, bold = rng.uniform(3, 60), rng.choice([5, 6.5, 7.25, 9, 11.3]), \
            rng.random() < 0.5
        assert fonts.string_width(words, size, bold) == stringWidth(
            words, fonts.BOLD if bold else fonts.REGULAR, size)
        assert text.wrap(words, width, size, bold) == wrap_measuring_lines(words, width, size,
                                                                           bold)


def test_ink_extent_is_the_glyph_outline() -> None:
    """Text boxes are the ink the glyphs have (from the font's glyf table), looked up a
    character at a time: x sits on the baseline below the cap height, g descends, a
    space has no ink, and a character the font lacks prints its .notdef box."""
    from pnp.base import fonts

    for font in (fonts.REGULAR, fonts.BOLD):
        x_low, x_high = fonts.ink_extent("x", font)
        h_low, h_high = fonts.ink_extent("H", font)
        g_low, _ = fonts.ink_extent("g", font)
        assert x_low == h_low == 0 and 0.45 < x_high < h_high < 0.75
        assert -0.3 < g_low < -0.15
        assert fonts.ink_extent("Hg", font) == (g_low, h_high)
        assert fonts.ink_extent("   ", font) is None
        assert fonts.ink_extent("x\u4e00", font) == (0.0, 0.7)  # not in Fira Sans
