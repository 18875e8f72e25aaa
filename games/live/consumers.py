"""The live-table WebSocket (docs/protocol.md): a thin door onto games.live.services.

One socket per browser tab per table, at /ws/tables/<table_id>/. A message is parsed,
handed to one service through `database_sync_to_async`, and the service's broadcasts (sent
after its commit) come back through the Channels groups this socket joined: the table's
group and the user's own player group (games.live.broadcast). A refusal is an `error` to
this socket only.

Refused sockets (the handshake is accepted first so that browsers see the close code):
4401 no logged-in session, 4404 no such table (or a private one the user does not sit
at), 4409 too many sockets of one player on this server, 4429 flooding. A foreign Origin
never gets here: config.asgi's AllowedHostsOriginValidator refuses the handshake.

Presence: a seat's `connected` flag is not trusted forever. While a player's socket is
open here, this process renews the player's presence lease (games.live.tasks) every
PRESENCE_HEARTBEAT_SECONDS; when a server dies its leases lapse and the presence sweep
marks those seats disconnected. A socket that sees its own seat marked disconnected while
it is open says it is still here.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import weakref
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.db import connection

from config import json_depth
from games.live import broadcast, owner, selectors, services
from games.live.banker_handlers import BANKER_HANDLERS
from games.live.room_handlers import ROOM_HANDLERS
from games.live.services import GameError
from games.live.tasks import presence_lease_key

logger = logging.getLogger(__name__)

CLOSE_ANONYMOUS = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_MANY_SOCKETS = 4409
CLOSE_RATE_LIMITED = 4429

MAX_FRAME_CHARS = 4096
# No message nests deeper than a submit's rows (2); deeper frames are refused as bad_json
# before decoding, which would otherwise recurse until RecursionError killed the socket.
MAX_DEPTH = 8


@functools.cache
def _db(function):
    """Run a service off the event loop. On SQLite (development, tests) every call shares
    one thread, as SQLite wants; on PostgreSQL calls run in parallel threads, each with
    its own connection, so one table's lock wait never holds up another table. One
    wrapper per service, made on first use: making one inspects the function."""
    return _sending_on_return(database_sync_to_async(
        broadcast.sent_on_return(function), thread_sensitive=connection.vendor == "sqlite"))


def _sending_on_return(call):
    """`call` (a service run in a thread), then its broadcasts, sent here on the loop
    (broadcast.sent_on_return) before the caller goes on: a socket's next command, and
    its state, come after them. The sends are shielded: a socket closing meanwhile must
    not leave other sockets' messages unsent."""
    @functools.wraps(call)
    async def run(**kwargs):
        try:
            return await call(**kwargs)
        finally:
            if broadcast.anything_unsent():  # a read sent nothing: no task to make
                await asyncio.shield(broadcast.send_unsent())
    return run


# A command for a table this process does not own runs in a pool of its own: it waits for
# the owner's answer (games.live.owner), up to OWNER_FORWARD_SECONDS when that owner has
# just died, and must not hold one of the few threads the owned tables' services share.
# Its threads keep no database connection (a pool this size would use up PostgreSQL's):
# one is opened only when the table turns out to be ownerless and is run here.
_ELSEWHERE = ThreadPoolExecutor(max_workers=32, thread_name_prefix="table-forward")


@functools.cache
def _elsewhere(function):
    """Run a service, whose table another process owns, in the forwarding pool."""
    def run_and_disconnect(**kwargs):
        try:
            return function(**kwargs)
        finally:
            connection.close()

    return _sending_on_return(database_sync_to_async(
        broadcast.sent_on_return(run_and_disconnect), thread_sensitive=False, executor=_ELSEWHERE))


# One asyncio lock per table in this process: a table's changes queue here, on the event
# loop, instead of each holding a database thread while it waits for the table's row
# lock (four players pressing ready at once would take four threads and stall every
# other table's submissions behind them). The row lock still orders changes across
# processes; this only keeps the wait cheap. Weak values: a lock lives while in use.
_table_locks: "weakref.WeakValueDictionary[int, asyncio.Lock]" = weakref.WeakValueDictionary()


