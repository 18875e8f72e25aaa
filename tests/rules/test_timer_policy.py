"""The rule set's timer option (issue 16): what the arrange timer submits for a player
who has not arranged — the first hint (RULES.md §7.2, the default) or the best EV."""

import pytest
from django.core.exceptions import ValidationError

from rules.models import RuleSet

from .test_admin import change_url, form_data

pytestmark = pytest.mark.django_db


def test_every_preset_keeps_the_first_hint_by_default():
    for rule_set in RuleSet.objects.all():
        assert rule_set.timer_policy == "first_hint"
        assert rule_set.to_engine().timer_policy == "first_hint"


def test_best_ev_travels_into_the_engine_config():
    rule_set = RuleSet.objects.get(slug="standard")
    rule_set.timer_policy = "best_ev"
    rule_set.full_clean()
    rule_set.save()
    assert RuleSet.objects.get(slug="standard").to_engine().timer_policy == "best_ev"
    assert rule_set.to_dict()["timer_policy"] == "best_ev"


def test_an_unknown_timer_policy_is_refused_on_its_field():
    rule_set = RuleSet(slug="house", name="House", timer_policy="random")
    with pytest.raises(ValidationError) as caught:
        rule_set.full_clean()
    assert "timer_policy" in caught.value.message_dict


def test_the_admin_edits_the_timer_policy(admin_client):
    standard = RuleSet.objects.get(slug="standard")
    page = admin_client.get(change_url(standard)).content.decode()
    assert 'name="timer_policy"' in page
    response = admin_client.post(change_url(standard), form_data(
        standard, options={"timer_policy": "best_ev"}))
    assert response.status_code == 302
    assert RuleSet.objects.get(slug="standard").to_engine().timer_policy == "best_ev"
