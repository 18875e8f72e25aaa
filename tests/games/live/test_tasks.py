"""The arrange timer as a Celery task (RULES.md §7.2): queued on commit with the rule set's
countdown, idempotent when delivered twice or after everyone submitted, and fired for
real by the embedded worker."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import OperationalError

from config.celery import app, start_embedded_worker, stop_embedded_worker
from games.live import services
from games.live.services import hooks
from games.models import Hand, Round, RoundEvent
from games.live import tasks
from games.live.tasks import arrange_timeout
from rules.models import RuleSet
from tests.factories import make_user, move_deadline

from tests.games.conftest import REAL_SCHEDULE, best_rows, seat_all, start_round


@pytest.fixture
def table(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Timer")
    seat_all(table, players)
    return table


def expire(round):
    move_deadline(round, round.deadline - timedelta(minutes=5))


@pytest.mark.django_db
def test_nothing_is_queued_before_the_deal_commits(table, players, monkeypatch):
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", REAL_SCHEDULE)
    queued = []
    monkeypatch.setattr(arrange_timeout, "apply_async",
                        lambda **options: queued.append(options))
    start_round(table, players)  # the test's transaction never commits
    assert Round.objects.filter(table=table).exists() and queued == []


@pytest.mark.django_db
def test_the_deal_queues_exactly_one_timer(players, monkeypatch, committed):
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", REAL_SCHEDULE)
    queued = []
    monkeypatch.setattr(arrange_timeout, "apply_async",
                        lambda **options: queued.append(options))
    table = services.table_create(user=players[0], rule_set="standard", name="Timer")
    seat_all(table, players[:2])
    start_round(table, players[:2], committed)
    round = Round.objects.get(table=table)
    assert queued == [{"kwargs": {"round_id": round.id, "version": round.table_version},
                       "countdown": 30}]


@pytest.mark.django_db
def test_the_task_run_twice_settles_once(table, players):
    round = start_round(table, players)
    expire(round)
    assert arrange_timeout.apply(kwargs={"round_id": round.id,
                                         "version": round.table_version}).get() is True
    events = list(RoundEvent.objects.filter(round=round).values_list("seq", "type"))
    assert arrange_timeout.apply(kwargs={"round_id": round.id,
                                         "version": round.table_version}).get() is False
    assert list(RoundEvent.objects.filter(round=round).values_list("seq", "type")) == events
    assert [t for _s, t in events].count("settled") == 1
    assert Hand.objects.filter(round=round, auto_submitted=True).count() == 4


@pytest.mark.django_db
def test_the_task_after_everyone_submitted_changes_nothing(table, players):
    round = start_round(table, players)
    for user in players:
        hand = Hand.objects.get(round=round, user=user)
        services.round_submit(table_id=table.id, user=user,
                              **dict(zip(("front", "middle", "back"), best_rows(hand))))
    expire(round)
    settled = Round.objects.get(pk=round.pk)
    assert arrange_timeout.apply(kwargs={"round_id": round.id,
                                         "version": round.table_version}).get() is False
    again = Round.objects.get(pk=round.pk)
    assert (again.result, again.settled_at) == (settled.result, settled.settled_at)
    assert not Hand.objects.filter(round=round, auto_submitted=True).exists()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_embedded_worker_fires_the_timer_and_settles(monkeypatch):
    """The whole path `make run` uses: deal → on-commit countdown → in-process worker."""
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", REAL_SCHEDULE)
    quick = RuleSet.objects.get(slug="standard")
    quick.pk, quick.slug, quick.arrange_seconds = None, "quick-timer", 1
    quick.save()
    users = [make_user(username=f"t{n}", display_name=f"T{n}") for n in range(2)]
    table = services.table_create(user=users[0], rule_set=quick, name="Quick", seats=2)
    seat_all(table, users)
    # What earlier tests left in the in-memory broker, and the sweeps a starting worker
    # queues (presence, idle tables), read the seats while this test writes them: in
    # SQLite's shared-cache test database that is "table is locked", which no busy
    # timeout waits out. The timer's path needs none of them.
    app.control.purge()
    monkeypatch.setattr(tasks.presence_sweep, "delay", lambda: None)
    monkeypatch.setattr(tasks.idle_tables_sweep, "delay", lambda: None)
    start_embedded_worker()
    try:
        for user in users:
            services.player_ready(table_id=table.id, user=user)
        wait_until_settled(table)
    finally:
        stop_embedded_worker()
    round = Round.objects.get(table=table)
    assert round.phase == "settled"
    assert Hand.objects.filter(round=round, auto_submitted=True).count() == 2


def wait_until_settled(table, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if Round.objects.filter(table=table, phase="settled").exists():
                return
        except OperationalError:  # SQLite's shared in-memory test database is busy
            pass
        time.sleep(0.1)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_restarted_embedded_worker_settles_a_round_whose_timer_was_lost(monkeypatch):
    """`make run` restarted mid-round: the memory broker lost the countdown, and the new
    worker re-arms it on start, so the overdue round settles without anyone visiting."""
    users = [make_user(username=f"r{n}", display_name=f"R{n}") for n in range(2)]
    table = services.table_create(user=users[0], rule_set="standard", name="Restart")
    seat_all(table, users)
    round = start_round(table, users)  # the `timers` fixture swallows the countdown
    expire(round)
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", REAL_SCHEDULE)
    start_embedded_worker()
    try:
        wait_until_settled(table)
    finally:
        stop_embedded_worker()
    assert Round.objects.get(pk=round.pk).phase == "settled"
    assert Hand.objects.filter(round=round, auto_submitted=True).count() == 2


@pytest.mark.django_db
def test_a_starting_worker_rearms_the_timer_of_every_round_being_arranged(
        table, players, monkeypatch):
    """A restart of the embedded set-up loses queued countdowns (in-memory broker): the
    worker's start queues the timer again with the time left, or at once when overdue."""
    from games.live import tasks

    round = start_round(table, players)
    other = services.table_create(user=players[0], rule_set="standard", name="Overdue")
    seat_all(other, players[:2])
    overdue = start_round(other, players[:2])
    expire(overdue)
    queued = []
    monkeypatch.setattr(hooks, "schedule_arrange_timeout",
                        lambda round_id, version, countdown: queued.append(
                            (round_id, version, countdown)))
    started = []
    monkeypatch.setattr(tasks.rearm_arrange_timers, "delay", lambda: started.append(True))

    tasks.rearm_when_a_worker_starts(sender=None)
    assert started == [True]
    assert tasks.rearm_arrange_timers.apply().get() == 2
    by_round = {round_id: (version, countdown) for round_id, version, countdown in queued}
    assert by_round[round.id][0] == round.table_version
    assert 25 < by_round[round.id][1] <= 30
    assert by_round[overdue.id][0] == overdue.table_version
    assert by_round[overdue.id][1] < 0  # overdue: schedule_arrange_timeout fires it at once


@pytest.mark.django_db
def test_rearming_leaves_settled_rounds_alone(table, players, monkeypatch):
    round = start_round(table, players)
    expire(round)
    assert services.round_auto_submit(round_id=round.id, version=round.table_version)
    queued = []
    monkeypatch.setattr(hooks, "schedule_arrange_timeout",
                        lambda *args: queued.append(args))
    assert services.round_timers_rearm() == 0 and queued == []


def test_the_timer_tasks_are_registered_in_any_django_process():
    """The services queue the timer by its name, so a web process that never imports the
    task module must still know it (games.apps registers it): asked in a fresh process."""
    import os
    import subprocess
    import sys

    code = ("import django; django.setup(); from config.celery import app; "
            "print(sorted(name for name in app.tasks if name.startswith('games.')))")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    output = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, check=True).stdout
    assert "'games.arrange_timeout'" in output and "'games.rearm_arrange_timers'" in output
