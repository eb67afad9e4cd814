"""The e-mails the guide asks organizers to send (docs/fesa-turnering.md): registration before, results after."""

from __future__ import annotations

import datetime as dt

from ..countries import country_name
from ..messages import default_text
from ..model import Event, Festival
from .validate import meets_minimum

RATING_OFFICER = "rating@fesashogi.eu"  # docs/fesa-turnering.md#submitting-results
# docs/fesa-turnering.md#registration: "Register your tournament with FESA at least 2 weeks before the event date"
NOTICE_DAYS = 14


def _dates(event: Event) -> str:
    if event.start is None:
        return "(no dates given)"
    end = event.end or event.start
    return event.start.isoformat() if end == event.start else f"{event.start.isoformat()} - {end.isoformat()}"


def _place(event: Event) -> str:
    return ", ".join(x for x in (event.city, country_name(event.country) if event.country else "") if x)


def registration(festival: Festival, event: Event, today: dt.date, mode: str) -> tuple[str, list[str]]:
    """The registration e-mail, and the warnings the organizer should see first."""
    warnings = []
    if event.start is not None and (event.start - today).days < NOTICE_DAYS:
        days = (event.start - today).days
        when = f"starts in {days} days" if days >= 0 else f"started {-days} days ago"
        warnings.append(f"{default_text(event.short)} {when}: FESA asks for registration at least {NOTICE_DAYS} days "
                        "before")
    tc = event.time_control
    if tc is None:
        warnings.append("no time control is given: add time_control to event.yaml")
    elif not meets_minimum(tc.minutes, tc.byoyomi):
        warnings.append(f"the time control ({tc}) is below FESA's minimum of 30 min + 30 s or 20 min + 40 s "
                        "byoyomi: the event will not be rated")
    if not festival.contact:
        warnings.append("no contact e-mail: add 'contact:' to festival.yaml")
    if not festival.announcement:
        warnings.append("no announcement link: add 'announcement:' to festival.yaml")
    mode = f"{mode}, {event.rounds_planned} rounds"
    body = "\n".join([
        "To: the FESA webmasters",
        f"Subject: Tournament registration: {default_text(event.name)}",
        "",
        "Dear webmasters,",
        "",
        "we would like to register the following tournament for FESA rating.",
        "",
        f"Tournament name: {default_text(event.name)}",
        f"Date(s): {_dates(event)}",
        f"Location: {_place(event) or '(not given)'}",
        f"Time control: {tc if tc else '(not given)'}",
        f"Tournament mode: {mode}",
        f"E-mail: {festival.contact or '(not given)'}",
        f"Announcement: {festival.announcement or '(not given)'}",
        "",
    ])
    return body, warnings


def submission(event: Event, attachment: str, players: int, rounds: int, correction: bool) -> str:
    first = event.fesa_submitted
    subject = f"Tournament results: {default_text(event.name)}, {_dates(event)}"  # (FESA's: one language)
    lines = [f"To: {RATING_OFFICER}",
             f"Subject: {'CORRECTION: ' if correction else ''}{subject}",
             f"Attachment: {attachment}",
             "",
             "Dear rating officer,",
             ""]
    if correction:
        sent = f" sent on {first.isoformat()}" if first else ""
        lines += [f"this is a CORRECTION of the results{sent}: the attached file replaces the earlier one.", ""]
    place = _place(event) or "place not given"
    lines += [f"please find attached the results of {default_text(event.name)} ({_dates(event)}, {place}):",
              f"{players} players, {rounds} rounds, in turnering.txt format (ISO 8859-1), "
              "one file for this tournament.",
              "The file passes the checks of the FESA tournament system guide.",
              ""]
    return "\n".join(lines)
