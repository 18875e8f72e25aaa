"""The arrangements the advisor weighs (issue 16): the hints, and every valid split of
the hand that no other valid split beats row for row.

Why that set is enough: the points a player wins never go down when one of their rows
goes up and the others stay (a row can only turn from lost to tied to won, a won row
collects the winner's own row value, which no rule set lowers for a higher category in
the same row, a scoop or home run can only move the player's way). So an arrangement
that another beats row for row (dominated, RULES.md §7.1.5, here across patterns too) is
never worth more against any table, and leaving it out loses nothing. What stays is the
Pareto front of (front, middle, back) keys over the valid splits, one arrangement per
distinct triple of keys (suits that do not change a key do not change a point).
An admin may give a lower category a larger row value than a higher one in the same row
(`row_values_rise`); then a higher row is not always worth more, and every distinct
valid triple is kept instead (thousands: slower, still exact).

13 cards: all 72,072 splits are enumerated — compiled (compiled.pareto_splits, the
same splits) for hands without jokers, else with numpy (`pareto_layouts`): every 5-card
and 3-card row is evaluated once (1,287 + 286), the splits are index arrays shared by
every hand, fouls are dropped by comparing integer key codes (each pair of 5-card rows
once, the higher behind), the highest front each back and middle allow is kept in a
grid, and a sweep keeps the front. Typically 20–150 arrangements stay.

16 cards (多三张): 40 million splits are too many, so the front is taken over the 13-card
hands that the hints keep (each hint leaves out 3 cards; usually 4–8 distinct choices,
whose rows are keyed once over the 16 cards: `pareto_layouts_of_choices`),
plus the hint search's best arrangement of every pattern over all 16 cards
(search.all_layouts). The special declaration, when the cards form one, is a candidate
of its own: declaring is not always worth more than playing the rows.
"""

from __future__ import annotations

import bisect
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations

import numpy as np

from .advisor_scoring import SeatArrays, key_code, plays_horse, row_points_table
from .arrangement import Arrangement, arrange, foul_reason
from .cards import Card, display_order
from .config import CATEGORIES, FRONT_CATEGORIES, ROWS, RuleConfig
from .hints import Hint, display_row, kept_hints
from .rows import RowValue, evaluate, key3, key5
from .search import all_layouts, joker_row_key
from .specials import SpecialMatch


@dataclass(frozen=True)
class Candidate:
    """An arrangement the advisor scores: the rows (and a declared special), the cards
    left out in 多三张, and its place in the hint list (None when it is not a hint)."""

    arrangement: Arrangement
    unused: tuple[Card, ...] = ()
    hint: int | None = None

    @property
    def signature(self) -> tuple:
        """What settlement reads of the rows: their keys and the special. With 13
        cards equal signatures score the same against every table; in 多三张 a 马牌
        also counts only when it is played, not left out (`candidates`)."""
        arrangement = self.arrangement
        special = arrangement.special
        return ((arrangement.front_value.key, arrangement.middle_value.key,
                 arrangement.back_value.key), special.code if special else None)


class SplitCandidate:
    """A split of the 13-card Pareto front as compiled.pareto_splits found it: its rows'
    codes at once (all that scoring reads) and its arrangement — the one _arrangements_at
    builds — the first time it is read: most candidates are scored and never shown."""

    __slots__ = ("hand", "wheel", "split", "codes", "_arrangement")
    unused: tuple[Card, ...] = ()
    hint = None

    def __init__(self, hand: tuple[Card, ...], wheel: str, split: int,
                 codes: tuple[int, int, int]) -> None:
        self.hand, self.wheel, self.split, self.codes = hand, wheel, split, codes
        self._arrangement: Arrangement | None = None

    @property
    def arrangement(self) -> Arrangement:
        """The rows _arrangements_at would build for this split, from the compiled
        module's split tables (not _split_tables: 72,072 splits made to read one)."""
        if self._arrangement is None:  # two threads may both build it: the same rows
            from . import compiled
            rows = []
            for positions in compiled.split_positions(self.split):
                cards = [self.hand[p] for p in positions]
                rows.append(_shown_row(cards, _row_key(tuple(cards), self.wheel)))
            (front, front_value), (middle, middle_value), (back, back_value) = rows
            self._arrangement = Arrangement(front, middle, back, front_value, middle_value,
                                            back_value)
        return self._arrangement

    @property
    def signature(self) -> tuple:
        return Candidate(self.arrangement).signature

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SplitCandidate) and self.split == other.split
                and self.hand == other.hand)

    def __hash__(self) -> int:
        return hash((self.hand, self.split))


