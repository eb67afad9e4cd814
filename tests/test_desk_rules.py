"""The desk's rules without a browser: what an arbiter's change to a proposed round breaks, the players' reports,
the wrong codes' slowing, the commit's message, and every page of the desk escaping what the data holds.

The festival: the mini one (tests/fixtures/mini: adams-amy, baker-ben, clark-cy, dean-dora, evil, whose family name
is a <script> tag) with round 1 written here and rounds 2 and 3 taken out:
    games: [adams-amy, baker-ben, 1-0], [clark-cy, dean-dora, 1-0]; bye: [evil]
so after round 1, by the balanced sente rule (sente games less gote games): adams-amy +1, clark-cy +1 (each had
sente), baker-ben -1, dean-dora -1 (gote), evil 0 (a bye has no colour) and evil has had a bye."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli.desk import site_languages_of
from generator.desk import gitdata
from generator.desk.core import Desk, Refused
from generator.desk.guard import FREE, LIMIT, Guard
from generator.render.i18n import LANGUAGES

from .conftest import DEMO, MINI
from .test_desk import _start, request

ROUND_1 = """date: 2024-03-02
games:
  - [adams-amy, baker-ben, 1-0]
  - [clark-cy,  dean-dora, 1-0]
bye: [evil]
"""


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    for n in (2, 3):
        (data / f"cup/open/round-{n}.yaml").unlink()
    (data / "cup/open/round-1.yaml").write_text(ROUND_1, encoding="utf-8")
    found = Desk(data)
    assert not found.report.errors, found.report.lines()
    return found


def _breaks(desk: Desk, pairs: list[list[str]], bye: str | None) -> set[tuple[int, str, bool]]:
    return {(b.board, b.rule, b.blocking) for b in desk.check_pairing("cup/open", pairs, bye)}  # type: ignore[arg-type]


def test_a_proposal_as_made_breaks_nothing(desk: Desk) -> None:
    proposed = desk.propose("cup/open")
    assert proposed.number == 2 and len(proposed.boards) == 2 and proposed.bye is not None  # 5 players: 2 boards
    assert proposed.bye != "evil"  # he has had his bye
    pairs = [[a, b] for a, b, _h, _k in proposed.boards]
    assert _breaks(desk, pairs, proposed.bye) == set()


def test_each_broken_rule_is_named_on_its_board(desk: Desk) -> None:
    desk.propose("cup/open")
    # adams-amy (+1) has sente against dean-dora (-1): the rule gives it to dean-dora; baker-ben (-1) against evil
    # (0): baker-ben has had sente less, rightly first; clark-cy has had no bye.
    assert _breaks(desk, [["adams-amy", "dean-dora"], ["baker-ben", "evil"]], "clark-cy") == {(1, "colour", False)}
    # Both round 1 games again: two rematches; clark-cy (+1) first against dean-dora (-1): sente wrong; evil's
    # second bye.
    assert _breaks(desk, [["baker-ben", "adams-amy"], ["clark-cy", "dean-dora"]], "evil") == {
        (1, "rematch", False), (2, "rematch", False), (2, "colour", False), (0, "bye", False)}
    # A player twice and another left out: blocking, whatever else.
    found = _breaks(desk, [["adams-amy", "adams-amy"], ["clark-cy", "dean-dora"]], "evil")
    assert (1, "seating", True) in found and (0, "seating", True) in found


def test_a_change_that_breaks_a_rule_is_written_only_when_accepted(desk: Desk) -> None:
    desk.propose("cup/open")
    target = desk.data / "cup/open/round-2.yaml"
    edited = [["adams-amy", "dean-dora"], ["baker-ben", "evil"]]
    with pytest.raises(Refused) as refused:
        desk.publish("cup/open", edited, "clark-cy", accept=False)  # type: ignore[arg-type]
    assert any("Sente" in p for p in refused.value.problems) and not target.exists()
    with pytest.raises(Refused):
        desk.publish("cup/open", [["adams-amy", "adams-amy"], ["clark-cy", "dean-dora"]], "evil",  # type: ignore
                     accept=True)  # a player twice is never written
    assert not target.exists()
    state = desk.publish("cup/open", edited, "clark-cy", accept=True)  # type: ignore[arg-type]
    text = target.read_text(encoding="utf-8")
    assert "  - [adams-amy, dean-dora]" in text and "bye: [clark-cy]" in text
    assert text.startswith("# Open round 2: pairings proposed")  # the proposal's header kept
    assert not [d for d in state.problems if d.severity.value == "error"]


def test_players_reports_agree_wait_or_disagree(desk: Desk) -> None:
    desk.propose("cup/open")
    desk.publish("cup/open", None, None, accept=False)
    state = desk.state("cup/open")
    rnd = desk.pending(state)
    assert rnd is not None
    one, two = rnd.games[0], rnd.games[1]
    # Board 1: the first-named says 1-0, the second-named says 1-0 too (he lost): the result is written.
    assert desk.report_result("cup/open", 2, 1, 0, ["1-0"], "phone-a") == "waiting"
    assert desk.report_result("cup/open", 2, 1, 1, ["1-0"], "phone-b") == "saved"
    # Board 2: each says the other lost: flagged, nothing written; the same phone cannot speak for both.
    assert desk.report_result("cup/open", 2, 2, 0, ["1-0"], "phone-c") == "waiting"
    with pytest.raises(Refused):
        desk.report_result("cup/open", 2, 2, 1, ["0-1"], "phone-c")
    assert desk.report_result("cup/open", 2, 2, 1, ["0-1"], "phone-d") == "disagree"
    text = (desk.data / "cup/open/round-2.yaml").read_text(encoding="utf-8")
    assert f"[{one.sente.id}, {one.gote.id}, 1-0]" in text.replace("  ", " ").replace(",  ", ", ")
    assert two.sente.id in text and "0-1" not in text
    # A result nobody plays (a forfeit) is the arbiter's, not a player's.
    with pytest.raises(Refused):
        desk.report_result("cup/open", 2, 2, 0, ["+-"], "phone-c")


def test_wrong_codes_are_free_then_slowed_then_refused() -> None:
    guard = Guard(frozenset({"127.0.0.1:1"}), lan=True)
    t = 1000.0
    assert [guard.try_code("a", "nope", t + i * 0.01) for i in range(FREE)] == ["wrong"] * FREE
    # The 6th try comes 0.01 s after the 5th: the wait after 5 wrong codes is 2 ** 0 = 1 s.
    assert guard.try_code("a", guard.code, t + FREE * 0.01) == "wait"
    # After the wait, the right code passes; another address was never slowed.
    assert guard.try_code("a", guard.code, t + 2) == "ok"
    assert guard.try_code("b", guard.code.lower(), t + 2) == "ok"  # typed in lower case on a phone
    # Wrong codes spaced past each wait (1, 2, 4 … s, capped at 60) count up to LIMIT: then refused, right or not.
    now = t + 2
    for _ in range(LIMIT - FREE):
        now += 61
        guard.try_code("a", "nope", now)
    assert guard.try_code("a", guard.code, now + 61) == "blocked"
    assert guard.try_code("a", guard.code, now + 901) == "ok"  # after BLOCKED = 900 s


def test_the_commit_message_names_the_event_and_round() -> None:
    changed = [("M", "2000-mso-shogi/championship/round-9.yaml"), ("??", "2000-mso-shogi/championship/checkin.yaml")]
    message = gitdata.message(changed)
    assert message.splitlines()[0] == "Results: 2000-mso-shogi/championship round 9"
    assert "- 2000-mso-shogi/championship/checkin.yaml" in message


def test_every_desk_page_escapes_what_the_data_holds(tmp_path: Path) -> None:
    """evil's family name is <script>alert(1)</script>: on every page it is text."""
    data = tmp_path / "data"
    shutil.copytree(MINI, data)
    (data / "cup/open/round-3.yaml").unlink()
    running = _start(data, tmp_path, lan=False)
    try:
        assert request(running, "/api/propose", {"event": "cup/open"}, key=False)[0] == 200
        pages = ["/", "/event/cup/open/checkin", "/event/cup/open/pairing", "/event/cup/open/results?round=2",
                 "/screen", "/play", "/sheet", "/git", "/event/cup/none/results"]
        for path in pages:
            status, html = request(running, path, key=False)
            assert status in (200, 404) and isinstance(html, str), path
            assert "<script>alert" not in html, path
        status, html = request(running, "/event/cup/open/checkin", key=False)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in str(html)
    finally:
        running.process.terminate()
        running.process.wait(timeout=10)


