"""Templates bounded as a whole (issue 29): no operation a template can use builds a
string or a list past the sandbox's limit, all the templates of one command share one
time budget, and an item's face must be the item's size. Each runs as a user would:
`pnp validate` or `pnp build` in a new process, under a 1.5 GB address-space limit."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, assert_clean_failure

MEMORY = 1536 * 2**20  # bytes: a command that tries to build gigabytes fails under this

BIG = "{% set big = 'x' * 900000 %}"
# name -> (line 2 of a token's template, what the one-line error names)
ATTACKS: dict[str, tuple[str, str]] = {
    "mul": ("{{ 'x' * 10**9 }}", "repeating 1 items 1,000,000,000 times"),
    "pow": ("{{ 10 ** 100000 }}", "10 ** 100000 is too large"),
    "int-mul": ("{% set ns = namespace(n=2**64) %}{% for i in range(40) %}"
                "{% set ns.n = ns.n * ns.n %}{% endfor %}", "multiplying numbers"),
    "bytes-mul": ("{{ 'x'.encode() * 10**9 }}", "repeating 1 items"),
    "list-mul": ("{{ [1] * 10**9 }}", "repeating 1 items"),
    "mod": ("{{ '%999999999d' % 1 }}", "% would make up to"),
    "mod-star": ("{{ '%*d' % (999999999, 1) }}", "% would make up to"),
    "mod-many": (BIG + "{{ ('%s' * 1000) % ((big,) * 1000) }}", "% would make up to"),
    "tilde": ("{% set ns = namespace(s='x' * 1000) %}{% for i in range(40) %}"
              "{% set ns.s = ns.s ~ ns.s %}{% endfor %}", "~ would make up to"),
    "plus": ("{% set ns = namespace(s='x' * 1000) %}{% for i in range(40) %}"
             "{% set ns.s = ns.s + ns.s %}{% endfor %}", "+ would make up to"),
    "plus-list": ("{% set ns = namespace(s=[1] * 1000) %}{% for i in range(40) %}"
                  "{% set ns.s = ns.s + ns.s %}{% endfor %}", "+ would make up to"),
    "center": ("{{ 'x'|center(10**9) }}", "|center would make up to"),
    "format": ("{{ '%999999999s'|format('x') }}", "|format would make up to"),
    "replace": ("{{ ('x' * 100000)|replace('', 'y' * 100) }}", "|replace would make up to"),
    "join": (BIG + "{{ ([big] * 1000)|join('-') }}", "|join would make up to"),
    "indent": ("{{ ('a\\nb' * 1000)|indent(10**6) }}", "|indent would make up to"),
    "wordwrap": ("{{ ('a ' * 400000)|wordwrap(1, wrapstring='y' * 100) }}",
                 "|wordwrap would make up to"),
    "batch": ("{{ [1]|batch(10**9, 0)|list|length }}", "|batch would make up to"),
    "slice": ("{{ [1]|slice(10**8)|list|length }}", "|slice would make up to"),
    "sum": ("{{ ([[1] * 1000000] * 1000)|sum(start=[])|length }}", "|sum would make up to"),
    "string": (BIG + "{{ ([big] * 1000)|string|length }}", "|string would make up to"),
    "tojson": (BIG + "{{ ([big] * 1000)|tojson|length }}", "|tojson would make up to"),
    "escape": (BIG + "{{ ([big] * 1000)|e|length }}", "|e would make up to"),
    "map": ("{{ ['x']|map('center', 10**9)|list }}", "|center would make up to"),
    "ljust": ("{{ 'x'.ljust(10**9) }}", ".ljust() would make up to"),
    "rjust": ("{{ 'x'.rjust(10**9) }}", ".rjust() would make up to"),
    "str-center": ("{{ 'x'.center(10**9) }}", ".center() would make up to"),
    "zfill": ("{{ '1'.zfill(10**9) }}", ".zfill() would make up to"),
    "expandtabs": ("{{ ('\\t' * 1000).expandtabs(10**6) }}", ".expandtabs() would make up to"),
    "str-join": (BIG + "{{ ','.join([big] * 1000) }}", ".join() would make up to"),
    "str-replace": ("{{ ('x' * 100000).replace('', 'y' * 100) }}",
                    ".replace() would make up to"),
    "translate": ("{{ ('x' * 100000).translate({120: 'y' * 100}) }}",
                  ".translate() would make up to"),
    "bytes-center": ("{{ 'x'.encode().center(10**9) }}", ".center() would make up to"),
    "str-format": ("{{ '{:>999999999}'.format(1) }}", "format() would make up to"),
    "format-nested": ("{{ '{:{}}'.format(1, 999999999) }}", "format() would make up to"),
    "format-map": ("{{ '{a:>999999999}'.format_map({'a': 1}) }}", "format() would make up to"),
    "lipsum": ("{{ lipsum(10**6)|length }}", "lipsum() would make up to"),
    "print-list": (BIG + "{{ [big] * 1000000 }}", "printing a value would make up to"),
    "set-block": (BIG + "{% set s %}{% for i in range(100000) %}{{ big }}{% endfor %}"
                  "{% endset %}{{ s|length }}", "printing values would make up to"),
    "macro": (BIG + "{% macro m() %}{% for i in range(100000) %}{{ big }}{% endfor %}"
              "{% endmacro %}{{ m()|length }}", "printing values would make up to"),
    "fit-text": (BIG + "{{ fit_text([big] * 1000, 10, 10, 8) }}",
                 "fit_text() would make up to"),
    "num": ("{{ 1|num(10**9) }}", "num takes 0 to 20 digits"),
}

GAME = """\
id: attack
name: Attack
rules: none
components:
"""
COMPONENT = """\
  {id}:
    kind: tokens
    title: Tokens {id}
    file: {id}.yaml
    size: 12mm
    front: {id}.svg.j2
    fields:
      label: {{type: text}}
