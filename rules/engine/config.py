"""The rule-set configuration: every option of RULES.md as one frozen value.

A `RuleConfig` is plain data. Presets (presets.json) and the admin's RuleSet rows both
become one through `RuleConfig.from_dict`; `to_dict` is its exact inverse, so a rule set
can round-trip through JSON, the database and back without losing anything.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Mapping

DECKS = ("standard", "extra_suit")
MODES = ("all_pairs", "banker")
WHEELS = ("lowest", "second")
SCOOP_MODES = ("multiply", "add")
# What the arrange timer submits for a player who has not (RULES.md §7.2; issue 16):
# the first hint, or the advisor's EV-best arrangement (rules.engine.advisor).
TIMER_POLICIES = ("first_hint", "best_ev")
ROWS = ("front", "middle", "back")
ROW_SIZES = {"front": 3, "middle": 5, "back": 5}


class ConfigError(ValueError):
    """A rule-set dict that cannot become a RuleConfig; the message says which field."""


@dataclass(frozen=True)
class RowBonus:
    """What a won row scores when the winner's row is `category` in `row`.

    `points` is the row's whole value (RULES.md §4.1's "total for the row", §8.5's row
    value), so a plain won row is 1 and a middle full house is 2 in the standard table.
    """

    row: str
    category: str
    points: int


@dataclass(frozen=True)
class SpecialRule:
    """One line of a rule set's special-hand table (RULES.md §6).

    `rank` orders specials: 1 is the highest, and a lower number beats a higher one.
    `params` tunes the definition (`min_rank`, `max_rank`, `ace_low` for all_high /
    all_low / half_high / half_low) and, in banker mode, names the 抛 `class`
    ("big" or "small").
    """

    code: str
    name: str
    rank: int
    points: int
    params: tuple[tuple[str, Any], ...] = ()

    def param(self, key: str, default: Any = None) -> Any:
        for name, value in self.params:
            if name == key:
                return value
        return default

    @property
    def throw_class(self) -> str | None:
        """十三道's 抛 class, "big" or "small"; None outside banker mode."""
        return self.param("class")


