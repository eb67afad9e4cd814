"""A commented starter for an organizer's own festival: players.yaml, a festival.yaml and the event folders asked
for, as texts by relative path. `.venv/bin/python -m generator new` writes them; `check` passes on them at once.

Each starter event is a kind that exists (its `format:` and `game:` are registered in generator/kinds); the
players are eight placeholders to be replaced by the real entries."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date, timedelta

from ..sources.common import SLUG

PLAYERS = """\
# The player registry: one line a player. The id on the left is how event and round files name a player.
# family/given: names; country: ISO 3166 two-letter code. The festival Elo is the first of these that exists:
#   elo: FESA (Pan-Atlantic) Elo; grade: club grade (3k, 1d …); shogidojo: ShogiDojo rating;
#   claimed_grade: the player's own claim; assessed: {{elo: 1300, note: why}}, the arbiters' assessment.
# Optional: born (juniors), residence (the country he lives in, when not his own), fesa_name (his name as FESA
# spells it, when ISO 8859-1 cannot hold it), fesa_games, last_rated_game.
# These eight are placeholders: replace them with your players.
{lines}
"""

PLACEHOLDERS = (
    ("aoki-taro", "Aoki", "Taro", "JP", "elo: 2050, grade: 3d"),
    ("bianchi-sara", "Bianchi", "Sara", "IT", "elo: 1890, grade: 2d"),
    ("claes-pieter", "Claes", "Pieter", "BE", "elo: 1720, grade: 1d"),
    ("dahl-ida", "Dahl", "Ida", "NO", "elo: 1600, grade: 1k"),
    ("evans-tom", "Evans", "Tom", "GB", "grade: 2k"),
    ("faure-lea", "Faure", "Léa", "FR", "elo: 1410, grade: 3k"),
    ("graf-max", "Graf", "Max", "DE", "shogidojo: 1000"),
    ("horvat-ana", "Horvat", "Ana", "HR", "claimed_grade: 5k"),
)
IDS = [p[0] for p in PLACEHOLDERS]

FESTIVAL = """\
# {name}. The site lists the events in the order of 'events:'; each has a folder of its own here.
name: {name}
city: {city}                      # in FESA's spelling when an event is rated (the turnering.txt header)
country: {country}                      # ISO 3166 two-letter code
start: {start}
end: {end}
events: [{events}]
# venue: …
# contact: you@example.org     # for FESA registration
# prize_fund: {{currency: EUR, amount: 500}}   # the whole fund: the prize pages account for it
"""

HEADER = """\
# {title}: round files go beside this one as round-1.yaml, round-2.yaml … ;
# `.venv/bin/python -m generator pair {path} --round 1` proposes round 1
# (its pairings, and its date and time from the schedule below).
name: {name}
short: {short}
"""

PLAYER_LIST = "players: [{ids}]   # ids from players.yaml; a latecomer: {LATE}\n"
LATE = "{player: ID, from_round: 2}"  # in the list as it is, his id for ID: he plays from round 2


@dataclass(frozen=True)
class Starter:
    """One event a new festival can start with: its folder and its files' texts (event.yaml first)."""

    folder: str
    title: str
    name: str
    short: str
    body: str
    players: tuple[str, ...] | None = tuple(IDS)  # None: the event has no list of its own (a team event's teams)
    extra: tuple[tuple[str, str], ...] = ()  # other files: (name, text)

    def files(self, festival: str, first: date, last: date) -> dict[str, str]:
        head = HEADER.format(title=self.title, path=f"{festival}/{self.folder}", name=self.name, short=self.short)
        body = self.body.format(start=first.isoformat(), end=last.isoformat(), seed=first.year)
        players = "" if self.players is None else PLAYER_LIST.format(ids=", ".join(self.players), LATE=LATE)
        return {"event.yaml": head + body + players, **dict(self.extra)}


