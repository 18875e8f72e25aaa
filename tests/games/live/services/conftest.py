"""Shared by the service tests: a seated "Felt" table, and `refused`, which checks that a
refusal raised the right GameError and changed nothing."""

from __future__ import annotations

import pytest

from games.live import services
from games.models import Hand, Round, RoundEvent, Seat
from games.live.services import GameError
from rules.models import RuleSet

from tests.games.conftest import seat_all

SPECIAL_SEED = f"{0x18:064x}"  # two players: seat 0 holds three straights (三顺子)


def standard():
    return RuleSet.objects.get(slug="standard")


@pytest.fixture
def table(players):
    table = services.table_create(user=players[0], rule_set=standard(), name="Felt")
    seat_all(table, players)
    return table


def snapshot(table):
    """Everything a refusal must leave alone."""
    table.refresh_from_db()
    return (table.version, table.status,
            list(Seat.objects.filter(table=table).values_list("position", "user_id", "ready")),
            list(Hand.objects.filter(round__table=table).values_list(
                "position", "front", "middle", "back", "submitted_at", "declared_special")),
            list(RoundEvent.objects.filter(round__table=table).values_list("seq", "type")),
            list(Round.objects.filter(table=table).values_list("phase", "deal_seed")))


def refused(code, service, table, **kwargs):
    before = snapshot(table)
    with pytest.raises(GameError) as error:
        service(**kwargs)
    assert error.value.code == code, error.value.message
    assert snapshot(table) == before
    return error.value


