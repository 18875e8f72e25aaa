"""Every change to rule sets outside the admin's own forms goes through here."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from django.db import transaction
from django.utils.translation import gettext as _

from rules.engine.config import ConfigError, RuleConfig
from rules.engine.presets import PRESETS
from rules.models import OPTION_NAMES, RowBonus, RuleSet, SpecialHand


@transaction.atomic
def ruleset_create(*, slug: str, config: RuleConfig, is_preset: bool = False) -> RuleSet:
    """Store an engine config as a new rule set with its row-bonus and special tables."""
    rule_set = RuleSet(slug=slug, is_preset=is_preset)
    _store(rule_set, config)
    return rule_set


@transaction.atomic
def ruleset_replace(*, rule_set: RuleSet, config: RuleConfig) -> RuleSet:
    """Make `rule_set` say exactly what `config` says, tables included. Rounds already
    played keep the rules they were dealt with (Round.rules), so history is unchanged."""
    rule_set.row_bonuses.all().delete()
    rule_set.specials.all().delete()
    _store(rule_set, config)
    return rule_set


def presets_sync(*, reset: Iterable[str] = ()) -> dict[str, list[str]]:
    """Bring the stored presets in line with the engine's presets.json.

    A preset missing from the database is created. One that differs (an admin tuned it,
    or presets.json changed since the data migration) is reported, and replaced only
    when its slug is in `reset`: tuning in the admin is never undone behind an admin's
    back. Returns the slugs "created", "reset", "differs" and "same".
    """
    reset = set(reset)
    unknown = reset - set(PRESETS)
    if unknown:
        raise ValueError(f"not a preset: {', '.join(sorted(unknown))}; "
                         f"presets are {', '.join(PRESETS)}")
    report: dict[str, list[str]] = {"created": [], "reset": [], "differs": [], "same": []}
    for slug, config in PRESETS.items():
        rule_set = RuleSet.objects.filter(slug=slug).first()
        if rule_set is None:
            ruleset_create(slug=slug, config=config, is_preset=True)
            report["created"].append(slug)
        elif _stored_config(rule_set) == config:
            report["same"].append(slug)
        elif slug in reset:
            ruleset_replace(rule_set=rule_set, config=config)
            report["reset"].append(slug)
        else:
            report["differs"].append(slug)
    return report


def _stored_config(rule_set: RuleSet) -> RuleConfig | None:
    try:
        return rule_set.to_engine()
    except ConfigError:  # stored data the engine refuses differs from any preset
        return None


def _store(rule_set: RuleSet, config: RuleConfig) -> None:
    for name in OPTION_NAMES:
        setattr(rule_set, name, getattr(config, name))
    rule_set.full_clean()
    rule_set.save()
    RowBonus.objects.bulk_create(
        RowBonus(rule_set=rule_set, row=bonus.row, category=bonus.category, points=bonus.points)
        for bonus in config.row_bonuses)
    SpecialHand.objects.bulk_create(
        SpecialHand(rule_set=rule_set, code=special.code, name=special.name, rank=special.rank,
                    points=special.points, params=dict(special.params))
        for special in config.specials)


@transaction.atomic
def ruleset_duplicate(*, rule_set: RuleSet) -> RuleSet:
    """A copy of `rule_set` (never a preset) under a free "<slug>-copy[-n]" slug.

    Raises ConfigError when the stored rule set itself is no longer valid.
    """
    config = rule_set.to_engine()
    name = _("%(name)s (copy)") % {"name": config.name}
    return ruleset_create(slug=_free_slug(f"{rule_set.slug}-copy"),
                          config=replace(config, name=name[:100]))


def _free_slug(base: str) -> str:
    base = base[:44]  # leaves room for "-99" within the slug's 50 characters
    taken = set(RuleSet.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"
