"""Lines that end in a flow list of lists of plain floats (an outline's ring:
`- [[-74.713, 44.999], [-71.506, 45.013], ...]`), read whole instead of event by event.

The parser makes ~4 events of each coordinate pair and the builder a call or three of each
value; a board's map outlines hold 13,000 pairs (~70 ms). Such a line is swapped for one
plain placeholder before parsing, with the line and column where it starts; the builder
(yaml_events.EventBuilder) takes the placeholder back as the list, which json reads in one
call: the grammar below is both YAML's and JSON's for these texts, and json makes each
number with float(text), as the builder's plain-float path does. The caller checks that
every placeholder came back as a plain value of its own at its place (not inside a quoted
or block text, a comment or a longer plain text), and parses the original text otherwise.
"""

from __future__ import annotations

import re

from pnp.load.yaml_events import FLOW_PLACEHOLDER as PLACEHOLDER

_NUM = r"-?(?:0|[1-9][0-9]*)\.[0-9]+"  # a plain float (yaml_events._PLAIN_FLOAT), JSON too
_LIST = rf"\[{_NUM}(?:, {_NUM})*\]"
_FLOW = re.compile(rf"\[{_LIST}(?:, {_LIST})*\]")
# what may come before it on its line: indentation, item dashes and a plain key
_BEFORE = re.compile(r" *(?:- )*(?:[A-Za-z_][A-Za-z0-9_ .()'-]*: )?")


def flow_lines(text: str) -> tuple[str, dict[tuple[int, int], str]]:
    """The text with each such list replaced by PLACEHOLDER, and the lists by (line,
    column) of their start (both from 0, as the parser's marks count them)."""
    found: dict[tuple[int, int], str] = {}
    parts: list[str] = []
    done = 0  # text[:done] is in parts
    line, line_start = 0, 0
    at = text.find("[[")
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end == -1 else end
        line += text.count("\n", line_start, start)
        line_start = start
        before = text[start:at]
        if before.endswith(" ") and _BEFORE.fullmatch(before) and _FLOW.fullmatch(text, at, end):
            found[(line, at - start)] = text[at:end]
            parts += [text[done:at], PLACEHOLDER]
            done = end
        at = text.find("[[", end)
    if not found:
        return text, found
    parts.append(text[done:])
    return "".join(parts), found
