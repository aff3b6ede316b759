"""Shell completion and --help choices: `pnp export <TAB>` offers the installed games,
`--format`, `--paper` and `--lang` offer (and --help lists) what they accept. Completion is
asked as bash asks it: the `_PNP_COMPLETE=complete_bash` environment protocol."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, run_pnp

PNP = "import sys; sys.argv[0] = 'pnp'; from pnp.cli import main; main()"


def complete(line: str, cwd: Path = ROOT) -> list[str]:
    """What bash offers after `line` (a trailing space: a new word)."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    env = {**os.environ, "_PNP_COMPLETE": "complete_bash", "COMP_WORDS": line,
           "COMP_CWORD": str(cword)}
    result = subprocess.run([sys.executable, "-c", PNP], cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return result.stdout.split()


def test_game_names_complete(tmp_path: Path) -> None:
    assert complete("pnp export te", tmp_path) == ["temple", "temple-of-doom", "temple-rush",
                                                   "temple-trip"]
    assert complete("pnp build temple-rush temple-", tmp_path) == ["temple-of-doom",
                                                                  "temple-trip"]
    assert complete("pnp watch d", tmp_path) == ["dice-trip"]
    assert run_pnp("new", "my-deck", "--content", tmp_path / "mine").returncode == 0
    assert complete(f"pnp validate --content {tmp_path / 'mine'} m", tmp_path) == ["my-deck"]


def test_option_values_complete(tmp_path: Path) -> None:
    assert complete("pnp export temple --format ", tmp_path) == ["png", "tts", "print-shop"]
    assert complete("pnp export temple-rush --lang ", tmp_path) == ["en", "fr"]
    assert complete("pnp build dice-trip --lang ", tmp_path) == ["de", "en"]
    assert complete("pnp export temple --paper let", tmp_path) == ["letter"]
    assert complete("pnp build --paper a4", tmp_path) == ["a4", "a4-landscape"]


def test_export_help_lists_the_choices() -> None:
    from pnp.cli.export import FORMATS_SHOWN
    from pnp.export import FORMATS

    assert FORMATS_SHOWN == f"<{'|'.join(FORMATS)}>"
    shown = " ".join(run_pnp("export", "--help").stdout.split())
    assert "--format <png|tts|print-shop>" in shown
    assert "Paper: a4, letter, a3, a5, legal, tabloid" in shown
    assert "--lang <code> Language of printed text: one the game's game.yaml lists" in shown
