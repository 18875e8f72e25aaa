"""The round's event log numbers its events 1, 2, 3… with no gap or repeat (RoundEvent's
`seq`, which the replay and the transcript order by), however a step logs them."""

import pytest

from games import machine
from games.live.services.round_state import log
from games.models import RoundEvent
from tests.factories import make_round, make_table

pytestmark = pytest.mark.django_db


def test_events_are_numbered_on_from_the_last_one_whatever_the_step_logs():
    round = make_round(make_table())
    log(round, [machine.Event("dealt", {}), machine.Event("phase", {"phase": "x"})],
        first=True)
    log(round, [machine.Event("submitted", {"position": 0})])  # one event: one INSERT
    log(round, [machine.Event("submitted", {"position": 1}),
                machine.Event("settled", {})])
    log(round, [])
    assert list(RoundEvent.objects.filter(round=round).order_by("seq")
                .values_list("seq", "type")) == [
        (1, "dealt"), (2, "phase"), (3, "submitted"), (4, "submitted"), (5, "settled")]


def test_a_single_event_numbers_itself_per_round():
    table = make_table()
    first, second = make_round(table), make_round(table, number=2)
    log(first, [machine.Event("dealt", {})], first=True)
    log(first, [machine.Event("submitted", {})])
    log(second, [machine.Event("submitted", {})])
    assert sorted(RoundEvent.objects.values_list("round_id", "seq")) == [
        (first.id, 1), (first.id, 2), (second.id, 1)]
