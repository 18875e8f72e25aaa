"""Races on PostgreSQL: every change locks the table row, so concurrent submissions and the
timer racing a submission leave exactly one consistent result (transactional tests with
real threads, each on its own connection)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.live import services
from games.live.services import hooks, table_row
from games.models import Hand, RoundEvent
from tests.factories import make_user

from tests.games.conftest import best_rows, seat_all, start_round

pytestmark = [pytest.mark.requires_postgres,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

_clock = threading.local()


@pytest.fixture(autouse=True)
def per_thread_clock(monkeypatch):
    """Each thread reads its own clock offset, so one thread can be 'after the deadline'
    while another is still in time."""
    monkeypatch.setattr(hooks, "now",
                        lambda: timezone.now() + getattr(_clock, "offset", timedelta()))


def race(*jobs):
    """Start every job at the same moment; return what each returned or raised."""
    barrier = threading.Barrier(len(jobs))
    outcomes: list = [None] * len(jobs)

    def run(index, job):
        try:
            barrier.wait(timeout=10)
            outcomes[index] = job()
        except Exception as error:  # noqa: BLE001 — the outcome is what we check
            outcomes[index] = error
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def new_round(count, tag):
    users = [make_user(username=f"{tag}{n}", display_name=f"{tag}{n}") for n in range(count)]
    table = services.table_create(user=users[0], rule_set="standard", name=tag)
    seat_all(table, users)
    return table, users, start_round(table, users)


def submit_job(table, user, hand, offset=timedelta()):
    rows = dict(zip(("front", "middle", "back"), best_rows(hand)))

    def job():
        _clock.offset = offset
        return services.round_submit(table_id=table.id, user=user, **rows)

    return job


def assert_settled_once(round):
    round.refresh_from_db()
    assert round.phase == "settled"
    events = list(RoundEvent.objects.filter(round=round).values_list("seq", "type"))
    assert [seq for seq, _t in events] == list(range(1, len(events) + 1))
    assert [t for _s, t in events].count("settled") == 1
    hands = list(Hand.objects.filter(round=round))
    assert [t for _s, t in events].count("submitted") == len(hands)
    assert all(h.submitted_at is not None for h in hands)
    assert sum(h.points for h in hands) == 0
    assert {str(h.position): h.points for h in hands} == round.result["totals"]
    return hands


def test_four_players_submitting_at_once_settle_exactly_once():
    table, users, round = new_round(4, "all")
    hands = {h.user_id: h for h in Hand.objects.filter(round=round)}
    outcomes = race(*(submit_job(table, user, hands[user.id]) for user in users))
    assert all(isinstance(o, Hand) for o in outcomes), outcomes
    hands = assert_settled_once(round)
    assert not any(h.auto_submitted for h in hands)
    table.refresh_from_db()
    assert table.version == round.table_version + 4


def test_one_player_submitting_twice_at_once_is_accepted_once():
    table, users, round = new_round(2, "twice")
    hand = Hand.objects.get(round=round, user=users[0])
    outcomes = race(submit_job(table, users[0], hand), submit_job(table, users[0], hand))
    accepted = [o for o in outcomes if isinstance(o, Hand)]
    refused = [o for o in outcomes if isinstance(o, services.GameError)]
    assert len(accepted) == 1 and [e.code for e in refused] == ["already_submitted"]
    assert RoundEvent.objects.filter(round=round, type="submitted").count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_the_timer_racing_a_submission_leaves_one_consistent_result(attempt):
    table, users, round = new_round(2, f"timer{attempt}")
    hand = Hand.objects.get(round=round, user=users[0])
    late = round.deadline - timezone.now() + timedelta(seconds=1)

    def timer():
        _clock.offset = late
        return services.round_auto_submit(round_id=round.id, version=round.table_version)

    submitted, fired = race(submit_job(table, users[0], hand), timer)
    assert fired is True  # the timer always settles: someone was left to auto-submit
    hands = {h.position: h for h in assert_settled_once(round)}
    if isinstance(submitted, Hand):  # the submission won the lock
        assert not hands[0].auto_submitted and hands[1].auto_submitted
    else:  # the timer won: the submission came too late and changed nothing
        assert submitted.code == "not_arranging"
        assert hands[0].auto_submitted and hands[1].auto_submitted
    assert not services.round_auto_submit(round_id=round.id, version=round.table_version)


def test_locking_a_table_leaves_its_rule_set_and_other_tables_free():
    """Tables sharing a rule set never wait for each other."""
    from django.db import DatabaseError, transaction

    from games.models import Table
    from rules.models import RuleSet

    table, _users, _round = new_round(2, "free")
    other = services.table_create(user=make_user(username="other"), rule_set="standard",
                                  name="other")
    outcome = {}

    def elsewhere():
        try:
            with transaction.atomic():
                RuleSet.objects.select_for_update(nowait=True).get(pk=table.rule_set_id)
                Table.objects.select_for_update(nowait=True).get(pk=other.pk)
            outcome["free"] = True
        except DatabaseError:
            outcome["free"] = False
        finally:
            connection.close()

    with transaction.atomic():
        table_row.lock_table(table.id)
        thread = threading.Thread(target=elsewhere)
        thread.start()
        thread.join(timeout=30)
    assert outcome == {"free": True}
