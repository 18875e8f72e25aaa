"""The admin's inline formsets for the scoring tables, judged by the engine.

Django validates the rule-set form and each inline formset separately, so each formset
builds the config it can see (the edited options plus its own table) and lets
`RuleConfig.from_dict` decide: shared ranks, repeated specials, a banker-mode special
without a 抛 class, an unknown category are all refused with the engine's own message.
"""

from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet

from rules.engine.config import ConfigError, RuleConfig


class _EngineCheckedFormSet(BaseInlineFormSet):
    table: str  # "row_bonuses" or "specials": the RuleConfig field this formset edits

    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return  # the rows' own errors come first
        options = self.instance.option_values()
        try:
            RuleConfig.from_dict(options)
        except ConfigError:
            return  # the rule-set form above reports the options' own errors
        rows = [form.instance.to_dict() for form in self.forms if self._is_kept(form)]
        try:
            RuleConfig.from_dict({**options, self.table: rows})
        except ConfigError as error:
            raise ValidationError(str(error)) from error

    def _is_kept(self, form) -> bool:
        """A saved row not marked for deletion, or a new row the admin filled in."""
        return bool(form.instance.pk or form.has_changed()) and not self._should_delete_form(form)


class RowBonusFormSet(_EngineCheckedFormSet):
    table = "row_bonuses"


class SpecialHandFormSet(_EngineCheckedFormSet):
    table = "specials"
