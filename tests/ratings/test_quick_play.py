"""Rated quick play (issue 26): Play now on a preset seats you at the rated waiting table
nearest your rating, within a band that widens as the table waits; when nobody comes,
bots fill the seats and the table becomes unrated; when people came, they are dealt a
rated round rather than getting bots."""

from __future__ import annotations

import pytest

from games.live import services
from games.live.services import bots, quick_play
from games.models import Round, Seat, Table
from ratings.models import Rating
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def rate(user, mu, family="thirteen"):
    Rating.objects.create(user=user, family=family, mu=mu, sigma=100, rounds=30)


def test_play_now_on_a_preset_opens_a_rated_table(players, settings):
    table = quick_play.play_now(user=players[0], rule_set="standard")
    assert table.rating_family == "thirteen" and table.fill_with_bots
    assert Seat.objects.get(table=table, user=players[0]).ready


def test_play_now_on_a_house_rule_set_is_unrated(players):
    from rules.models import RuleSet
    rule_set = RuleSet.objects.get(slug="classic")
    rule_set.pk, rule_set.slug, rule_set.is_preset = None, "house", False
    rule_set.save()
    assert quick_play.play_now(user=players[0], rule_set="house").rating_family == ""


def test_you_are_seated_with_the_waiting_players_nearest_your_rating(players, settings):
    settings.RATING_BAND, settings.RATING_BAND_PER_SECOND = 150, 0
    strong, weak, me = players[0], players[1], players[2]
    rate(strong, 2000), rate(weak, 1450), rate(me, 1500)
    strong_table = quick_play.play_now(user=strong, rule_set="standard")
    weak_table = quick_play.play_now(user=weak, rule_set="standard")
    assert strong_table != weak_table  # 550 apart: beyond the band
    assert quick_play.play_now(user=me, rule_set="standard") == weak_table
    assert Seat.objects.get(table=weak_table, user=me).ready  # Play now is being ready


def test_the_band_widens_the_longer_a_table_waits(players, settings, later):
    settings.RATING_BAND, settings.RATING_BAND_PER_SECOND = 150, 60
    rate(players[0], 1900), rate(players[1], 1500)
    waiting = quick_play.play_now(user=players[0], rule_set="standard")
    later(3)  # 150 + 3 × 60 = 330 < 400: still too far
    own = quick_play.play_now(user=players[1], rule_set="standard")
    assert own != waiting
    services.seat_leave(table_id=own.id, user=players[1])  # the last to leave closes it
    later(5)  # 150 + 5 × 60 = 450
    assert quick_play.play_now(user=players[1], rule_set="standard") == waiting
    assert quick_play.band(5) == 450


def test_nobody_came_bots_fill_the_seats_and_the_table_is_unrated(players, settings, later):
    settings.PLAY_NOW_BOT_SECONDS = 5
    table = quick_play.play_now(user=players[0], rule_set="standard")
    bots.bots_wake(table_id=table.id)  # within the wait: still waiting for people
    assert Seat.objects.filter(table=table).count() == 1
    later(6)
    bots.bots_wake(table_id=table.id)
    table.refresh_from_db()
    assert table.rating_family == "" and Seat.objects.filter(table=table).count() == 4


def test_people_who_came_within_the_wait_are_dealt_a_rated_round_without_bots(
        players, settings, later):
    settings.PLAY_NOW_BOT_SECONDS = 5
    table = quick_play.play_now(user=players[0], rule_set="standard")
    assert quick_play.play_now(user=players[1], rule_set="standard") == table
    later(6)
    bots.bots_wake(table_id=table.id)
    table.refresh_from_db()
    assert table.rating_family == "thirteen"
    assert not Seat.objects.filter(table=table).exclude(user__bot_level="").exists()
    round = Round.objects.get(table=table)
    assert sorted(round.hands.values_list("user_id", flat=True)) == sorted(
        [players[0].id, players[1].id])


def test_a_full_rated_table_deals_at_once(settings):
    settings.RATING_BAND_PER_SECOND = 0
    people = [make_user(username=f"q{n}", display_name=f"Q{n}") for n in range(4)]
    tables = {quick_play.play_now(user=person, rule_set="standard") for person in people}
    [table] = tables
    assert Table.objects.get(pk=table.pk).rating_family == "thirteen"
    assert Round.objects.filter(table=table).count() == 1


def test_the_seats_say_the_table_is_unrated_once_bots_sit_down(players, settings, later,
                                                               outbox, committed):
    from games.live import broadcast

    settings.PLAY_NOW_BOT_SECONDS = 5
    table = quick_play.play_now(user=players[0], rule_set="standard")
    later(6)
    committed(bots.bots_wake, table_id=table.id)
    seats = [m for m in outbox.to(broadcast.table_group(table.id)) if m["type"] == "seats"][-1]
    assert len(seats["seats"]) == 4
    assert all(seat["rating"] is None for seat in seats["seats"])


def test_a_person_who_joined_without_ready_is_dealt_in_when_they_press_it(players, settings,
                                                                          later):
    settings.PLAY_NOW_BOT_SECONDS = 5
    table = quick_play.play_now(user=players[0], rule_set="standard")
    services.table_join(user=players[1], invite_code=table.invite_code)  # from the lobby
    later(6)
    bots.bots_wake(table_id=table.id)
    assert not Round.objects.filter(table=table).exists()  # one ready: nobody dealt yet
    assert Seat.objects.filter(table=table).count() == 2  # and no bots at a rated table
    services.player_ready(table_id=table.id, user=players[1])
    bots.bots_wake(table_id=table.id)  # the wake the ready queued
    assert Round.objects.filter(table=table).count() == 1
    table.refresh_from_db()
    assert table.rating_family == "thirteen"