def test_a_draw_that_the_rules_replay_gets_its_replay(desk: Desk) -> None:
    """With replay_draws (the blitz's rule), a draw is an error until its replay is written, colours swapped."""
    event_yaml = desk.data / "cup/open/event.yaml"
    event_yaml.write_text(event_yaml.read_text(encoding="utf-8") + "replay_draws: true\n", encoding="utf-8")
    desk.reload()
    desk.propose("cup/open")
    desk.publish("cup/open", None, None, accept=False)
    state = desk.state("cup/open")
    rnd = desk.pending(state)
    assert rnd is not None
    game = rnd.games[0]
    players = (game.sente.id, game.gote.id)
    state = desk.save_result("cup/open", 2, 1, players, ["½-½"], [])
    assert any("was drawn" in d.message for d in state.problems)
    seat = desk.seats(state, desk.round_of(state, 2))[0]
    assert seat.replayable and seat.replay == ()
    state = desk.save_replay("cup/open", 2, 1, players, "1-0")
    text = (desk.data / "cup/open/round-2.yaml").read_text(encoding="utf-8")
    assert f"replays:\n  - [{game.gote.id}, {game.sente.id}, 1-0]\n" in text  # the second-named has sente now
    assert not [d for d in state.problems if d.severity.value == "error"]
    assert desk.seats(state, desk.round_of(state, 2))[0].replay == ("1-0",)
    desk.save_result("cup/open", 2, 2, (rnd.games[1].sente.id, rnd.games[1].gote.id), ["1-0"], [])
    with pytest.raises(Refused):  # a decisive game has no replay
        desk.save_replay("cup/open", 2, 2, (rnd.games[1].sente.id, rnd.games[1].gote.id), "1-0")


