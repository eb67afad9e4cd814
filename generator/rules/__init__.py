"""The rules: scoring, tiebreaks, standings, pairing, handicaps, festival Elo, prizes, the Grand Prix, the
promotion system and each game's own rules. Pure functions of the model: they read no file, ask no kind of
event by name (what a kind changes is passed in) and format nothing for a page."""
