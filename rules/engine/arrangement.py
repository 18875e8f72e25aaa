"""A player's three rows (墩): validation of a submission, fouls and special declarations.

RULES.md §3: a valid arrangement has front ≤ middle ≤ back — the front against the middle
over the front's three cards (§2.1), the middle against the back by the full key. Anything
else is a foul (倒水 / 相公 / 倒配): refused with a message naming the rows when the rule
set says `allow_foul = false`, accepted and marked `foul` otherwise.

§5: a player whose cards form a special may declare it. The rows' order is then not
checked; the engine finds the highest-ranked special the 13 cards form (which may be a
higher one than the player had in mind) and, for an arrangement-based special, lays out
rows that show it unless the submitted rows already do.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from .cards import Card, CardError, check_in_deck, codes, parse_card
from .config import ROW_SIZES, ROWS, RuleConfig
from .rows import (FIVE_OF_A_KIND, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR,
                   STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, RowValue,
                   describe_key, evaluate, front_not_above_middle, rank_word)
from .specials import SpecialMatch, best_special, shows_special


class ArrangementError(ValueError):
    """A submission the rules refuse; the message tells the player what to change."""


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Three rows with their values, whether they foul, and the special declared if any.

    The row values carry the comparable keys, so settlement never evaluates a row again.
    """

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    front_value: RowValue
    middle_value: RowValue
    back_value: RowValue
    foul: bool = False
    special: SpecialMatch | None = None

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return self.front, self.middle, self.back

    @property
    def values(self) -> tuple[RowValue, RowValue, RowValue]:
        return self.front_value, self.middle_value, self.back_value

    @property
    def pattern(self) -> tuple[str, str, str]:
        """(front category, middle category, back category), as hints group them."""
        return self.front_value.category, self.middle_value.category, self.back_value.category

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.front + self.middle + self.back

    def to_dict(self) -> dict:
        return {
            "front": codes(self.front), "middle": codes(self.middle), "back": codes(self.back),
            "pattern": list(self.pattern),
            "foul": self.foul,
            "special": self.special.code if self.special else None,
        }


def arrange(front: Sequence[Card | str], middle: Sequence[Card | str],
            back: Sequence[Card | str], config: RuleConfig) -> Arrangement:
    """Evaluate three rows and mark a foul; checks row sizes, not whose cards they are."""
    rows = {row: _row_cards(cards, row) for row, cards in
            (("front", front), ("middle", middle), ("back", back))}
    wheel = config.wheel
    values = tuple(evaluate(rows[row], wheel) for row in ROWS)
    return Arrangement(rows["front"], rows["middle"], rows["back"], *values,
                       foul=foul_reason(values) is not None)


def validate_arrangement(front: Sequence[Card | str], middle: Sequence[Card | str],
                         back: Sequence[Card | str], config: RuleConfig,
                         declare_special: bool = False) -> Arrangement:
    """Everything about a submission except whose cards they are: row sizes, cards the
    deck holds, the rule set's foul rule and a declared special (RULES.md §3, §5)."""
    return _checked(arrange(front, middle, back, config), config, declare_special)


def _checked(arrangement: Arrangement, config: RuleConfig,
             declare_special: bool) -> Arrangement:
    try:
        check_in_deck(arrangement.cards, config.deck, config.jokers)
    except CardError as error:
        raise ArrangementError(str(error)) from None
    if declare_special:
        return _declare(arrangement, config)
    if arrangement.foul and not config.allow_foul:
        raise ArrangementError(
            f"foul (倒水): {foul_reason(arrangement.values)}; "
            "rows must go front ≤ middle ≤ back")
    return arrangement


