"""Row groups (RULES.md §7.1's search, search.py): the made part of a row — its pair,
trips, straight, flush… — as the hint search builds rows from them, and the keys of rows
holding jokers.

A group is a key prefix, the plain ranks it takes, the jokers it uses and what its
kickers must be; the search walks a row's groups strongest first, then fills kickers.
Without jokers every group is one of a few hundred constants (`plain_groups` picks
them); with jokers (`rank_groups`) or by suit (`suited_groups`, flushes) they are built
for the hand's counts. Split out of search.py, which walks them.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple, Sequence

from .cards import ACE, Card
from .rows import (FIVE_OF_A_KIND, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR,
                   STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, Key, key3, key5)

RANKS_DESC = tuple(range(ACE, 1, -1))
NO_LIMIT = 99  # a kicker limit above every rank

# --- rows with jokers ------------------------------------------------------------------


@lru_cache(maxsize=None)
def _rank_joker_key(ranks: tuple[int, ...], jokers: int, flush: bool, wheel: str) -> Key:
    """Best key of a row of these ranks plus `jokers` wild ranks (duplicates allowed)."""
    best: Key = (-1,)
    for extra in combinations_with_replacement(RANKS_DESC, jokers):
        row = tuple(sorted(ranks + extra, reverse=True))
        key = key3(row) if len(row) == 3 else key5(row, flush, wheel)
        if key > best:
            best = key
    return best


def joker_row_key(plain: Sequence[Card], jokers: int, wheel: str) -> Key:
    """The key of a row of `plain` cards and `jokers` jokers: the best substitution.

    Same value as rows.evaluate, reasoned on ranks: a substitution either keeps the row
    off-suit (always possible, a joker can take another suit) or, when the plain cards
    share one suit, makes it a flush. 13 or 91 rank choices instead of 52 or 1,378 cards.
    """
    ranks = tuple(sorted((card.rank for card in plain), reverse=True))
    best = _rank_joker_key(ranks, jokers, False, wheel)
    if len(plain) + jokers == 5 and len({card.suit for card in plain}) <= 1:
        suited = _rank_joker_key(ranks, jokers, True, wheel)
        if suited > best:
            best = suited
    return best


# --- groups ----------------------------------------------------------------------------


class _GroupFields(NamedTuple):
    key: Key
    take: tuple[int, ...]
    jokers: int
    kickers: int
    below: int
    forbid: tuple[int, ...]
    suit: str | None
    accepts: int


class Group(_GroupFields):
    """The made part of a row: its key prefix, the plain ranks it takes, the jokers it
    uses, and what its kickers must be (how many, each below `below`, none in `forbid`).
    Flushes and straight flushes name their suit; every other group is ranks only.

    `accepts`: the ranks (bits) whose cards the row may take as kickers (none when it
    takes no kickers), worked out once here: the search asks for them at every row it
    completes, and most groups are constants (plain_groups)."""

    __slots__ = ()

    def __new__(cls, key: Key, take: tuple[int, ...], jokers: int, kickers: int,
                below: int = NO_LIMIT, forbid: tuple[int, ...] = (),
                suit: str | None = None) -> Group:
        accepts = 0
        if kickers:
            accepts = ranks_under(below)
            for r in forbid:
                accepts &= ~BITS[r]
        # tuple's own __new__: the fields' generated one is a Python call more, and the
        # flushes of a suit of seven are 21 groups a hand.
        return tuple.__new__(cls, (key, take, jokers, kickers, below, forbid, suit, accepts))


BITS = tuple(1 << r for r in range(ACE + 1))  # a rank's bit in a set of ranks
# The ranks below each kicker limit (a rank, or none), as bits.
_MASKS_UNDER = {below: sum(BITS[r] for r in RANKS_DESC if r < below)
                for below in (*range(ACE + 2), NO_LIMIT)}


def ranks_under(below: int) -> int:
    """The ranks below `below`, as bits."""
    mask = _MASKS_UNDER.get(below)
    return sum(BITS[r] for r in RANKS_DESC if r < below) if mask is None else mask


@lru_cache(maxsize=4)
def _straight_runs(wheel: str) -> tuple[tuple[float, tuple[int, ...]], ...]:
    runs = [(top, tuple(range(top, top - 5, -1))) for top in range(ACE, 5, -1)]
    wheel_top = 5 if wheel == "lowest" else 13.5
    runs.append((wheel_top, (5, 4, 3, 2, ACE)))
    return tuple(sorted(runs, reverse=True))


def rank_groups(counts: tuple[int, ...], jokers: int, category: int, wheel: str,
                front: bool = False) -> tuple[Group, ...]:
    """Every group of `category` the rank counts (index = rank) and jokers allow,
    strongest key first."""
    groups: list[Group] = []
    if front:
        if category == HIGH_CARD:
            return (Group((HIGH_CARD,), (), 0, 3),)
        if category == THREE_OF_A_KIND:
            _add_sets(groups, counts, jokers, 3, (THREE_OF_A_KIND,), 0)
        elif category == PAIR:
            _add_pairs(groups, counts, jokers, kickers=1)
        return tuple(groups)
    if category == FIVE_OF_A_KIND:
        _add_sets(groups, counts, jokers, 5, (FIVE_OF_A_KIND,), 0)
    elif category == FOUR_OF_A_KIND:
        _add_sets(groups, counts, jokers, 4, (FOUR_OF_A_KIND,), 1)
    elif category == THREE_OF_A_KIND:
        _add_sets(groups, counts, jokers, 3, (THREE_OF_A_KIND,), 2)
    elif category == FULL_HOUSE:
        _add_full_houses(groups, counts, jokers, wheel)
    elif category == STRAIGHT:
        _add_straights(groups, counts, jokers, wheel)
    elif category == TWO_PAIR:
        pairs = [r for r in RANKS_DESC if counts[r] >= 2]
        for high, low in combinations(pairs, 2):
            groups.append(Group((TWO_PAIR, high, low), (high, high, low, low), 0, 1,
                                forbid=(high, low)))
    elif category == PAIR:
        _add_pairs(groups, counts, jokers, kickers=3)
    elif category == HIGH_CARD:
        for r in RANKS_DESC:
            if counts[r]:
                groups.append(Group((HIGH_CARD, r), (r,), 0, 4, below=r))
    groups.sort(key=lambda g: g.key, reverse=True)
    return tuple(groups)


def _add_sets(groups: list[Group], counts: tuple[int, ...], jokers: int, size: int,
              prefix: Key, kickers: int) -> None:
    """Trips / quads / five of a kind of each rank: real cards, or fewer and jokers
    (leaving a real card for another row is a different arrangement)."""
    for r in RANKS_DESC:
        have = counts[r]
        for real in range(min(have, size), max(1, size - jokers) - 1, -1):
            groups.append(Group(prefix + (r,), (r,) * real, size - real, kickers,
                                forbid=(r,)))


def _add_pairs(groups: list[Group], counts: tuple[int, ...], jokers: int,
               kickers: int) -> None:
    for r in RANKS_DESC:
        if counts[r] >= 2:
            groups.append(Group((PAIR, r), (r, r), 0, kickers, forbid=(r,)))
        if jokers and counts[r]:
            # A joker pairs the row's highest card, so the kickers must be lower.
            groups.append(Group((PAIR, r), (r,), 1, kickers, below=r))


def _add_full_houses(groups: list[Group], counts: tuple[int, ...], jokers: int,
                     wheel: str) -> None:
    for t in RANKS_DESC:
        for p in RANKS_DESC:
            if p == t or not counts[t] or not counts[p]:
                continue
            for real_t in range(min(counts[t], 3), 0, -1):
                for real_p in range(min(counts[p], 2), 0, -1):
                    used = 5 - real_t - real_p
                    if used > jokers:
                        continue
                    take = (t,) * real_t + (p,) * real_p
                    if used and _rank_joker_key(take, used, False, wheel) != (FULL_HOUSE, t, p):
                        continue  # the jokers make something better of these ranks
                    groups.append(Group((FULL_HOUSE, t, p), take, used, 0))


def _add_straights(groups: list[Group], counts: tuple[int, ...], jokers: int,
                   wheel: str) -> None:
    seen = set()
    for top, run in _straight_runs(wheel):
        present = tuple(r for r in run if counts[r])
        missing = 5 - len(present)
        if missing > jokers:
            continue
        for spare in range(0, jokers - missing + 1):
            # A joker may also stand in for a rank the hand holds, freeing that card.
            for dropped in combinations(present, spare):
                take = tuple(r for r in present if r not in dropped)
                used = missing + spare
                if (take, used) in seen:
                    continue
                seen.add((take, used))
                key = _rank_joker_key(take, used, False, wheel) if used else (STRAIGHT, top)
                if key[0] == STRAIGHT:
                    groups.append(Group(key, take, used, 0))


# Without jokers every group is one of a few hundred constants: pick them, don't build them.
def _plain_tables(wheel: str) -> dict:
    pairs = [(high, low) for high in RANKS_DESC for low in RANKS_DESC if high > low]
    return {
        FIVE_OF_A_KIND: {r: Group((FIVE_OF_A_KIND, r), (r,) * 5, 0, 0, forbid=(r,))
                         for r in RANKS_DESC},
        FOUR_OF_A_KIND: {r: Group((FOUR_OF_A_KIND, r), (r,) * 4, 0, 1, forbid=(r,))
                         for r in RANKS_DESC},
        THREE_OF_A_KIND: {r: Group((THREE_OF_A_KIND, r), (r,) * 3, 0, 2, forbid=(r,))
                          for r in RANKS_DESC},
        FULL_HOUSE: {(t, p): Group((FULL_HOUSE, t, p), (t,) * 3 + (p,) * 2, 0, 0)
                     for t in RANKS_DESC for p in RANKS_DESC if t != p},
        TWO_PAIR: {(h, l): Group((TWO_PAIR, h, l), (h, h, l, l), 0, 1, forbid=(h, l))
                   for h, l in pairs},
        PAIR: {r: Group((PAIR, r), (r, r), 0, 3, forbid=(r,)) for r in RANKS_DESC},
        HIGH_CARD: {r: Group((HIGH_CARD, r), (r,), 0, 4, below=r) for r in RANKS_DESC},
        STRAIGHT: tuple((run, Group((STRAIGHT, top), run, 0, 0))
                        for top, run in _straight_runs(wheel)),
        "front": {
            THREE_OF_A_KIND: {r: Group((THREE_OF_A_KIND, r), (r,) * 3, 0, 0, forbid=(r,))
                              for r in RANKS_DESC},
            PAIR: {r: Group((PAIR, r), (r, r), 0, 1, forbid=(r,)) for r in RANKS_DESC},
        },
    }


_PLAIN_TABLES = {wheel: _plain_tables(wheel) for wheel in ("lowest", "second")}
FRONT_HIGH_CARD = (Group((HIGH_CARD,), (), 0, 3),)
_SET_SIZE = {HIGH_CARD: 1, PAIR: 2, THREE_OF_A_KIND: 3, FOUR_OF_A_KIND: 4, FIVE_OF_A_KIND: 5}
# The categories made of one rank, as (cards of the rank needed, group of each rank) —
# 5-card rows, then fronts: plain_groups' first question, answered by one lookup (the
# search asks a few dozen times a hand).
_ONE_RANK = {wheel: ({category: (_SET_SIZE[category], tables[category])
                      for category in _SET_SIZE},
                     {category: (_SET_SIZE[category], tables["front"][category])
                      for category in (PAIR, THREE_OF_A_KIND)})
             for wheel, tables in _PLAIN_TABLES.items()}


def plain_groups(counts: list[int], category: int, wheel: str, front: bool = False,
                 ranks: Sequence[int] = RANKS_DESC) -> tuple[Group, ...]:
    """rank_groups for a hand without jokers, strongest first (same groups, same order).
    `ranks`: the ranks that may hold cards, high to low (the search's hand holds fewer)."""
    one_rank = _ONE_RANK[wheel][front].get(category)
    if one_rank is not None:
        need, table = one_rank
        return tuple([table[r] for r in ranks if counts[r] >= need])
    if front:
        if category == HIGH_CARD:
            return FRONT_HIGH_CARD
        raise ValueError(f"category {category} is no front")
    tables = _PLAIN_TABLES[wheel]
    if category == TWO_PAIR:
        pairs = [r for r in ranks if counts[r] >= 2]
        table = tables[TWO_PAIR]
        return tuple([table[pair] for pair in combinations(pairs, 2)])
    if category == FULL_HOUSE:
        table = tables[FULL_HOUSE]
        return tuple([table[(t, p)] for t in ranks if counts[t] >= 3
                      for p in ranks if p != t and counts[p] >= 2])
    if category == STRAIGHT:
        return tuple([group for run, group in tables[STRAIGHT]
                      if counts[run[0]] and counts[run[1]] and counts[run[2]]
                      and counts[run[3]] and counts[run[4]]])
    raise ValueError(f"category {category} is not made of ranks alone")


@lru_cache(maxsize=1 << 16)
def suited_groups(ranks: tuple[int, ...], jokers: int, suit: str,
                  wheel: str) -> tuple[tuple[Group, ...], tuple[Group, ...]]:
    """(straight flushes, flushes) of one suit's available ranks (high to low, repeated
    for the 65-card deck's twin diamonds) plus up to `jokers` jokers, strongest first."""
    straight_flushes: list[Group] = []
    flushes: list[Group] = []
    # Ranks of a suit are distinct but for the 65-card deck's twins: only then can two
    # choices of five be the same ranks.
    seen: set | None = set() if jokers or len(set(ranks)) < len(ranks) else None
    for used in range(0, min(jokers, 5) + 1):
        for take in combinations(ranks, 5 - used):
            if seen is not None:
                if (take, used) in seen:
                    continue
                seen.add((take, used))
            if used:
                key = max(_rank_joker_key(take, used, True, wheel),
                          _rank_joker_key(take, used, False, wheel))
            else:
                key = key5(take, True, wheel)
            if key[0] == STRAIGHT_FLUSH or key[0] == FLUSH:
                # Group(key, take, used, 0, suit=suit), built as the tuple it is: no
                # kickers, nothing to work out, and a suit of seven makes 21 of them.
                (straight_flushes if key[0] == STRAIGHT_FLUSH else flushes).append(
                    tuple.__new__(Group, (key, take, used, 0, NO_LIMIT, (), suit, 0)))
    straight_flushes.sort(key=lambda g: g.key, reverse=True)
    flushes.sort(key=lambda g: g.key, reverse=True)
    return tuple(straight_flushes), tuple(flushes)
