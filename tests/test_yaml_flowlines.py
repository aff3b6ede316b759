"""Lines of coordinate lists (`- [[-74.713, 44.999], ...]`) are read whole, not event by
event (pnp/load/flowlines.py): a file must read exactly as before, values, the line of
every value and every error, whatever surrounds such a line (a block or quoted text that
merely looks like one, an alias to one, a duplicate key after one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.base.errors import PnpError
from pnp.load import source
from pnp.load.flowlines import flow_lines

ROOT = Path(__file__).resolve().parent.parent
TEXTS = {
    "plain": "a:\n  - [[1.0, 2.0], [3.5, -4.25]]\n  - [[-0.5, 0.0]]\nb: [[1.5, 2.5]]\n",
    "next line": "a:\n  [[0.5, 1.5]]\n",
    "alias": "d: &q\n  - [[1.0, 2.0]]\ne: *q\n",
    "block text": "a: |\n  - [[1.0, 2.0]]\nb:\n  - [[1.0, 2.0]]\n",
    "folded text": "a: >\n  - [[1.0, 2.0]]\n",
    "quoted text": "a: 'x\n  - [[1.0, 2.0]]'\n",
    "plain text": "a: x\n  - [[1.0, 2.0]]\n",
    "flow mapping": "x: [\n  y: [[1.0, 2.0]]\n  ]\n",
    "placeholder": "- [[1.0, 2.0]]\n- pnp-flow-line\n",
    "comment": "# - [[1.0, 2.0]]\na: [[1.0, 2.0]] # c\n",
    "accent": "Lac é: [[1.0, 2.0]]\n",
    "duplicate key": "a: [[1.0, 2.0]]\na: 3\n",
    "continued": "a:\n  - [[1.0, 2.0]]\n    more\n",
    "bad indent": "a:\n  - [[1.0, 2.0]]\n - [[1.0, 2.0]]\n",
}


def _read(text: str, fast: bool, depth: int | None) -> tuple:
    try:
        src = source._parse(text, Path("f.yaml"), depth) if fast else \
            source._events(text, Path("f.yaml"), depth, None)
    except PnpError as exc:
        return ("error", str(exc))
    assert src is not None
    return (repr(src.data), list(src.lines.items()))


@pytest.mark.parametrize("depth", [None, 1, 2])
@pytest.mark.parametrize("name", list(TEXTS))
def test_a_file_reads_as_event_by_event(name: str, depth: int | None) -> None:
    assert _read(TEXTS[name], True, depth) == _read(TEXTS[name], False, depth)


def test_the_block_text_stays_text() -> None:
    src = source.parse_yaml(TEXTS["block text"], Path("f.yaml"))
    assert src.data == {"a": "- [[1.0, 2.0]]\n", "b": [[[1.0, 2.0]]]}


def test_temple_trip_outlines_read_whole_and_the_same() -> None:
    path = ROOT / "content" / "temple-trip" / "outlines.yaml"
    text = path.read_text()
    swapped, flows = flow_lines(text)
    assert len(flows) > 200  # the fast path is taken, not fallen back from
    fast = source._events(swapped, path, None, flows)
    assert fast is not None
    slow = source._events(text, path, None, None)
    assert fast.data == slow.data and list(fast.lines.items()) == list(slow.lines.items())
