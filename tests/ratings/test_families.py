"""Which rating a round moves, and which rounds count (ratings.families)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ratings import families
from rules.engine.presets import PRESETS


@pytest.mark.parametrize("slug, family", [
    ("standard", "thirteen"), ("classic", "thirteen"), ("fujian", "thirteen"),
    ("fuzhou", "thirteen"), ("extra-suit", "thirteen"), ("jokers", "thirteen"),
    ("shisandao", "shisandao"), ("extra-three", "extra_three")])
def test_each_preset_belongs_to_its_family(slug, family):
    assert families.preset_family(slug, True, PRESETS[slug].to_dict()) == family


def test_a_room_may_choose_its_arrange_time_and_stay_rated():
    rules = replace(PRESETS["standard"], arrange_seconds=45).to_dict()
    assert families.preset_family("standard", True, rules) == "thirteen"


@pytest.mark.parametrize("change", [{"horse_card": "Ah"}, {"scoop_multiplier": 3},
                                    {"allow_foul": True}])
def test_anything_but_the_presets_full_rules_is_unrated(change):
    rules = {**PRESETS["standard"].to_dict(), **change}
    assert families.preset_family("standard", True, rules) is None


def test_a_rule_set_that_is_not_a_preset_is_unrated_even_with_the_same_options():
    assert families.preset_family("standard", False, PRESETS["standard"].to_dict()) is None
    assert families.preset_family("house", True, PRESETS["standard"].to_dict()) is None


RULES = PRESETS["standard"].to_dict()


@pytest.mark.parametrize("hands, counted", [
    ([(False, False), (False, True)], True),   # people; one let the timer play
    ([(False, False), (True, False)], False),  # a bot sat there
    ([(False, True), (False, True)], False),   # everybody away: counts for nobody
])
def test_a_round_counts_for_people_only_and_not_when_everybody_was_away(hands, counted):
    assert families.counts("thirteen", RULES, "standard", True, hands) is counted


def test_a_round_at_an_unrated_table_or_of_another_family_does_not_count():
    people = [(False, False), (False, False)]
    assert not families.counts("", RULES, "standard", True, people)
    assert not families.counts("shisandao", RULES, "standard", True, people)
