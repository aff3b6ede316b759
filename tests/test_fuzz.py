"""Random and mutated content: the only outcomes are success or clean one-line errors
with exit code 1 or 2, never a traceback (property-based, with hypothesis)."""

import os
import shutil
from pathlib import Path
from typing import Any

import yaml
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.cli import app

RUNNER = CliRunner()
SETTINGS = settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "40")), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                    st.floats(allow_nan=True), st.text(max_size=30),
                    st.sampled_from(["poker", "", "3mm", "brown", "drop", "{{ x }}", "<svg>",
                                     "../x", "\x00", "★"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def validate(content: Path) -> None:
    result = RUNNER.invoke(app, ["validate", "temple-of-doom", "--content", str(content)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output
    if result.exit_code:
        assert result.output.strip(), "a failure says why"


def fresh_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(ROOT / "content", dest)
    return dest


def mutate(data: Any, path: list[Any], value: Any) -> Any:
    """Replace the value found by following `path` (indexes wrap) with `value`."""
    if not path or not isinstance(data, dict | list) or not data:
        return value
    head, *rest = path
    if isinstance(data, dict):
        key = list(data)[head % len(data)]
        data[key] = mutate(data[key], rest, value)
    else:
        i = head % len(data)
        data[i] = mutate(data[i], rest, value)
    return data


@SETTINGS
@given(path=st.lists(st.integers(0, 100), max_size=5), value=values,
       which=st.sampled_from(["cards.yaml", "game.yaml", "tiles.yaml", "cubes.yaml"]))
def test_mutated_content(tmp_path: Path, path: list[int], value: Any, which: str) -> None:
    content = fresh_copy(tmp_path)
    target = content / "temple-of-doom" / which
    data = yaml.safe_load(target.read_text())
    target.write_text(yaml.safe_dump(mutate(data, path, value), allow_unicode=True))
    validate(content)


@SETTINGS
@given(extra=st.dictionaries(st.text(min_size=1, max_size=10), values, min_size=1, max_size=3),
       drop=st.integers(0, 50))
def test_unknown_and_missing_keys(tmp_path: Path, extra: dict[str, Any], drop: int) -> None:
    content = fresh_copy(tmp_path)
    target = content / "temple-of-doom" / "game.yaml"
    data = yaml.safe_load(target.read_text())
    data.pop(list(data)[drop % len(data)])
    data.update(extra)
    target.write_text(yaml.safe_dump(data, allow_unicode=True))
    validate(content)


@SETTINGS
@given(blob=st.one_of(st.binary(max_size=300), st.text(max_size=300)),
       which=st.sampled_from(["cards.yaml", "game.yaml"]))
def test_junk_files(tmp_path: Path, blob: bytes | str, which: str) -> None:
    content = fresh_copy(tmp_path)
    target = content / "temple-of-doom" / which
    if isinstance(blob, bytes):
        target.write_bytes(blob)
    else:
        target.write_text(blob)
    validate(content)


def test_deep_nesting(tmp_path: Path) -> None:
    content = fresh_copy(tmp_path)
    (content / "temple-of-doom" / "cards.yaml").write_text("cards: " + "[" * 500 + "]" * 500)
    validate(content)
