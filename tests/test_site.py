"""The README's build on the shipped demo festival: mkdocs build --strict, for real."""

from __future__ import annotations

import os

import json
import re
import sys
from html import unescape
from fractions import Fraction

from ruamel.yaml import YAML

from .conftest import DEMO, ROOT, run_generator


def test_demo_site_builds_strict_without_warnings(demo_build):
    site, result = demo_build
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr + result.stdout
    assert (site / "index.html").exists()


def test_demo_championship_has_standings_after_each_of_nine_rounds(demo_build):
    site, _ = demo_build
    text = (DEMO / "2000-mso-shogi/championship/event.yaml").read_text()
    # one id per line under players:, and two late entries as {player: id, from_round: n}
    entrants = len(re.findall(r"^  - [a-z-]+$", text, re.MULTILINE)) + len(re.findall(r"from_round: [234]}", text))
    assert entrants == 43
    for n in range(1, 10):
        html = (site / f"2000-mso-shogi/championship/round-{n}/index.html").read_text(encoding="utf-8")
        heading = f'<h2 id="standings-after-round-{n}">Standings after round {n}'
        assert heading in html, n
        table = html.split(heading)[1]
        # one row per entrant: each row links to a player page
        assert len(re.findall(r'<tr>\s*<td>\d+=?</td>', table)) == entrants, n


def test_demo_json_api_is_published(demo_build):
    site, _ = demo_build
    index = json.loads((site / "api/index.json").read_text(encoding="utf-8"))
    # festivals by date: MSO (August 2000), Leiden (October 2000), Kurpfalz (January 2001), MSO Shuuro (August
    # 2009), MSO Oware (August 2012) (festival.yaml lists its events in the order of the programme)
    assert [e["short"] for e in index["events"]] == ["Team Match", "Beginners", "Simul", "Blitz", "MSOWSC",
                                                     "Leiden Autumn Open", "Kurpfalz New Year's Open", "Shuuro-250",
                                                     "Oware Masters", "Oware Open"]
    standings = json.loads((site / "api/2000-mso-shogi/championship/standings.json").read_text(encoding="utf-8"))
    assert standings["after_round"] == 9
    assert len(standings["rows"]) == 43
    # Every point handed out in nine rounds: each game gives 1 point in all (draws included; replays of drawn
    # ESC games give none), a bye 1.  Players present: R1 41 (the two late entries not yet) = 20 games + bye;
    # R2 42 (Novák joins) = 21 games; R3 41 (Kim absent) = 20 + bye; R4-R6 43 (Horvat joins) = 21 + bye;
    # R7 41 (Davies withdrew after R6, Ito absent) = 20 + bye; R8, R9 42 = 21 games.
    # 21 + 21 + 21 + 3*22 + 21 + 21 + 21 = 192, plus Horvat's 1 late-entry point (middle group, after round 3):
    # 193.  Novák, top group after round 1, gets 0 (seed table).
    assert sum(r["points"] for r in standings["rows"]) == 193


def test_same_data_builds_a_byte_identical_site(demo_build, tmp_path):
    """Built again on another day (the clock moved by faketime, from Debian): every byte the same, the gzipped
    sitemap's header time included (it came from the day of the build)."""
    import subprocess
    site, _ = demo_build
    again = tmp_path / "again"
    command = ["faketime", "2031-02-03 04:05:06", sys.executable, "-m", "generator", "build", "--data", str(DEMO),
               "--site-dir", str(again)]
    subprocess.run(command, check=True, cwd=ROOT, capture_output=True, text=True,
                   env={**os.environ, "BANZUKE_LANGUAGES": "en,de"})  # (as demo_build: English and German)
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    different = sorted(str(k) for k in first if first[k] != second[k])
    assert different == []


def test_demo_site_offers_valid_turnering_downloads(demo_build):
    import subprocess
    import sys
    site, _ = demo_build
    files = sorted(site.glob("*/*/turnering.txt"))
    # All four demo events are rated: 60 min + 30 s (MSOWSC) and 30 min + 30 s (Team Match, Leiden, Kurpfalz):
    # the Team Match's individual games go to FESA too.
    assert [f.parent.relative_to(site).as_posix() for f in files] == [
        "2000-leiden-autumn-open/tournament", "2000-mso-shogi/championship", "2000-mso-shogi/team-match",
        "2001-kurpfalz-new-year-open/tournament"]
    result = subprocess.run([sys.executable, "-m", "generator", "fesa", "check", *map(str, files)],
                            check=False, capture_output=True, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, "4 files: 0 errors, 0 warnings\n", "")
    for f in files:
        page = (f.parent / "index.html").read_text(encoding="utf-8")
        assert '<a href="turnering.txt">download turnering.txt</a>' in page


