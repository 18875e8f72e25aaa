"""Ratings where players see them (issue 26): the leaderboard ranks by the conservative
rating with a minimum of rated rounds, the profile draws the rating over time beside the
points lost, the rules page explains it, the lobby opens rated tables, and the API."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import Table
from ratings.models import Rating, RatingChange
from rules.models import RuleSet
from tests.factories import make_hand, make_round, make_table, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def me(client):
    user = make_user(username="mei", display_name="Mei")
    client.force_login(user)
    return user


def standard_pk():
    return RuleSet.objects.get(slug="standard").pk


def rated(user, mu, sigma, rounds, family="thirteen"):
    return Rating.objects.create(user=user, family=family, mu=mu, sigma=sigma, rounds=rounds)


def test_the_leaderboard_ranks_by_rating_less_three_sigma_with_enough_rounds(client, me,
                                                                             settings):
    settings.RATING_LEADERBOARD_MIN_ROUNDS = 10
    sure = make_user(username="sure", display_name="Sure")
    lucky = make_user(username="lucky", display_name="Lucky")
    new = make_user(username="new", display_name="Newcomer")
    rated(sure, 1700, 60, 80)      # 1700 − 180 = 1520
    rated(lucky, 1900, 200, 12)    # 1900 − 600 = 1300: higher rating, ranked lower
    rated(new, 2100, 300, 3)       # too few rounds to be listed
    rated(me, 1500, 320, 2)
    page = client.get(reverse("ratings:leaderboard_family", args=["thirteen"]))
    text = page.content.decode()
    assert page.status_code == 200
    assert text.index("Sure") < text.index("Lucky") and "Newcomer" not in text
    assert "1520" in text and "1300" in text
    assert re.search(r"Your rating.*1500\?", text, re.S)  # provisional: a "?"
    assert client.get(reverse("ratings:leaderboard")).status_code == 302
    assert client.get("/ratings/no-such-game/").status_code == 404


def test_the_profile_draws_the_rating_over_time_and_the_points_lost(client, me):
    table = make_table(rating_family="thirteen")
    rating = rated(me, 1500, 350, 0)
    mu = 1500.0
    for number, (delta, loss) in enumerate([(40, 0.2), (-25, 3.1), (60, None)], start=1):
        round = make_round(table, number=number, rating_family="thirteen")
        make_hand(round, me, analysis={"loss": loss, "label": "good"} if loss is not None
                  else None)
        RatingChange.objects.create(round=round, user=me, family="thirteen", position=0,
                                    points=delta // 10, mu_before=mu, sigma_before=300,
                                    mu_after=mu + delta, sigma_after=290)
        mu += delta
    rating.mu, rating.rounds = mu, 3
    rating.save()
    text = client.get(reverse("accounts:profile")).content.decode()
    assert 'id="profile-ratings"' in text and "1575?" in text
    assert re.search(r'<polyline class="rating" points="([\d.]+,[\d.]+ ?){4}"', text)
    assert text.count("<rect ") == 2  # the two analysed rounds
    assert "1500 → 1575" in text and "mean 1.65, most 3.10" in text


def test_a_profile_without_rated_rounds_says_how_to_get_one(client, me):
    text = client.get(reverse("accounts:profile")).content.decode()
    assert "No rated rounds yet" in text


def test_the_rules_pages_say_how_rating_works(client):
    text = client.get(reverse("rules:ratings")).content.decode()
    assert "Plackett–Luce" in text and "1500" in text and "3 times" in text
    detail = client.get(reverse("rules:detail", args=["fujian"])).content.decode()
    assert "Rated:" in detail and reverse("rules:ratings") in detail


def test_the_lobby_opens_a_rated_table_and_lists_it_as_rated(client, me):
    response = client.post(reverse("games:create"), {"create-rule_set": standard_pk(),
                                                      "create-name": "Ranked",
                                                      "create-rated": "on"})
    assert response.status_code == 302
    table = Table.objects.get(name="Ranked")
    assert table.rating_family == "thirteen"
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert 'class="badge rated"' in lobby


def test_the_lobby_refuses_rated_with_bots_and_creates_nothing(client, me):
    response = client.post(reverse("games:create"), {"create-rule_set": standard_pk(),
                                                      "create-name": "Mixed",
                                                      "create-rated": "on",
                                                      "create-fill_with_bots": "on"})
    assert response.status_code == 400 and "people only" in response.content.decode()
    assert not Table.objects.filter(name="Mixed").exists()


def test_the_api_serves_the_leaderboard_and_your_ratings(client, me, settings):
    settings.RATING_LEADERBOARD_MIN_ROUNDS = 1
    rated(me, 1600, 100, 20, family="shisandao")
    board = client.get("/api/ratings/shisandao/").json()
    assert board == [{"family": "shisandao", "rating": 1600, "provisional": False,
                      "conservative": 1300, "sigma": 100, "rounds": 20, "rank": 1,
                      "user_id": me.id, "display_name": "Mei"}]
    assert client.get("/api/ratings/poker/").status_code == 404
    [mine] = client.get("/api/ratings/me/").json()
    assert mine["family"] == "shisandao" and mine["history"] == []


def test_the_api_opens_a_rated_table_and_refuses_rated_with_a_horse_card(client, me):
    made = client.post("/api/tables/", {"rule_set": "standard", "rated": True},
                       content_type="application/json")
    assert made.status_code == 201 and made.json()["table"]["rated"] == "thirteen"
    assert made.json()["seats"][0]["rating"] == {"value": 1500, "provisional": True,
                                                 "rounds": 0}
    refused = client.post("/api/tables/", {"rule_set": "fujian", "rated": True,
                                           "horse_card": "5h"},
                          content_type="application/json")
    assert refused.status_code == 400 and "full rules" in refused.json()["message"]
