"""Who may do what at the desk: requests only for its own Host and from its own pages (Origin), the arbiter's
secret for the arbiter's pages and writes when it listens on the network (`--lan`), the players' code for a
player's report, and wrong codes slowed, then refused.

Wrong codes, counted per address: the first FREE are free; after them each try must wait twice as long as the one
before (1 s, 2 s, 4 s … up to a minute), and after LIMIT wrong codes the address is refused for BLOCKED seconds, the
right code included. Over all addresses together, more than GLOBAL wrong codes in an hour slow everyone down.

The Host check (host_ok) is the preview's too (engine/serve.py, which stands above the desk)."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from dataclasses import dataclass, field

FREE, LIMIT, BLOCKED, GLOBAL = 5, 20, 900, 200
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a wall and typed on a phone


def host_ok(host: str | None, hosts: frozenset[str]) -> bool:
    """A request for this server: its Host header is one of the server's own addresses with their port (`hosts`,
    in lower case). A page of another site that reaches the server through DNS rebinding names its own host."""
    return host is not None and host.lower() in hosts


def new_code(length: int = 6) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


@dataclass
class _Tries:
    wrong: int = 0
    last: float = 0.0


@dataclass
class Guard:
    hosts: frozenset[str]  # Host headers the desk answers: its own addresses with their port
    lan: bool  # listening on the network: the arbiter's secret is needed
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    code: str = field(default_factory=new_code)
    _tries: dict[str, _Tries] = field(default_factory=dict)
    _recent: list[float] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def host_ok(self, host: str | None) -> bool:
        return host_ok(host, self.hosts)

    def origin_ok(self, origin: str | None) -> bool:
        """A writing request comes from the desk's own pages: its Origin is the desk's address."""
        if origin is None:
            return False
        scheme, _, rest = origin.partition("://")
        return scheme == "http" and self.host_ok(rest)

    def arbiter(self, key: str | None) -> bool:
        """The arbiter's pages and writes: anyone on this machine (the desk listens on 127.0.0.1 alone), the
        secret's holder when it listens on the network."""
        return not self.lan or (key is not None and hmac.compare_digest(key.encode(), self.secret.encode()))

    def try_code(self, client: str, code: object, now: float | None = None) -> str:
        """'ok', 'wrong', 'wait' (too many wrong codes lately: try again later) or 'blocked'."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tries = self._tries.setdefault(client, _Tries())
            self._recent = [t for t in self._recent if now - t < 3600]
            if tries.wrong >= LIMIT and now - tries.last < BLOCKED:
                return "blocked"
            if tries.wrong >= LIMIT:
                tries.wrong = FREE  # after the block: slowed again, not free
            wait = min(60.0, 2.0 ** (tries.wrong - FREE)) if tries.wrong >= FREE else 0.0
            if len(self._recent) > GLOBAL:
                wait = max(wait, 5.0)
            right = isinstance(code, str) and hmac.compare_digest(code.strip().upper().encode(), self.code.encode())
            if wait and now - tries.last < wait:
                tries.wrong += 0 if right else 1  # a wrong code tried while slowed counts too
                tries.last = now if not right else tries.last
                return "wait"
            if right:
                return "ok"
            tries.wrong += 1
            tries.last = now
            self._recent.append(now)
            return "blocked" if tries.wrong >= LIMIT else "wrong"
