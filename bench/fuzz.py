"""Fuzzing `check`: careless or hostile edits of a small festival, each checked in a child process with limits.

    .venv/bin/python bench/fuzz.py [RUNS] [--seed S]

Each run takes the test festival (tests/fixtures/mini, with a tournament given as turnering.txt added), applies one
to three random edits of the kinds a careless or hostile pull request makes (a value replaced by a hostile one,
a line deleted, repeated, moved or re-indented, bytes inserted, a file cut short or emptied, an id mistyped; a
rating FESA's program cannot take, an ill-formed or huge FESA list; a hostile text in the mkdocs.yml beside the
data folder, a player's id the site keeps for itself, a FESA file of simul givers as large as a file may be),
and runs the reading, checking and computing of `check` on it in a forked child that has 5 CPU seconds (and 10 s
on the clock, for a wait that takes no CPU) and 1 GB (more
than it starts with).
It prints how many runs ended in each way:

- clean: no error; located: errors, each with its file and line;
- unlocated: an error that names its file but no line;
- traceback: an exception escaped; hang: over 5 CPU s or 10 s; memory: over 1 GB;
- written: a command that writes (pair, fesa rate/export/submit, new) wrote through a link, over a pipe, a folder
  or one of its inputs, or left a file changed when a file-size limit stopped it or a name was refused (one run in
  five also runs one of them so, see WRITERS).

The test suite runs a few hundred seeded runs of the same (tests/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.__main__ import main as cli_main  # noqa: E402
from generator.pipeline import load  # noqa: E402
from tests.support import snapshot  # noqa: E402  (shared with the tests of the writers)

FIXTURE = ROOT / "tests" / "fixtures" / "mini"
TURNERING = (b"[Club Cup, Leiden, Netherlands, 2024-05-01]\n[2024-05-01]\n[Time control: 30min + 30sec]\n"
             b"Nr Name Nat 1 2 Pts\n1 [Adams][Amy] GB [2+ 3+(-b)] 2\n2 [Baker][Ben] NL [1- 0=] 0.5\n"
             b"3 N [Stone][Sam] NL [0+ 1-(+b)] 1\n4 [Moss][Mo] [0# 0-] 0\n")
# FESA's rating list the festival starts from (fesa_list:), in the rating program's format.
FESA_LIST = (b'(#S(PLAYER :LAST-NAME "Adams" :FIRST-NAME "Amy" :NATIONALITY-LIST (#S(HOME :LIST #\\E :NATIONALITY "GB" '
             b':RESIDENS "GB" :LAST "2023-01-01")) :GRADE-LEVEL 1 :GRADE-NAME "Dan" '
             b':NSR-GRADE-LEVEL 0 :NSR-GRADE-NAME "" :ELO-NUMBER 1850 :GAMES 50 '
             b':LAST-PLAYED "2023-01-01" :LB-COUNT (:LB 13 T) '
             b':MP-COUNT NIL :BONUS-COUNT 100)\n'
             b'#S(PLAYER :LAST-NAME "Baker" :FIRST-NAME "Ben" :NATIONALITY-LIST NIL :ELO-NUMBER 1500 '
             b':GAMES ((1500 1 1) (1500 0 1)) :BONUS-COUNT 0))\n')
SECONDS, WALL, MEGABYTES = 5, 10, 1024  # CPU seconds (a shared machine's load is not counted), the clock's
HOSTILE = [
    ".inf", "-.inf", ".nan", "!!float abc", "!!int x", "1000000000", "-1", "0", "99999999999999999999999999999",
    "1e400", "12.345", '"\\ud800"', "'<script>alert(1)</script>'", '"<img src=x onerror=alert(1)>"',
    '"[x](javascript:alert(1))"', "'{{ 7*7 }}'", "'a | b'", '"a\\nb"', '"\\t\\x07"', "[", "]", "{", "}", ":", "-",
    "&a [*a]", "*nope", "&x 1", "~", "''", "yes", "2024-02-30", "2024-13-01", "x" * 300, "[" * 200, "{a: [b, {c: d}]}",
    "[[[[]]]]", "!!binary AAAA", "!custom 1", "? complex", "'\u202e'", "Łódź – 2024", "../../etc/passwd", "\\", "%",
]
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8))


CONFIG = "../mkdocs.yml"  # the site's configuration beside the data folder, which check reads too
SITE_CONFIG = (b"site_name: Club Cup results\nsite_description: Results of the club's cup.\n"
               b"copyright: \xc2\xa9 2024 the club\ntheme: {name: material, font: false}\n")


def pristine() -> dict[str, bytes]:
    files = {p.relative_to(FIXTURE).as_posix(): p.read_bytes() for p in FIXTURE.rglob("*") if p.is_file()}
    files[CONFIG] = SITE_CONFIG
    files["club/turnering.txt"] = TURNERING
    files["cup/before.lisp"] = FESA_LIST
    files["cup/festival.yaml"] += b"fesa_list: before.lisp\n"
    return files


def mutate(files: dict[str, bytes], rng: random.Random) -> dict[str, bytes]:
    """One to three random edits; returns the edited copy."""
    out = dict(files)
    for _ in range(rng.randint(1, 3)):
        if rng.random() < RATING_SHARE:
            out = _ratings_and_lists(out, rng)
            continue
        if rng.random() < SITE_SHARE:
            out = _site_level(out, rng)
            continue
        name = rng.choice(sorted(out))
        data = out[name]
        lines = data.split(b"\n")
        kind = rng.randrange(17)
        i = rng.randrange(len(lines))
        if kind >= 10:
            out = _structural(out, name, lines, i, kind, rng)
            continue
        if kind == 0 and b":" in lines[i]:  # a value replaced by a hostile one
            head = lines[i].split(b":", 1)[0]
            lines[i] = head + b": " + rng.choice(HOSTILE).encode("utf-8")
        elif kind == 1 and b"[" in lines[i]:  # an item of a flow list replaced
            parts = lines[i].split(b",")
            j = rng.randrange(len(parts))
            parts[j] = parts[j][: parts[j].find(b"[") + 1] + rng.choice(HOSTILE).encode("utf-8")
            lines[i] = b",".join(parts)
        elif kind == 2:
            del lines[i]
        elif kind == 3:
            lines.insert(i, lines[i])
        elif kind == 4:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 5:
            lines[i] = (b"  " + lines[i]) if rng.random() < 0.5 else lines[i][2:]
        elif kind == 6:  # bytes no editor should write
            pos = rng.randrange(len(data) + 1)
            out[name] = data[:pos] + bytes(rng.choice([0, 7, 26, 0xFF, 0xC3, 0xEF, 13, 9])
                                            for _ in range(rng.randint(1, 3))) + data[pos:]
            continue
        elif kind == 7:
            out[name] = data[: rng.randrange(len(data) + 1)]
            continue
        elif kind == 8:
            out[name] = rng.choice([b"", b"\n", b"---\n", BOMB.encode(), b"- [" * 500, b"\xef\xbb\xbf" + data])
            continue
        else:  # an id mistyped
            ids = [w for w in data.replace(b",", b" ").replace(b"[", b" ").replace(b"]", b" ").split()
                   if w.count(b"-") == 1 and w.islower()]
            if ids:
                word = rng.choice(ids)
                out[name] = data.replace(word, word[:-1] + b"x", 1)
                continue
        out[name] = b"\n".join(lines)
    return out


FOLDER, LINK = b"\0folder", b"\0link"  # a folder, or a link out of the data folder, where a file was
RESERVED = ["players", "organizers", "api", "assets", "search", "promotion", "submitting", "index"]
ODD = ["\u202e", "\u2066", "\x1b[31m", "\x07", "\u2028", "\x85", "\ufeff", "\u200b"]


def _structural(out: dict[str, bytes], name: str, lines: list[bytes], i: int, kind: int,
                rng: random.Random) -> dict[str, bytes]:
    """The edits a third audit added: links and folders in place of files, duplicate and merge keys, tags,
    anchors, control and bidi characters, line-ending mixes, flow styles, folders named as the site's pages."""
    if kind == 10:
        out[name] = rng.choice([FOLDER, LINK])
    elif kind == 11 and b":" in lines[i]:  # a key written twice, or a merge key
        extra = lines[i] if rng.random() < 0.5 else b"<<: {x: 1}"
        lines.insert(rng.randrange(len(lines) + 1), extra)
        out[name] = b"\n".join(lines)
    elif kind == 12 and b":" in lines[i]:  # a tag, or an anchor and an alias to it
        head, value = lines[i].split(b":", 1)
        lines[i] = head + b": " + rng.choice([b"!!str", b"!!seq", b"!!map", b"&anchor"]) + value
        if rng.random() < 0.5:
            lines.append(b"extra: *anchor")
        out[name] = b"\n".join(lines)
    elif kind == 13:  # control and bidi characters inside a value
        pos = rng.randrange(len(out[name]) + 1)
        out[name] = out[name][:pos] + rng.choice(ODD).encode("utf-8") + out[name][pos:]
    elif kind == 14:  # line endings mixed, or CR alone
        ending = rng.choice([b"\r\n", b"\r"])
        out[name] = b"\n".join(line + (ending[:-1] if ending == b"\r\n" and rng.random() < 0.5 else b"")
                                for line in lines) if ending == b"\r\n" else out[name].replace(b"\n", b"\r")
    elif kind == 15 and b":" in lines[i]:  # a value in flow style over several lines
        head, value = lines[i].split(b":", 1)
        lines[i] = head + b": {a:" + value + b",\n  b: 2}"
        out[name] = b"\n".join(lines)
    elif kind == 16:  # a festival or an event folder named as a page of the site
        old = rng.choice(sorted({n.split("/")[0] for n in out if "/" in n}))
        new = rng.choice(RESERVED)
        out = {(new + n[len(old):] if n.startswith(old + "/") else n): v for n, v in out.items()}
    return out


