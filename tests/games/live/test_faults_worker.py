"""The Celery worker survives a Redis restart and keeps every pending round timer
(issue 12, 2).

Before: with a countdown pending, kill -9 of Redis made the worker log `Restoring 2
unacknowledged message(s)`, then `CRITICAL … Unrecoverable error: AttributeError("'NoneType'
object has no attribute 'hostname'")` and exit; the round then waited for a visitor.
Now (config/celery.py) the worker reconnects, and on reconnecting re-arms the timer of
every round still being arranged, so the round settles on time even though this Redis
comes back empty.

The worker is a real `celery -A config worker` process on a redis-server of the test's
own, sharing the test's PostgreSQL database.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from games.live import services
from games.live.services import hooks
from games.models import Round
from tests.config.spare_redis import spare_redis  # noqa: F401 — a fixture
from tests.games.live.test_celery_redis import _database_url
from tests.games.live.test_consumers import _setup_table
from tests.factories import move_deadline

pytestmark = [pytest.mark.requires_postgres,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

ROOT = Path(__file__).resolve().parents[3]


def start_worker(redis_url: str, log: Path) -> subprocess.Popen:
    environment = {**os.environ, "DATABASE_URL": _database_url(), "REDIS_URL": redis_url,
                   "DJANGO_SETTINGS_MODULE": "config.settings", "EMBEDDED_WORKER": "false"}
    celery = Path(sys.executable).with_name("celery")
    return subprocess.Popen(
        [str(celery), "-A", "config", "worker", "--pool=solo", "--concurrency=1",
         "--without-heartbeat", "--without-mingle", "--without-gossip", "--loglevel=INFO",
         "-n", "faults@%h"],
        cwd=ROOT, env=environment, stdout=log.open("w"), stderr=subprocess.STDOUT)


def wait_for(predicate, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    pytest.fail(f"waited {seconds} s for {what}")


def test_the_worker_survives_a_redis_restart_with_a_countdown_pending(
        spare_redis, tmp_path, monkeypatch):
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", lambda *args: None)
    table, users = _setup_table(2)
    for user in users:
        services.player_ready(table_id=table.id, user=user)
    round = Round.objects.get(table=table)
    deadline = timezone.now() + timedelta(seconds=12)
    move_deadline(round, deadline)

    log = tmp_path / "worker.log"
    worker = start_worker(spare_redis.url(), log)
    try:
        # Starting, the worker re-arms the round's timer: a countdown it now holds.
        wait_for(lambda: "games.arrange_timeout" in log.read_text()
                 and "received" in log.read_text(), 30, "the worker to hold the countdown")

        spare_redis.restart(down_for=1.0)  # SIGKILL; it comes back empty

        wait_for(lambda: Round.objects.get(pk=round.pk).phase == "settled", 40,
                 "the round to settle after the Redis restart\n" + log.read_text()[-3000:])
        assert worker.poll() is None, log.read_text()[-3000:]
        assert Round.objects.get(pk=round.pk).settled_at >= deadline  # the timer, on time
        assert "Unrecoverable error" not in log.read_text()
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
