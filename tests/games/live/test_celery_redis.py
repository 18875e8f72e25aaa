"""The production path of the arrange timer: a separate `celery -A config worker` process
runs the task, and its broadcast reaches a socket of this (daphne-like) process through
the Redis channel layer."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection
from django.test import override_settings

from games.models import Round
from games.live.tasks import arrange_timeout

from tests.games.sockets import Socket
from tests.games.live.test_consumers import _setup_table
from tests.factories import move_deadline

pytestmark = [pytest.mark.requires_redis, pytest.mark.requires_postgres, pytest.mark.asyncio,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

ROOT = Path(__file__).resolve().parents[3]
db = database_sync_to_async


def _database_url() -> str:
    """The test database, as the worker process must reach it."""
    s = connection.settings_dict
    credentials = quote(s["USER"] or "", safe="")
    if s["PASSWORD"]:
        credentials += ":" + quote(s["PASSWORD"], safe="")
    return (f"postgres://{credentials}@{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/"
            f"{s['NAME']}")


def _dealt_round():
    table, users = _setup_table(2)
    from games.live import services

    for user in users:
        services.player_ready(table_id=table.id, user=user)
    return table, users, Round.objects.get(table=table)


def _expire(round):
    move_deadline(round, round.deadline - timedelta(minutes=5))


async def test_a_worker_process_settles_and_its_broadcast_reaches_the_socket():
    queue = f"test-{uuid.uuid4().hex}"  # this worker takes only this test's task
    redis_layers = {"default": {"BACKEND": "config.channel_layers.ConfirmedPubSubChannelLayer",
                                "CONFIG": {"hosts": [settings.REDIS_URL]}}}
    environment = {**os.environ, "DATABASE_URL": _database_url(),
                   "REDIS_URL": settings.REDIS_URL, "DJANGO_SETTINGS_MODULE": "config.settings"}
    celery = Path(sys.executable).with_name("celery")
    worker = subprocess.Popen(
        [str(celery), "-A", "config", "worker", "--pool=solo", "--concurrency=1", "-Q", queue,
         "--without-heartbeat", "--without-mingle", "--without-gossip", "--loglevel=WARNING",
         "-n", f"{queue}@%h"],
        cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        with override_settings(CHANNEL_LAYERS=redis_layers):
            table, users, round = await db(_dealt_round)()
            sockets = []
            for user in users:
                socket = await Socket.open(table.id, user)
                state = await socket.until("state")
                assert state["round"]["phase"] == "arranging"
                sockets.append(socket)
            await db(_expire)(round)
            arrange_timeout.apply_async(kwargs={"round_id": round.id,
                                                "version": round.table_version}, queue=queue)
            for socket in sockets:
                settled = await socket.until("settled", timeout=60)
                assert settled["round"]["id"] == round.id
                assert all(hand["auto"] for hand in settled["round"]["hands"])
            for socket in sockets:
                await socket.close()
    finally:
        worker.terminate()
        try:
            output, _ = worker.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            output, _ = worker.communicate()
    assert (await db(Round.objects.get)(pk=round.id)).phase == "settled", output.decode()[-2000:]
