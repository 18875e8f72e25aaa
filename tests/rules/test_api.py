"""The read-only rule-set API."""

import pytest
from django.urls import reverse

from rules.engine.presets import PRESETS

pytestmark = pytest.mark.django_db


def test_list_gives_every_rule_set_with_its_tables(client):
    body = client.get(reverse("api-ruleset-list")).json()

    assert [item["slug"] for item in body] == list(PRESETS)
    standard = body[0]
    assert standard["specials"][0] == {"code": "supreme_dragon", "name": "至尊清龙",
                                       "rank": 1, "points": 108, "params": {}}
    assert len(standard["row_bonuses"]) == len(PRESETS["standard"].row_bonuses)


def test_retrieve_matches_the_engine_config(client):
    body = client.get(reverse("api-ruleset-detail", args=["shisandao"])).json()
    config = PRESETS["shisandao"].to_dict()

    for option in ("deck", "mode", "bidding", "negotiate_seconds", "scoop_multiplier"):
        assert body[option] == config[option]
    assert body["specials"] == config["specials"]


def test_retrieve_an_unknown_rule_set(client):
    assert client.get(reverse("api-ruleset-detail", args=["nope"])).status_code == 404


def test_rule_sets_are_read_only(admin_client):
    response = admin_client.post(reverse("api-ruleset-list"), {}, content_type="application/json")
    assert response.status_code == 405
