"""Ratings under races on PostgreSQL (transactional tests, real threads): a round's last
submissions racing each other and the timer rate it once; one person settling at two
rated tables at the same moment has both rounds counted, one after the other."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.live import services
from games.models import Hand, Round
from ratings.models import Rating, RatingChange
from tests.factories import make_user
from tests.games.conftest import best_rows, seat_all, start_round
from tests.games.live.test_races import _clock, per_thread_clock, race  # noqa: F401

pytestmark = [pytest.mark.requires_postgres,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def rated_round(users, name):
    table = services.table_create(user=users[0], rule_set="standard", name=name, rated=True)
    seat_all(table, users)
    return table, start_round(table, users)


def submit(table, user, round):
    hand = Hand.objects.get(round=round, user=user)
    rows = dict(zip(("front", "middle", "back"), best_rows(hand)))
    return lambda: services.round_submit(table_id=table.id, user=user, **rows)


def test_the_last_submissions_and_the_timer_racing_rate_the_round_once():
    users = [make_user(username=f"r{n}", display_name=f"R{n}") for n in range(4)]
    table, round = rated_round(users, "Race")
    submit(table, users[0], round)()
    submit(table, users[1], round)()

    def timer():
        _clock.offset = timedelta(seconds=31)
        return services.round_auto_submit(round_id=round.id, version=round.table_version)

    race(submit(table, users[2], round), submit(table, users[3], round), timer)
    round.refresh_from_db()
    assert round.phase == "settled" and round.rating_family == "thirteen"
    assert RatingChange.objects.filter(round=round).count() == 4
    assert all(r.rounds == 1 for r in Rating.objects.all())


def test_one_person_settling_at_two_rated_tables_at_once_has_both_rounds_counted():
    both = make_user(username="both", display_name="Both")
    first = [both] + [make_user(username=f"a{n}", display_name=f"A{n}") for n in range(1)]
    second = [both] + [make_user(username=f"b{n}", display_name=f"B{n}") for n in range(1)]
    Rating.objects.create(user=both, family="thirteen")  # both settlements update this row
    table_a, round_a = rated_round(first, "A")
    table_b, round_b = rated_round(second, "B")
    submit(table_a, both, round_a)()
    submit(table_b, both, round_b)()
    race(submit(table_a, first[1], round_a), submit(table_b, second[1], round_b))
    assert set(Round.objects.values_list("phase", flat=True)) == {"settled"}
    rating = Rating.objects.get(user=both)
    assert rating.rounds == 2
    changes = list(RatingChange.objects.filter(user=both).order_by("id"))
    assert len(changes) == 2
    # The second change started from where the first left off: no update was lost.
    assert changes[1].mu_before == pytest.approx(changes[0].mu_after)
    assert rating.mu == pytest.approx(changes[1].mu_after)
