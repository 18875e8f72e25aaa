"""The three seams of the live services that tests replace (monkeypatch this module's
attributes; the services always look them up here, at call time):

- `now()`: the clock every deadline is checked against;
- `deal_seed_factory()`: the secret seed of the next deal (tests fix the deal);
- `schedule_arrange_timeout(round_id, version, countdown)`: queue the arrange timer
  (tests record the timers and fire them themselves);
- `deal_scheme`: how a deal follows from its seeds (rules.engine.fairness). In production
  v2, where every player's client seed goes into the deal; tests that choose a deal by
  its seed deal under v1, where `deal_seed_factory()` at the deal is the whole deal;
- `client_seed_factory()`: the client seed the server draws for a player who sent none.
"""

from __future__ import annotations

from django.utils import timezone

from config.celery import app
from rules.engine import fairness

deal_seed_factory = fairness.new_seed
deal_scheme = fairness.ALGORITHM_V2
client_seed_factory = fairness.new_client_seed

# The arrange timer task (games.live.tasks), looked up by its registered name: the task
# module calls the services, so importing it here would make the two import each other.
ARRANGE_TIMEOUT_TASK = "games.arrange_timeout"


def now():
    return timezone.now()


def schedule_arrange_timeout(round_id: int, version: int, countdown: float) -> None:
    """Queue the arrange timer for `round_id` as dealt at `version`, `countdown` seconds
    from now (never negative: an overdue timer runs at once)."""
    app.tasks[ARRANGE_TIMEOUT_TASK].apply_async(
        kwargs={"round_id": round_id, "version": version}, countdown=max(countdown, 0))
