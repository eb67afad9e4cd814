"""Computed results → site pages (HTML for the engine), wall sheets, calendar feeds and the JSON results API. Formats
numbers for people. The Renderer is render.site's: importing a small part (render.text, render.summary) does not
load the templates and the rest of the site."""
