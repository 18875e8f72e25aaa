"""The lobby's forms: create a table, practise with bots, join one by its invite code.

They only check what a player typed; the services decide whether the table can be
created or joined, and their refusals come back as form errors (games.live.views).
"""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games.models import INVITE_ALPHABET, INVITE_CODE_LENGTH
from rules.engine.config import ConfigError
from rules.models import RuleSet


def playable_rule_sets():
    """Rule sets live tables can play: every one whose data makes sense (one an admin left
    inconsistent is not offered)."""
    playable = []
    for rule_set in RuleSet.objects.prefetch_related("row_bonuses", "specials"):
        try:
            rule_set.to_engine()
        except ConfigError:
            continue
        playable.append(rule_set.pk)
    return RuleSet.objects.filter(pk__in=playable).order_by("id")


class RuleSetChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, rule_set: RuleSet) -> str:
        return _("%(name)s (%(low)s–%(high)s players)") % {
            "name": rule_set.name, "low": rule_set.min_players, "high": rule_set.max_players}


BOT_LEVELS = [("easy", _("Easy")), ("normal", _("Normal")), ("strong", _("Strong"))]
BOT_LEVELS_HELP = _("Easy bots play a random one of the top hints, normal bots the first "
                    "hint, strong bots the advisor's best arrangement.")
ROUNDS_CHOICES = [("", _("Open-ended"))] + [(n, str(n)) for n in (4, 8, 12, 16)]


class TableCreateForm(forms.Form):
    rule_set = RuleSetChoiceField(
        label=_("Rule set"), queryset=RuleSet.objects.none(), empty_label=None,
        help_text=_("How the hands are scored; see “Ways to play” on the home page."))
    # Empty: "<your name>'s table" (services.default_table_name), which the lobby prefills.
    name = forms.CharField(label=_("Table name"), max_length=60, strip=True, required=False,
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))
    is_private = forms.BooleanField(
        label=_("Private table"), required=False,
        help_text=_("Not listed in the lobby: players join with the invite code."))
    # The room's options; the services check them against the chosen rule set.
    seats = forms.TypedChoiceField(
        label=_("Seats"), coerce=int, empty_value=None, required=False,
        choices=[("", _("As many as the rules allow"))] + [(n, str(n)) for n in range(2, 6)],
        help_text=_("The first round is dealt when every seat is filled and ready, or when "
                    "the host starts early."))
    rounds = forms.TypedChoiceField(
        label=_("Rounds"), coerce=int, empty_value=None, required=False,
        choices=ROUNDS_CHOICES)
    arrange_seconds = forms.IntegerField(
        label=_("Seconds to arrange"), required=False, min_value=1, max_value=600,
        help_text=_("Empty: the rule set's own."))
    horse_card = forms.CharField(
        label=_("Horse card (马牌)"), required=False, max_length=2, strip=True,
        help_text=_("Where the rule set offers one (Fujian: 5h, 8h, Th or Kh); doubles every "
                    "result of whoever plays it."))

    rated = forms.BooleanField(
        label=_("Rated"), required=False,
        help_text=_("Every round moves the players' ratings. People only, under a preset's "
                    "full rules (no horse card)."))
    fill_with_bots = forms.BooleanField(
        label=_("Fill empty seats with bots"), required=False,
        help_text=_("Bots sit in the seats nobody takes, so the table never waits; a bot "
                    "gives its seat to a person who joins, between rounds."))
    bot_level = forms.ChoiceField(label=_("Bots' level"), choices=BOT_LEVELS,
                                  initial="normal", required=False,
                                  help_text=BOT_LEVELS_HELP)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].queryset = playable_rule_sets()

    def clean(self):
        data = super().clean()
        if data.get("rated") and data.get("fill_with_bots"):
            self.add_error("rated", _("A rated table seats people only: untick Rated or "
                                      "Fill empty seats with bots."))
        return data


class PractiseForm(forms.Form):
    """"Practise with bots": a private table of the player and the chosen bots."""

    rule_set = RuleSetChoiceField(label=_("Rule set"), queryset=RuleSet.objects.none(),
                                  empty_label=None)
    bots = forms.TypedChoiceField(
        label=_("Bots"), coerce=int, initial=3, choices=[(n, str(n)) for n in range(1, 5)],
        help_text=_("Up to the rule set's seats, less yours."))
    level = forms.ChoiceField(label=_("Level"), choices=BOT_LEVELS, initial="normal",
                              help_text=BOT_LEVELS_HELP)
    rounds = forms.TypedChoiceField(label=_("Rounds"), coerce=int, empty_value=None,
                                    required=False, initial=4, choices=ROUNDS_CHOICES)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].queryset = playable_rule_sets()


class JoinForm(forms.Form):
    invite_code = forms.CharField(
        label=_("Invite code"), max_length=20, strip=True,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                      "spellcheck": "false"}),
        help_text=format_lazy(_("The {length}-letter code a player of the table gave you."),
                              length=INVITE_CODE_LENGTH))

    def clean_invite_code(self) -> str:
        # Codes are read aloud and typed from screenshots: accept lower case, spaces, dashes.
        code = "".join(self.cleaned_data["invite_code"].split()).replace("-", "").upper()
        if len(code) != INVITE_CODE_LENGTH or any(ch not in INVITE_ALPHABET for ch in code):
            raise forms.ValidationError(
                _("An invite code is %(length)s letters and digits, like K7MP2QXA.")
                % {"length": INVITE_CODE_LENGTH})
        return code