def test_demo_entries_page_shows_every_rating_with_its_source(demo_build):
    site, _ = demo_build
    # The visible text: entities (an apostrophe is written &#39;) read as the characters they stand for.
    html = unescape((site / "2000-mso-shogi/championship/entries/index.html").read_text(encoding="utf-8"))
    starting_list, adjusted = html.split('id="adjusted-by-the-arbiters"')
    rows = re.findall(r"<tr>\s*<td[^>]*>(\d+)</td>\s*<td[^>]*><a [^>]*>([^<]+)</a></td>\s*<td[^>]*>([^<]+)</td>"
                      r"\s*<td[^>]*>[A-Z]{2}</td>\s*<td[^>]*>([^<]+)</td>", starting_list)
    by_name = {name: (elo, source) for _, name, elo, source in rows}
    assert len(rows) == 43
    # players.yaml: Kaufman elo 2200; Miller only a 2 kyu club grade (midpoint 1510); Kim ShogiDojo 770 + 450
    # = 1220; Chen claims 6 kyu (midpoint 1160); Hall assessed 1050 by the arbiters.
    assert by_name["Kaufman, Larry"] == ("2200", "FESA/USSF Elo")
    assert by_name["Miller, Sam"] == ("1510", "from 2 kyu grade")
    assert by_name["Kim, Min-jun"] == ("1220", "ShogiDojo 770 + 450")
    assert by_name["Chen, Wei"] == ("1160", "from claimed 6 kyu")
    assert by_name["Hall, Peter"] == ("1050", "arbiters' assessment: played at the club in 1999")
    assert "lost his first four games" in adjusted  # the adjustment from round 5


def test_demo_prize_lists_add_up(demo_build):
    site, _ = demo_build
    esc = json.loads((site / "api/2000-mso-shogi/championship/knockout.json").read_text(encoding="utf-8"))
    # players.yaml: 33 European nationals in the round-1 field and Tanaka, who lives in the Netherlands = 34;
    # less 9 without a FESA-rated game since 1998-08-25 and Hall without a FESA Elo = 24 seeds, so seeds 1-8
    # had a bye in round 1.  Not selected: those 10 and the two late entries (not there at round 1) = 12.
    assert len(esc["seeds"]) == 24 and len(esc["not_selected"]) == 12
    assert [esc["places"][n] for n in "1234"] == ["de-vries-pieter", "lefevre-julien", "rossi-marco", "bakker-jan"]
    assert [(a["player"], a["amount"]) for a in esc["prizes"]] == [
        ("de-vries-pieter", "200.00"), ("lefevre-julien", "150.00"), ("rossi-marco", "100.00"), ("bakker-jan", "50.00")]
    html = (site / "2000-mso-shogi/prizes/index.html").read_text(encoding="utf-8")
    # MSOWSC 450 + 350 + 250 + 200 + 150 + 100 + 50 + 50 + 50 = 1650 (places 4-11 tied on 6 points share
    # 200 + 150 + 100 + 50 = 500, 62.50 each); ESC 200 + 150 + 100 + 50 = 500.
    # Team Match (round files, board points): France and Switzerland 13½ first, 4 players x 100 = 400; Germany
    # and Austria and Team C tie on 12 for places 2-3: the per-player 50 of place 2 (place 3 has none) is
    # split, 25 to each of their 8 players = 200; 600 in all.
    # Simul (round-1.yaml): five opponents beat their giver (Müller, García, Schneider, Visser, Keller):
    # min(100, 450 / 5) = 90 each = 450.  Blitz: three players tie on 6 points for places 1-3 (see the
    # recount below): (150 + 100 + 50) / 3 = 100 each = 300.  Grand Prix 200 + 150 + 100 + 50 = 500.
    # All: 1650 + 500 + 600 + 450 + 300 + 500 = 4000, the whole 4,000 GBP fund, so no warning.
    for total in ("1650.00", "500.00", "600.00", "450.00", "300.00"):
        assert f"<strong>{total} GBP</strong>" in html
    assert "All prizes: 4000.00 GBP</strong> of the 4000.00 GBP prize fund; 0.00 GBP not awarded" in html
    assert "More than the prize fund" not in html
    assert html.count("25.00 GBP") == 8
    assert html.count("62.50 GBP") == 8
    assert html.count("90.00 GBP") == 5
    assert html.count(">100.00 GBP") == 4 + 3 + 1 + 1  # France's four, the blitz three, the ESC's and the GP's third


