"""Command-line cases for tools/fuzz_all.py: every command and every option pnp declares
(read from its typer app, so a new option is fuzzed without editing this file), each
given hostile values (empty, 5,000 characters, control characters, negative, NaN, huge,
a folder of the user's, the content folder, a FIFO, a dangling link, /dev/full, a
file like /etc/passwd, non-UTF-8 bytes); flags once each; stdout to /dev/full or closed; `watch`
stopped with Ctrl-C; and the sequences where one command's output meets another's.

A case runs in a sandbox (its own folder, the cwd: content/ with every shipped game,
keep/notes.txt, filled.yaml, fifo, dangling, passwd); "{S}" in an argument is that folder.
No case names a file outside its sandbox but /dev/full: pnp may write to what it is given
(`sheets --out /etc/passwd`, run as root, replaced the system's /etc/passwd with a PDF)."""

from __future__ import annotations

from dataclasses import dataclass, field

HOSTILE: dict[str, str | bytes] = {
    "empty": "", "long": "x" * 5000, "control": "a\x01\x1b[31mb\x7f\r\nc", "negative": "-1",
    "nan": "nan", "huge": "1" + "0" * 40, "folder": "keep", "content-folder": "content",
    "fifo": "fifo", "dangling": "dangling", "devfull": "/dev/full",
    "secret-file": "passwd", "non-utf8": b"caf\xe9\xff",
}
# A valid command line per command, cheap to run: the case changes one thing in it.
BASE: dict[str, list[str]] = {
    "list": ["list"],
    "new": ["new", "my-game"],
    "watch": ["watch", "temple", "--once", "--out", "out", "--dpi", "36"],
    "studio": ["studio", "temple", "--port", "0", "--out", "out", "--dpi", "36"],
    "build": ["build", "temple", "--out", "out"],
    "validate": ["validate", "temple", "--paper", "a4"],
    "sheets": ["sheets", "dice-trip", "--count", "1", "--out", "out/pad.pdf"],
    "score": ["score", "dice-trip", "filled.yaml"],
    "export": ["export", "temple", "--format", "png", "--dpi", "36", "--out", "out"],
    "schema": ["schema", "items", "--game", "temple"],
}
SERVES = {"studio": 8.0}  # a command that runs until Ctrl-C: interrupted after so many seconds
GAME_FOR = {"--map": "dice-trip", "--custom": "temple-of-doom", "--replace": "temple-of-doom",
            "--rules-doc": "temple-of-doom"}  # the game whose option it is


@dataclass(frozen=True)
class CliCase:
    """One command line (or a sequence of them) run as a user runs pnp."""

    name: str
    steps: tuple[tuple[str | bytes, ...], ...]
    stdout: str = "pipe"  # pipe, devfull or closed
    interrupt_after: float | None = None  # seconds, then Ctrl-C (watch)
    files: tuple[tuple[str, str], ...] = field(default=())  # written first: (path, text)

    @property
    def id(self) -> str:
        return f"cli:{self.name}"


def _options() -> dict[str, list[tuple[str, bool]]]:
    """Each command's parameters as (option or argument name, is a flag)."""
    import typer.main

    from pnp.cli import app

    group = typer.main.get_command(app)
    out: dict[str, list[tuple[str, bool]]] = {}
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        params = []
        for param in command.params:
            if param.param_type_name == "argument":
                params.append((f"<{param.name}>", False))
            elif param.name not in ("help",):
                params.append((param.opts[0], bool(getattr(param, "is_flag", False))))
                params += [(opt, True) for opt in getattr(param, "secondary_opts", [])]
        out[name] = params
    return out


def _with(command: str, option: str, value: str | bytes) -> tuple[str | bytes, ...]:
    """BASE[command] with `option` set to `value` (an argument: replaced in place)."""
    argv: list[str | bytes] = list(BASE[command])
    if option in GAME_FOR and command in ("validate", "build", "export", "watch", "studio"):
        argv[1] = GAME_FOR[option]
    if option.startswith("<"):
        position = {"<name>": 1, "<game>": 1, "<games>": 1, "<filled>": 2,
                    "<target>": 1}[option]
        argv[position] = value
    elif option in argv:
        argv[argv.index(option) + 1] = value
    else:
        argv += [option, value]
    return tuple(argv)


