"""`pnp export --format tts`: a Tabletop Simulator saved object that loads the game's
pieces from local image files.

Follows TTS's save-file format (kb.tabletopsimulator.com, "Save File Format" and
"Custom Deck"): a deck is a `DeckCustom` whose `CustomDeck` maps a sheet number N to its
face sheet, back and grid; each card is a `Card` with CardID = N * 100 + its index on the
sheet (left to right, top to bottom), and `DeckIDs` lists every printed copy. A sheet holds
at most 10 x 7 cards and 4096 px a side (the engine's texture limit), so the card pixel
size is scaled down to fit; with BackIsHidden the whole grid holds cards. Backs that differ
per card make a back sheet of the same grid (UniqueBack). Tiles, tokens, boards and sheets
are `Custom_Tile`s (box, or circle for round items), one object per printed copy, each
with its own images: TTS's guide prefers tiles to tokens, and a tile carries both sides.
A sheet of several pages (a booklet) is a `Custom_PDF` of the PDF `pnp build` prints,
which TTS shows a page at a time.

Sizes and proportions: a Custom_Tile with `CustomTile.Stretch: true` is a square and its
image is stretched onto it ("Stretch Aspect Ratio: If the source image is stretched to make
for a symmetrical tile", kb.tabletopsimulator.com/custom-content/custom-tile), and a save
may scale an object "separately in each axis" (the Save File Format page). So every tile
keeps `Stretch: true` and carries its proportions in `Transform.scaleX` (the image's width)
and `scaleZ` (its height): the board, sheets, player boards and pawns load at their true
proportions, as public saves do (SCED's 25 x 2.26 panel tile). `Stretch: false` would let
TTS size the tile from the image instead, but neither the docs nor the saves (which record
`WidthScale: 0` for such tiles) say which side it keeps, so the size would be a guess.
A card's proportions come from its sheet's grid ("Decks can be square or rectangular,
depending on dimensions of card sheet", Custom Deck). TTS shows a card at scale 1 at
about 3.5 in tall and a tile at scale 1 at about 1.32 in a side (measured by players; TTS
does not document it), so the scales below keep every piece in proportion to a poker card.
The JSON is the same for the same input and --out."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

from pnp.export.collect import ITEM_KINDS, Entry, Part
from pnp.export.draw import Page, faces_pdf, new_image, page_sizes, pixels, png_bytes, rasterize

MAX_SIDE = 4096  # px, a sheet or an image
COLS, ROWS = 10, 7  # the largest custom-deck grid
CARD_HEIGHT_IN = 3.5  # a card at scale 1
TILE_SIDE_IN = 1.318  # a tile at scale 1 (a square, with Stretch)
THICKNESS = 0.1


class _Guids:
    """Six hex digits from the object's path, unique within the file."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def __call__(self, what: str) -> str:
        n = 0
        while True:
            guid = hashlib.sha256(f"{what}#{n}".encode()).hexdigest()[:6]
            if guid not in self.seen:
                self.seen.add(guid)
                return guid
            n += 1


def _transform(x: float, z: float, scale: float, face_down: bool = False,
               scale_z: float | None = None) -> dict[str, float]:
    """A uniform `scale`, or `scale` across (X) and `scale_z` along (Z) for a tile."""
    return {"posX": round(x, 3), "posY": 1.0, "posZ": round(z, 3), "rotX": 0.0,
            "rotY": 180.0 if face_down else 0.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": round(scale, 4), "scaleY": 1.0,
            "scaleZ": round(scale if scale_z is None else scale_z, 4)}


def _tile_transform(x: float, z: float, size: tuple[float, float]) -> dict[str, float]:
    """A square Stretch tile scaled to `size` (points, width x height) in each axis."""
    return _transform(x, z, size[0] / 72 / TILE_SIDE_IN, scale_z=size[1] / 72 / TILE_SIDE_IN)


