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
from django.contrib.auth import get_user_model
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
    # Every connected seat of every table, every few seconds: read as (table, player)
    # pairs, not as Seat and User objects — building those was most of the sweep's cost,
    # and the sweep most of the timer worker's between timers (bench/ws_load.py).
    # Bots hold no socket: their flag follows the people at their table (services.bots).
    connected = list(Seat.objects.filter(connected=True, user__bot_level="")
                     .values_list("table_id", "user_id"))
    if not connected:
        return 0
    keys = [(presence_lease_key(table_id, user_id), _missed_key(table_id, user_id))
            for table_id, user_id in connected]
    leases = cache.get_many([lease for lease, _missed in keys])
    missed_before = cache.get_many([missed for _lease, missed in keys])
    missing_now, gone, back = {}, [], []
    for seat, (lease, missed) in zip(connected, keys):
        if lease in leases:
            if missed in missed_before:
                back.append(missed)
            continue
        if missed in missed_before:
            gone.append((seat, missed))
        else:
            missing_now[missed] = 1
    if missing_now:
        cache.set_many(missing_now, timeout=settings.PRESENCE_HEARTBEAT_SECONDS * 3)
    if back:
        cache.delete_many(back)  # a miss counts only when the next sweep misses too
    players = get_user_model().objects.in_bulk([user_id for (_table, user_id), _ in gone])
    for (table_id, user_id), missed in gone:
        logger.info("player %s at table %s: no socket anywhere; marked disconnected",
                    user_id, table_id)
        services.player_connection(table_id=table_id, user=players[user_id], connected=False)
        cache.delete(missed)
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
