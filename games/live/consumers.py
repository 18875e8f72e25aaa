"""The live-table WebSocket (docs/protocol.md): a thin door onto games.live.services.

One socket per browser tab per table, at /ws/tables/<table_id>/. A message is parsed,
handed to one service through `database_sync_to_async`, and the service's broadcasts (sent
after its commit) come back through the Channels groups this socket joined: the table's
group and the user's own player group (games.live.broadcast). A refusal is an `error` to
this socket only.

Refused sockets (the handshake is accepted first so that browsers see the close code):
4401 no logged-in session, 4404 no such table (or a private one the user does not sit
at), 4429 flooding. A foreign Origin never gets here: config.asgi's
AllowedHostsOriginValidator refuses the handshake.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import connection

from config import json_depth
from games.live import broadcast, selectors, services
from games.live.banker_handlers import BANKER_HANDLERS
from games.live.services import GameError

CLOSE_ANONYMOUS = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_RATE_LIMITED = 4429

MAX_FRAME_CHARS = 4096
# No message nests deeper than a submit's rows (2); deeper frames are refused as bad_json
# before decoding, which would otherwise recurse until RecursionError killed the socket.
MAX_DEPTH = 8


def _db(function):
    """Run a service off the event loop. On SQLite (development, tests) every call shares
    one thread, as SQLite wants; on PostgreSQL calls run in parallel threads, each with
    its own connection, so one table's lock wait never holds up another table."""
    return database_sync_to_async(function, thread_sensitive=connection.vendor == "sqlite")


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


class TableConsumer(AsyncJsonWebsocketConsumer):
    # Token bucket per connection: bursts of RATE_BURST messages, RATE_PER_SECOND
    # sustained; the first message past it gets `rate_limited` and the socket closes.
    RATE_BURST = 30
    RATE_PER_SECOND = 10.0

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.version = 0
        self.joined: list[str] = []
        self.seated = False
        self.tokens = float(self.RATE_BURST)
        self.refilled_at = time.monotonic()
        await self.accept()
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_ANONYMOUS)
            return
        try:
            await _db(selectors.table_get)(table_id=self.table_id, user=self.user)
        except GameError:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        # Join first, then read the state: nothing broadcast in between is missed.
        for group in (broadcast.table_group(self.table_id),
                      broadcast.player_group(self.table_id, self.user.id)):
            await self.channel_layer.group_add(group, self.channel_name)
            self.joined.append(group)
        await self.change(services.player_connection, connected=True)
        await self.send_state()

    async def disconnect(self, code: int) -> None:
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
            return await _db(service)(table_id=self.table_id, user=self.user, **kwargs)

    # --- incoming ---------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if not self.joined:
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
        await self.change(services.player_ready)

    async def on_submit(self, content) -> None:
        rows = {row: content.get(row) for row in ("front", "middle", "back")}
        await self.change(services.round_submit, **rows)

    async def on_declare(self, content) -> None:
        await self.change(services.round_declare)

    HANDLERS = {"sync": on_sync, "ping": on_ping, "sit": on_sit, "stand": on_stand,
                "ready": on_ready, "submit": on_submit, "declare": on_declare,
                **BANKER_HANDLERS}

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
        """A message games.live.broadcast sent to one of this socket's groups."""
        await self.send_json(event["message"])

    async def send_json(self, content: dict[str, Any], close: bool = False) -> None:
        version = content.get("version")
        if isinstance(version, int) and version > self.version:
            self.version = version
        await super().send_json(content, close=close)

    async def send_state(self) -> None:
        # A round whose timer was lost (in-memory broker, restart) settles now.
        async with _table_lock(self.table_id):
            await _db(services.round_timeout_overdue)(table_id=self.table_id)
        try:
            state = await _db(selectors.table_state)(table_id=self.table_id, user=self.user)
        except GameError:
            await self.close(code=CLOSE_NOT_FOUND)
            return
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
