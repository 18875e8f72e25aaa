"""The presets reach the database through the data migration, exactly as the engine has them."""

from dataclasses import fields

import pytest

from rules.engine.config import RuleConfig
from rules.engine.presets import PRESETS
from rules.models import OPTION_NAMES, RuleSet

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", list(PRESETS))
def test_every_preset_round_trips_to_the_engine_preset(slug):
    rule_set = RuleSet.objects.get(slug=slug)

    assert rule_set.is_preset
    assert rule_set.to_engine() == PRESETS[slug]


def test_the_migration_loads_exactly_the_presets_in_file_order():
    assert list(RuleSet.objects.values_list("slug", flat=True)) == list(PRESETS)


def test_every_engine_option_has_a_model_field_with_the_engine_default():
    tables = {"row_bonuses", "specials"}
    per_table = {"horse_card"}  # a table's option, from the rule set's horse_cards
    assert set(OPTION_NAMES) == {f.name for f in fields(RuleConfig)} - tables - per_table
    defaults = RuleConfig()
    for name in OPTION_NAMES:
        assert RuleSet._meta.get_field(name).default == getattr(defaults, name), name
