"""RULES.md §4, §5 and §8.5: settlement — rows and their values, ties, scoops (multiply and
add), home runs and their absence, fouls, specials, and the banker mode of 十三道."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.arrangement import arrange, validate_arrangement
from rules.engine.cards import SeededSource, check_in_deck, deal
from rules.engine.config import RuleConfig
from rules.engine.presets import preset
from rules.engine.settlement import RowResult, SeatHand, SettlementError, settle
from rules.engine.specials import best_special

from .conftest import cards, greedy_arrangement


def seat(player: str, front: str, middle: str, back: str, config="standard",
         declare: bool = False) -> SeatHand:
    config = preset(config) if isinstance(config, str) else config
    if declare:
        arrangement = validate_arrangement(cards(front), cards(middle), cards(back), config,
                                           declare_special=True)
    else:
        arrangement = arrange(cards(front), cards(middle), cards(back), config)
    return SeatHand(player, arrangement)


def pair_of(settlement, a: str, b: str):
    return next(p for p in settlement.pairs if {p.a, p.b} == {a, b})


def points_of(settlement, a: str, b: str) -> int:
    pair = pair_of(settlement, a, b)
    return pair.points if pair.a == a else -pair.points


def rows_won(pair) -> list[tuple[str | None, int]]:
    return [(row.winner, row.points) for row in pair.rows]


# A table of four whose hands use 52 different cards. TRIPS scoops each of the others
# (front trips vs high card, middle trips vs less, back trips vs less).
TRIPS = ("2s 2h 2c", "Qs Qh Qc 4d 5s", "As Ah Ac Kd 9s")
WEAK_B = ("3s 4h 6c", "7d 8s Tc Jh Ks", "Ad Kh Qd 9h 5d")
WEAK_C = ("3h 4s 6d", "7s 8h Td Js Kc", "9c 9d 5h 5c 2d")
WEAK_D = ("3c 4c 6h", "8c 8d 7h 7c 6s", "Jc Jd Ts Th 3d")
SIX_PAIRS_D = ("3c 3d 4c", "6h 6s 7h 7c Ts", "Th Jc Jd 8c 8d")  # the same cards, declared


def test_the_four_hands_of_the_home_run_table_are_one_deck():
    check_in_deck(cards(" ".join(TRIPS + WEAK_B + WEAK_C + WEAK_D)), "standard")
    assert len(cards(" ".join(TRIPS + WEAK_B + WEAK_C + WEAK_D))) == 52


# --- seed 000's example and the row values (§4.1) ------------------------------------------


def test_seed_000_front_trips_then_scoop_is_ten():
    # 冲三 wins the front for 3, the middle and back 1 each: 5; the scoop doubles it: 10.
    result = settle([seat("A", *TRIPS), seat("B", *WEAK_B)], preset("standard"))
    pair = result.pairs[0]
    assert rows_won(pair) == [("A", 3), ("A", 1), ("A", 1)]
    assert pair.base == 5 and pair.scoop == "A" and pair.points == 10
    assert result.totals == {"A": 10, "B": -10}


STANDARD_ROW_VALUES = [
    ("front", "three_of_a_kind", 3), ("middle", "full_house", 2),
    ("middle", "four_of_a_kind", 7), ("back", "four_of_a_kind", 4),
    ("middle", "straight_flush", 9), ("back", "straight_flush", 5),
    ("middle", "five_of_a_kind", 11), ("back", "five_of_a_kind", 6),
    ("front", "pair", 1), ("back", "full_house", 1), ("middle", "flush", 1),
]


@pytest.mark.parametrize("slug", ["standard", "extra-suit", "jokers", "extra-three", "fuzhou"])
@pytest.mark.parametrize("row, category, points", STANDARD_ROW_VALUES)
def test_seed_000_row_values_follow_the_bonus_table(slug, row, category, points):
    assert preset(slug).row_points(row, category) == points


@pytest.mark.parametrize("slug", ["classic", "fujian"])
def test_seeds_001_and_002_have_no_row_bonus(slug):
    assert all(preset(slug).row_points(row, category) == 1
               for row, category, _ in STANDARD_ROW_VALUES)


BANKER_ROW_VALUES = [
    ("back", "straight_flush", 10), ("middle", "straight_flush", 20),
    ("back", "four_of_a_kind", 6), ("middle", "four_of_a_kind", 12),
    ("middle", "full_house", 3), ("front", "three_of_a_kind", 3),
    ("back", "full_house", 1), ("front", "pair", 1),
]


@pytest.mark.parametrize("row, category, points", BANKER_ROW_VALUES)
def test_shisandao_row_values_follow_seed_004(row, category, points):
    assert preset("shisandao").row_points(row, category) == points


# Pairs where A wins the bonus row and B wins the other two (no scoop), as
# (A's rows, B's rows, expected (winner, points) per row, with the standard table).
ROW_CASES = {
    "front three of a kind": (
        ("2s 2h 2c", "3s 3h 3c 4d 5d", "6s 6h 6c 7d 8d"),
        ("Ks Qd Jc", "9s 9h 9c 4c 5c", "Ts Th Tc 7c 8c"),
        [("A", 3), ("B", 1), ("B", 1)]),
    "middle full house": (
        ("2s 3d 4c", "5s 5h 5c 6s 6h", "7s 7h 7c 8s 8h"),
        ("Ks Kh 9c", "Ad Td 9d 6d 2d", "Qs Qh Qc Jc Jd"),
        [("B", 1), ("A", 2), ("B", 1)]),
    "middle four of a kind, back straight flush": (
        ("2s 3d 4c", "5s 5h 5c 5d 6s", "7s 7h 7c 7d 8s"),
        ("Ks Kh 9c", "As Ah Ac Kc Kd", "8h 9h Th Jh Qh"),
        [("B", 1), ("A", 7), ("B", 5)]),
    "back four of a kind": (
        ("2s 3d 4c", "5s 5h 6c 6d 7s", "9s 9h 9c 9d 8s"),
        ("Ks Kh Qc", "8h 8c 8d 2h 3h", "Ac Kd Qd Jd Td"),
        [("B", 1), ("B", 1), ("A", 4)]),
    "middle straight flush, back royal flush": (
        ("2s 3d 4c", "5h 6h 7h 8h 9h", "9s Ts Js Qs Ks"),
        ("Ad Ac Qc", "2h 2d 2c 4s 4d", "Th Jh Qh Kh Ah"),
        [("B", 1), ("A", 9), ("B", 5)]),
}


@pytest.mark.parametrize("case", list(ROW_CASES))
def test_a_won_row_scores_the_winners_row_value(case):
    rows_a, rows_b, expected = ROW_CASES[case]
    check_in_deck(cards(" ".join(rows_a + rows_b)), "standard")
    result = settle([seat("A", *rows_a), seat("B", *rows_b)], preset("standard"))
    pair = result.pairs[0]
    assert rows_won(pair) == expected
    assert pair.scoop is None
    assert result.totals["A"] == sum(p if w == "A" else -p for w, p in expected)


def test_five_of_a_kind_rows_score_eleven_in_the_middle_and_six_at_the_back():
    config = preset("extra-suit")
    a = seat("A", "2s 3s 4c", "7s 7h 7c 7d 7d", "Ts Th Tc Td Td", config)
    b = seat("B", "Ks Kh 2c", "As Ah Ac Kc Kd", "Qs Qh Qc Qd Qd", config)
    check_in_deck(a.arrangement.cards + b.arrangement.cards, "extra_suit")
    pair = settle([a, b], config).pairs[0]
    assert rows_won(pair) == [("B", 1), ("A", 11), ("B", 6)]
    assert pair.points == 4


def test_a_tied_row_scores_zero():
    a = seat("A", "2s 3s 5h", "7s 8s 9h Jc Kd", "As Ah 4c 6d Tc")
    b = seat("B", "2h 3h 5c", "7h 8h 9c Jd Ks", "Ac Ad 4d 6s Th")
    pair = settle([a, b], preset("standard")).pairs[0]
    assert rows_won(pair) == [(None, 0), (None, 0), (None, 0)]
    assert pair.points == 0 and pair.scoop is None


def test_no_scoop_when_a_row_ties():
    a = seat("A", "2s 3s 5h", "7s 8s 9h Jc Kd", "As Ah 4c 6d Tc")
    b = seat("B", "2h 3h 4s", "7h 8h 9c Jd Qs", "Ac Ad 4d 6s Th")
    check_in_deck(a.arrangement.cards + b.arrangement.cards, "standard")
    pair = settle([a, b], preset("standard")).pairs[0]
    assert rows_won(pair) == [("A", 1), ("A", 1), (None, 0)]
    assert pair.scoop is None and pair.points == 2


# --- scoops (§4.2) --------------------------------------------------------------------------


def test_scoop_multiplies_in_seed_000_and_002():
    assert settle([seat("A", *TRIPS), seat("B", *WEAK_B)], preset("fujian")).totals["A"] == 6


def test_scoop_adds_three_in_seed_001():
    result = settle([seat("A", *TRIPS), seat("B", *WEAK_B)], preset("classic"))
    assert result.pairs[0].base == 3 and result.totals == {"A": 6, "B": -6}


def test_scoop_add_applies_after_row_bonuses():
    config = replace(preset("standard"), scoop="add", scoop_bonus=3)
    assert settle([seat("A", *TRIPS), seat("B", *WEAK_B)], config).totals["A"] == 5 + 3


def test_the_scooped_side_can_be_b():
    result = settle([seat("B", *WEAK_B), seat("A", *TRIPS)], preset("standard"))
    assert result.pairs[0].scoop == "A" and result.pairs[0].points == -10


# --- home runs (§4.2) -------------------------------------------------------------------------


def four_players(config="standard", d=WEAK_D, declare_d=False):
    return [seat("A", *TRIPS, config=config), seat("B", *WEAK_B, config=config),
            seat("C", *WEAK_C, config=config), seat("D", *d, config=config, declare=declare_d)]


def test_home_run_doubles_every_result_of_a_player_who_scoops_all_three_others():
    result = settle(four_players(), preset("standard"))
    assert result.home_run == "A"
    for other in "BCD":
        pair = pair_of(result, "A", other)
        assert pair.scoop == "A" and pair.home_run == "A"
        assert points_of(result, "A", other) == 20  # 5, scooped 10, home run 20
    assert result.totals["A"] == 60


def test_home_run_leaves_the_other_pairs_alone():
    result = settle(four_players(), preset("standard"))
    assert all(p.home_run is None for p in result.pairs if "A" not in (p.a, p.b))


def test_no_home_run_with_three_players():
    players = four_players()[:3]
    result = settle(players, preset("standard"))
    assert result.home_run is None and result.totals["A"] == 20


def test_home_run_with_three_players_when_the_rule_set_allows_it():
    config = replace(preset("standard"), home_run_min_players=3)
    assert settle(four_players()[:3], config).totals["A"] == 40


def test_a_special_declarer_cannot_be_scooped_so_there_is_no_home_run():
    result = settle(four_players(d=SIX_PAIRS_D, declare_d=True), preset("standard"))
    assert result.home_run is None
    assert points_of(result, "A", "D") == -4  # six pairs collects 4
    assert result.totals["A"] == 10 + 10 - 4


def test_no_home_run_in_seeds_001_and_002():
    assert settle(four_players("fujian"), preset("fujian")).totals["A"] == 18
    assert settle(four_players("classic"), preset("classic")).totals["A"] == 18


def test_scoops_of_a_fouled_player_count_toward_a_home_run():
    config = replace(preset("standard"), allow_foul=True)
    fouled_d = ("Jc Jd Ts", "3c 4c 6h 6s 8c", "8d 7h 7c Th 3d")
    players = four_players(config, d=fouled_d)
    assert players[3].arrangement.foul
    result = settle(players, config)
    assert result.home_run == "A" and points_of(result, "A", "D") == 20


# --- fouls (§4.3) -------------------------------------------------------------------------


FOULED = ("As Ah Ac", "Kd Kc 2d 9d 4d", "Qs Qh Qc 5s 6d")  # trips in front of a pair
FOULED_TOO = ("Jh Js Jc", "Th 9h 3h 3c 2c", "7s 8s 9s Td 4s")


def test_a_fouled_player_loses_every_row_to_a_clean_one_and_is_scooped():
    result = settle([seat("F", *FOULED, "fujian"), seat("B", *WEAK_B, "fujian")],
                    preset("fujian"))
    pair = result.pairs[0]
    assert pair.foul_a and not pair.foul_b
    assert rows_won(pair) == [("B", 1), ("B", 1), ("B", 1)]
    assert pair.scoop == "B" and result.totals == {"F": -6, "B": 6}


def test_the_clean_side_wins_each_row_with_its_own_row_values():
    config = replace(preset("standard"), allow_foul=True)
    fouled = ("Kh Kc Ks", "3d 6d 5h 7c 8c", "6s 6h 9d Td Jd")
    result = settle([seat("A", *TRIPS, config=config), seat("F", *fouled, config=config)], config)
    assert rows_won(result.pairs[0]) == [("A", 3), ("A", 1), ("A", 1)]
    assert result.totals["A"] == 10


def test_a_fouled_player_pays_the_scoop_bonus_in_add_mode():
    result = settle([seat("F", *FOULED, "classic"), seat("B", *WEAK_B, "classic")],
                    preset("classic"))
    assert result.totals == {"F": -6, "B": 6}


def test_two_fouled_players_score_zero_against_each_other():
    result = settle([seat("F", *FOULED, "fujian"), seat("G", *FOULED_TOO, "fujian")],
                    preset("fujian"))
    pair = result.pairs[0]
    assert pair.foul_a and pair.foul_b and pair.points == 0 and pair.scoop is None
    assert rows_won(pair) == [(None, 0), (None, 0), (None, 0)]


def test_a_declarer_collects_its_special_from_a_fouled_player():
    six_pairs = ("3c 3d 4c", "6h 6s 7h 7c Ts", "Th Jc Jd 8c 8d")
    result = settle([seat("F", *FOULED, "fujian"), seat("S", *six_pairs, "fujian", declare=True)],
                    preset("fujian"))
    pair = result.pairs[0]
    assert pair.special.winner == "S" and pair.special.code == "six_pairs"
    assert result.totals == {"F": -6, "S": 6} and pair.scoop is None


# --- specials (§5) --------------------------------------------------------------------------

THREE_FLUSHES = ("2s 5s 9s", "3h 6h 8h Jh Kh", "4d 7d Td Qd 2d")
THREE_STRAIGHTS = ("2c 3c 4h", "3s 4s 5c 6c 7c", "8c 9c Tc Jc Qs")
SIX_PAIRS = ("3c 3d 4c", "6h 6s 7h 7c Ts", "Th Jc Jd 8c 8d")


def test_a_declarer_collects_its_points_from_a_non_declarer_without_comparing_rows():
    result = settle([seat("S", *SIX_PAIRS, declare=True), seat("A", *TRIPS)], preset("standard"))
    pair = result.pairs[0]
    assert pair.rows == () and pair.scoop is None
    assert pair.special.winner == "S" and pair.special.points == 4
    assert result.totals == {"S": 4, "A": -4}


def test_declarer_against_declarer_the_higher_rank_collects_its_own_points():
    # Seed 000 ranks three flushes (3 points) above three straights (4 points).
    flushes = seat("F", *THREE_FLUSHES, declare=True)
    straights = seat("S", *THREE_STRAIGHTS, declare=True)
    assert (flushes.arrangement.special.code, straights.arrangement.special.code) == \
        ("three_flushes", "three_straights")
    result = settle([straights, flushes], preset("standard"))
    assert result.pairs[0].special.winner == "F" and result.totals == {"S": -3, "F": 3}


def test_declarers_of_equal_rank_score_zero():
    first = seat("P", *SIX_PAIRS, declare=True)
    second = seat("Q", "2s 2h 4s", "4h 5s 5h 9s 9h", "Ks Kh Qs Qh Ah", declare=True)
    assert second.arrangement.special.code == "six_pairs"
    pair = settle([first, second], preset("standard")).pairs[0]
    assert pair.special.winner is None and pair.points == 0


def test_the_highest_ranked_declarer_collects_from_every_other_player():
    flushes = ("2s 5s 9s", "2h 4h 9h Qh Kh", "2d 4d 6d 9d Kd")
    plain = ("3s 4s 5h", "7s 8h 9c Tc Jh", "As Ac Ad Ks Kc")
    check_in_deck(cards(" ".join(flushes + SIX_PAIRS + plain)), "standard")
    players = [seat("F", *flushes, declare=True), seat("S", *SIX_PAIRS, declare=True),
               seat("A", *plain)]
    result = settle(players, preset("standard"))
    # six pairs (rank 11) beats three flushes (rank 12): 4; F collects 3 from A; S 4 from A.
    assert result.totals == {"S": 8, "F": -4 + 3, "A": -3 - 4}


# --- banker mode (§8.5) ---------------------------------------------------------------------

TIE_P = ("2s 3s 5h", "7s 8s 9h Jc Kd", "As Ah 4c 6d Tc")
TIE_Q = ("2h 3h 5c", "7h 8h 9c Jd Ks", "Ac Ad 4d 6s Th")


def test_banker_wins_tied_rows_and_scoops_them():
    result = settle([seat("P", *TIE_P, "shisandao"), seat("Q", *TIE_Q, "shisandao")],
                    preset("shisandao"), banker="Q")
    pair = result.pairs[0]
    assert rows_won(pair) == [("Q", 1), ("Q", 1), ("Q", 1)] and pair.scoop == "Q"
    assert result.totals == {"P": -6, "Q": 6}


def test_three_cuts_doubles_the_pair_in_banker_mode():
    result = settle([seat("A", *TRIPS, "shisandao"), seat("B", *WEAK_B, "shisandao")],
                    preset("shisandao"), banker="B")
    assert result.pairs[0].scoop == "A" and result.totals["A"] == (3 + 1 + 1) * 2


@pytest.mark.parametrize("case, expected", [
    ("front three of a kind", [("A", 3), ("B", 1), ("B", 1)]),
    ("middle full house", [("B", 1), ("A", 3), ("B", 1)]),
    ("middle four of a kind, back straight flush", [("B", 1), ("A", 12), ("B", 10)]),
    ("back four of a kind", [("B", 1), ("B", 1), ("A", 6)]),
    ("middle straight flush, back royal flush", [("B", 1), ("A", 20), ("B", 10)]),
])
def test_banker_mode_rows_score_seed_004_values(case, expected):
    rows_a, rows_b, _ = ROW_CASES[case]
    config = preset("shisandao")
    for banker in ("A", "B"):
        result = settle([seat("A", *rows_a, config), seat("B", *rows_b, config)], config,
                        banker=banker)
        assert rows_won(result.pairs[0]) == expected


def test_players_settle_only_against_the_banker():
    config = preset("shisandao")
    players = [seat(p, *rows, config) for p, rows in
               (("A", TRIPS), ("B", WEAK_B), ("C", WEAK_C), ("D", WEAK_D))]
    result = settle(players, config, banker="C")
    assert len(result.pairs) == 3 and all("C" in (p.a, p.b) for p in result.pairs)
    assert result.home_run is None


THROW_HANDS = {  # 十三道 抛: big = six pairs or a dragon; small = three straights or 半小
    "big": ("2s 2h 3s", "3h 4s 4h 5s 5h", "7c 7d 9s 9h Kc"),
    "dragon": ("Ac 2c 3c", "4d 5d 6c 7s 8s", "9c Tc Jc Qc Kd"),
    "small": ("Ac 2c 3d", "4c 5d 6c 7h 8h", "8c 9c Tc Jc Qd"),
    "half_low": ("As 2s 2h", "2d 3s 4s 4h 5s", "6s 6h 9s 9h Ts"),
}


@pytest.mark.parametrize("first, second", [("big", "small"), ("big", "dragon"),
                                           ("small", "half_low")])
def test_the_throw_hands_are_one_deck_and_hold_their_throws(first, second):
    config = preset("shisandao")
    check_in_deck(cards(" ".join(THROW_HANDS[first] + THROW_HANDS[second])), "standard")
    codes = [thrower("X", kind, config).arrangement.special.code for kind in (first, second)]
    expected = {"big": "six_pairs", "dragon": "dragon", "small": "three_straights",
                "half_low": "half_low"}
    assert codes == [expected[first], expected[second]]


def thrower(player: str, kind: str, config) -> SeatHand:
    return seat(player, *THROW_HANDS[kind], config, declare=True)


def test_a_big_throw_collects_thirteen_and_a_small_one_six():
    config = preset("shisandao")
    big = settle([thrower("P", "big", config), seat("B", *WEAK_B, config)], config, banker="B")
    small = settle([thrower("P", "small", config), seat("B", *WEAK_B, config)], config, banker="B")
    assert big.totals["P"] == 13 and small.totals["P"] == 6
    assert big.pairs[0].scoop is None


def test_a_players_big_throw_beats_the_bankers_small_throw():
    config = preset("shisandao")
    result = settle([thrower("P", "big", config), thrower("K", "small", config)], config,
                    banker="K")
    assert result.pairs[0].special.winner == "P" and result.totals["P"] == 13


def test_a_bankers_big_throw_beats_a_players_small_throw():
    config = preset("shisandao")
    result = settle([thrower("P", "small", config), thrower("K", "big", config)], config,
                    banker="K")
    assert result.totals["K"] == 13


def test_throws_of_the_same_class_go_to_the_banker_at_the_bankers_value():
    data = preset("shisandao").to_dict()
    for special in data["specials"]:
        if special["code"] == "half_low":
            special["points"] = 9  # make the two small throws pay differently
    config = RuleConfig.from_dict(data)
    player_small = settle([thrower("P", "half_low", config), thrower("K", "small", config)],
                          config, banker="K")
    assert player_small.totals == {"P": -6, "K": 6}
    banker_half_low = settle([thrower("P", "small", config), thrower("K", "half_low", config)],
                             config, banker="K")
    assert banker_half_low.totals == {"P": -9, "K": 9}
    both_big = settle([thrower("P", "big", config), thrower("K", "dragon", config)], config,
                      banker="K")
    assert both_big.totals == {"P": -13, "K": 13}


def test_a_fouled_player_is_scooped_by_the_banker():
    config = preset("shisandao")
    result = settle([seat("F", *FOULED, config), seat("K", *WEAK_B, config)], config, banker="K")
    assert result.pairs[0].scoop == "K" and result.totals["K"] == 6


def test_a_fouled_banker_is_scooped_by_the_player():
    config = preset("shisandao")
    result = settle([seat("F", *FOULED, config), seat("P", *WEAK_B, config)], config, banker="F")
    assert result.totals["P"] == 6


def test_two_fouled_sides_score_zero_in_banker_mode():
    config = preset("shisandao")
    result = settle([seat("F", *FOULED, config), seat("G", *FOULED_TOO, config)], config,
                    banker="G")
    assert result.totals == {"F": 0, "G": 0}


# --- refusals -------------------------------------------------------------------------------


def test_banker_mode_needs_the_banker():
    config = preset("shisandao")
    players = [seat("P", *TIE_P, config), seat("Q", *TIE_Q, config)]
    with pytest.raises(SettlementError, match="banker"):
        settle(players, config)
    with pytest.raises(SettlementError, match="banker"):
        settle(players, config, banker="Z")


def test_all_pairs_mode_refuses_a_banker():
    with pytest.raises(SettlementError, match="no banker"):
        settle([seat("P", *TIE_P), seat("Q", *TIE_Q)], preset("standard"), banker="P")


def test_players_need_different_ids_and_there_must_be_two():
    with pytest.raises(SettlementError, match="different id"):
        settle([seat("P", *TIE_P), seat("P", *TIE_Q)], preset("standard"))
    with pytest.raises(SettlementError, match="two players"):
        settle([seat("P", *TIE_P)], preset("standard"))


# --- the JSON the UI and replays show -------------------------------------------------------


def test_to_dict_is_json_ready_with_totals_pairs_rows_and_hands():
    result = settle(four_players(d=SIX_PAIRS_D, declare_d=True), preset("standard"))
    data = json.loads(json.dumps(result.to_dict()))
    assert data["totals"] == result.totals and data["mode"] == "all_pairs"
    first = data["pairs"][0]
    assert first == {"a": "A", "b": "B", "points": 10, "base": 5,
                     "rows": [{"row": "front", "winner": "A", "points": 3},
                              {"row": "middle", "winner": "A", "points": 1},
                              {"row": "back", "winner": "A", "points": 1}],
                     "scoop": "A", "home_run": None, "special": None,
                     "foul_a": False, "foul_b": False, "horse": None}
    special = next(p for p in data["pairs"] if p["b"] == "D" and p["a"] == "A")
    assert special["special"] == {"winner": "D", "code": "six_pairs", "points": 4}
    assert data["hands"]["D"]["special"] == "six_pairs"
    assert data["hands"]["A"]["front"] == ["2s", "2h", "2c"]


def test_row_results_are_values():
    assert RowResult("front", "A", 3) == RowResult("front", "A", 3)


# --- invariants -----------------------------------------------------------------------------

TABLES = [("standard", 4), ("standard", 2), ("extra-suit", 5), ("classic", 4), ("fujian", 3),
          ("shisandao", 4), ("shisandao", 2), ("jokers", 4), ("fuzhou", 4)]


def random_table(seed: int, slug: str,
                 players: int) -> tuple[list[SeatHand], RuleConfig, str | None]:
    """A dealt table: greedy rows, a declaration when a special is held (half the time),
    and where fouls are allowed, now and then rows in the dealt order (often a foul)."""
    config = preset(slug)
    chance = random.Random(seed)
    hands, _ = deal(players, config.deck, config.jokers, source=SeededSource(seed))
    seats = []
    for number, hand in enumerate(hands):
        declare = best_special(hand, config) is not None and chance.random() < 0.5
        if config.allow_foul and chance.random() < 0.3:
            rows = hand[:3], hand[3:8], hand[8:]
        else:
            rows = greedy_arrangement(hand, config.wheel)
        if declare:
            arrangement = validate_arrangement(*rows, config, declare_special=True)
        else:
            arrangement = arrange(*rows, config)
        seats.append(SeatHand(f"p{number}", arrangement))
    banker = f"p{chance.randrange(players)}" if config.mode == "banker" else None
    return seats, config, banker


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(TABLES))
def test_totals_always_sum_to_zero(seed, table):
    seats, config, banker = random_table(seed, *table)
    result = settle(seats, config, banker)
    assert sum(result.totals.values()) == 0
    for pair in result.pairs:
        assert pair.scoop is None or pair.special is None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(TABLES), st.randoms(use_true_random=False))
def test_settlement_is_unchanged_by_reordering_players(seed, table, shuffler):
    seats, config, banker = random_table(seed, *table)
    reordered = list(seats)
    shuffler.shuffle(reordered)
    first, second = settle(seats, config, banker), settle(reordered, config, banker)
    assert first.totals == second.totals and first.home_run == second.home_run

    def by_pair(result):
        return {frozenset((p.a, p.b)): (p.a, p.points, p.scoop, p.home_run) if p.a < p.b
                else (p.b, -p.points, p.scoop, p.home_run) for p in result.pairs}

    assert by_pair(first) == by_pair(second)
