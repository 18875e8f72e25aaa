"""Messages to a table's sockets, sent only once the transaction that caused them commits.

Two kinds of Channels groups (Zulip's send_event_on_commit, STYLE.md):

- `table_group(table_id)`: every socket open on the table — players and watchers. Only
  public messages go here (seats, "player 2 has submitted", the deadline, the settlement).
- `player_group(table_id, user_id)`: that one player's own sockets on the table. Cards,
  hints and the player's own submission go here and nowhere else.

A message handed to `to_table` / `to_player` inside `transaction.atomic` is queued with
`transaction.on_commit`: a refused or rolled-back change broadcasts nothing, and nobody
hears about a state the database does not hold. Outside a transaction Django runs the
callback at once. The same code runs in the web process and in a Celery worker: with
Redis the channel layer carries the message from the worker to the daphne process.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import threading
import weakref
from collections import deque
from typing import Any

from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer
from django.db import transaction

from games.live.owner import watchers

logger = logging.getLogger(__name__)

# The consumer method that receives these (TableConsumer.table_message).
HANDLER = "table.message"


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


def player_group(table_id: int, user_id: int) -> str:
    return f"table.{table_id}.player.{user_id}"


def table_of(group: str) -> int:
    """The table a table or player group belongs to."""
    return int(group.split(".")[1])


def to_table(table_id: int, message: dict[str, Any]) -> None:
    """Send `message` to everyone at the table once the current transaction commits."""
    _on_commit(table_group(table_id), message)


def to_player(table_id: int, user_id: int, message: dict[str, Any]) -> None:
    """Send `message` to one player's own sockets once the current transaction commits."""
    _on_commit(player_group(table_id, user_id), message)


_pending = threading.local()


def _on_commit(group: str, message: dict[str, Any]) -> None:
    """Queue (group, message) in this transaction's batch: one on-commit callback sends
    the whole batch, in order, with one hop onto the event loop instead of one per
    message. A batch whose callback Django dropped (a rolled-back block) is not reused."""
    batch = getattr(_pending, "batch", None)
    if batch is not None and _still_pending(batch):
        batch.messages.append((group, message))
        return
    batch = _Batch(tuple(transaction.get_connection().savepoint_ids))
    batch.messages.append((group, message))
    _pending.batch = batch
    transaction.on_commit(batch.send)  # outside a transaction: sends at once


class _Batch:
    """The messages of one atomic block (one service call), sent together on commit."""

    def __init__(self, savepoints: tuple) -> None:
        self.savepoints = savepoints  # which (nested) atomic block queued them
        self.messages: list[tuple[str, dict[str, Any]]] = []
        self.sent = False

    def send(self) -> None:
        self.sent = True
        if getattr(_pending, "batch", None) is self:
            _pending.batch = None
        send_many(self.messages)


def _still_pending(batch: _Batch) -> bool:
    if batch.sent:
        return False
    connection = transaction.get_connection()
    if tuple(connection.savepoint_ids) != batch.savepoints:
        return False
    return any(callback == batch.send for _sids, callback, *_rest in connection.run_on_commit)


def envelope(message: dict[str, Any]) -> dict[str, Any]:
    """The channel-layer event for `message`: its JSON text, encoded once here rather
    than once per socket that receives it, with what the receiving socket reads of it —
    the version, and the players the seats in it show disconnected (a socket that finds
    its own player there reconnects the seat: TableConsumer.table_message)."""
    return {"type": HANDLER, "text": json.dumps(message), "version": message.get("version"),
            "gone": shown_gone(message), **chat_marks(message)}


def chat_marks(message: dict[str, Any]) -> dict[str, Any]:
    """What a socket reads of a chat message without decoding it: who spoke (a socket
    whose player muted them drops the line), or a player's new list of mutes."""
    if message.get("type") == "chat":
        return {"speaker": (message.get("message") or {}).get("user_id")}
    if message.get("type") == "muted":
        return {"mutes": [entry["user_id"] for entry in message.get("muted") or ()]}
    return {}


def shown_gone(message: dict[str, Any]) -> list[Any]:
    """The players whose seats `message` shows disconnected."""
    return [seat.get("user_id") for seat in message.get("seats") or ()
            if isinstance(seat, dict) and seat.get("connected") is False]


def send_now(group: str, message: dict[str, Any]) -> None:
    """Send one message at once (callers make sure what it describes has committed)."""
    send_many([(group, message)])


