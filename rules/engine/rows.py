"""Row evaluation (RULES.md §2): the category of a 3- or 5-card row and its comparable key.

A row's key is `(strength, ranks…)`: ranks grouped by count (larger groups first), then
by rank (higher first); straights list only their top card; flushes and high cards list
all ranks high to low. Keys compare as tuples; equal keys tie; suits never count.

The wheel A-2-3-4-5 has top card 5 with `wheel="lowest"`, and 13.5 with
`wheel="second"` (just below T-J-Q-K-A, above 9-T-J-Q-K).
A row holding jokers takes the highest key over every substitution of its jokers (§2.2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Sequence

from .cards import ACE, CHAR_OF_RANK, STANDARD_CARDS, Card
from .config import CATEGORIES

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, \
    FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_OF_A_KIND = range(10)

CATEGORY_NAMES_ZH = {
    "five_of_a_kind": "五同", "straight_flush": "同花顺", "four_of_a_kind": "铁支",
    "full_house": "葫芦", "flush": "同花", "straight": "顺子", "three_of_a_kind": "三条",
    "two_pair": "两对", "pair": "一对", "high_card": "乌龙",
}
WHEEL_SECOND_TOP = 13.5

Key = tuple


@dataclass(frozen=True, slots=True)
class RowValue:
    """A row's category slug and its comparable key."""

    category: str
    key: Key

    @property
    def strength(self) -> int:
        return self.key[0]

    def describe(self) -> str:
        """Words a player reads: "pair of kings", "flush, ace high", "straight to the 9"."""
        return describe_key(self.key)


def evaluate(cards: Sequence[Card], wheel: str = "lowest") -> RowValue:
    """Evaluate a 3-card front or a 5-card middle / back row."""
    if len(cards) not in (3, 5):
        raise ValueError(f"a row has 3 or 5 cards, not {len(cards)}")
    jokers = sum(1 for card in cards if card.is_joker)
    if jokers:
        plain = tuple(sorted((c.rank, c.suit) for c in cards if not c.is_joker))
        key = _best_with_jokers(plain, jokers, len(cards), wheel)
    elif len(cards) == 3:
        key = key3(tuple(sorted((c.rank for c in cards), reverse=True)))
    else:
        suit = cards[0].suit
        flush = all(c.suit == suit for c in cards)
        key = key5(tuple(sorted((c.rank for c in cards), reverse=True)), flush, wheel)
    return RowValue(CATEGORIES[key[0]], key)


@lru_cache(maxsize=None)
def key3(ranks: tuple[int, ...]) -> Key:
    """Key of a 3-card front row from its ranks sorted high to low."""
    a, b, c = ranks
    if a == c:
        return (THREE_OF_A_KIND, a)
    if a == b:
        return (PAIR, a, c)
    if b == c:
        return (PAIR, b, a)
    return (HIGH_CARD, a, b, c)


@lru_cache(maxsize=None)
def key5(ranks: tuple[int, ...], flush: bool, wheel: str = "lowest") -> Key:
    """Key of a 5-card row from its ranks sorted high to low and whether it is one suit."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    grouped = tuple(rank for rank, _ in groups)
    top = _straight_top(ranks, wheel) if len(counts) == 5 else None
    if shape == (5,):
        return (FIVE_OF_A_KIND, ranks[0])
    if top is not None and flush:
        return (STRAIGHT_FLUSH, top)
    if shape == (4, 1):
        return (FOUR_OF_A_KIND, *grouped)
    if shape == (3, 2):
        return (FULL_HOUSE, *grouped)
    if flush:
        return (FLUSH, *ranks)
    if top is not None:
        return (STRAIGHT, top)
    if shape == (3, 1, 1):
        return (THREE_OF_A_KIND, *grouped)
    if shape == (2, 2, 1):
        return (TWO_PAIR, *grouped)
    if shape == (2, 1, 1, 1):
        return (PAIR, *grouped)
    return (HIGH_CARD, *ranks)


def _straight_top(ranks: tuple[int, ...], wheel: str) -> float | None:
    """Top card of five distinct ranks if they are consecutive (J-Q-K-A-2 is not)."""
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    if ranks == (ACE, 5, 4, 3, 2):
        return 5 if wheel == "lowest" else WHEEL_SECOND_TOP
    return None


# Jokers: every card a joker can stand for. Identical cards are allowed (§2.2: "even one
# already in the row"), so AAAA + joker is five of a kind.
_SUBSTITUTES = tuple((c.rank, c.suit) for c in STANDARD_CARDS)


@lru_cache(maxsize=65536)
def _best_with_jokers(plain: tuple[tuple[int, str], ...], jokers: int, size: int,
                      wheel: str) -> Key:
    best: Key = (-1,)
    for substitution in combinations_with_replacement(_SUBSTITUTES, jokers):
        row = plain + substitution
        ranks = tuple(sorted((rank for rank, _ in row), reverse=True))
        if size == 3:
            key = key3(ranks)
        else:
            suit = row[0][1]
            key = key5(ranks, all(s == suit for _, s in row), wheel)
        if key > best:
            best = key
    return best


def front_not_above_middle(front: Key, middle: Key) -> bool:
    """§2.1's foul check for front vs middle: compare over the front's length only.

    `KK5` (1,K,5) against `KK743` (1,K,7,4,3) is lower; `KK7` against it is equal, fine.
    """
    return front <= middle[:len(front)]


def compare(a: Key, b: Key) -> int:
    """1 if key a wins, -1 if b wins, 0 for a tie."""
    return (a > b) - (a < b)


# --- words for players ----------------------------------------------------------------

RANK_WORDS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "jack", 12: "queen", 13: "king", 14: "ace"}
# Plurals in words ("pair of sevens"): a player reads "pair of 7s" as a typo.
RANK_PLURALS = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
                8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings",
                14: "aces"}


def rank_word(rank: float) -> str:
    if rank == WHEEL_SECOND_TOP:
        return "5 (the wheel)"
    return RANK_WORDS.get(int(rank), CHAR_OF_RANK.get(int(rank), str(rank)))


def describe_key(key: Key) -> str:
    strength, ranks = key[0], key[1:]
    plural = RANK_PLURALS
    if strength == FIVE_OF_A_KIND:
        return f"five {plural[ranks[0]]}"
    if strength in (STRAIGHT_FLUSH, STRAIGHT):
        name = "straight flush" if strength == STRAIGHT_FLUSH else "straight"
        return f"{name} to the {rank_word(ranks[0])}"
    if strength == FOUR_OF_A_KIND:
        return f"four {plural[ranks[0]]}"
    if strength == FULL_HOUSE:
        return f"full house, {plural[ranks[0]]} full of {plural[ranks[1]]}"
    if strength == FLUSH:
        return f"flush, {rank_word(ranks[0])} high"
    if strength == THREE_OF_A_KIND:
        return f"three {plural[ranks[0]]}"
    if strength == TWO_PAIR:
        return f"two pair, {plural[ranks[0]]} and {plural[ranks[1]]}"
    if strength == PAIR:
        return f"pair of {plural[ranks[0]]}"
    return f"{rank_word(ranks[0])} high"
