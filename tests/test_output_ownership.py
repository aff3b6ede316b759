"""pnp replaces only what pnp wrote: a build or an export never deletes a game's content,
a user's own files, or what other pnp commands (sheets, watch, export) left beside it."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, assert_clean_failure, run_pnp

from pnp.base.errors import InputError
from pnp.write import output
from pnp.write.ownership import build_owner, export_owner

GAME = "probe"


def tree(folder: Path) -> dict[str, str]:
    """Every file under `folder` with its sha256: what a user would find there."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def probe_content(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / GAME, content / GAME)
    return content


def build(content: Path, out: Path) -> object:
    return run_pnp("build", GAME, "--content", content, "--out", out)


def test_a_new_game_built_into_its_content_folder_is_refused_and_kept(tmp_path: Path) -> None:
    assert run_pnp("new", "my-game", cwd=tmp_path).returncode == 0
    before = tree(tmp_path / "content")
    result = run_pnp("build", "my-game", "--out", "content", cwd=tmp_path)
    (line,) = assert_clean_failure(result, 2)
    assert "content/my-game" in line and "content folder" in line and "--out" in line
    assert tree(tmp_path / "content") == before


def test_a_folder_that_holds_the_content_is_refused(tmp_path: Path) -> None:
    content = tmp_path / "work" / "content"
    shutil.copytree(FIXTURES / GAME, content / GAME)
    before = tree(tmp_path)
    with pytest.raises(InputError, match="holds the game's content"):
        output.switch_in(tmp_path, "work", [("manifest.json", b"{}")],
                         build_owner(GAME, (content / GAME, content)))
    assert tree(tmp_path) == before


def test_user_files_beside_a_build_are_never_deleted(tmp_path: Path) -> None:
    content, out = probe_content(tmp_path), tmp_path / "out"
    assert build(content, out).returncode == 0
    (out / GAME / "notes.txt").write_text("my notes")
    before = tree(out / GAME)
    (line,) = assert_clean_failure(build(content, out), 2)
    assert "'notes.txt'" in line and "did not write" in line
    assert tree(out / GAME) == before


def test_a_folder_without_pnp_manifest_is_refused(tmp_path: Path) -> None:
    content, out = probe_content(tmp_path), tmp_path / "out"
    (out / GAME / "photos").mkdir(parents=True)
    (out / GAME / "photos" / "a.jpg").write_bytes(b"\xff\xd8")
    (out / GAME / "cards.pdf").write_bytes(b"%PDF-1.4 mine")
    before = tree(out / GAME)
    (line,) = assert_clean_failure(build(content, out), 2)
    assert "no pnp manifest" in line and "'cards.pdf'" in line and "'photos'" in line
    assert tree(out / GAME) == before


def test_another_games_manifest_is_not_ours(tmp_path: Path) -> None:
    content, out = probe_content(tmp_path), tmp_path / "out"
    (out / GAME).mkdir(parents=True)
    (out / GAME / "manifest.json").write_text(json.dumps(
        {"game": "other", "paper": "a4", "files": [{"path": "cards.pdf"}]}))
    (out / GAME / "cards.pdf").write_bytes(b"%PDF-1.4 theirs")
    before = tree(out / GAME)
    assert_clean_failure(build(content, out), 2)
    assert tree(out / GAME) == before


def test_an_empty_folder_is_built_into(tmp_path: Path) -> None:
    content, out = probe_content(tmp_path), tmp_path / "out"
    (out / GAME).mkdir(parents=True)
    assert build(content, out).returncode == 0
    assert (out / GAME / "cards.pdf").read_bytes().startswith(b"%PDF-")


def test_pad_previews_and_exports_survive_a_build(tmp_path: Path) -> None:
    """What `pnp sheets`, `pnp watch` and `pnp export` wrote into OUT/<game> is carried
    over, byte for byte, while the build's own files are replaced."""
    content, out = probe_content(tmp_path), tmp_path / "out"
    assert build(content, out).returncode == 0
    folder = out / GAME
    (folder / "sheets-default.pdf").write_bytes(b"%PDF-1.4 a pad")
    (folder / "preview" / "cards").mkdir(parents=True)
    (folder / "preview" / "cards" / "p00-front.png").write_bytes(b"\x89PNG preview")
    (folder / "png").mkdir()
    (folder / "png" / "manifest.json").write_text("{}")
    kept = {k: v for k, v in tree(folder).items() if not k.startswith(("cards", "manifest"))}
    (content / GAME / "cards.yaml").write_text(
        (content / GAME / "cards.yaml").read_text().replace("F01", "G01"))
    old_cards = (folder / "cards.pdf").read_bytes()
    assert build(content, out).returncode == 0
    after = tree(folder)
    assert {k: after[k] for k in kept} == kept
    assert (folder / "cards.pdf").read_bytes() != old_cards