# --- ratings FESA's program cannot take, and huge lists (a fourth audit) -----------------------------------------

RATING_SHARE = 0.15  # of the edits
EXTREME_ELO = [b"3000", b"2880", b"3120", b"9998", b"9999", b"10000", b"100000", b"0", b"1"]
LIST_EDITS = [  # (what the list holds, what it is replaced with)
    (b":ELO-NUMBER 1850", b":ELO-NUMBER 3000"), (b":ELO-NUMBER 1850", b":ELO-NUMBER 9999"),
    (b':GRADE-LEVEL 1 :GRADE-NAME "Dan"', b':GRADE-LEVEL 7 :GRADE-NAME "Dan"'),
    (b':GRADE-LEVEL 1 :GRADE-NAME "Dan"', b':GRADE-LEVEL 9 :GRADE-NAME "Pro"'),
    (b":NATIONALITY-LIST NIL", b":NATIONALITY-LIST 5"), (b":NATIONALITY-LIST NIL", b":NATIONALITY-LIST (5)"),
    (b":NATIONALITY-LIST NIL", b":NATIONALITY-LIST (#S(PLAYER))"), (b":BONUS-COUNT 100", b":BONUS-COUNT 99999"),
    (b":LB-COUNT (:LB 13 T)", b":LB-COUNT (:LB 99999 T)"), (b":GAMES 50", b":GAMES 100000"),
    (b":GAMES ((1500 1 1) (1500 0 1))", b":GAMES ((9999 1 1) (1 0 1))"),
]


