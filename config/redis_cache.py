"""Django's Redis cache, with one connection pool and one Redis client per process.

Django keeps its caches per async context (`django.core.cache.caches` is an asgiref
Local), and each `RedisCache` makes its own connection pools. Under daphne every socket
runs in a context of its own, so every connect built a cache, a pool and a fresh TCP
connection to Redis for the session it reads (SESSION_ENGINE cached_db) and its presence
lease — about 7 % of a connect storm's CPU under `bench/ws_load.py --rounds 0`, and a
Redis connection left behind per socket until the garbage collector found it. Here the
pools are the process's, one per server and options, shared by every cache instance
(redis-py's pool is thread-safe and opens no more connections than are used at once,
and after a fork it drops its parent's connections by itself).

Django's `RedisCacheClient.get_client` also makes a new `redis.Redis` for every
operation: building one fills its table of ~170 reply callbacks — about half of the
0.39 ms a SET cost here (0.21 ms with the client kept). So a client is made once per pool
and kept for as long as that pool; a redis-py client is safe to share between threads
(each command takes a connection of the pool). config.settings names this backend when
Redis is configured.
"""

from __future__ import annotations

import threading

from django.core.cache.backends import redis

_pools: dict[tuple, object] = {}  # (server, pool class, options): the process's pool
_clients: dict[object, object] = {}  # pool (hashed by identity): its client
_lock = threading.Lock()  # two threads' first operations make one pool, one client


class RedisCacheClient(redis.RedisCacheClient):
    def _get_connection_pool(self, write):
        index = self._get_connection_pool_index(write)
        pool = self._pools.get(index)
        if pool is None:
            key = (self._servers[index], self._pool_class,
                   tuple(sorted((name, repr(value)) for name, value in self._pool_options.items())))
            with _lock:
                pool = _pools.get(key)
                if pool is None:
                    pool = _pools[key] = self._pool_class.from_url(self._servers[index],
                                                                   **self._pool_options)
            self._pools[index] = pool
        return pool

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = _clients.get(pool)
        if client is None:
            with _lock:
                client = _clients.get(pool)
                if client is None:
                    client = _clients[pool] = self._client(connection_pool=pool)
        return client


class RedisCache(redis.RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
