"""Faces split into layers, kept between runs (pnp.base.cache) by `pnp validate`: a warm
validate after one edit parses, normalises and checks only the documents the edit
changed (a sixth of a warm run).

What `LayerStore._parse` finds of a document (its size, its layers' keys, and for each
layer its text runs or the XML svglib draws, its element count and an icon's move) is
keyed by the document's content and the template it came from, the folder its images
are found from and the content of each file it links to, whether ink is saved, plus the
cache's fingerprint (pnp's source, lxml's version). A document that fails is never kept:
its error is found again. A link pnp cannot follow to one file for sure (an entity, a
`..`, a space) keeps the document from being kept."""

from __future__ import annotations

import os
import pickle
import re
from typing import Any

from lxml import etree

from pnp.base import bundle, cache
from pnp.render import inksaver
from pnp.render.kept import digests

KIND = "splits"
_REF = re.compile(r"""href\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_PLAIN_REF = re.compile(r"[\w./-]+")
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True,
                          remove_pis=True, huge_tree=False)  # (as layers._PARSER)


def split(store: Any, svg: str, origin: str, digest: bytes) -> Any:
    """`store._parse(svg, origin)`, or what it found of the same document in an earlier
    run, taken into `store` as `_parse` would have left it."""
    kept = bundle.find(KIND, str(store.reference_root))
    key = None if kept is None else _key(store, svg, origin, digest)
    if key is None or kept is None:
        return store._parse(svg, origin)
    data = kept.get(key)
    if data is not None:
        try:
            face, layers = pickle.loads(data)
            layers = {k: (runs, size, count, None if xml is None else
                          etree.fromstring(xml, _PARSER), at)
                      for k, (runs, size, count, xml, at) in layers.items()}
            if type(face).__name__ != "Face" or not all(k in layers for k in face.layers):
                raise ValueError("not a split")
        except Exception:  # noqa: BLE001 - an entry of another make: split again, replaced
            pass
        else:
            store._reuse(layers, origin)
            return face
    face = store._parse(svg, origin)
    layers = {k: (runs, size, count, None if xml is None else etree.tostring(xml), at)
              for k, (runs, size, count, xml, at) in store._layers_of(face).items()}
    try:
        payload = pickle.dumps((face, layers), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - what cannot be kept: split every run
        return face
    kept.put(key, payload)
    return face


def _key(store: Any, svg: str, origin: str, digest: bytes) -> str | None:
    root = str(store.reference_root)
    links = []
    for m in _REF.finditer(svg):
        ref = m.group(1) if m.group(1) is not None else m.group(2)
        if ref.startswith(("#", "data:")):
            continue
        if not _PLAIN_REF.fullmatch(ref) or ".." in ref or ref.startswith("/"):
            return None
        links.append((ref, digests().tree(os.path.join(root, ref))))
    if links:
        digests().save()
    return cache.key(KIND, digest, len(svg), origin, root, inksaver.ACTIVE.get(), links)
