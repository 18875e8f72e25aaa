"""Bots run by hand in tests: the wakes the services ask for (hooks.schedule_bots) are
recorded, and `run()` plays them — each wake, then each bot it names — as if their
transactions committed, until the table is quiet. No Celery, no pause."""

from __future__ import annotations

from games.live.services import bots, hooks


class BotRunner:
    def __init__(self, monkeypatch, capture):
        self.wakes: list[int] = []
        self.acted: list[tuple[int, str]] = []
        self.capture = capture
        monkeypatch.setattr(hooks, "schedule_bots", self.wakes.append)

    def run(self, limit: int = 200) -> list[tuple[int, str]]:
        """Play the recorded wakes and what they lead to; returns (bot id, what it did)."""
        done: list[tuple[int, str]] = []
        for _ in range(limit):
            if not self.wakes:
                self.acted += done
                return done
            table_id = self.wakes.pop(0)
            self.wakes[:] = [t for t in self.wakes if t != table_id]
            with self.capture(execute=True):
                due = bots.bots_wake(table_id=table_id)
            for user_id in due:
                with self.capture(execute=True):
                    kind = bots.bot_act(table_id=table_id, user_id=user_id)
                if kind:
                    done.append((user_id, kind))
        raise AssertionError(f"the bots never settled down: {done[-10:]}")


def fresh_cache_keys(monkeypatch) -> None:
    """Each test's own cache keys for the bots' seat wishes and pending acts: with Redis
    (CI) the cache outlives a test, and table ids start again in a new test database."""
    import uuid

    from games.live import bot_tasks
    from games.live.services import bot_seats

    run = uuid.uuid4().hex[:8]
    wish, pending = bot_seats._wish_key, bot_tasks._pending_key
    monkeypatch.setattr(bot_seats, "_wish_key", lambda table_id: f"{run}:{wish(table_id)}")
    monkeypatch.setattr(bot_tasks, "_pending_key",
                        lambda table_id, user_id: f"{run}:{pending(table_id, user_id)}")
