"""Who owns a table: a lease per table, held by one process at a time.

With Redis (REDIS_URL) a lease is the key `<prefix>owner:<table_id>`, whose value is the
holding process's token and which lapses after OWNER_LEASE_SECONDS unless that process
renews it (every OWNER_RENEW_SECONDS, for all its tables in one script). Without Redis
there is one process, and it holds every table's lease.

A lease only says who may try: the epoch in the table's row (games.live.owner.door) is
what stops a process whose lease moved from writing. So a lease that lapses while its
holder is paused, or that Redis forgets when it restarts, costs at worst a takeover.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass

from django.conf import settings

logger = logging.getLogger(__name__)


@dataclass
class Held:
    """A lease this process holds: the epoch it wrote into the table's row (None until
    its first command there), until when (monotonic) it is surely still ours, when a
    command last used it, and when it was taken."""

    epoch: int | None
    until: float
    used: float
    since: float = 0.0  # when this process took it (monotonic)


class LocalStore:
    """One process, no Redis: this process holds every lease."""

    shared = False

    def acquire(self, table_id: int, token: str) -> str:
        return token

    def renew(self, table_ids: list[int], token: str) -> list[bool]:
        return [True] * len(table_ids)

    def release(self, table_ids: list[int], token: str) -> None:
        pass


# Take the lease if nobody holds it, renew it if we do; answer the holder either way.
_ACQUIRE = """
local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return holder
"""
# Renew each lease still ours; 1 for those, 0 for those gone or taken.
_RENEW = """
local renewed = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    renewed[i] = 1
  else
    renewed[i] = 0
  end
end
return renewed
"""
_RELEASE = """
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""


class RedisStore:
    """The leases in Redis, shared by every process of the deployment."""

    shared = True

    def __init__(self, url: str, prefix: str) -> None:
        import redis

        self.client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self.prefix = prefix
        self._acquire = self.client.register_script(_ACQUIRE)
        self._renew = self.client.register_script(_RENEW)
        self._release = self.client.register_script(_RELEASE)

    def key(self, table_id: int) -> str:
        return f"{self.prefix}owner:{table_id}"

    def acquire(self, table_id: int, token: str) -> str:
        holder = self._acquire(keys=[self.key(table_id)], args=[token, _lease_ms()])
        return holder.decode() if isinstance(holder, bytes) else holder

    def renew(self, table_ids: list[int], token: str) -> list[bool]:
        if not table_ids:
            return []
        answer = self._renew(keys=[self.key(t) for t in table_ids], args=[token, _lease_ms()])
        return [bool(flag) for flag in answer]

    def release(self, table_ids: list[int], token: str) -> None:
        if table_ids:
            self._release(keys=[self.key(t) for t in table_ids], args=[token])


def _lease_ms() -> int:
    return int(settings.OWNER_LEASE_SECONDS * 1000)


class Leases:
    """This process's leases: which tables it holds, renewed in the background."""

    def __init__(self, store, token: str) -> None:
        self.store = store
        self.token = token
        self.held: dict[int, Held] = {}
        self.lock = threading.Lock()
        self.stopped = False  # renews nothing more (a process that died, in the tests)
        self._renewer: threading.Thread | None = None

    def take(self, table_id: int) -> Held | str:
        """This process's lease on the table (taken now if nobody held it), or the token
        of the process that holds it."""
        moment = time.monotonic()
        with self.lock:
            held = self.held.get(table_id)
        if held is not None and moment < held.until:
            held.used = moment
            return held
        holder = self.store.acquire(table_id, self.token)
        with self.lock:
            if holder != self.token:
                self.held.pop(table_id, None)
                return holder
            held = self.held.get(table_id)
            if held is None:
                held = self.held[table_id] = Held(epoch=None, until=0.0, used=moment,
                                                  since=moment)
            held.until, held.used = moment + _margin(), moment
        self._start_renewing()
        return held

    def drop(self, table_id: int) -> None:
        """Forget a lease another process has taken over (its epoch is newer)."""
        with self.lock:
            self.held.pop(table_id, None)

    def renew_all(self) -> None:
        """Renew every lease held, forget those lost, and let go of idle ones."""
        moment = time.monotonic()
        with self.lock:
            idle = [t for t, h in self.held.items()
                    if moment - h.used > settings.OWNER_IDLE_SECONDS]
            for table_id in idle:
                del self.held[table_id]
            tables = list(self.held)
        self.store.release(idle, self.token)
        renewed = self.store.renew(tables, self.token)
        with self.lock:
            for table_id, kept in zip(tables, renewed):
                held = self.held.get(table_id)
                if held is None:
                    continue
                if kept:
                    held.until = moment + _margin()
                else:
                    del self.held[table_id]

    def release_all(self) -> None:
        with self.lock:
            tables = list(self.held)
            self.held.clear()
        try:
            self.store.release(tables, self.token)
        except Exception as error:  # noqa: BLE001 — they lapse on their own
            logger.warning("owner leases not released: %s", type(error).__name__)

    def _start_renewing(self) -> None:
        if not self.store.shared or (self._renewer and self._renewer.is_alive()):
            return
        with self.lock:
            if self._renewer and self._renewer.is_alive():
                return
            self._renewer = threading.Thread(target=self._renew_forever,
                                             name="table-owner-leases", daemon=True)
            self._renewer.start()

    def _renew_forever(self) -> None:
        while not self.stopped:
            time.sleep(settings.OWNER_RENEW_SECONDS)
            if self.stopped:
                return
            try:
                self.renew_all()
            except Exception as error:  # noqa: BLE001 — the next round tries again
                logger.warning("owner leases not renewed: %s", type(error).__name__)


def _margin() -> float:
    """How long after a renewal a lease is surely still ours: its length, less two
    renewal periods for a renewal that is late or lost."""
    return max(settings.OWNER_LEASE_SECONDS - 2 * settings.OWNER_RENEW_SECONDS,
               settings.OWNER_LEASE_SECONDS / 2)


_leases: Leases | None = None
_pid: int | None = None
_acting = threading.local()  # a thread acting as another process (tests, see `acting_as`)


@contextlib.contextmanager
def acting_as(other: Leases):
    """This thread acts as the process whose leases are `other`: how the tests play two
    processes in one, and how an inbox's threads keep the identity of the leases they
    serve."""
    before = getattr(_acting, "leases", None)
    _acting.leases = other
    try:
        yield other
    finally:
        _acting.leases = before


def adopt(other: Leases) -> None:
    """This thread acts as the process whose leases are `other` from now on (an inbox's
    pool threads)."""
    _acting.leases = other


def new_leases() -> Leases:
    """A fresh set of leases under a new token, on the configured store."""
    store = (RedisStore(settings.REDIS_URL, settings.REDIS_KEY_PREFIX)
             if settings.REDIS_URL else LocalStore())
    return Leases(store, f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}")


def leases() -> Leases:
    """This process's leases (new after a fork: a child is a process of its own)."""
    global _leases, _pid
    acting = getattr(_acting, "leases", None)
    if acting is not None:
        return acting
    if _leases is None or _pid != os.getpid():
        _pid = os.getpid()
        _leases = new_leases()
        atexit.register(_leases.release_all)
    return _leases
