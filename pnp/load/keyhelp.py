"""One line about each content key for designers: what an editor shows on hover and the
reference page (docs/reference.md) lists. The models' own comments describe the keys
this table leaves out; tests/test_schema_reference.py holds that every key, component
kind and field type has a line from one or the other."""

from __future__ import annotations

import ast
import functools
import inspect
import io
import textwrap
import tokenize

from pnp.base.units import CARD_SIZES


def _sizes() -> str:
    presets = ", ".join(f"{name} ({w * 25.4 / 72:g} x {h * 25.4 / 72:g} mm)"
                        for name, (w, h) in CARD_SIZES.items())
    return (f"the items' trim size: a preset, {presets}, or a size with units such as "
            "63.5mm x 88mm, or 32mm for a square; default poker")


KINDS = {  # what each component kind prints
    "deck": "cards: many items of one size, laid out with bleed and crop marks, with backs "
            "that line up when printed double-sided",
    "tiles": "tiles: as a deck, typically square pieces of any size",
    "tokens": "tokens: small pieces, round with shape: circle; may print_with another "
              "component to use its last sheet's spare space",
    "sheet": "a one-off page (a setup guide, a reference) drawn from one template, without "
             "items",
    "pad": "a pad of score sheets: one sheet drawn once, with an overlay template for what "
           "changes per sheet",
    "board": "a board larger than the paper, tiled onto pages with overlaps, alignment "
             "marks and an assembly index, plus a one-page poster",
}

FIELD_TYPES = {  # what an item's value of each field type must be
    "text": "text; with translated: true, also one text per language ({en: ..., de: ...})",
    "int": "a whole number, within min..max when they are given",
    "number": "a number (decimals allowed), within min..max when they are given",
    "bool": "true or false",
    "choice": "one of the field's choices (a choice written as digits may be a number)",
    "data": "any YAML value (lists, mappings), read by the templates; a game's own code "
            "may give it a shape",
    "image": "the path of an icon file inside the game folder: .svg, .png or .jpg (pnp "
             "checks that it is there and can be drawn)",
}

MODELS = "pnp.load.model"  # the table's lines are about its models (a game's are its own)
VALUES = {"ComponentSpec.kind": KINDS, "FieldSpec.type": FIELD_TYPES}  # a line per value