def _huge_list(rng: random.Random) -> bytes:
    """A list as large as a data file may be (8 MB), made of what costs most to read or to rate."""
    kind = rng.randrange(5)
    if kind == 0:  # an unrated player with earlier wins: a thousand are rated, a hundred thousand refused
        wins = rng.choice([1000, 100_000])
        return FESA_LIST.replace(b":GAMES ((1500 1 1) (1500 0 1))", b":GAMES (" + b"(1500 1 1) " * wins + b")")
    if kind == 1:  # a quarter of a million entries that are not players (1 MB, as large as FESA's whole list)
        return b"(" + b"NIL\n" * 250_000 + b")\n"
    if kind == 2:  # more structures than a list has
        return b"(" + b"#S(HOME)\n" * 60_000 + b")\n"
    if kind == 3:  # one player many times over (1.6 MB, more than FESA's whole list)
        return b"(" + FESA_LIST[1:FESA_LIST.index(b"\n")] * 5_000 + b")\n"
    return b"(" + b"(" * 40 + b")" * 40 + b")\n"  # nested past the reader's depth


def _ratings_and_lists(out: dict[str, bytes], rng: random.Random) -> dict[str, bytes]:
    """One edit of the ratings FESA's rating program is given: an extreme elo in players.yaml (a rated event's
    player; the first round has a handicap game), an extreme or ill-formed field of the FESA list, or a huge
    list."""
    out = dict(out)
    kind = rng.randrange(3)
    if kind == 0 and b"elo: 1800" in out.get("players.yaml", b""):
        out["players.yaml"] = out["players.yaml"].replace(b"elo: 1800", b"elo: " + rng.choice(EXTREME_ELO), 1)
    elif kind == 1 and "cup/before.lisp" in out:
        old, new = rng.choice(LIST_EDITS)
        out["cup/before.lisp"] = out["cup/before.lisp"].replace(old, new, 1)
    elif "cup/before.lisp" in out:
        out["cup/before.lisp"] = _huge_list(rng)
    return out


