"""The home page's list of ways to play and each rule set's public page."""

import pytest
from django.urls import reverse

from rules.engine.presets import PRESETS
from rules.models import RuleSet

pytestmark = pytest.mark.django_db


def test_home_lists_every_rule_set(client):
    page = client.get(reverse("home")).content.decode()
    for slug in PRESETS:
        assert reverse("rules:detail", args=[slug]) in page


def test_a_rule_set_page_shows_its_scoring_tables(client):
    page = client.get(reverse("rules:detail", args=["standard"])).content.decode()
    assert "至尊清龙" in page and ">108<" in page          # a special and its points
    assert "three of a kind (三条)" in page                   # a row bonus category
    assert "points × 2" in page                              # the scoop


def test_a_banker_rule_set_page_shows_the_banker_options(client):
    page = client.get(reverse("rules:detail", args=["shisandao"])).content.decode()
    assert "Bidding for the bank (抢庄)" in page and "yes, 20 seconds" in page


def test_an_unknown_rule_set_is_not_found(client):
    assert client.get(reverse("rules:detail", args=["no-such-rules"])).status_code == 404


def test_pages_count_queries_not_rule_sets(client, django_assert_max_num_queries):
    RuleSet.objects.create(slug="house", name="House rules")
    # One query for the rule sets and one per prefetched table, however many rule sets.
    with django_assert_max_num_queries(3):
        client.get(reverse("home"))
