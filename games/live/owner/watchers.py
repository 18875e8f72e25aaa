"""Which other processes have sockets at a table this process owns: the owner's local
fan-out publishes a table's messages to Redis only when one does
(config.channel_layers, games.live.broadcast).

A process with sockets at a table it does not own says so to the owner (`watch`, a door:
it reaches the owner wherever it is) when a socket joins the table and again at every
presence heartbeat; a watch not renewed for PRESENCE_LEASE_SECONDS has lapsed. An owner
that has just taken a table over does not know its watchers yet, so it publishes
everything until they have all had a heartbeat to say so (TAKEOVER_GRACE).
"""

from __future__ import annotations

import threading
import time

from django.conf import settings

from games.live.owner.door import claim, owned
from games.live.owner.lease import leases

_watching: dict[int, dict[str, float]] = {}  # table -> process token -> until (monotonic)
_lock = threading.Lock()


def takeover_grace() -> float:
    """How long after taking a table over its owner publishes everything: two heartbeats
    and a second."""
    return 2 * settings.PRESENCE_HEARTBEAT_SECONDS + 1


@owned
def watch(*, table_id: int, token: str) -> None:
    """The process `token` has sockets at the table (its owner records it)."""
    claim(table_id)
    if token == leases().token:
        return
    with _lock:
        _watching.setdefault(table_id, {})[token] = (
            time.monotonic() + settings.PRESENCE_LEASE_SECONDS)


def others_watch(table_id: int) -> bool:
    """Whether a message of this table must go through Redis: this process does not own
    it, or owns it too newly to know, or another process has sockets at it."""
    held = leases().held.get(table_id)
    moment = time.monotonic()
    if not leases().store.shared:
        return False  # one process: every socket is here
    if held is None or moment - held.since < takeover_grace():
        return True
    with _lock:
        tokens = _watching.get(table_id)
        if not tokens:
            return False
        for token in [t for t, until in tokens.items() if until < moment]:
            del tokens[token]
        if not tokens:
            del _watching[table_id]
        return bool(tokens)