# --- the site's own texts, the names it keeps, simul files at size (a fifth audit) -------------------------------

SITE_SHARE = 0.12  # of the edits
SITE_TEXTS = [b"site_name", b"site_description", b"copyright", b"site_author"]
RESERVED_IDS = [b"index", b"players", b"api", b"assets", b"search", b"404", b"en", b"de"]


def _simul_file(rng: random.Random) -> bytes:
    """A turnering.txt of simul givers (`[&]`) as large as FESA files come: givers alone (nobody plays anybody),
    givers each with one opponent, or one giver with every other line his opponent."""
    givers = rng.choice([1_000, 20_000])
    head = b"[Simul, Leiden, Netherlands, 2024-05-01]\n[2024-05-01]\n[Time control: 30min + 30sec]\n"
    kind = rng.randrange(3)
    if kind == 0:
        lines = [b"%d [Giver][G%d] JP [&] 0" % (n, n) for n in range(1, givers + 1)]
    elif kind == 1:
        half = givers // 2
        lines = [b"%d [Giver][G%d] JP [&] 0" % (n, n) for n in range(1, half + 1)]
        lines += [b"%d [Player][P%d] NL [%d+] 1" % (half + n, n, n) for n in range(1, half + 1)]
    else:
        lines = [b"1 [Giver][G] JP [&] 0"] + [b"%d [Player][P%d] NL [1+] 1" % (n, n) for n in range(2, givers + 1)]
    return head + b"\n".join(lines) + b"\n"


def _site_level(out: dict[str, bytes], rng: random.Random) -> dict[str, bytes]:
    """One edit of what the site keeps for itself: a text of mkdocs.yml the theme prints replaced by a hostile one,
    a player's id that the site's own pages have, or the FESA file made a simul of thousands of givers."""
    out = dict(out)
    kind = rng.randrange(3)
    if kind == 0 and CONFIG in out:
        key = rng.choice(SITE_TEXTS)
        value = rng.choice([*HOSTILE, "'</title><script>alert(1)</script>'", "'x\u0085y'", "x" * 5000,
                            "'Copyright &copy; <a href=x>us</a>'"]).encode("utf-8")
        lines = [line for line in out[CONFIG].split(b"\n") if not line.startswith(key + b":")]
        out[CONFIG] = b"\n".join([key + b": " + value, *lines])
    elif kind == 1 and b"adams-amy" in out.get("players.yaml", b""):
        reserved = rng.choice(RESERVED_IDS)
        out = {name: data.replace(b"adams-amy", reserved) for name, data in out.items()}
    else:
        out["club/turnering.txt"] = _simul_file(rng)
    return out


OUTCOMES = ("clean", "located", "unlocated", "traceback", "hang", "memory", "written")


# --- checking ------------------------------------------------------------------------------------------------------

def lay_out(root: Path, files: dict[str, bytes]) -> None:
    """The tree's files under `root`: a folder or a link (to a file outside) where the edit put one."""
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if data == FOLDER:
            path.mkdir(exist_ok=True)
        elif data == LINK:
            path.symlink_to("/etc/hostname")
        else:
            path.write_bytes(data)


