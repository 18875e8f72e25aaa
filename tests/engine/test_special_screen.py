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


def _near_specials(config, seed: int, count: int) -> list[list]:
    """13-card hands of the preset's deck: random ones and ones drawn near specials (few
    ranks, few suits, runs, faces, low and high cards)."""
    rng = random.Random(seed)
    deck = build_deck(config.deck, config.jokers)
    hands = [rng.sample(deck, 13) for _ in range(count)]
    for _ in range(count // 4):
        for keep in (lambda c: c.rank in rng.sample(range(2, 15), 5),
                     lambda c: c.suit in "hd", lambda c: c.suit in "s" or c.rank < 6,
                     lambda c: c.rank >= 9, lambda c: c.rank <= 8 or c.rank == 14,
                     lambda c: c.rank >= 11 or c.rank == 2, lambda c: c.suit == "d"):
            pool = [card for card in deck if keep(card)]
            hands.append(rng.sample(pool, 13) if len(pool) >= 13 else rng.sample(deck, 13))
        # One card of every rank: a dragon (一条龙), which every preset lists.
        hands.append([rng.choice([c for c in deck if c.rank == rank]) for rank in range(2, 15)])
    return hands


@pytest.mark.parametrize("name", ["standard", "shisandao", "classic", "fuzhou", "fujian",
                                  "extra-suit", "jokers"])
def test_hands_screened_together_are_refused_only_where_they_form_no_special(name):
    """special_screen.may_declare (the advisor's opponents, many hands at once): False
    only for a hand whose 13 cards form no special of the rule set, jokers' hands always
    True — so opponents skipped by it play the first hint they played before."""
    from rules.engine.special_screen import may_declare
    from rules.engine.specials import best_special

    config = preset(name)
    hands = _near_specials(config, seed=len(name), count=400)
    flags = may_declare(hands, config)
    formed = 0
    for hand, flag in zip(hands, flags):
        special = best_special(hand, config)
        formed += special is not None
        if any(card.is_joker for card in hand):
            assert flag
        if not flag:
            assert special is None
    assert formed  # the drawn hands reach specials, so the screen was put to work
    assert not all(flags)  # and it refuses some


def test_opponents_arranged_together_play_what_each_plays_alone():
    """advisor_deals.opponent_arrangements: the same arrangement per hand as
    opponent_arrangement, 13 cards (screened), 16 cards and jokers (tested in full)."""
    from rules.engine.advisor_candidates import Candidate
    from rules.engine.advisor_deals import opponent_arrangement, opponent_arrangements

    for name in ("standard", "jokers", "extra-suit", "extra-three", "shisandao"):
        config = preset(name)
        rng = random.Random(name)
        deck = build_deck(config.deck, config.jokers)
        hands = [rng.sample(deck, config.hand_size) for _ in range(60)]
        if config.hand_size == 13:
            hands += _near_specials(config, seed=3, count=20)
        together = opponent_arrangements(hands, config)
        for hand, arranged in zip(hands, together):
            alone = opponent_arrangement(hand, config)
            assert Candidate(arranged).signature == Candidate(alone).signature
            assert sorted(c.code for c in arranged.cards) == sorted(c.code for c in alone.cards)
