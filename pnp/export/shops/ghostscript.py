"""Ghostscript's pdfwrite: the mature path from a PDF with transparency and RGB to what
prepress asks for (transparency flattened, colour converted to CMYK through an ICC
profile, PDF/X checks). pnp runs the `gs` it finds on PATH; without one, a shop that
needs it is one clear error naming what to install.

Every run is told what to keep: no page turned (-dAutoRotatePages=/None: a backs page
stays as drawn), images kept at their resolution and compressed losslessly (Flate), dates
fixed (SOURCE_DATE_EPOCH; pnp rewrites them again after, see pdfx.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from pnp.base.errors import InputError

INSTALL = ("install Ghostscript (Debian/Ubuntu: apt install ghostscript; macOS: brew install "
           "ghostscript; Windows: ghostscript.com), then run this again")
EPOCH = "946684800"  # 2000-01-01, the date reportlab's invariant mode writes
KEEP = ["-dAutoRotatePages=/None", "-dDownsampleColorImages=false",
        "-dDownsampleGrayImages=false", "-dAutoFilterColorImages=false",
        "-dAutoFilterGrayImages=false", "-sColorImageFilter=FlateEncode",
        "-sGrayImageFilter=FlateEncode"]


def executable(shop: str) -> str:
    """The Ghostscript command, or an InputError saying what to install."""
    for name in ("gs", "gswin64c", "gswin32c"):
        found = shutil.which(name)
        if found:
            return found
    raise InputError(f"--shop {shop} needs Ghostscript (gs) to convert the PDFs, and it is "
                     f"not on PATH: {INSTALL}")


def _run(gs: str, args: list[str]) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
    return subprocess.run([gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", *args],
                          capture_output=True, env=env, timeout=600, check=False)


def profiles_dir(gs: str) -> Path:
    """Where this Ghostscript keeps its ICC profiles (default_cmyk.icc among them)."""
    done = _run(gs, ["-dNODISPLAY", "-c",
                     "currentuserparams /ICCProfilesDir .knownget {print} if"])
    folder = Path(done.stdout.decode(errors="replace").strip())
    if done.returncode != 0 or not (folder / "default_cmyk.icc").is_file():
        raise RuntimeError(f"Ghostscript ({gs}) did not say where its ICC profiles are "
                           f"(got {folder!s:.200})")
    return folder


def pdfwrite(gs: str, data: bytes, options: list[str], reads: list[Path]) -> bytes:
    """`data` through pdfwrite with `options`; `reads` are the files gs may read
    besides its own (-dSAFER lets it read nothing else)."""
    with tempfile.TemporaryDirectory(prefix="pnp-gs-") as tmp:
        src, dst = Path(tmp) / "in.pdf", Path(tmp) / "out.pdf"
        src.write_bytes(data)
        permits = [f"--permit-file-read={p}" for p in reads]
        done = _run(gs, [*permits, "-sDEVICE=pdfwrite", *KEEP, *options,
                         f"-sOutputFile={dst}", str(src)])
        if done.returncode != 0 or not dst.is_file():
            said = (done.stderr or done.stdout).decode(errors="replace").strip()
            said = said.splitlines()[-1] if said else f"exit code {done.returncode}"
            raise RuntimeError(f"Ghostscript failed to convert a print-shop PDF: {said}")
        return dst.read_bytes()