def _table_lock(table_id: int) -> asyncio.Lock:
    lock = _table_locks.get(table_id)
    if lock is None:
        lock = _table_locks[table_id] = asyncio.Lock()
    return lock


class _OpenSockets:
    """This process's open table sockets, by player: the socket cap counts them, and the
    heartbeat renews one presence lease per (table, player) for all of them at once."""

    def __init__(self) -> None:
        self.by_user: dict[int, set[str]] = {}
        self.seats: Counter[tuple[int, int]] = Counter()
        self.heartbeat: asyncio.Task | None = None

    def add(self, user_id: int, table_id: int, channel_name: str) -> bool:
        """Count a socket in; False (and nothing counted) past MAX_SOCKETS_PER_USER."""
        mine = self.by_user.setdefault(user_id, set())
        if len(mine) >= settings.MAX_SOCKETS_PER_USER:
            return False
        mine.add(channel_name)
        self.seats[(table_id, user_id)] += 1
        if self.heartbeat is None or self.heartbeat.done():
            self.heartbeat = asyncio.get_running_loop().create_task(self._beat())
        return True

    def discard(self, user_id: int, table_id: int, channel_name: str) -> None:
        mine = self.by_user.get(user_id, set())
        if channel_name not in mine:
            return
        mine.discard(channel_name)
        if not mine:
            del self.by_user[user_id]
        self.seats[(table_id, user_id)] -= 1
        if self.seats[(table_id, user_id)] <= 0:
            del self.seats[(table_id, user_id)]

    async def renew(self, *seats: tuple[int, int]) -> None:
        """Renew the presence leases of `seats` (all of this process's by default)."""
        keys = {presence_lease_key(table_id, user_id): 1
                for table_id, user_id in (seats or list(self.seats))}
        if keys:
            await sync_to_async(_lease_cache().set_many, thread_sensitive=False)(
                keys, timeout=settings.PRESENCE_LEASE_SECONDS)

    async def _beat(self) -> None:
        while self.seats:
            await asyncio.sleep(settings.PRESENCE_HEARTBEAT_SECONDS)
            try:
                await self.renew()
            except Exception as error:  # noqa: BLE001 — the next beat tries again
                logger.warning("presence heartbeat failed: %s", type(error).__name__)
            # Then tell the owners of the tables this process has sockets at (at once:
            # one waiting on a dead owner must not hold up the others).
            await asyncio.gather(*(watch(table_id) for table_id
                                   in {table_id for table_id, _user in self.seats}))


@functools.cache
def _lease_cache():
    """The cache the presence leases are written to: one client for the process. Django's
    `cache` is one per async context, so each socket's connect, renewing its own lease,
    made a client of its own — a Redis connection pool and a connection, each time."""
    return caches.create_connection(DEFAULT_CACHE_ALIAS)


async def watch(table_id: int) -> None:
    """Tell the table's owner this process has sockets there (owner.watchers): on a join
    and at every heartbeat, so its messages come here through Redis when the owner is
    another process. A failure is logged: the next heartbeat says it again, and a client
    that missed a message meanwhile resyncs on the version gap."""
    if owner.owns(table_id):
        owner.keep(table_id)  # its own sockets: nothing to tell, but the table stays ours
        return
    try:
        await _elsewhere(owner.watchers.watch)(table_id=table_id, token=owner.leases().token)
    except Exception as error:  # noqa: BLE001 — see above
        logger.warning("table %s: watch not told to its owner: %s", table_id,
                       type(error).__name__)


# One register per event loop: the sockets of a loop live and die with it (a server
# process has one; the test suite a new one per test, so nothing leaks between tests).
_registers: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _OpenSockets]" = (
    weakref.WeakKeyDictionary())


def open_sockets() -> _OpenSockets:
    """This process's (this event loop's) open table sockets."""
    loop = asyncio.get_running_loop()
    register = _registers.get(loop)
    if register is None:
        register = _registers[loop] = _OpenSockets()
    return register


