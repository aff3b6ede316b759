"""A print-shop PDF converted as its shop asks: transparency flattened (every shop that
forbids it), and for PDF/X-1a:2003 (DriveThruCards) every colour in DeviceCMYK, total ink
held to the shop's limit, and an OutputIntent naming the printing condition.

The conversion is Ghostscript's pdfwrite (ghostscript.py). Its -dPDFX mode flattens
transparency and converts RGB to CMYK through -sOutputICCProfile; the profile is the one
Ghostscript itself ships, default_cmyk.icc ("Artifex CMYK SWOP Profile"): the only CMYK
profile on a Debian system whose licence lets it be used and embedded (Ghostscript's AGPL;
Debian's icc-profiles-free has FOGRA measurement data but no CMYK profile, and pnp ships
none). SWOP (CGATS TR 001) is also the condition DriveThruCards' own instructions pick
("US Web Coated (SWOP) v2"), so the OutputIntent names CGATS TR 001 and embeds the profile
used. Then pikepdf (an optional dependency, `pip install pnp-print-and-play[shops]`)
holds the ink (inklimit.py), writes the PDF/X keys, and saves the file the same for the
same input: Ghostscript's dates, XMP packet and random /ID replaced (deterministic_id)."""

from __future__ import annotations

import io
from typing import Any

from pnp.base.errors import InputError
from pnp.export.shops import ghostscript
from pnp.export.shops.inklimit import limit_ink

DATE = "D:20000101000000+00'00'"  # what reportlab's invariant mode writes
SWOP = {"/OutputCondition": "Commercial and specialty printing (SWOP)",
        "/OutputConditionIdentifier": "CGATS TR 001",
        "/RegistryName": "http://www.color.org"}


def _pikepdf(shop: str) -> Any:
    try:
        import pikepdf
    except ImportError as exc:
        raise InputError(f"--shop {shop} needs pikepdf, which is not installed: python3 -m "
                         "pip install 'pnp-print-and-play[shops]' (or: pip install pikepdf)"
                         ) from exc
    return pikepdf


def flatten(data: bytes, shop: str) -> bytes:
    """The same PDF with its transparency flattened by Ghostscript (PDF 1.3 has none), in
    the colours it had."""
    pikepdf = _pikepdf(shop)
    gs = ghostscript.executable(shop)
    out = ghostscript.pdfwrite(gs, data, ["-dCompatibilityLevel=1.3"], [])
    return _save(pikepdf, pikepdf.open(io.BytesIO(out)), data, {})


def pdfx1a(data: bytes, shop: str, ink_limit: int) -> bytes:
    """PDF/X-1a:2003: flattened, DeviceCMYK through the SWOP profile, ink held to
    `ink_limit` %, with its OutputIntent."""
    pikepdf = _pikepdf(shop)
    gs = ghostscript.executable(shop)
    profile = ghostscript.profiles_dir(gs) / "default_cmyk.icc"
    out = ghostscript.pdfwrite(gs, data, [
        "-dPDFX", "-dCompatibilityLevel=1.4", "-sColorConversionStrategy=CMYK",
        "-sProcessColorModel=DeviceCMYK", f"-sOutputICCProfile={profile}"], [profile])
    pdf = pikepdf.open(io.BytesIO(out))
    limit_ink(pdf, ink_limit)
    icc = pikepdf.Stream(pdf, profile.read_bytes())
    icc["/N"] = 4
    pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary({
        "/Type": pikepdf.Name.OutputIntent, "/S": pikepdf.Name.GTS_PDFX,
        **{k: pikepdf.String(v) for k, v in SWOP.items()},
        "/Info": pikepdf.String(f"Artifex CMYK SWOP Profile (Ghostscript's default_cmyk.icc),"
                                f" total ink held to {ink_limit}%"),
        "/DestOutputProfile": pdf.make_indirect(icc)})])
    return _save(pikepdf, pdf, data, {"/GTS_PDFXVersion": "PDF/X-1a:2003",
                                      "/GTS_PDFXConformance": "PDF/X-1a:2003"})


def _save(pikepdf: Any, pdf: Any, source: bytes, keys: dict[str, str]) -> bytes:
    """`pdf` with the source's title, author and language, fixed dates, no XMP packet
    (Ghostscript's holds the run's time and a random id), and an /ID from its content."""
    with pikepdf.open(io.BytesIO(source)) as src:
        info = {k: src.docinfo[k] for k in ("/Title", "/Author") if k in src.docinfo}
        lang = src.Root.get("/Lang")
    if "/Metadata" in pdf.Root:
        del pdf.Root["/Metadata"]
    if "/ID" in pdf.trailer:  # qpdf would keep Ghostscript's first, random, half
        del pdf.trailer["/ID"]
    if lang is not None:
        pdf.Root.Lang = pikepdf.String(str(lang))
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary({
        **{k: pikepdf.String(str(v)) for k, v in info.items()},
        "/Creator": pikepdf.String("pnp"), "/Producer": pikepdf.String("pnp with Ghostscript"),
        "/CreationDate": pikepdf.String(DATE), "/ModDate": pikepdf.String(DATE),
        "/Trapped": pikepdf.Name("/False"),
        **{k: pikepdf.String(v) for k, v in keys.items()}}))
    buf = io.BytesIO()
    pdf.save(buf, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return buf.getvalue()
