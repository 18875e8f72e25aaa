"""Editing rule sets in the admin: the engine's validation shows on the page, and a
refused edit changes nothing. Also the duplicate action."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from django.urls import reverse

from rules.engine.presets import PRESETS
from rules.models import OPTION_NAMES, RuleSet

pytestmark = pytest.mark.django_db


def change_url(rule_set: RuleSet) -> str:
    return reverse("admin:rules_ruleset_change", args=[rule_set.pk])


def form_data(rule_set: RuleSet, *, options=None, row_bonuses=None, specials=None) -> dict:
    """The admin change form as a browser would post it, with the given edits.

    `row_bonuses` / `specials` are lists of dicts: the saved rows (with their "id") first,
    then new ones; a dict with "DELETE": True marks a saved row for deletion.
    """
    room = {"arrange_seconds_min": rule_set.arrange_seconds_min,
            "arrange_seconds_max": rule_set.arrange_seconds_max,
            "horse_cards": json.dumps(rule_set.horse_cards)}
    values = {"slug": rule_set.slug, **rule_set.option_values(), **room, **(options or {})}
    data = {name: value for name, value in values.items() if not isinstance(value, bool)}
    data.update({name: "on" for name, value in values.items() if value is True})
    tables = {
        "row_bonuses": row_bonuses if row_bonuses is not None else [
            {"id": b.id, **b.to_dict()} for b in rule_set.row_bonuses.all()],
        "specials": specials if specials is not None else [
            {"id": s.id, **s.to_dict()} for s in rule_set.specials.all()],
    }
    for prefix, rows in tables.items():
        data[f"{prefix}-TOTAL_FORMS"] = len(rows)
        data[f"{prefix}-INITIAL_FORMS"] = sum(1 for row in rows if "id" in row)
        data[f"{prefix}-MIN_NUM_FORMS"] = 0
        data[f"{prefix}-MAX_NUM_FORMS"] = 1000
        for index, row in enumerate(rows):
            for key, value in row.items():
                if key == "DELETE":
                    if value:
                        data[f"{prefix}-{index}-DELETE"] = "on"
                    continue
                if key == "params":
                    value = json.dumps(value)
                data[f"{prefix}-{index}-{key}"] = value
            data[f"{prefix}-{index}-rule_set"] = rule_set.pk or ""
    return data


def specials_of(rule_set: RuleSet) -> list[dict]:
    return [{"id": s.id, **s.to_dict()} for s in rule_set.specials.all()]


def errors_on_page(response) -> str:
    """Every error the admin shows: the form's and each inline formset's."""
    assert response.status_code == 200, "expected the form back with errors"
    messages = [str(response.context["adminform"].form.errors)]
    for inline in response.context["inline_admin_formsets"]:
        messages.append(str(inline.formset.non_form_errors()))
        messages.extend(str(form.errors) for form in inline.formset.forms)
    return " ".join(messages)


@pytest.fixture
def standard():
    return RuleSet.objects.get(slug="standard")


@pytest.mark.parametrize("slug", list(PRESETS))
def test_every_preset_opens_in_the_admin(admin_client, slug):
    response = admin_client.get(change_url(RuleSet.objects.get(slug=slug)))
    assert response.status_code == 200


def test_a_valid_edit_is_saved(admin_client, standard):
    specials = specials_of(standard)
    specials[1]["points"] = 40  # dragon

    response = admin_client.post(change_url(standard), form_data(
        standard, options={"arrange_seconds": 45}, specials=specials))

    assert response.status_code == 302
    config = RuleSet.objects.get(slug="standard").to_engine()
    assert config.arrange_seconds == 45
    assert config.special("dragon").points == 40


@pytest.mark.parametrize(("options", "message"), [
    ({"min_players": 4, "max_players": 3}, "min_players &lt;= max_players"),
    ({"max_players": 5}, "hands of 13 cards need more than the 52-card deck"),
    ({"scoop_multiplier": 0}, "scoop_multiplier must be at least 1"),
    ({"extra_cards": 3}, "needs the extra_suit deck"),
])
def test_nonsense_options_are_refused_and_nothing_changes(admin_client, standard, options,
                                                          message):
    response = admin_client.post(change_url(standard), form_data(standard, options=options))

    assert message in errors_on_page(response)
    assert RuleSet.objects.get(slug="standard").to_engine() == PRESETS["standard"]


def test_an_error_shows_beside_the_option_it_names(admin_client, standard):
    response = admin_client.post(change_url(standard), form_data(
        standard, options={"max_players": 5}))
    assert "max_players" in response.context["adminform"].form.errors


def test_two_specials_with_one_rank_are_refused(admin_client, standard):
    specials = specials_of(standard)
    specials[1]["rank"] = specials[0]["rank"]

    response = admin_client.post(change_url(standard), form_data(standard, specials=specials))

    assert "two specials share rank 1" in errors_on_page(response)
    assert RuleSet.objects.get(slug="standard").to_engine() == PRESETS["standard"]


def test_a_special_listed_twice_is_refused(admin_client, standard):
    new = {"code": "dragon", "name": "又一条龙", "rank": 99, "points": 1, "params": {}}

    response = admin_client.post(change_url(standard), form_data(
        standard, specials=[*specials_of(standard), new]))

    assert "Please correct the duplicate data for code" in errors_on_page(response)
    assert standard.specials.count() == len(PRESETS["standard"].specials)


def test_banker_mode_needs_every_special_to_have_a_class(admin_client, standard):
    response = admin_client.post(change_url(standard), form_data(
        standard, options={"mode": "banker"}))

    assert "banker mode needs params.class big or small" in errors_on_page(response)
    assert RuleSet.objects.get(slug="standard").mode == "all_pairs"


def test_special_parameters_must_be_an_object(admin_client, standard):
    specials = specials_of(standard)
    specials[0]["params"] = [1, 2]

    response = admin_client.post(change_url(standard), form_data(standard, specials=specials))

    assert "params must be an object" in errors_on_page(response)


def test_a_front_row_bonus_must_be_a_front_category(admin_client, standard):
    bonuses = [{"row": "front", "category": "four_of_a_kind", "points": 5}]
    existing = [{"id": b.id, **b.to_dict()} for b in standard.row_bonuses.all()]

    response = admin_client.post(change_url(standard), form_data(
        standard, row_bonuses=[*existing, *bonuses]))

    assert "row_bonuses.category (front)" in errors_on_page(response)
    assert standard.row_bonuses.count() == len(PRESETS["standard"].row_bonuses)


def test_two_specials_can_swap_ranks_in_one_save(admin_client, standard):
    specials = specials_of(standard)
    specials[0]["rank"], specials[1]["rank"] = specials[1]["rank"], specials[0]["rank"]

    response = admin_client.post(change_url(standard), form_data(standard, specials=specials))

    assert response.status_code == 302
    config = RuleSet.objects.get(slug="standard").to_engine()
    assert config.special("dragon").rank == 1 and config.special("supreme_dragon").rank == 2


def test_a_special_can_be_removed(admin_client, standard):
    specials = specials_of(standard)
    specials[-1]["DELETE"] = True

    response = admin_client.post(change_url(standard), form_data(standard, specials=specials))

    assert response.status_code == 302
    assert standard.to_engine().special("three_straights") is None


def test_a_new_rule_set_can_be_added(admin_client):
    blank = RuleSet(slug="house", name="House rules")
    data = form_data(blank, row_bonuses=[], specials=[
        {"code": "dragon", "name": "一条龙", "rank": 1, "points": 13, "params": {}}])

    response = admin_client.post(reverse("admin:rules_ruleset_add"), data)

    assert response.status_code == 302
    assert RuleSet.objects.get(slug="house").to_engine().special("dragon").points == 13


def test_duplicate_action_copies_the_selected_rule_sets(admin_client, standard):
    response = admin_client.post(reverse("admin:rules_ruleset_changelist"), {
        "action": "duplicate", "_selected_action": [standard.pk]}, follow=True)

    copy = RuleSet.objects.get(slug="standard-copy")
    assert copy.to_engine() == replace(PRESETS["standard"], name=copy.name)
    assert "Created 1 copy" in response.content.decode()


def test_the_changelist_lists_every_rule_set(admin_client):
    page = admin_client.get(reverse("admin:rules_ruleset_changelist")).content.decode()
    assert all(slug in page for slug in PRESETS)


def test_option_names_are_all_on_the_admin_form(admin_client, standard):
    form = admin_client.get(change_url(standard)).context["adminform"].form
    assert set(OPTION_NAMES) <= set(form.fields)
