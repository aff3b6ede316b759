"""The code dataclasses generates, kept between runs (pnp.base.classcode): the classes
made with it behave as those made without it, a damaged or missing file is compiled
afresh, and a cache folder that cannot be written costs nothing but the time."""

import os
import subprocess
import sys
from pathlib import Path

from pnp.base.classcode import MAX_ENTRIES  # noqa: F401  (the module imports cleanly)

PROBE = """
from __future__ import annotations
import sys
from pnp.base import classcode
if sys.argv[1] == "on":
    classcode.install()
import dataclasses

@dataclasses.dataclass(frozen=True)
class Point:
    x: float
    y: float = 0.0
    tags: tuple[str, ...] = ()

@dataclasses.dataclass(order=True)
class Row:
    n: int
    name: str = dataclasses.field(default="a", compare=False)

p = Point(1.5, tags=("a",))
print(repr(p), p == Point(1.5, 0.0, ("a",)), hash(p) == hash(Point(1.5, 0, ("a",))))
print(Point.__init__.__annotations__, Row.__init__.__annotations__)
print(sorted([Row(3), Row(1, "b")]), Row(1) == Row(1, "c"))
try:
    p.x = 2
except dataclasses.FrozenInstanceError as exc:
    print("frozen", type(exc).__name__)
classcode.save()
"""


def probe(tmp_path: Path, mode: str) -> str:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run([sys.executable, "-c", PROBE, mode], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def kept(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "pnp").glob("classes-*.marshal"))


def test_classes_made_from_kept_code_behave_as_made_without(tmp_path: Path) -> None:
    plain = probe(tmp_path, "off")
    assert kept(tmp_path) == []
    first = probe(tmp_path, "on")  # compiled, then written
    files = kept(tmp_path)
    assert len(files) == 1 and files[0].stat().st_size > 0
    written = files[0].stat().st_mtime_ns
    second = probe(tmp_path, "on")  # read back
    assert plain == first == second
    assert "{'x': 'float', 'y': 'float', 'tags': 'tuple[str, ...]', 'return': None}" in plain
    assert files[0].stat().st_mtime_ns == written  # nothing new: not written again


def test_a_damaged_file_is_compiled_afresh(tmp_path: Path) -> None:
    plain = probe(tmp_path, "off")
    probe(tmp_path, "on")
    path = kept(tmp_path)[0]
    import marshal

    entries = marshal.loads(path.read_bytes())
    damaged_entries = marshal.dumps({k: b"\x00not code" for k in entries})
    for damage in (b"", b"\x00garbage", path.read_bytes()[:100], damaged_entries):
        path.write_bytes(damage)
        assert probe(tmp_path, "on") == plain
        assert marshal.loads(path.read_bytes()) == entries  # written whole again


def test_a_cache_folder_that_cannot_be_made_costs_nothing_else(tmp_path: Path) -> None:
    (tmp_path / "cache").write_text("a file where the folder should be")
    assert probe(tmp_path, "on") == probe(tmp_path, "off")


def test_the_command_line_keeps_its_classes_code(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-m", "pnp", "list"], env=env, capture_output=True,
                           text=True, timeout=120) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0]
    assert runs[0].stdout == runs[1].stdout and runs[0].stdout
    assert len(kept(tmp_path)) == 1


def test_past_its_limit_the_file_keeps_this_runs_code(tmp_path: Path) -> None:
    """Texts of older pnps do not pile up: past MAX_ENTRIES only this run's are kept."""
    import marshal

    probe(tmp_path, "on")
    path = kept(tmp_path)[0]
    mine = marshal.loads(path.read_bytes())
    stale = {bytes([i % 256, i // 256]) * 10: marshal.dumps(compile("x = 1", "<string>", "exec"))
             for i in range(1600)}
    path.write_bytes(marshal.dumps({**stale, **mine}))
    probe(tmp_path, "on")  # nothing new compiled: the file is left as it is
    assert len(marshal.loads(path.read_bytes())) == 1600 + len(mine)
    path.write_bytes(marshal.dumps(stale))  # this run compiles its own: written again
    probe(tmp_path, "on")
    assert marshal.loads(path.read_bytes()).keys() == mine.keys()