def all_cases() -> list[CliCase]:
    cases: list[CliCase] = []
    for command, params in _options().items():
        for option, is_flag in params:
            if is_flag:
                argv = list(BASE[command])
                if option not in argv:
                    argv.append(option)
                cases.append(CliCase(f"{command} {option}", (tuple(argv),),
                                     interrupt_after=SERVES.get(command)))
                continue
            for kind, value in HOSTILE.items():
                cases.append(CliCase(f"{command} {option}={kind}",
                                     (_with(command, option, value),),
                                     interrupt_after=SERVES.get(command)))
    cases += [
        CliCase("--version", (("--version",),)),
        CliCase("-q list", (("-q", "list"),)),
        CliCase("list > /dev/full", (("list",),), stdout="devfull"),
        CliCase("list --format json > /dev/full", (("list", "--format", "json"),),
                stdout="devfull"),
        CliCase("validate --format json > /dev/full",
                (("validate", "temple", "--paper", "a4", "--format", "json"),), stdout="devfull"),
        CliCase("list, stdout closed", (("list",),), stdout="closed"),
        CliCase("build --format json, stdout closed",
                (("build", "temple", "--out", "out", "--format", "json"),), stdout="closed"),
        CliCase("score, stdout closed", (("score", "dice-trip", "filled.yaml"),), stdout="closed"),
        CliCase("watch, Ctrl-C after 6 s",  # its way out: exit 0 (or 130), "stopped"
                (("watch", "temple", "--out", "out", "--dpi", "36"),),
                interrupt_after=6.0),
        CliCase("new my-game, then build it --out content",
                (("new", "my-game"), ("build", "my-game", "--out", "content"))),
        CliCase("build --out {S} (the folder holding content)",
                (("build", "temple", "--out", "{S}"),)),
        CliCase("sheets (default path), then build dice-trip",
                (("sheets", "dice-trip", "--count", "1"), ("build", "dice-trip"))),
        CliCase("a user's file in OUT/<game>, then build",
                (("build", "temple", "--out", "out"),),
                files=(("out/temple/my-notes.txt", "mine\n"),)),
        CliCase("export into the build's folder, then build",
                (("export", "temple", "--format", "png", "--dpi", "36", "--out", "output"),
                 ("build", "temple"))),
        CliCase("watch --once, then build (previews)",
                (("watch", "temple", "--once", "--dpi", "36"), ("build", "temple"))),
        CliCase("new --content a file", (("new", "my-game", "--content", "filled.yaml"),)),
        CliCase("new --content a dangling link", (("new", "my-game", "--content", "dangling"),)),
        CliCase("a broken game folder beside the others: list",
                (("list",),), files=(("content/broken/game.yaml", "id: [\n"),)),
        CliCase("a broken game folder beside the others: validate all",
                (("validate", "--paper", "a4"),), files=(("content/broken/game.yaml", "id: [\n"),)),
    ]
    return cases


def reproducer(argv: tuple[str | bytes, ...]) -> str:
    """The command as a user types it, long values named by their length."""
    import shlex

    words = []
    for word in argv:
        if isinstance(word, bytes):
            word = word.decode("utf-8", "surrogateescape")
        if len(word) > 60:
            words.append(f"\"$(printf '{word[0]}%.0s' {{1..{len(word)}}})\"")
        elif any(ord(c) < 32 or 127 <= ord(c) < 160 or 0xDC80 <= ord(c) <= 0xDCFF
                 for c in word):
            words.append("$'" + "".join(_escape(c) for c in word) + "'")
        else:
            words.append(shlex.quote(word))
    return "pnp " + " ".join(words)


def _escape(char: str) -> str:
    """One character as bash's $'...' writes it; an undecodable byte as that byte."""
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    if code < 32 or 127 <= code < 160:
        return f"\\x{code:02x}"
    return "\\'" if char == "'" else char
