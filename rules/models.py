"""Rule sets as admins tune them: every option of RULES.md plus the scoring tables.

A RuleSet row is the editable twin of the engine's `RuleConfig`: one model field per
option (same name, default taken from `RuleConfig()`), and two inline tables, row bonuses
and special hands. `to_engine()` builds the config, and the engine's validation is the
one judge of what makes sense, for the admin as for everyone else.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from dataclasses import replace
from typing import Any, Iterable

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.engine.config import (
    CATEGORIES, DECKS, MODES, ROWS, SCOOP_MODES, SPECIAL_CODES, TIMER_POLICIES, WHEELS,
    ConfigError, RuleConfig,
)

# The options that are plain values (not tables), in RuleConfig's order.
# horse_card (马牌) is a table's option, chosen from the rule set's `horse_cards`.
OPTION_NAMES = tuple(f.name for f in dataclass_fields(RuleConfig)
                     if f.name not in ("row_bonuses", "specials", "horse_card"))
_DEFAULTS = RuleConfig()

# Labels for the engine's slugs; the slugs themselves come from the engine.
LABELS = {
    "standard": _("standard, 52 cards"),
    "extra_suit": _("extra suit (多一色), 65 cards"),
    "all_pairs": _("all pairs: everyone settles with everyone"),
    "banker": _("banker (十三道): players settle with the banker"),
    "lowest": _("lowest straight"),
    "second": _("second-highest straight"),
    "multiply": _("multiply the pair's points"),
    "first_hint": _("the first hint (RULES.md §7.2)"),
    "best_ev": _("the best arrangement by expected value"),
    "add": _("add a bonus"),
    "front": _("front (头墩)"),
    "middle": _("middle (中墩)"),
    "back": _("back (尾墩)"),
    "high_card": _("high card (乌龙)"),
    "pair": _("pair (一对)"),
    "two_pair": _("two pair (两对)"),
    "three_of_a_kind": _("three of a kind (三条)"),
    "straight": _("straight (顺子)"),
    "flush": _("flush (同花)"),
    "full_house": _("full house (葫芦)"),
    "four_of_a_kind": _("four of a kind (铁支)"),
    "straight_flush": _("straight flush (同花顺)"),
    "five_of_a_kind": _("five of a kind (五同)"),
    "supreme_dragon": _("supreme dragon (至尊清龙)"),
    "dragon": _("dragon (一条龙)"),
    "royals_jqka": _("royals J–A (十二皇族)"),
    "twelve_faces": _("twelve faces (十二皇族)"),
    "three_straight_flushes": _("three straight flushes (三同花顺)"),
    "three_quads": _("three quads (三分天下)"),
    "all_high": _("all high (全大)"),
    "all_low": _("all low (全小)"),
    "one_color": _("one colour (凑一色)"),
    "four_trips": _("four trips (四套三条)"),
    "five_pairs_trips": _("five pairs and trips (五对三条)"),
    "six_pairs": _("six pairs (六对半)"),
    "three_flushes": _("three flushes (三同花)"),
    "three_straights": _("three straights (三顺子)"),
    "black_one_red": _("black with one red (全黑一点红)"),
    "red_one_black": _("red with one black (全红一点黑)"),
    "half_high": _("half high (半大)"),
    "half_low": _("half low (半小)"),
}


def _choices(slugs: Iterable[str]) -> list[tuple[str, Any]]:
    return [(slug, LABELS.get(slug, slug)) for slug in slugs]


def config_error_as_validation_error(error: ConfigError, field_names: Iterable[str] = ()):
    """The engine's message as a ValidationError, on the field it starts with if any.

    Engine messages begin with the option they are about ("max_players: ...",
    "scoop_multiplier must be at least 1"), so the admin can show them beside that field.
    """
    message = str(error)
    first_word = message.split(":")[0].split(" ")[0]
    if first_word in set(field_names):
        return ValidationError({first_word: message})
    return ValidationError(message)


class RuleSet(models.Model):
    """One variant of the game as a table plays it (a preset, or an admin's own)."""

    slug = models.SlugField(_("slug"), max_length=50, unique=True)
    name = models.CharField(_("name"), max_length=100, default=_DEFAULTS.name)
    seed = models.CharField(
        _("source rules"), max_length=20, blank=True, default=_DEFAULTS.seed,
        help_text=_("The rule document this set follows (000, 001, 002, 004 in RULES.md)."))
    is_preset = models.BooleanField(
        _("preset"), default=False, editable=False,
        help_text=_("Loaded from the engine's presets; still editable like any rule set."))

    deck = models.CharField(_("deck"), max_length=20, choices=_choices(DECKS),
                            default=_DEFAULTS.deck)
    jokers = models.BooleanField(_("jokers (大小王)"), default=_DEFAULTS.jokers)
    extra_cards = models.PositiveSmallIntegerField(
        _("extra cards"), default=_DEFAULTS.extra_cards,
        help_text=_("3 for 多三张: every player gets 13 + 3 cards and keeps 13."))
    min_players = models.PositiveSmallIntegerField(_("minimum players"),
                                                   default=_DEFAULTS.min_players)
    max_players = models.PositiveSmallIntegerField(_("maximum players"),
                                                   default=_DEFAULTS.max_players)

    mode = models.CharField(_("mode"), max_length=20, choices=_choices(MODES),
                            default=_DEFAULTS.mode)
    wheel = models.CharField(_("A-2-3-4-5 ranks as"), max_length=20, choices=_choices(WHEELS),
                             default=_DEFAULTS.wheel)
    allow_foul = models.BooleanField(
        _("accept fouled hands (倒水)"), default=_DEFAULTS.allow_foul,
        help_text=_("Off: a fouled arrangement is refused. On: it loses every row."))
    scoop = models.CharField(_("scoop (打枪)"), max_length=20, choices=_choices(SCOOP_MODES),
                             default=_DEFAULTS.scoop)
    scoop_multiplier = models.PositiveSmallIntegerField(_("scoop multiplier"),
                                                        default=_DEFAULTS.scoop_multiplier)
    scoop_bonus = models.PositiveSmallIntegerField(_("scoop bonus"),
                                                   default=_DEFAULTS.scoop_bonus)
    home_run = models.BooleanField(_("home run (全垒打)"), default=_DEFAULTS.home_run)
    home_run_min_players = models.PositiveSmallIntegerField(
        _("home run needs players"), default=_DEFAULTS.home_run_min_players)
    home_run_multiplier = models.PositiveSmallIntegerField(
        _("home run multiplier"), default=_DEFAULTS.home_run_multiplier)

    bidding = models.BooleanField(_("bidding for the bank (抢庄)"), default=_DEFAULTS.bidding)
    exchange = models.BooleanField(_("card exchange (换牌)"), default=_DEFAULTS.exchange)
    negotiation = models.BooleanField(_("negotiation (谈判)"), default=_DEFAULTS.negotiation)

    max_bid = models.PositiveSmallIntegerField(
        _("highest bid for the bank (道)"), default=_DEFAULTS.max_bid,
        help_text=_("十三道 抢庄: players bid 0 to this many 道 for the bank."))
    bid_seconds = models.PositiveSmallIntegerField(
        _("seconds to bid"), default=_DEFAULTS.bid_seconds)
    exchange_seconds = models.PositiveSmallIntegerField(
        _("seconds per exchange step"), default=_DEFAULTS.exchange_seconds,
        help_text=_("十三道 换牌: to put a card in, to take or pass an offer, to swap hands."))
    arrange_seconds = models.PositiveSmallIntegerField(
        _("seconds to arrange"), default=_DEFAULTS.arrange_seconds)
    negotiate_seconds = models.PositiveSmallIntegerField(
        _("seconds to negotiate"), default=_DEFAULTS.negotiate_seconds)
    timer_policy = models.CharField(
        _("the timer submits"), max_length=20, choices=_choices(TIMER_POLICIES),
        default=_DEFAULTS.timer_policy,
        help_text=_("For a player who has not arranged when the time is up: the first "
                    "hint, or the arrangement with the best expected value (the advisor)."))

    # What a room (a table's options) may choose under this rule set.
    arrange_seconds_min = models.PositiveSmallIntegerField(
        _("shortest arrange time a room may set"), default=15)
    arrange_seconds_max = models.PositiveSmallIntegerField(
        _("longest arrange time a room may set"), default=120)
    horse_cards = models.JSONField(
        _("horse cards (马牌) a room may use"), default=list, blank=True,
        help_text=_('Card codes such as ["5h", "8h", "Th", "Kh"]; empty: no horse card.'))

    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["id"]  # presets first, in the order presets.json lists them
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")

    def __str__(self) -> str:
        return self.name

    def option_values(self) -> dict[str, Any]:
        """The plain options, as RuleConfig.from_dict reads them."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    def to_dict(self) -> dict[str, Any]:
        """The whole rule set, tables included, in RuleConfig.to_dict()'s shape."""
        return {
            **self.option_values(),
            "row_bonuses": [bonus.to_dict() for bonus in self.row_bonuses.all()],
            "specials": [special.to_dict() for special in self.specials.all()],
        }

    def to_engine(self) -> RuleConfig:
        """The engine's config for this rule set; ConfigError if the data makes no sense."""
        return RuleConfig.from_dict(self.to_dict())

    def clean(self) -> None:
        # The tables are checked by the admin's inline formsets, which see the edits.
        try:
            config = RuleConfig.from_dict(self.option_values())
        except ConfigError as error:
            raise config_error_as_validation_error(error, OPTION_NAMES) from error
        if not 1 <= self.arrange_seconds_min <= self.arrange_seconds_max:
            raise ValidationError({"arrange_seconds_max": _(
                "Rooms' arrange times need 1 ≤ shortest ≤ longest.")})
        if not isinstance(self.horse_cards, list):
            raise ValidationError({"horse_cards": _("A list of card codes, e.g. [\"5h\"].")})
        for code in self.horse_cards:
            try:
                replace(config, horse_card=code).validate()
            except (ConfigError, TypeError) as error:
                raise ValidationError({"horse_cards": str(error)}) from error


class RowBonus(models.Model):
    """What winning a row scores when the winner's row is a given category (§4.1, §8.5)."""

    rule_set = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="row_bonuses",
                                 verbose_name=_("rule set"))
    row = models.CharField(_("row"), max_length=10, choices=_choices(ROWS))
    category = models.CharField(_("winning category"), max_length=20,
                                choices=_choices(CATEGORIES))
    points = models.PositiveSmallIntegerField(
        _("points for the row"), help_text=_("The row's whole value: 1 + the bonus."))

    class Meta:
        ordering = ["id"]  # the order the rule set lists them, so to_engine round-trips
        verbose_name = _("row bonus")
        verbose_name_plural = _("row bonuses")
        constraints = [
            models.UniqueConstraint(fields=["rule_set", "row", "category"],
                                    name="row_bonus_once_per_row_and_category"),
        ]

    def __str__(self) -> str:
        return f"{self.get_row_display()} {self.get_category_display()}: {self.points}"

    def to_dict(self) -> dict[str, Any]:
        return {"row": self.row, "category": self.category, "points": self.points}


class SpecialHand(models.Model):
    """One line of a rule set's special-hand table (特殊牌型 / 报到 / 抛, §6)."""

    rule_set = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="specials",
                                 verbose_name=_("rule set"))
    code = models.CharField(_("special"), max_length=30, choices=_choices(SPECIAL_CODES))
    name = models.CharField(_("name shown"), max_length=40)
    # No unique constraint on rank: swapping two ranks in one admin save would break it
    # half-way through; the engine's validation refuses a shared rank instead.
    rank = models.PositiveSmallIntegerField(_("rank"), help_text=_("1 is the highest."))
    points = models.PositiveIntegerField(_("points"), help_text=_("Collected per opponent."))
    params = models.JSONField(
        _("parameters"), default=dict, blank=True,
        help_text=_('E.g. {"min_rank": 8, "ace_low": false}; in banker mode '
                    '{"class": "big"} or {"class": "small"}.'))

    class Meta:
        ordering = ["rank", "id"]
        verbose_name = _("special hand")
        verbose_name_plural = _("special hands")
        constraints = [
            models.UniqueConstraint(fields=["rule_set", "code"], name="special_once_per_rule_set"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "rank": self.rank,
                "points": self.points, "params": self.params}
