"""The three seams of the live services that tests replace (monkeypatch this module's
attributes; the services always look them up here, at call time):

- `now()`: the clock every deadline is checked against;
- `deal_seed_factory()`: the secret seed of the next deal (tests fix the deal);
- `schedule_arrange_timeout(round_id, version, countdown)`: queue the arrange timer
  (tests record the timers and fire them themselves);
- `deal_scheme`: how a deal follows from its seeds (rules.engine.fairness). In production
  v3, where every player's client seed goes into the deal (and a seat that sent none has
  the one the commitment fixed: the server draws nothing at the deal); tests that choose
  a deal by its seed deal under v1, where `deal_seed_factory()` at the deal is the whole
  deal;
- `schedule_absent_check(table_id, countdown)`: queue the look at players gone between
  rounds (tests record it and run the service themselves);
- `schedule_bots(table_id)`: queue a look by the bots of a table that fills its seats
  with bots (tests record the calls and run games.live.services.bots themselves).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from config.celery import app
from rules.engine import fairness

deal_seed_factory = fairness.new_seed
deal_scheme = fairness.ALGORITHM_V3

# The arrange timer task (games.live.tasks), looked up by its registered name: the task
# module calls the services, so importing it here would make the two import each other.
ARRANGE_TIMEOUT_TASK = "games.arrange_timeout"
HINT_VALUES_TASK = "games.hint_values"  # games.live.advice_tasks, by name for the same reason
ANALYSIS_TASK = "games.analyse_round"
BOTS_WAKE_TASK = "games.bots_wake"  # games.live.bot_tasks, by name for the same reason
ABSENT_CHECK_TASK = "games.absent_check"  # games.live.tasks, by name for the same reason


def now():
    return timezone.now()


def schedule_arrange_timeout(round_id: int, version: int, countdown: float) -> None:
    """Queue the arrange timer for `round_id` as dealt at `version`, `countdown` seconds
    from now (never negative: an overdue timer runs at once)."""
    app.tasks[ARRANGE_TIMEOUT_TASK].apply_async(
        kwargs={"round_id": round_id, "version": version}, countdown=max(countdown, 0))


def schedule_absent_check(table_id: int, countdown: float) -> None:
    """Queue the look, `countdown` seconds from now, at the players a table's next deal
    waits for though they are gone (services.sessions.wait_for_absent)."""
    app.tasks[ABSENT_CHECK_TASK].apply_async(kwargs={"table_id": table_id},
                                             countdown=max(countdown, 0))


def bots_may_act(table) -> None:
    """A table changed (table_row.changed, under its lock): if bots fill its seats, they
    look at it once the change commits — to ready, arrange, or take a step of 十三道."""
    if table.fill_with_bots:
        table_id = table.id
        transaction.on_commit(lambda: schedule_bots(table_id))


def schedule_bots(table_id: int) -> None:
    app.tasks[BOTS_WAKE_TASK].apply_async(kwargs={"table_id": table_id})


def schedule_hint_values(round_id: int, hints: dict[str, list] | None = None) -> None:
    """Queue the hints' values of every hand of a round just dealt; `hints`: each hand's
    hint list as the deal found it (hand id → games.machine.hints_wire), so that the
    worker does not search the hands again."""
    kwargs = {"round_id": round_id}
    if hints:
        kwargs["hints"] = hints
    # The message's printable copy of its arguments (Celery's events and logs) leaves
    # the players' cards out, and costs no walk over the lists.
    app.tasks[HINT_VALUES_TASK].apply_async(
        kwargs=kwargs, kwargsrepr=f"{{'round_id': {round_id}, 'hints': <{len(hints or ())} hands>}}")


def schedule_analysis(round_id: int) -> None:
    """Queue the analysis of every hand of a round just settled."""
    app.tasks[ANALYSIS_TASK].apply_async(kwargs={"round_id": round_id})