class FrontCandidates(Sequence):
    """candidates() of a hand the compiled Pareto front serves: the hints' candidates
    (`made`), then a SplitCandidate for each split of the front that no hint shows —
    made when read (a hand has a hundred or so, and the advisor scores them from their
    codes, `codes`, reading few of them)."""

    def __init__(self, made: list, hand: tuple[Card, ...], wheel: str, splits: np.ndarray,
                 codes: np.ndarray) -> None:
        self.made, self.hand, self.wheel = made, hand, wheel
        self.splits, self.codes = splits.tolist(), codes
        self._split_candidates: dict[int, SplitCandidate] = {}

    def __len__(self) -> int:
        return len(self.made) + len(self.splits)

    def __getitem__(self, at):
        if isinstance(at, slice):
            return [self[i] for i in range(*at.indices(len(self)))]
        if at < 0:
            at += len(self)
        if not 0 <= at < len(self):
            raise IndexError(at)
        if at < len(self.made):
            return self.made[at]
        at -= len(self.made)
        candidate = self._split_candidates.get(at)
        if candidate is None:
            candidate = self._split_candidates[at] = SplitCandidate(
                self.hand, self.wheel, self.splits[at], tuple(self.codes[at].tolist()))
        return candidate


def hint_arrangement(hint: Hint, config: RuleConfig) -> Arrangement:
    """The arrangement a hint submits: its rows, declaring its special if it names one.

    Built without best_special again: the hint already found the special, and settlement
    reads only its rank, points and 抛 class from the rule set's line. Nor are its rows
    checked as a submission's are (arrange): a hint's rows are tuples of Cards of the
    rows' sizes, so only their values and the foul are worked out — the same ones, read
    off the keys the search found where the hint carries them (no joker in its rows)."""
    keys = hint.keys  # a normal hint's keys, as the search found them: evaluate's own
    # (a deck without jokers needs no look for one: most hands, ten hints each)
    if keys is not None and (not config.jokers or not any(card.is_joker for row in hint.rows
                                                          for card in row)):
        values = tuple(RowValue(CATEGORIES[key[0]], key) for key in keys)
    else:
        wheel = config.wheel
        values = (evaluate(hint.front, wheel), evaluate(hint.middle, wheel),
                  evaluate(hint.back, wheel))
    arrangement = Arrangement(hint.front, hint.middle, hint.back, *values,
                              foul=foul_reason(values) is not None)
    if hint.special is None:
        return arrangement
    return replace(arrangement, foul=False, special=SpecialMatch(config.special(hint.special)))


