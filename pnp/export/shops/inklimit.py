"""Total ink (C + M + Y + K) held to a shop's limit in a DeviceCMYK PDF, as LittleCMS's
ink-limiting device link does it (cmsCreateInkLimitingDeviceLink): where a colour passes
the limit, cyan, magenta and yellow are scaled down together and black is kept, so text
and lines stay as dark and the hue barely moves.

Ghostscript converts to CMYK through its SWOP profile, whose darkest black is about 298 %;
Ghostscript's pdfwrite has no ink limit of its own (-sDeviceLinkProfile is not applied by
pdfwrite: measured, the output kept 286 %). So this pass rewrites every CMYK colour the
converted file holds: the colour operators of each content stream (pages and forms), the
samples of each CMYK image, an Indexed image's palette, and axial or radial shadings'
end colours. A colour space or function it does not know is an internal error: pnp never
writes a file that claims an ink limit it did not hold."""

from __future__ import annotations

import math
import zlib
from typing import Any

ROUNDING = 2 / 255  # a renderer rounds each ink to 1/255: four of them may add 2/255


def limited(cmyk: list[float], limit: float) -> list[float]:
    """One colour (0..1 each) at most `limit` (2.4 for 240 %) in total, even after a
    renderer rounds each ink to 8 bits; rounded down to 1/10000."""
    c, m, y, k = cmyk
    limit -= ROUNDING
    cmy = c + m + y
    if c + m + y + k <= limit or cmy <= 0:
        return [c, m, y, k]
    ratio = max(0.0, (limit - k) / cmy)
    return [math.floor(v * ratio * 10000) / 10000 for v in (c, m, y)] + [k]


def _samples(data: bytes, limit: float) -> bytes:
    """8-bit CMYK samples with every pixel held to `limit`."""
    import numpy as np

    px = np.frombuffer(data, dtype=np.uint8).reshape(-1, 4).astype(np.int32)
    most = math.floor(limit * 255)
    cmy = px[:, :3].sum(axis=1)
    over = (cmy + px[:, 3] > most) & (cmy > 0)
    ratio = np.clip((most - px[over, 3]) / cmy[over], 0.0, 1.0)
    px[over, :3] = np.floor(px[over, :3] * ratio[:, None])
    return px.astype(np.uint8).tobytes()


class _Pass:
    def __init__(self, pikepdf: Any, limit: float) -> None:
        self.pikepdf = pikepdf
        self.limit = limit
        self.done: set[tuple[int, int]] = set()

    def _once(self, obj: Any) -> bool:
        if obj.objgen != (0, 0) and obj.objgen in self.done:
            return False
        self.done.add(obj.objgen)
        return True

    def stream(self, holder: Any, resources: Any) -> None:
        """A page's or form's content, then what its resources hold."""
        pk = self.pikepdf
        out, space = [], {"fill": None, "stroke": None}
        for instr in pk.parse_content_stream(holder):
            if isinstance(instr, pk.ContentStreamInlineImage):
                raise RuntimeError("an inline image in a converted print-shop PDF")
            operands, op = list(instr.operands), str(instr.operator)
            if op in ("cs", "CS"):
                space["fill" if op == "cs" else "stroke"] = str(operands[0])
            elif op in ("k", "K") or (op in ("sc", "scn", "SC", "SCN") and space[
                    "fill" if op in ("sc", "scn") else "stroke"] == "/DeviceCMYK"):
                operands = limited([float(v) for v in operands], self.limit)
            elif op == "BI":
                raise RuntimeError("an inline image in a converted print-shop PDF")
            out.append(pk.ContentStreamInstruction(operands, instr.operator))
        holder.write(pk.unparse_content_stream(out))
        if resources is not None:
            self.resources(resources)

    def resources(self, res: Any) -> None:
        for x in res.get("/XObject", {}).values():
            if not self._once(x):
                continue
            if x.Subtype == "/Form":
                self.stream(x, x.get("/Resources"))
            elif x.Subtype == "/Image":
                self.image(x)
        for sh in res.get("/Shading", {}).values():
            if self._once(sh):
                self.shading(sh)
        for pat in res.get("/Pattern", {}).values():
            if not self._once(pat):
                continue
            if pat.get("/PatternType") == 2:
                self.shading(pat.Shading)
            else:
                self.stream(pat, pat.get("/Resources"))

    def image(self, x: Any) -> None:
        space = x.get("/ColorSpace")
        if x.get("/ImageMask") or space in ("/DeviceGray", None):
            return  # a mask or gray: one ink at most
        if x.get("/Decode") is not None or int(x.get("/BitsPerComponent", 8)) != 8:
            raise RuntimeError("a CMYK image with a Decode array or not 8 bits a sample")
        if space == "/DeviceCMYK":
            x.write(zlib.compress(_samples(x.read_bytes(), self.limit), 9),
                    filter=self.pikepdf.Name.FlateDecode)
            if "/DecodeParms" in x:
                del x["/DecodeParms"]
        elif isinstance(space, self.pikepdf.Array) and space[0] == "/Indexed" \
                and space[1] == "/DeviceCMYK":
            table = space[3]
            raw = table.read_bytes() if isinstance(table, self.pikepdf.Stream) \
                else bytes(table)
            space[3] = self.pikepdf.String(_samples(raw, self.limit))
        else:
            raise RuntimeError(f"an image in the colour space {space} after CMYK conversion")

    def shading(self, sh: Any) -> None:
        if sh.get("/ColorSpace") in ("/DeviceGray",):
            return
        if sh.get("/ColorSpace") != "/DeviceCMYK":
            raise RuntimeError(f"a shading in {sh.get('/ColorSpace')} after CMYK conversion")
        self.function(sh.Function)

    def function(self, fn: Any) -> None:
        kind = int(fn.FunctionType)
        if kind == 2:  # C0 to C1: every colour between is a mix of the two, so below too
            for key in ("/C0", "/C1"):
                if key in fn:
                    fn[key] = self.pikepdf.Array(limited([float(v) for v in fn[key]],
                                                         self.limit))
        elif kind == 3:
            for part in fn.Functions:
                self.function(part)
        else:
            raise RuntimeError(f"a CMYK shading drawn by a type {kind} function")


def limit_ink(pdf: Any, percent: int) -> None:
    """Hold every colour of an open pikepdf document to `percent` total ink, in place."""
    import pikepdf

    work = _Pass(pikepdf, percent / 100)
    for page in pdf.pages:
        page.contents_coalesce()  # one content stream a page, rewritten in place
        work.stream(page.obj.Contents, page.obj.get("/Resources"))
