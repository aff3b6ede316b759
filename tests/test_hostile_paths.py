"""References that try to leave the game folder are refused with a clear error."""

import os
from pathlib import Path

import pytest
from conftest import assert_clean_failure, run_pnp

GAME = """\
id: pics
name: Pictures
rules: none
components:
  cards:
    kind: deck
    title: Cards
    file: {file}
    size: mini
    front: {front}
    fields:
      picture: {{type: text}}
"""
FRONT = """\
{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
<g><rect x="0" y="0" width="10" height="10" fill="#cccccc"/></g>
<image x="5" y="5" width="30" height="30" href="{{ item.picture }}"/>
{% endcall %}
"""


def make_game(tmp_path: Path, picture: str = "art/sun.png", front: str = "front.svg.j2",
              file: str = "cards.yaml") -> Path:
    from PIL import Image

    game = tmp_path / "content" / "pics"
    (game / "templates").mkdir(parents=True)
    (game / "art").mkdir()
    Image.new("RGB", (8, 8), (250, 200, 0)).save(game / "art" / "sun.png")
    (game / "game.yaml").write_text(GAME.format(file=file, front=front))
    (game / "templates" / "front.svg.j2").write_text(FRONT)
    (game / "cards.yaml").write_text(f'cards:\n  - {{id: c1, picture: "{picture}"}}\n')
    return tmp_path / "content"


def test_image_inside_the_game_folder_prints(tmp_path: Path) -> None:
    from pypdf import PdfReader

    content = make_game(tmp_path)
    result = run_pnp("build", "pics", "--content", content, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    reader = PdfReader(tmp_path / "out" / "pics" / "cards.pdf")
    assert "/Image" in str(reader.pages[0].get_object()["/Resources"]) or any(
        img for img in reader.pages[0].images)


@pytest.mark.parametrize("picture", ["../../../../etc/passwd", "/etc/passwd",
                                     "file:///etc/passwd"])
def test_image_outside_the_game_folder_is_refused(tmp_path: Path, picture: str) -> None:
    content = make_game(tmp_path, picture=picture)
    lines = assert_clean_failure(run_pnp("build", "pics", "--content", content, "--out",
                                         tmp_path / "out"), 1)
    assert any("outside the game folder" in ln and "front.svg.j2" in ln for ln in lines), lines
    assert not (tmp_path / "out" / "pics").exists()


def test_image_symlink_leaving_the_folder_is_refused(tmp_path: Path) -> None:
    content = make_game(tmp_path, picture="art/link.png")
    os.symlink("/etc/hostname", content / "pics" / "art" / "link.png")
    lines = assert_clean_failure(run_pnp("build", "pics", "--content", content, "--out",
                                         tmp_path / "out"), 1)
    assert any("outside the game folder" in ln for ln in lines), lines


@pytest.mark.parametrize("front", ["../../../../etc/passwd", "/etc/passwd"])
def test_template_outside_the_folders_is_refused(tmp_path: Path, front: str) -> None:
    content = make_game(tmp_path, front=front)
    lines = assert_clean_failure(run_pnp("validate", "pics", "--content", content), 1)
    assert any("game.yaml:10: components.cards.front:" in ln and "no '..'" in ln
               for ln in lines), lines


def test_template_symlink_leaving_the_folders_is_refused(tmp_path: Path) -> None:
    content = make_game(tmp_path, front="evil.svg.j2")
    (tmp_path / "outside.svg.j2").write_text("<svg/>")
    os.symlink(tmp_path / "outside.svg.j2", content / "pics" / "templates" / "evil.svg.j2")
    lines = assert_clean_failure(run_pnp("build", "pics", "--content", content, "--out",
                                         tmp_path / "out"), 1)
    assert any("template 'evil.svg.j2' leads outside pics/ (a link)" in ln for ln in lines), lines


def test_items_file_outside_the_game_folder_is_refused(tmp_path: Path) -> None:
    content = make_game(tmp_path, file="../../../../etc/passwd")
    lines = assert_clean_failure(run_pnp("validate", "pics", "--content", content), 1)
    assert any("components.cards.file: must be a file inside the game folder" in ln
               for ln in lines), lines


@pytest.mark.parametrize("how", ["file", "folder"])
def test_dice_trip_maps_that_lead_outside_are_refused_unread(content_copy: Path,
                                                             tmp_path: Path, how: str) -> None:
    """maps/ is confined like data.* files: a map that is a link out of the game folder
    (or a maps folder that is one) is refused, and its target is never echoed."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("root:x:0:0:secret-words\n")
    maps = content_copy / "dice-trip" / "maps"
    if how == "file":
        (maps / "evil.yaml").symlink_to(secret)
    else:
        outside = tmp_path / "elsewhere"
        maps.rename(outside)
        (outside / "evil.yaml").symlink_to(secret)
        maps.symlink_to(outside)
    result = run_pnp("validate", "dice-trip", "--content", content_copy)
    assert result.returncode == 1, result.stderr
    assert "maps/evil.yaml: leads outside the game folder" in result.stdout + result.stderr
    for args in (("validate", "dice-trip"), ("sheets", "dice-trip", "--map", "evil",
                                              "--out", tmp_path / "pad.pdf")):
        result = run_pnp(*args, "--content", content_copy)
        assert result.returncode in (1, 2)
        assert "secret-words" not in result.stdout + result.stderr
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "pad.pdf").exists()
