"""The desk's pages and routes (Starlette): HTML pages rendered from Jinja templates in the reader's language, a
JSON route per action, the projector's screen, the players' page. Every request passes the guard first (its Host;
a writing request its Origin; the arbiter's secret or the players' code); every action is the core's."""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import segno
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..diagnostics import Diagnostic, display_path, printable
from ..render import i18n
from ..render.text import points
from ..rules.late_entries import LAST_FROM_ROUND
from ..rules.oware import game as oware
from ..sources import round_writer
from . import gitdata
from .core import Desk, EventState, Refused, fields_of
from .guard import Guard

HERE = Path(__file__).parent
STATIC = {"desk.js": "text/javascript", "desk.css": "text/css"}  # every file served: no request names one
BODY_LIMIT = 1_000_000  # bytes of a request's body
SECURITY = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
            "script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
            "X-Frame-Options": "DENY"}


@functools.cache
def _env() -> Environment:
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=True,  # type: ignore[attr-defined]
                                  pgettext=i18n.pgettext, npgettext=i18n.npgettext)
    env.policies["ext.i18n.trimmed"] = True
    env.globals.update(points=points, fields_of=fields_of,
                       translated_ending=lambda e: i18n._(str(oware.ENDINGS.get(e, e))))
    return env


class Desked:
    """The app's own state: the desk, its guard, the languages offered and the players' address."""

    def __init__(self, desk: Desk, guard: Guard, languages: tuple[str, ...], play_url: str):
        self.desk, self.guard, self.languages, self.play_url = desk, guard, languages, play_url


def _language(request: Request, languages: tuple[str, ...]) -> str:
    """The reader's choice (?lang=, kept in a cookie), else his browser's first language the desk has."""
    for chosen in (request.query_params.get("lang"), request.cookies.get("desk_lang")):
        if chosen in languages:
            return chosen
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in languages:
            return code
    return languages[0]


class GuardMiddleware:
    """Host, Origin and the body's size, before any route: a foreign Host (DNS rebinding) or Origin (another site's
    form or script) is refused, whatever the route."""

    def __init__(self, app: ASGIApp, guard: Guard):
        self.app, self.guard = app, guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        problem = None
        if not self.guard.host_ok(headers.get("host")):
            problem = (421, "This desk does not answer for that host name.")
        elif scope["method"] not in ("GET", "HEAD") and not self.guard.origin_ok(headers.get("origin")):
            problem = (403, "Writes are taken from the desk's own pages only.")
        elif scope["method"] not in ("GET", "HEAD", "POST"):
            problem = (405, "Method not allowed.")
        elif int(headers.get("content-length") or 0) > BODY_LIMIT:
            problem = (413, "Too large.")
        if problem is not None:
            await PlainTextResponse(problem[1], status_code=problem[0], headers=SECURITY)(scope, receive, send)
            return
        await self.app(scope, receive, send)


Handler = Callable[[Request, Desked, dict[str, Any]], Response]