def candidates(cards: Sequence[Card], config: RuleConfig) -> Sequence[Candidate | SplitCandidate]:
    """The hints first (in hint order), then the rest of the Pareto front; one per
    signature, never a foul (module docstring). Told apart by their rows' codes (one
    code per key), the special they declare and whether they play the 马牌. A list, or
    where the compiled front serves the hand a FrontCandidates (its splits made when
    read)."""
    cards = list(cards)
    hint_list = kept_hints(cards, config)
    found: list[Candidate | SplitCandidate] = []
    seen: set = set()

    def add(candidate: Candidate) -> None:
        arrangement = candidate.arrangement
        special = arrangement.special
        alike = (seat_codes(arrangement), special.code if special else None,
                 plays_horse(arrangement.cards, config))
        if alike not in seen and not arrangement.foul:
            seen.add(alike)
            found.append(candidate)

    for index, hint in enumerate(hint_list):
        add(Candidate(hint_arrangement(hint, config), hint.unused, index))
    if len(cards) == 13:
        hand = tuple(sorted(cards, key=display_order))
        from . import compiled  # numba loads in the processes that advise, not in all
        if row_values_rise(config) and compiled.served(hand, config):
            horse = plays_horse(hand, config)  # a split plays all 13 cards
            splits, codes = compiled.pareto_splits(hand, config)
            # The front's splits show distinct codes: only a hint's can repeat one (a
            # split is never a foul, declares nothing and plays the 马牌 if any seat does).
            shown = np.array([rows for rows, special, played in seen
                              if special is None and played == horse],
                             dtype=np.int64).reshape(-1, 3)
            new = ~(codes[:, None, :] == shown[None, :, :]).all(axis=2).any(axis=1)
            return FrontCandidates(found, hand, config.wheel,
                                   np.array(splits, dtype=np.int64)[new], codes[new])
        for arrangement in pareto_layouts(cards, config):
            add(Candidate(arrangement))
        return found
    # 多三张: the front of every 13 the hints keep, then each pattern's best over 16.
    kept = []
    for hint in hint_list:
        unused = tuple(sorted(hint.unused, key=display_order))
        if unused not in kept:
            kept.append(unused)
    for unused, front in zip(kept, pareto_layouts_of_choices(cards, kept, config)):
        for arrangement in front:
            add(Candidate(arrangement, unused))
    for layout in all_layouts(cards, config.wheel).values():
        rows = [display_row(row, key) for row, key in
                zip((layout.front, layout.middle, layout.back), layout.keys)]
        add(Candidate(arrange(*rows, config), tuple(sorted(layout.unused, key=display_order))))
    return found


# --- the Pareto front of 13 cards ---------------------------------------------------------


@lru_cache(maxsize=1)
def _split_tables() -> tuple[list, list, np.ndarray, np.ndarray, np.ndarray]:
    """Every 5-card and 3-card subset of 13 positions, and every split as indices into
    them: (fives, threes, back index, middle index, front index). Built once."""
    fives = list(combinations(range(13), 5))
    threes = list(combinations(range(13), 3))
    five_index = {combo: i for i, combo in enumerate(fives)}
    three_index = {combo: i for i, combo in enumerate(threes)}
    backs, middles, fronts = [], [], []
    for back in fives:
        rest = [p for p in range(13) if p not in back]
        for middle in combinations(rest, 5):
            front = tuple(p for p in rest if p not in middle)
            backs.append(five_index[back])
            middles.append(five_index[middle])
            fronts.append(three_index[front])
    # intp: numpy gathers with native-width indices without converting them first.
    as_array = lambda values: np.array(values, dtype=np.intp)  # noqa: E731
    return fives, threes, as_array(backs), as_array(middles), as_array(fronts)


def _row_key(row: tuple[Card, ...], wheel: str) -> tuple:
    jokers = sum(1 for card in row if card.is_joker)
    if jokers:  # the same key as rows.evaluate, reasoned on ranks (search.py)
        return joker_row_key([card for card in row if not card.is_joker], jokers, wheel)
    ranks = tuple(sorted((card.rank for card in row), reverse=True))
    if len(row) == 3:
        return key3(ranks)
    suit = row[0].suit
    return key5(ranks, all(card.suit == suit for card in row), wheel)


def _truncated(key: tuple, length: int) -> int:
    return key_code(key[:length])


@lru_cache(maxsize=1)
def _combos() -> dict[int, np.ndarray]:
    """Every 5-card and 3-card subset of 13 positions, in _split_tables' order."""
    fives, threes = _split_tables()[:2]
    return {5: np.array(fives, dtype=np.int64), 3: np.array(threes, dtype=np.int64)}