def check_tree(files: dict[str, bytes]) -> tuple[str, str]:
    """Writes the tree to a temporary folder and checks it in this process: (outcome, an example)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        lay_out(root, files)
        loaded = load(root)
        errors = loaded.report.errors
        for d in loaded.report.diagnostics:
            d.format()  # printing a problem must work too
        if not errors:
            return "clean", ""
        # An error about a path that is not a file's content (a folder or a link where a file should be) names the
        # path: there is no line to give.
        unlocated = [d for d in errors if not d.location.line and (root.parent / d.location.file).is_file()
                     and not (root.parent / d.location.file).is_symlink()]
        return ("unlocated", unlocated[0].format().replace(str(root), "data")) if unlocated else ("located", "")


# --- Links in place of output files (the writers; issue 41) -------------------------------------------------------
# One run in five also runs a command that writes, on the mutated tree or (half the time, so that it gets as far as
# writing) on the unmutated one, with its output replaced by a link (to a file out of the data folder, to nothing,
# to a pipe, to a folder), by a pipe or a folder, or named as one of its inputs. The command must write nothing:
# every file, link and folder of the temporary folder is as it was (else "written"), and it must not end with 0.

WRITER = "\0writer"  # the key of the scenario's name in a tree
OUTSIDE_TEXT = b"on: push\njobs: {}\n"  # a file out of the data folder that a link leads to (a workflow, say)
IN_PLACE = ["link", "dangling", "link-to-pipe", "link-to-folder", "pipe", "folder"]  # what is put at the output
EXPORT = "cup-open-turnering.txt"
WRITERS = ([f"pair:{how}" for how in IN_PLACE] + [f"export:{how}" for how in IN_PLACE + ["linked-folder"]]
           + [f"submit:{how}" for how in IN_PLACE + ["linked-folder"]] + ["new:linked-folder"]
           + [f"rate:{how}" for how in IN_PLACE + ["the-list", "the-tournament", "hard-link-to-list"]]
           + [f"{command}:file-size" for command in ("pair", "export", "submit", "rate", "new")]
           + ["new:long-name", "new:control-name"])
FILE_SIZE = 16  # bytes: a file-size limit (ulimit -f) every writer's output passes (one bye's round file too)
REFUSED_NAMES = {"long-name": "Cup " * 1250, "control-name": "Shogi\x85Cup"}


def with_writer(files: dict[str, bytes], base: dict[str, bytes], rng: random.Random) -> dict[str, bytes]:
    if rng.random() >= 0.2:
        return files
    tree = dict(files if rng.random() < 0.5 else base)
    tree[WRITER] = rng.choice(WRITERS).encode()
    return tree


def _put(path: Path, how: str, outside: Path) -> None:
    """`how` at `path` (which is removed first, whatever it is)."""
    if path.is_symlink() or path.is_file() or path.is_fifo():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    target = {"link": outside / "workflow.yaml", "dangling": outside / "created.yaml",
              "link-to-pipe": outside / "pipe", "link-to-folder": outside / "folder"}.get(how)
    if target is not None:
        path.symlink_to(target)
    elif how == "pipe":
        os.mkfifo(path)
    elif how == "folder":
        path.mkdir()
        (path / "kept.txt").write_bytes(b"kept\n")


def run_writer(writer: bytes, files: dict[str, bytes], outcome: str, detail: str) -> tuple[str, str]:
    """The writer of the scenario run on the tree, in place of check's outcome only when it wrote something."""
    command, _, how = writer.decode().partition(":")
    with tempfile.TemporaryDirectory() as tmp:
        root, outside = Path(tmp) / "data", Path(tmp) / "outside"
        lay_out(root, files)
        (outside / "folder").mkdir(parents=True)
        (outside / "workflow.yaml").write_bytes(OUTSIDE_TEXT)
        os.mkfifo(outside / "pipe")
        rated = [str(root / "cup/before.lisp"), str(root / "club/turnering.txt")]
        out = Path(tmp) / "out"
        if command == "pair":
            if how != "file-size":
                _put(root / "cup/open/round-3.yaml", how, outside)
            argv = ["pair", "cup/open", "--round", "3", "--force", "--data", str(root)]
        elif command in ("export", "submit"):
            if how == "file-size":
                pass
            elif how == "linked-folder":
                out.symlink_to(outside / "folder")
            else:
                _put(out / EXPORT, how, outside)
            argv = ["fesa", command, *(["cup/open"] if command == "submit" else []), "--data", str(root),
                    "--out", str(out)]
        elif command == "new" and how == "linked-folder":
            (outside / "folder" / "kept.txt").write_bytes(b"kept\n")
            Path(tmp, "data-link").symlink_to(outside / "folder")
            argv = ["new", "--force", "--data", str(Path(tmp, "data-link"))]
        elif command == "new":  # over the festival, under a file-size limit or with a name it cannot take
            argv = ["new", "--force", "--data", str(root), "--name", REFUSED_NAMES.get(how, "Club Cup")]
        else:  # rate
            named = {"the-list": rated[0], "the-tournament": rated[1]}  # (no device: replaced, it is gone)
            if how == "hard-link-to-list" and Path(rated[0]).is_file() and not Path(rated[0]).is_symlink():
                os.link(rated[0], out)
            elif how == "hard-link-to-list":  # (the list is gone: a link, then)
                _put(out, "link", outside)
            elif how not in named and how != "file-size":
                _put(out, how, outside)
            argv = ["fesa", "rate", *rated, "--out", named.get(how, str(out))]
        before = snapshot(Path(tmp))
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        if how == "file-size":
            resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE, hard))
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                code = cli_main(argv)
            except SystemExit as exc:  # (argparse: the scenario's command line is wrong)
                code = exc.code if isinstance(exc.code, int) else 2
            finally:
                resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        after = snapshot(Path(tmp))
        changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    if changed or code == 0:
        where = "/" + changed[0] if changed else "(nothing changed)"
        return "written", f"{writer.decode()}: exit code {code}, {where}"
    return outcome, detail if outcome not in ("clean", "located") else f"writer exit code {code}"


