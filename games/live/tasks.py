"""Round timers run by Celery (RULES.md §7.2).

`arrange_timeout` is queued by games.live.services when a round is dealt, after the deal
commits, with `countdown = arrange_seconds`. Celery may deliver it late or twice (STYLE.md,
Celery's calling docs), so the task only names the round and the version it was dealt
at; games.live.services.round_auto_submit re-checks both under the table's row lock and does
nothing unless the round is still arranging at that version. That makes `acks_late`
safe: a worker that dies mid-task leaves the message for another, and a second run is a
no-op.

When a worker starts it queues `rearm_arrange_timers`, which queues the timer again for
every round still being arranged: the embedded set-up's in-memory broker loses queued
countdowns when the server restarts, and no round may wait for a visitor to settle it.
It runs again whenever a worker's broker connection comes back (config/celery.py), and
(re)starts the presence sweep.

`presence_sweep` keeps seats' `connected` flags honest when a server dies: each open
socket's process renews a presence lease in the cache (games.live.consumers); a seat
marked connected whose lease has lapsed at two sweeps in a row is marked disconnected.
Two, because a Redis restart empties the cache: the sockets' next heartbeat, within one
sweep interval, writes their leases again. The sweep queues its own next run; a run that
finds another chain's run too recent ends that chain, so restarts never multiply them.
"""

from __future__ import annotations

import logging

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.core.cache import cache

from games.live import services
from games.models import Seat

logger = logging.getLogger(__name__)

SWEEP_RAN = "presence:sweep-ran"


def presence_lease_key(table_id: int, user_id: int) -> str:
    """The cache key that says a socket of this player is open on this table somewhere."""
    return f"presence:{table_id}:{user_id}"


def _missed_key(table_id: int, user_id: int) -> str:
    return f"presence-missed:{table_id}:{user_id}"


@shared_task(name="games.arrange_timeout", acks_late=True, ignore_result=True)
def arrange_timeout(round_id: int, version: int) -> bool:
    """Submit the first hint for everyone who has not submitted, then settle."""
    return services.round_auto_submit(round_id=round_id, version=version)


@shared_task(name="games.absent_check", acks_late=True, ignore_result=True)
def absent_check(table_id: int) -> int:
    """The grace for players gone between rounds is over: mark the ones still gone away,
    and deal if that was all the table waited for. Late or twice is harmless: the service
    looks again under the table's lock."""
    return services.absent_players_away(table_id=table_id)


@shared_task(name="games.rearm_arrange_timers", ignore_result=True)
def rearm_arrange_timers() -> int:
    """Queue the arrange timer again for every round still being arranged, and make sure
    the presence sweep runs."""
    presence_sweep.delay()
    idle_tables_sweep.delay()
    return services.round_timers_rearm()


@shared_task(name="games.presence_sweep", ignore_result=True)
def presence_sweep() -> int:
    """Mark disconnected the seats whose presence lease lapsed twice running; returns how
    many. Queues the next sweep, unless another sweep ran too recently."""
    interval = settings.PRESENCE_HEARTBEAT_SECONDS
    if not cache.add(SWEEP_RAN, 1, timeout=interval * 0.8):
        return 0  # another chain of sweeps is running: this one ends here
    try:
        return sweep_stale_presence()
    finally:
        presence_sweep.apply_async(countdown=interval)


def sweep_stale_presence() -> int:
    # Bots hold no socket: their flag follows the people at their table (services.bots).
    connected = list(Seat.objects.filter(connected=True, user__bot_level="")
                     .select_related("user"))
    if not connected:
        return 0
    leases = cache.get_many([presence_lease_key(s.table_id, s.user_id) for s in connected])
    missed_before = cache.get_many([_missed_key(s.table_id, s.user_id) for s in connected])
    missing_now, gone, back = {}, [], []
    for seat in connected:
        if presence_lease_key(seat.table_id, seat.user_id) in leases:
            if _missed_key(seat.table_id, seat.user_id) in missed_before:
                back.append(_missed_key(seat.table_id, seat.user_id))
            continue
        if _missed_key(seat.table_id, seat.user_id) in missed_before:
            gone.append(seat)
        else:
            missing_now[_missed_key(seat.table_id, seat.user_id)] = 1
    if missing_now:
        cache.set_many(missing_now, timeout=settings.PRESENCE_HEARTBEAT_SECONDS * 3)
    if back:
        cache.delete_many(back)  # a miss counts only when the next sweep misses too
    for seat in gone:
        logger.info("seat %s at table %s: no socket anywhere; marked disconnected",
                    seat.position, seat.table_id)
        services.player_connection(table_id=seat.table_id, user=seat.user, connected=False)
        cache.delete(_missed_key(seat.table_id, seat.user_id))
    return len(gone)


@worker_ready.connect
def rearm_when_a_worker_starts(**_signal) -> None:
    """`celery -A config worker` started (the embedded worker queues the same task itself,
    config/celery.py)."""
    # Queued rather than run here: the signal fires in the worker's start-up code, and
    # database work belongs in a task, where the worker's pool runs it.
    rearm_arrange_timers.delay()


IDLE_SWEEP_RAN = "idle-tables-sweep-ran"
IDLE_SWEEP_SECONDS = 60


@shared_task(name="games.idle_tables_sweep", ignore_result=True)
def idle_tables_sweep() -> int:
    """Close the tables nobody has visited for TABLE_IDLE_MINUTES (rooms.close_idle_tables),
    then queue the next sweep in a minute, unless another chain of sweeps runs already."""
    if not cache.add(IDLE_SWEEP_RAN, 1, timeout=IDLE_SWEEP_SECONDS * 0.8):
        return 0
    try:
        return services.close_idle_tables()
    finally:
        idle_tables_sweep.apply_async(countdown=IDLE_SWEEP_SECONDS)