"""
TOKEN = """\
{{% import "pnp.svg.j2" as pnp %}}
{line}
{{% call pnp.face(face) %}}
<g><rect x="0" y="0" width="1" height="1" fill="#000000"/></g>
{{% endcall %}}
"""


def make_game(root: Path, templates: dict[str, str], items: int = 1) -> Path:
    """A game of tokens, one component per template (`templates`: id -> its text);
    returns the content folder."""
    game = root / "content" / "attack"
    (game / "templates").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME + "".join(COMPONENT.format(id=c) for c in templates))
    for comp, text in templates.items():
        (game / "templates" / f"{comp}.svg.j2").write_text(text)
        (game / f"{comp}.yaml").write_text(f"{comp}:\n" + "".join(
            f"  - {{id: {comp}-{i:02d}, label: A}}\n" for i in range(items)))
    return game.parent


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def pnp(*args: object, env: dict[str, str] | None = None,
        cwd: Path = ROOT) -> tuple[subprocess.CompletedProcess[str], float]:
    """pnp as a user runs it, under the memory limit: its result and its seconds."""
    began = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd,
                            capture_output=True, text=True, timeout=120, preexec_fn=limited,
                            env={**os.environ, **(env or {})})
    return result, time.monotonic() - began


def test_every_operation_that_builds_a_string_or_list_is_refused_at_its_line(
        tmp_path: Path) -> None:
    """Each of 42 ways to ask for gigabytes (%, ~, +, *, center, format, replace, join,
    str methods, captured blocks...) is one line at its template's line 2, quickly and
    in little memory; never a MemoryError."""
    content = make_game(tmp_path, {name: TOKEN.format(line=line)
                                   for name, (line, _) in ATTACKS.items()})
    result, seconds = pnp("validate", "attack", "--content", content, "--paper", "a4",
                          cwd=tmp_path)
    lines = assert_clean_failure(result, 1)
    assert seconds < 30, seconds
    assert "MemoryError" not in result.stderr
    for name, (_, said) in ATTACKS.items():
        found = [line for line in lines if f"templates/{name}.svg.j2:2: " in line]
        assert len(found) == 1, (name, lines)
        assert said in found[0], (name, found[0])


@pytest.mark.parametrize("name", ["format", "str-format", "tilde", "macro", "mod-star"])
def test_a_build_stops_at_a_too_large_value_with_one_line(tmp_path: Path, name: str) -> None:
    line, said = ATTACKS[name]
    content = make_game(tmp_path, {name: TOKEN.format(line=line)})
    result, seconds = pnp("build", "attack", "--content", content, "--out", tmp_path / "out",
                          cwd=tmp_path)
    lines = assert_clean_failure(result, 1)
    assert seconds < 20, seconds
    assert lines[0].startswith(f"content/attack/templates/{name}.svg.j2:2: "), lines
    assert "template too large: " in lines[0] and said in lines[0]
    assert not (tmp_path / "out" / "attack").exists()


SLOW = "{% for j in range(40) %}{% for i in range(100000) %}{% endfor %}{% endfor %}"


@pytest.mark.parametrize("command", ["build", "validate"])
def test_one_time_budget_for_all_the_templates_of_a_command(tmp_path: Path,
                                                            command: str) -> None:
    """30 faces of ~0.4 s each: with PNP_TEMPLATE_SECONDS=2 the command stops after about
    2 s of templates (validate's A4 and Letter workers sharing them), naming the face
    the time ran out on; a budget per face let each face run its 10 s."""
    content = make_game(tmp_path, {"slow": TOKEN.format(line=SLOW)}, items=30)
    out = ["--out", tmp_path / "out"] if command == "build" else []
    result, seconds = pnp(command, "attack", "--content", content, *out, cwd=tmp_path,
                          env={"PNP_TEMPLATE_SECONDS": "2"})
    lines = assert_clean_failure(result, 1)
    assert seconds < 8, seconds
    first = lines[0]
    assert first.startswith("content/attack/templates/slow.svg.j2"), first
    assert ": components.slow: templates ran longer than 2 s in all" in first
    assert "PNP_TEMPLATE_SECONDS" in first and "of item 'slow-" in first


def test_the_budget_is_shared_by_forked_workers() -> None:
    """Seconds a worker spends count for pnp itself and every later worker."""
    from pnp.base import workers as parallel
    from pnp.render import budget

    budget.start()
    try:
        spent = budget.current()

        def work(i: int) -> int:
            time.sleep(0.2 * i)  # (one after another: no two adding at once)
            spent.add(1.0)
            return os.getpid()

        pids = parallel.forked_map(work, 3)
        assert spent.spent() == pytest.approx(3.0)
        assert len(set(pids)) > 1 or parallel.workers(3) == 1
    finally:
        budget.stop()


def test_a_budget_that_is_not_a_number_of_seconds_is_a_command_line_error(
        tmp_path: Path) -> None:
    for value in ("abc", "0", "-5", "nan", "1e9"):
        result, _ = pnp("build", "temple", "--out", tmp_path / "out", cwd=tmp_path,
                        env={"PNP_TEMPLATE_SECONDS": value})
        lines = assert_clean_failure(result, 2)
        assert lines[0].startswith("error: PNP_TEMPLATE_SECONDS must be a number of seconds"), \
            lines


ROOT_OF = '<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {v}">'
FACE = """\
{{# a token drawn on another canvas #}}
{root}
<g><rect x="0" y="0" width="1" height="1" fill="#000000"/></g>
</svg>
"""


def test_a_face_whose_root_is_not_the_items_size_is_an_error_at_the_template(
        tmp_path: Path) -> None:
    """A 50 x 30 mm root for a 12 mm token (18 mm with its bleed) printed blank pieces
    with validate ok; now both commands stop at the root's line. Roots of the right size
    in other units (with rounding) are fine."""
    good = {
        "in": ROOT_OF.format(w="{{ face.full_w / 25.4 }}in", h="{{ face.full_h / 25.4 }}in",
                             v="18 18"),
        "pt": ROOT_OF.format(w="{{ (face.full_w * 72 / 25.4)|num(3) }}pt",
                             h="{{ (face.full_h * 72 / 25.4)|num(3) }}pt", v="18 18"),
        "cm": ROOT_OF.format(w="1.8cm", h="1.8cm", v="18 18"),
        "rounded": ROOT_OF.format(w="18.004mm", h="17.996mm", v="18 18"),
    }
    content = make_game(tmp_path / "good", {k: FACE.format(root=v) for k, v in good.items()})
    result, _ = pnp("validate", "attack", "--content", content, "--paper", "a4",
                    cwd=tmp_path / "good")
    assert result.returncode == 0, result.stdout + result.stderr

    wrong = ROOT_OF.format(w="50mm", h="30mm", v="50 30")
    content = make_game(tmp_path, {"tokens": FACE.format(root=wrong)})
    said = ("content/attack/templates/tokens.svg.j2:2: components.tokens.front: the <svg> "
            "root is 50 x 30 mm but a tokens face (12 x 12 mm and 3 mm bleed each side) is "
            "18 x 18 mm")
    for command in (["validate", "attack"], ["build", "attack", "--out", tmp_path / "out"]):
        result, _ = pnp(*command, "--content", content, cwd=tmp_path)
        lines = assert_clean_failure(result, 1)
        assert lines[0].startswith(said), lines
    assert not (tmp_path / "out" / "attack").exists()
