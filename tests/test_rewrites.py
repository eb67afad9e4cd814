"""pair --force rewrites only the keys of the proposal: every other byte of the organizer's file stays
(comments, blank lines, quoting, anchors, BOM, CRLF); a file it cannot parse is refused and left untouched."""

from __future__ import annotations

import pytest

from .conftest import run_generator


def pair_round_3(datadir, *extra: str):
    return run_generator("pair", "cup/open", "--round", "3", "--data", "data", "--force", *extra,
                         cwd=datadir.root.parent)


def test_everything_outside_the_proposal_stays_byte_for_byte(datadir):
    target = datadir.root / "cup/open/round-3.yaml"
    before = ("\ufeff# Round 3: the arbiter's notes stay.\r\n"
              "date: &day 2024-03-03   # confirmed\r\n"
              "time: '09:30'\r\n"
              "games:\r\n"
              "  - [adams-amy, baker-ben]   # an old pairing\r\n"
              "  - {0: clark-cy, 1: dean-dora}\r\n"
              "# A comment block after the games,\r\n"
              "# which belongs to no game.\r\n"
              "\r\n"
              "bye: [evil]   # asked for one\r\n"
              "# The end.\r\n")
    target.write_bytes(before.encode("utf-8"))
    result = pair_round_3(datadir)
    assert result.returncode == 0, result.stderr
    # The proposal (test_pairing): Adams-Clark, Dean-Evil (Dean has had sente less), the bye to Baker. Only the
    # games' lines and the bye's value change; the BOM, CRLF, the anchor, the quoting and every comment stay.
    assert target.read_bytes().decode("utf-8") == (
        "\ufeff# Round 3: the arbiter's notes stay.\r\n"
        "date: &day 2024-03-03   # confirmed\r\n"
        "time: '09:30'\r\n"
        "games:\r\n"
        "  - [adams-amy, clark-cy]\r\n"
        "  - [dean-dora, evil]\r\n"
        "# A comment block after the games,\r\n"
        "# which belongs to no game.\r\n"
        "\r\n"
        "bye: [baker-ben]   # asked for one\r\n"
        "# The end.\r\n")


def test_absent_players_and_a_file_of_comments_only(datadir):
    target = datadir.root / "cup/open/round-3.yaml"
    target.write_text("# Round 3 on Sunday.\n# Pairings come later.\n", encoding="utf-8")
    result = pair_round_3(datadir, "--absent", "dean-dora")
    assert result.returncode == 0, result.stderr
    # Without Dean: Adams-Clark, Baker-Evil (Baker has had sente less), no bye; the comments stay on top.
    assert target.read_text(encoding="utf-8") == (
        "# Round 3 on Sunday.\n# Pairings come later.\n"
        "games:\n  - [adams-amy, clark-cy]\n  - [baker-ben, evil]\n"
        "absent: [dean-dora]\n")


def test_the_comment_on_the_games_line_and_a_document_end_stay(datadir):
    target = datadir.root / "cup/open/round-3.yaml"
    target.write_text("date: 2024-03-03\n"
                      "games:   # drawn at nine\n"
                      "  - [adams-amy, baker-ben]\n"
                      "...\n"
                      "# after the document\n", encoding="utf-8")
    result = pair_round_3(datadir)
    assert result.returncode == 0, result.stderr
    # The proposal of the first test: Adams-Clark, Dean-Evil, the bye to Baker, added after the games (before the
    # '...' that ends the document); the comment on 'games:' stays on it.
    assert target.read_text(encoding="utf-8") == (
        "date: 2024-03-03\n"
        "games:   # drawn at nine\n"
        "  - [adams-amy, clark-cy]\n"
        "  - [dean-dora, evil]\n"
        "bye: [baker-ben]\n"
        "...\n"
        "# after the document\n")


def test_a_file_that_is_not_yaml_is_refused_and_left_untouched(datadir):
    target = datadir.root / "cup/open/round-3.yaml"
    broken = "games:\n  - [adams-amy, clark-cy\nbye: [evil]\n"
    target.write_text(broken, encoding="utf-8")
    result = pair_round_3(datadir)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0].startswith("data/cup/open/round-3.yaml:3:")
    assert "YAML syntax" in result.stderr.splitlines()[0]
    assert target.read_text(encoding="utf-8") == broken


