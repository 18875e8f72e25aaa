"""Settlement (比牌 / 结算): the points every player wins or loses once the rows are shown.

Two modes (RULES.md):

- all-pairs (§4, §5): every pair of players settles separately. Each row: the higher wins
  its row value (`RuleConfig.row_points`, 1 + bonus), a tie is 0. Winning all three rows
  is a scoop (打枪): × `scoop_multiplier` or + `scoop_bonus`. A player who scoops every
  other player at a table of at least `home_run_min_players` makes a home run (全垒打):
  each of their results is multiplied again by `home_run_multiplier`. A fouled player
  (倒水) loses every row to a clean one and is scooped; two fouled players score 0.
  A declared special (报到) is not compared row by row: the declarer collects its points,
  and of two declarers the higher rank collects its own points (equal rank: 0). No scoop,
  home run or row bonus touches a pair with a declarer, so a declarer blocks home runs.
- banker (§8.5, 十三道): the banker against each other player only; a tied row goes to
  the banker; 三砍 (all three rows) doubles through the same scoop option; a declared 抛
  collects its points, big beats small, and two of the same class pay the banker's value
  to the banker.

Decision where RULES.md leaves room: in banker mode a fouled side (倒配) pays the rows the
opponent's own row values, scooped — the same rule as §4.3 — rather than seed 004's
looser "pays double by its own wrong rows"; two fouled sides score 0.

Totals always sum to 0: every pair moves points from one player to the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .arrangement import Arrangement
from .config import ROWS, RuleConfig


class SettlementError(ValueError):
    """Hands that cannot be settled together (duplicate ids, a missing banker…)."""


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One player's validated arrangement at the table."""

    id: str
    arrangement: Arrangement


@dataclass(frozen=True, slots=True)
class RowResult:
    """One row of a pair: who won it (None for a tie) and the row value they collect."""

    row: str
    winner: str | None
    points: int


@dataclass(frozen=True, slots=True)
class SpecialResult:
    """A pair decided by a special: who collected (None when equal ranks cancel), with
    which special, and how many points."""

    winner: str | None
    code: str
    points: int


@dataclass(frozen=True, slots=True)
class PairResult:
    """Player a against player b; `points` are a's (b's are the negative).

    `rows` is empty when a special decided the pair. `base` is a's points from the rows
    before the scoop and the home run; `scoop` and `home_run` name who made them.
    """

    a: str
    b: str
    rows: tuple[RowResult, ...]
    scoop: str | None
    home_run: str | None
    special: SpecialResult | None
    foul_a: bool
    foul_b: bool
    base: int
    points: int
    horse: str | None = None  # who holds the 马牌, which doubled this pair

    def to_dict(self) -> dict[str, Any]:
        special = self.special
        return {
            "a": self.a, "b": self.b, "points": self.points, "base": self.base,
            "rows": [{"row": r.row, "winner": r.winner, "points": r.points} for r in self.rows],
            "scoop": self.scoop, "home_run": self.home_run,
            "special": None if special is None else {
                "winner": special.winner, "code": special.code, "points": special.points},
            "foul_a": self.foul_a, "foul_b": self.foul_b, "horse": self.horse,
        }


