"""The orders the compiled first hint and Pareto front walk a hand's rows in, and the
patterns the first hint does not walk (issue 23, rules.engine.compiled): the radix sort
of the rows' places is numpy's stable sort of their codes, highest first; a category's
backs sorted by their groups' places come highest group first — the orders the code
they replaced (np.argsort) gave; and a pattern whose same-rank groups or flush rows do
not fit the hand shows no split in the search either."""

from __future__ import annotations

import numpy as np
import pytest

from rules.engine import compiled
from rules.engine.advisor_scoring import CATEGORY_SHIFT
from rules.engine.cards import SeededSource, build_deck, shuffle
from rules.engine.presets import preset
from rules.engine.search import best_layouts


def _rows_of(hands, table, wheel):
    """Each hand's 1,287 fives read from `table` (ranked or grouped), as _hand_rows
    reads them, cards high to low."""
    ranks, suits = compiled._ranks_and_suits(hands)
    fives = np.empty(1287, dtype=np.int64)
    threes = np.empty(1 << 13, dtype=np.int64)
    for r, s in zip(ranks, suits):
        compiled._hand_rows(r, s, table, compiled.row_tables(wheel)[1], compiled._BINOM,
                            fives, threes)
        yield fives.copy()


def _hands(name, count, seed, pick=None):
    config = preset(name)
    deck = [card for card in build_deck(config.deck, config.jokers)
            if pick is None or pick(card)]
    source = SeededSource(seed)
    return config, [list(shuffle(deck, source)[:13]) for _ in range(count)]


@pytest.mark.parametrize("name", ["standard", "extra-suit"])
def test_the_places_order_rows_as_their_keys_do(name):
    """ranked_tables' places and grouped_table's group places rise with the codes and
    the groups they stand for, and are equal only where those are."""
    wheel = preset(name).wheel
    codes5, codes3 = compiled.row_tables(wheel)
    packed5, packed3 = compiled.ranked_tables(wheel)
    for codes, packed, bits in ((codes5.ravel(), packed5.ravel(), compiled.PLACE5_BITS),
                                (codes3, packed3, compiled.PLACE3_BITS)):
        assert (packed >> bits == codes).all()
        place = packed & ((1 << bits) - 1)
        assert (np.unique(codes, return_inverse=True)[1].ravel() == place).all()
    grouped = compiled.grouped_table(wheel).ravel()
    codes = codes5.ravel()
    assert (grouped >> compiled.GROUP_BITS == codes).all()
    category = codes >> CATEGORY_SHIFT
    group = codes >> (5 * (6 - compiled._GROUP5[category]))
    place = grouped & ((1 << compiled.GROUP_BITS) - 1)
    for strength in np.unique(category):
        of = category == strength
        order = np.argsort(group[of], kind="stable")
        assert (np.diff(place[of][order]) >= 0).all()
        assert ((np.diff(place[of][order]) == 0) == (np.diff(group[of][order]) == 0)).all()
        assert place[of].max() < compiled._group_counts(wheel)[strength]


@pytest.mark.parametrize("pick", [None, lambda card: card.suit in "sh",
                                  lambda card: card.rank >= 8],
                         ids=["random", "two-suits", "high-ranks"])
def test_the_radix_sort_is_the_stable_sort_of_the_codes_highest_first(pick):
    config, hands = _hands("standard", 40, seed=61, pick=pick)
    table = compiled.ranked_tables(config.wheel)[0]
    for packed in _rows_of(hands, table, config.wheel):
        codes = np.empty_like(packed)
        work = [np.empty_like(packed) for _ in range(3)]
        order = compiled._sorted_down(packed, compiled.PLACE5_BITS, codes, *work,
                                      np.empty(129, dtype=np.int64))
        assert (codes == packed >> compiled.PLACE5_BITS).all()
        assert order.tolist() == np.argsort(-codes, kind="mergesort").tolist()


@pytest.mark.parametrize("pick", [None, lambda card: card.suit in "sh",
                                  lambda card: card.rank >= 8],
                         ids=["random", "two-suits", "high-ranks"])
def test_a_categorys_backs_come_highest_group_first(pick):
    """_groups_down puts every category's fives in the order of their groups, highest
    first, by insertion (few fives) or by counting (many) — the same fives."""
    config, hands = _hands("standard", 40, seed=62, pick=pick)
    table = compiled.grouped_table(config.wheel)
    counts = compiled._group_counts(config.wheel)
    bits = compiled.GROUP_BITS
    for grouped in _rows_of(hands, table, config.wheel):
        place = grouped & ((1 << bits) - 1)
        category = grouped >> (bits + CATEGORY_SHIFT)
        for strength in np.unique(category):
            fives = np.flatnonzero(category == strength)
            bucket = np.concatenate([[-1], fives, [-1]]).astype(np.int64)
            compiled._groups_down(bucket, 1, len(fives) + 1, place, counts[strength],
                                  np.empty(counts.max() + 1, dtype=np.int64),
                                  np.empty(len(bucket), dtype=np.int64))
            assert bucket[0] == bucket[-1] == -1  # nothing outside the range moved
            assert sorted(bucket[1:-1].tolist()) == fives.tolist()
            assert (np.diff(place[bucket[1:-1]]) <= 0).all()


@pytest.mark.parametrize("pick", [None, lambda card: card.rank in (2, 3, 4, 5, 9, 10, 11),
                                  lambda card: card.suit in "sh"],
                         ids=["random", "few-ranks", "two-suits"])
def test_a_pattern_whose_groups_or_flushes_do_not_fit_shows_no_split(pick):
    """The first hint skips a pattern that needs more flush rows than the hand's suits
    hold fives, or more same-rank groups of k cards than its ranks can be cut into
    (compiled._needs against the hand's room): the search finds none of them."""
    config, hands = _hands("extra-suit", 25, seed=63, pick=pick)
    patterns = [(f, m, b) for b in range(10) for m in range(b + 1) for f in (0, 1, 3)
                if f <= m]
    needs = compiled._needs(patterns)
    refused = 0
    for hand in hands:
        ranks = [card.rank for card in hand]
        suits = [card.suit for card in hand]
        room = [0, sum(suits.count(suit) // 5 for suit in set(suits))]
        room += [sum(ranks.count(rank) // k for rank in set(ranks)) for k in range(2, 6)]
        for pattern, need in zip(patterns, needs.tolist()):
            if any(n > r for n, r in zip(need[1:], room[1:])):
                refused += 1
                assert best_layouts(hand, config.wheel, [pattern]) == [], pattern
    assert refused > 100  # the screen was put to the test
