"""The advisor's hot loops, compiled (issue 23): the first hint of its opponents, the
Pareto front of a player's splits, and the player's points at each table — the same
answers as the Python and numpy code they stand in for, at a fraction of the cost.

Why: the advisor plays every candidate against sampled tables whose opponents submit
their first hint (advisor_deals), and those hints were over half of a decision's CPU in
CPython (~90 µs each, 72 a hand at 24 tables); the candidates' Pareto front over the
72,072 splits (advisor_candidates) and the scoring in numpy (advisor_scoring) were most
of the rest. They need only what settlement compares — each row's key as
advisor_scoring.key_code packs it — so this module works on codes, from tables of every row's code built once from rows.key5 and rows.key3
themselves (a row is worth here exactly what it is worth there). A code's top entry is
its category (strength × 2), so `code >> CATEGORY_SHIFT` is the row's category.

**The first hint** (`first_rows`) is the definition search.py implements (hints.py
documents it): the first pattern, in the rule set's hint order (hints.pattern_order:
backs of a pair or better, then, only if none can be shown, the others), that some valid
split shows; and of that pattern's valid splits the highest by search.preference — back
group, middle group, front group, front singles, middle kickers, back kickers. Valid:
the front not above the middle over the front's length (rows.front_not_above_middle),
the middle not above the back. The search gets there by walking rank groups strongest
first; here the splits are walked (a back, then each five of the eight cards left as the
middle, the last three the front), backs of the pattern's back category highest group
first (sorted by their groups' places, grouped_table), so that a pattern stops after the
first back group with a valid split; a pattern whose same-rank groups or flush rows do
not fit the hand's counts (search._pattern_needs, the search's own screen) is not walked.

**The Pareto front** (`pareto_splits`) is advisor_candidates._front_splits, step for step
(its docstring): the same splits in the same order. The rows are ordered by a radix sort
of their codes' places (ranked_tables), and a back whose every split the kept pairs
already cover is skipped (_pareto's comment): the same front for a third of the work.

**The points** (`table_points`) are advisor_scoring.table_points, pair by pair, with no
arrays in between: every mode, foul, special, 马牌, scoop rule and home run.

tests/engine/test_compiled.py checks each against the code it replaces, on thousands of
hands of every preset served (and random seats for the points). The rows serve 13 cards
without jokers, from the standard or the extra-suit deck (twin diamonds are two cards of
one suit); other hands (16 cards, jokers) keep the Python path, and so do the specials
(advisor_deals).

Compiled once per machine: numba caches the machine code beside this module
(`cache=True`), so a fresh process loads it (~1 s with numba's import and the tables)
instead of compiling it again (~20 s); `python -m rules.engine.compiled` does that ahead
of time (`warm`). Only the processes that advise import this module.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
from numba import njit

from .advisor_scoring import CATEGORY_SHIFT
from .config import RuleConfig
from .rows import HIGH_CARD, PAIR, THREE_OF_A_KIND, key3, key5
from .search import GROUP_LEN5

CARDS = 13
RANKS = 13           # ranks 2..14, indexed 0..12
CATEGORIES = 10
SUITS = "shcd"

_FIVES = np.array(list(combinations(range(CARDS), 5)), dtype=np.int64)  # 1,287 of 13
_FIVE_MASK = (1 << _FIVES).sum(axis=1)  # each five's position mask
# How many key entries make a 5-card row's group (search.GROUP_LEN5), and a front key's
# length (a front is compared with the middle over that many entries, and its whole key
# — group, then singles — is one piece of search.preference).
_GROUP5 = np.array([GROUP_LEN5[category] for category in range(CATEGORIES)], dtype=np.int64)
_FRONT_LEN = np.zeros(CATEGORIES, dtype=np.int64)
_FRONT_LEN[[THREE_OF_A_KIND, PAIR, HIGH_CARD]] = (2, 3, 4)


def _split_rows() -> tuple[np.ndarray, np.ndarray]:
    """Every split as (back five) x (its 56 middles, combinations' order): the middle's
    five index and the front's position mask, so that the compiled loops read two
    numbers a split (advisor_candidates._split_tables' order: split = back * 56 + j)."""
    index = np.full(1 << CARDS, -1, dtype=np.int64)
    index[_FIVE_MASK] = np.arange(len(_FIVES))
    middles = np.array(list(combinations(range(8), 5)), dtype=np.int64)
    middle_of = np.empty((len(_FIVES), len(middles)), dtype=np.int64)
    front_of = np.empty((len(_FIVES), len(middles)), dtype=np.int64)
    full = (1 << CARDS) - 1
    for back, mask in enumerate(_FIVE_MASK.tolist()):
        rest = np.array([p for p in range(CARDS) if not mask >> p & 1], dtype=np.int64)
        middle_masks = (1 << rest[middles]).sum(axis=1)
        middle_of[back] = index[middle_masks]
        front_of[back] = (full ^ mask) ^ middle_masks
    return middle_of, front_of


_SPLIT_MIDDLE, _SPLIT_FRONT = _split_rows()


def split_positions(split: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """A split's front, middle and back as positions in the hand, each ascending (the
    order advisor_candidates._split_tables lists them in)."""
    back, j = divmod(split, _SPLIT_MIDDLE.shape[1])
    front_mask = int(_SPLIT_FRONT[back, j])
    return (tuple(p for p in range(CARDS) if front_mask >> p & 1),
            tuple(_FIVES[int(_SPLIT_MIDDLE[back, j])].tolist()), tuple(_FIVES[back].tolist()))


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
def row_tables(wheel: str) -> tuple[np.ndarray, np.ndarray]:
    """Every row's key_code by its ranks high to low (_multiset_index): fives (2, 6188),
    not one suit and one suit, and threes (455,), from rows.key5 and rows.key3."""
    from .advisor_scoring import key_code
    descending = range(14, 1, -1)
    codes5 = np.zeros((2, comb(RANKS + 4, 5)), dtype=np.int64)
    for ranks in combinations_with_replacement(descending, 5):
        for flush in (0, 1):
            codes5[flush, _multiset_index(ranks)] = key_code(key5(ranks, bool(flush), wheel))
    codes3 = np.zeros(comb(RANKS + 2, 3), dtype=np.int64)
    for ranks in combinations_with_replacement(descending, 3):
        codes3[_multiset_index(ranks)] = key_code(key3(ranks))
    return codes5, codes3


# Bits below a code in ranked_tables: room for its place among a table's distinct codes.
PLACE5_BITS = 14
PLACE3_BITS = 9


@lru_cache(maxsize=4)
def ranked_tables(wheel: str) -> tuple[np.ndarray, np.ndarray]:
    """row_tables' codes shifted up, each with its place among the table's distinct
    codes below it (0 the lowest): they order as the codes do, and the place is a short
    number that a radix sort walks in two passes (_sorted_down) where sorting the codes
    themselves cost the Pareto front most of its time."""
    codes5, codes3 = row_tables(wheel)
    place5 = np.unique(codes5, return_inverse=True)[1].reshape(codes5.shape)
    place3 = np.unique(codes3, return_inverse=True)[1].reshape(codes3.shape)
    assert place5.max() < 1 << PLACE5_BITS and place3.max() < 1 << PLACE3_BITS
    return codes5 << PLACE5_BITS | place5, codes3 << PLACE3_BITS | place3


GROUP_BITS = 13  # below a code in grouped_table: its group's place (6,188 flushes at most)


@lru_cache(maxsize=4)
def grouped_table(wheel: str) -> np.ndarray:
    """row_tables' five codes shifted up, each with the place of its group (the entries
    search.GROUP_LEN5 counts: what the first hint's back is walked by) among its
    category's groups below it: a short number to sort a category's backs by."""
    codes5 = row_tables(wheel)[0]
    category = codes5 >> CATEGORY_SHIFT
    group = codes5 >> (5 * (6 - _GROUP5[category]))
    place = np.zeros_like(codes5)
    for strength in range(CATEGORIES):
        of = category == strength
        if of.any():
            place[of] = np.unique(group[of], return_inverse=True)[1].ravel()
    assert place.max() < 1 << GROUP_BITS
    return codes5 << GROUP_BITS | place


@lru_cache(maxsize=4)
def _group_counts(wheel: str) -> np.ndarray:
    """How many groups each category has (grouped_table's places run below it)."""
    table = grouped_table(wheel)
    counts = np.zeros(CATEGORIES, dtype=np.int64)
    np.maximum.at(counts, table.ravel() >> (GROUP_BITS + CATEGORY_SHIFT),
                  (table.ravel() & ((1 << GROUP_BITS) - 1)) + 1)
    return counts


# Every three of 13 positions as its position mask, in combinations' order.
_THREE_MASKS = np.array([sum(1 << p for p in three) for three in combinations(range(CARDS), 3)],
                        dtype=np.int64)


@lru_cache(maxsize=64)
def _orders(config: RuleConfig) -> tuple[np.ndarray, ...]:
    """The hint order's patterns (main, fallback) and what each needs (_needs)."""
    from .hints import pattern_order
    main, fallback = pattern_order(config)
    return (np.array(main, dtype=np.int64).reshape(-1, 3),
            np.array(fallback, dtype=np.int64).reshape(-1, 3), _needs(main), _needs(fallback))


def _needs(patterns) -> np.ndarray:
    """(patterns, 6): for each, its flush rows (entry 1) and its same-rank groups of k
    cards or more (entry k, 2..5), as search._pattern_needs counts them: a hand holding
    fewer five-card suits, or fewer ways to cut such groups from its ranks, cannot show
    the pattern (_first_hints' `room`), so the compiled walk never tries it."""
    from .search import _pattern_needs
    needs = np.zeros((len(patterns), 6), dtype=np.int64)
    for at, pattern in enumerate(patterns):
        sets, flushes, _ = _pattern_needs(tuple(pattern))
        needs[at, 1] = flushes
        for k in range(2, 6):
            needs[at, k] = sum(size >= k for size in sets)
    return needs


def served(hand, config: RuleConfig) -> bool:
    """Whether this module arranges the hand: 13 cards without a joker, from a deck of
    four suits (the caller decides about the specials)."""
    return (len(hand) == CARDS and config.deck in ("standard", "extra_suit")
            and (not config.jokers or not any(card.is_joker for card in hand)))


# Every card as a number: its rank (0..12) plus 13 times its suit.
_NUMBER = {(rank, suit): rank - 2 + RANKS * SUITS.index(suit)
           for rank in range(2, 15) for suit in SUITS}


def _numbers(hands) -> tuple[np.ndarray, np.ndarray]:
    """(ranks 0..12, suits) of each hand's cards as they come, (hands, 13) each."""
    numbers = np.array([[_NUMBER[card.rank, card.suit] for card in hand] for hand in hands],
                       dtype=np.int64).reshape(len(hands), CARDS)
    return numbers % RANKS, numbers // RANKS


def _ranks_and_suits(hands) -> tuple[np.ndarray, np.ndarray]:
    """(ranks, suits) of each hand, (hands, 13), its cards high to low: any subset taken
    in position order then lists its ranks high to low, as the tables are indexed (the
    compiled loops put the cards so themselves: _high_to_low)."""
    return _ordered(*_numbers(hands))


def _ordered(ranks: np.ndarray, suits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ranks (0..12) and suits of each hand, its cards put high to low (a stable sort:
    cards of one rank keep their order)."""
    order = np.argsort(-ranks, axis=1, kind="stable")
    return np.take_along_axis(ranks, order, axis=1), np.take_along_axis(suits, order, axis=1)


def first_rows(hands, config: RuleConfig) -> tuple[np.ndarray, np.ndarray]:
    """(codes, categories), each (len(hands), 3) int64, front / middle / back: the keys of
    each hand's first normal hint (module docstring). Every hand must be `served`."""
    return _first_rows(*_numbers(hands), 0, config)


def first_rows_of(ranks: np.ndarray, suits: np.ndarray,
                  config: RuleConfig) -> tuple[np.ndarray, np.ndarray]:
    """first_rows of hands given as their cards' ranks (2..14) and suits (SUITS' index),
    (hands, 13) each, as advisor_deals.opponent_seats reads them."""
    return _first_rows(ranks, suits, 2, config)


def _first_rows(ranks: np.ndarray, suits: np.ndarray, lowest: int,
                config: RuleConfig) -> tuple[np.ndarray, np.ndarray]:
    """first_rows of hands given as ranks from `lowest` and suits, the cards in any order:
    the compiled loop puts each hand's high to low itself (as _ordered), not numpy."""
    main, fallback, main_needs, fallback_needs = _orders(config)
    codes = np.empty((len(ranks), 3), dtype=np.int64)
    _first_hints(ranks, suits, lowest, grouped_table(config.wheel),
                 row_tables(config.wheel)[1],
                 _BINOM, main, fallback, main_needs, fallback_needs, _SPLIT_MIDDLE,
                 _SPLIT_FRONT, _FIVE_MASK, _GROUP5, _group_counts(config.wheel), _FRONT_LEN,
                 codes)
    return codes, codes >> CATEGORY_SHIFT


def pareto_splits(hand, config: RuleConfig) -> tuple[list[int], np.ndarray]:
    """advisor_candidates._front_splits of a 13-card hand without jokers, in display
    order (so high to low): the splits (indices in advisor_candidates._split_tables'
    order) of the Pareto front of (back, middle, front) keys, strongest back, then middle,
    first; of the splits that show the same keys, the first — the same list, compiled.

    Its steps are _front_splits' own: a split is tested with the higher of its two fives
    behind (the earlier five when their keys are equal: the other order shows the same);
    every pair of back and middle keys keeps its highest front and the first split that
    reaches it; the pairs of one back key, middle descending, keep a front only above
    every front before it; and across backs, strongest first, a pair stays only if no
    pair kept before it has both a middle and a front as high. With each split its rows'
    codes, front / middle / back ((splits, 3) int64): what scoring them needs."""
    ranks, suits = _numbers([hand])
    out = np.empty(_SPLIT_MIDDLE.size, dtype=np.int64)
    out_codes = np.empty((_SPLIT_MIDDLE.size, 3), dtype=np.int64)
    count = _pareto(ranks[0], suits[0], *ranked_tables(config.wheel), _BINOM, _SPLIT_MIDDLE,
                    _SPLIT_FRONT, _FIVE_MASK, _THREE_MASKS, _FRONT_LEN, out, out_codes)
    return out[:count].tolist(), out_codes[:count]


# --- compiled ------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _high_to_low(ranks, suits, lowest, r, s):
    """A hand's ranks (less `lowest`: 0..12) and suits into r and s, high to low in
    _ordered's order (cards of one rank keep theirs), by insertion: 13 cards."""
    for position in range(13):
        rank = ranks[position] - lowest
        suit = suits[position]
        at = position
        while at > 0 and r[at - 1] < rank:
            r[at] = r[at - 1]
            s[at] = s[at - 1]
            at -= 1
        r[at] = rank
        s[at] = suit


@njit(cache=True, nogil=True)
def _hand_rows(r, s, codes5_table, codes3_table, binom, codes5, codes3):
    """Every five's code (in _FIVES' order) and every three's (by its position mask) of
    one hand whose cards are high to low."""
    suit_count = np.zeros(4, dtype=np.int64)
    for position in range(13):
        suit_count[s[position]] += 1
    may_flush = suit_count.max() >= 5
    # Nested loops walk the fives in combinations' order, each one's table index summed
    # as the loops go deeper; suits are compared only where a suit holds five cards.
    term = np.empty((5, 13), dtype=np.int64)
    for position in range(13):
        for k in range(5):
            term[k, position] = binom[5 - k, r[position] + 4 - k]
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
                        flush = 0
                        if may_flush and s[a] == s[b] and s[a] == s[c] and s[a] == s[d] \
                                and s[a] == s[e]:
                            flush = 1
                        codes5[i] = codes5_table[flush, id_ + term[4, e]]
                        i += 1
    for a in range(13):
        for b in range(a + 1, 13):
            for c in range(b + 1, 13):
                codes3[(1 << a) | (1 << b) | (1 << c)] = codes3_table[
                    binom[3, r[a] + 2] + binom[2, r[b] + 1] + binom[1, r[c]]]


@njit(cache=True, nogil=True)
def _sorted_down(packed, bits, codes, order, scratch, key, count):
    """The rows' codes (`packed` as ranked_tables gives them, `bits` of place) written to
    `codes`, and their positions ordered by code, highest first, equal codes in position
    order (a stable sort, as np.argsort(-codes, kind="mergesort")): an LSD radix sort of
    the places, 7 bits a pass. Returns the array holding the order (`order` or
    `scratch`: they swap each pass)."""
    n = packed.shape[0]
    top = (1 << bits) - 1
    for i in range(n):
        codes[i] = packed[i] >> bits
        key[i] = top - (packed[i] & top)
        order[i] = i
    shift = 0
    while shift < bits:
        count[:] = 0
        for i in range(n):
            count[((key[i] >> shift) & 127) + 1] += 1
        for digit in range(128):
            count[digit + 1] += count[digit]
        for i in range(n):
            at = order[i]
            digit = (key[at] >> shift) & 127
            scratch[count[digit]] = at
            count[digit] += 1
        order, scratch = scratch, order
        shift += 7
    return order


@njit(cache=True, nogil=True)
def _first_hints(ranks, suits, lowest, grouped5_table, codes3_table, binom, main, fallback,
                 main_needs, fallback_needs, split_middle, split_front, five_mask, group5,
                 group_counts, front_len, out):
    fives = split_middle.shape[0]
    r = np.empty(13, dtype=np.int64)  # the hand's ranks (0..12) and suits, high to low
    s = np.empty(13, dtype=np.int64)
    grouped5 = np.empty(fives, dtype=np.int64)
    codes5 = np.empty(fives, dtype=np.int64)
    place = np.empty(fives, dtype=np.int64)      # each five's group's place (grouped_table)
    count = np.empty(group_counts.max() + 1, dtype=np.int64)
    scratch = np.empty(fives, dtype=np.int64)
    codes3 = np.zeros(1 << 13, dtype=np.int64)
    bucket = np.empty(fives, dtype=np.int64)     # the fives by category, then by group
    start = np.empty(11, dtype=np.int64)
    sorted_ = np.zeros(10, dtype=np.bool_)
    three_count = np.zeros(10, dtype=np.int64)
    room = np.zeros(6, dtype=np.int64)  # what a pattern's _needs are held against
    suit_count = np.zeros(4, dtype=np.int64)
    quarter = (fives + 3) // 4
    five_count = np.zeros((4, 10), dtype=np.int64)
    fill = np.empty((4, 10), dtype=np.int64)
    found = np.empty(3, dtype=np.int64)
    for hand in range(ranks.shape[0]):
        _high_to_low(ranks[hand], suits[hand], lowest, r, s)
        _hand_rows(r, s, grouped5_table, codes3_table, binom, grouped5, codes3)
        for i in range(fives):
            codes5[i] = grouped5[i] >> GROUP_BITS
            place[i] = grouped5[i] & ((1 << GROUP_BITS) - 1)
        # A counting sort of the fives by category; a category's own order by group is
        # made when a pattern first needs it (_first_pattern). The fives are taken as
        # four quarters side by side, each with its own counts and places, so that the
        # processor runs four chains of increments at once instead of one: the same
        # buckets (a category's fives in their order, quarter after quarter).
        five_count[:] = 0
        for i in range(quarter):
            five_count[0, codes5[i] >> CATEGORY_SHIFT] += 1
            five_count[1, codes5[i + quarter] >> CATEGORY_SHIFT] += 1
            five_count[2, codes5[i + 2 * quarter] >> CATEGORY_SHIFT] += 1
            if i + 3 * quarter < fives:
                five_count[3, codes5[i + 3 * quarter] >> CATEGORY_SHIFT] += 1
        start[0] = 0
        for category in range(10):
            fill[0, category] = start[category]
            for part in range(1, 4):
                fill[part, category] = fill[part - 1, category] + five_count[part - 1, category]
            start[category + 1] = fill[3, category] + five_count[3, category]
        for i in range(quarter):
            category = codes5[i] >> CATEGORY_SHIFT
            bucket[fill[0, category]] = i
            fill[0, category] += 1
            at = i + quarter
            category = codes5[at] >> CATEGORY_SHIFT
            bucket[fill[1, category]] = at
            fill[1, category] += 1
            at += quarter
            category = codes5[at] >> CATEGORY_SHIFT
            bucket[fill[2, category]] = at
            fill[2, category] += 1
            at += quarter
            if at < fives:
                category = codes5[at] >> CATEGORY_SHIFT
                bucket[fill[3, category]] = at
                fill[3, category] += 1
        # Whether any three of the hand is a high card, a pair, trips (rows.key3: all a
        # front can be): read off the ranks (high to low), not the 286 threes.
        # Also the room for the patterns' needs: five-card suits, and groups of k or
        # more cut from each rank's run.
        three_count[:] = 0
        room[:] = 0
        distinct = 1
        run = 1
        most = 1
        for position in range(1, 14):
            if position < 13 and r[position] == r[position - 1]:
                run += 1
                most = max(most, run)
            else:
                for k in range(2, 6):
                    room[k] += run // k
                if position < 13:
                    run = 1
                    distinct += 1
        suit_count[:] = 0
        for position in range(13):
            suit_count[s[position]] += 1
        for suit in range(4):
            room[1] += suit_count[suit] // 5
        three_count[HIGH_CARD] = distinct >= 3
        three_count[PAIR] = most >= 2
        three_count[THREE_OF_A_KIND] = most >= 3
        sorted_[:] = False
        if not _first_pattern(main, main_needs, room, codes5, codes3, three_count, bucket,
                              start, sorted_, split_middle, split_front, five_mask, group5,
                              front_len, place, group_counts, count, scratch, found):
            _first_pattern(fallback, fallback_needs, room, codes5, codes3, three_count,
                           bucket, start, sorted_, split_middle, split_front, five_mask,
                           group5, front_len, place, group_counts, count, scratch, found)
        out[hand, 0] = found[0]
        out[hand, 1] = found[1]
        out[hand, 2] = found[2]


@njit(cache=True, nogil=True)
def _groups_down(bucket, begin, end, place, groups, count, scratch):
    """bucket[begin:end] (fives of one category) put highest group first: all the
    first hint's walk needs, as it writes only the codes it finds (fives of one group
    may come in any order). Few fives: an insertion sort; else a counting sort of
    their groups' places."""
    if end - begin <= 48:
        for k in range(begin + 1, end):
            five = bucket[k]
            at = k
            while at > begin and place[bucket[at - 1]] < place[five]:
                bucket[at] = bucket[at - 1]
                at -= 1
            bucket[at] = five
        return
    count[:groups + 1] = 0
    for k in range(begin, end):
        count[groups - place[bucket[k]]] += 1
    for group in range(groups):
        count[group + 1] += count[group]
    for k in range(begin, end):
        five = bucket[k]
        slot = groups - 1 - place[five]
        scratch[count[slot]] = five
        count[slot] += 1
    for k in range(end - begin):
        bucket[begin + k] = scratch[k]


@njit(cache=True, nogil=True)
def _first_pattern(patterns, needs, room, codes5, codes3, three_count, bucket, start,
                   sorted_, split_middle, split_front, five_mask, group5, front_len, place,
                   group_counts, count, scratch, found):
    """The first of `patterns` a valid split shows, its best split by preference written
    to `found` (front, middle, back codes); False if none shows."""
    for p in range(patterns.shape[0]):
        f, m, b = patterns[p, 0], patterns[p, 1], patterns[p, 2]
        middles_of_m = start[m + 1] - start[m]
        if start[b + 1] == start[b] or middles_of_m == 0 or three_count[f] == 0:
            continue
        if (needs[p, 1] > room[1] or needs[p, 2] > room[2] or needs[p, 3] > room[3]
                or needs[p, 4] > room[4] or needs[p, 5] > room[5]):
            continue  # its groups or flushes do not fit the hand: no split shows it
        if not sorted_[b]:  # highest group first
            _groups_down(bucket, start[b], start[b + 1], place, group_counts[b], count,
                         scratch)
            sorted_[b] = True
        back_shift = 5 * (6 - group5[b])
        middle_shift = 5 * (6 - group5[m])
        compare_shift = 5 * (6 - front_len[f])
        # Few fives of the middle's category: try those that miss the back; else every
        # middle of the back's split.
        few = middles_of_m <= split_middle.shape[1]
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
            left = ((1 << 13) - 1) ^ five_mask[back]
            for j in range(middles_of_m if few else split_middle.shape[1]):
                if few:
                    middle = bucket[start[m] + j]
                    if five_mask[middle] & five_mask[back]:
                        continue
                    front_mask = left ^ five_mask[middle]
                else:
                    middle = split_middle[back, j]
                    if codes5[middle] >> CATEGORY_SHIFT != m:
                        continue
                    front_mask = split_front[back, j]
                middle_code = codes5[middle]
                front_code = codes3[front_mask]
                if (middle_code > back_code or front_code >> CATEGORY_SHIFT != f
                        or (front_code >> compare_shift) > (middle_code >> compare_shift)):
                    continue
                # search.preference, packed in two numbers: the back's and the middle's
                # groups; then the front (group and singles: its code, whose last two
                # entries are always 0), the middle's kickers and the back's.
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
        if have:
            return True
    return False


@njit(cache=True, nogil=True)
def _pareto(ranks, suits, packed5_table, packed3_table, binom, split_middle, split_front,
            five_mask, three_masks, front_len, out, out_codes):
    fives = split_middle.shape[0]
    r = np.empty(13, dtype=np.int64)
    s = np.empty(13, dtype=np.int64)
    _high_to_low(ranks, suits, 0, r, s)
    packed5 = np.empty(fives, dtype=np.int64)
    packed3 = np.empty(1 << 13, dtype=np.int64)  # read only at the threes' masks
    _hand_rows(r, s, packed5_table, packed3_table, binom, packed5, packed3)
    # The backs by key, highest first; backs of one key in _FIVES' order.
    codes5 = np.empty(fives, dtype=np.int64)
    by_key = _sorted_down(packed5, PLACE5_BITS, codes5, np.empty(fives, dtype=np.int64),
                          np.empty(fives, dtype=np.int64), np.empty(fives, dtype=np.int64),
                          np.empty(129, dtype=np.int64))
    # Keys replaced by their ranks among the hand's rows (np.unique's order: ascending).
    width = 0
    for g in range(fives):
        if g == 0 or codes5[by_key[g]] != codes5[by_key[g - 1]]:
            width += 1
    five_keys = np.empty(width, dtype=np.int64)
    five_rank = np.empty(fives, dtype=np.int64)
    rank = width
    for g in range(fives):
        if g == 0 or codes5[by_key[g]] != codes5[by_key[g - 1]]:
            rank -= 1
            five_keys[rank] = codes5[by_key[g]]
        five_rank[by_key[g]] = rank
    # The threes' ranks likewise, from their places in the table: which places the hand
    # holds, counted from the bottom.
    codes3 = np.empty(1 << 13, dtype=np.int64)
    held = np.zeros(1 << PLACE3_BITS, dtype=np.int64)
    for i in range(three_masks.shape[0]):
        mask = three_masks[i]
        codes3[mask] = packed3[mask] >> PLACE3_BITS
        held[packed3[mask] & ((1 << PLACE3_BITS) - 1)] = 1
    below = 0
    for place in range(held.shape[0]):
        present = held[place]
        held[place] = below
        below += present
    three_keys = np.empty(below, dtype=np.int64)
    three_rank = np.empty(1 << 13, dtype=np.int64)  # read only at the threes' masks
    for i in range(three_masks.shape[0]):
        mask = three_masks[i]
        three_rank[mask] = held[packed3[mask] & ((1 << PLACE3_BITS) - 1)]
        three_keys[three_rank[mask]] = codes3[mask]
    # The threes strongest first: a back's best possible front is the first of them
    # that misses it (_front_bound).
    three_order = np.empty(three_masks.shape[0], dtype=np.int64)
    by_rank = np.zeros(below + 1, dtype=np.int64)
    for i in range(three_masks.shape[0]):
        by_rank[below - 1 - three_rank[three_masks[i]] + 1] += 1
    for place in range(below):
        by_rank[place + 1] += by_rank[place]
    for i in range(three_masks.shape[0]):
        place = below - 1 - three_rank[three_masks[i]]
        three_order[by_rank[place]] = three_masks[i]
        by_rank[place] += 1
    best_front = np.full(width, -1, dtype=np.int64)   # by middle rank, for one back key
    first = np.zeros(width, dtype=np.int64)
    touched = np.empty(fives, dtype=np.int64)
    covered = np.full(width, -1, dtype=np.int64)  # the best kept front with a middle ≥ m
    kept = 0
    k = 0
    while k < fives:
        key = codes5[by_key[k]]
        end = k
        while end < fives and codes5[by_key[end]] == key:
            end += 1
        # Every split of a back has a middle no higher than the back (rank ≤ the back's)
        # and a front no higher than the best three the back leaves; where the kept
        # pairs of stronger backs already cover that corner (covered[m] ≥ f, covered
        # falling as m rises), every split of the back is dominated by a kept one and
        # would be dropped below, and it changes nothing kept (a dropped pair only
        # lowers what it is compared with to a pair that is covered too): skip it.
        # Once the top front is covered at the back key's rank, so is every later back.
        key_rank = five_rank[by_key[k]]
        if covered[key_rank] >= three_keys.shape[0] - 1:
            break
        touched_count = 0
        for g in range(k, end):
            back = by_key[g]
            back_code = codes5[back]
            if covered[key_rank] >= 0 and covered[key_rank] >= _front_bound(
                    three_order, three_rank, five_mask[back]):
                continue
            for j in range(split_middle.shape[1]):
                middle = split_middle[back, j]
                middle_code = codes5[middle]
                if middle_code > back_code or (middle_code == back_code and middle < back):
                    continue
                front_mask = split_front[back, j]
                shift = 5 * (6 - front_len[codes3[front_mask] >> CATEGORY_SHIFT])
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
        # This back key's pairs, middle descending (an insertion sort in place: a few
        # dozen middles, for hundreds of back keys a hand).
        for t in range(1, touched_count):
            m = touched[t]
            at = t
            while at > 0 and touched[at - 1] < m:
                touched[at] = touched[at - 1]
                at -= 1
            touched[at] = m
        middles_here = touched
        running = -1
        for t in range(touched_count):
            m = middles_here[t]
            f = best_front[m]
            if f > running:
                running = f
                if covered[m] < f:
                    out[kept] = first[m]
                    out_codes[kept, 0] = three_keys[f]
                    out_codes[kept, 1] = five_keys[m]
                    out_codes[kept, 2] = key
                    kept += 1
                    # covered never rises with the middle, so the entries below f are
                    # those from m down to the first that is not.
                    lower = m
                    while lower >= 0 and covered[lower] < f:
                        covered[lower] = f
                        lower -= 1
            best_front[m] = -1
        k = end
    return kept


@njit(cache=True, nogil=True)
def _front_bound(three_order, three_rank, back_mask):
    """The rank of the best three that misses the back's cards: no split with this
    back has a higher front."""
    for i in range(three_order.shape[0]):
        if not three_order[i] & back_mask:
            return three_rank[three_order[i]]
    return -1


# --- the player's points at each table (advisor_scoring.table_points) --------------------


def table_points(candidates, opponents, config: RuleConfig, player_is_banker: bool = False,
                 sweep: np.ndarray | None = None) -> np.ndarray:
    """advisor_scoring.table_points, compiled: (candidates, samples), the player's total
    at each sampled table playing each candidate — the same numbers, pair by pair
    (settlement._settle_pair's rules as advisor_scoring.pair_points writes them), with
    the all-pairs home run or the banker's settlement. `sweep` as there (all-pairs
    mode): which opponents scoop every other opponent at their table."""
    tables, seats = opponents.foul.shape
    if sweep is None:
        sweep = np.zeros((tables, seats), dtype=np.bool_)
    home_run = (config.mode == "all_pairs" and config.home_run
                and seats + 1 >= config.home_run_min_players)
    out = np.empty((len(candidates.foul), tables), dtype=np.int64)
    _table_points(candidates.codes, candidates.points, candidates.foul, candidates.special,
                  candidates.rank, candidates.value, candidates.big, candidates.horse,
                  opponents.codes, opponents.points, opponents.foul, opponents.special,
                  opponents.rank, opponents.value, opponents.big, opponents.horse,
                  config.mode == "banker", player_is_banker, config.scoop == "multiply",
                  config.scoop_multiplier, config.scoop_bonus, home_run,
                  config.home_run_multiplier, sweep, out)
    return out


@njit(cache=True, nogil=True)
def _pair(a_codes, a_points, a_foul, a_special, a_rank, a_value, a_big, a_horse,
          b_codes, b_points, b_foul, b_special, b_rank, b_value, b_big, b_horse,
          banker_a, multiply, multiplier, bonus):
    """advisor_scoring.pair_points for one pair: (a's points before any home run,
    a scoops b, b scoops a)."""
    rows = 0
    wins_a = 0
    wins_b = 0
    for row in range(3):
        win = a_codes[row] >= b_codes[row] if banker_a else a_codes[row] > b_codes[row]
        lose = b_codes[row] > a_codes[row]
        if win:
            rows += a_points[row]
            wins_a += 1
        if lose:
            rows -= b_points[row]
            wins_b += 1
    base = rows
    if a_foul and b_foul:
        base = 0
        wins_a = 0
        wins_b = 0
    elif a_foul:
        base = -(b_points[0] + b_points[1] + b_points[2])
        wins_a = 0
        wins_b = 3
    elif b_foul:
        base = a_points[0] + a_points[1] + a_points[2]
        wins_a = 3
        wins_b = 0
    scoop_a = wins_a == 3
    scoop_b = wins_b == 3
    if multiply:
        points = base * multiplier if scoop_a or scoop_b else base
    else:
        points = base + bonus * (int(scoop_a) - int(scoop_b))
    if a_special or b_special:  # decided by the specials alone
        if a_special and b_special:
            if banker_a:
                a_collects = not (b_big and not a_big)
                b_collects = not a_collects
            else:
                a_collects = a_rank < b_rank
                b_collects = b_rank < a_rank
            points = a_value if a_collects else (-b_value if b_collects else 0)
        else:
            points = a_value if a_special else -b_value
        scoop_a = False
        scoop_b = False
    if a_horse or b_horse:
        points *= 2
    return points, scoop_a, scoop_b


@njit(cache=True, nogil=True)
def _table_points(c_codes, c_points, c_foul, c_special, c_rank, c_value, c_big, c_horse,
                  o_codes, o_points, o_foul, o_special, o_rank, o_value, o_big, o_horse,
                  banker_mode, player_is_banker, multiply, multiplier, bonus, home_run,
                  home_run_multiplier, sweep, out):
    tables, seats = o_foul.shape
    pair_points = np.empty(seats, dtype=np.int64)
    opponent_scoops = np.empty(seats, dtype=np.bool_)
    for c in range(c_foul.shape[0]):
        plain = not (banker_mode or c_foul[c] or c_special[c] or c_horse[c])
        for t in range(tables):
            total = 0
            if banker_mode and not player_is_banker:  # the player against the bank alone
                points, _, _ = _pair(
                    o_codes[t, 0], o_points[t, 0], o_foul[t, 0], o_special[t, 0],
                    o_rank[t, 0], o_value[t, 0], o_big[t, 0], o_horse[t, 0],
                    c_codes[c], c_points[c], c_foul[c], c_special[c], c_rank[c],
                    c_value[c], c_big[c], c_horse[c], True, multiply, multiplier, bonus)
                out[c, t] = -points
                continue
            player_run = True
            for j in range(seats):
                if plain and not (o_foul[t, j] or o_special[t, j] or o_horse[t, j]):
                    # _pair of two clean seats, no 马牌, not banker mode, read as scalars:
                    # the rows decide (most pairs; the same numbers).
                    points = 0
                    wins_a = 0
                    wins_b = 0
                    for row in range(3):
                        a = c_codes[c, row]
                        b = o_codes[t, j, row]
                        if a > b:
                            points += c_points[c, row]
                            wins_a += 1
                        elif b > a:
                            points -= o_points[t, j, row]
                            wins_b += 1
                    mine = wins_a == 3
                    theirs = wins_b == 3
                    if multiply:
                        if mine or theirs:
                            points *= multiplier
                    else:
                        points += bonus * (int(mine) - int(theirs))
                else:
                    points, mine, theirs = _pair(
                        c_codes[c], c_points[c], c_foul[c], c_special[c], c_rank[c],
                        c_value[c], c_big[c], c_horse[c],
                        o_codes[t, j], o_points[t, j], o_foul[t, j], o_special[t, j],
                        o_rank[t, j], o_value[t, j], o_big[t, j], o_horse[t, j],
                        banker_mode, multiply, multiplier, bonus)
                pair_points[j] = points
                opponent_scoops[j] = theirs
                player_run = player_run and mine
            for j in range(seats):
                points = pair_points[j]
                if home_run and (player_run or (opponent_scoops[j] and sweep[t, j])):
                    points *= home_run_multiplier
                total += points
            out[c, t] = total
    return out


# --- the opponents' deals and their special screen ----------------------------------------


def deal_state(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """random.Random(seed)'s Mersenne Twister state, as the compiled dealer continues it:
    the 624 words and the next word's place. An int seed is seeded compiled, as CPython's
    random_seed does (init_by_array over the 32-bit words of |seed|, low first): the same
    words, without building a Random and reading its 625-int state (40 µs a hand)."""
    if type(seed) is not int:
        import random
        words = random.Random(seed).getstate()[1]
        return (np.array(words[:624], dtype=np.int64), np.array([words[624]], dtype=np.int64))
    n = abs(seed)
    key = np.array([n >> shift & 0xFFFFFFFF for shift in range(0, max(n.bit_length(), 1), 32)],
                   dtype=np.int64)
    words = np.empty(624, dtype=np.int64)
    _seed_words(key, words)
    return words, np.array([624], dtype=np.int64)


@njit(cache=True, nogil=True)
def _seed_words(key, mt):
    """init_by_array of CPython's _randommodule.c (MT19937), on int64 words mod 2**32."""
    mask = 0xFFFFFFFF
    mt[0] = 19650218
    for i in range(1, 624):  # init_genrand(19650218)
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & mask
    i, j = 1, 0
    for _ in range(max(624, key.shape[0])):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & mask))
                 + key[j] + j) & mask
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= key.shape[0]:
            j = 0
    for _ in range(623):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & mask)) - i) & mask
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000


