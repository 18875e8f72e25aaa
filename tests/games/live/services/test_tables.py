"""games.live.services.tables: a table and its seats — create, join, sit, leave, the
connection flag — each change locked, versioned and broadcast after commit; each refusal a
GameError that changes nothing."""

from __future__ import annotations

import pytest

from games.live import broadcast, services
from games.models import Seat, Table
from games.live.services import GameError
from rules.models import RuleSet
from tests.factories import make_user

from tests.games.live.services.conftest import refused, standard

pytestmark = pytest.mark.django_db


# --- tables and seats ---------------------------------------------------------------------


def test_create_seats_the_creator_at_position_zero(players):
    table = services.table_create(user=players[0], rule_set=standard(), name=" Felt ",
                                  is_private=True)
    assert (table.name, table.is_private, table.created_by) == ("Felt", True, players[0])
    assert list(table.seats.values_list("user_id", "position")) == [(players[0].id, 0)]


@pytest.mark.parametrize("slug", ["standard", "extra-suit", "jokers", "extra-three",
                                  "fuzhou", "classic", "fujian", "shisandao"])
def test_every_preset_opens_a_table(players, slug):
    services.table_create(user=players[0], rule_set=slug, name=slug)


def test_a_rule_set_an_admin_left_inconsistent_is_refused_clearly(players):
    RuleSet.objects.filter(slug="classic").update(max_players=9)  # 9 × 13 > 52 cards
    with pytest.raises(GameError) as error:
        services.table_create(user=players[0], rule_set="classic", name="x")
    assert error.value.code == "unsupported_rules" and "not valid" in error.value.message
    assert not Table.objects.exists()


def test_an_unnamed_table_is_named_after_its_creator_and_a_name_has_at_most_60_characters(
        players):
    table = services.table_create(user=players[0], rule_set=standard(), name="  ")
    assert table.name == f"{players[0].display_name}'s table"
    with pytest.raises(GameError, match="name"):
        services.table_create(user=players[0], rule_set=standard(), name="x" * 61)


def test_join_by_invite_code_takes_the_lowest_free_seat(players):
    table = services.table_create(user=players[0], rule_set=standard(), name="Felt")
    services.seat_take(table_id=table.id, user=players[1], position=2)
    joined = services.table_join(user=players[2], invite_code=table.invite_code.lower())
    assert joined == table
    assert Seat.objects.get(table=table, user=players[2]).position == 1
    # joining again changes nothing
    version = Table.objects.get(pk=table.pk).version
    services.table_join(user=players[2], invite_code=table.invite_code)
    assert Table.objects.get(pk=table.pk).version == version


def test_join_with_an_unknown_code_is_refused(players):
    with pytest.raises(GameError) as error:
        services.table_join(user=players[0], invite_code="NOPE2345")
    assert error.value.code == "table_not_found"


def test_seat_refusals(table, players):
    fifth = make_user(username="p4", display_name="Player 4")
    refused("table_full", services.seat_take, table, table_id=table.id, user=fifth)
    services.seat_leave(table_id=table.id, user=players[3])
    refused("seat_taken", services.seat_take, table, table_id=table.id, user=fifth, position=0)
    refused("bad_request", services.seat_take, table, table_id=table.id, user=fifth, position=9)
    refused("not_seated", services.seat_leave, table, table_id=table.id, user=fifth)
    refused("table_not_found", services.seat_take, table, table_id=10**9, user=fifth)


def test_every_change_bumps_the_version_once_and_broadcasts_seats(table, players, committed,
                                                                   outbox):
    version = Table.objects.get(pk=table.pk).version
    committed(services.player_ready, table_id=table.id, user=players[0])
    assert Table.objects.get(pk=table.pk).version == version + 1
    assert outbox == [(broadcast.table_group(table.id), {
        "type": "seats", "version": version + 1, "seats": outbox[0][1]["seats"]})]
    assert [s["ready"] for s in outbox[0][1]["seats"]] == [True, False, False, False]


def test_a_refused_change_broadcasts_nothing(table, players, committed, outbox):
    stranger = make_user(username="x", display_name="X")
    with pytest.raises(GameError):
        committed(services.player_ready, table_id=table.id, user=stranger)
    assert outbox == []


def test_connection_flags_the_seat_and_watchers_change_nothing(table, players):
    services.player_connection(table_id=table.id, user=players[1], connected=True)
    assert Seat.objects.get(user=players[1]).connected
    version = Table.objects.get(pk=table.pk).version
    services.player_connection(table_id=table.id, user=players[1], connected=True)
    services.player_connection(table_id=table.id, user=make_user(username="w"),
                               connected=True)
    assert Table.objects.get(pk=table.pk).version == version


def test_a_player_may_have_only_so_many_open_tables(players, settings):
    settings.MAX_TABLES_PER_USER = 2
    for n in range(2):
        services.table_create(user=players[0], rule_set="standard", name=f"Mine {n}")
    with pytest.raises(GameError) as error:
        services.table_create(user=players[0], rule_set="standard", name="One more")
    assert error.value.code == "too_many_tables"
    assert Table.objects.filter(created_by=players[0]).count() == 2
    Table.objects.filter(name="Mine 0").update(status="closed")
    services.table_create(user=players[1], rule_set="standard", name="Someone else's")
    services.table_create(user=players[0], rule_set="standard", name="Once one closed")
