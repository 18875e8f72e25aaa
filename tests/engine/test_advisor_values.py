"""The advisor's uses (issue 16): the hints' values, the strong bot's choice, the timer's
and the analysis' figures — against exact enumeration on a small case, reproducible from a
seed — and the 16-card special search's pre-check, which must change no answer."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from rules.engine.advisor import (STRONG_TABLES, advise, best_arrangement, rate_arrangement,
                                  seed_for, timer_arrangement, value_hints)
from rules.engine.advisor_candidates import hint_arrangement
from rules.engine.advisor_deals import exact_deals, opponent_arrangement
from rules.engine.cards import SeededSource, build_deck, display_order, shuffle
from rules.engine.config import ConfigError, RuleConfig
from rules.engine.hints import _Declared, _special, hints
from rules.engine.presets import preset
from rules.engine.specials import best_special

from .test_advisor import SMALL_HAND, SMALL_UNSEEN, reference_points

STANDARD = preset("standard")


def _exact_tables(config):
    return [tuple(opponent_arrangement(hand, config) for hand in deal)
            for deal in exact_deals(SMALL_UNSEEN, 1, config)]


@pytest.mark.parametrize("name", ["standard", "classic"])
def test_every_hint_value_is_the_exact_mean_over_every_deal(name):
    config = preset(name)
    values = value_hints(SMALL_HAND, config, players=2, exact=True, unseen=SMALL_UNSEEN)
    tables = _exact_tables(config)
    assert [h.rows for h in values.hints] == [h.rows for h in hints(SMALL_HAND, config)]
    for hint, ev in zip(values.hints, values.evs):
        exact = np.mean(reference_points(hint_arrangement(hint, config), tables, config))
        assert ev == pytest.approx(exact, abs=1e-12)
    best = advise(SMALL_HAND, config, players=2, unseen=SMALL_UNSEEN, exact=True).best
    assert values.best.ev == pytest.approx(best.ev) and values.best.ev >= max(values.evs)
    if values.best_index is not None:
        assert values.best_hint == values.hints[values.best_index]
        assert values.evs[values.best_index] == pytest.approx(values.best.ev)


def test_the_rating_of_an_arrangement_is_its_exact_mean_and_the_loss_is_never_negative():
    config = STANDARD
    first = hint_arrangement(hints(SMALL_HAND, config)[0], config)
    advice = rate_arrangement(SMALL_HAND, first, config, players=2, exact=True,
                              unseen=SMALL_UNSEEN)
    exact = np.mean(reference_points(first, _exact_tables(config), config))
    assert advice.arrangement.ev == pytest.approx(exact, abs=1e-12)
    assert advice.best.ev >= advice.arrangement.ev


def _hand(config, seed):
    return list(shuffle(build_deck(config.deck, config.jokers), SeededSource(seed))
                [:config.hand_size])


def test_the_strong_bots_choice_is_reproducible_from_its_seed():
    hand = _hand(STANDARD, 5)
    one = best_arrangement(hand, STANDARD, opponents=3, seed=9)
    assert one == best_arrangement(hand, STANDARD, opponents=3, seed=9)
    # The strong bot's tables: STRONG_TABLES, every one dealt (advisor.strong_advice).
    assert one == advise(hand, STANDARD, players=4, seed=9, samples=STRONG_TABLES,
                         floor=STRONG_TABLES).best.arrangement
    assert not one.foul


def test_hint_values_are_reproducible_and_seeded_by_the_cards_alone():
    hand = _hand(STANDARD, 6)
    assert seed_for(hand) == seed_for(list(reversed(hand)))
    one = value_hints(hand, STANDARD, players=4, samples=40)
    assert one == value_hints(list(reversed(hand)), STANDARD, players=4, samples=40)
    assert one.seed == seed_for(hand)
    assert timer_arrangement(hand, STANDARD, players=4) == timer_arrangement(
        hand, STANDARD, players=4)


def test_the_best_not_among_the_hints_is_shown_as_a_hint_of_its_own_rows():
    for seed in range(30):
        hand = _hand(STANDARD, 100 + seed)
        values = value_hints(hand, STANDARD, players=4, samples=30)
        if values.best_index is None:
            shown = values.best_hint
            assert sorted(shown.front + shown.middle + shown.back, key=display_order) == \
                sorted(hand, key=display_order)
            assert shown.special is None or shown.special == values.best.special
            return
    pytest.skip("every EV-best was a hint on these hands")


def test_the_timer_policy_is_an_option_with_two_values():
    assert RuleConfig().timer_policy == "first_hint"
    assert RuleConfig.from_dict({"timer_policy": "best_ev"}).timer_policy == "best_ev"
    with pytest.raises(ConfigError, match="timer_policy"):
        RuleConfig.from_dict({"timer_policy": "random"})


def _special_without_precheck(cards, config):
    """hints._special as it was before the pre-check: every choice of 13, every special."""
    ordered = sorted(cards, key=display_order)
    top_rank = min(rule.rank for rule in config.specials)
    best, seen = None, set()
    for left_out in combinations(range(len(ordered)), len(ordered) - 13):
        unused = tuple(ordered[i] for i in left_out)
        if unused in seen:
            continue
        seen.add(unused)
        chosen = tuple(card for i, card in enumerate(ordered) if i not in left_out)
        match = best_special(chosen, config)
        if match and (best is None or match.rank < best.match.rank):
            best = _Declared(match, chosen, unused)
            if match.rank == top_rank:
                break
    return best


@pytest.mark.parametrize("seed", range(4))
def test_the_16_card_precheck_changes_no_special(seed):
    config = preset("extra-three")
    rng = random.Random(seed)
    deck = build_deck(config.deck, config.jokers)
    for _ in range(60):
        hand = rng.sample(deck, 16)
        assert _special(hand, config) == _special_without_precheck(hand, config)
    # Hands built to hold specials: one suit's run, pairs, one colour.
    suited = [c for c in deck if c.suit == "s"] + [c for c in deck if c.suit == "h"][:3]
    pairs = sorted(deck, key=lambda c: (c.rank, c.suit))[:16]
    red = [c for c in deck if c.suit in "hd"][:16]
    for hand in (suited, pairs, red):
        assert _special(hand, config) == _special_without_precheck(hand, config)
        assert _special(hand, config) is not None
