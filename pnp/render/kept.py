"""What rendering keeps between runs (pnp.base.cache): svglib's drawings of layers.

A drawing is the costly part of a build: ~40 % of a deck's time goes to svglib reading a
layer's SVG into shapes, while reading its pickled shapes back takes 1/50 of that. It is
keyed by its layer's content (the SVG the layer holds, after normalising: LayerStore's
key), the folder its images are found from and the content of each image file it names,
plus the cache's fingerprint (pnp's source, the libraries' versions). The PDF drawn from
a drawing read back is the one drawn from a new one, byte for byte; what svglib said it
could not draw is kept with it, and apart from it (`said`: all `pnp validate` needs of a
layer whose findings are kept), and so is what it prints (`mapped`, for preflight). Any
failure to read or keep an entry is a miss: the work is done again."""

from __future__ import annotations

import functools
import marshal
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

from pnp.base import bundle, cache
from pnp.render.svglib_draw import draw_layer

KIND = "drawings"
SAID = "said"  # what svglib could not draw in a layer, beside its drawing
MAPS = "maps"  # what it prints (preflight reads it), beside its drawing


def drawn(layer: etree._Element, reference_root: Path, origin: str | None,
          layer_key: str) -> tuple[Any, list[str]]:
    """svglib's drawing of `layer` and its complaints, from the cache or made and kept."""
    if cache.folder() is None:
        return draw_layer(layer, reference_root, origin)
    key = _key(layer, reference_root, origin, layer_key)
    data = cache.get(KIND, key)
    if data is not None:
        try:
            drawing, complaints = pickle.loads(data)
            return drawing, list(complaints)
        except Exception:  # an entry of another make: drawn again, and replaced
            pass
    made = draw_layer(layer, reference_root, origin)
    try:
        payload = pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a drawing holding what cannot be kept: drawn every time
        return made
    cache.put(KIND, key, payload)
    return made


def said(layer: etree._Element, reference_root: Path, origin: str | None, layer_key: str,
         draw: Callable[[], list[str]]) -> list[str]:
    """What svglib could not draw in `layer`, kept apart from its drawing (`pnp validate`
    reads only this of a layer whose findings are kept: no drawing unpickled for it);
    `draw` draws the layer and says it, on a miss (and always outside validate)."""
    def load(data: bytes) -> list[str]:
        found = marshal.loads(data)
        if type(found) is not list or not all(type(line) is str for line in found):
            raise ValueError("not a list of lines")
        return found

    return _bundled(SAID, layer, reference_root, origin, layer_key, lambda: list(draw()),
                    marshal.dumps, load)


def mapped(layer: etree._Element, reference_root: Path, origin: str | None, layer_key: str,
           make: Callable[[], Any]) -> Any:
    """What a layer drawn by svglib prints (inkmap.LayerMap, for preflight), kept beside
    its drawing: neither unpickled nor walked again; `make` works it out on a miss (and
    always outside validate)."""
    return _bundled(MAPS, layer, reference_root, origin, layer_key, make,
                    lambda found: pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL),
                    pickle.loads)


def _bundled(kind: str, layer: etree._Element, reference_root: Path, origin: str | None,
             layer_key: str, make: Callable[[], Any], dump: Callable[[Any], bytes],
             load: Callable[[bytes], Any]) -> Any:
    """A layer's `kind` of result from this run's bundle (pnp validate), else made by
    `make` and kept; an entry that does not load is made again and replaced, a result
    that cannot be kept is made each run."""
    kept = bundle.find(kind, str(reference_root))
    if kept is None:
        return make()
    key = _key(layer, reference_root, origin, layer_key)
    data = kept.get(key)
    if data is not None:
        try:
            return load(data)
        except Exception:  # noqa: BLE001 - an entry of another make: made again, replaced
            pass
    found = make()
    try:
        kept.put(key, dump(found))
    except Exception:  # noqa: BLE001 - what cannot be kept: made each run
        pass
    return found


def _key(layer: etree._Element, reference_root: Path, origin: str | None,
         layer_key: str) -> str:
    return cache.key(KIND, layer_key, str(reference_root), origin,
                     _images(layer, reference_root))


def _images(layer: etree._Element, reference_root: Path) -> list[tuple[str, str]]:
    """Each file the layer links to (an image), with the hash of its content."""
    found = []
    for el in layer.iter():
        for name, value in el.attrib.items():
            if not name.endswith("href") or value.startswith(("#", "data:")):
                continue
            path = os.path.join(reference_root, value.removeprefix("file://"))
            found.append((value, digests().tree(path)))
    if found:
        digests().save()
    return found


@functools.cache
def digests() -> cache.Digests:
    return cache.Digests()
