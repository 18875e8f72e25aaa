"""The Celery app that runs round timers, and the embedded worker for one-process set-ups.

With REDIS_URL set, a countdown task travels through Redis to a separate
`celery -A config worker` process. Without it the broker is kombu's in-process memory
transport, which only a worker inside the same process can read, so the ASGI server
starts one in a daemon thread (config/asgi.py, when EMBEDDED_WORKER is on).

Later code schedules a timer with plain Celery, after the transaction that needs it
commits, e.g.::

    transaction.on_commit(lambda: round_arrange_timeout.apply_async(
        kwargs={"round_id": round.id, "version": table.version},
        countdown=rules.arrange_seconds))

Countdowns run *some time after* they are due and may run twice, so a timer task must
re-check the round's version under a row lock before it acts.
"""

from __future__ import annotations

import os
import socket
import threading

from celery import Celery
from celery.worker import WorkController

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("thirteen_water")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

_embedded_worker: WorkController | None = None
_embedded_lock = threading.Lock()


def start_embedded_worker() -> WorkController:
    """Run a Celery worker inside this process, once; return it.

    The solo pool runs one task at a time in the worker's own thread: a prefork pool would
    fork the web server, and timer tasks are short database transactions. Tasks waiting
    for their countdown sit in the worker's timer and fire when due.
    """
    global _embedded_worker
    with _embedded_lock:
        if _embedded_worker is None:
            worker = app.WorkController(
                pool_cls="solo",
                concurrency=1,
                hostname=f"embedded@{socket.gethostname()}",
                # A lone in-process worker has no peers to sync with or report to.
                without_heartbeat=True,
                without_mingle=True,
                without_gossip=True,
            )
            threading.Thread(target=worker.start, name="embedded-celery-worker",
                             daemon=True).start()
            _embedded_worker = worker
            # The memory broker starts empty: countdowns queued before a restart are
            # gone, so re-arm the timers of rounds still being arranged (games.live.tasks;
            # a standalone worker does this on its worker_ready signal, which a bare
            # WorkController never sends).
            app.send_task("games.rearm_arrange_timers")
        return _embedded_worker


def stop_embedded_worker() -> None:
    """Stop the embedded worker if one runs (tests; the daemon thread dies with the process)."""
    global _embedded_worker
    with _embedded_lock:
        if _embedded_worker is not None:
            _embedded_worker.stop(in_sighandler=False)
            _embedded_worker = None
