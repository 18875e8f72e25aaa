"""The Redis channel layer live tables use: channels-redis's Pub/Sub layer, with a
`group_add` that returns only once Redis has confirmed the subscription.

Why Pub/Sub and not channels_redis.core: the core layer delivers a process's messages one
at a time, each after four sequential Redis round trips on the event loop (a clean-up
script, BZPOPMIN, a backup ZADD, the backup's ZPOPMIN). Under bench/ws_load.py's 400
sockets that queue, not the database, made the reveal's tail: a `settled` waited up to
~330 ms between group_send and the consumer. Pub/Sub pushes every message down one
subscribed connection per process; a burst is read in one go.

Why the confirmation: redis-py's SUBSCRIBE only writes the command, it does not wait for
the reply. A consumer joins its groups and *then* reads the table's state, so that nothing
broadcast in between is missed; that holds only if the subscription is live when
group_add returns. Here group_add waits for Redis's `subscribe` reply (replies come back
in command order on the one Pub/Sub connection, so they are matched first in, first out).

Why the reconnects: a Redis restart closes both connections a process holds. A publish
on the dead one failed at once (`broadcast … failed: ConnectionError`) and the Pub/Sub
connection came back subscribed to nothing, so every socket of the process went deaf
until it reconnected. Here a publish is retried on a fresh connection through the length
of a restart (RETRY_DELAYS), and a dropped Pub/Sub connection is replaced and every
subscription renewed; messages published while it was down are gone (Pub/Sub keeps
nothing), so each local socket is then told `layer.reconnected` and sends its client a
fresh `state` (TableConsumer.layer_reconnected). A client that still misses a message
sees a version gap, or a deadline pass with no news, and resyncs (docs/protocol.md).

Why local delivery first: a table's sockets are all on the process that owns it (nginx
routes them there, games.live.owner), so most messages need no Redis round trip at all.
A send reaches this process's own sockets from memory, and Redis carries it to the other
processes — or not at all, when the owner knows none of them watches the table
(games.live.owner.watchers). Each publish is marked with its layer's origin, so the echo
Redis sends back to the publisher is dropped instead of delivered twice. (Every process
of a deployment must mark its messages so: upgrading from a layer without origins,
restart them all together.)
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import deque

from channels_redis.pubsub import (RedisPubSubChannelLayer, RedisPubSubLoopLayer,
                                   RedisSingleShardConnection)
from channels_redis.utils import _wrap_close, decode_hosts
from django.conf import settings
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# How long group_add waits for Redis to confirm a subscription before going on anyway
# (logged): a Redis that slow has bigger problems, and versions heal a missed message.
CONFIRM_TIMEOUT = 5.0

# Pauses between tries of a publish that found Redis gone: about 7 s in all, the length of
# a Redis restart; a longer outage is logged by the caller (games.live.broadcast).
RETRY_DELAYS = (0.05, 0.2, 0.5, 1.0, 2.0, 3.0)
# The longest pause between tries to renew the subscriptions while Redis is down.
RESUBSCRIBE_MAX_DELAY = 2.0
# What a lost connection raises (OSError: refused while Redis is still starting).
CONNECTION_ERRORS = (RedisConnectionError, RedisTimeoutError, OSError)
# Sent to every socket of this process once its subscriptions are renewed.
RECONNECTED = {"type": "layer.reconnected"}
# Every published message starts with its publishing layer's origin: 32 hex digits.
ORIGIN_LENGTH = 32


class _ConfirmedShard(RedisSingleShardConnection):
    """One Redis host's Pub/Sub connection whose subscribe() awaits Redis's reply."""

    def __init__(self, host, channel_layer) -> None:
        super().__init__(host, channel_layer)
        # channel -> futures of SUBSCRIBE commands sent and not yet confirmed, in order
        self._unconfirmed: dict[str, deque[asyncio.Future]] = {}

    async def subscribe(self, channel) -> None:
        waiter = None
        async with self._lock:
            if channel not in self._subscribed_to:
                self._ensure_redis()
                self._ensure_receiver()
                waiter = asyncio.get_running_loop().create_future()
                self._unconfirmed.setdefault(channel, deque()).append(waiter)
                await self._pubsub.subscribe(channel)
                self._subscribed_to.add(channel)
            else:
                pending = self._unconfirmed.get(channel)
                waiter = pending[-1] if pending else None
        if waiter is not None and not waiter.done():
            try:
                await asyncio.wait_for(asyncio.shield(waiter), CONFIRM_TIMEOUT)
            except asyncio.TimeoutError:
                logger.warning("Redis did not confirm a subscription within %s s",
                               CONFIRM_TIMEOUT)

    async def flush(self) -> None:
        await super().flush()
        for pending in self._unconfirmed.values():
            for waiter in pending:
                waiter.cancel()
        self._unconfirmed = {}

    async def publish(self, channel, message) -> None:
        """Publish, retrying on a fresh connection while Redis restarts (the pool replaces
        a connection the server closed when the next command asks for one)."""
        for delay in (*RETRY_DELAYS, None):
            try:
                async with self._lock:
                    self._ensure_redis()
                    await self._redis.publish(channel, message)
                return
            except CONNECTION_ERRORS as error:
                if delay is None:
                    raise
                logger.info("publish found Redis unreachable (%s); retrying in %s s",
                            type(error).__name__, delay)
                await asyncio.sleep(delay)

    async def _do_receiving(self) -> None:
        # channels_redis's loop, but subscribe replies are read, not skipped, and a lost
        # connection is replaced with every subscription renewed.
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=False, timeout=0.1)
                    if message is None:
                        continue
                    kind = message.get("type")
                    if kind in ("message", b"message"):
                        self._receive_message(message)
                    elif kind in ("subscribe", b"subscribe"):
                        self._confirm(message["channel"])
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, asyncio.TimeoutError, GeneratorExit):
                raise
            except CONNECTION_ERRORS as error:
                logger.warning("lost the Redis Pub/Sub connection (%s); resubscribing",
                               type(error).__name__)
                await self._resubscribe()
            except BaseException:
                logger.exception("Unexpected exception in receive task")
                await asyncio.sleep(1)

    async def _resubscribe(self) -> None:
        """Replace the Pub/Sub connection and renew every subscription, waiting for Redis
        as long as it takes; then tell this process's sockets they may have missed
        messages."""
        delay = RETRY_DELAYS[0]
        while True:
            async with self._lock:
                old, self._pubsub = self._pubsub, None
                if old is not None:
                    try:
                        await old.aclose()
                    except Exception:  # noqa: BLE001 — the connection is already broken
                        pass
                self._ensure_redis()
                self._pubsub = self._redis.pubsub()
                channels = sorted(self._subscribed_to)
                try:
                    if channels:
                        await self._pubsub.subscribe(*channels)
                    break
                except CONNECTION_ERRORS:
                    pass
            await asyncio.sleep(delay)
            delay = min(RESUBSCRIBE_MAX_DELAY, delay * 2)
        logger.warning("Redis Pub/Sub connection renewed (%d subscriptions)", len(channels))
        self._tell_local_sockets(RECONNECTED)

    def _receive_message(self, message) -> None:
        if message is None:
            return
        data = message["data"]
        if data[:ORIGIN_LENGTH] == self.channel_layer.origin:
            return  # published here, and delivered here when it was
        super()._receive_message({**message, "data": data[ORIGIN_LENGTH:]})

    def _tell_local_sockets(self, message: dict) -> None:
        layer = self.channel_layer
        data = layer.channel_layer.serialize(message)
        for queue in list(layer.channels.values()):
            queue.put_nowait(data)

    def _confirm(self, channel) -> None:
        if isinstance(channel, bytes):
            channel = channel.decode()
        pending = self._unconfirmed.get(channel)
        if not pending:
            return  # a resubscription after a reconnect: nobody waits for it
        waiter = pending.popleft()
        if not pending:
            del self._unconfirmed[channel]
        if not waiter.done():
            waiter.set_result(None)


class _ConfirmedLoopLayer(RedisPubSubLoopLayer):
    """One event loop's layer. Sends reach this loop's own channels directly, from here,
    and go through Redis for the other processes: every published message starts with
    the publishing layer's `origin`, and a layer drops its own when Redis echoes them
    back (they were delivered already). `group_send_here_first(publish=False)` is the
    local fan-out of a table's owner: no Redis round trip when no other process has a
    socket at that table (games.live.broadcast)."""

    def __init__(self, hosts=None, **kwargs) -> None:
        super().__init__(hosts=hosts, **kwargs)
        self._shards = [_ConfirmedShard(host, self) for host in decode_hosts(hosts)]
        self.origin = uuid.uuid4().hex.encode()  # ORIGIN_LENGTH bytes

    async def send(self, channel, message) -> None:
        data = self.channel_layer.serialize(message)
        queue = self.channels.get(channel)
        if queue is not None:
            queue.put_nowait(data)
            return
        await self._get_shard(channel).publish(channel, self.origin + data)

    async def group_send(self, group, message) -> None:
        await self.group_send_here_first(group, message)

    async def group_send_here_first(self, group, message, *, publish: bool = True) -> None:
        """Deliver to this loop's channels in the group, then (if `publish`) to the other
        processes' through Redis."""
        group_channel = self._get_group_channel_name(group)
        data = self.channel_layer.serialize(message)
        for name in self.groups.get(group_channel, ()):
            queue = self.channels.get(name)
            if queue is not None:
                queue.put_nowait(data)
        if publish:
            await self._get_shard(group_channel).publish(group_channel, self.origin + data)


class ConfirmedPubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis.pubsub.RedisPubSubChannelLayer with confirmed subscriptions, whose
    channel names start with this deployment's prefix unless told otherwise (Pub/Sub
    ignores Redis database numbers: config/deployment.py)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("prefix", settings.REDIS_KEY_PREFIX)
        super().__init__(*args, **kwargs)

    async def group_send_here_first(self, group, message, *, publish: bool = True) -> None:
        """group_send, with the publish to the other processes left out if told to (the
        local fan-out: _ConfirmedLoopLayer)."""
        await self._get_layer().group_send_here_first(group, message, publish=publish)

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            layer = self._layers[loop]
        except KeyError:
            layer = _ConfirmedLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer
