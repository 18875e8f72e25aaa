"""The embedded timer worker: a countdown task scheduled with plain Celery fires once due.

Without REDIS_URL the broker is the in-process memory transport (what `make run` uses);
in CI, with REDIS_URL, the same worker reads Redis instead. Either way a task sent with a
countdown must not run before its ETA, and must run after it.
"""

import threading
import time
import uuid

import pytest

from config.celery import app, start_embedded_worker, stop_embedded_worker

_fired: dict[str, float] = {}
_fired_event = threading.Event()


@app.task(name="tests.config.record_fired")
def record_fired(token: str) -> None:
    _fired[token] = time.time()
    _fired_event.set()


@pytest.fixture
def embedded_worker():
    worker = start_embedded_worker()
    yield worker
    stop_embedded_worker()


def test_start_is_idempotent(embedded_worker):
    assert start_embedded_worker() is embedded_worker


def test_a_countdown_task_fires_after_its_countdown(embedded_worker):
    token = uuid.uuid4().hex
    _fired_event.clear()
    sent_at = time.time()

    record_fired.apply_async(args=[token], countdown=1)

    deadline = time.monotonic() + 20  # generous: a loaded CI machine is slow, never early
    while token not in _fired and time.monotonic() < deadline:
        _fired_event.wait(timeout=0.2)
    assert token in _fired, "the countdown task never ran"
    assert _fired[token] - sent_at >= 1.0 - 0.01  # not before its ETA (clock granularity)


_backends: list[int] = []
_backend_event = threading.Event()


@app.task(name="tests.config.record_backend")
def record_backend() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        _backends.append(cursor.fetchone()[0])
    _backend_event.set()


def backends_of_two_tasks() -> list[int]:
    _backends.clear()
    for _ in range(2):
        _backend_event.clear()
        record_backend.apply_async()
        assert _backend_event.wait(timeout=20), "the task never ran"
    return list(_backends)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize("max_age, same", [(60, True), (0, False)])
def test_a_worker_keeps_its_database_connection_for_conn_max_age_as_a_web_process_does(
        monkeypatch, max_age, same):
    """Celery's Django fix-up would close it after every task (settings.CELERY_DB_REUSE_MAX
    says why it does not): a new PostgreSQL backend per timer. CONN_MAX_AGE decides."""
    from django.conf import settings
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("a connection to SQLite's in-memory test database is never closed")
    monkeypatch.setitem(settings.DATABASES["default"], "CONN_MAX_AGE", max_age)
    start_embedded_worker()
    try:
        first, second = backends_of_two_tasks()
    finally:
        stop_embedded_worker()
    assert (first == second) is same


def test_a_standalone_worker_loads_the_advisor_and_freezes_its_heap_before_it_starts():
    """config.celery's worker_init hook: the advisor's compiled loops are loaded and the
    objects made so far are out of the garbage collector's sight (gc.freeze), so the
    hint values and analyses do not pay for walking Django and numba at every full
    collection."""
    import gc
    import sys
    import weakref

    from celery import signals

    from config import celery as celery_config

    receivers = [ref() if isinstance(ref, weakref.ReferenceType) else ref
                 for _key, ref in signals.worker_init.receivers]
    assert celery_config._settle_the_heap in receivers
    gc.unfreeze()
    try:
        celery_config._settle_the_heap()
        assert "rules.engine.compiled" in sys.modules
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
