"""The owner's door: every command that changes a table passes here.

`owned(service)` makes a service a door. Called in the process that owns the table (or
can take it over), it runs there; called elsewhere, the command is forwarded to the owner
(games.live.owner.forwarding), which runs it through the same door, and its result or
refusal comes back as if it had run here. A door called from inside another runs in
the outer one's process: one command, one owner.

`claim(table_id)` and `fence(table)` are what `table_row.lock_table` does for every
change: claim the lease before the table's row is read (so a process that does not own
the table holds no lock of it), then compare the epoch in the row with ours. The first
command after a takeover raises the row's epoch to one past the last owner's; a process
that finds a higher epoch than its own has been taken over, forgets its lease, and writes
nothing — the fencing that stops a paused or partitioned owner.
"""

from __future__ import annotations

import contextvars
import functools
import logging
import threading
import time
from typing import Any, Callable

from django.conf import settings
from django.db import connection

from games.errors import GameError
from games.live.owner import forwarding
from games.live.owner.forwarding import NotOwner, Unanswered
from games.live.owner.lease import leases
from games.models import Table

logger = logging.getLogger(__name__)

# Every door by name, so a forwarded command names the service it runs.
DOORS: dict[str, Callable[..., Any]] = {}
# Inside a door: nested doors run here, whatever they touch (the outer one forwards).
_inside: contextvars.ContextVar[bool] = contextvars.ContextVar("inside_owner_door",
                                                               default=False)
# Each set of leases' inbox, by token: one per process (more in tests playing several).
_inboxes: dict[str, forwarding.Inbox] = {}
_inbox_lock = threading.Lock()


def owned(service: Callable[..., Any]) -> Callable[..., Any]:
    """Make `service` (keyword arguments only) a door of the table it changes."""
    name = f"{service.__module__}.{service.__qualname__}"
    DOORS[name] = service

    @functools.wraps(service)
    def door(**kwargs: Any) -> Any:
        if _inside.get():
            return service(**kwargs)
        return _route(name, service, kwargs)

    return door


def run_here(name: str, kwargs: dict) -> Any:
    """Run a forwarded command in this process (the inbox's pool): NotOwner if this
    process no longer owns its table."""
    return _inside_door(DOORS[name], kwargs)


def _inside_door(service: Callable[..., Any], kwargs: dict) -> Any:
    token = _inside.set(True)
    try:
        return service(**kwargs)
    finally:
        _inside.reset(token)


def _route(name: str, service: Callable[..., Any], kwargs: dict) -> Any:
    deadline = time.monotonic() + settings.OWNER_FORWARD_SECONDS
    command_id, reply = forwarding.new_command()
    while True:
        try:
            return _inside_door(service, kwargs)
        except NotOwner as refusal:
            table_id, holder = refusal.table_id, refusal.holder
            if holder is None:  # a newer epoch in the row: the lease will say whose
                time.sleep(0.05)
        # Another process owns the table: ask it, while its lease holds.
        while holder is not None:
            if time.monotonic() > deadline:
                raise _unavailable() from None
            try:
                return forwarding.send(leases().store.client, holder, name, kwargs,
                                       command_id, reply)
            except NotOwner as moved:
                holder = moved.holder
            except Unanswered:
                holder = leases().store.acquire(table_id, leases().token)
                if holder == leases().token:
                    holder = None  # its lease lapsed and is ours now: run it here
        if time.monotonic() > deadline:
            raise _unavailable()


def _unavailable() -> GameError:
    """The owner did not answer within OWNER_FORWARD_SECONDS (docs/protocol.md)."""
    return GameError("table_unavailable", "this table's server did not answer; "
                     "try again in a moment")


def owns(table_id: int) -> bool:
    """Whether this process holds the table's lease, as far as it knows without asking
    Redis (a renewal running late does not count against it: the door checks): where a
    door's caller may run it without expecting to wait on another process."""
    return not leases().store.shared or table_id in leases().held


def keep(table_id: int) -> None:
    """This process still has a use for a table it owns (its sockets are there): the
    lease is not let go as idle."""
    held = leases().held.get(table_id)
    if held is not None:
        held.used = time.monotonic()


def claim(table_id: int) -> None:
    """Hold the table's lease, or raise NotOwner naming its holder."""
    taken = leases().take(table_id)
    if isinstance(taken, str):
        raise NotOwner(table_id, taken)
    if leases().store.shared:
        _listen()


def fence(table: Table) -> None:
    """Check, under the row's lock, that no newer owner took the table over; the first
    command under a new lease raises the row's epoch (one statement)."""
    held = leases().held.get(table.id)
    if held is None:  # lost between claim and here (a renewal found it taken)
        raise NotOwner(table.id, None)
    if held.epoch is not None and table.owner_epoch > held.epoch:
        logger.warning("table %s was taken over (epoch %s, ours %s): fenced, nothing "
                       "written here", table.id, table.owner_epoch, held.epoch)
        leases().drop(table.id)
        raise NotOwner(table.id, None)
    if held.epoch is None or table.owner_epoch < held.epoch:
        # A takeover, or ours rolled back with the command that made it: one past the
        # row's, whoever wrote it.
        held.epoch = table.owner_epoch + 1
        with connection.cursor() as cursor:
            cursor.execute(_TAKE_OVER, [held.epoch, table.id])
        table.owner_epoch = held.epoch


_TAKE_OVER = (f"UPDATE {connection.ops.quote_name(Table._meta.db_table)} "
              f"SET owner_epoch = %s WHERE id = %s")


def _listen() -> None:
    """Start reading this process's inbox (once): it holds leases, so commands may come."""
    owner = leases()
    inbox = _inboxes.get(owner.token)
    if inbox is not None and inbox.thread.is_alive():
        return
    with _inbox_lock:
        inbox = _inboxes.get(owner.token)
        if inbox is None or not inbox.thread.is_alive():
            _inboxes[owner.token] = forwarding.Inbox(owner, run_here)


def stop_listening(token: str) -> None:
    """Stop the inbox of the leases under `token` (a test's process that "dies")."""
    with _inbox_lock:
        inbox = _inboxes.pop(token, None)
    if inbox is not None:
        inbox.stop()


def let_go() -> None:
    """This process owns no table any more: its leases are released and its inbox
    closed (a script that set tables up before the servers start, so that they, not
    it, own the tables)."""
    owner = leases()
    owner.release_all()
    stop_listening(owner.token)
