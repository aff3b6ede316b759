"""Cross-check a game's expectations against its rules document.

Each expectation may carry a `phrase` with `{n}` where the number stands, e.g.
"all {n} cards". The phrase is looked up in the document (case, quotes and spacing
ignored; the number may be written in digits or words, English, German or French) and
the number found there is compared with the content's expected count.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from pnp.base.errors import Problem
from pnp.load.model import Game

_UNITS_EN = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TENS_EN = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18, "twenty": 20,
    "ein": 1, "eine": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6,
    "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12,
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8,
    "neuf": 9, "dix": 10, "onze": 11, "douze": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "nineteen": 19,
}
NUMBER_WORDS.update(_TENS_EN)
NUMBER_WORDS.update({f"{t}-{u}": v + i + 1 for t, v in _TENS_EN.items()
                     for i, u in enumerate(_UNITS_EN)})
_WORDS = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_NUMBER = rf"(\d+(?:\s*[+,]\s*\d+)*|{_WORDS})"


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFC", text).lower()
    text = re.sub(r"[‘’`´]", "'", text)
    text = re.sub(r"[“”„«»]", '"', text)
    text = text.replace("×", "x").replace("\u00a0", " ")
    text = re.sub(r"\*+|(?<!\w)_+|_+(?!\w)", "", text)  # markdown emphasis
    text = text.replace("®", "")
    return re.sub(r"\s+", " ", text)


def _value(found: str) -> int | list[int]:
    if found in NUMBER_WORDS:
        return NUMBER_WORDS[found]
    numbers = [int(n) for n in re.findall(r"\d+", found)]
    return numbers[0] if len(numbers) == 1 else numbers


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    parts = normalise(phrase).split("{n}")
    body = _NUMBER.join(re.escape(p) for p in parts)
    return re.compile(rf"(?<![\w]){body}" if body[:1].isalnum() else body)


def read_document(path: Path) -> str:
    from pnp.load.safeio import MAX_DOCUMENT_BYTES, read_bytes

    return read_bytes(path, MAX_DOCUMENT_BYTES, "rules document").decode("utf-8",
                                                                        errors="replace")


def cross_check(game: Game, doc_path: Path) -> tuple[list[Problem], int]:
    """Problems found, and how many expectations the document confirmed. Expectations
    without a phrase (facts of a component set, or derived counts) are not looked up."""
    doc = normalise(read_document(doc_path))
    problems: list[Problem] = []
    confirmed = 0
    src = game.source
    missing: list[Problem] = []  # phrases the document does not hold
    phrased = 0
    for i, exp in enumerate(game.spec.expectations):
        if not exp.phrase:
            continue
        key = ("expectations", i, "phrase")
        where = (str(src.path), src.line(key), f"expectations[{i}].phrase")
        if "{n}" not in exp.phrase:
            problems.append(Problem("error", *where, "phrase must contain {n} where the "
                                    "number stands"))
            continue
        phrased += 1
        matches = [m.group(1) for m in phrase_pattern(exp.phrase).finditer(doc)]
        if not matches:
            missing.append(Problem("warning", *where,
                                   f"'{exp.phrase}' not found in {doc_path.name} "
                                   f"(expectation '{exp.id}')"))
            continue
        values = [_value(m) for m in matches]
        expected = exp.count
        if isinstance(expected, list) and len(set(map(str, expected))) == 1 \
                and not any(isinstance(v, list) for v in values):
            expected = expected[0]  # "each deck has 18" states one number for all
        if expected in values:
            confirmed += 1
            continue
        problems.append(Problem("error", *where,
                                f"{doc_path.name} says {values[0]} for '{exp.phrase}', "
                                f"the content expects {exp.count} (expectation '{exp.id}')"))
    if phrased >= 3 and len(missing) == phrased:  # not one: another game's document
        problems.append(Problem(
            "error", str(doc_path), None, None,
            f"holds none of the {phrased} phrases {game.spec.name}'s expectations look for "
            f"(such as '{next(e.phrase for e in game.spec.expectations if e.phrase)}'): is it "
            f"the rules of {game.spec.name}? (--rules-doc)"))
        return problems, confirmed
    problems.extend(missing)
    from pnp.load.hooks import hooks_for

    hook = hooks_for(game.id).rules_doc_checks
    if hook is not None:
        problems.extend(hook(game, read_document(doc_path), doc_path.name))
    return problems, confirmed