def test_teams_keeps_a_comment_block_and_the_line_endings(tmp_path):
    from .test_teams import FOUR_V_THREE, _festival
    event = FOUR_V_THREE.replace("      y: {name: Ys, players: [y1, y2, y3]}\n",
                                 "    # Registered on the day before:\n"
                                 "    unattached: [y1, y2, y3]   # came on the day\n")
    data = _festival(tmp_path, event, {})
    path = data / "t/m/event.yaml"
    before = path.read_text(encoding="utf-8")
    path.write_bytes(before.replace("\n", "\r\n").encode("utf-8"))
    result = run_generator("teams", "--data", str(data), "t/m", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    after = path.read_bytes().decode("utf-8")
    # The new team is added at the end of 'teams:', 'unattached:' (and its end-of-line comment) removed; the
    # comment block above it and the CRLF line endings stay, and every other line is as it was.
    assert "\r\n# Registered on the day before:\r\n" in after and "unattached" not in after
    assert "team-a: {name: Team A, players: [y1, y2, y3]}   # average" in after
    assert after.replace("\r\n", "\n").count("\n") == before.count("\n")
    assert "\n" not in after.replace("\r\n", "")


# The variants an audit found damaged (issue "Hostile and careless data, round 3", cause 4): each is either
# written exactly (every key outside the proposal reads as before) or refused at a line, the file untouched.
VARIANTS = {
    "cr-only": "date: 2024-03-03\rtime: '09:30'\rgames:\r  - [adams-amy, baker-ben]\r",
    "mixed-endings": "date: 2024-03-03\r\ntime: '09:30'\ngames:\r\n  - [adams-amy, baker-ben]\n",
    "flow-over-lines": "date: 2024-03-03\nnotes: {a: 1,\n  b: 2}\ngames:\n  - [adams-amy, baker-ben]\n",
    "anchor-in-replays": "games: &g\n  - [adams-amy, baker-ben]\nreplays: *g\n",
    "one-line-flow": "{date: 2024-03-03, time: '09:30', games: [[adams-amy, baker-ben]]}\n",
    "document-end": "date: 2024-03-03\ngames:\n  - [adams-amy, baker-ben]\n...\n",
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_layout_is_written_exactly_or_refused_untouched(datadir, name):
    from generator.diagnostics import Report
    from generator.sources.yamltree import parse_text
    target = datadir.root / "cup/open/round-3.yaml"
    before = VARIANTS[name].encode("utf-8")
    target.write_bytes(before)
    result = pair_round_3(datadir)
    assert "Traceback" not in result.stderr
    if result.returncode != 0:
        assert result.stderr.startswith("data/cup/open/round-3.yaml:"), result.stderr
        assert target.read_bytes() == before
        return
    after = target.read_bytes().decode("utf-8")
    old = parse_text(VARIANTS[name], "before", Report())
    report = Report()
    new = parse_text(after, "after", report)
    assert not report.errors, report.lines()
    assert {str(k.value) for k, _ in new.items} >= {str(k.value) for k, _ in old.items} - {"games", "bye"}
    for key in ("date", "time", "notes", "replays"):
        o, n = old.get(key) if hasattr(old, "get") else None, new.get(key)
        assert (o is None) == (n is None), key
    assert ("\r\n" in after) == ("\r\n" in VARIANTS[name] and "\n" not in VARIANTS[name].replace("\r\n", ""))


def test_teams_keeps_the_bom_and_crlf_of_a_flow_style_teams(tmp_path):
    from .test_teams import FOUR_V_THREE, _festival
    event = FOUR_V_THREE.replace("    teams:\n      x: {name: Xs, players: [x1, x2, x3, x4]}\n      y: {name: Ys, "
                                 "players: [y1, y2, y3]}\n",
                                 "    teams: {x: {name: Xs, players: [x1, x2, x3, x4]}}\n"
                                 "    unattached: [y1, y2, y3]\n")
    data = _festival(tmp_path, event, {})
    path = data / "t/m/event.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    result = run_generator("teams", "--data", str(data), "t/m", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = path.read_bytes()
    assert written.startswith(b"\xef\xbb\xbf") and b"\r\n" in written and b"\n" not in written.replace(b"\r\n", b"")
    assert b"team-a" in written and b"unattached" not in written
