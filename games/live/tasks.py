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
"""

from __future__ import annotations

from celery import shared_task
from celery.signals import worker_ready

from games.live import services


@shared_task(name="games.arrange_timeout", acks_late=True, ignore_result=True)
def arrange_timeout(round_id: int, version: int) -> bool:
    """Submit the first hint for everyone who has not submitted, then settle."""
    return services.round_auto_submit(round_id=round_id, version=version)


@shared_task(name="games.rearm_arrange_timers", ignore_result=True)
def rearm_arrange_timers() -> int:
    """Queue the arrange timer again for every round still being arranged."""
    return services.round_timers_rearm()


@worker_ready.connect
def rearm_when_a_worker_starts(**_signal) -> None:
    """`celery -A config worker` started (the embedded worker queues the same task itself,
    config/celery.py)."""
    # Queued rather than run here: the signal fires in the worker's start-up code, and
    # database work belongs in a task, where the worker's pool runs it.
    rearm_arrange_timers.delay()