def test_a_late_entry_and_a_withdrawal_at_the_desk(desk: Desk) -> None:
    players = desk.data / "players.yaml"
    players.write_text(players.read_text(encoding="utf-8") + "fox-finn:   {family: Fox, given: Finn, country: GB}\n",
                       encoding="utf-8")
    desk.reload()
    state = desk.state("cup/open")
    assert desk.late_candidates(state, 2) == [("fox-finn", "Fox, Finn")]
    assert desk.late_candidates(state, 3) == []  # round 3 is not the next to pair
    # The mini event lists its players in [ ] on one line: the desk does not rewrite that, and says so.
    with pytest.raises(Refused):
        desk.enter_late("cup/open", 2, "fox-finn")
    event_yaml = desk.data / "cup/open/event.yaml"
    text = event_yaml.read_text(encoding="utf-8")
    block = "players:\n" + "".join(f"  - {p}\n" for p in ("adams-amy", "baker-ben", "clark-cy", "dean-dora", "evil"))
    event_yaml.write_text(text.replace("players: [adams-amy, baker-ben, clark-cy, dean-dora, evil]\n", block),
                          encoding="utf-8")
    state = desk.enter_late("cup/open", 2, "fox-finn")
    assert "  - {player: fox-finn, from_round: 2}" in event_yaml.read_text(encoding="utf-8")
    assert state.event.from_round == {"fox-finn": 2} and not [d for d in state.problems if d.severity.value == "error"]
    # Checked in for round 2, then withdrawn from round 2 on: after_round 1, and his check-in goes with him.
    desk.checkin("cup/open", 2, "fox-finn", "present")
    desk.checkin("cup/open", 2, "evil", "present")
    state = desk.checkin("cup/open", 2, "fox-finn", "withdrawn")
    assert state.event.withdrawn == {"fox-finn": 1}
    two = state.event.checked_in(2)
    assert two is not None and [r.id for r in two.present] == ["evil"]
    assert not [d for d in state.problems if d.severity.value == "error"]


