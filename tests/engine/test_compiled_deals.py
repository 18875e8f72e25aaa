"""The advisor's opponents dealt and screened compiled (issue 23, rules.engine.compiled):
the same tables as random.sample dealt them (advisor_deals.sample_deals), the same
special screen as special_screen.may_declare, the same sweep flags as
advisor_scoring.opponents_sweep — on many hands of every preset it serves."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import islice

import numpy as np
import pytest

from rules.engine import compiled
from rules.engine.advisor_deals import (DealStream, Dealt, opponent_arrangements,
                                        opponent_seats, sample_deals, unseen_cards)
from rules.engine.advisor_scoring import SEAT_FIELDS, SeatArrays, opponents_sweep
from rules.engine.cards import SUITS, SeededSource, build_deck, shuffle
from rules.engine.presets import PRESETS, preset
from rules.engine.special_screen import may_declare

from .test_compiled import _random_seats
from .test_special_screen import _near_specials


def test_the_compiled_seeding_is_random_randoms():
    """compiled.deal_state seeds the twister as random.Random(seed) does (CPython's
    init_by_array over the seed's 32-bit words): the same 624 words and place, for
    seeds of one word, several, zero and negative ones."""
    rng = random.Random(23)
    seeds = [0, 1, 2, 2**31 - 1, 2**32 - 1, 2**32, 2**64 + 5, -7, 10**30]
    seeds += [rng.getrandbits(32) for _ in range(40)] + [rng.getrandbits(100) for _ in range(5)]
    for seed in seeds:
        words, place = compiled.deal_state(seed)
        state = random.Random(seed).getstate()[1]
        assert (words.tolist(), int(place[0])) == (list(state[:624]), state[624]), seed


@pytest.mark.parametrize("population, k", [(39, 36), (39, 13), (52, 48), (52, 13),
                                           (40, 3), (13, 13), (120, 10), (600, 40)])
def test_the_compiled_dealer_draws_what_random_sample_draws(population, k):
    """compiled.deal continues random.Random(seed) as random.sample does, call after
    call — from a shrinking pool and, for a large population, by rejecting repeats."""
    for seed in (0, 1, 7, 2**31 + 5, 123456789):
        rng = random.Random(seed)
        want = [rng.sample(range(population), k) for _ in range(40)]
        words, place = compiled.deal_state(seed)
        got = [compiled.deal(words, place, population, k, tables).tolist()
               for tables in (1, 24, 8, 7)]
        assert [row for part in got for row in part] == want


@pytest.mark.parametrize("name", ["standard", "extra-suit", "jokers", "extra-three",
                                  "shisandao"])
def test_a_deal_stream_deals_sample_deals_tables(name):
    """advisor_deals.DealStream: sample_deals' tables in order, however many are drawn
    at a time, as positions in the unseen cards."""
    config = preset(name)
    deck = build_deck(config.deck, config.jokers)
    for seed, opponents in ((3, 3), (11, 1), (2024, 2)):
        hand = list(shuffle(deck, SeededSource(seed))[:config.hand_size])
        unseen = unseen_cards(hand, config)
        want = list(islice(sample_deals(unseen, opponents, config, seed), 40))
        stream = DealStream(unseen, opponents, config, seed)
        got = []
        for tables in (24, 8, 1, 7):
            dealt = stream.draw(tables)
            hands = list(dealt)
            got.extend(tuple(hands[t * opponents:(t + 1) * opponents]) for t in range(tables))
        assert got == want


def test_the_unseen_cards_are_the_deck_minus_the_hand_in_display_order():
    from collections import Counter

    from rules.engine.advisor_deals import AdvisorError
    from rules.engine.cards import display_order, parse_cards

    for name in ("standard", "extra-suit", "jokers"):
        config = preset(name)
        deck = build_deck(config.deck, config.jokers)
        for seed in range(20):
            hand = list(shuffle(deck, SeededSource(seed))[:config.hand_size])
            rest = Counter(deck)
            rest.subtract(Counter(hand))
            assert unseen_cards(hand, config) == sorted(rest.elements(), key=display_order)
    with pytest.raises(AdvisorError, match="BJ"):
        unseen_cards(parse_cards(["BJ", "As"]), preset("standard"))


SCREENED = [name for name, config in PRESETS.items() if config.hand_size == 13]


@pytest.mark.parametrize("name", SCREENED)
def test_the_compiled_screen_is_may_declare(name):
    """compiled.may_declare answers what special_screen.may_declare answers, hand by
    hand, on hands drawn near every special (jokers' hands aside: both pass them on)."""
    config = preset(name)
    hands = [hand for hand in _near_specials(config, seed=len(name) + 3, count=400)
             if not any(card.is_joker for card in hand)]
    ranks = np.array([[card.rank for card in hand] for hand in hands], dtype=np.int64)
    suits = np.array([[SUITS.index(card.suit) for card in hand] for hand in hands],
                     dtype=np.int64)
    got = compiled.may_declare(ranks, suits, config)
    assert got.tolist() == may_declare(hands, config)
    assert got.any() and not got.all()
    none = compiled.may_declare(ranks, suits, replace(config, specials=()))
    assert not none.any()


def test_the_compiled_screen_reads_every_specials_parameters():
    """Rules with changed parameters; a code the screen does not know passes every hand
    (as special_screen.may_hold's does)."""
    from rules.engine.config import SpecialRule

    config = preset("standard")
    changed = []
    for rule in config.specials:
        if rule.code == "all_high":
            rule = replace(rule, params=(("min_rank", 10),))
        if rule.code == "all_low":
            rule = replace(rule, params=(("max_rank", 6),))
        changed.append(rule)
    changed_config = replace(config, specials=tuple(changed))
    hands = _near_specials(changed_config, seed=5, count=200)
    ranks = np.array([[card.rank for card in hand] for hand in hands])
    suits = np.array([[SUITS.index(card.suit) for card in hand] for hand in hands])
    assert (compiled.may_declare(ranks, suits, changed_config).tolist()
            == may_declare(hands, changed_config))
    unknown = replace(config, specials=(SpecialRule(code="someday", name="?", rank=99,
                                                    points=1),))
    assert compiled.may_declare(ranks, suits, unknown).all()


@pytest.mark.parametrize("name", ["standard", "fuzhou", "extra-suit", "jokers",
                                  "shisandao"])
def test_dealt_opponents_pack_what_their_arrangements_pack(name):
    """opponent_seats of a DealStream's tables (positions in the unseen cards, screened
    and arranged compiled) packs what SeatArrays.pack packs of the same hands'
    arrangements by the Python policy, field for field."""
    config = preset(name)
    if name == "fuzhou":
        config = replace(config, horse_card="Ah")
    deck = build_deck(config.deck, config.jokers)
    for seed in range(4):
        hand = list(shuffle(deck, SeededSource(seed + 40))[:13])
        stream = DealStream(unseen_cards(hand, config), 3, config, seed)
        dealt = stream.draw(40)
        fast = opponent_seats(dealt, config, (40, 3))
        slow = SeatArrays.pack(opponent_arrangements(list(dealt), config), config, (40, 3))
        for field in SEAT_FIELDS:
            assert np.array_equal(getattr(fast, field), getattr(slow, field)), field
    assert isinstance(Dealt.of([hand]), Dealt) and list(Dealt.of([hand])) == [tuple(hand)]


@pytest.mark.parametrize("name, change", [("standard", {}), ("classic", {}),
                                          ("standard", {"scoop": "bonus"})])
def test_the_compiled_sweep_is_opponents_sweep(name, change):
    config = replace(preset(name), **change)
    rng = np.random.default_rng(3)
    for opponents in (1, 2, 3):
        for _ in range(6):
            field = _random_seats(rng, (50, opponents), fouls=0.2, specials=0.1,
                                  horses=0.1)
            assert np.array_equal(compiled.opponents_sweep(field, config),
                                  opponents_sweep(field, config))


@pytest.mark.parametrize("name", ["standard", "shisandao", "classic", "fuzhou", "fujian"])
def test_the_compiled_screen_of_each_special_is_may_holds(name):
    """compiled.may_hold's bit for each special is special_screen.may_hold's answer for
    that special (what opponent_seats tests a hand for), hand by hand."""
    from rules.engine.special_screen import Choices, may_hold

    config = preset(name)
    hands = _near_specials(config, seed=len(name), count=300)
    ranks = np.array([[card.rank for card in hand] for hand in hands])
    suits = np.array([[SUITS.index(card.suit) for card in hand] for hand in hands])
    bits = compiled.may_hold(ranks, suits, config)
    choices = Choices.of_hands(hands)
    for at, rule in enumerate(config.specials):
        assert ((bits >> at) & 1).astype(bool).tolist() == may_hold(rule, choices).tolist()


@pytest.mark.parametrize("name", [name for name, config in PRESETS.items()
                                  if config.hand_size == 13 and not config.jokers])
def test_a_special_tested_only_where_the_screen_lets_it_through_is_the_same(name):
    """best_special given the screen's bits (what opponent_seats passes) declares what
    it declares testing every special: a special the counts refuse is never formed."""
    from rules.engine.specials import best_special

    config = preset(name)
    hands = _near_specials(config, seed=len(name) + 1, count=300)
    ranks = np.array([[card.rank for card in hand] for hand in hands])
    suits = np.array([[SUITS.index(card.suit) for card in hand] for hand in hands])
    declared = 0
    for hand, bits in zip(hands, compiled.may_hold(ranks, suits, config).tolist()):
        want = best_special(hand, config)
        assert best_special(hand, config, screened=bits) == want, [c.code for c in hand]
        declared += want is not None
    assert declared > 10  # the hands near specials form some


@pytest.mark.parametrize("name", ["standard", "classic", "jokers", "extra-suit",
                                  "extra-three", "shisandao", "fuzhou"])
def test_a_hints_arrangement_from_its_keys_is_arranges(name):
    """advisor_candidates.hint_arrangement reads a normal hint's rows' values off the
    keys its search found (Hint.keys): the arrangement arrange() builds of its rows, the
    foul and every key the same (a declaration: arrange's rows with the special)."""
    from rules.engine.advisor_candidates import hint_arrangement
    from rules.engine.arrangement import arrange
    from rules.engine.hints import hints

    config = preset(name)
    deck = build_deck(config.deck, config.jokers)
    keyed = 0
    for seed in range(40):
        hand = list(shuffle(deck, SeededSource(seed + 300))[:config.hand_size])
        for hint in hints(hand, config):
            got = hint_arrangement(hint, config)
            want = arrange(hint.front, hint.middle, hint.back, config)
            assert (got.rows, got.values) == (want.rows, want.values)
            assert got.foul == (want.foul and hint.special is None)
            keyed += hint.keys is not None
    assert keyed