def _address_space() -> int:
    """This process's virtual size in bytes (VmSize), 0 where the system does not say."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def run_isolated(files: dict[str, bytes]) -> tuple[str, str]:
    """check_tree in a forked child with SECONDS and MEGABYTES more than it starts with: (outcome, detail). (The
    child starts with the address space of its parent, which a long test run has grown: threads' malloc arenas
    alone reserve 64 MB each. The limit is on what the check itself takes.)"""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        limit = _address_space() + MEGABYTES * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CPU, (SECONDS, SECONDS + 1))  # (SIGXCPU at SECONDS)
        signal.alarm(WALL)
        try:
            files = dict(files)
            writer = files.pop(WRITER, None)
            outcome, detail = check_tree(files)
            if writer is not None:
                outcome, detail = run_writer(writer, files, outcome, detail)
        except MemoryError:
            outcome, detail = "memory", ""
        except BaseException as exc:  # noqa: BLE001 - anything escaping is what is being counted
            outcome, detail = "traceback", f"{type(exc).__name__}: {exc}"[:300]
        os.write(write, f"{outcome}\n{detail}".encode("utf-8", "replace"))
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    text = b"".join(chunks).decode("utf-8", "replace")
    if not text:
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGALRM, signal.SIGXCPU, signal.SIGKILL):
            return "hang", ""
        return "memory" if os.WIFSIGNALED(status) else "traceback", f"child ended with status {status}"
    outcome, _, detail = text.partition("\n")
    return outcome, detail


def fuzz(runs: int, seed: int) -> tuple[Counter[str], dict[str, list[str]]]:
    rng = random.Random(seed)
    base = pristine()
    counts: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for n in range(runs):
        files = with_writer(mutate(base, rng), base, rng)
        outcome, detail = run_isolated(files)
        counts[outcome] += 1
        if WRITER in files:
            counts["writer runs"] += 1
            counts[detail] += detail.startswith("writer exit code")
        bad = ("traceback", "hang", "memory", "unlocated", "written")
        if outcome in bad and len(examples.setdefault(outcome, [])) < 5:
            examples[outcome].append(f"run {n}: {detail}")
    return counts, examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="?", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    counts, examples = fuzz(args.runs, args.seed)
    seconds = time.perf_counter() - start
    print(f"{args.runs} runs (seed {args.seed}) in {seconds:.0f} s")
    for outcome in OUTCOMES:
        print(f"  {outcome:10} {counts[outcome]:>7}")
    codes = ", ".join(f"{counts[f'writer exit code {c}']} exit code {c}" for c in (1, 3))
    print(f"  a writer ran in {counts['writer runs']} runs: {codes} (1: errors in the data, 3: refused)")
    for outcome, lines in examples.items():
        print(f"{outcome}, for example:")
        for line in lines:
            print(f"  {line}")


if __name__ == "__main__":
    main()
