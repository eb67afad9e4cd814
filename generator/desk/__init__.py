"""The arbiter's desk (`.venv/bin/python -m generator desk`): a festival day run from a browser. Check-in, the next
round's pairings, results tapped in by the arbiters or reported by the players, a projector's screen, and a commit
of what changed in data/. Every action ends as the files `check` reads, written by the generator's own writers.

core.py holds the festival as the desk sees it and every action on it (no web); guard.py who may do what (hosts,
origins, the arbiter's secret, the players' code and its slowing); gitdata.py data/'s changes and their commit;
app.py the pages and routes (Starlette), the only module here that speaks HTTP.
"""
