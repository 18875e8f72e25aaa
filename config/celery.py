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

A Redis restart while countdowns are pending (issue 12): the worker holds a countdown as
an unacknowledged message until it is due, and a lost connection drops those (they wait
in Redis for the visibility timeout, or are gone if Redis kept no data). Two things here
keep the round timers alive through it:

- `Consumer` fixes celery 5.7.0's handling of a lost connection, which killed the worker
  ("Unrecoverable error: AttributeError(\"'NoneType' object has no attribute
  'hostname'\")") instead of reconnecting;
- `RearmTimersOnReconnect` queues `games.rearm_arrange_timers` whenever the worker's
  connection comes back, so every round still being arranged gets its timer again from
  the database (a duplicate timer is harmless: it re-checks the round's version).
"""

from __future__ import annotations

import logging
import os
import socket
import threading

from celery import Celery, bootsteps, signals
from celery.worker import WorkController
from celery.worker.consumer import Consumer as CeleryConsumer

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

logger = logging.getLogger(__name__)

REARM_TASK = "games.rearm_arrange_timers"  # games.live.tasks.rearm_arrange_timers


class Consumer(CeleryConsumer):
    """Celery's task consumer, surviving the loss of its broker connection.

    celery 5.7.0 collects the broken connection and then closes it. Collecting closes the
    connection's task channel but leaves it referenced; the close closes it again, and
    its restore of the unacknowledged messages (the pending countdowns) then asks the
    transport that collect() dropped for Redis's address: AttributeError, which the
    worker treats as unrecoverable, so it exited. Closing that channel first — its
    restore fails quietly while Redis is down — and forgetting it leaves Celery's own
    clean-up nothing to trip on; the worker then reconnects as configured.
    """

    def on_connection_error_after_connected(self, exc) -> None:
        connection = self.connection
        channel = getattr(connection, "_default_channel", None)
        if channel is not None:
            try:
                channel.close()
            except Exception as error:  # noqa: BLE001 — the broker is gone; see above
                logger.warning("could not hand back the pending countdowns (%s); their "
                               "rounds' timers are re-armed on reconnect",
                               type(error).__name__)
            connection._default_channel = None
        super().on_connection_error_after_connected(exc)


class RearmTimersOnReconnect(bootsteps.StartStopStep):
    """Each time the worker's broker connection comes back (not at the first start:
    the worker_ready signal and the embedded worker queue the same task then), queue
    the re-arming of every pending round timer."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def __init__(self, parent, **kwargs) -> None:
        super().__init__(parent, **kwargs)
        self.started_before = False

    def start(self, parent) -> None:
        if self.started_before:
            logger.warning("broker connection restored: re-arming the round timers")
            parent.app.send_task(REARM_TASK)
        self.started_before = True


def _connections_as_for_a_request(task=None, **kwargs) -> None:
    """Before and after each task a worker runs: settings.CELERY_DB_REUSE_MAX says why.
    Not around a task applied in the caller's own thread (`apply()`, tests), whose
    connection may be inside the caller's transaction (as the fix-up skips them too)."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


signals.task_prerun.connect(_connections_as_for_a_request, weak=False)
signals.task_postrun.connect(_connections_as_for_a_request, weak=False)


def _settle_the_heap(**_kwargs) -> None:
    """Before a standalone worker starts (and forks its pool): the advisor's compiled
    loops loaded (rules.engine.compiled.warm: the hint values, the analyses and the
    strong bots run them), then every object made so far — Django, the apps, numba —
    moved out of the garbage collector's sight (gc.freeze). Each full collection walked
    all of them: about a fifth of an advice round's CPU (bench/round_cost.py --advice).
    A pool's children, forked after, inherit both."""
    import gc

    import django

    django.setup()
    from rules.engine import compiled

    compiled.warm()
    gc.collect()
    gc.freeze()


signals.worker_init.connect(_settle_the_heap, weak=False)

app = Celery("thirteen_water")
# Django's CELERY_* settings, copied once (config/celery_settings.py says why).
app.config_from_object("config.celery_settings:SETTINGS", namespace="CELERY")
app.conf.worker_consumer = "config.celery:Consumer"
app.steps["consumer"].add(RearmTimersOnReconnect)
app.autodiscover_tasks()

_embedded_worker: WorkController | None = None
_embedded_lock = threading.Lock()


def start_embedded_worker() -> WorkController:
    """Run a Celery worker inside this process, once; return it.

    The solo pool runs one task at a time in the worker's own thread: a prefork pool would
    fork the web server, and timer tasks are short database transactions. Tasks waiting
    for their countdown sit in the worker's timer and fire when due.
    """
    from django.conf import settings

    global _embedded_worker
    with _embedded_lock:
        if _embedded_worker is None:
            worker = app.WorkController(
                pool_cls="solo",
                concurrency=1,
                queues=[queue.name for queue in settings.CELERY_TASK_QUEUES],
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
            app.send_task(REARM_TASK)
        return _embedded_worker


def stop_embedded_worker() -> None:
    """Stop the embedded worker if one runs (tests; the daemon thread dies with the process)."""
    global _embedded_worker
    with _embedded_lock:
        if _embedded_worker is not None:
            _embedded_worker.stop(in_sighandler=False)
            _embedded_worker = None