def send_many(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send (group, message) pairs at once, in order.

    A Redis restart is ridden out below: the channel layer retries a publish on a fresh
    connection for the length of a restart, and a process whose subscriptions dropped
    resyncs its sockets when it renews them (config.channel_layers). A send that still
    fails must not undo or hide a committed change: clients that miss a message see a
    version gap, or their deadline pass with no news, and resync; so the error is logged
    (types and groups only, never a message, which may hold cards) and swallowed.
    """
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    envelopes = [(group, envelope(message)) for group, message in messages]
    here_first = getattr(layer, "group_send_here_first", None)
    # The local fan-out: the table's owner reaches its own sockets from memory, and
    # through Redis only the other processes watching the table, if any (games.live.owner).
    publish = {table: watchers.others_watch(table)
               for table in {table_of(group) for group, _ in messages}} if here_first else {}

    async def send_all() -> None:
        for group, sealed in envelopes:
            if here_first is None:
                await layer.group_send(group, sealed)
            else:
                await here_first(group, sealed, publish=publish[table_of(group)])

    try:
        _run(send_all, messages)
    except Exception as error:  # noqa: BLE001 — see the docstring
        _failed(messages, error)


def _failed(messages: list[tuple[str, dict[str, Any]]], error: Exception) -> None:
    logger.warning("broadcast of %s failed: %s",
                   [f"{m.get('type')}->{g}" for g, m in messages], type(error).__name__)


def _run(send_all, messages) -> None:
    """Run the sends to the end, on an event loop that holds a lasting Redis connection.
    In daphne the services run in a thread of the consumer's event loop: the sends go to
    that loop. Elsewhere — a Celery worker, the embedded timer thread, a benchmark — to
    this process's own sending loop (async_to_sync would start a thread, an event loop
    and a Redis connection for every batch). Handed over with run_coroutine_threadsafe
    rather than async_to_sync, whose machinery for running sync code back in the calling
    thread (none here) cost more than the sends (bench/ws_load.py, py-spy --gil)."""
    loop = None
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) == os.getpid():
        loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None and _serving is not None and _serving.is_running():
        # A thread of the owner's own (a forwarded command): the sockets' loop, so that
        # the local fan-out reaches them.
        loop = _serving
    if loop is not None and loop is _serving:
        # The sockets' loop sends every batch in the order the batches committed.
        _unsent.append((send_all, messages))
        if getattr(_pending, "returning", False):
            return  # the socket that ran this service sends it (sent_on_return)
        asyncio.run_coroutine_threadsafe(send_unsent(), loop).result()
        return
    asyncio.run_coroutine_threadsafe(send_all(), loop or _sending_loop()).result()


# The batches committed in this process for its sockets' loop and not sent yet, oldest
# first: appended by the thread whose transaction committed them, so in commit order, and
# sent by whichever coroutine of the loop comes first (send_unsent).
_unsent: deque = deque()
_send_locks: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock]" = (
    weakref.WeakKeyDictionary())


def anything_unsent() -> bool:
    """Whether a batch waits for the sockets' loop (most state reads leave none)."""
    return bool(_unsent)


async def send_unsent() -> None:
    """Send the batches waiting for this loop, oldest first, to the end: one sender at a
    time, since a batch that waits on a publish to Redis must not be overtaken by the next
    one's messages to the sockets here. A batch already taken by another sender has been
    sent when the lock is ours. A failed batch is logged, as in send_many."""
    loop = asyncio.get_running_loop()
    lock = _send_locks.get(loop)
    if lock is None:
        lock = _send_locks[loop] = asyncio.Lock()
    async with lock:
        while _unsent:
            send_all, messages = _unsent.popleft()
            try:
                await send_all()
            except Exception as error:  # noqa: BLE001 — see send_many's docstring
                _failed(messages, error)


def sent_on_return(service):
    """`service`, to run in a thread of the sockets' loop by a coroutine that awaits
    send_unsent() once it returns (TableConsumer's database calls). Its broadcasts wait in
    the loop's queue instead of crossing to the loop and back while the thread waits:
    each crossing wakes a thread, which costs this kind of (virtual) machine more CPU than
    the sends (a notify was 8 % of a daphne's GIL time at 500 tables)."""
    @functools.wraps(service)
    def run(*args, **kwargs):
        before = getattr(_pending, "returning", False)
        _pending.returning = True
        try:
            return service(*args, **kwargs)
        finally:
            _pending.returning = before
    return run


_serving: asyncio.AbstractEventLoop | None = None


def serve_sockets_here(loop: asyncio.AbstractEventLoop) -> None:
    """This process's table sockets live on `loop` (TableConsumer.connect says so)."""
    global _serving
    _serving = loop


_loop_lock = threading.Lock()
_loop: tuple[int, asyncio.AbstractEventLoop] | None = None


def _sending_loop() -> asyncio.AbstractEventLoop:
    """This process's sending loop, started on first use (a forked worker starts its own:
    a loop does not survive a fork)."""
    global _loop
    with _loop_lock:
        if _loop is None or _loop[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="broadcast", daemon=True).start()
            _loop = (os.getpid(), loop)
        return _loop[1]
