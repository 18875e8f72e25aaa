"""The bots' Celery tasks (issue 16), queued by name like the round timers.

`bots_wake(table_id)` runs after each committed change of a table whose seats bots fill
(games.live.services.hooks.bots_may_act): it lets games.live.services.bots tidy the
seats and name the bots that have something to do, and queues `bot_act` for each, after a
human-like pause (settings.BOT_PAUSE). One pending act per bot and table at a time (a
cache key, taken with `add`, dropped when the act starts), so a burst of changes does not
make a bot act sooner than its pause. Both tasks re-read the table: late, doubled or
stale runs do nothing (acks_late is safe), and a lost act is made up by the next change,
or in a round by its timer, which plays the bot's default as for anyone.

A worker (re)starting loses the memory broker's countdowns: right after it re-arms the
round timers (games.rearm_arrange_timers, queued at every worker start) every open bot
table is woken again, its bots' pending marks cleared, so no table waits for a bot.
"""

from __future__ import annotations

import random

from celery import shared_task
from celery.signals import task_postrun
from django.conf import settings
from django.core.cache import cache

from games.live.services import bots
from games.models import Table, TableStatus

REARM_TASK = "games.rearm_arrange_timers"  # games.live.tasks, queued when a worker starts


def _pending_key(table_id: int, user_id: int) -> str:
    return f"bots:act-pending:{table_id}:{user_id}"


def pause() -> float:
    low, high = settings.BOT_PAUSE
    return random.uniform(low, max(low, high))


@shared_task(name="games.bots_wake", acks_late=True, ignore_result=True)
def bots_wake(table_id: int, fresh: bool = False) -> list[int]:
    """Tidy a bot table's seats and queue each bot that has something to do (`fresh`:
    forget the acts marked pending, which a restart lost)."""
    due = bots.bots_wake(table_id=table_id)
    queued = []
    for user_id in due:
        if fresh:
            cache.delete(_pending_key(table_id, user_id))
        countdown = pause()
        if cache.add(_pending_key(table_id, user_id), 1, timeout=int(countdown) + 60):
            bot_act.apply_async(kwargs={"table_id": table_id, "user_id": user_id},
                                countdown=countdown)
            queued.append(user_id)
    return queued


@shared_task(name="games.bot_act", acks_late=True, ignore_result=True)
def bot_act(table_id: int, user_id: int) -> str | None:
    """One bot does its next thing at the table, if it still has one."""
    cache.delete(_pending_key(table_id, user_id))
    return bots.bot_act(table_id=table_id, user_id=user_id)


@shared_task(name="games.bots_rearm", ignore_result=True)
def bots_rearm() -> int:
    """Wake every open table bots fill; returns how many."""
    tables = list(Table.objects.filter(fill_with_bots=True)
                  .exclude(status=TableStatus.CLOSED).values_list("id", flat=True))
    for table_id in tables:
        bots_wake.delay(table_id, fresh=True)
    return len(tables)


@task_postrun.connect
def rearm_bots_after_the_timers(sender=None, **_signal) -> None:
    if getattr(sender, "name", None) == REARM_TASK:
        bots_rearm.delay()
