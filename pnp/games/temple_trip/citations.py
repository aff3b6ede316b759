"""Temple Trip's LEGEND card checked: it explains every symbol the board draws, each
entry in a shape the card can draw, and its citations found in the rules document."""

from __future__ import annotations

import re
from typing import Any

from pnp.base.errors import Problem
from pnp.games.temple_trip.data import board
from pnp.load.model import Game
from pnp.load.schema import did_you_mean

ENTRY_KEYS = {"symbol", "name", "text", "cite"}
LEGEND_ONLY = {"die": "the die"}  # on the LEGEND card though not on the board
CITE_PART = re.compile(r"^(?:rule (?P<rule>\d+)|(?P<section>[A-Z][A-Z &'/-]*[A-Z])"
                       r"(?: step (?P<step>\d+))?)$")



def board_symbols(game: Game) -> dict[str, str]:
    """Every symbol the board draws (and the cones played on it) → what it is."""
    b = board(game)
    out: dict[str, str] = {}
    for r in b.roads:
        for s in r.squares:
            out[s.kind] = f"road '{s.kind}' squares"
    for r in b.air:
        for s in r.squares:
            kind = "assign-air" if s.kind == "assign" else s.kind
            out[kind] = f"air '{kind}' squares"
    for c in b.cities.values():
        out[c.kind] = f"'{c.kind}' cities"
    if b.roads:
        out["road"] = "roads"
    if b.air:
        out["air"] = "air routes"
    if b.spec.get("flags"):
        out["flag"] = "flags"
    if b.spec.get("banks"):
        out["bank"] = "cone banks"
    cones = game.components.get("cones")
    for item in cones.items if cones else []:
        out[f"cone-{item.fields.get('colour')}"] = f"{item.fields.get('colour')} cones"
    return out


def symbols_of(entry: dict[str, Any]) -> list[str]:
    value = entry.get("symbol")
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


SQUARES = {"open", "zone", "assign", "border", "sky", "calm", "assign-air"}
ALONE = SQUARES | {"slc", "airport", "temple", "flag", "bank", "die"}  # drawn on their own


def drawable(symbols: list[str]) -> bool:
    """The symbols an entry names, as legend-front.svg.j2 can draw them side by side."""
    if len(symbols) == 1:
        return symbols[0] in ALONE
    return len(symbols) == 2 and (symbols == ["road", "air"] or set(symbols) <= SQUARES
                                  or all(s.startswith("cone-") for s in symbols))


def legend_problems(game: Game) -> list[Problem]:
    comp = game.components.get("legend")
    if comp is None or not comp.items:
        return []
    needed = board_symbols(game)
    out: list[Problem] = []
    first = comp.items[0]
    for item in comp.items:
        entries = item.fields.get("entries")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            out.append(item.problem("entries", "must be a list of {symbol, name, text, cite}"))
            continue
        if item is not first and entries != first.fields.get("entries"):
            out.append(item.problem("entries", f"differs from '{first.id}': every LEGEND card is "
                                           "the same complete key"))
        shown = {s for e in entries for s in symbols_of(e)}
        for kind, what in needed.items():
            if kind not in shown:
                out.append(item.problem("entries", f"the board draws {what} (symbol '{kind}'): "
                                               "the LEGEND card does not explain them"))
        for i, e in enumerate(entries):
            for k in sorted(set(e) - ENTRY_KEYS):
                out.append(item.problem(("entries", i), f"unknown key '{k}'"
                                               f"{did_you_mean(k, ENTRY_KEYS)} (an entry has "
                                               "symbol, name, text and cite)"))
            if "symbol" not in e:
                out.append(item.problem(("entries", i), "has no symbol"))
            unknown = [s for s in symbols_of(e) if s not in needed and s not in LEGEND_ONLY]
            for s in unknown if "symbol" in e else []:
                hint = did_you_mean(s, [*needed, *LEGEND_ONLY])
                out.append(item.problem(("entries", i), f"symbol '{s}' is not drawn on the "
                                                    f"board{hint}"))
            if "symbol" in e and not unknown and not drawable(symbols_of(e)):
                got = ", ".join(symbols_of(e))
                out.append(item.problem(("entries", i, "symbol"), "the card draws one symbol, "
                              f"[road, air], two cones or two squares (got [{got}])"))
            for part in cite_parts(str(e.get("cite", ""))):
                if not CITE_PART.match(part):
                    out.append(item.problem(("entries", i), f"cite '{part}': write 'rule N', a "
                                                   "SECTION heading, or 'SECTION step N'"))
    return out


def cite_parts(cite: str) -> list[str]:
    return [p.strip() for p in cite.split("·") if p.strip()]


def headings(text: str) -> dict[str, set[int]]:
    """The document's section headings (upper case, without '#', ':' or '®') → the
    numbered steps under each, up to the next top-level heading."""
    out: dict[str, set[int]] = {}
    top: str | None = None
    for line in text.splitlines():
        m = re.match(r"^(#+)\s*(.+?)\s*$", line)
        if m:
            name = re.sub(r"[:®]", "", m.group(2)).strip().upper()
            out.setdefault(name, set())
            if len(m.group(1)) == 1:
                top = name
            continue
        step = re.match(r"^\s*(\d{1,2})\.\s", line)
        if step and top is not None:
            out[top].add(int(step.group(1)))
    return out


def rules_doc_checks(game: Game, text: str, doc_name: str) -> list[Problem]:
    """Every section a card cites ('BORDER POST', 'SET UP step 2') is a heading of the
    document, and the step is numbered under it."""
    found = headings(text)
    out: list[Problem] = []
    for comp in game.components.values():
        for item in comp.items:
            entries = item.fields.get("entries")
            if not isinstance(entries, list):
                continue
            for i, e in enumerate(entries):
                if not isinstance(e, dict):
                    continue
                for part in cite_parts(str(e.get("cite", ""))):
                    m = CITE_PART.match(part)
                    if not m or not m.group("section"):
                        continue
                    section, step = m.group("section"), m.group("step")
                    if section not in found:
                        out.append(item.problem(("entries", i), f"cites '{section}': {doc_name} "
                                                       f"has no such section"
                                                       f"{did_you_mean(section, found)}"))
                    elif step and int(step) not in found[section]:
                        out.append(item.problem(("entries", i), f"cites '{part}': {doc_name} has "
                                                       f"no step {step} under {section}"))
    return out
