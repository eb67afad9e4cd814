"""Computed results → site pages (Markdown) and the JSON results API. Formats numbers for people."""

from .site import Site, render_site, with_problems

__all__ = ["Site", "render_site", "with_problems"]