@dataclass(frozen=True)
class Settlement:
    """Totals per player (summing to 0) and the detail of every settled pair."""

    mode: str
    totals: dict[str, int]
    pairs: list[PairResult]
    banker: str | None = None
    home_run: str | None = None
    hands: tuple[SeatHand, ...] = ()
    horse: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: what the table shows after the reveal and a replay rebuilds."""
        return {
            "mode": self.mode,
            "banker": self.banker,
            "home_run": self.home_run,
            "horse": self.horse,
            "totals": dict(self.totals),
            "pairs": [pair.to_dict() for pair in self.pairs],
            "hands": {hand.id: hand.arrangement.to_dict() for hand in self.hands},
        }


def settle(hands: Sequence[SeatHand], config: RuleConfig, banker: str | None = None) -> Settlement:
    """Settle a round: all-pairs (§4) or, when the rule set says so, against `banker` (§8.5)."""
    ids = [hand.id for hand in hands]
    if len(hands) < 2:
        raise SettlementError("a round needs at least two players")
    if len(set(ids)) != len(ids):
        raise SettlementError("every player needs a different id")
    if config.mode == "banker":
        if banker not in ids:
            raise SettlementError("banker mode needs the banker's id among the players")
    elif banker is not None:
        raise SettlementError("this rule set has no banker: every pair is settled")

    seats = [_Seat(hand, config) for hand in hands]
    if config.mode == "banker":
        index = ids.index(banker)
        pairs = [_settle_pair(seats[index], seat, config, banker_a=True)
                 for seat in seats if seat is not seats[index]]
        home_run = None
    else:
        pairs = [_settle_pair(seats[i], seats[j], config, banker_a=False)
                 for i in range(len(seats)) for j in range(i + 1, len(seats))]
        home_run = _home_run(ids, pairs, config)

    totals = dict.fromkeys(ids, 0)
    results = []
    multiplier = config.home_run_multiplier
    horse = _horse_holder(hands, config)
    for a, b, rows, scoop, special, foul_a, foul_b, base, points in pairs:
        hit = None
        if home_run is not None and (a == home_run or b == home_run):
            hit = home_run
            points *= multiplier
        doubled = horse if horse in (a, b) else None
        if doubled is not None:  # 马牌: after the scoop and the home run
            points *= 2
        totals[a] += points
        totals[b] -= points
        results.append(PairResult(a, b, rows, scoop, hit, special, foul_a, foul_b, base, points,
                                  doubled))
    return Settlement(config.mode, totals, results, banker, home_run, tuple(hands), horse)


def _horse_holder(hands: Sequence[SeatHand], config: RuleConfig) -> str | None:
    """Who plays the 马牌 in their rows (a card a joker stands for is not the card;
    in 多三张 a discarded horse card doubles nothing) [decided]."""
    if not config.horse_card:
        return None
    return next((hand.id for hand in hands
                 if any(card.code == config.horse_card for card in hand.arrangement.cards)),
                None)


class _Seat:
    """What settling needs from one arrangement, read once: keys, row values, foul, special."""

    __slots__ = ("id", "keys", "row_points", "foul", "special")

    def __init__(self, hand: SeatHand, config: RuleConfig) -> None:
        arrangement = hand.arrangement
        values = arrangement.values
        self.id = hand.id
        self.keys = tuple(value.key for value in values)
        self.row_points = tuple(config.row_points(row, value.category)
                                for row, value in zip(ROWS, values))
        self.foul = arrangement.foul and arrangement.special is None
        self.special = arrangement.special


_TIED_ROWS = tuple(RowResult(row, None, 0) for row in ROWS)


def _settle_pair(a: _Seat, b: _Seat, config: RuleConfig, banker_a: bool) -> tuple:
    """(a, b, rows, scoop, special, foul_a, foul_b, base, points) with points for a,
    before any home run. `banker_a`: a is the banker and takes tied rows (§8.5)."""
    if a.special is not None or b.special is not None:
        special = _special_result(a, b, banker_a)
        points = special.points if special.winner == a.id else (
            -special.points if special.winner == b.id else 0)
        return a.id, b.id, (), None, special, a.foul, b.foul, points, points

    if a.foul and b.foul:
        return a.id, b.id, _TIED_ROWS, None, None, True, True, 0, 0
    if a.foul or b.foul:
        # The clean side wins every row with its own row values and scoops (§4.3).
        winner = b if a.foul else a
        rows = tuple(RowResult(row, winner.id, points)
                     for row, points in zip(ROWS, winner.row_points))
        won = sum(winner.row_points)
        wins_a, wins_b = (0, 3) if a.foul else (3, 0)
        base = won if winner is a else -won
    else:
        rows_list = []
        base = wins_a = wins_b = 0
        for row, key_a, key_b, points_a, points_b in zip(ROWS, a.keys, b.keys,
                                                         a.row_points, b.row_points):
            if key_a > key_b or (banker_a and key_a == key_b):
                rows_list.append(RowResult(row, a.id, points_a))
                base += points_a
                wins_a += 1
            elif key_b > key_a:
                rows_list.append(RowResult(row, b.id, points_b))
                base -= points_b
                wins_b += 1
            else:
                rows_list.append(RowResult(row, None, 0))
        rows = tuple(rows_list)

    scoop = None
    points = base
    if wins_a == 3 or wins_b == 3:
        scoop = a.id if wins_a == 3 else b.id
        if config.scoop == "multiply":
            points = base * config.scoop_multiplier
        else:
            points = base + (config.scoop_bonus if wins_a == 3 else -config.scoop_bonus)
    return a.id, b.id, rows, scoop, None, a.foul, b.foul, base, points


def _special_result(a: _Seat, b: _Seat, banker_a: bool) -> SpecialResult:
    """Who collects in a pair with at least one declared special (§5, §8.5 抛)."""
    special_a, special_b = a.special, b.special
    if special_b is None:
        return SpecialResult(a.id, special_a.code, special_a.points)
    if special_a is None:
        return SpecialResult(b.id, special_b.code, special_b.points)
    if banker_a:
        # 抛: big beats small; the same class goes to the banker (a), at the banker's value.
        big_a = special_a.rule.throw_class == "big"
        big_b = special_b.rule.throw_class == "big"
        if big_b and not big_a:
            return SpecialResult(b.id, special_b.code, special_b.points)
        return SpecialResult(a.id, special_a.code, special_a.points)
    if special_a.rank < special_b.rank:
        return SpecialResult(a.id, special_a.code, special_a.points)
    if special_b.rank < special_a.rank:
        return SpecialResult(b.id, special_b.code, special_b.points)
    return SpecialResult(None, special_a.code, 0)


def _home_run(ids: list[str], pairs: list[tuple], config: RuleConfig) -> str | None:
    """The player who scooped every other player, when the table is big enough (§4.2)."""
    if not config.home_run or len(ids) < config.home_run_min_players:
        return None
    scoops = dict.fromkeys(ids, 0)
    for pair in pairs:
        if pair[3] is not None:
            scoops[pair[3]] += 1
    for player, count in scoops.items():
        if count == len(ids) - 1:
            return player
    return None
