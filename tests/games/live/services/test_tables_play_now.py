"""Issue 24 (a player's first hour): Play now never leaves a player alone — it reuses
their own waiting table, seats them beside people waiting, or opens a table that waits
PLAY_NOW_BOT_SECONDS for people before bots fill it — and the last person to leave a table
closes it, so abandoned tables neither fill the lobby nor count against the cap."""

from __future__ import annotations

import pytest
from django.utils.translation import override

from games.live import services
from games.live.services import GameError, bot_seats, bots, quick_play
from games.live.services.table_row import seats_of
from games.models import Seat, Table, TableStatus
from rules.models import RuleSet

pytestmark = pytest.mark.django_db


def people(table):
    return sorted(Seat.objects.filter(table=table, user__bot_level="").values_list(
        "user__username", flat=True))


def bot_count(table):
    return Seat.objects.filter(table=table).exclude(user__bot_level="").count()


def test_a_lone_player_gets_bots_once_nobody_came_within_the_wait(players, settings, later):
    settings.PLAY_NOW_BOT_SECONDS = 5
    table = quick_play.play_now(user=players[0], rule_set="standard")
    assert table.fill_with_bots and not table.is_private
    assert people(table) == ["p0"] and bot_count(table) == 0
    assert Seat.objects.get(table=table, user=players[0]).ready  # Play now is being ready
    bots.bots_wake(table_id=table.id)  # a change within the wait: still waiting for people
    assert bot_count(table) == 0
    later(6)
    bots.bots_wake(table_id=table.id)  # the wake queued for the end of the wait
    assert bot_count(table) == table.seat_count - 1


def test_play_now_seats_you_beside_people_waiting_and_reuses_your_own_table(players, settings):
    settings.PLAY_NOW_BOT_SECONDS = 5
    first = quick_play.play_now(user=players[0], rule_set="standard")
    assert quick_play.play_now(user=players[1], rule_set="standard") == first
    assert people(first) == ["p0", "p1"]
    # Pressing Play now again: the table you sit at, not another one.
    assert quick_play.play_now(user=players[0], rule_set="standard") == first
    assert Table.objects.filter(created_by=players[0]).count() == 1


@pytest.fixture
def house_rules():
    """A rule set of the house's own (not a preset): its Play now is unrated."""
    rule_set = RuleSet.objects.get(slug="standard")
    rule_set.pk, rule_set.slug, rule_set.is_preset = None, "house", False
    rule_set.save()
    return rule_set


def test_a_person_arriving_later_takes_a_bots_seat(players, settings, later, house_rules):
    settings.PLAY_NOW_BOT_SECONDS = 1
    table = quick_play.play_now(user=players[0], rule_set="house")
    later(2)
    bots.bots_wake(table_id=table.id)
    assert bot_count(table) == 3
    assert quick_play.play_now(user=players[1], rule_set="house") == table
    assert people(table) == ["p0", "p1"] and bot_count(table) == 2


def test_the_last_person_leaving_closes_a_practice_table(players):
    table = bots.practise_create(user=players[0], rule_set="standard", bots=2, level="easy")
    assert bot_count(table) == 2
    services.seat_leave(table_id=table.id, user=players[0])
    table.refresh_from_db()
    assert table.status == TableStatus.CLOSED and not Seat.objects.filter(table=table).exists()


def test_a_table_with_someone_left_stays_open(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Two")
    services.seat_take(table_id=table.id, user=players[1])
    services.seat_leave(table_id=table.id, user=players[0])
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and table.host_id == players[1].id


def test_closed_tables_do_not_count_against_the_cap(players, settings):
    settings.MAX_TABLES_PER_USER = 2
    for _ in range(2):
        table = bots.practise_create(user=players[0], rule_set="standard", bots=1, level="easy")
        services.seat_leave(table_id=table.id, user=players[0])
    bots.practise_create(user=players[0], rule_set="standard", bots=1, level="easy")


def test_the_cap_refusal_is_a_translated_sentence(players, settings):
    settings.MAX_TABLES_PER_USER = 1
    bots.practise_create(user=players[0], rule_set="standard", bots=1, level="easy")
    with override("zh-hans"), pytest.raises(GameError) as error:
        bots.practise_create(user=players[0], rule_set="standard", bots=1, level="easy")
    assert error.value.code == "too_many_tables"
    message = error.value.message
    assert message[0].isupper() or not message.isascii(), message
    with override("en"), pytest.raises(GameError) as english:
        bots.practise_create(user=players[0], rule_set="standard", bots=1, level="easy")
    assert english.value.message.startswith("You have 1 open table,")
    assert message != english.value.message  # the Chinese catalogue has it
