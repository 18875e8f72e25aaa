"""The advisor's opponents' first hints, compiled (issue 23): the three rows' keys of the
first hint of many 13-card hands at once, the same keys hints.first_layout finds.

Why: the advisor plays every candidate against sampled tables whose opponents submit
their first hint (advisor_deals), and those hints were over half of a decision's CPU in
CPython (~90 µs each, 72 a hand at 24 tables). The advisor needs only what settlement
compares — each row's key as advisor_scoring.key_code packs it, and its category — so
this module finds those with numba, from tables of every row's key built once from
rows.key5 and rows.key3 themselves (so a row is worth here exactly what it is worth
there).

What it computes is the definition search.py implements (and hints.py documents):
the first pattern, in the rule set's hint order (hints.pattern_order: patterns with a
back of a pair or better, then, only if none can be shown, the others), that some valid
arrangement shows; and of that pattern's valid arrangements the one highest by
search.preference — back group, middle group, front group, front singles, middle
kickers, back kickers. Valid: the front not above the middle over the front's length
(rows.front_not_above_middle), the middle not above the back. The search gets there by
walking rank groups strongest first; here every split is looked at (a back, then each
five of the eight cards left as the middle, the last three the front), backs of the
pattern's back category highest group first, so that a pattern stops at the first
group that has a valid split. tests/engine/test_first_rows.py checks that both give the
same keys on thousands of hands of every preset this serves.

What it serves: 13 cards without jokers, from the standard or the extra-suit deck (twin
diamonds are two cards of one suit). Other hands (16 cards, jokers) and hands that may
declare a special (special_screen.may_declare) keep the Python path (advisor_deals).

Compiled once per machine: numba caches the machine code beside this module
(`cache=True`), so a fresh process loads it instead of compiling it (~seconds) again.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
from numba import njit

from .config import RuleConfig
from .rows import HIGH_CARD, PAIR, THREE_OF_A_KIND, key3, key5
from .search import GROUP_LEN3, GROUP_LEN5

CARDS = 13
BITS = 5      # advisor_scoring.key_code: an entry a base-32 digit...
ENTRIES = 6   # ...six of them, the longest key's length
RANKS = 13    # ranks 2..14 indexed 0..12
CATEGORIES = 10
SUITS = "shcd"

_SUB5 = np.array(list(combinations(range(CARDS), 5)), dtype=np.int64)  # 1287 fives of 13
_MIDDLES = np.array(list(combinations(range(8), 5)), dtype=np.int64)   # the middles of 8
_INDEX5 = np.full(1 << CARDS, -1, dtype=np.int64)  # a five's position mask -> its index
_INDEX5[(1 << _SUB5).sum(axis=1)] = np.arange(len(_SUB5))
# How many key entries make a row's group (search.GROUP_LEN5 / GROUP_LEN3), and a
# front key's length (a front is compared with the middle over that many entries).
_GROUP5 = np.array([GROUP_LEN5[category] for category in range(CATEGORIES)], dtype=np.int64)
_GROUP3 = np.zeros(CATEGORIES, dtype=np.int64)
_FRONT_LEN = np.zeros(CATEGORIES, dtype=np.int64)
for _category, _length in GROUP_LEN3.items():
    _GROUP3[_category] = _length
_FRONT_LEN[[THREE_OF_A_KIND, PAIR, HIGH_CARD]] = (2, 3, 4)


def _code(key: tuple) -> int:
    """advisor_scoring.key_code (imported there from here would be a cycle)."""
    from .advisor_scoring import key_code
    return key_code(key)


def _multiset_index(ranks: tuple[int, ...]) -> int:
    """The index of ranks high to low (repeats allowed) among all such tuples of their
    length: the combinatorial number system over ranks 0..12 shifted apart, so that the
    tables hold 6,188 fives and 455 threes and stay in the processor's cache."""
    size = len(ranks)
    return sum(comb(rank - 2 + size - 1 - i, size - i) for i, rank in enumerate(ranks))


# _BINOM[k, x] = C(x, k): what _multiset_index adds for an entry, in compiled code.
_BINOM = np.array([[comb(x, k) for x in range(RANKS + 5)] for k in range(6)],
                  dtype=np.int64)


