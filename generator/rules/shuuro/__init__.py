"""Shuuro-250: the pieces and the army limits (game.py) and the winner criteria that rank a tournament
(ranking.py: Tournament Points, Delta, the result between the players)."""
