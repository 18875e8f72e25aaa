"""RuleSet validation (the engine judges) and the tables' database constraints."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from rules.engine.config import ConfigError
from rules.models import RowBonus, RuleSet, SpecialHand, config_error_as_validation_error

pytestmark = pytest.mark.django_db


def test_a_fresh_rule_set_has_the_engine_defaults_and_is_valid():
    rule_set = RuleSet(slug="house", name="House rules")
    rule_set.full_clean()
    rule_set.save()
    assert rule_set.to_engine().scoop_multiplier == 2


@pytest.mark.parametrize(("changes", "field"), [
    ({"max_players": 5}, "max_players"),
    ({"scoop_multiplier": 0}, "scoop_multiplier"),
    ({"extra_cards": 2}, "extra_cards"),
    ({"arrange_seconds": 0}, "arrange_seconds"),
])
def test_nonsense_options_are_refused_on_their_field(changes, field):
    rule_set = RuleSet(slug="house", name="House rules", **changes)
    with pytest.raises(ValidationError) as caught:
        rule_set.full_clean()
    assert field in caught.value.message_dict


def test_an_error_about_several_options_goes_to_the_top_of_the_form():
    rule_set = RuleSet(slug="house", name="House", min_players=4, max_players=3)
    with pytest.raises(ValidationError) as caught:
        rule_set.full_clean()
    assert "min_players <= max_players" in caught.value.message_dict["__all__"][0]


def test_engine_messages_map_to_the_field_they_name():
    error = config_error_as_validation_error(ConfigError("deck: 'x' is not one of"), ["deck"])
    assert error.message_dict == {"deck": ["deck: 'x' is not one of"]}


def test_a_row_bonus_is_listed_once_per_row_and_category():
    rule_set = RuleSet.objects.get(slug="standard")
    with pytest.raises(IntegrityError):
        RowBonus.objects.create(rule_set=rule_set, row="front", category="three_of_a_kind",
                                points=5)


def test_a_special_is_listed_once_per_rule_set():
    rule_set = RuleSet.objects.get(slug="standard")
    with pytest.raises(IntegrityError):
        SpecialHand.objects.create(rule_set=rule_set, code="dragon", name="again", rank=99,
                                   points=1)


def test_deleting_a_rule_set_deletes_its_tables():
    RuleSet.objects.get(slug="standard").delete()
    assert not SpecialHand.objects.filter(rule_set__slug="standard").exists()
