"""多三张 (16 cards): which choices of 13 could form a special, all 560 screened at once.

hints._special looks for the highest-ranked special that any 13 of the 16 cards form,
and for that special the first choice of 13 (in combinations order) that forms it. Trying
each choice with the specials' own tests costs about a millisecond a hand — most of an
advisor opponent's first hint in 多三张, tens of them a table. Here every choice's rank and
suit counts are worked out with numpy (the 16 cards' counts minus the 3 left out), and
each special has a *necessary* condition on those counts (`may_hold`): only the choices
that pass it are tried with the real test (specials.CHECKS), in the same order, so the
answer is the same — a screen can only skip choices the test would refuse. A special
with no screen here (an unknown code) passes every choice. Jokers are not screened
(hints._special tries every choice).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence

import numpy as np

from .cards import ACE, SUITS, Card
from .specials import _RUN_LAYOUTS as RUN_LAYOUTS, _plan


@lru_cache(maxsize=4)
def left_out_positions(size: int) -> np.ndarray:
    """(choices, size - 13): the positions each choice of 13 leaves out, in the order
    itertools.combinations walks them (the order hints._special tries them in)."""
    return np.array(list(combinations(range(size), size - 13)), dtype=np.int64)


@lru_cache(maxsize=1)
def _run_codes() -> np.ndarray:
    """Every rank-count vector three runs can hold (specials' run table), as base-4
    numbers (a run layout holds a rank at most 3 times), sorted for searchsorted."""
    return np.unique(np.array([_code(counts) for counts in RUN_LAYOUTS], dtype=np.int64))


_SUIT_AT = {suit: index for index, suit in enumerate(SUITS)}


def _code(counts) -> int:
    return sum(int(n) << (2 * rank) for rank, n in enumerate(counts))


class Choices:
    """The rank and suit counts of every choice of 13 of `cards` (no jokers), stored
    count by count ((ACE + 1, choices) and (4, choices), SUITS order: numpy sums a few
    long rows faster than many short ones), and what several screens read, once."""

    def __init__(self, cards: Sequence[Card] | None = None, *,
                 counts: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        if counts is not None:  # Choices.of_hands: the counts are given
            self.ranks, self.suits = counts
        else:
            ranks = np.array([card.rank for card in cards], dtype=np.int64)
            suits = np.array([SUITS.index(card.suit) for card in cards], dtype=np.int64)
            out = left_out_positions(len(cards))
            columns = np.arange(len(out))[None, :]
            self.ranks = np.bincount(ranks, minlength=ACE + 1)[:, None].repeat(len(out),
                                                                               axis=1)
            self.suits = np.bincount(suits, minlength=4)[:, None].repeat(len(out), axis=1)
            np.subtract.at(self.ranks, (ranks[out].T, columns), 1)
            np.subtract.at(self.suits, (suits[out].T, columns), 1)
        self.most = self.ranks.max(axis=0)
        self.red = self.suits[SUITS.index("h")] + self.suits[SUITS.index("d")]
        self._flushes: np.ndarray | None = None
        self._runs: np.ndarray | None = None

    @classmethod
    def of_hands(cls, hands: Sequence[Sequence[Card]]) -> "Choices":
        """Many 13-card hands (no jokers) as the columns: the same screens serve the
        advisor's opponents, dozens of hands a decision (may_declare)."""
        count = len(hands)
        offsets = np.arange(count)[:, None]
        ranks = np.array([[card.rank for card in hand] for hand in hands], dtype=np.int64)
        suits = np.array([[_SUIT_AT[card.suit] for card in hand] for hand in hands],
                         dtype=np.int64)
        by_rank = np.bincount((ranks + (ACE + 1) * offsets).ravel(),
                              minlength=(ACE + 1) * count).reshape(count, ACE + 1).T
        by_suit = np.bincount((suits + 4 * offsets).ravel(),
                              minlength=4 * count).reshape(count, 4).T
        return cls(counts=(by_rank, by_suit))

    def three_flushes(self) -> np.ndarray:
        """The suit counts split 13 as 3 + 5 + 5 over the rows (specials._flush_suits)."""
        if self._flushes is None:
            shape = -np.sort(-self.suits, axis=0)
            self._flushes = ((shape[0] == 13) | ((shape[0] == 10) & (shape[1] == 3))
                             | ((shape[0] == 8) & (shape[1] == 5))
                             | ((shape[0] == 5) & (shape[1] == 5) & (shape[2] == 3)))
        return self._flushes

    def three_straights(self) -> np.ndarray:
        """The rank counts are those of a 3-run and two 5-runs (specials._run_choices)."""
        if self._runs is None:
            shifts = (2 * np.arange(ACE + 1))[:, None]
            codes = (np.minimum(self.ranks, 3) << shifts).sum(axis=0)
            known = _run_codes()
            at = np.minimum(np.searchsorted(known, codes), len(known) - 1)
            self._runs = (self.most <= 3) & (known[at] == codes)
        return self._runs


def may_hold(rule, choices: Choices) -> np.ndarray:
    """(choices,) bool: the choice's counts allow `rule`'s special — a necessary test of
    its definition in specials.py for 13 cards without jokers (never False where the real
    test would hold)."""
    code = rule.code
    ranks, most, red = choices.ranks, choices.most, choices.red
    if code == "supreme_dragon":
        return (most <= 1) & ((choices.suits > 0).sum(axis=0) <= 1)
    if code == "dragon":
        return most <= 1
    if code == "royals_jqka":
        return ranks[11:].sum(axis=0) == 13
    if code == "twelve_faces":
        return ranks[11:14].sum(axis=0) >= 12
    if code == "three_quads":
        return (ranks >= 4).sum(axis=0) >= 3
    if code == "four_trips":
        return (ranks >= 3).sum(axis=0) >= 4
    if code == "six_pairs":
        return (ranks // 2).sum(axis=0) >= 6
    if code == "five_pairs_trips":
        odd = ranks % 2 == 1
        return (odd.sum(axis=0) == 1) & ((ranks * odd).max(axis=0) >= 3)
    if code == "all_high":  # the ace counted high: weaker than the test, still necessary
        min_rank = rule.param("min_rank", 8)
        return ranks[:max(min_rank, 0)].sum(axis=0) == 0
    if code == "all_low":
        return ranks[rule.param("max_rank", 8) + 1:].sum(axis=0) == 0
    if code in ("half_high", "half_low"):
        return ranks[ACE] == 1
    if code == "one_color":
        return (red == 0) | (red == 13)
    if code == "black_one_red":
        return red == 1
    if code == "red_one_black":
        return red == 12
    if code == "three_flushes":
        return choices.three_flushes()
    if code == "three_straights":
        return choices.three_straights()
    if code == "three_straight_flushes":
        return choices.three_flushes() & choices.three_straights()
    return np.ones(len(most), dtype=bool)


def may_declare(hands: Sequence[Sequence[Card]], config) -> list[bool]:
    """For each hand, whether it could form any of the rule set's specials: False only
    where every special's screen (may_hold) refuses the hand's counts, so that the
    specials' own tests can be skipped — the same answer, as they would refuse it too.
    Screened together: the advisor's opponents, 13 cards without jokers; any other hand
    (16 cards, jokers) says True and is tested in full (hints._special)."""
    answer = [True] * len(hands)
    if not config.specials:
        return [False] * len(hands)
    plain = [i for i, hand in enumerate(hands)
             if len(hand) == 13 and not any(card.is_joker for card in hand)]
    if not plain:
        return answer
    choices = Choices.of_hands([hands[i] for i in plain])
    held = np.zeros(len(plain), dtype=bool)
    for rule, _check in _plan(config):
        held |= may_hold(rule, choices)
        if held.all():
            break
    for i, value in zip(plain, held.tolist()):
        answer[i] = value
    return answer
