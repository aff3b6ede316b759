"""`pnp export --format tts`: every piece of every shipped game loads in Tabletop Simulator
at its true proportions and size, read from the saved object a user imports as TTS reads it.

TTS's knowledge base: a Custom_Tile with `Stretch` set is a square with its image stretched
onto it ("Stretch Aspect Ratio: If the source image is stretched to make for a symmetrical
tile", kb.tabletopsimulator.com/custom-content/custom-tile), so its shape is Transform
`scaleX` : `scaleZ`; without `Stretch` it takes its image's shape. A card takes the shape of
its cell on the sheet ("Decks can be square or rectangular, depending on dimensions of card
sheet", Custom Deck)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import run_pnp
from PIL import Image

from pnp.export.tts import TILE_SIDE_IN

DPI = 50
PIXEL_MM = 25.4 / DPI
A4 = (210.0, 297.0)
# what the games' descriptions state where `pnp list` gives no size
STATED = {("temple-trip", "board"): (34 * 25.4, 17 * 25.4)}  # "the 34 x 17 in board"


def _local(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def _sizes() -> dict[tuple[str, str], tuple[str, tuple[float, float] | None]]:
    """(game, component) -> (kind, size in mm) as `pnp list` states it."""
    result = run_pnp("list", "--format", "json")
    assert result.returncode == 0, result.stderr
    out = {}
    for game in json.loads(result.stdout)["games"]:
        for comp in game["components"]:
            size = None
            found = re.fullmatch(r"([\d.]+)mm(?: x ([\d.]+)mm)?", comp["size"] or "")
            if found:
                w = float(found[1])
                size = (w, float(found[2] or w))
            out[(game["id"], comp["id"])] = (comp["kind"], STATED.get(
                (game["id"], comp["id"]), size))
    return out


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Each shipped game with pieces, exported for TTS: its saved object."""
    out = tmp_path_factory.mktemp("tts")
    saves = {}
    for game in ("temple", "temple-of-doom", "temple-rush", "temple-trip"):
        result = run_pnp("export", game, "--format", "tts", "--dpi", str(DPI), "--out", out)
        assert result.returncode == 0, result.stderr
        saves[game] = json.loads((out / game / "tts" / f"{game}.json").read_text("utf-8"))
    return saves


def test_every_piece_loads_at_its_shape_and_true_size(exported: dict[str, dict]) -> None:
    sizes = _sizes()
    _check_cards(exported, sizes)
    shapes: dict[tuple[str, str], float] = {}
    for game, save in exported.items():
        for obj in save["ObjectStates"]:
            if obj["Name"] != "Custom_Tile":
                continue
            image = _local(obj["CustomImage"]["ImageURL"])
            px_w, px_h = Image.open(image).size
            t, tile = obj["Transform"], obj["CustomImage"]["CustomTile"]
            # as TTS draws it: a square stretched by scaleX x scaleZ (or the image's shape)
            base = 1.0 if tile["Stretch"] else px_w / px_h
            shape = base * t["scaleX"] / t["scaleZ"]
            assert shape == pytest.approx(px_w / px_h, rel=0.01), (game, image.name)
            if back := obj["CustomImage"]["ImageSecondaryURL"]:
                assert Image.open(_local(back)).size == (px_w, px_h)
            kind, mm = sizes[(game, image.parent.name)]
            if kind == "sheet":  # drawn on the export's paper, A4, either way round
                mm = A4 if px_w < px_h else A4[::-1]
            assert mm is not None, (game, image.parent.name)
            assert tile["Stretch"] is True  # a size TTS documents, not one it guesses
            shown = (t["scaleX"] * TILE_SIDE_IN * 25.4, t["scaleZ"] * TILE_SIDE_IN * 25.4)
            assert shown == pytest.approx(mm, abs=PIXEL_MM), (game, image.name)
            assert shape == pytest.approx(mm[0] / mm[1], rel=0.01), (game, image.name)
            shapes[(game, image.parent.name)] = shape
    non_square = {key for key, shape in shapes.items() if abs(shape - 1) > 0.01}
    assert non_square == {  # boards, sheets, player boards, nets, pawns
        ("temple", "board"), ("temple-of-doom", "layout"), ("temple-rush", "boards"),
        ("temple-rush", "dice"), ("temple-rush", "stands"), ("temple-rush", "bricks"),
        ("temple-trip", "board"), ("temple-trip", "pawns"), ("temple-trip", "die"),
        ("temple-trip", "quickstart")}
    assert shapes[("temple-trip", "board")] == pytest.approx(2.0, rel=0.001)
    for square in (("temple", "stones"), ("temple-trip", "cones"),
                   ("temple-of-doom", "cubes"), ("temple-of-doom", "tiles")):
        assert shapes[square] == 1.0  # a round or square token stays square


def _check_cards(exported: dict[str, dict], sizes: dict) -> None:
    """Each card's cell on its sheet has the card's shape."""
    poker = (2.5 * 25.4, 3.5 * 25.4)
    for game, save in exported.items():
        for obj in save["ObjectStates"]:
            if obj["Name"] not in ("DeckCustom", "Card"):
                continue
            for sheet in obj["CustomDeck"].values():
                face = _local(sheet["FaceURL"])
                w, h = Image.open(face).size
                cell = (w / sheet["NumWidth"]) / (h / sheet["NumHeight"])
                _, mm = sizes[(game, face.parent.name)]
                mm = mm or poker  # "poker": the shops' 2.5 x 3.5 in
                assert cell == pytest.approx(mm[0] / mm[1], rel=0.01), (game, face.name)