def sample_setsize(k: int) -> int:
    """random.sample's threshold (CPython 3.11): a population of at most this many is
    drawn from a shrinking pool, a larger one by rejecting repeats."""
    from math import ceil, log
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    return setsize


def deal(words: np.ndarray, place: np.ndarray, population: int, k: int,
         tables: int) -> np.ndarray:
    """(tables, k): the positions in the population that `tables` calls of
    random.Random.sample(population, k) would draw, one call after another, from the
    generator state (words, place), which moves on as theirs would (CPython 3.11's
    sample over _randbelow_with_getrandbits: the same numbers, bit for bit)."""
    out = np.empty((tables, k), dtype=np.int64)
    _deal(words, place, population, k, population <= sample_setsize(k), out)
    return out


@njit(cache=True, nogil=True)
def _next_word(words, place):
    """genrand_uint32 of CPython's _randommodule.c (MT19937), on int64 words."""
    if place[0] >= 624:
        for kk in range(624):
            y = (words[kk] & 0x80000000) | (words[(kk + 1) % 624] & 0x7fffffff)
            value = words[(kk + 397) % 624] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908b0df
            words[kk] = value
        place[0] = 0
    y = words[place[0]]
    place[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >> 18
    return y


@njit(cache=True, nogil=True)
def _below(words, place, n):
    """random.Random._randbelow_with_getrandbits(n): getrandbits(n.bit_length()) until
    below n (getrandbits(k <= 32) is the next word's top k bits)."""
    bits = 0
    while (1 << bits) <= n:
        bits += 1
    r = _next_word(words, place) >> (32 - bits)
    while r >= n:
        r = _next_word(words, place) >> (32 - bits)
    return r


@njit(cache=True, nogil=True)
def _deal(words, place, n, k, from_pool, out):
    pool = np.empty(n, dtype=np.int64)
    selected = np.zeros(n, dtype=np.bool_)
    for t in range(out.shape[0]):
        if from_pool:
            for i in range(n):
                pool[i] = i
            for i in range(k):
                j = _below(words, place, n - i)
                out[t, i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected[:] = False
            for i in range(k):
                j = _below(words, place, n)
                while selected[j]:
                    j = _below(words, place, n)
                selected[j] = True
                out[t, i] = j


# special_screen.may_hold's specials, by number (SCREENS.index(code)); any other code
# passes every hand.
SCREENS = ("supreme_dragon", "dragon", "royals_jqka", "twelve_faces", "three_quads",
           "four_trips", "six_pairs", "five_pairs_trips", "all_high", "all_low",
           "half_high", "half_low", "one_color", "black_one_red", "red_one_black",
           "three_flushes", "three_straights", "three_straight_flushes")


@lru_cache(maxsize=64)
def _screen_plan(specials) -> tuple[np.ndarray, np.ndarray]:
    """The rule set's specials as may_hold reads them: each one's number in SCREENS
    (-1: unknown, passes every hand) and the ranks a count must be 0 over for all_high
    and all_low, as may_hold's slices of the 15 rank counts take them."""
    numbers, spans = [], []
    for rule in specials:
        code = rule.code
        numbers.append(SCREENS.index(code) if code in SCREENS else -1)
        if code == "all_high":
            spans.append(slice(None, max(rule.param("min_rank", 8), 0)).indices(15)[:2])
        elif code == "all_low":
            spans.append(slice(rule.param("max_rank", 8) + 1, None).indices(15)[:2])
        else:
            spans.append((0, 0))
    return (np.array(numbers, dtype=np.int64),
            np.array(spans, dtype=np.int64).reshape(len(numbers), 2))


def may_declare(ranks: np.ndarray, suits: np.ndarray, config: RuleConfig) -> np.ndarray:
    """special_screen.may_declare of 13-card hands without jokers given as their cards'
    ranks (2..14) and suits (SUITS' order, twin diamonds as diamonds), (hands, 13) each:
    the same answer, hand by hand (False only where every special's screen refuses)."""
    return may_hold(ranks, suits, config) != 0


def may_hold(ranks: np.ndarray, suits: np.ndarray, config: RuleConfig) -> np.ndarray:
    """(hands,) int64: bit i set where the counts allow config.specials[i]
    (special_screen.may_hold's screen of that rule; unknown codes always), hands as for
    may_declare."""
    out = np.zeros(len(ranks), dtype=np.int64)
    if not config.specials:
        return out
    if len(config.specials) > 62:  # more than the bits: every hand may hold every one
        return out - 1
    from .special_screen import _run_codes
    numbers, spans = _screen_plan(config.specials)
    _may_hold(ranks, suits, numbers, spans, _run_codes(), out)
    return out


@njit(cache=True, nogil=True)
def _may_hold(ranks, suits, numbers, spans, run_codes, out):
    count = np.zeros(15, dtype=np.int64)
    suit = np.zeros(4, dtype=np.int64)
    for hand in range(ranks.shape[0]):
        count[:] = 0
        suit[:] = 0
        for i in range(ranks.shape[1]):
            count[ranks[hand, i]] += 1
            suit[suits[hand, i]] += 1
        most = 0
        for r in range(15):
            most = max(most, count[r])
        red = suit[1] + suit[3]  # h, d in SUITS = "shcd"
        out[hand] = 0
        for at in range(numbers.shape[0]):
            n = numbers[at]
            if n < 0:
                held = True
            elif n == 0:  # supreme_dragon
                used = 0
                for s in range(4):
                    used += suit[s] > 0
                held = most <= 1 and used <= 1
            elif n == 1:  # dragon
                held = most <= 1
            elif n == 2:  # royals_jqka
                held = count[11] + count[12] + count[13] + count[14] == 13
            elif n == 3:  # twelve_faces
                held = count[11] + count[12] + count[13] >= 12
            elif n == 4 or n == 5:  # three_quads, four_trips
                least = 4 if n == 4 else 3
                sets = 0
                for r in range(15):
                    sets += count[r] >= least
                held = sets >= (3 if n == 4 else 4)
            elif n == 6:  # six_pairs
                pairs = 0
                for r in range(15):
                    pairs += count[r] // 2
                held = pairs >= 6
            elif n == 7:  # five_pairs_trips
                odd = 0
                top = 0
                for r in range(15):
                    if count[r] % 2 == 1:
                        odd += 1
                        top = max(top, count[r])
                held = odd == 1 and top >= 3
            elif n == 8 or n == 9:  # all_high, all_low: no card over the span
                total = 0
                for r in range(spans[at, 0], spans[at, 1]):
                    total += count[r]
                held = total == 0
            elif n == 10 or n == 11:  # half_high, half_low
                held = count[14] == 1
            elif n == 12:  # one_color
                held = red == 0 or red == 13
            elif n == 13:  # black_one_red
                held = red == 1
            elif n == 14:  # red_one_black
                held = red == 12
            else:  # the three flushes, straights, straight flushes
                flushes = True
                straights = True
                if n == 15 or n == 17:
                    shape = np.sort(suit)[::-1]
                    flushes = (shape[0] == 13 or (shape[0] == 10 and shape[1] == 3)
                               or (shape[0] == 8 and shape[1] == 5)
                               or (shape[0] == 5 and shape[1] == 5 and shape[2] == 3))
                if n == 16 or n == 17:
                    code = 0
                    for r in range(15):
                        code |= min(count[r], 3) << (2 * r)
                    at_code = min(np.searchsorted(run_codes, code), run_codes.shape[0] - 1)
                    straights = most <= 3 and run_codes[at_code] == code
                held = flushes and straights
            if held:
                out[hand] |= 1 << at


def opponents_sweep(opponents, config: RuleConfig) -> np.ndarray:
    """advisor_scoring.opponents_sweep, compiled: (tables, opponents) bool, the opponent
    scoops every other opponent at its table (True with one opponent) — the same
    flags, pair by pair (_pair's scoops, which the scoop rule does not change)."""
    out = np.empty(opponents.foul.shape, dtype=np.bool_)
    _sweep(opponents.codes, opponents.points, opponents.foul, opponents.special,
           opponents.rank, opponents.value, opponents.big, opponents.horse, out)
    return out


@njit(cache=True, nogil=True)
def _sweep(codes, points, foul, special, rank, value, big, horse, out):
    tables, seats = foul.shape
    for t in range(tables):
        for i in range(seats):
            every = True
            for j in range(seats):
                if j == i:
                    continue
                _, scoops, _ = _pair(
                    codes[t, i], points[t, i], foul[t, i], special[t, i], rank[t, i],
                    value[t, i], big[t, i], horse[t, i],
                    codes[t, j], points[t, j], foul[t, j], special[t, j], rank[t, j],
                    value[t, j], big[t, j], horse[t, j], False, True, 1, 0)
                if not scoops:
                    every = False
                    break
            out[t, i] = every


def warm() -> None:
    """Compile (first run on a machine, ~20 s) or load (~1 s) every function above, on
    a small hand of every kind they take: `make run` and the workers' units call it
    before they start, so that the first decision at a table does not pay for it."""
    from .advisor import advise
    from .cards import parse_cards
    from .presets import preset

    hand = parse_cards("As Ah Ad Ks Kh 7s 7h 9c 8d 5c 4d 3s 2h".split())
    for name in ("standard", "shisandao"):
        for banker in (False, True):
            advise(hand, preset(name), seed=1, player_is_banker=banker)


if __name__ == "__main__":
    import time

    started = time.perf_counter()
    warm()
    print(f"the advisor's compiled loops are ready ({time.perf_counter() - started:.1f} s)")
