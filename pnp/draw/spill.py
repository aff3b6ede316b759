"""A large component's faces kept on disk until their pages are drawn.

From SPILL_FROM items on, the faces do not wait in memory for their pages. Each range of
the items (every one in a worker when there are workers, this process waiting) is parsed
a block at a time, and each block, packed as faceparts packs it, goes to a temporary file
of its own; only the uses of every layer and what rendering noted come back. The deck is
then drawn from the files a block at a time (`Spilled`), so a 10,000-card deck holds a
block of faces, not all of them. The PDF's bytes are those of faces held in memory: the
same faces, in the same order, with the same uses counted before the first is drawn."""

from __future__ import annotations

import pickle
import tempfile
from collections.abc import Callable, Iterator, Sequence
from typing import IO

from pnp.base.workers import forked_map
from pnp.draw.batches import (
    Noted,
    Parse,
    Parsed,
    counting_into,
    lanes_for,
    noted_since,
    pack,
    split,
    take_notes,
    unpack,
)
from pnp.layout.pages import Who
from pnp.render.layers import Face, LayerStore

SPILL_FROM = 2_000  # printed items: from here parsed faces wait on disk for their pages
BLOCK = 450  # items parsed, packed and written to disk at a time


class NoRoom(Exception):
    """A temporary file could not be made or written (TMPDIR missing, read-only, full):
    the faces are held in memory instead."""


class Spilled:
    """Parsed faces waiting on disk, in item order, then `extend`ed ones held here. Read
    once, a block at a time: each block's layers join the store just before its faces
    are handed out. `close` (also when the drawing stops on an error) closes the files
    not read yet."""

    def __init__(self, store: LayerStore, files: list[IO[bytes]], length: int) -> None:
        self._store = store
        self._files = files
        self._length = length
        self._tail: Parsed = []
        self._read = False

    def __len__(self) -> int:
        return self._length + len(self._tail)

    def extend(self, faces: Parsed) -> None:
        self._tail.extend(faces)

    def __iter__(self) -> Iterator[tuple[Face, Face | None, Who, Who]]:
        if self._read:
            raise RuntimeError("spilled faces are read once")
        self._read = True
        while self._files:
            with self._files[0] as file:
                file.seek(0)
                while True:
                    try:
                        packed = pickle.load(file)  # noqa: S301 (written by this build)
                    except EOFError:
                        break
                    parsed, layers = unpack(packed)
                    self._store.adopt(layers, origins=True)
                    yield from parsed
            self._files.pop(0)
        yield from self._tail

    def close(self) -> None:
        for file in self._files:
            file.close()
        self._files.clear()


def spill(store: LayerStore, items: Sequence[object],
          parse_range: Callable[[Parse, Sequence[object]], Parsed],
          add_uses: Callable[[dict[str, int]], None], notes: list) -> Spilled:
    """Every range parsed a block at a time into a temporary file of its own (made here,
    so a forked worker writes the file this process reads), each block with a store of
    its own: what a block packs is all its faces need, and no process holds more than a
    block of layers. A layer shared across blocks (the back) is split once a block and
    taken once. `add_uses` hears the uses of the layers; `notes` (Renderer.overflows)
    gets what rendering noted, in item order. Raises NoRoom when the files fail."""
    ranges = split(items, lanes_for(items))
    files: list[IO[bytes]] = []
    spilled = Spilled(store, files, len(items))
    try:
        try:
            files += [tempfile.TemporaryFile(prefix="pnp-faces-") for _ in ranges]
        except OSError as exc:
            raise NoRoom(str(exc)) from exc

        def part(i: int) -> tuple[dict[str, int], Noted]:
            uses: dict[str, int] = {}
            before = len(notes)
            for start in range(0, len(ranges[i]), BLOCK):
                own = LayerStore(store.reference_root)
                parsed = parse_range(counting_into(own, uses), ranges[i][start:start + BLOCK])
                _write(files[i], pack(parsed, own.export()))
            try:
                files[i].flush()
            except OSError as exc:
                raise NoRoom(str(exc)) from exc
            return uses, noted_since(notes, before)

        for uses, noted in forked_map(part, len(ranges)):  # in order, as one process counts
            add_uses(uses)
            take_notes(notes, noted)
    except BaseException:
        spilled.close()
        raise
    return spilled


def _write(file: IO[bytes], packed: object) -> None:
    try:
        pickle.dump(packed, file, pickle.HIGHEST_PROTOCOL)
    except OSError as exc:
        raise NoRoom(str(exc)) from exc


def pages_of(faces: Parsed | Spilled, per: int) -> Iterator[list]:
    """The faces `per` at a time, in order. A list is cut up at once and let go of (each
    chunk is emptied once drawn); spilled faces are read as their pages come."""
    if isinstance(faces, list):
        chunks = [faces[i:i + per] for i in range(0, len(faces), per)]
        faces.clear()
        yield from chunks
        return
    chunk: list = []
    for face in faces:
        chunk.append(face)
        if len(chunk) == per:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
