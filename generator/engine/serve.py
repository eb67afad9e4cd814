"""`generator serve`: the engine's live-reload server in the generator's own process, on its public interface
(the server, its `watch`, `serve`, `shutdown`, `error_handler` and `observer`, and the WSGI application it is).

Every save rebuilds; while the data has errors each page shows them over the last good results, and the preview
recovers by itself when they are fixed. Ctrl-C stops the server and frees the port (there is no child process).

It answers only for its own address: a request whose Host header names another (a page of another site that
reaches the preview through DNS rebinding) is answered 421, with the desk's Host check (desk/guard.py). A path no
file can have (a control character such as NUL, %-escapes that are not UTF-8 or not escapes, a '.' or '..'
segment, more than MAX_PATH octets) is answered 404 before the engine's server sees it (which answers a NUL with
a 500 and a traceback in the log).
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import shutil
import socket
import sys
import tempfile
import urllib.parse
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from mkdocs.commands.build import build as engine_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirMovedEvent, FileClosedEvent, FileCreatedEvent,
                             FileDeletedEvent, FileModifiedEvent, FileMovedEvent, FileSystemEvent,
                             FileSystemEventHandler)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver, ObservedWatch

from ..desk.guard import host_ok
from .build import running
from .state import Build, Preview, attach, languages, published_address


MAX_PATH = 1024  # octets of a request's path: far more than any file of the site has
LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERY = ("0.0.0.0", "::")  # listening on every interface


def serve(config_file: Path, data: Path, dev_addr: str) -> bool:
    """The live preview of `data` at `dev_addr`, until Ctrl-C; False, after saying why, when it cannot listen
    there (the address in use, or not one of this machine's)."""
    site_dir = tempfile.mkdtemp(prefix="banzuke-preview-")
    preview = Preview()
    with running() as log:
        def fresh_config() -> MkDocsConfig:
            config = load_config(str(config_file), site_dir=site_dir, dev_addr=dev_addr, strict=True)
            default = languages(config)[0]  # the preview shows the site's default language
            return attach(config, Build(data, site_url=published_address(config.site_url), preview=preview,
                                        compiled=preview.compiled, language=default, languages=(default,)))

        config = fresh_config()
        host, port = config.dev_addr
        config.site_url = url = f"http://{host}:{port}/"
        if (problem := _unusable(host, port)) is not None:  # said before the first build, not after it
            shutil.rmtree(site_dir, ignore_errors=True)
            return _cannot_listen(url, host, port, problem)

        def builder(given: MkDocsConfig | None = None) -> None:
            log.info("Building the preview ...")
            if given is None:
                given = fresh_config()
                given.site_url = url
            engine_build(given, serve_url=url)

        server = LiveReloadServer(builder=builder, host=host, port=port, root=site_dir)
        # The system's file events (inotify on Linux) instead of looking at every file twice a second: a save is
        # seen at once, and an archive's thousands of files are not read over and over.
        server.observer = cast(Any, _changes_observer())

        def not_found(code: int) -> bytes | None:  # the theme's "page not found", as `mkdocs serve` shows it
            page = Path(site_dir) / f"{code}.html"
            return page.read_bytes() if code in (404, 500) and page.is_file() else None

        server.error_handler = not_found
        server.set_app(_guarded(_home_until_good(server, preview), host, port, url, not_found))
        printable = _Printable()  # a request line as sent, a hostile one too, is in the log: never its controls
        logging.getLogger(LiveReloadServer.__module__).addFilter(printable)
        try:
            builder(config)
            server.watch(config.docs_dir)
            if config.config_file_path:
                server.watch(config.config_file_path)
            for path in config.watch:
                server.watch(path)
            try:
                cast(Any, server).serve()  # (MkDocs does not type it)
            except KeyboardInterrupt:
                log.info("Shutting down ...")
            except OSError as exc:  # taken by another program since the first look
                if exc.filename is not None:
                    raise
                return _cannot_listen(url, host, port, exc)
            finally:
                server.shutdown()
        finally:
            logging.getLogger(LiveReloadServer.__module__).removeFilter(printable)
            shutil.rmtree(site_dir, ignore_errors=True)
    return True


def _unusable(host: str, port: int) -> OSError | None:
    """Why nothing can listen at host:port (as the server will: the address reused at once), or None."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        return exc
    return None


def _cannot_listen(url: str, host: str, port: int, problem: OSError) -> bool:
    why = problem.strerror or str(problem)
    hint = (f"another preview or program listens there: stop it, or pass --dev-addr {host}:{port + 1}"
            if problem.errno == errno.EADDRINUSE else "pass --dev-addr with an address of this machine, e.g. "
            "127.0.0.1:8000")
    print(f"error: the preview cannot listen at {url}: {why} ({hint})", file=sys.stderr)
    return False


def own_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers the preview answers, in lower case with the port (and without it on port 80, as browsers
    write it): the address it listens on; this machine's own names (127.0.0.1, localhost, [::1]) when it listens
    on one of them or on every interface, and then the machine's name too (`name` and `name.local`)."""
    bare = host.strip("[]").lower()
    names = {bare}
    if bare in LOOPBACK or bare in EVERY:
        names |= set(LOOPBACK)
    if bare in EVERY:
        machine = socket.gethostname().lower()
        names |= {machine, f"{machine}.local"}
    shown = {f"[{n}]" if ":" in n else n for n in names if n not in EVERY}
    return frozenset({f"{n}:{port}" for n in shown} | (shown if port == 80 else set()))


def for_us(header: str | None, hosts: frozenset[str], host: str, port: int) -> bool:
    """A request for the preview: its Host is one of `hosts` (own_hosts), or, when it listens on every interface,
    an IP address with its port (another machine of the network that opens it by its address; an address cannot
    be rebound, a name can)."""
    if host_ok(header, hosts):
        return True
    if header is None or host.strip("[]") not in EVERY:
        return False
    try:
        asked = urllib.parse.urlsplit(f"//{header}")
        name, given = asked.hostname or "", asked.port
        ipaddress.ip_address(name)
    except ValueError:  # no address, or no port number
        return False
    return given == port or (given is None and port == 80)


def bad_path(path_info: str) -> bool:
    """A path no file of the preview has, that the engine's server would not answer well: more than MAX_PATH
    octets; octets that are not UTF-8 once its %-escapes are decoded; a control character (a NUL is a 500 and a
    traceback there) or another that is not printable; a % (an escape that is not one, or an escaped %: no file
    of the site has one); an empty segment (`//`), a '.' or '..' one (browsers take them out of the links they
    follow)."""
    try:
        octets = path_info.encode("latin-1")  # WSGI: the path's octets, %-escapes decoded, as Latin-1
        path = octets.decode("utf-8")
    except UnicodeError:
        return True
    if len(octets) > MAX_PATH or not path.startswith("/") or "%" in path or not path.isprintable():
        return True
    segments = path.split("/")[1:]
    return "" in segments[:-1] or any(s in (".", "..") for s in segments)


def _guarded(app: WSGIApplication, host: str, port: int, url: str,
             error_page: Callable[[int], bytes | None]) -> WSGIApplication:
    """`app` for the requests for the preview's own address (else 421) and with a path a file can have (else the
    theme's "page not found", 404)."""
    hosts = own_hosts(host, port)
    misdirected = f"421 Misdirected Request: this preview answers at {url} only.\n".encode()

    def guarded(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if not for_us(environ.get("HTTP_HOST"), hosts, host, port):
            status, body, kind = "421 Misdirected Request", misdirected, "text/plain; charset=utf-8"
        elif bad_path(environ.get("PATH_INFO", "")):
            status, body, kind = "404 Not Found", error_page(404) or b"404 Not Found", "text/html; charset=utf-8"
        else:
            return app(environ, start_response)
        start_response(status, [("Content-Type", kind), ("Content-Length", str(len(body)))])
        return [body]

    return guarded


class _Printable(logging.Filter):
    """The server's messages with their control characters escaped (a request line is logged as it was sent: a
    hostile one could write to the terminal)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and not record.msg.isprintable():
            record.msg = "".join(c if c.isprintable() else repr(c)[1:-1] for c in record.msg)
        return True


def _home_until_good(server: LiveReloadServer, preview: Preview) -> WSGIApplication:
    """The server's WSGI application, except that a preview started on data with errors answers every address
    it has no page for with the home page, which shows them (its links and stylesheets resolved from the top),
    until a site has been built without errors."""

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        answer: list[Any] = []
        body: Iterable[bytes] = server.serve_request(environ, _recorder(answer))
        if not answer[0].startswith("404") or preview.last_good is not None:
            start_response(*answer)
            return body
        home: list[Any] = []
        page = b"".join(server.serve_request({**environ, "PATH_INFO": server.mount_path}, _recorder(home)))
        if not home[0].startswith("200"):
            start_response(*answer)
            return body
        page = page.replace(b"<head>", b'<head><base href="%s">' % server.mount_path.encode(), 1)
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(page)))])
        return [page]

    return app


def _recorder(answer: list[Any]) -> Callable[..., None]:
    """A start_response that keeps the status and headers it is given."""
    return lambda status, headers, exc_info=None: answer.extend([status, headers])


# A save, a new file, a deletion, a rename; not a file opened or read (each build reads them: no build without end).
CHANGES: list[type[FileSystemEvent]] = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent,
                                        FileClosedEvent, DirCreatedEvent, DirDeletedEvent, DirMovedEvent]


def _changes_observer() -> BaseObserver:
    """The native observer, telling the server of changes only (it rebuilds on any event it hears)."""
    observer = Observer()
    schedule = observer.schedule

    def changes_only(handler: FileSystemEventHandler, path: str, *, recursive: bool = False) -> ObservedWatch:
        return schedule(handler, path, recursive=recursive, event_filter=CHANGES)

    cast(Any, observer).schedule = changes_only
    return observer
