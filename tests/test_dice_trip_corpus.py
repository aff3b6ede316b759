"""The corpus of real-country Dice Trip maps (tests/fixtures/dice-trip-maps/, its README
says which shape each is and why): every map loads, and `pnp validate --paper` accepts
the maps that fit and refuses the ones that truly cannot, saying what would. One
validate per map and paper."""

from pathlib import Path

import pytest
from conftest import ROOT, run_pnp

from pnp.games.dice_trip.maps import load_map

CORPUS = ROOT / "tests" / "fixtures" / "dice-trip-maps"
MAPS = ["poland", "italy", "switzerland", "austria", "japan", "chile"]
# (map, paper): True = accepted; "one a page" = refused two a page, and the message
# says one sheet a page fits; "nowhere" = refused on every sheet, and no message says a
# sheet would fit.
EXPECTED: dict[tuple[str, str], object] = {
    **{(m, p): True for m in ("poland", "italy", "switzerland") for p in ("a4", "letter")},
    **{(m, p): "one a page" for m in ("austria", "japan") for p in ("a4", "letter")},
    **{("chile", p): "nowhere" for p in ("a4", "letter")},
}


@pytest.mark.parametrize("name", MAPS)
def test_every_corpus_map_loads_with_its_source(name: str) -> None:
    path = CORPUS / f"{name}.yaml"
    problems: list = []
    m = load_map(path, problems)
    assert m is not None and not problems, [p.format() for p in problems]
    assert m.spec.id == name and len(m.spec.cities) == 25 and m.spec.outline
    assert "Natural Earth" in path.read_text(encoding="utf-8").splitlines()[2]
    assert f"`{name}.yaml`" in (CORPUS / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name,paper", list(EXPECTED))
def test_corpus_verdict(name: str, paper: str) -> None:
    path = (CORPUS / f"{name}.yaml").relative_to(ROOT)  # as a user in the project types it
    result = run_pnp("validate", "dice-trip", "--map", path, "--paper", paper)
    verdict = EXPECTED[(name, paper)]
    if verdict is True:
        assert result.returncode == 0, result.stderr
        return
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    errors = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert errors and all(ln.startswith(f"{path}:") for ln in errors), errors
    advice = [ln for ln in errors if "--per-page 1" in ln]
    if verdict == "one a page":
        assert advice, errors
    else:  # a sheet that would not hold it either is never offered
        assert not advice, advice


def test_corpus_readme_gives_every_map_a_verdict() -> None:
    text = (CORPUS / "README.md").read_text(encoding="utf-8")
    for name in MAPS:
        row = next(ln for ln in text.splitlines() if ln.startswith(f"| `{name}.yaml`"))
        assert row.count("accept") + row.count("refuse") == 4, row


def test_design_roads_proposes_roads_that_pass_at_the_printed_size(tmp_path: Path) -> None:
    """tools/design_roads.py designs on the printed boxes: its roads for a corpus map
    (all taken away first) pass the road checks at A4 two a page, the smallest A4 box."""
    import re
    import subprocess
    import sys

    text = (CORPUS / "poland.yaml").read_text(encoding="utf-8")
    bare = re.sub(r"  roads:.*?(?=  # Poland: Natural Earth)", "  roads: []\n", text, flags=re.S)
    mine = tmp_path / "poland.yaml"
    mine.write_text(bare, encoding="utf-8")
    tool = subprocess.run([sys.executable, str(ROOT / "tools" / "design_roads.py"), mine,
                           "--paper", "a4", "--per-page", "2"], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    assert tool.returncode == 0, tool.stderr
    assert "98.5 x 123.9 mm" in tool.stdout.splitlines()[0]  # A4 two a page, only
    mine.write_text(bare.replace("  roads: []\n", tool.stdout), encoding="utf-8")
    m = load_map(mine, [])
    assert m is not None and len(m.spec.roads) == 42
    from pnp.games.dice_trip import checks

    rules = checks.Rules(25, [8, 8, 9], 2, 4, 20)
    found = checks.check_map(m, rules, [(98.5, 123.9)])
    assert not [p.format() for p in found if p.key and p.key.startswith("map.roads")]
