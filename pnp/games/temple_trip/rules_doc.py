"""Temple Trip's rules document checked against the cards: every rule number a card prints
is numbered in the document, the LEGEND card's citations name its sections
(citations.py), and the document's own cross-references ("agreed in 3 above") point to
the rule that says it."""

from __future__ import annotations

import re

from pnp.base.errors import Problem
from pnp.games.temple_trip import citations as legend_checks
from pnp.load.model import Game, Item

RULE_REF = re.compile(r"\brule (\d+)\b", re.IGNORECASE)


def rule_refs(game: Game) -> list[tuple[Item, str, int]]:
    """(item, field, rule number) for every 'rule N' printed on a card."""
    refs = []
    for comp in game.components.values():
        for item in comp.items:
            for field, value in item.fields.items():
                texts = [value] if isinstance(value, str) else \
                    [str(v) for e in value for v in e.values()] if isinstance(value, list) \
                    and all(isinstance(e, dict) for e in value) else []
                for text in texts:
                    refs.extend((item, field, int(m.group(1))) for m in RULE_REF.finditer(text))
    return refs


_STOP = set("that this with from have they their them then when will must into your only also "
            "there other before after which where what each over some such more than about "
            "above rule rules".split())


def _stems(text: str) -> set[str]:
    from pnp.check.rules_doc import normalise

    return {w[:5] for w in re.findall(r"[a-z]{4,}", normalise(text)) if w not in _STOP}


def numbered_rules(text: str) -> dict[int, str]:
    """The document's numbered rules ("10. There are ...") with their text."""
    rules: dict[int, str] = {}
    current = None
    for line in text.splitlines():
        m = re.match(r"^\s*(\d{1,2})\.\s+(.*)", line)
        if m:
            current = int(m.group(1))
            rules[current] = m.group(2)
        elif line.startswith("#"):
            current = None
        elif current is not None:
            rules[current] += " " + line
    return rules


def rules_doc_checks(game: Game, text: str, doc_name: str) -> list[Problem]:
    """Rule numbers printed on cards must exist in the document; and the document's own
    cross-references ("agreed in 3 above") are checked against what each rule says."""
    from pnp.check.rules_doc import normalise

    rules = numbered_rules(text)
    out: list[Problem] = legend_checks.rules_doc_checks(game, text, doc_name)
    for item, field, n in rule_refs(game):
        if n not in rules:
            out.append(item.problem(field, f"rule {n} is not in {doc_name} (it numbers "
                                       f"{min(rules, default=0)}-{max(rules, default=0)})"))
    for n, body in sorted(rules.items()):
        flat = normalise(body)
        for m in re.finditer(r"(\w+)\s+in\s+(\d{1,2})\)?\s+above", flat):
            key, ref = m.group(1), int(m.group(2))
            stem = key[:5]
            holders = [k for k, v in rules.items() if k < n and stem in _stems(v)]
            if ref in rules and stem not in _stems(rules[ref]) and len(holders) == 1:
                out.append(Problem("warning", doc_name, None, f"rule {n}",
                                   f"the document's rule {n} points to '{key} in {ref} above', "
                                   f"but that is rule {holders[0]}"))
                continue
            start = flat.rfind(".", 0, m.start()) + 1
            words = _stems(flat[start:m.end() + 120])
            scores = {k: len(words & _stems(v)) / max(1, len(words))
                      for k, v in rules.items() if k < n}
            best = max(scores, key=lambda k: scores[k], default=ref)
            if best != ref and scores[best] >= scores.get(ref, 0) + 0.1:
                out.append(Problem("warning", doc_name, None, f"rule {n}",
                                   f"the document's rule {n} points to rule {ref} ('{key} in "
                                   f"{ref} above'), but what it describes is in rule {best}"))
    return out