# A row's key, code and cut codes by its ranks (high to low) and whether it is one suit,
# worked out once per process: a hand's 1,573 rows have a few hundred distinct ones, and
# every hand after the first few finds most of them already known. The row's number
# (4 bits a rank, then the flush bit) indexes a dense table of where its entry is, so a
# hand's rows are looked up with one numpy gather instead of 1,573 dictionary lookups.
class _RowTable:
    def __init__(self, size: int, wheel: str) -> None:
        self.size, self.wheel = size, wheel
        self.at = np.full(1 << (4 * size + 1), -1, dtype=np.int32)
        self.keys: list[tuple] = []
        self.codes = np.zeros(0, dtype=np.int64)
        self.cuts = np.zeros((0,) if size == 3 else (0, 3), dtype=np.int64)

    def learn(self, numbers: np.ndarray) -> None:
        """Work out the entries of rows not seen before (rows.key3, key5)."""
        size, keys, codes, cuts = self.size, [], [], []
        values = np.unique(numbers).tolist()
        if not values:  # another thread learnt them meanwhile
            return
        for value in values:
            ranks = tuple((value >> (4 * (size - 1 - i))) & 15 for i in range(size))
            one_suit = bool(value >> (4 * size))
            key = key3(ranks) if size == 3 else key5(ranks, one_suit, self.wheel)
            keys.append(key)
            codes.append(key_code(key))
            cuts.append(len(key) - 2 if size == 3 else
                        tuple(_truncated(key, n) for n in (2, 3, 4)))
        # The entries first, the index last: a reader that finds a row indexed finds
        # its entry (readers take no lock).
        first = len(self.keys)
        self.keys.extend(keys)
        self.codes = np.concatenate([self.codes, np.array(codes, dtype=np.int64)])
        self.cuts = np.concatenate([self.cuts, np.array(cuts, dtype=np.int64)])
        self.at[values] = np.arange(first, first + len(values), dtype=np.int32)


@lru_cache(maxsize=8)
def _row_table(size: int, wheel: str) -> _RowTable:
    return _RowTable(size, wheel)


_ROW_TABLE_LOCK = threading.Lock()  # the timer and the bots may advise from several threads


def _rows_by_ranks(hand: tuple[Card, ...], size: int, wheel: str,
                   combos: np.ndarray | None = None) -> tuple[list, np.ndarray, np.ndarray]:
    """(keys, codes, cut codes) of every `size`-card subset of a 13-card hand without
    jokers: each row's number by its ranks (sorted with numpy unless the hand already is,
    high to low) and flush, looked up in the process's _RowTable (the same keys as
    rows.evaluate: key3, key5). `combos`: other subsets (of 16 cards: _choice_rows)."""
    combos = _combos()[size] if combos is None else combos
    rank_of = np.array([card.rank for card in hand], dtype=np.int64)
    ranks = rank_of[combos]
    if np.any(rank_of[1:] > rank_of[:-1]):
        ranks = -np.sort(-ranks, axis=1)
    suit_of = {suit: i for i, suit in enumerate(sorted({card.suit for card in hand}))}
    suits = np.array([suit_of[card.suit] for card in hand], dtype=np.int64)[combos]
    flush = (suits == suits[:, :1]).all(axis=1) if size == 5 else np.zeros(len(combos), bool)
    number = (flush.astype(np.int64) << (4 * size)) | (ranks @ (16 ** np.arange(size - 1, -1, -1)))
    table = _row_table(size, wheel)
    at = table.at[number]
    if at.min() < 0:
        with _ROW_TABLE_LOCK:
            table.learn(number[table.at[number] < 0])
        at = table.at[number]
    keys = table.keys
    return [keys[i] for i in at.tolist()], table.codes[at], table.cuts[at]