def test_a_pad_at_its_default_path_survives_the_build(tmp_path: Path) -> None:
    pad = run_pnp("sheets", "dice-trip", "--count", "2", "--out",
                  tmp_path / "dice-trip" / "sheets-default.pdf")
    assert pad.returncode == 0, pad.stderr
    data = (tmp_path / "dice-trip" / "sheets-default.pdf").read_bytes()
    result = run_pnp("build", "dice-trip", "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "dice-trip" / "sheets-default.pdf").read_bytes() == data
    assert (tmp_path / "dice-trip" / "sheets.pdf").is_file()


def test_user_files_in_an_export_folder_are_never_deleted(tmp_path: Path) -> None:
    folder = tmp_path / GAME / "png"
    files = [("cards/p00-front.png", b"png"), ("manifest.json", json.dumps(
        {"game": GAME, "format": "png", "files": [{"path": "cards/p00-front.png"}]}).encode())]
    owner = export_owner(GAME, "png")
    output.switch_in(tmp_path / GAME, "png", files, owner)
    (folder / "cards" / "mine.txt").write_text("mine")
    before = tree(folder)
    with pytest.raises(InputError, match="'cards/mine.txt'"):
        output.switch_in(tmp_path / GAME, "png", files, owner)
    assert tree(folder) == before
    (folder / "cards" / "mine.txt").unlink()
    output.switch_in(tmp_path / GAME, "png", files, owner)  # its own files: replaced


def test_a_build_manifest_does_not_own_an_export_folder(tmp_path: Path) -> None:
    folder = tmp_path / GAME / "png"
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps(
        {"game": GAME, "paper": "a4", "files": [{"path": "x.pdf"}]}))
    with pytest.raises(InputError, match="no pnp manifest"):
        output.switch_in(tmp_path / GAME, "png", [("manifest.json", b"{}")],
                         export_owner(GAME, "png"))


def test_sheets_out_replaces_a_pdf_but_no_other_file(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me")
    result = run_pnp("sheets", "dice-trip", "--count", "1", "--out", notes)
    (line,) = assert_clean_failure(result, 2)
    assert "notes.txt" in line and "not a PDF" in line
    assert notes.read_text() == "keep me"
    pdf = tmp_path / "pad.pdf"
    pdf.write_bytes(b"%PDF-1.4 old pad")
    assert run_pnp("sheets", "dice-trip", "--count", "1", "--out", pdf).returncode == 0
    assert pdf.read_bytes() != b"%PDF-1.4 old pad"


def test_an_error_names_the_public_path_not_the_staging_folder(tmp_path: Path) -> None:
    stage = tmp_path / f".{GAME}.new-123" / "cards.pdf"
    assert output._public_name(str(stage), tmp_path, GAME) == tmp_path / GAME / "cards.pdf"
    assert output._public_name(str(ROOT), tmp_path, GAME) == ROOT


@pytest.mark.parametrize("command", [("build", GAME), ("export", GAME, "--format", "png"),
                                     ("sheets", "dice-trip")])
def test_an_empty_out_is_refused(tmp_path: Path, command: tuple[str, ...]) -> None:
    """`--out ''` would write into the current folder: a usage error, nothing written."""
    content = probe_content(tmp_path) if GAME in command else None
    extra = ("--content", content) if content else ()
    result = run_pnp(*command, "--out", "", *extra, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr == "error: --out: must name a folder or file (got an empty value)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == (["content"] if content else [])


def test_watch_into_the_content_folder_writes_nothing_there(tmp_path: Path) -> None:
    """Previews are drawn before the build: they too must never land in the content."""
    assert run_pnp("new", "my-game", cwd=tmp_path).returncode == 0
    before = tree(tmp_path / "content")
    result = run_pnp("watch", "my-game", "--once", "--out", "content", cwd=tmp_path)
    assert result.returncode == 2 and "is the game's content folder" in result.stderr
    assert tree(tmp_path / "content") == before


def test_a_real_export_survives_the_next_build(tmp_path: Path) -> None:
    """`pnp export GAME --out out` writes out/GAME/png/; the next `pnp build GAME --out out`
    keeps it byte for byte (it was refused: the export's lock file 'was not pnp's'). An
    export's lock and staging left by a killed run are dropped, not refused."""
    content, out = probe_content(tmp_path), tmp_path / "out"
    exported = run_pnp("export", GAME, "--format", "png", "--dpi", "50", "--content", content,
                       "--out", out)
    assert exported.returncode == 0, exported.stderr
    pngs = tree(out / GAME / "png")
    assert any(name.endswith(".png") for name in pngs)
    result = build(content, out)
    assert result.returncode == 0, result.stderr
    assert tree(out / GAME / "png") == pngs and (out / GAME / "cards.pdf").is_file()
    (out / GAME / ".tts.lock").touch()  # a killed export's
    (out / GAME / ".tts.new-99").mkdir()
    result = build(content, out)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (out / GAME).iterdir()) == ["cards.pdf", "manifest.json",
                                                             "png"]
    assert tree(out / GAME / "png") == pngs


def test_a_build_while_an_export_runs_says_so(tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl", reason="advisory locks are a POSIX feature")

    content, out = probe_content(tmp_path), tmp_path / "out"
    (out / GAME).mkdir(parents=True)
    with open(out / GAME / ".png.lock", "a+b") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # as a running export holds it
        lines = assert_clean_failure(build(content, out), 2)
    assert lines == [f"error: {out / GAME / 'png'}: is being written by `pnp export --format "
                     "png` right now: build again when it ends"]
