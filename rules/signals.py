"""A rule set's `updated_at` moves whenever its tables do.

The games' deal keeps each rule set's parsed engine config keyed by (id, updated_at)
(games.live.services.table_row.playable_config), so an edit must move `updated_at`.
Saving the rule set does (`auto_now`), and the admin and rules.services always save it
with its tables; these receivers cover a row bonus or special saved or deleted on its
own (the shell, a data fix). `QuerySet.update()` and `bulk_create()` send no signals:
save the rule set after using them on its tables.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from rules.models import RowBonus, RuleSet, SpecialHand


@receiver(post_save, sender=RowBonus)
@receiver(post_save, sender=SpecialHand)
@receiver(post_delete, sender=RowBonus)
@receiver(post_delete, sender=SpecialHand)
def rule_set_changed(sender, instance, **kwargs) -> None:
    RuleSet.objects.filter(pk=instance.rule_set_id).update(updated_at=timezone.now())