def pareto_layouts(cards: Sequence[Card], config: RuleConfig) -> list[Arrangement]:
    """Every valid arrangement of these 13 cards that no valid arrangement beats row for
    row, one per distinct (front, middle, back) keys, strongest back first.

    The foul check is §2.1's: middle ≤ back by the whole key, front ≤ middle over the
    front's length — so each 5-card row also keeps its key cut to 2, 3 and 4 entries, the
    lengths a front key has (trips, pair, high card). The valid splits' keys are then
    replaced by their ranks among the hand's rows (at most 1,287 five-card and 286
    three-card keys), which order them for the sweep (_front_splits)."""
    if len(cards) != 13:
        raise ValueError(f"the split enumeration takes 13 cards, not {len(cards)}")
    hand = tuple(sorted(cards, key=display_order))
    wheel = config.wheel
    fives, threes, back_at, middle_at, front_at = _split_tables()
    from . import compiled  # numba loads in the processes that advise, not in all
    if row_values_rise(config) and compiled.served(hand, config):
        # The same splits, compiled (compiled.pareto_splits); only their rows' keys
        # are worked out here, by the same functions as _rows_by_ranks'.
        return _arrangements_at(hand, compiled.pareto_splits(hand, config)[0],
                                _RowKeys(hand, threes, wheel), _RowKeys(hand, fives, wheel))
    if any(card.is_joker for card in hand):
        five_keys = [_row_key(tuple(hand[p] for p in combo), wheel) for combo in fives]
        three_keys = [_row_key(tuple(hand[p] for p in combo), wheel) for combo in threes]
        five_code = np.array([key_code(k) for k in five_keys], dtype=np.int64)
        five_cut = np.array([[_truncated(k, n) for n in (2, 3, 4)] for k in five_keys],
                            dtype=np.int64)
        three_code = np.array([key_code(k) for k in three_keys], dtype=np.int64)
        three_cut = np.array([len(k) - 2 for k in three_keys], dtype=np.int64)
    else:
        five_keys, five_code, five_cut = _rows_by_ranks(hand, 5, wheel)
        three_keys, three_code, three_cut = _rows_by_ranks(hand, 3, wheel)

    return _front_of_rows(hand, config, five_keys, five_code, five_cut, three_keys, three_code,
                          three_cut)


def seat_codes(arrangement: Arrangement) -> tuple[int, int, int]:
    """An arrangement's rows' codes (advisor_scoring.key_code), front / middle / back."""
    return (key_code(arrangement.front_value.key), key_code(arrangement.middle_value.key),
            key_code(arrangement.back_value.key))


def pack_candidates(found: Sequence[Candidate | SplitCandidate],
                    config: RuleConfig) -> SeatArrays:
    """SeatArrays.pack of the candidates' arrangements, without building those of the
    split candidates: their codes are known, and they declare nothing, never foul and
    play all 13 cards (the 马牌 with them, when the hand holds it)."""
    if isinstance(found, FrontCandidates):
        made = found.made
        if not found.splits:
            return SeatArrays.pack([candidate.arrangement for candidate in made], config)
        return SeatArrays.assemble(
            len(found), np.arange(len(made), len(found)), found.codes,
            np.full(len(found.splits), plays_horse(found.hand, config)),
            [candidate.arrangement for candidate in made], config)
    coded = [i for i, candidate in enumerate(found) if isinstance(candidate, SplitCandidate)]
    if not coded:
        return SeatArrays.pack([candidate.arrangement for candidate in found], config)
    horse = plays_horse(found[coded[0]].hand, config)
    return SeatArrays.assemble(
        len(found), coded, np.array([found[i].codes for i in coded], dtype=np.int64),
        np.full(len(coded), horse), [candidate.arrangement for candidate in found
                                           if not isinstance(candidate, SplitCandidate)],
        config)


class _RowKeys:
    """The keys of a hand's rows by subset index (`combos`: _split_tables' fives or
    threes), worked out when read: _arrangements_at reads only its splits' rows."""

    def __init__(self, hand: tuple[Card, ...], combos: list, wheel: str) -> None:
        self.hand, self.combos, self.wheel = hand, combos, wheel

    def __getitem__(self, at: int) -> tuple:
        return _row_key(tuple(self.hand[p] for p in self.combos[at]), self.wheel)


def _front_of_rows(hand: tuple[Card, ...], config: RuleConfig, five_keys: Sequence,
                   five_code: np.ndarray, five_cut: np.ndarray, three_keys: Sequence,
                   three_code: np.ndarray, three_cut: np.ndarray) -> list[Arrangement]:
    """pareto_layouts from the hand's rows (in _split_tables' order)."""
    if not row_values_rise(config):
        return _arrangements_at(hand, _every_triple(five_code, five_cut, three_code, three_cut),
                                three_keys, five_keys)
    return _arrangements_at(hand, _front_splits(five_code, five_cut, three_code, three_cut),
                            three_keys, five_keys)


def pareto_layouts_of_choices(cards: Sequence[Card], left_out: Sequence[Sequence[Card]],
                              config: RuleConfig) -> list[list[Arrangement]]:
    """pareto_layouts of each choice of 13 of these cards (多三张: the cards minus each
    of `left_out`), the same lists. The choices share most of their rows, so without
    jokers every 5-card and 3-card row of all the cards is keyed once (4,368 + 560 for
    16) and each choice gathers its 1,287 + 286 (_choice_rows), not keyed again."""
    ordered = tuple(sorted(cards, key=display_order))
    if len(ordered) <= 13 or any(card.is_joker for card in ordered):
        return [pareto_layouts(list((Counter(cards) - Counter(unused)).elements()), config)
                for unused in left_out]
    combos, index = _choice_rows(len(ordered))
    rows = {size: _rows_by_ranks(ordered, size, config.wheel, combos[size]) for size in (5, 3)}
    fronts = []
    for unused in left_out:
        out = Counter(unused)
        kept = []
        for position, card in enumerate(ordered):  # display order: the 13 stay sorted
            if out[card]:
                out[card] -= 1
            else:
                kept.append(position)
        bits = np.array([1 << p for p in kept], dtype=np.int64)
        hand = tuple(ordered[p] for p in kept)
        chosen = {}
        for size in (5, 3):
            at = index[size][bits[_combos()[size]].sum(axis=1)]
            keys, codes, cuts = rows[size]
            chosen[size] = ([keys[i] for i in at.tolist()], codes[at], cuts[at])
        fronts.append(_front_of_rows(hand, config, *chosen[5], *chosen[3]))
    return fronts


@lru_cache(maxsize=2)
def _choice_rows(count: int) -> tuple[dict, dict]:
    """Every 5-card and 3-card subset of `count` positions (combos), and where each
    subset is among them by its positions' bits (index: a dense table)."""
    combos, index = {}, {}
    for size in (5, 3):
        subsets = np.array(list(combinations(range(count), size)), dtype=np.int64)
        bits = (np.int64(1) << subsets).sum(axis=1)
        table = np.full(1 << count, -1, dtype=np.intp)
        table[bits] = np.arange(len(subsets))
        combos[size], index[size] = subsets, table
    return combos, index


def _front_splits(five_code: np.ndarray, five_cut: np.ndarray, three_code: np.ndarray,
                  three_cut: np.ndarray) -> list[int]:
    """The splits of the Pareto front (pareto_layouts), strongest back, then middle, first;
    of the splits that show the same keys, the first in _split_tables' order.

    Two 5-card rows can stand as back and middle only with the higher behind, so each
    pair of rows is tested once, in the order that can be valid (_pair_tables: half the
    gathers of testing both). The valid splits then go into a dense grid by (back,
    middle) ranks holding the highest front each pair of rows allows — a lower front
    under the same back and middle is beaten row for row — so that the grid's filled
    cells come out ordered by back and middle without sorting the splits; the sweep walks
    those cells (most hands: a few thousand of ~20,000 valid splits)."""
    x_at, y_at, front_at, split_x, split_y = _pair_tables()
    five_code32, three_code32 = five_code.astype(np.int32), three_code.astype(np.int32)
    x_code, y_code = five_code32[x_at], five_code32[y_at]
    x_back = x_code >= y_code  # equal keys: both orders show the same, x's split is first
    middle = np.where(x_back, y_at, x_at)
    cut = five_cut.astype(np.int32).ravel()[middle * 3 + three_cut[front_at]]
    valid = np.flatnonzero(three_code32[front_at] <= cut)
    x_back, middle = x_back[valid], middle[valid]
    back = np.where(x_back, x_at[valid], y_at[valid])
    split = np.where(x_back, split_x[valid], split_y[valid])
    five_codes, five_rank = np.unique(five_code, return_inverse=True)
    three_rank = np.unique(three_code, return_inverse=True)[1].astype(np.int32)
    width = len(five_codes)
    cell = five_rank[back].astype(np.int64) * width + five_rank[middle]
    front = three_rank[front_at[valid]]
    best_front = np.full(width * width, -1, dtype=np.int32)
    np.maximum.at(best_front, cell, front)
    cells = np.flatnonzero(best_front >= 0)[::-1]  # back descending, then middle
    fronts = best_front[cells]
    backs, middles = cells // width, cells % width
    # Of cells with the same back, one whose front another (with a higher middle) beats
    # or ties cannot be undominated: a running maximum, offset by the back's place so
    # that backs do not mix. What this drops the sweep below would drop too.
    place = np.cumsum(np.append(True, backs[1:] != backs[:-1]))
    above = np.append(True, (place * 512 + fronts)[1:]
                      > np.maximum.accumulate(place * 512 + fronts)[:-1])
    cells, middles, fronts = cells[above], middles[above], fronts[above]
    kept = _sweep(middles, fronts, cells)
    # Each kept cell's split: the first that shows its back, middle and front.
    wanted = np.zeros(width * width, dtype=bool)
    wanted[kept] = True
    chosen = wanted[cell] & (front == best_front[cell])
    first = np.full(width * width, len(_split_tables()[2]), dtype=np.intp)
    np.minimum.at(first, cell[chosen], split[chosen])
    return first[kept].tolist()


def _sweep(middles: np.ndarray, fronts: np.ndarray, items: np.ndarray) -> list[int]:
    """The items whose (middle, front) no item before them covers (both ≥), walked in
    the order given — strongest back first, so that whatever dominates an item comes
    before it. The stairs hold the kept (middle, front) pairs that no other kept pair
    covers, middle descending (so front ascending). The items are walked in chunks:
    after each, every item still to come that the stairs already cover is dropped at
    once with numpy (the same test as the walk's, so the same items stay) — most are
    covered by the first strong backs' pairs."""
    stair_middle: list[int] = []  # negated, ascending, for bisect
    stair_front: list[int] = []
    kept = []
    left = np.arange(len(items))
    while len(left):
        chunk, left = left[:SWEEP_CHUNK], left[SWEEP_CHUNK:]
        for m, f, item in zip(middles[chunk].tolist(), fronts[chunk].tolist(),
                              items[chunk].tolist()):
            at = bisect.bisect_right(stair_middle, -m)  # kept pairs with middle ≥ m
            if at and stair_front[at - 1] >= f:
                continue
            kept.append(item)
            end = at
            while end < len(stair_front) and stair_front[end] <= f:
                end += 1
            stair_middle[at:end] = [-m]
            stair_front[at:end] = [f]
        if len(left) and stair_front:
            at = np.searchsorted(np.array(stair_middle), -middles[left], side="right")
            covered = np.array([-1] + stair_front)[at]  # the best front with middle ≥ m
            left = left[covered < fronts[left]]
    return kept


def _every_triple(five_code: np.ndarray, five_cut: np.ndarray, three_code: np.ndarray,
                  three_cut: np.ndarray, front_only: bool = False) -> list[int]:
    """Every valid split with distinct (front, middle, back) keys, strongest back, then
    middle, then front, first; of the splits that show the same keys, the first in
    _split_tables' order. With `front_only`, only those no other beats row for row: the
    Pareto front as _front_splits finds it, the slower way (every split tested in both
    orders, the valid ones sorted), kept as the reference its test compares with."""
    fives, threes, back_at, middle_at, front_at = _split_tables()
    # Codes fit 30 bits: int32 halves what the 72,072 splits' gathers move.
    five_code32, three_code32 = five_code.astype(np.int32), three_code.astype(np.int32)
    middle = five_code32[middle_at]
    cut = five_cut.astype(np.int32).ravel()[_cut_at(three_cut, front_at)]
    valid = np.flatnonzero((middle <= five_code32[back_at]) & (three_code32[front_at] <= cut))
    five_rank = np.unique(five_code, return_inverse=True)[1].astype(np.int64)
    three_rank = np.unique(three_code, return_inverse=True)[1].astype(np.int64)
    combined = ((five_rank[back_at[valid]] << 20) | (five_rank[middle_at[valid]] << 9)
                | three_rank[front_at[valid]])
    combined, first = np.unique(combined, return_index=True)
    split_at = valid[first]
    if not front_only:
        return split_at[::-1].tolist()
    combined, split_at = combined[::-1], split_at[::-1]
    backs = combined >> 20
    place = np.cumsum(np.append(True, backs[1:] != backs[:-1]))
    fronts = place * 512 + (combined & 0x1FF)
    above = np.append(True, fronts[1:] > np.maximum.accumulate(fronts)[:-1])
    combined, split_at = combined[above], split_at[above]
    return _sweep((combined >> 9) & 0x7FF, combined & 0x1FF, split_at)


@lru_cache(maxsize=1)
def _pair_tables() -> tuple[np.ndarray, ...]:
    """The splits whose back comes before their middle among the 5-card subsets (half of
    them, one for each pair of rows and front), as (first row, second row, front, the
    split with the first row behind, the split with the second behind). Built once."""
    fives, _, back_at, middle_at, front_at = _split_tables()
    half = np.flatnonzero(back_at < middle_at)
    where = {(b, m): i for i, (b, m) in enumerate(zip(back_at.tolist(), middle_at.tolist()))}
    swapped = np.array([where[(m, b)] for b, m in zip(back_at[half].tolist(),
                                                      middle_at[half].tolist())],
                       dtype=np.intp)
    return back_at[half], middle_at[half], front_at[half], half.astype(np.intp), swapped


SWEEP_CHUNK = 128


def _cut_at(three_cut: np.ndarray, front_at: np.ndarray) -> np.ndarray:
    """Where each split's middle key, cut to its front's length, is in five_cut.ravel()."""
    return _middle_cut_base() + three_cut[front_at]


@lru_cache(maxsize=1)
def _middle_cut_base() -> np.ndarray:
    return _split_tables()[3] * 3


def _arrangements_at(hand: tuple[Card, ...], splits: list[int], three_keys: list,
                     five_keys: list) -> list[Arrangement]:
    """Splits of the hand as valid arrangements, from the row keys that pareto_layouts
    just computed (not evaluated again); rows in display order (§7.1). A row shared by
    several splits (the same back under many middles) is put in order once."""
    fives, threes = _split_tables()[:2]
    back_at, middle_at, front_at = _split_lists()
    made: dict[tuple[int, int], tuple] = {}

    def row(size: int, at: int) -> tuple:
        done = made.get((size, at))
        if done is None:
            combo, key = (threes[at], three_keys[at]) if size == 3 else (fives[at], five_keys[at])
            done = made[(size, at)] = _shown_row([hand[p] for p in combo], key)
        return done

    arrangements = []
    for split in splits:
        (front, front_value), (middle, middle_value), (back, back_value) = (
            row(3, front_at[split]), row(5, middle_at[split]), row(5, back_at[split]))
        arrangements.append(Arrangement(front, middle, back, front_value, middle_value,
                                        back_value))
    return arrangements


def _shown_row(cards: list[Card], key: tuple) -> tuple[tuple[Card, ...], RowValue]:
    """A row's cards in display order (§7.1) and its value, from its key."""
    return display_row(cards, key), RowValue(CATEGORIES[key[0]], key)


@lru_cache(maxsize=1)
def _split_lists() -> tuple[list[int], list[int], list[int]]:
    """_split_tables' back, middle and front indices as lists: read one split at a time,
    a list gives a plain int, a numpy array a numpy scalar (slower to make and to hash)."""
    return tuple(array.tolist() for array in _split_tables()[2:])


def row_values_rise(config: RuleConfig) -> bool:
    """Whether, in every row, a higher category never collects less than a lower one
    (RuleConfig.row_points): what makes a row-for-row better arrangement worth at least
    as much. True for every preset. Five of a kind counts only where the deck can make
    it (65 cards or jokers): 十三道 gives it no row value, on a 52-card deck."""
    five_of_a_kind = config.deck == "extra_suit" or config.jokers
    table = row_points_table(config)  # kept per row-bonus table: every hand asks
    for at, row in enumerate(ROWS):
        categories = FRONT_CATEGORIES if row == "front" else (
            CATEGORIES if five_of_a_kind else CATEGORIES[:-1])
        points = table[at, [CATEGORIES.index(category) for category in categories]]
        if (np.diff(points) < 0).any():
            return False
    return True
