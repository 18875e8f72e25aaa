"""Rated rounds (issue 26): a rating changes exactly once per settled rated round, inside
the settlement; only people at a rated table under a preset's full rules count; the
settlement and the seats show the ratings; recompute_ratings gives the same numbers."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.live import broadcast, selectors, services
from games.live.services import GameError, bots
from games.models import Round
from ratings import skill
from ratings.models import Rating, RatingChange
from ratings.services import rate_round
from tests.games.conftest import seat_all
from tests.games.played import HOME_RUN_SEED, SCOOP_SEED, SPECIAL_SEED, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Rated",
                                  rated=True)
    seat_all(table, players)
    return table


def mus(users, family="thirteen"):
    found = {r.user_id: r for r in Rating.objects.filter(family=family)}
    return [found[user.id].mu if user.id in found else None for user in users]


def test_a_rated_round_moves_every_persons_rating_once_by_the_order_of_points(
        rated, players, committed, monkeypatch, outbox):
    played = play_round(rated, players, seed=SCOOP_SEED, committed=committed,
                       monkeypatch=monkeypatch, manual=(0, 1, 2, 3))
    assert played.rating_family == "thirteen"
    points = [hand.points for hand in played.hands.order_by("position")]
    after = mus(players)
    ranks = skill.ranks_by_points(points)
    for a in range(4):
        for b in range(4):
            if ranks[a] < ranks[b]:
                assert after[a] > after[b]
    assert all(r.rounds == 1 for r in Rating.objects.all())
    assert RatingChange.objects.filter(round=played).count() == 4
    # The settled message carries each person's change, by seat.
    settled = [m for m in outbox.to(broadcast.table_group(rated.id)) if m["type"] == "settled"][-1]
    shown = settled["round"]["ratings"]
    assert set(shown) == {"0", "1", "2", "3"}
    for position, user in enumerate(players):
        change = shown[str(position)]
        assert change["before"] == 1500 and change["after"] == round(after[position])
        assert change["delta"] == change["after"] - change["before"]
        assert change["provisional"] is True
    # ... and so does the table's state, for a player who reloads after the reveal.
    state = selectors.table_state(table_id=rated.id, user=players[1])
    assert state["round"]["ratings"] == shown


def test_a_retried_settlement_step_or_timer_counts_nothing_twice(
        rated, players, committed, monkeypatch):
    round = play_round(rated, players, seed=SCOOP_SEED, committed=committed,
                       monkeypatch=monkeypatch, manual=(0, 1, 2, 3))
    before = mus(players)
    hands = list(round.hands.all())
    again = rate_round(round, hands, "thirteen", rated.rule_set)
    assert set(again) == {0, 1, 2, 3}  # the changes already made, not new ones
    assert services.round_auto_submit(round_id=round.id, version=round.table_version) is False
    assert mus(players) == before
    assert RatingChange.objects.count() == 4
    assert all(r.rounds == 1 for r in Rating.objects.all())


def test_the_seats_of_a_rated_table_show_each_persons_rating(rated, players, committed,
                                                             monkeypatch):
    seats = selectors.seats_public(rated.id, rating_family=rated.rating_family)
    assert [seat["rating"] for seat in seats] == [
        {"value": 1500, "provisional": True, "rounds": 0}] * 4
    play_round(rated, players, seed=SCOOP_SEED, committed=committed,
               monkeypatch=monkeypatch, manual=(0, 1, 2, 3))
    state = selectors.table_state(table_id=rated.id, user=players[2])
    assert state["table"]["rated"] == "thirteen"
    assert [seat["rating"]["value"] for seat in state["seats"]] == [
        round(mu) for mu in mus(players)]
    assert all(seat["rating"]["rounds"] == 1 for seat in state["seats"])


def test_an_unrated_table_moves_no_rating_and_shows_none(players, committed, monkeypatch):
    table = services.table_create(user=players[0], rule_set="standard", name="Casual")
    seat_all(table, players)
    round = play_round(table, players, seed=SCOOP_SEED, committed=committed,
                       monkeypatch=monkeypatch, manual=(0, 1, 2, 3))
    assert round.rating_family == "" and not Rating.objects.exists()
    state = selectors.table_state(table_id=table.id, user=players[0])
    assert state["table"]["rated"] is None and state["round"]["ratings"] == {}
    assert all(seat["rating"] is None for seat in state["seats"])


def test_a_round_the_timer_played_for_everybody_counts_for_nobody(rated, players, committed,
                                                                  monkeypatch):
    round = play_round(rated, players, seed=SCOOP_SEED, committed=committed,
                       monkeypatch=monkeypatch)  # nobody submitted: the timer played all
    assert round.rating_family == "" and not RatingChange.objects.exists()


def test_a_practise_table_with_bots_is_never_rated(players, committed, monkeypatch):
    table = bots.practise_create(user=players[0], rule_set="standard", bots=3, level="easy")
    assert table.rating_family == ""
    with pytest.raises(GameError) as error:
        services.table_create(user=players[0], rule_set="standard", name="x", rated=True,
                              fill_with_bots=True)
    assert error.value.code == "bad_request" and "people only" in error.value.message


@pytest.mark.parametrize("options, words", [
    ({"rule_set": "fujian", "horse_card": "5h"}, "full rules"),
    ({"rule_set": "standard", "rated": "yes"}, "true or false"),
])
def test_a_rated_table_needs_a_presets_full_rules(players, options, words):
    options = {"rated": True, **options}
    with pytest.raises(GameError) as error:
        services.table_create(user=players[0], name="x", **options)
    assert words in error.value.message


def test_a_private_room_may_be_rated_when_its_host_chooses(players, committed, monkeypatch):
    table = services.table_create(user=players[0], rule_set="shisandao", name="Friends",
                                  is_private=True, rated=True)
    assert table.rating_family == "shisandao"


def test_recompute_ratings_reproduces_the_live_numbers(rated, players, committed,
                                                      monkeypatch):
    for seed in (SCOOP_SEED, HOME_RUN_SEED, SPECIAL_SEED):
        play_round(rated, players, seed=seed, committed=committed, monkeypatch=monkeypatch,
                   manual=(0, 1, 2, 3))
    live = {(r.user_id, r.family): (r.mu, r.sigma, r.rounds) for r in Rating.objects.all()}
    assert all(rounds == 3 for _mu, _sigma, rounds in live.values())
    out = StringIO()
    call_command("recompute_ratings", "--check", stdout=out)
    assert "0 ratings, 0 changes" in out.getvalue()
    # Tamper with one rating; the check finds it and the recompute puts it right.
    Rating.objects.filter(user=players[1]).update(mu=9999)
    out = StringIO()
    call_command("recompute_ratings", "--check", stdout=out)
    assert "1 ratings, 0 changes" in out.getvalue()
    call_command("recompute_ratings", stdout=StringIO())
    again = {(r.user_id, r.family): (r.mu, r.sigma, r.rounds) for r in Rating.objects.all()}
    assert again.keys() == live.keys()
    for key, (mu, sigma, rounds) in live.items():
        assert again[key][0] == pytest.approx(mu) and again[key][1] == pytest.approx(sigma)
        assert again[key][2] == rounds
    assert RatingChange.objects.count() == 12


def test_only_rated_rounds_are_recomputed(rated, players, committed, monkeypatch):
    casual = services.table_create(user=players[0], rule_set="classic", name="Casual")
    seat_all(casual, players)
    play_round(casual, players, seed=SCOOP_SEED, committed=committed, monkeypatch=monkeypatch,
               manual=(0, 1, 2, 3))
    play_round(rated, players, seed=SCOOP_SEED, committed=committed, monkeypatch=monkeypatch,
               manual=(0, 1, 2, 3))
    assert Round.objects.exclude(rating_family="").count() == 1
    out = StringIO()
    call_command("recompute_ratings", "--check", stdout=out)
    assert "4 rating changes in 1 rated rounds" in out.getvalue()
