"""Hostile names and requests (issue #46, points 6 to 8): a name with `,` `;` `\\` or a line break is one TEXT
value in every calendar feed (RFC 5545 §3.3.11), a festival's time zone is a place's IANA name, never one of the
machine's own, and the live preview answers a path no file can have with 404 (never a 500 and a traceback) and a
request for another host name (DNS rebinding) with 421."""

from __future__ import annotations

import dataclasses
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.engine.serve import MAX_PATH, bad_path, for_us, own_hosts
from generator.pipeline import load
from generator.render import calendar
from generator.render.i18n import _, speaking

from .conftest import MINI, ROOT, Writer, build_site, load_clean
from .support import fetch, free_port

# --- 6. the calendar feeds: every TEXT value escaped --------------------------------------------------------------

# The properties of type TEXT the feeds hold (RFC 5545 §3.7-3.8, RFC 7986 §5.1 for NAME; X-WR-CALNAME as clients
# read it).
TEXT = {"VERSION", "PRODID", "CALSCALE", "NAME", "X-WR-CALNAME", "UID", "SUMMARY", "LOCATION", "DESCRIPTION", "TZID",
        "TZNAME"}
LINE = re.compile(r'([A-Z][A-Z0-9-]*)((?:;[A-Z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)')


def unfold(data: bytes) -> list[str]:
    """RFC 5545 §3.1: the content lines, a CRLF followed by one space or tab taken out (on the octets: a fold may
    split a character), decoded."""
    assert data.endswith(b"\r\n")
    return re.sub(rb"\r\n[ \t]", b"", data).decode("utf-8").split("\r\n")[:-1]


def unescape(value: str) -> str:
    """RFC 5545 §3.3.11: a TEXT value as written back to its text; a bare ',' or ';' (which would make it a list
    or a structured value) and a backslash before anything but \\ ; , n N are not TEXT."""
    out, i = [], 0
    while i < len(value):
        c = value[i]
        if c == "\\":
            escaped = value[i + 1:i + 2]
            assert escaped and escaped in "\\;,nN", f"not an escape: {value[i:i + 2]!r} in {value!r}"
            out.append("\n" if escaped in "nN" else escaped)
            i += 2
            continue
        assert c not in ",;", f"an unescaped {c!r} in {value!r}"
        out.append(c)
        i += 1
    return "".join(out)


def text_values(data: bytes) -> list[tuple[str, str]]:
    """Every TEXT property of a feed, with its value read back (each one must be TEXT as RFC 5545 writes it)."""
    out = []
    for line in unfold(data):
        m = LINE.fullmatch(line)
        assert m, f"not a content line: {line!r}"
        if m[1] in TEXT and "VALUE=" not in m[2]:
            out.append((m[1], unescape(m[3])))
    return out


def names_of(data: bytes) -> list[str]:
    """The calendar's NAME and X-WR-CALNAME, read back (each must be there once)."""
    values = text_values(data)
    found = [v for k, v in values if k == "NAME"] + [v for k, v in values if k == "X-WR-CALNAME"]
    assert len(found) == 2, values
    return found


FESTIVAL = "Test Cup, 2024; Hall\\North \\N"
EVENT = "Open; A, B\\C"
FAMILY, GIVEN = "O\\Neill; Jr", "Amy, \\n"
VENUE = "Hall; B\\C, 1st floor"


def hostile_names(copy: Writer) -> None:
    """The mini festival with `,` `;` `\\` and a backslash before N or n in the festival's, the Open's, a player's
    and the venue's names (YAML's single quotes keep a backslash as it is)."""
    festival = (copy.root / "cup/festival.yaml").read_text(encoding="utf-8")
    copy("cup/festival.yaml", festival.replace("name: Test Cup", f"name: '{FESTIVAL}'")
         + f"timezone: Europe/Amsterdam\nvenue: '{VENUE}'\n")
    event = (copy.root / "cup/open/event.yaml").read_text(encoding="utf-8")
    copy("cup/open/event.yaml", event.replace("name: Test Open", f"name: '{EVENT}'"))
    players = (copy.root / "players.yaml").read_text(encoding="utf-8")
    copy("players.yaml", players.replace("{family: Adams, given: Amy,", f"{{family: '{FAMILY}', given: '{GIVEN}',"))


