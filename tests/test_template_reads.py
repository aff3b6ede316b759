"""Whether a template reads a variable (Renderer.depends_on): a back that never reads
`item` is rendered once for a whole deck; one that reads it, anywhere in the template,
is rendered for each card, and each card's back prints its own text."""

from pathlib import Path

import pytest
from conftest import run_pnp
from pypdf import PdfReader

from pnp.load.content import shipped_dir
from pnp.render.templates import Renderer, search_path

READS_ITEM = {
    "printed": "{{ item.title }}",
    "in a test": "{% if item %}x{% endif %}",
    "in a loop": "{% for t in item.tags %}{{ t }}{% endfor %}",
    "set": "{% set t = item %}{{ t.title }}",
    "in a call block": '{% import "pnp.svg.j2" as pnp %}{% call pnp.face(face) %}'
                       "{{ item.title }}{% endcall %}",
    "in a macro": "{% macro m() %}{{ item.title }}{% endmacro %}{{ m() }}",
    "in a block": "{% block b %}{{ item.title }}{% endblock %}",
    "in a filter": "{{ (item.title or '')|upper }}",
}


def renderer(tmp_path: Path, templates: dict[str, str]) -> Renderer:
    (tmp_path / "templates").mkdir(exist_ok=True)
    for name, text in templates.items():
        (tmp_path / "templates" / name).write_text(text)
    return Renderer(search_path(tmp_path, shipped_dir("templates"), "t"))


@pytest.mark.parametrize("how", sorted(READS_ITEM))
def test_a_template_reading_item_anywhere_is_seen(tmp_path: Path, how: str) -> None:
    r = renderer(tmp_path, {"back.svg.j2": READS_ITEM[how]})
    assert r.depends_on("back.svg.j2", "item")
    assert not r.depends_on("back.svg.j2", "extra")


def test_a_back_that_reads_neither_is_shared(tmp_path: Path) -> None:
    r = renderer(tmp_path, {"back.svg.j2": '{% import "pnp.svg.j2" as pnp %}'
                            "{% call pnp.face(face) %}<g><rect width=\"{{ face.w }}\" "
                            'height="3"/></g>{% endcall %}'})
    assert not r.depends_on("back.svg.j2", "item")
    assert not r.depends_on("back.svg.j2", "extra")


def test_each_card_back_prints_its_own_text(tmp_path: Path) -> None:
    """The whole command: a back naming the card's title prints it on every back."""
    game = tmp_path / "content" / "g"
    (game / "templates").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: g\nname: G\nrules: none\ncomponents:\n  cards:\n    kind: deck\n    title: Cards\n"
        "    file: cards.yaml\n    size: poker\n    front: front.svg.j2\n"
        "    back: back.svg.j2\n    fields:\n      title: {type: text}\n")
    (game / "cards.yaml").write_text(
        "cards:\n" + "".join(f"  - {{id: c{i}, title: Back{i}}}\n" for i in range(3)))
    face = ('{% import "pnp.svg.j2" as pnp %}{% call pnp.face(face) %}<g><text x="5" y="20" '
            'font-family="Fira Sans" font-size="5">{{ TEXT }}</text></g>{% endcall %}')
    (game / "templates" / "front.svg.j2").write_text(face.replace("{{ TEXT }}", "Front"))
    (game / "templates" / "back.svg.j2").write_text(
        face.replace("{{ TEXT }}", "{% block b %}{{ item.title }}{% endblock %}"))
    out = tmp_path / "out"
    result = run_pnp("build", "g", "--content", str(tmp_path / "content"), "--out", str(out))
    assert result.returncode == 0, result.stderr
    text = "".join(page.extract_text() for page in PdfReader(out / "g" / "cards.pdf").pages)
    for i in range(3):
        assert f"Back{i}" in text
