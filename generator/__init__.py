"""Banzuke: results as code for mind-sports festivals."""

__version__ = "0.1.0"
