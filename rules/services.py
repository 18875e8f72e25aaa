"""Every change to rule sets outside the admin's own forms goes through here."""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.utils.translation import gettext as _

from rules.engine.config import RuleConfig
from rules.models import OPTION_NAMES, RowBonus, RuleSet, SpecialHand


@transaction.atomic
def ruleset_create(*, slug: str, config: RuleConfig, is_preset: bool = False) -> RuleSet:
    """Store an engine config as a new rule set with its row-bonus and special tables."""
    rule_set = RuleSet(slug=slug, is_preset=is_preset,
                       **{name: getattr(config, name) for name in OPTION_NAMES})
    rule_set.full_clean()
    rule_set.save()
    RowBonus.objects.bulk_create(
        RowBonus(rule_set=rule_set, row=bonus.row, category=bonus.category, points=bonus.points)
        for bonus in config.row_bonuses)
    SpecialHand.objects.bulk_create(
        SpecialHand(rule_set=rule_set, code=special.code, name=special.name, rank=special.rank,
                    points=special.points, params=dict(special.params))
        for special in config.specials)
    return rule_set


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
