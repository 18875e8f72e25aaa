"""`manage.py sync_presets`: the stored presets against the engine's presets.json (the one
source of truth), without undoing an admin's tuning unless asked."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from rules.engine.presets import PRESETS
from rules.models import RuleSet, SpecialHand
from rules.services import presets_sync


def sync(*args) -> str:
    out = StringIO()
    call_command("sync_presets", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_fresh_database_presets_already_match():
    report = presets_sync()
    assert report == {"created": [], "reset": [], "differs": [], "same": list(PRESETS)}


@pytest.mark.django_db
def test_a_missing_preset_is_created_from_presets_json():
    RuleSet.objects.filter(slug="fujian").delete()
    assert "created fujian" in sync()
    assert RuleSet.objects.get(slug="fujian").to_engine() == PRESETS["fujian"]


@pytest.mark.django_db
def test_an_admins_tuning_is_reported_and_kept_without_reset():
    SpecialHand.objects.filter(rule_set__slug="standard", code="dragon").update(points=50)
    output = sync()
    assert "standard differs from presets.json" in output
    assert RuleSet.objects.get(slug="standard").specials.get(code="dragon").points == 50


@pytest.mark.django_db
def test_reset_replaces_a_preset_with_presets_json():
    standard = RuleSet.objects.get(slug="standard")
    standard.arrange_seconds = 90
    standard.save()
    SpecialHand.objects.filter(rule_set=standard, code="dragon").delete()
    assert "reset standard to presets.json" in sync("--reset", "standard")
    standard.refresh_from_db()
    assert standard.to_engine() == PRESETS["standard"]


@pytest.mark.django_db
def test_reset_all_and_an_unknown_slug():
    RuleSet.objects.filter(slug="classic").update(scoop_bonus=5)
    assert "reset classic" in sync("--reset", "all")
    assert RuleSet.objects.get(slug="classic").to_engine() == PRESETS["classic"]
    with pytest.raises(CommandError, match="not a preset: nonsense"):
        sync("--reset", "nonsense")
