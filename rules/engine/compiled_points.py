"""The player's points at each sampled table, compiled (issue 23): advisor_scoring's
table_points and opponents_sweep pair by pair, with no arrays in between — every mode,
foul, special, 马牌, scoop rule and home run; the same numbers (tests/engine/
test_compiled.py and test_compiled_deals.py check them against advisor_scoring).
Part of the advisor's compiled loops (compiled.py, which names them all); only the
processes that advise import it."""

from __future__ import annotations

import numpy as np
from numba import njit

from .config import RuleConfig


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
