"""The team Swiss: team scores A-F (scores.py), pairing teams by board points and average Elo (pairing.py), and
forming teams from unattached players (formation.py)."""