def expected_name(path: str, festival: str, players: dict[str, str], code: str = "en") -> str:
    """A feed's name as the renderer's TEXT gives it in the language `code`, with the name as the data has it."""
    with speaking(code):
        if path.endswith("programme.ics"):
            return _(calendar.TEXT["programme"]).format(festival=festival)
        return _(calendar.TEXT["player"]).format(player=players[Path(path).stem])


def test_names_with_commas_semicolons_and_backslashes_are_one_text_value_in_every_feed_the_build_writes(
        tmp_path: Path):
    copy = Writer(MINI, tmp_path)
    hostile_names(copy)
    players = {pid: p.name for pid, p in load_clean(copy.root).data.players.items()}
    assert players["adams-amy"] == f"{FAMILY}, {GIVEN}"
    site = tmp_path / "site"
    result = build_site(copy.root, site, languages="en,de")
    assert result.returncode == 0, result.stderr
    feeds = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.ics"))
    assert "cup/programme.ics" in feeds and "de/players/adams-amy.ics" in feeds and len(feeds) == 12
    for path in feeds:
        data = (site / path).read_bytes()
        code = "de" if path.startswith("de/") else "en"
        assert names_of(data) == [expected_name(path, FESTIVAL, players, code)] * 2, path
        values = text_values(data)  # every TEXT value of the feed, read back as RFC 5545 reads it
        summaries = [v for k, v in values if k == "SUMMARY"]
        if path.endswith("programme.ics"):
            assert f"{EVENT}: " in summaries[0], summaries
        else:
            assert any(v == EVENT for v in summaries), summaries  # the entry: the event's name alone
        assert {v for k, v in values if k == "LOCATION"} == {f"{VENUE}, Leiden"}
    # Adams's opponents see her name, as it is, in their games (SUMMARY: "…against O\Neill; Jr, Amy, \n").
    baker = text_values((site / "players/baker-ben.ics").read_bytes())
    assert any(k == "SUMMARY" and v.endswith(f"against {FAMILY}, {GIVEN}") for k, v in baker), baker


def test_a_line_break_in_a_name_is_an_escaped_line_break_in_the_feeds_names(mini):
    """The reader takes no line break in a name ('name' is one line); the feeds escape one all the same: the
    festival's, the event's and a player's names with LF and CR LF, and `,;\\`, given to the feed writer."""
    festival = "Cup,\nline two; \\N"
    player = "Adams\r\nAmy, \\"
    event = "Open\nB; C"
    data = mini.data
    cup = data.festivals[0]
    renamed = dataclasses.replace(cup, name=festival, events=tuple(
        dataclasses.replace(e, name=event) if e.id == "open" else e for e in cup.events))
    players = {**data.players, "adams-amy": dataclasses.replace(data.players["adams-amy"], family=player, given="")}
    loaded = dataclasses.replace(mini, data=dataclasses.replace(data, players=players, festivals=(renamed,)))
    feeds = calendar.files(loaded, "2024-03-03")
    assert set(feeds) == {"cup/programme.ics", *(f"players/{p}.ics" for p in (
        "adams-amy", "baker-ben", "clark-cy", "dean-dora", "evil"))}
    # A line break is written \n (RFC 5545 §3.3.11: CR LF as one): read back, the name's break is LF.
    assert names_of(feeds["cup/programme.ics"]) == [f"{festival}: programme"] * 2
    assert names_of(feeds["players/adams-amy.ics"]) == ["Adams\nAmy, \\: games"] * 2
    for path, data_ in feeds.items():
        values = text_values(data_)
        assert all("\r" not in v for _k, v in values)
        assert any(k == "DESCRIPTION" and f"{event} · {festival}" in v for k, v in values) or \
            path == "cup/programme.ics", path
    assert any(v.startswith(f"{event}: ") for k, v in text_values(feeds["cup/programme.ics"]) if k == "SUMMARY")


