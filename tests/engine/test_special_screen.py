"""多三张's special screen (issue 23): a choice of 13 that the counts refuse for a special
is one the special's own test refuses too, for every special a rule set may list — so
hints._special, which tries only the choices the screen lets through, gives the answer it
gave when it tried every choice (test_advisor_values checks that answer directly)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rules.engine.cards import build_deck, display_order
from rules.engine.config import SpecialRule
from rules.engine.presets import preset
from rules.engine.special_screen import Choices, left_out_positions, may_hold
from rules.engine.specials import CHECKS, _Hand

EXTRA = preset("extra-three")
# Every special with every preset's parameters (十三道's all_high takes an ace low, ...).
RULES = {(rule.code, rule.params): rule
         for name in ("standard", "shisandao", "classic", "fuzhou", "fujian")
         for rule in preset(name).specials}


def _hands(seed: int) -> list[list]:
    """Random 16-card hands, and hands drawn to be near specials: few ranks (pairs,
    trips, quads), few suits (flushes, one colour), runs, faces, low and high cards."""
    rng = random.Random(seed)
    deck = build_deck(EXTRA.deck, EXTRA.jokers)
    hands = [rng.sample(deck, 16) for _ in range(6)]
    for keep in (lambda c: c.rank in rng.sample(range(2, 15), 6),
                 lambda c: c.suit in "hd", lambda c: c.suit in "s" or c.rank < 6,
                 lambda c: c.rank >= 9, lambda c: c.rank <= 9 or c.rank == 14,
                 lambda c: c.rank >= 11 or c.rank == 2):
        pool = [card for card in deck if keep(card)]
        hands.append(rng.sample(pool, 16) if len(pool) >= 16 else rng.sample(deck, 16))
    return hands


@pytest.mark.parametrize("seed", range(3))
def test_the_screen_never_refuses_a_choice_the_special_holds(seed):
    for hand in _hands(seed):
        ordered = sorted(hand, key=display_order)
        choices = Choices(ordered)
        out = left_out_positions(16).tolist()
        for rule in RULES.values():
            allowed = may_hold(rule, choices)
            for at in np.flatnonzero(~allowed).tolist():
                chosen = [card for i, card in enumerate(ordered) if i not in out[at]]
                assert CHECKS[rule.code](_Hand(chosen), rule) is False, (rule.code, chosen)


def test_the_counts_are_those_of_the_choice():
    hand = sorted(random.Random(3).sample(build_deck("extra_suit", False), 16),
                  key=display_order)
    choices = Choices(hand)
    for at, skip in enumerate(left_out_positions(16).tolist()):
        chosen = [card for i, card in enumerate(hand) if i not in skip]
        counted = _Hand(chosen)
        assert choices.ranks[:, at].tolist() == counted.counts
        assert choices.red[at] == counted.red


def test_an_unknown_special_passes_every_choice():
    odd = SpecialRule(code="someday", name="?", rank=99, points=1)
    hand = sorted(build_deck("extra_suit", False)[:16], key=display_order)
    assert may_hold(odd, Choices(hand)).all()