def _object(name: str, guid: str, nickname: str, transform: dict[str, float],
            **fields: Any) -> dict[str, Any]:
    return {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname,
            "Description": "", "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
            "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "MeasureMovement": False, "DragSelectable": True, "Autoraise": True,
            "Sticky": True, "Tooltip": True, "GridProjection": False,
            "HideWhenFaceDown": name in ("Card", "DeckCustom"),
            "Hands": name in ("Card", "DeckCustom"), **fields,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def grid(count: int) -> tuple[int, int]:
    """(columns, rows) of a sheet of `count` cards (at most 70)."""
    cols = min(COLS, count)
    return cols, math.ceil(count / cols)


def card_pixels(trim: tuple[float, float], dpi: int, cols: int, rows: int) -> tuple[int, int]:
    """A card's pixels: its size at `dpi`, scaled down so the sheet fits 4096 px."""
    w, h = pixels(trim[0], dpi), pixels(trim[1], dpi)
    scale = min(1.0, MAX_SIDE / (cols * w), MAX_SIDE / (rows * h))
    return max(1, math.floor(w * scale)), max(1, math.floor(h * scale))


def tile_pixels(trim: tuple[float, float], dpi: int) -> tuple[int, int]:
    """A tile image's pixels: the short side at `dpi` (less if the long side would pass
    4096 px), the long side from it at the trim's proportions. Rounding each side on its
    own would put an 8.5 x 36.4 mm pawn at 33 x 143 px (1.2 % off its shape) at 100 dpi."""
    short, long = sorted(trim)
    a = max(1, pixels(short, min(dpi, MAX_SIDE * 72 / long)))
    b = min(MAX_SIDE, max(1, math.floor(a * long / short + 0.5)))
    return (a, b) if trim[0] <= trim[1] else (b, a)


class _Layout:
    """Objects placed in rows on the table, left to right (about an inch a unit)."""

    def __init__(self) -> None:
        self.x, self.z, self.row = -24.0, 14.0, 0.0

    def place(self, w_in: float, h_in: float) -> tuple[float, float]:
        if self.x + w_in > 24 and self.x > -24:
            self.x, self.z, self.row = -24.0, self.z - self.row - 1, 0.0
        spot = (self.x + w_in / 2, self.z - h_in / 2)
        self.x += w_in + 1
        self.row = max(self.row, h_in)
        return spot


def export(folder: Path, parts: list[Part], dpi: int, game_id: str,
           final_dir: Path) -> tuple[list[tuple[str, bytes]], dict[str, Any]]:
    """(file name, bytes) for the images and `<game>.json`; what each deck holds and how
    many tiles there are."""
    files: list[tuple[str, bytes]] = []
    objects: list[dict[str, Any]] = []
    decks: list[dict[str, Any]] = []
    pdfs: list[dict[str, Any]] = []
    guid, layout = _Guids(), _Layout()
    next_sheet = 1

    def uri(name: str) -> str:
        return (final_dir / name).resolve().as_uri()

    for part in parts:
        w_in, h_in = part.trim[0] / 72, part.trim[1] / 72
        if part.kind == "deck":
            made, described, next_sheet = _deck(folder, part, dpi, next_sheet, uri, guid)
            files += made
            x, z = layout.place(w_in, h_in)
            scale = max(w_in, h_in) / CARD_HEIGHT_IN
            for obj in described["objects"]:
                obj["Transform"] = _transform(x, z, scale, True)
                for card in obj.get("ContainedObjects", []):
                    card["Transform"] = _transform(x, z, scale, True)
                objects.append(obj)
            decks.append(described["summary"])
        elif part.kind in ITEM_KINDS or part.kind == "board":
            made, tiles, shown = _tiles(folder, part, dpi, uri, guid)
            files += made
            for tile in tiles:
                x, z = layout.place(shown[0] / 72, shown[1] / 72)
                tile["Transform"] = _tile_transform(x, z, shown)
                tile["Locked"] = part.kind == "board"
                objects.append(tile)
        elif part.kind == "sheet" and part.pdf is not None:
            sizes = page_sizes(part.pdf)
            pw, ph = sizes[0]
            if len(sizes) > 1:  # a booklet: its PDF, read a page at a time in TTS
                name = f"{part.name}/{part.name}.pdf"
                files.append((name, part.pdf))
                pdfs.append({"component": part.comp_id, "path": name, "pages": len(sizes)})
                x, z = layout.place(pw / 72, ph / 72)
                objects.append(_object("Custom_PDF", guid(name), part.title, _transform(
                    x, z, ph / 72 / TILE_SIDE_IN), CustomPDF={
                        "PDFUrl": uri(name), "PDFPassword": "", "PDFPage": 0,
                        "PDFPageOffset": 0}))
                continue
            scale = min(1.0, MAX_SIDE / max(pixels(pw, dpi), pixels(ph, dpi))) * dpi / 72
            size = (max(1, math.floor(pw * scale)), max(1, math.floor(ph * scale)))
            name = f"{part.name}/{part.name}.png"
            files.append((name, png_bytes(next(rasterize(part.pdf, [(*size, scale)])))))
            shown = (size[0] / scale, size[1] / scale)  # points the image covers
            x, z = layout.place(shown[0] / 72, shown[1] / 72)
            objects.append(_tile(part, name, None, uri, guid(name), part.title,
                                 _tile_transform(x, z, shown)))
    save = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": objects}
    files.append((f"{game_id}.json",
                  (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode()))
    tiles = sum(1 for o in objects if o["Name"] == "Custom_Tile")
    return files, {"decks": decks, "tiles": tiles, "pdfs": pdfs}


def _draw(folder: Path, part: Part, svgs: list[tuple[str, str]], size: tuple[int, int]) -> list:
    """Each (SVG, template) drawn at `size` px over the trim, as Pillow images."""
    scale = size[0] / part.trim[0]
    pages = [Page(svg, origin, size[0] / scale, size[1] / scale) for svg, origin in svgs]
    return list(rasterize(faces_pdf(folder, pages, part.title),
                          [(*size, scale)] * len(pages)))


def _deck(folder: Path, part: Part, dpi: int, first: int, uri, guid) -> tuple:
    chunks = [list(range(i, min(i + COLS * ROWS, len(part.entries))))
              for i in range(0, len(part.entries), COLS * ROWS)]
    cols, rows = grid(len(chunks[0]))
    card = card_pixels(part.trim, dpi, cols, rows)
    shared = part.shared_back
    files: list[tuple[str, bytes]] = []
    custom: dict[str, dict[str, Any]] = {}
    back_single = None
    if shared is not None or part.entries[0].back is None:
        back_single = f"{part.name}/back.png"
        image = _draw(folder, part, [(shared, part.back_origin)], card)[0] if shared \
            else new_image(*card)
        files.append((back_single, png_bytes(image)))
    for n, chunk in enumerate(chunks):
        key = str(first + n)
        c, r = grid(len(chunk))
        sheets = {"faces": [(part.entries[i].front, part.front_origin) for i in chunk]}
        if back_single is None:
            sheets["backs"] = [(str(part.entries[i].back), part.back_origin) for i in chunk]
        names = {}
        for side, svgs in sheets.items():
            sheet = new_image(c * card[0], r * card[1])
            for slot, image in enumerate(_draw(folder, part, svgs, card)):
                sheet.paste(image, ((slot % c) * card[0], (slot // c) * card[1]))
            names[side] = f"{part.name}/{side}-{n + 1}.png"
            files.append((names[side], png_bytes(sheet)))
        custom[key] = {"FaceURL": uri(names["faces"]),
                       "BackURL": uri(names.get("backs", back_single)),
                       "NumWidth": c, "NumHeight": r, "BackIsHidden": True,
                       "UniqueBack": back_single is None, "Type": 0}
    sideways = part.trim[0] > part.trim[1]
    ids = [(first + i // (COLS * ROWS)) * 100 + i % (COLS * ROWS) for i in part.order]
    cards = [_object("Card", guid(f"{part.name}/{k}"), _names(part.entries[i])[0],
                     _transform(0, 0, 1, True), GMNotes=_names(part.entries[i])[1],
                     CardID=cid, SidewaysCard=sideways,
                     CustomDeck={str(cid // 100): custom[str(cid // 100)]})
             for k, (i, cid) in enumerate(zip(part.order, ids, strict=True))]
    if len(cards) == 1:
        objects = cards
    else:
        objects = [_object("DeckCustom", guid(part.name), part.title, _transform(0, 0, 1, True),
                           SidewaysCard=sideways, DeckIDs=ids, CustomDeck=custom,
                           ContainedObjects=cards)]
    summary = {"component": part.comp_id, "cards": len(ids), "distinct": len(part.entries),
               "sheets": {k: [v["NumWidth"], v["NumHeight"]] for k, v in custom.items()},
               "card_px": list(card)}
    return files, {"objects": objects, "summary": summary}, first + len(chunks)


def _tiles(folder: Path, part: Part, dpi: int, uri, guid) -> tuple[list, list, tuple]:
    """One image per face (at most 4096 px a side), one Custom_Tile per printed copy, and
    the size (points) the images cover: the trim's width, and the height their whole
    pixels cover at that scale (within half a pixel of the trim), so a tile scaled to it
    shows its image undistorted."""
    size = tile_pixels(part.trim, dpi)
    shared = part.shared_back
    jobs = [(f"{part.name}/{e.name}-front.png", e.front, part.front_origin)
            for e in part.entries]
    jobs += [(f"{part.name}/{e.name}-back.png", e.back, part.back_origin)
             for e in part.entries if e.back is not None and shared is None]
    if shared is not None:
        jobs.append((f"{part.name}/back.png", shared, part.back_origin))
    images = _draw(folder, part, [(svg, origin) for _, svg, origin in jobs], size)
    files = [(name, png_bytes(image)) for (name, _, _), image in zip(jobs, images, strict=True)]
    tiles = []
    for k, i in enumerate(part.order):
        entry = part.entries[i]
        back = None if entry.back is None else (
            f"{part.name}/back.png" if shared is not None else f"{part.name}/{entry.name}-back.png")
        nickname, notes = _names(entry)
        tiles.append(_tile(part, f"{part.name}/{entry.name}-front.png", back, uri,
                           guid(f"{part.name}/{k}"), nickname, {}, GMNotes=notes))
    return files, tiles, (part.trim[0], size[1] * part.trim[0] / size[0])


def _names(entry: Entry) -> tuple[str, str]:
    """A piece's Nickname (its title, as players call it: "First Light", not "c01") and its
    GM notes: the content id, so a piece can still be traced to its line."""
    return entry.title or entry.item_id, entry.item_id


def _tile(part: Part, front: str, back: str | None, uri, guid: str, nickname: str,
          transform: dict[str, float], **fields: Any) -> dict[str, Any]:
    return _object("Custom_Tile", guid, nickname, transform, **fields, CustomImage={
        "ImageURL": uri(front), "ImageSecondaryURL": uri(back) if back else "",
        "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {"Type": 2 if part.shape == "circle" else 0, "Thickness": THICKNESS,
                       "Stackable": False, "Stretch": True}})
