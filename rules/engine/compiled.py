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

**The points** (`table_points`, in compiled_points) are advisor_scoring.table_points,
pair by pair, with no arrays in between: every mode, foul, special, 马牌, scoop rule and
home run. **The opponents' deals** and their special screen (`deal`, `may_hold`, in
compiled_deals) are random.sample's tables and special_screen.may_hold's answers. Both
are named here too, so that the advisor reads every compiled loop from this module.

tests/engine/test_compiled.py checks each against the code it replaces, on thousands of
hands of every preset served (and random seats for the points). The rows serve 13 cards
without jokers, from the standard or the extra-suit deck (twin diamonds are two cards of
one suit); other hands (16 cards, jokers) keep the Python path, and so do the specials
(advisor_deals).

Compiled once per machine: numba caches the machine code beside these modules
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
    five_keys, five_rank = _five_ranks(codes5, by_key)
    width = five_keys.shape[0]
    codes3, three_keys, three_rank, three_order = _three_ranks(packed3, three_masks)
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
def _five_ranks(codes5, by_key):
    """The hand's distinct five codes ascending, and each five's rank among them
    (np.unique's order), read off the fives by key, highest first."""
    fives = codes5.shape[0]
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
    return five_keys, five_rank


@njit(cache=True, nogil=True)
def _three_ranks(packed3, three_masks):
    """The threes' codes and ranks (as _five_ranks, by their masks) from their places in
    the table (ranked_tables): which places the hand holds, counted from the bottom; and
    the threes' masks strongest first (a back's best possible front is the first of them
    that misses it: _front_bound)."""
    codes3 = np.empty(1 << 13, dtype=np.int64)  # read only at the threes' masks
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
    return codes3, three_keys, three_rank, three_order


@njit(cache=True, nogil=True)
def _front_bound(three_order, three_rank, back_mask):
    """The rank of the best three that misses the back's cards: no split with this
    back has a higher front."""
    for i in range(three_order.shape[0]):
        if not three_order[i] & back_mask:
            return three_rank[three_order[i]]
    return -1


# The points and the opponents' deals live in modules of their own; their names stay
# reachable here, where the advisor reads every compiled loop.
from .compiled_deals import (SCREENS, deal, deal_state, may_declare,  # noqa: E402,F401
                             may_hold, sample_setsize)
from .compiled_points import opponents_sweep, table_points  # noqa: E402,F401


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
