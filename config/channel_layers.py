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

What Pub/Sub does not do, as the core layer did not either (it expired and, past its
capacity, dropped messages): keep a message for a socket whose process is not
subscribed, or survive a dropped Redis connection (redis-py resubscribes on reconnect).
A client that misses a message sees a version gap and resyncs (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque

from channels_redis.pubsub import (RedisPubSubChannelLayer, RedisPubSubLoopLayer,
                                   RedisSingleShardConnection)
from channels_redis.utils import _wrap_close, decode_hosts
from django.conf import settings

logger = logging.getLogger(__name__)

# How long group_add waits for Redis to confirm a subscription before going on anyway
# (logged): a Redis that slow has bigger problems, and versions heal a missed message.
CONFIRM_TIMEOUT = 5.0


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

    async def _do_receiving(self) -> None:
        # channels_redis's loop, but subscribe replies are read, not skipped.
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
            except BaseException:
                logger.exception("Unexpected exception in receive task")
                await asyncio.sleep(1)

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
    def __init__(self, hosts=None, **kwargs) -> None:
        super().__init__(hosts=hosts, **kwargs)
        self._shards = [_ConfirmedShard(host, self) for host in decode_hosts(hosts)]


class ConfirmedPubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis.pubsub.RedisPubSubChannelLayer with confirmed subscriptions, whose
    channel names start with this deployment's prefix unless told otherwise (Pub/Sub
    ignores Redis database numbers: config/deployment.py)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("prefix", settings.REDIS_KEY_PREFIX)
        super().__init__(*args, **kwargs)

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            layer = self._layers[loop]
        except KeyError:
            layer = _ConfirmedLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer
