"""`pnp schema` and docs/reference.md: the JSON Schema an editor checks content with is made
from pnp's own models, every shipped game's files fit it, what it refuses pnp refuses at
the same key, and the reference page is the one `pnp schema --markdown` prints today."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test dependency: "
                                 "pip install -e '.[test]'")

from conftest import ROOT, assert_clean_failure  # noqa: E402
from conftest import run_pnp as pnp  # noqa: E402

from pnp.load.source import key_text  # noqa: E402

GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))
REGENERATE = "pnp schema --markdown > docs/reference.md"


def schema_of(*args: str) -> dict[str, Any]:
    run = pnp("schema", *args)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    jsonschema.Draft202012Validator.check_schema(out)
    return out


def refused_at(schema: dict[str, Any], data: Any,
               validator: type = jsonschema.Draft202012Validator) -> set[str]:
    """The keys (as pnp writes them: cards[3].border) a schema's errors point at."""
    keys = set()
    for error in validator(schema).iter_errors(data):
        path = list(error.absolute_path)
        if error.validator == "additionalProperties":
            known = error.schema.get("properties", {})
            keys |= {key_text(tuple(path + [k])) for k in error.instance if k not in known}
        elif error.validator == "required":
            keys |= {key_text(tuple(path + [k])) for k in error.validator_value
                     if k not in error.instance}
        else:
            keys.add(key_text(tuple(path)))
    return keys


def test_the_reference_page_is_what_the_code_says() -> None:
    run = pnp("schema", "--markdown")
    assert run.returncode == 0, run.stderr
    page = (ROOT / "docs" / "reference.md").read_text()
    assert run.stdout == page, f"docs/reference.md is out of date: run `{REGENERATE}`"


def test_every_key_kind_and_field_type_is_explained() -> None:
    """A key added to a model needs its line (a comment beside the field, or
    pnp/load/keyhelp.py), as does a component kind or a field type."""
    from pnp.load.json_schema import field_types, game_schema

    schema = game_schema()
    unexplained = [f"{name}.{key}" for name, node in [("GameSpec", schema),
                                                      *schema["$defs"].items()]
                   for key, prop in node["properties"].items() if not prop.get("description")]
    assert not unexplained, f"say what these keys are in pnp/load/keyhelp.py: {unexplained}"
    for model, key in (("ComponentSpec", "kind"), ("FieldSpec", "type")):
        prop = schema["$defs"][model]["properties"][key]
        missing = [v for v, about in zip(prop["enum"], prop["enumDescriptions"], strict=True)
                   if not about]
        assert not missing, f"describe {model}.{key} {missing} in pnp/load/keyhelp.py"
    page = (ROOT / "docs" / "reference.md").read_text()
    assert all(f"| `{t}` |" in page for t in field_types())
    assert "not described yet" not in page


@pytest.mark.parametrize("game", GAMES)
def test_shipped_games_fit_their_schemas(game: str) -> None:
    """game.yaml fits the schema for every game and its own (its data: block), each YAML
    item file fits its game's item schema and its own file's, under draft 2020-12 and
    draft 7 (what VS Code's YAML extension validates with)."""
    folder = ROOT / "content" / game
    spec = yaml.safe_load((folder / "game.yaml").read_text())
    validators = (jsonschema.Draft202012Validator, jsonschema.Draft7Validator)
    for args in (("game.yaml",), ("game.yaml", "--game", game)):
        schema = schema_of(*args)
        for validator in validators:
            assert refused_at(schema, spec, validator) == set(), (args, validator)
    items = schema_of("items", "--game", game)
    files = [c["file"] for c in spec["components"].values()
             if c.get("file") and c["kind"] not in ("sheet", "pad", "board")]
    for name in dict.fromkeys(files):
        data = yaml.safe_load((folder / name).read_text())
        one = schema_of(name, "--game", game)
        assert set(one["properties"]) == set(data), name  # exactly its lists
        for schema in (items, one):
            for validator in validators:
                assert refused_at(schema, data, validator) == set(), (name, validator)


def test_item_schema_says_what_the_fields_say() -> None:
    items = schema_of("items", "--game", "temple-of-doom")
    card = items["properties"]["cards"]["items"]
    assert card["required"] == ["id", "background", "value", "border", "symbol"]
    assert card["properties"]["value"] == {"type": "integer", "minimum": 1, "maximum": 6}
    assert card["properties"]["background"]["enum"] == ["brown", "pink", "green"]
    assert card["properties"]["copies"]["default"] == 1
    rush = schema_of("items", "--game", "temple-rush")
    translated = next(p["items"]["properties"]["title"] for p in rush["properties"].values()
                      if "title" in p["items"]["properties"])
    by_language = translated["anyOf"][1]
    assert by_language["propertyNames"] == {"enum": ["fr", "en"]}


# Each: a path in the starter game's game.yaml or cards.yaml, and what is put there
# (DELETE: the key is taken out). pnp validate refuses each at that key; the schema too.
DELETE = object()
WRONG_GAME = [
    (("components", "cards", "kind"), "dek"),
    (("components", "cards", "fields", "value", "type"), "integer"),
    (("langauges",), ["en"]),
    (("name",), DELETE),
    (("languages",), []),
    (("components", "cards", "shape"), "round"),
    (("components", "cards", "title"), ""),
    (("components", "cards", "front"), 42),
    (("expectations", 0, "count"), "six"),
    (("components", "cards", "fields", "value", "min"), "zero"),
    (("components", "cards", "fields", "suit", "choices"), "sun, moon"),
    (("components", "cards", "preflight", "tell_apart"), "suit"),
    (("components", "cards", "fields", "value", "required"), "yes"),
    (("id",), "x" * 201),
]
WRONG_ITEMS = [
    (("cards", 0, "value"), 100),
    (("cards", 1, "suit"), "star"),
    (("cards", 2, "copies"), 0),
    (("cards", 3, "title"), DELETE),
    (("cards", 4, "colour"), "red"),
    (("cards", 5, "value"), "3"),
    (("cards", 0, "id"), DELETE),
    (("cards", 1, "title"), ["a list"]),
    (("cards", 2, "text"), True),
]


def _put(data: Any, path: tuple[str | int, ...], value: object) -> None:
    for part in path[:-1]:
        data = data[part]
    if value is DELETE:
        del data[path[-1]]
    else:
        data[path[-1]] = value


@pytest.fixture(scope="module")
def wrong(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every wrong game made from `pnp new`'s starter, validated by pnp in one run."""
    base = tmp_path_factory.mktemp("schema")
    run = pnp("new", "my-game", "--content", str(base / "start"))
    assert run.returncode == 0, run.stderr
    start = base / "start" / "my-game"
    cases: dict[str, Any] = {}
    for n, (path, value) in enumerate(WRONG_GAME + WRONG_ITEMS):
        folder = base / "content" / f"wrong-{n:02}"
        shutil.copytree(start, folder)
        name = "cards.yaml" if path[0] == "cards" else "game.yaml"
        data = yaml.safe_load((folder / name).read_text())
        _put(data, path, value)
        (folder / name).write_text(yaml.safe_dump(data, sort_keys=False))
        cases[folder.name] = (name, data, key_text(path))
    run = pnp("validate", "--content", str(base / "content"), "--format", "json")
    assert run.returncode == 1, run.stderr
    found = {g["game"]: {p["key"] for p in g["problems"] if p["severity"] == "error"}
             for g in json.loads(run.stdout)["games"]}
    return {"cases": cases, "found": found, "game": schema_of(),
            "items": schema_of("items", "--game", "my-game", "--content", str(base / "start"))}


@pytest.mark.parametrize("n", range(len(WRONG_GAME + WRONG_ITEMS)))
def test_what_pnp_refuses_the_schema_refuses_at_the_same_key(wrong: dict[str, Any],
                                                            n: int) -> None:
    game = f"wrong-{n:02}"
    name, data, key = wrong["cases"][game]
    by_pnp = wrong["found"][game]
    by_schema = refused_at(wrong["game" if name == "game.yaml" else "items"], data)
    assert key in by_pnp, by_pnp
    assert by_schema == by_pnp, "the schema must refuse exactly where pnp does"


def test_colours_as_pnp_takes_them() -> None:
    from pnp.base.colour import is_colour
    from pnp.load.json_schema import colour_schema

    check = jsonschema.Draft202012Validator(colour_schema())
    for value in ("#fff", "#d2382c", "red", "Red", "DARKSLATEGRAY", "#12", "reddish", "#ggg",
                  "", 3):
        assert check.is_valid(value) == is_colour(value), value


def test_wrong_commands_say_what_to_do(tmp_path: Path) -> None:
    lines = assert_clean_failure(pnp("schema", "items"), 2)
    assert "needs --game GAME" in lines[0]
    lines = assert_clean_failure(pnp("schema", "decks.yaml", "--game", "temple-of-doom"), 2)
    assert "not an item file of temple-of-doom" in lines[0] and "cards.yaml" in lines[0]
    lines = assert_clean_failure(pnp("schema", "items", "--game", "no-such-game"), 2)
    assert "unknown game" in lines[0]
    folder = tmp_path / "content" / "broken"
    shutil.copytree(ROOT / "content" / "temple-of-doom", folder)
    text = (folder / "game.yaml").read_text().replace("kind: deck", "kind: dek", 1)
    (folder / "game.yaml").write_text(text)
    run = pnp("schema", "items", "--game", "broken", "--content", str(tmp_path / "content"))
    assert_clean_failure(run, 1)
    assert run.stdout == ""
    line = text.splitlines().index("    kind: dek") + 1
    assert f"game.yaml:{line}: components.cards.kind: must be one of" in run.stderr
    run = pnp("schema", "--game", "broken", "--content", str(tmp_path / "content"))
    assert run.returncode == 0, "game.yaml's schema is what fixes a broken game.yaml"


def test_custom_files_as_the_readme_writes_them(tmp_path: Path) -> None:
    """`pnp schema custom`: the README's own custom card fits; a wrong one is refused by
    the schema where pnp validate --custom refuses it; a game with its own shape of
    custom file has no such schema (exit 2, not a schema that would mislead)."""
    schema = schema_of("custom", "--game", "temple-of-doom")
    good = {"cards": [{"id": "my-1", "background": "green", "value": 2, "border": "red",
                       "symbol": "drop", "replaces": "G45"}]}
    assert refused_at(schema, good) == set()
    bad = {"cards": [{**good["cards"][0], "value": 9, "border": "purple"}]}
    path = tmp_path / "my-cards.yaml"
    path.write_text(yaml.safe_dump(bad))
    run = pnp("validate", "temple-of-doom", "--custom", str(path), "--format", "json")
    assert run.returncode == 1, run.stderr
    by_pnp = {p["key"] for g in json.loads(run.stdout)["games"] for p in g["problems"]
              if p["severity"] == "error"}
    assert by_pnp == refused_at(schema, bad) == {"cards[0].value", "cards[0].border"}
    lines = assert_clean_failure(pnp("schema", "custom", "--game", "temple-trip"), 2)
    assert "custom files of its own shape" in lines[0]