def test_escape_text_is_rfc_5545_text():
    """RFC 5545 §3.3.11: backslash, semicolon, comma escaped; a line break (LF, CR LF, CR) written \\n; a backslash
    and N is a backslash and an N (icalendar's own escaping makes it a line break); no control character but
    a tab is TEXT (TSAFE-CHAR): the others are left out."""
    assert calendar.escape_text("a\\b;c,d") == "a\\\\b\\;c\\,d"
    assert calendar.escape_text("one\ntwo\r\nthree\rfour") == "one\\ntwo\\nthree\\nfour"
    assert calendar.escape_text("C:\\New") == "C:\\\\New"
    assert calendar.escape_text("a\tb\x00c\x1bd\x7f") == "a\tbcd"
    for text in ("Adams, Amy", "x\\;,\n\\N\\n;", "☗ Tomáš"):
        assert unescape(calendar.escape_text(text)) == text


# --- 7. a festival's time zone: an IANA name, never one of the machine's own --------------------------------------

def with_timezone(tmp_path: Path, zone: str) -> Path:
    copy = Writer(MINI, tmp_path / re.sub(r"\W", "-", zone))
    festival = (copy.root / "cup/festival.yaml").read_text(encoding="utf-8")
    assert festival.count("\n") == 6  # timezone: on line 7, its value at column 11
    copy("cup/festival.yaml", festival + f"timezone: {zone}\n")
    return copy.root


def test_a_time_zone_is_an_iana_name_never_the_machine_s_own_localtime_posixrules_factory_or_right(tmp_path):
    """`localtime` (the building machine's own zone), `posixrules`, `Factory` and the right/ (leap seconds) and
    posix/ copies are names a machine's zone files hold, not a place's time: each is a located error that says
    what to write; the zones of places (and UTC) are taken."""
    refused = {"localtime": "e.g. timezone: Europe/Amsterdam", "posixrules": "e.g. timezone: Europe/Amsterdam",
               "Factory": "e.g. timezone: Europe/Amsterdam", "right/UTC": "did you mean 'UTC'?",
               "posix/Europe/Amsterdam": "did you mean 'Europe/Amsterdam'?"}
    for zone, hint in refused.items():
        loaded = load(with_timezone(tmp_path, zone))
        errors = [d.format() for d in loaded.report.errors]
        assert len(errors) == 1, errors
        assert re.fullmatch(rf"\S*cup/festival\.yaml:7:11: error: time zone '{re.escape(zone)}' is one of the "
                            r"machine's own names, not a place's time: .* \((.*)\)", errors[0]), errors
        assert errors[0].endswith(f"{hint})"), errors
    for zone in ("Europe/Amsterdam", "UTC", "America/Argentina/Buenos_Aires"):
        loaded = load(with_timezone(tmp_path, zone))
        assert loaded.ok, loaded.report.lines()
        assert loaded.data.festivals[0].timezone == zone
        feed = calendar.files(loaded, "2024-03-03")["players/adams-amy.ics"]
        assert f"DTSTART;TZID={zone}:".encode() in feed or (zone == "UTC" and b"DTSTART:20240302T100000Z" in feed)


# --- 8. the live preview: bad paths are 404, other host names 421 --------------------------------------------------

def test_what_the_preview_answers_for_is_its_own_address():
    assert own_hosts("127.0.0.1", 8000) == {"127.0.0.1:8000", "localhost:8000", "[::1]:8000"}
    assert own_hosts("[::1]", 8000) == own_hosts("localhost", 8000) == own_hosts("127.0.0.1", 8000)
    assert own_hosts("192.0.2.7", 8000) == {"192.0.2.7:8000"}
    assert own_hosts("127.0.0.1", 80) >= {"127.0.0.1", "localhost", "127.0.0.1:80"}  # a browser leaves :80 out
    machine = socket.gethostname().lower()
    assert own_hosts("0.0.0.0", 8000) >= {"127.0.0.1:8000", "localhost:8000", f"{machine}:8000",
                                          f"{machine}.local:8000"}
    local = own_hosts("127.0.0.1", 8000)
    assert for_us("LocalHost:8000", local, "127.0.0.1", 8000)  # host names are not case-sensitive
    for host in (None, "", "evil.example", "evil.example:8000", "localhost:8001", "localhost", "127.0.0.1.nip.io:8000",
                 "192.0.2.7:8000"):
        assert not for_us(host, local, "127.0.0.1", 8000), host
    # On every interface (another machine opens it by its address): an IP address with the port, never a name
    # (a name can be rebound to the address; an address cannot).
    every = own_hosts("0.0.0.0", 8000)
    assert for_us("192.0.2.7:8000", every, "0.0.0.0", 8000) and for_us("[fe80::1]:8000", every, "::", 8000)
    assert not for_us("192.0.2.7:8001", every, "0.0.0.0", 8000)
    assert not for_us("evil.example:8000", every, "0.0.0.0", 8000)