def validate_submission(dealt: Sequence[Card | str], front: Sequence[Card | str],
                        middle: Sequence[Card | str], back: Sequence[Card | str],
                        config: RuleConfig, declare_special: bool = False) -> Arrangement:
    """Validate a player's submission against the cards they were dealt.

    The rows must hold exactly the dealt cards — or, in 多三张 (`extra_cards = 3`), any 13
    of the 16 dealt, counted as a multiset (the 65-card deck has two of each diamond).
    """
    dealt_cards = _cards(dealt, "dealt cards")
    if len(dealt_cards) != config.hand_size:
        raise ArrangementError(
            f"a hand in this rule set is {config.hand_size} cards, not {len(dealt_cards)}")
    arrangement = arrange(front, middle, back, config)
    held = Counter(dealt_cards)
    for card, count in Counter(arrangement.cards).items():
        if held[card] == 0:
            raise ArrangementError(f"{card.code} is not one of your cards")
        if count > held[card]:
            raise ArrangementError(
                f"{card.code} is played {count} times but you hold {_times(held[card])}")
    return _checked(arrangement, config, declare_special)


def foul_reason(values: Sequence[RowValue]) -> str | None:
    """Why (front, middle, back) values foul, in a player's words; None when they do not.

    "front pair of kings is higher than the middle's pair of sevens"; when both rows read
    the same ("pair of kings") the kickers that decide it are named too.
    """
    front, middle, back = values
    reasons = []
    if not front_not_above_middle(front.key, middle.key):
        reasons.append(_higher("front", front.key, "middle", middle.key))
    if middle.key > back.key:
        reasons.append(_higher("middle", middle.key, "back", back.key))
    return "; ".join(reasons) or None


def _declare(arrangement: Arrangement, config: RuleConfig) -> Arrangement:
    match = best_special(arrangement.cards, config)
    if match is None:
        names = ", ".join(special.name for special in
                          sorted(config.specials, key=lambda s: s.rank)) or "none"
        raise ArrangementError(
            "you declared a special hand but these 13 cards form none of this rule set's "
            f"specials ({names}); play them as three rows instead")
    rows = arrangement.rows
    if match.rows is not None and not shows_special(match.code, *rows):
        rows = match.rows
    values = tuple(evaluate(row, config.wheel) for row in rows)
    # A declarer's rows are not compared, so they cannot foul.
    return Arrangement(*rows, *values, foul=False, special=match)


# --- helpers ---------------------------------------------------------------------------


def _row_cards(cards: Sequence[Card | str], row: str) -> tuple[Card, ...]:
    result = _cards(cards, f"the {row}")
    if len(result) != ROW_SIZES[row]:
        raise ArrangementError(
            f"the {row} row takes {ROW_SIZES[row]} cards, not {len(result)}")
    return result


def _cards(cards: Sequence[Card | str], what: str) -> tuple[Card, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise ArrangementError(f"{what} must be a list of cards")
    try:
        return tuple(card if isinstance(card, Card) else parse_card(card) for card in cards)
    except CardError as error:
        raise ArrangementError(f"{what}: {error}") from None


def _times(count: int) -> str:
    return {1: "one", 2: "two"}.get(count, str(count))


# How many ranks of a key describe_key already names, by strength; the rest are kickers.
_NAMED_RANKS = {FIVE_OF_A_KIND: 1, STRAIGHT_FLUSH: 1, FOUR_OF_A_KIND: 1, FULL_HOUSE: 2,
                FLUSH: 1, STRAIGHT: 1, THREE_OF_A_KIND: 1, TWO_PAIR: 2, PAIR: 1,
                HIGH_CARD: 1}


def _higher(upper: str, upper_key: tuple, lower: str, lower_key: tuple) -> str:
    said_upper, said_lower = describe_key(upper_key), describe_key(lower_key)
    if said_upper == said_lower:
        said_upper += _kickers(upper_key)
        said_lower += _kickers(lower_key)
    return f"{upper} {said_upper} is higher than the {lower}'s {said_lower}"


def _kickers(key: tuple) -> str:
    rest = key[1 + _NAMED_RANKS[key[0]]:]
    if not rest:
        return ""
    words = ", ".join(rank_word(rank) for rank in rest)
    if key[0] in (FLUSH, HIGH_CARD):
        return f", then {words}"
    return f" with {words}"
