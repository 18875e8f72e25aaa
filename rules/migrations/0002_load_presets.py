"""Load the eight presets of RULES.md §9 from the engine's presets.json.

The engine's file is the one source of truth; this migration copies it into the admin's
tables once. It works on the historical models, so it sets only the fields they have.
"""

from django.db import migrations

from rules.engine.presets import load_preset_data


def load_presets(apps, schema_editor):
    RuleSet = apps.get_model("rules", "RuleSet")
    RowBonus = apps.get_model("rules", "RowBonus")
    SpecialHand = apps.get_model("rules", "SpecialHand")
    option_names = {field.name for field in RuleSet._meta.concrete_fields}
    for slug, data in load_preset_data().items():
        options = {name: value for name, value in data.items() if name in option_names}
        rule_set = RuleSet.objects.create(slug=slug, is_preset=True, **options)
        RowBonus.objects.bulk_create(
            RowBonus(rule_set=rule_set, **bonus) for bonus in data.get("row_bonuses", []))
        SpecialHand.objects.bulk_create(
            SpecialHand(rule_set=rule_set, code=special["code"],
                        name=special.get("name", special["code"]), rank=special["rank"],
                        points=special["points"], params=special.get("params") or {})
            for special in data.get("specials", []))


def remove_presets(apps, schema_editor):
    RuleSet = apps.get_model("rules", "RuleSet")
    RuleSet.objects.filter(is_preset=True, slug__in=list(load_preset_data())).delete()


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]
    operations = [migrations.RunPython(load_presets, remove_presets)]
