"""The admin's sample round: one fixed deal, first hints, this rule set's settlement."""

import pytest
from django.urls import reverse

from rules.engine.fairness import deal_from_seed
from rules.engine.presets import PRESETS
from rules.models import RuleSet
from rules.sample import SAMPLE_SEED, sample_round


@pytest.mark.parametrize("slug", list(PRESETS))
def test_the_sample_is_a_whole_settled_round(slug):
    config = PRESETS[slug]
    sample = sample_round(config)
    hands, _undealt = deal_from_seed(SAMPLE_SEED, config, len(sample.players))

    assert sum(player.total for player in sample.players) == 0
    for player, dealt in zip(sample.players, hands):
        played = sorted(card.code for card in player.front + player.middle + player.back)
        assert set(played) <= {card.code for card in dealt} and len(played) == 13
        assert player.total == sum(points or 0 for points in player.against)
    assert (sample.banker == "1") == (config.mode == "banker")


def test_the_sample_is_the_same_every_time():
    assert sample_round(PRESETS["standard"]) == sample_round(PRESETS["standard"])


def test_scoring_rules_change_the_sample_result():
    standard = [player.total for player in sample_round(PRESETS["standard"]).players]
    classic = [player.total for player in sample_round(PRESETS["classic"]).players]
    assert standard != classic


@pytest.mark.django_db
def test_the_admin_shows_the_sample_of_the_saved_rule_set(admin_client):
    rule_set = RuleSet.objects.get(slug="standard")
    page = admin_client.get(reverse("admin:rules_ruleset_change", args=[rule_set.pk]))
    text = page.content.decode()

    assert "Effect on a sample round" in text
    totals = [player.total for player in sample_round(rule_set.to_engine()).players]
    for total in totals:
        assert f"<strong>{total}</strong>" in text
    assert 'class="card red"' in text


@pytest.mark.django_db
def test_the_add_page_has_no_sample_yet(admin_client):
    page = admin_client.get(reverse("admin:rules_ruleset_add"))
    assert "Effect on a sample round" not in page.content.decode()
