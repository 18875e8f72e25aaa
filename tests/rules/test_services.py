"""Creating and duplicating rule sets."""

from dataclasses import replace

import pytest
from django.core.exceptions import ValidationError

from rules.engine.presets import PRESETS
from rules.models import RuleSet
from rules.services import ruleset_create, ruleset_duplicate

pytestmark = pytest.mark.django_db


def test_create_stores_a_config_that_reads_back_the_same():
    config = replace(PRESETS["shisandao"], name="Friday 十三道", arrange_seconds=45)

    rule_set = ruleset_create(slug="friday", config=config)

    assert not rule_set.is_preset
    assert RuleSet.objects.get(slug="friday").to_engine() == config


def test_create_refuses_a_taken_slug():
    with pytest.raises(ValidationError) as caught:
        ruleset_create(slug="standard", config=PRESETS["standard"])
    assert "slug" in caught.value.message_dict


def test_duplicate_copies_every_option_and_table_under_a_free_slug():
    standard = RuleSet.objects.get(slug="standard")

    first = ruleset_duplicate(rule_set=standard)
    second = ruleset_duplicate(rule_set=standard)

    assert (first.slug, second.slug) == ("standard-copy", "standard-copy-2")
    assert first.name == f"{standard.name} (copy)"
    assert not first.is_preset
    assert first.to_engine() == replace(PRESETS["standard"], name=first.name)