STARTERS: dict[str, Starter] = {s.folder: s for s in (
    Starter("championship", "The championship", "Championship", "Championship", """\
format: swiss
game: shogi
rounds: 7
start: {start}
end: {end}
time_control: {{minutes: 60, byoyomi: 30}}   # FESA rates 30 min + 30 s byoyomi or more
tiebreaks: [sos, sosos, sodos]
schedule:                               # the programme's sessions; `pair` writes a round's date and time from them
  - {{date: {start}, time: "10:00", title: Round 1}}
  - {{date: {start}, time: "13:00", title: Round 2}}
  - {{date: {start}, time: "16:00", title: Round 3}}
  - {{date: {start}, time: "19:00", title: Round 4}}
  - {{date: {end}, time: "10:00", title: Round 5}}
  - {{date: {end}, time: "13:00", title: Round 6}}
  - {{date: {end}, time: "16:00", title: Round 7}}
  - {{date: {end}, time: "19:00", title: Prize giving}}
  # (a title or note may be given by language, the first the default: {{en: Prize giving, nl: Prijsuitreiking}})
# prizes: {{currency: EUR, places: [150, 100, 50], best_kyu: 30, best_junior: 30}}
# entry_fee: {{currency: EUR, standard: 20, junior: 10}}
"""),
    Starter("blitz", "The blitz", "Blitz", "Blitz", """\
format: swiss
game: shogi
rounds: 8
start: {end}
end: {end}
time_control: {{minutes: 8}}              # below FESA's minimum: not rated
replay_draws: true                      # a drawn game is replayed at once; the replay counts
tiebreaks: [sos, sosos, sodos]
schedule:                               # round 1 at 20:00, the others one after another
  - {{date: {end}, time: "20:00-22:30", title: Rounds 1-8}}
"""),
    Starter("team-match", "The team match", "Team Match", "Teams", """\
format: team-swiss
game: shogi
rounds: 3                               # four teams: each meets the three others once
start: {start}
end: {start}
time_control: {{minutes: 30, byoyomi: 30}}
team_size: 2                            # teams of 2 (or 1 fewer); 4 is usual: a team of 3 plays on 3 boards
schedule:                               # the programme's sessions; `pair` writes a round's date and time from them
  - {{date: {start}, time: "10:00", title: Round 1}}
  - {{date: {start}, time: "12:30", title: Round 2}}
  - {{date: {start}, time: "15:00", title: Round 3}}
teams:                                  # the board order is by rating
  north: {{name: North, players: [aoki-taro, evans-tom]}}
  south: {{name: South, players: [bianchi-sara, faure-lea]}}
  east: {{name: East, players: [claes-pieter, graf-max]}}
  west: {{name: West, players: [dahl-ida, horvat-ana]}}
# unattached: [...]                     # players without a team: `.venv/bin/python -m generator teams` forms them
""", players=None),
    Starter("simul", "The simultaneous display", "Simultaneous Display", "Simul", """\
format: simul
game: shogi
rounds: 1
start: {start}
handicaps: simul                        # the handicap from the Elo difference and the number of boards
givers: [aoki-taro]                     # who gives the simul
schedule:                               # the session; `pair` writes the round's date and time from it
  - {{date: {start}, time: "20:00-22:30", title: Simultaneous display}}
# prizes: {{currency: EUR, fund: 100, cap: 30}}   # divided over the winners, at most 'cap' each
""", players=tuple(IDS[1:])),
    Starter("beginners", "Shogi for beginners", "Shogi for Beginners", "Beginners", """\
format: swiss
game: shogi
rounds: 4
start: {start}
end: {start}
time_control: {{minutes: 20}}
eligibility: beginners                  # never in an official tournament, never ranked above 10 kyu
playoff_when_more_than: 16              # a play-off decides a shared first place when more than 16 play
tiebreaks: [sos, sosos]
schedule:                               # round 1 at 14:00, the others one after another
  - {{date: {start}, time: "14:00-17:00", title: Rounds 1-4}}
""", players=()),
    Starter("all-play-all", "The all-play-all", "All-Play-All", "APA", """\
format: round-robin
game: shogi
rounds: 7                               # players - 1 (an odd number of players: one more, with a bye)
start: {start}
end: {end}
time_control: {{minutes: 60, byoyomi: 30}}
schedule:                               # the programme's sessions; `pair` writes a round's date and time from them
  - {{date: {start}, time: "10:00", title: Round 1}}
  - {{date: {start}, time: "13:00", title: Round 2}}
  - {{date: {start}, time: "16:00", title: Round 3}}
  - {{date: {start}, time: "19:00", title: Round 4}}
  - {{date: {end}, time: "10:00", title: Round 5}}
  - {{date: {end}, time: "13:00", title: Round 6}}
  - {{date: {end}, time: "16:00", title: Round 7}}
""", players=tuple(IDS)),
    Starter("shuuro", "The Shuuro tournament", "Shuuro Tournament", "Shuuro", """\
format: swiss
game: shuuro
rounds: 5
start: {start}
end: {start}
time_control: {{minutes: 15}}
shuffle_seed: {seed}                       # the first round's random order: anyone can reproduce it
schedule:                               # round 1 at 10:00, the others one after another
  - {{date: {start}, time: "10:00-13:30", title: Rounds 1-5}}
""", players=tuple(IDS[:4]), extra=(("armies.yaml", """\
# Each player's army: at most 250 points with the king (the Shuuro-250 limits are checked).
aoki-taro:    {king: 1, queen: 1, rook: 1, knight: 1, pawn: 3}
bianchi-sara: {king: 1, rook: 3, pawn: 4}
claes-pieter: {king: 1, bishop: 4, knight: 2, pawn: 1}
dahl-ida:     {king: 1, queen: 1, rook: 2}
"""),)),
    Starter("oware", "The Oware tournament", "Oware Tournament", "Oware", """\
format: round-robin                     # up to 8 players; more: format: swiss, 6 or 7 rounds
game: oware
rounds: 3
start: {start}
end: {start}
time_control: {{minutes: 15}}
schedule:                               # the programme's sessions; `pair` writes a round's date and time from them
  - {{date: {start}, time: "14:00", title: Round 1}}
  - {{date: {start}, time: "14:45", title: Round 2}}
  - {{date: {start}, time: "15:30", title: Round 3}}
""", players=tuple(IDS[4:])),
)}