def test_a_team_matchs_board_and_a_shuuro_game_are_saved_as_their_kinds_write_them(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DEMO, data)
    team = data / "2000-mso-shogi/team-match/round-5.yaml"
    # Board 6 is the second board of the second match (boards 1-4 are the first match's): Kowalski gives L.
    team.write_text(team.read_text(encoding="utf-8").replace("[kowalski-adam, schneider-anna, l, 1-0]",
                                                             "[kowalski-adam, schneider-anna, l]"), encoding="utf-8")
    desk = Desk(data)
    state = desk.state("2000-mso-shogi/team-match")
    seat = next(s for s in desk.seats(state, desk.round_of(state, 5)) if s.board == 6)
    assert (seat.first, seat.second, seat.fields, seat.handicap) == ("kowalski-adam", "schneider-anna", (), "l")
    assert seat.match == "germany – team-c"
    state = desk.save_result("2000-mso-shogi/team-match", 5, 6, ("kowalski-adam", "schneider-anna"), ["0-1"], [])
    assert not [d for d in state.problems if d.severity.value == "error"]
    saved = next(s for s in desk.seats(state, desk.round_of(state, 5)) if s.board == 6)
    assert (saved.fields, saved.handicap) == (("0-1",), "l")
    # Shuuro: a played game needs its ending and each player's eliminated points; the desk writes nothing less.
    shuuro = desk.state("2009-mso-shuuro/shuuro-250")
    with pytest.raises(Refused):
        desk.valid_fields(shuuro.event, ["1-0"])
    with pytest.raises(Refused):
        desk.valid_fields(shuuro.event, ["1-0", "checkmate; rm -rf", "250", "60"])
    assert desk.valid_fields(shuuro.event, ["1-0", "checkmate", "250", "60"]) == ("1-0", "checkmate", "250", "60")
    assert desk.valid_fields(shuuro.event, ["+-"]) == ("+-",)  # a game not played has nothing more


def test_a_proposal_made_before_the_check_in_changed_is_not_published(desk: Desk) -> None:
    desk.propose("cup/open")
    desk.checkin("cup/open", 2, "evil", "absent")  # after the proposal: it seats evil
    with pytest.raises(Refused):
        desk.publish("cup/open", None, None, accept=False)
    assert not (desk.data / "cup/open/round-2.yaml").exists()
    proposed = desk.propose("cup/open")  # proposed again: 4 players, 2 boards, no bye, evil absent
    assert proposed.absent == ["evil"] and proposed.bye is None and len(proposed.boards) == 2
    desk.publish("cup/open", None, None, accept=False)
    assert "absent: [evil]" in (desk.data / "cup/open/round-2.yaml").read_text(encoding="utf-8")


def test_the_desk_speaks_the_sites_languages(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: Cup\nextra:\n  languages: [de, en, ja]\n", encoding="utf-8")
    assert site_languages_of(config) == ("de", "en", "ja")  # the default (German) first, as the site has them
    config.write_text("site_name: Cup\n", encoding="utf-8")
    assert site_languages_of(config) == ("en",)  # a site without languages is English alone, and so is its desk
    config.write_text("extra:\n  languages: [de, xx]\n", encoding="utf-8")
    assert site_languages_of(config) == tuple(LANGUAGES)  # unusable: every language (and a warning)