class TableConsumer(AsyncJsonWebsocketConsumer):
    # Token bucket per connection: bursts of RATE_BURST messages, RATE_PER_SECOND
    # sustained; the first message past it gets `rate_limited` and the socket closes.
    RATE_BURST = 30
    RATE_PER_SECOND = 10.0

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch, without its `close_old_connections` before each message.
        Channels runs that in its one thread-sensitive thread, which no service here uses
        (`_db` runs them in pool threads, and DatabaseSyncToAsync closes a stale
        connection in the thread that holds it, before and after each call). For a table
        socket it was a thread hop per message delivered — every broadcast, once per
        socket — about a tenth of a server's CPU under bench/ws_load.py (issue 15)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.version = 0
        self.joined: list[str] = []
        self.seated = False
        self.tokens = float(self.RATE_BURST)
        self.refilled_at = time.monotonic()
        self.counted = False
        self.closed = False
        self.muted: set[int] = set()  # whose chat this player muted (each state says)
        await self.accept()
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_ANONYMOUS)
            return
        try:
            await _db(selectors.table_get)(table_id=self.table_id, user=self.user)
        except GameError:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if not open_sockets().add(self.user.id, self.table_id, self.channel_name):
            await self.error("too_many_sockets", "too many open table sockets "
                             f"(at most {settings.MAX_SOCKETS_PER_USER}); close another tab")
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return
        self.counted = True
        # The lease first: a presence sweep must not find the seat connected without one.
        try:
            await open_sockets().renew((self.table_id, self.user.id))
        except Exception as error:  # noqa: BLE001 — the heartbeat writes it again
            logger.warning("presence lease not written: %s", type(error).__name__)
        # Tell the owner, join, then read the state: nothing broadcast in between is
        # missed (its owner publishes to this process from the moment it heard).
        broadcast.serve_sockets_here(asyncio.get_running_loop())
        await watch(self.table_id)
        for group in (broadcast.table_group(self.table_id),
                      broadcast.player_group(self.table_id, self.user.id)):
            await self.channel_layer.group_add(group, self.channel_name)
            self.joined.append(group)
        await self.change(services.player_connection, connected=True)
        await self.send_state()

    async def close(self, code=None, reason=None) -> None:
        # Frames already queued behind this one are dropped, not answered: a send on a
        # closed socket only logs "Attempt to send on a closed protocol".
        self.closed = True
        await super().close(code=code, reason=reason)

    async def disconnect(self, code: int) -> None:
        self.closed = True
        if self.counted:
            open_sockets().discard(self.user.id, self.table_id, self.channel_name)
        for group in self.joined:
            await self.channel_layer.group_discard(group, self.channel_name)
        if self.joined:
            await self.change(services.player_connection, connected=False)
            # The player may have this table open in another tab or device: ask their
            # remaining sockets (in any process) to say they are still here. Counting
            # sockets in the database instead would drift when a server dies.
            await self.channel_layer.group_send(
                broadcast.player_group(self.table_id, self.user.id),
                {"type": "presence.check"})

    async def change(self, service, **kwargs):
        """Run a service that changes this table, one at a time per table and process."""
        async with _table_lock(self.table_id):
            return await self.runner(service)(table_id=self.table_id, user=self.user,
                                              **kwargs)

    def runner(self, service):
        """The way to run a door of this table: here, or through the forwarding pool."""
        return _db(service) if owner.owns(self.table_id) else _elsewhere(service)

    # --- incoming ---------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if not self.joined or self.closed:
            return
        if not self._take_token():
            await self.error("rate_limited", "too many messages; this connection is closed")
            await self.close(code=CLOSE_RATE_LIMITED)
            return
        if text_data is None or len(text_data) > MAX_FRAME_CHARS:
            await self.error("bad_json", "send one JSON object per text frame (at most "
                                         f"{MAX_FRAME_CHARS} characters)")
            return
        try:
            content = json_depth.loads(text_data, max_depth=MAX_DEPTH)
        except json_depth.TooDeep:
            await self.error("bad_json", f"JSON nested deeper than {MAX_DEPTH} levels")
            return
        except ValueError:
            await self.error("bad_json", "that frame is not valid JSON")
            return
        if not isinstance(content, dict):
            await self.error("bad_json", "a message is a JSON object with a type")
            return
        await self.receive_json(content)

    async def receive_json(self, content: dict[str, Any], **kwargs) -> None:
        kind = content.get("type")
        handler = self.HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            await self.error("unknown_type", "unknown message type; see docs/protocol.md")
            return
        try:
            await handler(self, content)
        except GameError as error:
            await self.error(error.code, error.message)

    async def on_sync(self, content) -> None:
        await self.send_state()

    async def on_ping(self, content) -> None:
        await self.send_json({"type": "pong", "version": self.version})

    async def on_sit(self, content) -> None:
        position = content.get("position")
        if position is not None and (isinstance(position, bool) or not isinstance(position, int)):
            raise GameError("bad_request", "position must be a seat number")
        await self.change(services.seat_take, position=position, connected=True)

    async def on_stand(self, content) -> None:
        await self.change(services.seat_leave)

    async def on_ready(self, content) -> None:
        # The browser's client seed for the next deal (docs/fairness.md); none: drawn.
        await self.change(services.player_ready, client_seed=content.get("client_seed"))

    async def on_submit(self, content) -> None:
        rows = {row: content.get(row) for row in ("front", "middle", "back")}
        await self.change(services.round_submit, **rows)

    async def on_declare(self, content) -> None:
        await self.change(services.round_declare)

    HANDLERS = {"sync": on_sync, "ping": on_ping, "sit": on_sit, "stand": on_stand,
                "ready": on_ready, "submit": on_submit, "declare": on_declare,
                **BANKER_HANDLERS, **ROOM_HANDLERS}

    # --- outgoing ---------------------------------------------------------------------

    async def presence_check(self, event: dict[str, Any]) -> None:
        """Another socket of this player closed: this one is still here."""
        await self.change(services.player_connection, connected=True)

    async def layer_reconnected(self, event: dict[str, Any]) -> None:
        """This process lost its Redis Pub/Sub connection and renewed it
        (config.channel_layers): whatever was published meanwhile never arrived, so the
        client gets the whole state again."""
        await self.send_state()

    async def table_message(self, event: dict[str, Any]) -> None:
        """A message games.live.broadcast sent to one of this socket's groups: its JSON
        text as encoded once for every socket (broadcast.envelope), or a bare message."""
        marks = event if "text" in event else broadcast.chat_marks(event["message"])
        if "mutes" in marks:  # this player muted or unmuted someone, here or in another tab
            self.muted = set(marks["mutes"])
        if marks.get("speaker") in self.muted:
            return  # a muted player's line never reaches the muter
        if "text" in event:
            await self.send_text(event["text"], event.get("version"))
            gone = event.get("gone") or ()
        else:
            await self.send_json(event["message"])
            gone = broadcast.shown_gone(event["message"])
        if self.joined and not self.closed and self.user.id in gone:
            # The presence sweep found no lease (its server was busy, or Redis lost it):
            # this socket is here, so the seat is connected.
            await self.change(services.player_connection, connected=True)

    async def send_text(self, text: str, version: Any) -> None:
        """Send JSON text already encoded, with the version it carries."""
        if self.closed:
            return
        if isinstance(version, int) and version > self.version:
            self.version = version
        await self.send(text_data=text)

    async def send_json(self, content: dict[str, Any], close: bool = False) -> None:
        if self.closed:
            return
        version = content.get("version")
        if isinstance(version, int) and version > self.version:
            self.version = version
        await super().send_json(content, close=close)

    async def send_state(self) -> None:
        try:
            state = await _db(selectors.table_state)(table_id=self.table_id, user=self.user)
            if services.overdue(state["round"]):
                # A round whose timer was lost (in-memory broker, restart) settles now,
                # at the table's owner; the state read shows it settled. Checked on the
                # state itself: most connections find no such round and call no door.
                async with _table_lock(self.table_id):
                    await self.runner(services.round_timeout_overdue)(table_id=self.table_id)
                state = await _db(selectors.table_state)(table_id=self.table_id,
                                                         user=self.user)
        except GameError:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.muted = {entry["user_id"] for entry in state["muted"]}
        await self.send_json({"type": "state", **state})

    async def error(self, code: str, message: str) -> None:
        await self.send_json({"type": "error", "version": self.version, "code": code,
                              "message": message})

    def _take_token(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(float(self.RATE_BURST),
                          self.tokens + (moment - self.refilled_at) * self.RATE_PER_SECOND)
        self.refilled_at = moment
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