def route(kind: str) -> Callable[[Handler], Callable[[Request], Awaitable[Response]]]:
    """A route whose handler runs in a worker thread, in the reader's language: `kind` 'arbiter' (the secret when
    the desk is on the network), 'player' (the players' code) or 'public'."""

    def wrap(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            desked: Desked = request.app.state.desked
            body: dict[str, Any] = {}
            if request.method == "POST":
                raw = await request.body()
                if len(raw) > BODY_LIMIT:
                    return _json({"error": "Too large."}, 413)
                try:
                    parsed = json.loads(raw or b"{}")
                except ValueError:
                    return _json({"error": "That is not JSON."}, 400)
                if not isinstance(parsed, dict):
                    return _json({"error": "That is not JSON."}, 400)
                body = parsed
            code = _language(request, desked.languages)

            def run() -> Response:
                with i18n.speaking(code):
                    key = request.query_params.get("key")
                    if key is not None and request.method == "GET":  # the arbiter's address: the key kept in a
                        if not desked.guard.arbiter(key):            # cookie, and out of the address bar
                            return _forbidden(request, desked)
                        response: Response = RedirectResponse(request.url.path, status_code=303)
                        response.set_cookie("desk_key", key, httponly=True, samesite="strict", max_age=7 * 86400)
                        return response
                    if kind == "arbiter" and not desked.guard.arbiter(request.cookies.get("desk_key")):
                        return _forbidden(request, desked)
                    try:
                        response = handler(request, desked, body)
                    except Refused as exc:
                        response = _json({"error": exc.message, "problems": exc.problems}, 409) \
                            if request.method == "POST" else _page(request, desked, "message.html.j2", status=404,
                                                                   message=exc.message, problems=exc.problems)
                    except round_writer.Unreadable as exc:  # (the core says which file; this is a last net)
                        response = _json({"error": i18n._("A file cannot be rewritten. Nothing was saved."),
                                          "problems": exc.report.lines()}, 409)
                    except OSError as exc:  # (the file named: the arbiter sees which one to look at)
                        why = exc.strerror or str(exc)
                        if exc.filename:
                            why = printable(f"{display_path(Path(exc.filename))}: {why}")
                        response = _json({"error": i18n._("A file could not be written: %(why)s") % {"why": why}},
                                         500)
                if request.query_params.get("lang") in desked.languages:
                    response.set_cookie("desk_lang", code, max_age=365 * 86400, samesite="strict", httponly=True)
                return response

            response = await run_in_threadpool(run)
            response.headers.update(SECURITY)
            return response

        return endpoint

    return wrap


def _json(data: dict[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def _forbidden(request: Request, desked: Desked) -> Response:
    if request.method == "POST":
        return _json({"error": i18n._("Open the desk with the arbiter's address (it holds the key).")}, 403)
    return _page(request, desked, "forbidden.html.j2", status=403)


def _page(request: Request, desked: Desked, template: str, status: int = 200, **values: Any) -> HTMLResponse:
    language = i18n.current().code
    here = request.url.path
    html = _env().get_template(template).render(
        lang=language, languages=[(c, (i18n.language(c).locale.get_display_name(c) or c).capitalize())
                                  for c in desked.languages],
        here=here, arbiter=desked.guard.arbiter(request.cookies.get("desk_key")), **values)
    return HTMLResponse(html, status_code=status)


# Pages ---------------------------------------------------------------------------------------------------------
@route("arbiter")
def home(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desk = desked.desk
    rows = [(s, desk.pending(s), desk.next_number(s)) for s in desk.events()]
    return _page(request, desked, "home.html.j2", rows=rows, code=desked.guard.code, play_url=desked.play_url,
                 qr=_qr(desked.play_url), data_problems=_lines(desk.report.sorted()))


def _event(request: Request, desked: Desked) -> EventState:
    return desked.desk.state(f"{request.path_params['festival']}/{request.path_params['event']}")


def _round_number(request: Request, default: int | None) -> int | None:
    text = request.query_params.get("round", "")
    return int(text) if text.isdigit() and len(text) < 4 else default


@route("arbiter")
def checkin_page(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desk = desked.desk
    state = _event(request, desked)
    pending = desk.pending(state)
    number = _round_number(request, desk.next_number(state) or (pending.number if pending else 1)) or 1
    number = max(1, min(number, state.event.rounds_planned))
    mine = state.event.checked_in(number)
    status = {r.id: "present" for r in mine.present} | {r.id: "absent" for r in mine.absent} if mine else {}
    rows = []
    for ref in state.event.entrants:
        pid = ref.id
        if pid in state.event.withdrawn and state.event.withdrawn[pid] < number:
            rows.append((pid, desk.name(pid), "withdrawn"))
        elif state.event.from_round.get(pid, 1) > number:
            rows.append((pid, desk.name(pid), "late"))
        else:
            rows.append((pid, desk.name(pid), status.get(pid, "")))
    rows.sort(key=lambda r: r[1].casefold())
    return _page(request, desked, "checkin.html.j2", state=state, number=number, rows=rows,
                 problems=_lines(state.problems), late=desk.late_candidates(state, number), last_late=LAST_FROM_ROUND)


@route("arbiter")
def pairing_page(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desk = desked.desk
    state = _event(request, desked)
    proposed = desk.proposals.get(state.event.path)
    if proposed is not None and desk.next_number(state) != proposed.number:
        proposed = None
    pairs = [[a, b] for a, b, _h, _k in proposed.boards] if proposed else []
    seated = {p for pair in pairs for p in pair} | ({proposed.bye} if proposed and proposed.bye else set())
    return _page(request, desked, "pairing.html.j2", state=state, proposed=proposed, pending=desk.pending(state),
                 next_number=desk.next_number(state), name=desk.name, problems=_lines(state.problems), pairs=pairs,
                 names={p: desk.name(p) for p in seated})


@route("arbiter")
def results_page(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desk = desked.desk
    state = _event(request, desked)
    rnd = desk.pending(state)
    number = _round_number(request, rnd.number if rnd else (state.event.rounds[-1].number
                                                            if state.event.rounds else None))
    rnd = next((r for r in state.event.rounds if r.number == number), None)
    results, endings = desk.choices(state.event)
    return _page(request, desked, "results.html.j2", state=state, rnd=rnd,
                 seats=desk.seats(state, rnd) if rnd else [], name=desk.name, results=results, endings=endings,
                 reports=desk.reports_of(state.event.path, rnd.number) if rnd else {},
                 problems=_lines(state.problems), scored=bool(endings))


@route("public")
def screen_page(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desk = desked.desk
    states = [s for s in desk.events() if s.event.rounds]
    wanted = request.query_params.get("event")
    if wanted:
        states = [s for s in states if s.event.path == wanted]
    else:
        states = [s for s in states if desk.pending(s) is not None] or states[:1]
    shows = []
    for state in states:
        rnd = desk.shown_round(state)
        table = state.res.final if state.res is not None else ()
        shows.append((state, rnd, desk.alphabetical(state, rnd) if rnd else [], table,
                      state.res.completed if state.res else 0))
    return _page(request, desked, "screen.html.j2", shows=shows, name=desk.name, version=desk.version,
                 qr=_qr(desked.play_url), play_url=desked.play_url, code=desked.guard.code)


@route("public")
def play_page(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desk = desked.desk
    events = [(s, rnd) for s in desk.events() if (rnd := desk.pending(s)) is not None]
    response = _page(request, desked, "play.html.j2", events=events, results=("1-0", "0-1", "½-½"),
                     endings={s.event.path: desk.choices(s.event)[1] for s, _r in events})
    if "desk_device" not in request.cookies:
        response.set_cookie("desk_device", secrets.token_urlsafe(12), httponly=True, samesite="strict",
                            max_age=7 * 86400)
    return response


@route("arbiter")
def sheet_page(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    return _page(request, desked, "sheet.html.j2", code=desked.guard.code, play_url=desked.play_url,
                 qr=_qr(desked.play_url))


@route("arbiter")
def git_page(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    data = desked.desk.data
    if not gitdata.in_repository(data):
        return _page(request, desked, "git.html.j2", repository=False, changed=[], diff="", message="")
    try:
        changed = gitdata.changes(data)
        diff = gitdata.diff(data)
    except gitdata.GitError as exc:
        return _page(request, desked, "git.html.j2", repository=True, changed=[], diff="", message="", error=str(exc))
    return _page(request, desked, "git.html.j2", repository=True, changed=changed, diff=diff,
                 message=gitdata.message(changed) if changed else "", error="")


def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return PlainTextResponse("Not found.", status_code=404, headers=SECURITY)
    return Response((HERE / "static" / name).read_bytes(), media_type=STATIC[name],
                    headers={**SECURITY, "Cache-Control": "no-cache"})


# Actions (JSON) -----------------------------------------------------------------------------------------------
def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 100_000:
        raise Refused(i18n._("That is not a number."))
    return value


def _str(value: object, limit: int = 200) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise Refused(i18n._("That is not a name."))
    return value


def _players(body: dict[str, Any]) -> tuple[str, str]:
    """The two players of a board, as the sender saw them."""
    players = body.get("players")
    if not (isinstance(players, list) and len(players) == 2):
        raise Refused(i18n._("That is not a board."))
    return _str(players[0]), _str(players[1])


@route("arbiter")
def api_result(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    was = body.get("was")
    state = desked.desk.save_result(_str(body.get("event")), _int(body.get("round")), _int(body.get("board")),
                                    _players(body), body.get("fields") or [], was if isinstance(was, list) else None)
    return _json({"ok": True, **_board_state(desked, state, _int(body.get("round")))})


@route("arbiter")
def api_checkin(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    state = desked.desk.checkin(_str(body.get("event")), _int(body.get("round")), _str(body.get("player")),
                                _str(body.get("status")))
    return _json({"ok": True, "problems": _lines(state.problems)})


@route("arbiter")
def api_late(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    state = desked.desk.enter_late(_str(body.get("event")), _int(body.get("round")), _str(body.get("player")))
    return _json({"ok": True, "problems": _lines(state.problems)})


@route("arbiter")
def api_replay(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    result = body.get("result")
    state = desked.desk.save_replay(_str(body.get("event")), _int(body.get("round")), _int(body.get("board")),
                                    _players(body), result if isinstance(result, str) else "")
    return _json({"ok": True, **_board_state(desked, state, _int(body.get("round")))})


@route("arbiter")
def api_propose(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desked.desk.propose(_str(body.get("event")))
    return _json({"ok": True})


@route("arbiter")
def api_check_pairing(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    breaks = desked.desk.check_pairing(_str(body.get("event")), body.get("boards") or [], body.get("bye"))
    return _json({"breaks": [{"board": b.board, "rule": b.rule, "message": b.message, "blocking": b.blocking}
                             for b in breaks]})


@route("arbiter")
def api_publish(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    boards = body.get("boards")
    state = desked.desk.publish(_str(body.get("event")), boards if isinstance(boards, list) else None,
                                body.get("bye"), body.get("accept") is True)
    return _json({"ok": True, "problems": _lines(state.problems)})


@route("arbiter")
def api_commit(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    try:
        commit = gitdata.commit(desked.desk.data)
    except gitdata.GitError as exc:
        raise Refused(i18n._("Nothing was committed: %(why)s") % {"why": str(exc)}) from None
    return _json({"ok": True, "commit": commit})


@route("public")
def api_state(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    desk = desked.desk
    desk.fresh()
    path = request.query_params.get("event", "")
    number = _round_number(request, None)
    if path and number is not None:
        return _json(_board_state(desked, desk.state(path), number))
    return _json({"version": desk.version})


@route("public")
def api_find(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    """A player's board, found by his name (what the round's page shows anyway)."""
    desk = desked.desk
    state = desk.state(request.query_params.get("event", ""))
    rnd = desk.pending(state)
    text = request.query_params.get("q", "")[:100]
    if rnd is None or len(text.strip()) < 2:
        return _json({"boards": []})
    return _json({"round": rnd.number, "boards": [
        {"board": s.board, "players": [s.first, s.second], "names": [desk.name(s.first), desk.name(s.second)],
         "done": bool(s.fields)} for s in desk.find(state, rnd, text)[:20]]})


@route("public")
def api_report(request: Request, desked: Desked, body: dict[str, Any]) -> Response:
    client = request.client.host if request.client else "?"
    verdict = desked.guard.try_code(client, body.get("code"))
    if verdict != "ok":
        words = {"wrong": i18n._("That code is wrong. The arbiter's desk shows it."),
                 "wait": i18n._("Too many wrong codes: wait a minute, then try again."),
                 "blocked": i18n._("Too many wrong codes: ask the arbiter.")}
        return _json({"error": words[verdict]}, 403 if verdict == "wrong" else 429)
    device = request.cookies.get("desk_device") or client
    outcome = desked.desk.report_result(_str(body.get("event")), _int(body.get("round")), _int(body.get("board")),
                                        _int(body.get("side")), body.get("fields") or [], device)
    said = {"saved": i18n._("Saved: your opponent reported the same result."),
            "waiting": i18n._("Thank you. The result counts when your opponent or the arbiter confirms it."),
            "disagree": i18n._("Your opponent reported another result: the arbiter will decide.")}
    return _json({"ok": True, "outcome": outcome, "message": said[outcome]})


def _board_state(desked: Desked, state: EventState, number: int) -> dict[str, Any]:
    desk = desked.desk
    rnd = next((r for r in state.event.rounds if r.number == number), None)
    reports = desk.reports_of(state.event.path, number)
    return {"version": desk.version, "problems": _lines(state.problems),
            "boards": [{"board": s.board, "players": [s.first, s.second], "fields": list(s.fields),
                        "replay": list(s.replay),
                        "reports": [{"side": r.side, "fields": list(r.fields)} for r in reports.get(s.board, [])]}
                       for s in (desk.seats(state, rnd) if rnd else [])]}


def _lines(problems: list[Diagnostic]) -> list[str]:
    return [d.format() for d in problems]


def _qr(url: str) -> str:
    """The players' address as an inline SVG QR code (the page names it: the SVG is its picture)."""
    return str(segno.make(url, error="m", micro=False).svg_inline(scale=1, border=2, dark="#000", light="#fff",
                                                                   omitsize=True))


def make_app(desk: Desk, guard: Guard, languages: tuple[str, ...], play_url: str) -> ASGIApp:
    routes = [
        Route("/", home), Route("/event/{festival}/{event}/checkin", checkin_page),
        Route("/event/{festival}/{event}/pairing", pairing_page),
        Route("/event/{festival}/{event}/results", results_page),
        Route("/screen", screen_page), Route("/play", play_page), Route("/sheet", sheet_page),
        Route("/git", git_page), Route("/static/{name}", static),
        Route("/api/result", api_result, methods=["POST"]), Route("/api/checkin", api_checkin, methods=["POST"]),
        Route("/api/propose", api_propose, methods=["POST"]), Route("/api/late", api_late, methods=["POST"]),
        Route("/api/replay", api_replay, methods=["POST"]),
        Route("/api/pairing/check", api_check_pairing, methods=["POST"]),
        Route("/api/publish", api_publish, methods=["POST"]), Route("/api/commit", api_commit, methods=["POST"]),
        Route("/api/report", api_report, methods=["POST"]), Route("/api/state", api_state),
        Route("/api/find", api_find),
    ]
    app = Starlette(routes=routes)
    app.state.desked = Desked(desk, guard, languages, play_url)
    return GuardMiddleware(app, guard)
