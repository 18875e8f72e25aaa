"""The advisor's scoring core: every candidate arrangement settled against every sampled
table at once, with numpy, by the same rules as settlement.settle (RULES.md §4, §5, §8.5).

settle() takes about 60 µs for a 4-player table in CPython; the advisor needs
(candidates × samples) of them — 100 candidates × 200 samples would be over a second.
So the arrangements are packed into arrays once (`SeatArrays`: three comparable row codes,
three row values, the foul flag, the declared special) and the pair rule of
settlement._settle_pair is written again over whole arrays (`pair_points`). The player's
total against one sampled table is then `table_points`; tests/engine/test_advisor.py
checks it against settle() on random tables, fouls, specials and home runs included.

What the player's total needs, and why only that: the player's total is the sum of the
pairs the player is in. The one thing the other pairs change is a home run (全垒打): an
opponent who scoops the player *and* every other opponent doubles their pair with the
player. Whether an opponent scoops every other opponent does not depend on the player's
arrangement, so it is worked out once per sampled table (`opponents_sweep`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from .arrangement import Arrangement
from .config import CATEGORIES, ROWS, RuleConfig

_ENTRIES = 6  # the longest key: a flush or a high card, (strength, five ranks)
_BASE = 32    # entries are stored doubled (the wheel's top may be 13.5): at most 28
CATEGORY_SHIFT = 26  # a code's first entry, its strength doubled: code >> 26 is the category


@lru_cache(maxsize=65536)
def key_code(key: tuple) -> int:
    """An integer that orders like the row key (RULES.md §2.1) among rows of one size.

    Keys of one strength have one length, so padding with zeros never decides a
    comparison that the tuples would not; every entry is doubled to keep 13.5 whole."""
    code = 0
    for index in range(_ENTRIES):
        entry = key[index] if index < len(key) else 0
        code = code * _BASE + int(entry * 2)
    return code


@dataclass(frozen=True)
class SeatArrays:
    """Arrangements packed for settling in bulk; the leading shape is the caller's
    (candidates, or samples × opponents).

    codes    (..., 3) row codes, front / middle / back (key_code)
    points   (..., 3) what each row collects when it wins (RuleConfig.row_points)
    foul     (...)    fouled and not declaring (a declarer's rows are never compared)
    special  (...)    declares a special
    rank     (...)    the special's rank (1 is highest), 0 without one
    value    (...)    the special's points
    big      (...)    十三道: the special is a big 抛
    horse    (...)    plays the 马牌 (the rule set's `horse_card`, where it has one) in
                      its rows: every pair it is in counts double
    """

    codes: np.ndarray
    points: np.ndarray
    foul: np.ndarray
    special: np.ndarray
    rank: np.ndarray
    value: np.ndarray
    big: np.ndarray
    horse: np.ndarray

    @classmethod
    def pack(cls, arrangements: Sequence[Arrangement], config: RuleConfig,
             shape: tuple[int, ...] | None = None) -> "SeatArrays":
        """Pack arrangements (flat) and reshape them to `shape` (default: flat)."""
        count = len(arrangements)
        # Python lists first, one array each at the end: setting numpy items one by one
        # cost more than the rest of packing (tens of seats a table batch).
        codes, points, foul, special, rank, value, big, horse = ([] for _ in range(8))
        front_points, middle_points, back_points = _row_points(config)
        for arrangement in arrangements:
            f, m, b = arrangement.front_value, arrangement.middle_value, arrangement.back_value
            codes.append((key_code(f.key), key_code(m.key), key_code(b.key)))
            points.append((front_points[f.category], middle_points[m.category],
                           back_points[b.category]))
            match = arrangement.special
            if match is not None:
                foul.append(False)
                special.append(True)
                rank.append(match.rank)
                value.append(match.points)
                big.append(match.rule.throw_class == "big")
            else:
                foul.append(bool(arrangement.foul))
                special.append(False)
                rank.append(0)
                value.append(0)
                big.append(False)
            horse.append(plays_horse(arrangement.cards, config))
        codes = np.array(codes, dtype=np.int64).reshape(count, 3)
        points = np.array(points, dtype=np.int64).reshape(count, 3)
        foul, special, big, horse = (np.array(flags, dtype=bool).reshape(count)
                                     for flags in (foul, special, big, horse))
        rank = np.array(rank, dtype=np.int64).reshape(count)
        value = np.array(value, dtype=np.int64).reshape(count)
        shape = (count,) if shape is None else shape
        return cls(codes.reshape(*shape, 3), points.reshape(*shape, 3), foul.reshape(shape),
                   special.reshape(shape), rank.reshape(shape), value.reshape(shape),
                   big.reshape(shape), horse.reshape(shape))

    @classmethod
    def assemble(cls, count: int, coded: Sequence[int], codes: np.ndarray,
                 horse: np.ndarray, arranged: Sequence[Arrangement], config: RuleConfig,
                 shape: tuple[int, ...] | None = None) -> "SeatArrays":
        """`count` seats (flat, reshaped to `shape`): those at positions `coded` known by
        their rows' codes alone ((len(coded), 3): plain rows, no foul, no special; with
        their 马牌 flags), the others, in order, packed from `arranged`."""
        codes_out = np.zeros((count, 3), dtype=np.int64)
        points = np.zeros((count, 3), dtype=np.int64)
        foul, special, big, horse_out = (np.zeros(count, dtype=bool) for _ in range(4))
        rank = np.zeros(count, dtype=np.int64)
        value = np.zeros(count, dtype=np.int64)
        columns = (codes_out, points, foul, special, rank, value, big, horse_out)
        # Positions as one index array each, not Python lists: numpy would convert a
        # list again for every column (and a set of numpy ints costs more than the rest).
        coded = np.asarray(coded, dtype=np.intp)
        if len(coded):
            codes_out[coded] = codes
            points[coded] = row_points_table(config)[np.arange(3), codes >> CATEGORY_SHIFT]
            horse_out[coded] = horse
        if arranged:
            rest = np.ones(count, dtype=bool)
            rest[coded] = False
            rest = np.flatnonzero(rest)  # the others, in order
            packed = cls.pack(arranged, config)
            for name, column in zip(SEAT_FIELDS, columns):
                column[rest] = getattr(packed, name)
        shape = (count,) if shape is None else shape
        return cls(codes_out.reshape(*shape, 3), points.reshape(*shape, 3),
                   *(column.reshape(shape) for column in columns[2:]))

    def expand(self, axis: int) -> "SeatArrays":
        """The same arrays with a new axis of length 1 at `axis` (of the leading shape),
        so two packs broadcast against each other."""
        def put(array: np.ndarray, trailing: int) -> np.ndarray:
            at = axis if axis >= 0 else array.ndim - trailing + axis + 1
            return np.expand_dims(array, at)
        return SeatArrays(put(self.codes, 1), put(self.points, 1), put(self.foul, 0),
                          put(self.special, 0), put(self.rank, 0), put(self.value, 0),
                          put(self.big, 0), put(self.horse, 0))


def pair_points(a: SeatArrays, b: SeatArrays, config: RuleConfig,
                banker_a: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """settlement._settle_pair over broadcast arrays: (a's points before any home run,
    a scoops b, b scoops a). `banker_a`: a is the banker and takes tied rows (§8.5)."""
    win = a.codes >= b.codes if banker_a else a.codes > b.codes
    lose = b.codes > a.codes
    rows = (win * a.points - lose * b.points).sum(-1)
    wins_a = win.sum(-1)
    wins_b = lose.sum(-1)
    # §4.3: the clean side wins every row with its own row values and scoops; two fouled
    # sides score 0. (Candidates and first-hint opponents never foul: most calls skip it.)
    if a.foul.any() or b.foul.any():
        only_a = a.foul & ~b.foul
        only_b = b.foul & ~a.foul
        both = a.foul & b.foul
        base = np.where(only_a, -b.points.sum(-1), np.where(only_b, a.points.sum(-1), rows))
        base = np.where(both, 0, base)
        wins_a = np.where(only_b, 3, np.where(a.foul, 0, wins_a))
        wins_b = np.where(only_a, 3, np.where(b.foul, 0, wins_b))
    else:
        base = rows
    scoop_a = wins_a == 3
    scoop_b = wins_b == 3
    if config.scoop == "multiply":
        points = np.where(scoop_a | scoop_b, base * config.scoop_multiplier, base)
    else:
        points = base + config.scoop_bonus * (scoop_a.astype(np.int64) - scoop_b)
    # §5 / §8.5: a pair with a declarer is decided by the specials alone.
    declared = a.special | b.special
    if declared.any():
        both_declare = a.special & b.special
        if banker_a:  # 抛: big beats small, the same class goes to the banker (a)
            a_collects = ~(b.big & ~a.big)
        else:
            a_collects = a.rank < b.rank
        b_collects = ~a_collects if banker_a else b.rank < a.rank
        special_points = np.where(
            both_declare,
            np.where(a_collects, a.value, np.where(b_collects, -b.value, 0)),
            np.where(a.special, a.value, -b.value))
        points = np.where(declared, special_points, points)
        scoop_a = scoop_a & ~declared
        scoop_b = scoop_b & ~declared
    # 马牌: settle() doubles after the scoop and the home run; a product, so the order
    # does not matter, and scoops (what a home run counts) are not touched.
    if a.horse.any() or b.horse.any():
        points = np.where(a.horse | b.horse, points * 2, points)
    return points, scoop_a, scoop_b


_ROW_POINTS: dict = {}


def _row_points(config: RuleConfig) -> tuple[dict, dict, dict]:
    """RuleConfig.row_points as one dict per row (front, middle, back), category ->
    points, kept per row-bonus table (each call walks the table)."""
    return _kept(_ROW_POINTS, config.row_bonuses, lambda: tuple(
        {category: config.row_points(row, category) for category in CATEGORIES}
        for row in ROWS))


def row_points_table(config: RuleConfig) -> np.ndarray:
    """_row_points as an array (3 rows, 10 categories by strength): what each row
    collects when it wins, indexed by the row's category number."""
    return _kept(_ROW_ARRAYS, config.row_bonuses, lambda: np.array(
        [[row[CATEGORIES[strength]] for strength in range(len(CATEGORIES))]
         for row in _row_points(config)], dtype=np.int64))


def _kept(kept: dict, bonuses: tuple, make):
    """What `make` builds for a row-bonus table, kept by the table's identity: a round's
    rules are one object, and hashing a table's entries at every packing cost more
    than the packing's own lookups (an equal table parsed afresh builds its own)."""
    entry = kept.get(id(bonuses))
    if entry is not None and entry[0] is bonuses:
        return entry[1]
    if len(kept) > 256:
        kept.clear()
    value = make()
    kept[id(bonuses)] = (bonuses, value)  # the table kept alive: its id stays its own
    return value


_ROW_ARRAYS: dict = {}


def plays_horse(cards: Sequence, config: RuleConfig) -> bool:
    """Whether these cards — a seat's rows — hold the rule set's 马牌 (SeatArrays.horse)."""
    horse_card = horse_card_of(config)
    return bool(horse_card) and any(card.code == horse_card for card in cards)


def horse_card_of(config: RuleConfig) -> str:
    """The 马牌's code, or "" — read with getattr, as rule sets before the option have
    no such field."""
    return getattr(config, "horse_card", "") or ""


def opponents_sweep(opponents: SeatArrays, config: RuleConfig) -> np.ndarray:
    """(samples, opponents) bool: the opponent scoops every other opponent at its table —
    with a scoop of the player, that is a home run (§4.2). True with one opponent."""
    count = opponents.codes.shape[1]
    if count == 1:
        return np.ones(opponents.codes.shape[:2], dtype=bool)
    _, scoops, _ = pair_points(opponents.expand(2), opponents.expand(1), config)
    others = ~np.eye(count, dtype=bool)
    return (scoops | ~others).all(axis=2)


def table_points(candidates: SeatArrays, opponents: SeatArrays, config: RuleConfig,
                 player_is_banker: bool = False,
                 sweep: np.ndarray | None = None) -> np.ndarray:
    """(candidates, samples): the player's total at each sampled table, playing each
    candidate, as settle() would give it.

    `candidates` is flat (C,); `opponents` is (S, J): J opponents at each of S tables.
    All-pairs mode sums the player's J pairs with §4.2's home run. Banker mode (§8.5):
    with `player_is_banker` the player settles against every opponent; otherwise the
    first opponent of each table is the banker and the player settles with it alone.
    """
    player = candidates.expand(-1).expand(-1)  # (C, 1, 1)
    if config.mode == "banker":
        if player_is_banker:
            points, _, _ = pair_points(player, opponents, config, banker_a=True)
            return points.sum(-1)
        banker = SeatArrays(*(getattr(opponents, name)[:, :1] for name in SEAT_FIELDS))
        points, _, _ = pair_points(banker, player, config, banker_a=True)
        return -points[..., 0]
    points, player_scoops, opponent_scoops = pair_points(player, opponents, config)
    table_size = opponents.codes.shape[1] + 1
    if config.home_run and table_size >= config.home_run_min_players:
        if sweep is None:
            sweep = opponents_sweep(opponents, config)
        multiplier = config.home_run_multiplier
        player_run = player_scoops.all(-1, keepdims=True)
        opponent_run = opponent_scoops & sweep
        points = np.where(player_run | opponent_run, points * multiplier, points)
    return points.sum(-1)


SEAT_FIELDS = ("codes", "points", "foul", "special", "rank", "value", "big", "horse")
