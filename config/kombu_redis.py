"""Celery's Redis transport, with one Redis client per channel for what it publishes.

kombu's Redis channel makes a new `redis.Redis` for every message it puts on a queue
(`Channel.conn_or_acquire`). The connection comes from the channel's pool, but the
client object does not: building one fills its table of ~170 reply callbacks, about a
sixth of a publish's CPU (a timer's: 0.83 ms, 0.70 ms with the client kept). A live
round publishes three tasks (the arrange timer at the deal, the hints' values after it,
the analysis after the settlement), so the table's owner paid that three times a round
(bench/round_cost.py). Here a channel keeps the client it made, for as long as the pool
it was made on: a fork (`Channel._after_fork`) or a closed channel drops the pool, and
the next publish makes a client on the new one. A redis-py client is safe to share
between threads; each command takes a connection of the pool. Everything else is
kombu's. config.settings names this transport when Redis is the broker.
"""

from __future__ import annotations

from contextlib import contextmanager

from kombu.transport import redis


class Channel(redis.Channel):
    _publisher: tuple[object, object] | None = None  # (the pool, its client)

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        pool = self.pool
        if self._publisher is None or self._publisher[0] is not pool:
            self._publisher = (pool, self._create_client())
        yield self._publisher[1]


class Transport(redis.Transport):
    Channel = Channel
