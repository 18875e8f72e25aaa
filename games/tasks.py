"""Round timers run by Celery (RULES.md §7.2).

`arrange_timeout` is queued by games.services when a round is dealt, after the deal
commits, with `countdown = arrange_seconds`. Celery may deliver it late or twice (STYLE.md,
Celery's calling docs), so the task only names the round and the version it was dealt
at; games.services.round_auto_submit re-checks both under the table's row lock and does
nothing unless the round is still arranging at that version. That makes `acks_late`
safe: a worker that dies mid-task leaves the message for another, and a second run is a
no-op.
"""

from __future__ import annotations

from celery import shared_task

from games import services


@shared_task(name="games.arrange_timeout", acks_late=True, ignore_result=True)
def arrange_timeout(round_id: int, version: int) -> bool:
    """Submit the first hint for everyone who has not submitted, then settle."""
    return services.round_auto_submit(round_id=round_id, version=version)