def test_a_path_no_file_can_have_is_refused():
    # PATH_INFO as WSGI gives it: the %-escapes decoded, the octets as Latin-1.
    for path in ("/\x00", "/cup/\x00.html", "/\x1b[31m", "/\xff", "/cup\xc3/", "/%zz", "/%", "/cup/../",
                 "/..", "/./cup/", "//cup/", "cup/", "", "/" + "a" * MAX_PATH):
        assert bad_path(path), repr(path)
    for path in ("/", "/cup/", "/cup/open/round-2/", "/assets/stylesheets/main.css", "/livereload/1/2",
                 "/players/adams-amy.ics", "/" + "a" * (MAX_PATH - 1), "/t\xc3\xa9st/"):
        assert not bad_path(path), repr(path)


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """`generator serve` on a copy of the mini festival at 127.0.0.1 and a free port: its port and its log.
    Stopped with Ctrl-C, which must end it cleanly."""
    tmp = tmp_path_factory.mktemp("preview")
    data = tmp / "data"
    shutil.copytree(MINI, data)
    port = free_port()
    log_path = tmp / "serve.log"
    with log_path.open("w") as log:
        server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--data", str(data), "--dev-addr",
                                   f"127.0.0.1:{port}"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60  # the first build
            while "</html>" not in fetch(f"http://127.0.0.1:{port}/"):
                assert server.poll() is None and time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.1)
            yield port, log_path
        finally:
            alive = server.poll() is None
            server.send_signal(signal.SIGINT)
            code = server.wait(30)
    assert alive and code == 0, log_path.read_text()[-3000:]


def ask(port: int, target: bytes, host: bytes | None) -> tuple[int, bytes]:
    """A raw GET of `target` (as sent, any octet) at 127.0.0.1:port with that Host header (none: None): the
    status and the body."""
    request = b"GET " + target + b" HTTP/1.1\r\n" + (b"Host: " + host + b"\r\n" if host is not None else b"") + \
        b"Connection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def test_the_preview_answers_a_path_no_file_can_have_with_404_never_a_500_nor_a_traceback(preview):
    port, log = preview
    own = f"127.0.0.1:{port}".encode()
    assert ask(port, b"/", own)[0] == 200 and ask(port, b"/cup/", own)[0] == 200
    for target in (b"/%00", b"/cup/%00.html", b"/\x00", b"/%ff", b"/cup%c3/", b"/%zz", b"/%", b"/cup/../",
                   b"/%2e%2e/", b"/cup/%2E%2E/cup/", b"/./", b"/%1b%5b31m", b"/\x1b[31m", b"/" + b"a" * 2000,
                   b"/" + b"%41" * 1100):
        status, body = ask(port, target, own)
        assert status == 404, (target, status, body[:200])
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text and "code 500" not in text, text[-3000:]
    assert "\x1b" not in text  # the request line as sent is in the log, its control characters escaped
    assert ask(port, b"/cup/", own)[0] == 200  # and the preview goes on


def test_the_preview_answers_a_request_for_another_host_name_with_421(preview):
    """DNS rebinding: a page of evil.example, its name now pointing at 127.0.0.1, asks the preview for its pages
    with its own name in Host; so does a request with no Host at all, or for another port."""
    port, log = preview
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        status, body = ask(port, b"/cup/", host.encode())
        assert status == 200 and b"Test Cup" in body, host
    for host in (f"evil.example:{port}".encode(), b"evil.example", f"127.0.0.1:{port + 1}".encode(),
                 f"127.0.0.1.evil.example:{port}".encode(), b"", None):
        for target in (b"/cup/", b"/", b"/livereload/1/1", b"/players/adams-amy.ics", b"/%00"):
            status, body = ask(port, target, host)
            assert status == 421, (host, target, status)
            assert b"Test Cup" not in body and b"BEGIN:VCALENDAR" not in body
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text, text[-3000:]