@dataclass(frozen=True)
class RuleConfig:
    """Every option a rule set has; see RULES.md §9 for what each preset sets."""

    name: str = "Standard"
    deck: str = "standard"
    jokers: bool = False
    extra_cards: int = 0
    min_players: int = 2
    max_players: int = 4
    mode: str = "all_pairs"
    wheel: str = "lowest"
    allow_foul: bool = False
    scoop: str = "multiply"
    scoop_multiplier: int = 2
    scoop_bonus: int = 0
    home_run: bool = True
    home_run_min_players: int = 4
    home_run_multiplier: int = 2
    bidding: bool = False
    exchange: bool = False
    negotiation: bool = False
    max_bid: int = 10  # 十三道 抢庄: the highest bid, in 道 [decided: seed 004 sets no cap]
    bid_seconds: int = 15  # the bidding timer; a player who has not bid bids 0
    exchange_seconds: int = 15  # each exchange step's timer (put in, take or pass, swap)
    arrange_seconds: int = 30
    negotiate_seconds: int = 0
    timer_policy: str = "first_hint"  # TIMER_POLICIES
    # 马牌 (a room option, most Fujian rule sets): whoever holds this card has every
    # result they settle doubled; "" for none. Chosen per table, not per rule set.
    horse_card: str = ""
    seed: str = ""
    row_bonuses: tuple[RowBonus, ...] = ()
    specials: tuple[SpecialRule, ...] = field(default=())

    def _validate_horse_card(self) -> None:
        if not self.horse_card:
            return
        from .cards import CardError, parse_cards  # cards imports this module

        try:
            card = parse_cards([self.horse_card])[0]
        except CardError:
            raise ConfigError(f"horse_card: {self.horse_card!r} is not a card") from None
        if card.is_joker or card.code != self.horse_card:
            raise ConfigError("horse_card: name one card of the deck, like 5h (not a joker)")
        if self.mode == "banker":
            raise ConfigError("horse_card: 十三道 settles against the banker, with no 马牌")
        if self.deck == "extra_suit" and card.suit == "d":
            raise ConfigError("horse_card: the 65-card deck holds two of every diamond")

    # --- derived look-ups -------------------------------------------------------------

    def row_points(self, row: str, category: str) -> int:
        """Points for winning `row` with a row of `category` (1 unless the table says)."""
        for bonus in self.row_bonuses:
            if bonus.row == row and bonus.category == category:
                return bonus.points
        return 1

    def special(self, code: str) -> SpecialRule | None:
        for special in self.specials:
            if special.code == code:
                return special
        return None

    @property
    def hand_size(self) -> int:
        """Cards a player receives: 13, or 16 in 多三张 (13 + the candidate cards)."""
        return 13 + self.extra_cards

    # --- plain data in and out --------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "RuleConfig":
        """Build a config from a plain dict (a preset, an admin RuleSet, a JSON body).

        Unknown keys starting with "_" are ignored (comments in presets.json); any other
        unknown key, a wrong type or an out-of-range value raises ConfigError.
        """
        if not isinstance(data, Mapping):
            raise ConfigError("a rule set must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(k for k in data if k not in known and not str(k).startswith("_"))
        if unknown:
            raise ConfigError(f"unknown rule-set option(s): {', '.join(unknown)}")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            raw = data[f.name]
            if f.name == "row_bonuses":
                values[f.name] = tuple(_row_bonus(item) for item in _list(raw, f.name))
            elif f.name == "specials":
                values[f.name] = tuple(_special(item) for item in _list(raw, f.name))
            else:
                values[f.name] = _scalar(f.name, raw, type(getattr(_DEFAULTS, f.name)))
        config = cls(**values)
        config.validate()
        return config

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["row_bonuses"] = [asdict(b) for b in self.row_bonuses]
        data["specials"] = [
            {"code": s.code, "name": s.name, "rank": s.rank, "points": s.points,
             "params": dict(s.params)}
            for s in self.specials
        ]
        return data

    def validate(self) -> None:
        """Raise ConfigError naming the first option that makes no sense."""
        _choice("deck", self.deck, DECKS)
        _choice("mode", self.mode, MODES)
        _choice("wheel", self.wheel, WHEELS)
        _choice("scoop", self.scoop, SCOOP_MODES)
        _choice("timer_policy", self.timer_policy, TIMER_POLICIES)
        if self.extra_cards not in (0, 3):
            raise ConfigError("extra_cards must be 0, or 3 for 多三张")
        if self.extra_cards and self.deck != "extra_suit":
            raise ConfigError("多三张 (extra_cards) needs the extra_suit deck")
        deck_size = (52 if self.deck == "standard" else 65) + (2 if self.jokers else 0)
        if not 2 <= self.min_players <= self.max_players:
            raise ConfigError("players: need 2 <= min_players <= max_players")
        if self.max_players * self.hand_size > deck_size:
            raise ConfigError(
                f"max_players: {self.max_players} hands of {self.hand_size} cards need more "
                f"than the {deck_size}-card deck")
        for name in ("scoop_multiplier", "home_run_multiplier", "home_run_min_players",
                     "arrange_seconds", "bid_seconds", "exchange_seconds"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if self.scoop_bonus < 0 or self.negotiate_seconds < 0 or self.max_bid < 0:
            raise ConfigError("scoop_bonus, negotiate_seconds and max_bid cannot be negative")
        self._validate_horse_card()
        seen_rows = set()
        for bonus in self.row_bonuses:
            _choice("row_bonuses.row", bonus.row, ROWS)
            allowed = FRONT_CATEGORIES if bonus.row == "front" else CATEGORIES
            _choice(f"row_bonuses.category ({bonus.row})", bonus.category, allowed)
            if bonus.points < 1:
                raise ConfigError("a row bonus's points must be at least 1")
            if (bonus.row, bonus.category) in seen_rows:
                raise ConfigError(f"row bonus {bonus.row} {bonus.category} is listed twice")
            seen_rows.add((bonus.row, bonus.category))
        codes, ranks = set(), set()
        for special in self.specials:
            _choice("specials.code", special.code, SPECIAL_CODES)
            if special.code in codes:
                raise ConfigError(f"special {special.code} is listed twice")
            if special.rank in ranks:
                raise ConfigError(f"two specials share rank {special.rank}")
            if special.points < 0:
                raise ConfigError(f"special {special.code}: points cannot be negative")
            if self.mode == "banker" and special.throw_class not in ("big", "small"):
                raise ConfigError(
                    f"special {special.code}: banker mode needs params.class big or small")
            codes.add(special.code)
            ranks.add(special.rank)


# Category slugs of RULES.md §2, by strength number.
CATEGORIES = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
    "full_house", "four_of_a_kind", "straight_flush", "five_of_a_kind",
)
FRONT_CATEGORIES = ("high_card", "pair", "three_of_a_kind")
SPECIAL_CODES = (
    "supreme_dragon", "dragon", "royals_jqka", "twelve_faces", "three_straight_flushes",
    "three_quads", "all_high", "all_low", "one_color", "four_trips", "five_pairs_trips",
    "six_pairs", "three_flushes", "three_straights", "black_one_red", "red_one_black",
    "half_high", "half_low",
)

_DEFAULTS = RuleConfig()


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ConfigError(f"{name}: {value!r} is not one of {', '.join(allowed)}")


def _list(raw: Any, name: str) -> list:
    if not isinstance(raw, (list, tuple)):
        raise ConfigError(f"{name} must be a list")
    return list(raw)


def _scalar(name: str, raw: Any, kind: type) -> Any:
    # bool is a subclass of int: refuse True where a number is meant and 1 where a flag is.
    if kind is bool and not isinstance(raw, bool):
        raise ConfigError(f"{name} must be true or false")
    if kind is int and (isinstance(raw, bool) or not isinstance(raw, int)):
        raise ConfigError(f"{name} must be a whole number")
    if kind is str and not isinstance(raw, str):
        raise ConfigError(f"{name} must be text")
    return raw


def _row_bonus(item: Any) -> RowBonus:
    if not isinstance(item, Mapping) or set(item) != {"row", "category", "points"}:
        raise ConfigError("a row bonus is {row, category, points}")
    return RowBonus(row=_scalar("row_bonuses.row", item["row"], str),
                    category=_scalar("row_bonuses.category", item["category"], str),
                    points=_scalar("row_bonuses.points", item["points"], int))


def _special(item: Any) -> SpecialRule:
    if not isinstance(item, Mapping) or not {"code", "rank", "points"} <= set(item):
        raise ConfigError("a special is {code, name, rank, points, params}")
    params = item.get("params") or {}
    if not isinstance(params, Mapping):
        raise ConfigError("a special's params must be an object")
    return SpecialRule(
        code=_scalar("specials.code", item["code"], str),
        name=_scalar("specials.name", item.get("name", item["code"]), str),
        rank=_scalar("specials.rank", item["rank"], int),
        points=_scalar("specials.points", item["points"], int),
        params=tuple(sorted(params.items())),
    )