@lru_cache(maxsize=4)
def row_tables(wheel: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every row's code and category by its ranks high to low (_multiset_index): fives
    (2, 6188) — not one suit, one suit — and threes (455,), from rows.key5/key3."""
    descending = range(14, 1, -1)
    fives = comb(RANKS + 4, 5)
    codes5 = np.zeros((2, fives), dtype=np.int64)
    cats5 = np.zeros((2, fives), dtype=np.int64)
    for ranks in combinations_with_replacement(descending, 5):
        index = _multiset_index(ranks)
        for flush in (0, 1):
            key = key5(ranks, bool(flush), wheel)
            codes5[flush, index] = _code(key)
            cats5[flush, index] = key[0]
    threes = comb(RANKS + 2, 3)
    codes3 = np.zeros(threes, dtype=np.int64)
    cats3 = np.zeros(threes, dtype=np.int64)
    for ranks in combinations_with_replacement(descending, 3):
        key = key3(ranks)
        codes3[_multiset_index(ranks)] = _code(key)
        cats3[_multiset_index(ranks)] = key[0]
    return codes5, cats5, codes3, cats3


@lru_cache(maxsize=64)
def _orders(config: RuleConfig) -> tuple[np.ndarray, np.ndarray]:
    from .hints import pattern_order
    main, fallback = pattern_order(config)
    return (np.array(main, dtype=np.int64).reshape(-1, 3),
            np.array(fallback, dtype=np.int64).reshape(-1, 3))


def served(hand, config: RuleConfig) -> bool:
    """Whether this module arranges the hand: 13 cards without a joker, from a deck of
    four suits (the caller knows that the hand declares no special)."""
    return (len(hand) == CARDS and config.deck in ("standard", "extra_suit")
            and not any(card.is_joker for card in hand))


# Every card as a number: its rank (0..12) plus 13 times its suit, so that a hand's ranks
# and suits are two array operations away.
_NUMBER = {(rank, suit): rank - 2 + RANKS * SUITS.index(suit)
           for rank in range(2, 15) for suit in SUITS}


def first_rows(hands, config: RuleConfig) -> tuple[np.ndarray, np.ndarray]:
    """(codes, categories), each (len(hands), 3) int64, front / middle / back: the keys of
    each hand's first normal hint (module docstring). Every hand must be `served`."""
    count = len(hands)
    numbers = np.array([[_NUMBER[card.rank, card.suit] for card in hand] for hand in hands],
                       dtype=np.int64).reshape(count, CARDS)
    # Each hand's cards high to low, so that any subset taken in position order lists its
    # ranks high to low, as the tables are indexed.
    ranks = numbers % RANKS
    order = np.argsort(-ranks, axis=1, kind="stable")
    ranks = np.take_along_axis(ranks, order, axis=1)
    suits = np.take_along_axis(numbers // RANKS, order, axis=1)
    main, fallback = _orders(config)
    codes = np.empty((count, 3), dtype=np.int64)
    cats = np.empty((count, 3), dtype=np.int64)
    _arrange_all(ranks, suits, *row_tables(config.wheel), main, fallback, _SUB5, _MASK5,
                 _MIDDLES, _INDEX5, _BINOM, _GROUP5, _GROUP3, _FRONT_LEN, codes, cats)
    return codes, cats


_MASK5 = (1 << _SUB5).sum(axis=1)  # each five's position mask


def _split_rows() -> tuple[np.ndarray, np.ndarray]:
    """Every split as (back five) x (its 56 middles, combinations' order): the middle's
    five index and the front's position mask, so the compiled loops read two numbers a
    split (advisor_candidates._split_tables' order: split = back * 56 + middle)."""
    middle_of = np.empty((len(_SUB5), len(_MIDDLES)), dtype=np.int64)
    front_of = np.empty((len(_SUB5), len(_MIDDLES)), dtype=np.int64)
    full = (1 << CARDS) - 1
    for back, mask in enumerate(_MASK5.tolist()):
        rest = np.array([p for p in range(CARDS) if not mask >> p & 1], dtype=np.int64)
        middle_masks = (1 << rest[_MIDDLES]).sum(axis=1)
        middle_of[back] = _INDEX5[middle_masks]
        front_of[back] = (full ^ mask) ^ middle_masks
    return middle_of, front_of


_SPLIT_MIDDLE, _SPLIT_FRONT = _split_rows()


@njit(cache=True, nogil=True)
def _arrange_all(ranks, suits, codes5_table, cats5_table, codes3_table, cats3_table,
                 main, fallback, sub5, mask5, middles, index5, binom, group5,
                 group3, front_len, out_codes, out_cats):
    count = ranks.shape[0]
    fives = sub5.shape[0]
    codes5 = np.empty(fives, dtype=np.int64)
    cats5 = np.empty(fives, dtype=np.int64)
    codes3 = np.empty(1 << 13, dtype=np.int64)  # by the three's position mask
    cats3 = np.empty(1 << 13, dtype=np.int64)
    bucket = np.empty(fives, dtype=np.int64)     # the fives by category, then by code
    start = np.empty(11, dtype=np.int64)
    sorted_ = np.zeros(10, dtype=np.bool_)
    found = np.empty(6, dtype=np.int64)
    three_count = np.zeros(10, dtype=np.int64)
    five_count = np.zeros(10, dtype=np.int64)
    term = np.empty((5, 13), dtype=np.int64)
    for hand in range(count):
        r = ranks[hand]
        s = suits[hand]
        _hand_rows(r, s, codes5_table, cats5_table, codes3_table, cats3_table, binom,
                   term, codes5, cats5, five_count, codes3, cats3, three_count)
        # Counting sort of the fives by category; each category's own order by code is
        # made when a pattern first needs it (_first_pattern).
        start[0] = 0
        for category in range(10):
            start[category + 1] = start[category] + five_count[category]
        fill = start[:10].copy()
        for i in range(fives):
            bucket[fill[cats5[i]]] = i
            fill[cats5[i]] += 1
        sorted_[:] = False
        if not _first_pattern(main, codes5, cats5, codes3, cats3, three_count, bucket,
                              start, sorted_, mask5, middles, index5, group5, group3,
                              front_len, found):
            _first_pattern(fallback, codes5, cats5, codes3, cats3, three_count, bucket,
                           start, sorted_, mask5, middles, index5, group5, group3,
                           front_len, found)
        for row in range(3):
            out_codes[hand, row] = found[row]
            out_cats[hand, row] = found[3 + row]


@njit(cache=True, nogil=True)
def _hand_rows(r, s, codes5_table, cats5_table, codes3_table, cats3_table, binom, term,
               codes5, cats5, five_count, codes3, cats3, three_count):
    """Every five's code and category (in _SUB5's order) and every three's (by its
    position mask) of one hand, its cards high to low; the categories counted."""
    suit_count = np.zeros(4, dtype=np.int64)
    for position in range(13):
        suit_count[s[position]] += 1
    may_flush = suit_count.max() >= 5
    # Every five in _SUB5's order (nested loops: combinations' order), its ranks'
    # table index summed as the loops go deeper; a flush only where a suit has five.
    for position in range(13):
        term[0, position] = binom[5, r[position] + 4]
        term[1, position] = binom[4, r[position] + 3]
        term[2, position] = binom[3, r[position] + 2]
        term[3, position] = binom[2, r[position] + 1]
        term[4, position] = binom[1, r[position]]
    five_count[:] = 0
    i = 0
    for a in range(9):
        ia = term[0, a]
        for b in range(a + 1, 10):
            ib = ia + term[1, b]
            for c in range(b + 1, 11):
                ic = ib + term[2, c]
                for d in range(c + 1, 12):
                    id_ = ic + term[3, d]
                    for e in range(d + 1, 13):
                        index = id_ + term[4, e]
                        flush = 0
                        if may_flush and s[a] == s[b] and s[a] == s[c] and s[a] == s[d] \
                                and s[a] == s[e]:
                            flush = 1
                        category = cats5_table[flush, index]
                        codes5[i] = codes5_table[flush, index]
                        cats5[i] = category
                        five_count[category] += 1
                        i += 1
    three_count[:] = 0
    for a in range(13):
        for b in range(a + 1, 13):
            for c in range(b + 1, 13):
                index = binom[3, r[a] + 2] + binom[2, r[b] + 1] + binom[1, r[c]]
                mask = (1 << a) | (1 << b) | (1 << c)
                codes3[mask] = codes3_table[index]
                cats3[mask] = cats3_table[index]
                three_count[cats3_table[index]] += 1


@njit(cache=True, nogil=True)
def _first_pattern(patterns, codes5, cats5, codes3, cats3, three_count, bucket, start,
                   sorted_, mask5, middles, index5, group5, group3, front_len, found):
    """The first of `patterns` a valid split shows, its best split by preference written
    to `found` (front, middle, back codes, then categories); False if none shows."""
    full = (1 << 13) - 1
    rest = np.empty(8, dtype=np.int64)
    for p in range(patterns.shape[0]):
        f, m, b = patterns[p, 0], patterns[p, 1], patterns[p, 2]
        backs = start[b + 1] - start[b]
        middles_of_m = start[m + 1] - start[m]
        if backs == 0 or middles_of_m == 0 or three_count[f] == 0:
            continue
        if not sorted_[b]:  # highest code first, so highest group first
            part = bucket[start[b]:start[b + 1]]
            order = np.argsort(-codes5[part])
            bucket[start[b]:start[b + 1]] = part[order]
            sorted_[b] = True
        back_shift = 5 * (6 - group5[b])
        middle_shift = 5 * (6 - group5[m])
        compare_shift = 5 * (6 - front_len[f])
        have = False
        best_high = 0
        best_low = 0
        best_group = 0
        for k in range(start[b], start[b + 1]):
            back = bucket[k]
            back_code = codes5[back]
            back_group = back_code >> back_shift
            if have and back_group < best_group:
                break  # every later back has a lower group: the best is found
            back_mask = mask5[back]
            left = full ^ back_mask
            # The middles: the category's fives that miss the back when there are few,
            # else every five of the eight cards left.
            few = middles_of_m <= middles.shape[0]
            if not few:
                at = 0
                for position in range(13):
                    if left >> position & 1:
                        rest[at] = position
                        at += 1
            tries = middles_of_m if few else middles.shape[0]
            for j in range(tries):
                if few:
                    middle = bucket[start[m] + j]
                    middle_mask = mask5[middle]
                    if middle_mask & back_mask:
                        continue
                else:
                    middle_mask = 0
                    for q in range(5):
                        middle_mask |= 1 << rest[middles[j, q]]
                    middle = index5[middle_mask]
                    if cats5[middle] != m:
                        continue
                middle_code = codes5[middle]
                if middle_code > back_code:
                    continue
                front_mask = left ^ middle_mask
                if cats3[front_mask] != f:
                    continue
                front_code = codes3[front_mask]
                if (front_code >> compare_shift) > (middle_code >> compare_shift):
                    continue
                # search.preference, packed: back and middle groups, then the front
                # (group and singles: its code, whose last two entries are always 0),
                # the middle's kickers and the back's.
                high = (back_group << (30 - middle_shift)) | (middle_code >> middle_shift)
                low = (((front_code >> 10) << middle_shift
                        | (middle_code & ((1 << middle_shift) - 1))) << back_shift
                       | (back_code & ((1 << back_shift) - 1)))
                if not have or high > best_high or (high == best_high and low > best_low):
                    have = True
                    best_high = high
                    best_low = low
                    best_group = back_group
                    found[0] = front_code
                    found[1] = middle_code
                    found[2] = back_code
                    found[3] = f
                    found[4] = m
                    found[5] = b
        if have:
            return True
    return False


# --- the Pareto front of 13 cards (advisor_candidates.pareto_layouts) ---------------------


def pareto_splits(hand, config: RuleConfig) -> list[int]:
    """advisor_candidates._front_splits of a 13-card hand without jokers, in display
    order (so high to low): the splits (indices in advisor_candidates._split_tables'
    order) of the Pareto front of (back, middle, front) keys, strongest back, then middle,
    first; of the splits that show the same keys, the first — the same list, compiled.

    Its steps are _front_splits' own: a split is tested with the higher of its two fives
    behind (the earlier five when their keys are equal: the other order shows the same);
    every pair of back and middle keys keeps its highest front and the first split that
    reaches it; the pairs of one back key, middle descending, keep a front only above
    every front before it; and across backs, strongest first, a pair stays only if no
    pair kept before it has both a middle and a front as high."""
    ranks = np.array([card.rank - 2 for card in hand], dtype=np.int64)
    suits = np.array([SUITS.index(card.suit) for card in hand], dtype=np.int64)
    out = np.empty(len(_SUB5) * len(_MIDDLES), dtype=np.int64)
    count = _pareto(ranks, suits, *row_tables(config.wheel), _BINOM, _SUB5, _SPLIT_MIDDLE,
                    _SPLIT_FRONT, _FRONT_LEN, out)
    return out[:count].tolist()


@njit(cache=True, nogil=True)
def _pareto(r, s, codes5_table, cats5_table, codes3_table, cats3_table, binom, sub5,
            split_middle, split_front, front_len, out):
    fives = sub5.shape[0]
    codes5 = np.empty(fives, dtype=np.int64)
    cats5 = np.empty(fives, dtype=np.int64)
    codes3 = np.empty(1 << 13, dtype=np.int64)
    cats3 = np.empty(1 << 13, dtype=np.int64)
    five_count = np.zeros(10, dtype=np.int64)
    three_count = np.zeros(10, dtype=np.int64)
    term = np.empty((5, 13), dtype=np.int64)
    _hand_rows(r, s, codes5_table, cats5_table, codes3_table, cats3_table, binom, term,
               codes5, cats5, five_count, codes3, cats3, three_count)
    # Keys replaced by their ranks among the hand's rows (np.unique's order).
    five_keys = np.unique(codes5)
    five_rank = np.searchsorted(five_keys, codes5)
    width = five_keys.shape[0]
    three_masks = np.empty(286, dtype=np.int64)
    at = 0
    for a in range(13):
        for b in range(a + 1, 13):
            for c in range(b + 1, 13):
                three_masks[at] = (1 << a) | (1 << b) | (1 << c)
                at += 1
    three_keys = np.unique(codes3[three_masks])
    three_rank = np.full(1 << 13, -1, dtype=np.int64)
    for i in range(286):
        three_rank[three_masks[i]] = np.searchsorted(three_keys, codes3[three_masks[i]])
    # The backs by key, highest first; backs of one key in _SUB5's order.
    by_key = np.argsort(-codes5, kind="mergesort")
    best_front = np.full(width, -1, dtype=np.int64)   # by middle rank, for one back key
    first = np.zeros(width, dtype=np.int64)
    touched = np.empty(fives, dtype=np.int64)
    covered = np.full(width + 1, -1, dtype=np.int64)  # best kept front with a middle ≥ m
    kept = 0
    k = 0
    while k < fives:
        key = codes5[by_key[k]]
        end = k
        while end < fives and codes5[by_key[end]] == key:
            end += 1
        touched_count = 0
        for g in range(k, end):
            back = by_key[g]
            back_code = codes5[back]
            for j in range(56):
                middle = split_middle[back, j]
                middle_code = codes5[middle]
                if middle_code > back_code or (middle_code == back_code and middle < back):
                    continue
                front_mask = split_front[back, j]
                shift = 5 * (6 - front_len[cats3[front_mask]])
                if (codes3[front_mask] >> shift) > (middle_code >> shift):
                    continue
                m = five_rank[middle]
                f = three_rank[front_mask]
                if best_front[m] < 0:
                    touched[touched_count] = m
                    touched_count += 1
                if f > best_front[m]:
                    best_front[m] = f
                    first[m] = back * 56 + j
        # This back key's pairs, middle descending.
        middles_here = np.sort(touched[:touched_count])[::-1]
        running = -1
        for t in range(touched_count):
            m = middles_here[t]
            f = best_front[m]
            if f > running:
                running = f
                if covered[m] < f:
                    out[kept] = first[m]
                    kept += 1
                    for lower in range(m + 1):
                        if covered[lower] < f:
                            covered[lower] = f
            best_front[m] = -1
        k = end
    return kept