KEYS = {  # "Model.key": its line, where the model's comment is for programmers or absent
    "GameSpec.id": "the game's id, by custom its folder's name; a game's own code is "
                   "registered under it",
    "GameSpec.name": "the game's name, printed on its pages' info line",
    "GameSpec.rules": "the file name of the rules document the expectations come from",
    "GameSpec.components": "what is printed: each component by its id (cards, tiles ...)",
    "GameSpec.expectations": "every count the rules state, each checked against the "
                             "content by pnp validate",
    "GameSpec.data": "values the templates and the game's code read (colours, names, "
                     "tables); a game's code may give it a shape",
    "GameSpec.description": "what the game is, in a sentence or two",
    "GameSpec.preflight": "physical relations between printed pieces, and known gaps",
    "ComponentSpec.kind": "what is printed: deck, tiles, tokens, sheet, pad or board "
                          "(see Component kinds)",
    "ComponentSpec.title": "the component's name, printed on its pages' info line",
    "ComponentSpec.front": "the template of the items' fronts (a *.svg.j2 file in the "
                           "game's templates/ or templates/common/)",
    "ComponentSpec.file": "the file of the items, in the game folder (decks, tiles and "
                          "tokens need one)",
    "ComponentSpec.items_key": "the key the items are listed under in that file; "
                               "default: the component's id",
    "ComponentSpec.size": _sizes(),
    "ComponentSpec.shape": "rect, or circle for round tokens (cut as discs)",
    "ComponentSpec.back": "the template of the items' backs; leave the key out for none",
    "ComponentSpec.fields": "what each item holds: field name to its type and rules "
                            "(see Field types)",
    "ComponentSpec.orientation": "sheets: portrait or landscape",
    "ComponentSpec.description": "what the component is, shown by pnp list",
    "ComponentSpec.preflight": "what preflight holds this component to, beyond the "
                               "defaults",
    "FieldSpec.type": "the kind of value (see Field types)",
    "FieldSpec.choices": "the values a choice field allows",
    "FieldSpec.min": "the least value of an int or number field",
    "FieldSpec.max": "the greatest value of an int or number field",
    "FieldSpec.required": "false: an item may leave the field out",
    "FieldSpec.help": "a line about the field for designers (shown by editors)",
    "Expectation.id": "the expectation's id, named in its messages",
    "Expectation.what": "what is counted, in words (\"cards in the game\")",
    "Expectation.section": "the rules' section that states the count",
    "Expectation.count": "the number the rules state (a list when a measure gives "
                         "several)",
    "Expectation.component": "the component whose items are counted (copies included)",
    "Expectation.where": "count only items whose fields have these values "
                         "({border: red})",
    "Expectation.per": "group the items by this field: every group must hold count",
    "Expectation.groups": "with per: how many different values the field must have",
    "Expectation.check": "a measure instead of a count: data.KEY (a value in data) or a "
                         "measure the game's code names",
    "Expectation.phrase": "the words that state the number in the rules document, {n} "
                          "for the number (checked by pnp validate --rules-doc)",
    "GameChecks.fits": "physical relations preflight measures on the built pieces",
    "GameChecks.known_gaps": "preflight findings a later issue fixes: warnings until then",
    "Fit.id": "the relation's id, named in its messages",
    "Fit.what": "what must fit, in words",
    "Fit.piece": "what is placed: a component id, component:part (a part its templates "
                 "tag part:NAME), or a size such as 8mm or 8mm x 5mm",
    "Fit.space": "where it goes: a component id, component:part, or a size",
    "Fit.relation": "fits (count pieces side by side), same (the same width) or spacing "
                    "(a piece plus clearance within the space's width)",
    "Fit.count": "how many pieces side by side",
    "Fit.clearance": "room around each piece (a length)",
    "Fit.tolerance": "how far a measure may miss (a length)",
    "KnownGap.check": "the preflight check that finds it (fits, colour-cues ...)",
    "KnownGap.issue": "the issue that will fix it: \"issue N: what will close it\"",
    "KnownGap.component": "only this component's findings",
    "KnownGap.fit": "only this fit relation's findings",
    "KnownGap.attribute": "only this tell_apart attribute's findings",
    "Item.id": "the item's id, unique in the game (text or a number)",
    "Item.copies": "how many times the item is printed: 1..1000",
    "Item.replaces": "a custom file's item: the id of the shipped card it prints instead "
                     "of (as --replace)",
}


def explain(model: type, key: str, attr: str | None = None) -> str | None:
    """The line about `key` of a model: this table's, else the comment beside the field
    (`attr`: its name in Python, when the YAML key differs)."""
    line = KEYS.get(f"{model.__name__}.{key}") if model.__module__ == MODELS else None
    return line or field_comments(model).get(attr or key)


def docstring(cls: type) -> str | None:
    """A model's docstring as one paragraph (not the signature dataclass writes)."""
    doc = cls.__doc__
    if not doc or doc.startswith(f"{cls.__name__}("):
        return None
    return " ".join(inspect.cleandoc(doc).split())


@functools.cache
def field_comments(cls: type) -> dict[str, str]:
    """The comments written beside a model's fields: a comment on the field's line, the
    comment lines that continue it, or comment lines just above the field."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):  # no source (a frozen install): no descriptions
        return {}
    body = ast.parse(source).body[0]
    rows = {}  # source line -> field name
    for node in getattr(body, "body", []):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                rows[line] = node.target.id
    indent = min((n.col_offset for n in getattr(body, "body", [])
                  if isinstance(n, ast.AnnAssign)), default=4)
    notes: dict[str, list[str]] = {}
    above: list[str] = []
    last: str | None = None  # the field whose comment the next comment line continues
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        name = rows.get(tok.start[0])
        if tok.type == tokenize.COMMENT:
            text = tok.string.lstrip("#").strip()
            if name is not None:  # beside a field
                notes.setdefault(name, []).append(text)
                last = name
            elif last is not None and (tok.start[1] > indent or tok.string.startswith("#  ")):
                notes[last].append(text)  # indented further: it continues the one above
            else:
                above.append(text)
                last = None
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                              tokenize.DEDENT, tokenize.ENDMARKER):
            if name is not None and above:
                notes[name] = above + notes.get(name, [])
            above = []
            if name != last:
                last = None
    return {name: " ".join(parts) for name, parts in notes.items()}
