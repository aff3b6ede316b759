"""What every pnp command pays before it starts: typer builds the command line from the
commands' annotations on each run, so they must be objects, not strings to evaluate."""

from __future__ import annotations

import typing
from pathlib import Path

import pnp.cli
from pnp.cli import builds, common, export, games, schema, sheets


def test_command_annotations_are_objects_not_strings() -> None:
    commands = [builds.build, builds.validate, builds.watch, export.export, games.list_games,
                games.new, sheets.sheets, sheets.score, schema.schema, common._options]
    for command in commands:
        hints = command.__annotations__
        assert hints, command.__name__
        strings = [name for name, hint in hints.items() if isinstance(hint, str)]
        assert not strings, f"{command.__name__}: {strings} (from __future__ import annotations?)"
    assert typing.get_type_hints(builds.build, include_extras=True)["out"]  # they resolve


def test_every_command_is_registered_in_order() -> None:
    import typer.main

    group = typer.main.get_command(pnp.cli.app)
    assert list(group.commands) == ["list", "new", "watch", "build", "validate", "studio", "sheets",
                                    "score", "export", "schema"]


def test_collector_is_tuned_before_the_libraries_load() -> None:
    """The thresholds hold from the first import on: at Python's defaults the collector
    ran ~30 times while typer, reportlab and the rest were imported, freeing nothing."""
    import subprocess
    import sys

    probe = ("import sys, gc, pnp.cli; names = list(sys.modules); "
             "print(gc.get_threshold(), names.index('pnp.base.startup') < names.index('typer'))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["(100000,", "50,", "100)", "True"], done.stdout


def test_a_deck_build_imports_no_board_machinery(tmp_path: Path) -> None:
    """Boards, sheets, pads, tiling and gutter-fold layouts are imported when a game has
    them: a deck's build (here `pnp new`'s starter game) loads none of their modules."""
    import subprocess
    import sys

    from pnp.write.newgame import create

    create(tmp_path / "content", "moon-sun")
    probe = (
        "import sys, pnp.cli as c\n"
        f"sys.argv = ['pnp', 'build', '--content', {str(tmp_path / 'content')!r}, "
        f"'--out', {str(tmp_path / 'out')!r}]\n"
        "def end(code):\n"
        "    names = ('pnp.layout.tiling', 'pnp.layout.gutterfold', 'pnp.components.board', "
        "'pnp.components.tiles', 'pnp.components.pad')\n"
        "    print(code, [n for n in names if n in sys.modules])\n"
        "c._end = end\n"
        "c.main()\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr
    assert (tmp_path / "out" / "moon-sun" / "cards.pdf").is_file()
