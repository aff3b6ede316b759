"""`python -m pnp` and the `pnp` command. An unchanged `pnp build` is answered from the
cache (pnp.pipeline.uptodate: the same bytes printed, the same exit code) before the
command line and its libraries are imported; anything else runs pnp.cli."""

import os
import sys


def main() -> None:
    from pnp.base import startup  # noqa: F401  (first: it tunes the collector for all)

    if "build" in sys.argv[1:]:  # (any other command: not a module more to import)
        from pnp.pipeline.uptodate import replay, write_out

        try:
            found = replay(sys.argv[1:])
        except Exception:  # a cache that cannot be read is no cache
            found = None
        if found is not None:
            try:
                write_out(found[0])
            except BrokenPipeError:  # as pnp.cli.main: the reader went away
                os._exit(141)
            except OSError as exc:  # a full disk: as pnp.cli.main says it
                os.write(2, f"error: cannot write to standard output: {exc.strerror}\n"
                         .encode())
                os._exit(2)
            os._exit(found[1])
    from pnp.base import classcode

    classcode.install()  # (before the command line makes pnp's classes)
    from pnp.cli import main as run

    run()


if __name__ == "__main__":
    main()
