"""Oware Abapa: the 2012 pack's game rules (game.py: sowing, captures, Grand Slam, feeding, endings) and the MSO
tie-breaks that rank a tournament (ranking.py: head-to-head, Sonneborn-Berger)."""
