"""The rule-set admin: edit every option and both scoring tables, duplicate a rule set."""

from django import forms
from django.contrib import admin, messages
from django.db import models
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from rules.engine.config import ConfigError
from rules.forms import RowBonusFormSet, SpecialHandFormSet
from rules.models import RowBonus, RuleSet, SpecialHand
from rules.sample import sample_round
from rules.services import ruleset_duplicate


class RowBonusInline(admin.TabularInline):
    model = RowBonus
    formset = RowBonusFormSet
    extra = 0


class SpecialHandInline(admin.TabularInline):
    model = SpecialHand
    formset = SpecialHandFormSet
    extra = 0
    # Narrow fields: the admin's 20em names and 40-column parameter boxes made the rule
    # set's page 1468 px wide at 1280 (issue 24, item 8). The parameters are short JSON.
    formfield_overrides = {
        models.CharField: {"widget": forms.TextInput(attrs={"size": 16})},
        models.JSONField: {"widget": forms.Textarea(attrs={"rows": 2, "cols": 22})},
    }


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "deck", "players", "mode", "scoop", "allow_foul",
                    "is_preset", "updated_at")
    list_filter = ("is_preset", "mode", "deck")
    search_fields = ("name", "slug")
    readonly_fields = ("is_preset", "updated_at", "effect_on_sample_round")
    inlines = [RowBonusInline, SpecialHandInline]
    actions = ["duplicate"]
    fieldsets = (
        (None, {"fields": ("name", "slug", "seed", "is_preset", "updated_at")}),
        (_("Deck and players"), {"fields": ("deck", "jokers", "extra_cards",
                                            "min_players", "max_players")}),
        (_("Scoring"), {"fields": ("mode", "wheel", "allow_foul", "scoop", "scoop_multiplier",
                                   "scoop_bonus", "home_run", "home_run_min_players",
                                   "home_run_multiplier")}),
        (_("Banker mode (十三道)"), {"fields": ("bidding", "max_bid", "exchange", "negotiation")}),
        (_("Timers"), {"fields": ("bid_seconds", "exchange_seconds", "arrange_seconds",
                                  "negotiate_seconds", "timer_policy")}),
        (_("Rooms"), {"fields": ("arrange_seconds_min", "arrange_seconds_max", "horse_cards")}),
    )
    sample_fieldset = (_("Effect on a sample round"), {"fields": ("effect_on_sample_round",)})

    def get_fieldsets(self, request, obj=None):
        # The sample settles the saved rule set, so a new one has nothing to show yet.
        return (*self.fieldsets, self.sample_fieldset) if obj else self.fieldsets

    @admin.display(description=_("sample round"))
    def effect_on_sample_round(self, rule_set: RuleSet) -> str:
        try:
            sample = sample_round(rule_set.to_engine())
        except ConfigError as error:
            return _("No sample: the saved rule set is not valid (%(error)s).") % {"error": error}
        return render_to_string("admin/rules/sample_round.html", {"sample": sample})

    @admin.display(description=_("players"))
    def players(self, rule_set: RuleSet) -> str:
        return f"{rule_set.min_players}–{rule_set.max_players}"

    @admin.action(description=_("Duplicate the selected rule sets"))
    def duplicate(self, request, queryset):
        copies = []
        for rule_set in queryset:
            try:
                copies.append(ruleset_duplicate(rule_set=rule_set))
            except ConfigError as error:
                self.message_user(request, _("%(name)s was not copied: %(error)s")
                                  % {"name": rule_set, "error": error}, messages.ERROR)
        if copies:
            links = format_html(", ".join(['<a href="{}">{}</a>'] * len(copies)), *[
                part for copy in copies
                for part in (reverse("admin:rules_ruleset_change", args=[copy.pk]), copy.slug)])
            self.message_user(request, format_html("{} {}", ngettext(
                "Created %(count)d copy:", "Created %(count)d copies:", len(copies))
                % {"count": len(copies)}, links), messages.SUCCESS)