# The longest id the reader takes (SLUG, sources/common.py), asked of SLUG itself so that the two never disagree.
ID_LENGTH = max(n for n in range(1, 257) if SLUG.match("a" * n))


def slug(text: str) -> str:
    """A folder name from a festival's name: lower case letters, digits and hyphens."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(words) or "festival"


def festival_id(name: str, first: date) -> str:
    """The festival's folder: its year and its name's words, as many as an id holds (a word cut in two goes,
    unless it is the only one, which is cut): an id `check` takes."""
    year = f"{first.year}-"
    words = f"{year}{slug(name)}"
    if len(words) <= ID_LENGTH:
        return words
    cut = words[:ID_LENGTH]
    if words[ID_LENGTH] != "-" and "-" in cut[len(year):]:
        cut = cut[:cut.rindex("-")]
    return cut.rstrip("-")


def quoted(text: str) -> str:
    """A text as a YAML scalar in double quotes (a colon or a '#' in a name stays text)."""
    return json.dumps(text, ensure_ascii=False)


def starter_files(events: list[str], name: str, city: str, country: str, first: date) -> dict[str, str]:
    """The starter's files by path relative to the data folder: players.yaml, the festival's folder and an event
    folder for each of `events` (names of STARTERS)."""
    last = first + timedelta(days=1)
    festival = festival_id(name, first)
    lines = "\n".join(f"{pid + ':':<14} {{family: {family}, given: {given}, country: {country_}, {rest}}}"
                      for pid, family, given, country_, rest in PLACEHOLDERS)
    out = {"players.yaml": PLAYERS.format(lines=lines),
           f"{festival}/festival.yaml": FESTIVAL.format(name=quoted(name), city=quoted(city), country=country,
                                                        start=first, end=last, events=", ".join(events))}
    for key in events:
        for file, text in STARTERS[key].files(festival, first, last).items():
            out[f"{festival}/{key}/{file}"] = text
    return out