def test_demo_blitz_counts_replays_not_draws():
    """Recount the blitz from its round files, independently of the generator: a drawn game's replay counts."""
    yaml = YAML(typ="safe")
    score: dict[str, float] = {}
    for n in range(1, 9):
        rnd = yaml.load((DEMO / f"2000-mso-shogi/blitz/round-{n}.yaml").read_text(encoding="utf-8"))
        replays = {frozenset(g[:2]): g for g in rnd.get("replays") or []}
        for game in rnd["games"]:
            a, b, result = game
            if result == "½-½":
                a, b, result = replays[frozenset((a, b))]
            winner = a if result == "1-0" else b
            score[winner] = score.get(winner, 0) + 1
            score.setdefault(a if winner == b else b, 0)
        for pid in rnd.get("bye") or []:
            score[pid] = score.get(pid, 0) + 1
    top = sorted(p for p, v in score.items() if v == max(score.values()))
    assert max(score.values()) == 6 and top == ["hashimoto-kenji", "kaufman-larry", "lefevre-julien"]


def test_demo_grand_prix_page(demo_build):
    site, _ = demo_build
    html = (site / "2000-mso-shogi/grand-prix/index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)
    cells = {}
    for row in rows:
        texts = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(texts) > 2:
            cells[texts[1]] = texts
    # Columns: rank, player, total, prize, then MSOWSC, Team Match, Simul, Blitz.
    # Kaufman: MSOWSC 2nd (7 points, alone) 11; Team A 4th of the teams 5; simul giver 5½ of 8 = 68.75 %
    # (above 45, not above 70) 3; blitz 1st of the three on 6 by tiebreak 8: 11 + 5 + 3 + 8 = 27, first: 200.
    assert cells["Kaufman, Larry"] == ["1", "Kaufman, Larry", "27", "200.00", "11", "5", "3", "8"]
    # Hashimoto: MSOWSC 3rd 10, Japan 9th of 10 teams 0, no simul, blitz 3rd 6: 16.
    assert cells["Hashimoto, Kenji"][2:] == ["16", "", "10", "0", "", "6"]
    # Nakao gave the simul only (7 of 8 = 87.5 %: 4 points), so he is not ranked.
    assert "Nakao, Osamu" not in cells
    assert "Not ranked" in html and "Nakao, Osamu" in html


def test_demo_programme_and_playoff(demo_build):
    site, _ = demo_build
    html = (site / "2000-mso-shogi/programme/index.html").read_text(encoding="utf-8")
    html = html[html.index("<article"):html.index("</article>")]
    order = [html.index(x) for x in ("Wednesday 23 August 2000", "Handicap Team Match", "Shogi for Beginners",
                                     "Lesson", "Thursday 24 August 2000", "Simultaneous Event",
                                     "Blitz Shogi Championship", "Demonstration game", "Friday 25 August 2000")]
    assert order == sorted(order)
    standings = (site / "2000-mso-shogi/beginners/index.html").read_text(encoding="utf-8")
    # Baker and Reed won all four rounds; 18 took part (more than 16): playoff.yaml, Reed beat Baker.
    assert "won the play-off (Reed, Grace 1-0 Baker, Noah) and is first" in standings
    rules = (site / "2000-mso-shogi/blitz/rules/index.html").read_text(encoding="utf-8")
    assert "not rated, because its time control (8 min) is below FESA" in rules


def test_entry_fees_are_for_organizers_not_the_public_site(demo_build):
    site, _ = demo_build
    # Team Match event.yaml: 5 registered teams (4 + 3 + 4 + 4 + 4 = 19 players) and 20 formed on the day = 39.
    # Juniors (born in players.yaml, under 18 on 23 August 2000): Visser, Ito, Fischer, Miller, Walker, Roberts.
    # 33 x 15 + 6 x 6 = 495 + 36 = 531 GBP.
    out = run_generator("fees", "2000-mso-shogi", "--players", "--data", str(DEMO))
    assert out.returncode == 0, out.stderr
    assert "Team Match  33 x 15.00 + 6 x 6.00 (juniors) = 531.00 GBP" in out.stdout
    # Fischer (born 1985-02-20) is 15 in all his events: junior rates 6 + 5 + 10 = 21.
    assert re.search(r"Fischer, Lukas\s+21\.00  Team Match 6\.00 \(junior\), Blitz 5\.00 \(junior\), "
                     r"MSOWSC 10\.00 \(junior\)", out.stdout)
    for page in site.rglob("*.html"):
        assert "531.00" not in page.read_text(encoding="utf-8"), page


def test_demo_shuuro_recount_and_ties(demo_build):
    """Recount the Shuuro-250 demo from its round files, independently of the generator, against hand totals."""
    cost = {"queen": 110, "rook": 70, "bishop": 40, "knight": 40, "pawn": 10}  # docs/shuuro-250.md#army-limits
    yaml = YAML(typ="safe")
    tp: dict[str, int] = {}
    deltas: dict[str, list[int]] = {}
    for n in range(1, 6):
        rnd = yaml.load((DEMO / f"2009-mso-shuuro/shuuro-250/round-{n}.yaml").read_text(encoding="utf-8"))
        for a, b, result, _ending, took_a, took_b in rnd["games"]:
            pa, pb = (sum(cost[p] for p in t) if isinstance(t, list) else t for t in (took_a, took_b))
            gain = {"1-0": (3, 0), "0-1": (0, 3), "draw": (1, 1)}[result]
            for pid, g, d in ((a, gain[0], pa - pb), (b, gain[1], pb - pa)):
                tp[pid] = tp.get(pid, 0) + g
                deltas.setdefault(pid, []).append(d)
        for pid in rnd.get("bye") or []:
            tp[pid] = tp.get(pid, 0) + 3
            deltas.setdefault(pid, []).append(0)
    # By hand from the round files (TP: bye 3, win 3, draw 1; Delta per round):
    #   Horák   bye W W W W = 15; 0 +120 +70 +80 +150 = +420
    #   Walker  W L W W W = 12;  -80 -120 +110 +70 +70 = +50
    #   Ferrari L bye W L W = 9; -150 0 +130 -70 +70 = -20 (last +70)
    #   Hughes  L W L W W = 9;   -70 -50 -130 +100 +70 = -80 (last +70)
    #   Bakker  W W L W L = 9;   +120 +110 -70 +120 -70 = +210 (last -70)
    #   Blake   D W W L D = 8;   0 +100 +110 -80 0 = +130 (last 0)
    #   Rossi   W L D W D = 8;   +150 -110 0 -90 0 = -50 (last 0)
    #   Moreau  D L L bye L = 4; 0 +50 -130 0 0 = -80 (last 0)
    #   Lefèvre L D L L bye = 4; -110 0 -110 -100 0 = -320 (last 0)
    #   Shah    L D W L L = 4;   -120 0 +130 +90 -70 = +30 (last -70)
    assert (tp["horak-jakub"], sum(deltas["horak-jakub"])) == (15, 420)
    assert (tp["walker-ben"], sum(deltas["walker-ben"])) == (12, 50)
    for pid, total, last in (("ferrari-giulia", -20, 70), ("hughes-megan", -80, 70), ("bakker-jan", 210, -70),
                             ("blake-tom", 130, 0), ("rossi-marco", -50, 0), ("moreau-claire", -80, 0),
                             ("lefevre-julien", -320, 0), ("shah-priya", 30, -70)):
        assert (sum(deltas[pid]), deltas[pid][-1]) == (total, last), pid
    assert (tp["ferrari-giulia"], tp["hughes-megan"], tp["bakker-jan"]) == (9, 9, 9)
    assert (tp["blake-tom"], tp["rossi-marco"]) == (8, 8)
    assert (tp["moreau-claire"], tp["lefevre-julien"], tp["shah-priya"]) == (4, 4, 4)
    # So: on 9, Ferrari and Hughes (+70 last) above Bakker (-70); Ferrari beat Hughes in round 3 (head to
    # head). On 8, Blake and Rossi drew each other in round 5: total Delta, Blake. On 4, Shah last (-70); Moreau
    # and Lefèvre never met: total Delta, Moreau.
    site, _ = demo_build
    html = (site / "2009-mso-shuuro/shuuro-250/index.html").read_text(encoding="utf-8")
    rows = _table_rows(html)
    assert [(r[0], r[1], r[5]) for r in rows if r] == [
        ("1", "Horák, Jakub", ""), ("2", "Walker, Ben", ""), ("3", "Ferrari, Giulia", ""),
        ("4", "Hughes, Megan", "game"), ("5", "Bakker, Jan", "Δ last"), ("6", "Blake, Tom", ""),
        ("7", "Rossi, Marco", "Δ total"), ("8", "Smith, James", ""), ("9", "Evans, Rhys", ""),
        ("10", "Klein, Stefan", "Δ last"), ("11", "Moreau, Claire", ""), ("12", "Lefèvre, Julien", "Δ total"),
        ("13", "Shah, Priya", "Δ last")]
    assert "won their game in round 3" in html
    assert "their game in round 5 was drawn; total Delta +130 against −50" in html
    assert "they did not meet; total Delta −80 against −320" in html


def _oware_recount(event: str, rounds: int) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """VP and Sonneborn-Berger from an Oware event's round files, counted here without the generator: a win 1,
    a 24-24 draw ½, a rest round nothing; SB: the beaten opponents' VP plus half the drawn ones'."""
    yaml = YAML(typ="safe")
    games = []
    for n in range(1, rounds + 1):
        rnd = yaml.load((DEMO / f"2012-mso-oware/{event}/round-{n}.yaml").read_text(encoding="utf-8"))
        games += [(g[0], g[1], {"1-0": 1, "0-1": 0, "½-½": Fraction(1, 2)}[g[2]]) for g in rnd["games"]]
    vp: dict[str, Fraction] = {}
    for a, b, first in games:
        vp[a] = vp.get(a, Fraction(0)) + first
        vp[b] = vp.get(b, Fraction(0)) + 1 - first
    sb: dict[str, Fraction] = {p: Fraction(0) for p in vp}
    for a, b, first in games:
        sb[a] += first * vp[b]
        sb[b] += (1 - first) * vp[a]
    return vp, sb


def _table_rows(html_text: str) -> list[list[str]]:
    table = re.split(r"<table[^>]*>", html_text)[1].split("</table>")[0]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
            for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def test_demo_oware_masters_recount_and_ties(demo_build):
    """The 7-player all-play-all, from its round files, against results worked out by hand."""
    vp, sb = _oware_recount("oware-masters", 7)
    # By hand from the round files (each player rests once, scoring nothing):
    #   Mensah  beat Reid, Owusu, Clarke, Agyeman, Darko; drew Horák: 5½
    #   Owusu   beat Horák, Darko, Reid, Clarke; lost to Mensah, Agyeman: 4
    #   Darko   beat Reid, Clarke, Agyeman, Horák; lost to Owusu, Mensah: 4
    #   Agyeman beat Reid, Owusu: 2;  Reid beat Clarke, Horák: 2;  Clarke beat Agyeman, Horák: 2
    #   Horák   beat Agyeman, drew Mensah: 1½
    # On 4: Owusu beat Darko (round 3): head-to-head. On 2: Reid beat Clarke, Clarke beat Agyeman, Agyeman beat
    # Reid, a cycle: SB. Agyeman = Reid 2 + Owusu 4 = 6; Reid = Clarke 2 + Horák 1½ = 3½; Clarke = Agyeman 2 +
    # Horák 1½ = 3½. Agyeman 4th; Reid and Clarke, ranked again, are separated by their game (Reid won, round 5).
    assert vp == {"mensah-ama": Fraction(11, 2), "owusu-kwabena": 4, "darko-efua": 4, "agyeman-nana": 2,
                  "reid-andre": 2, "clarke-simone": 2, "horak-jakub": Fraction(3, 2)}
    assert (sb["agyeman-nana"], sb["reid-andre"], sb["clarke-simone"]) == (6, Fraction(7, 2), Fraction(7, 2))
    site, _ = demo_build
    html_text = (site / "2012-mso-oware/oware-masters/index.html").read_text(encoding="utf-8")
    assert [(r[0], r[1], r[2], r[3], r[5]) for r in _table_rows(html_text) if r] == [
        ("1", "Mensah, Ama", "5½", "14¾", ""),  # SB 2 + 4 + 2 + 2 + 4 + ½ × 1½ = 14¾
        ("2", "Owusu, Kwabena", "4", "9½", ""), ("3", "Darko, Efua", "4", "7½", "game"),
        ("4", "Agyeman, Nana", "2", "6", ""), ("5", "Reid, Andre", "2", "3½", "SB"),
        ("6", "Clarke, Simone", "2", "3½", "game"), ("7", "Horák, Jakub", "1½", "4¾", "")]
    assert "equal on 2 VP; head-to-head: won their game in round 5" in html_text
    # Prizes 50 and 25 GBP, never tiebroken (docs/rulings.md#prize-ties): Mensah alone on 5½, 50; Owusu and Darko on 4
    # occupy places 2 and 3, 25 + 0 = 25 pooled, 12.50 each, though head-to-head puts Owusu above Darko in the table.
    prizes = (site / "2012-mso-oware/oware-masters/prizes/index.html").read_text(encoding="utf-8")
    assert [(r[0], r[1], r[3]) for r in _table_rows(prizes) if r] == [
        ("1st place", "Mensah, Ama", "50.00"), ("places 2–3, shared by 2", "Owusu, Kwabena", "12.50"),
        ("places 2–3, shared by 2", "Darko, Efua", "12.50")]


def test_demo_oware_open_recount_and_ties(demo_build):
    """The 12-player, 6-round Swiss, from its round files, against results worked out by hand."""
    vp, sb = _oware_recount("oware-open", 6)
    # By hand, round by round (W win, L loss, D 24-24 draw):
    #   Osei     W W W L W W = 5      Asante  W W D W W L = 4½     Mensah   W W D W L W = 4½
    #   Boateng  W L L W W W = 4      Adeyemi W L W W L L = 3      Okafor   W L L W W L = 3
    #   Wilson   L W L W L W = 3      Nováková L W W L L D = 2½    Smith    L W L L W L = 2
    #   Brown    L L W L L W = 2      Thompson L L L L W D = 1½    Campbell L L W L L L = 1
    # 36 VP in all: 6 rounds of 6 games.
    # On 4½: Asante and Mensah drew (round 3): SB. Asante = Smith 2 + Okafor 3 + Osei 5 + Adeyemi 3 + ½ × 4½
    #   = 15¼; Mensah = Nováková 2½ + Adeyemi 3 + Smith 2 + Okafor 3 + ½ × 4½ = 12¾.
    # On 3: Okafor beat Wilson (round 5); Adeyemi met neither: no one beat, or lost to, both others: SB.
    #   Adeyemi = Campbell 1 + Boateng 4 + Nováková 2½ = 7½; Okafor = Brown 2 + Thompson 1½ + Wilson 3 = 6½;
    #   Wilson = Thompson 1½ + Campbell 1 + Smith 2 = 4½.
    # On 2: Smith beat Brown (round 5): head-to-head (Smith's SB 3 is higher too: Campbell 1 + Brown 2).
    assert sum(vp.values()) == 36
    assert [vp[p] for p in ("osei-kwame", "asante-yaa", "mensah-ama", "boateng-kofi", "adeyemi-tunde",
                            "okafor-chidi", "wilson-emma", "novak-tereza", "smith-james", "brown-oliver",
                            "thompson-dwayne", "campbell-marcia")] == \
        [5, Fraction(9, 2), Fraction(9, 2), 4, 3, 3, 3, Fraction(5, 2), 2, 2, Fraction(3, 2), 1]
    assert (sb["asante-yaa"], sb["mensah-ama"]) == (Fraction(61, 4), Fraction(51, 4))
    assert (sb["adeyemi-tunde"], sb["okafor-chidi"], sb["wilson-emma"]) == (Fraction(15, 2), Fraction(13, 2),
                                                                            Fraction(9, 2))
    site, _ = demo_build
    html_text = (site / "2012-mso-oware/oware-open/index.html").read_text(encoding="utf-8")
    assert [(r[0], r[1], r[5]) for r in _table_rows(html_text) if r] == [
        ("1", "Osei, Kwame", ""), ("2", "Asante, Yaa", ""), ("3", "Mensah, Ama", "SB"), ("4", "Boateng, Kofi", ""),
        ("5", "Adeyemi, Tunde", ""), ("6", "Okafor, Chidi", "SB"), ("7", "Wilson, Emma", "SB"),
        ("8", "Nováková, Tereza", ""), ("9", "Smith, James", ""), ("10", "Brown, Oliver", "game"),
        ("11", "Thompson, Dwayne", ""), ("12", "Campbell, Marcia", "")]
    assert "Sonneborn-Berger 15¼ against 12¾" in html_text


def test_demo_small_things_read_right(demo_build):
    site, _ = demo_build
    # A tournament whose one event has the festival's name: the player page heads it once.
    bos = (site / "players/bos-thijs/index.html").read_text(encoding="utf-8")
    assert '<h2 id="leiden-autumn-open">Leiden Autumn Open<a' in bos
    assert "Leiden Autumn Open · Leiden Autumn Open" not in bos
    # The ESC: 24 Europeans qualify for a bracket of up to 32: all of them play, as the intro says.
    ko = unescape((site / "2000-mso-shogi/championship/knockout/index.html").read_text(encoding="utf-8"))
    assert "24 players: every one of the nationals or residents of the region present at round 1" in ko
    assert "the best 32" not in ko.split("(the rules take")[0]
    # Numbers named for what they are: the crosstable's line numbers, the entries' starting numbers.
    cross = (site / "2000-mso-shogi/championship/crosstable/index.html").read_text(encoding="utf-8")
    assert "<thead><tr><th>Line</th><th>Player</th>" in cross
    entries = (site / "2000-mso-shogi/championship/entries/index.html").read_text(encoding="utf-8")
    assert '<th class="r">Start no.</th><th>Player</th>' in entries
    # Oware: the houses carry the letters the moves are written with, F to A above, a to f below.
    oware = (site / "2012-mso-oware/oware-masters/round-1/index.html").read_text(encoding="utf-8")
    letters = re.findall(r'<div class="oware-row oware-labels">((?:<span aria-hidden="true">\w</span>)+)</div>', oware)
    assert [re.sub(r"<[^>]+>", "", row) for row in letters[:2]] == ["FEDCBA", "abcdef"]
    # The home page: the city of a tournament given as turnering.txt with its country (from its name line,
    # "[Kurpfalz New Year's Open, Ludwigshafen, Germany, 2001-01-06]"), and the newest festival first.
    home = unescape((site / "index.html").read_text(encoding="utf-8"))
    assert "Ludwigshafen, Germany" in home
    order = re.findall(r'<h3 id="[^"]+"><a href="([^"/]+)/">', home)
    assert order == ["2012-mso-oware", "2009-mso-shuuro", "2001-kurpfalz-new-year-open", "2000-leiden-autumn-open",
                     "2000-mso-shogi"]


def test_the_home_page_names_who_is_first_as_winner_team_or_equal_winners(demo_build):
    """Finished events say "Winner"; a team event names the team; a place shared by more than two is counted."""
    site, _ = demo_build
    home = (site / "index.html").read_text(encoding="utf-8")
    first = {r[0]: r[4] for r in _all_rows(home) if len(r) == 5}
    # Team Match: France and Switzerland 13½ board points, alone first (counted in test_demo_prize_lists_add_up).
    # The simul: five challengers beat their giver (0-1 in its round file: Müller, García, Schneider, Visser,
    # Keller), one point each, the most anyone has. Oware Masters: Mensah 5½ (recounted above).
    assert first["Handicap Team Match"] == "Winner: France and Switzerland"
    assert first["Simultaneous Event"] == "Winners (5 equal)"
    assert first["MSO Oware Masters"] == "Winner: Mensah, Ama"
    festival = (site / "2000-mso-shogi/index.html").read_text(encoding="utf-8")
    assert "<th>First</th>" in festival and "Winner: <a href=\"team-match/teams/france/\">" in festival


def _all_rows(html_text: str) -> list[list[str]]:
    return [[unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
            for r in re.findall(r"<tr>(.*?)</tr>", html_text, re.S)]
