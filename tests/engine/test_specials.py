"""RULES.md §6: the catalogue of special hands, its counting rules and parameters, in every
preset that lists each special, with jokers and with the 65-card deck."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.cards import STANDARD_CARDS, Card, build_deck
from rules.engine.config import ConfigError, RuleConfig
from rules.engine.presets import PRESETS, preset
from rules.engine.rows import evaluate
from rules.engine.specials import (ARRANGEMENT_SPECIALS, SpecialMatch, best_special,
                                   find_specials, shows_special)

from .conftest import cards

# One hand for every special of §6.1, legal in the 52-card deck. Where another special
# comes along unavoidably it is named in the comment.
EXAMPLES = {
    "supreme_dragon": "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks",
    "dragon": "Ah 2s 3c 4d 5s 6h 7c 8d 9s Th Jc Qd Ks",
    "royals_jqka": "As Ah Ac Ks Kh Kc Qs Qh Qc Js Jh Jc Ad",
    "twelve_faces": "Js Jh Jc Jd Qs Qh Qc Qd Ks Kh Kc Kd 2s",
    "three_straight_flushes": "2s 3s 4s 5h 6h 7h 8h 9h 3d 4d 5d 6d 7d",
    "three_quads": "2s 2h 2c 2d 3s 3h 3c 3d 4s 4h 4c 4d 7h",  # + all_low, six_pairs
    "all_high": "8s 8h 8c 9s 9h 9c Ts Th Tc Js Jh Qd Kd",
    "all_low": "2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 7s 8h 6c",
    "one_color": "As Ks Qs Js 9s 7s 5s Ac Kc Qc 8c 3c 2c",
    "four_trips": "4s 4h 4c 5s 5h 5c 6s 6h 6c 7s 7h 7c Kd",
    "five_pairs_trips": "2s 2h 3s 3h 4s 4h 5s 5h 7c 7d 9s 9h 9c",  # + six_pairs
    "six_pairs": "2s 2h 3s 3h 4s 4h 5s 5h 7c 7d 9s 9h Kc",
    "three_flushes": "2s 5s 9s 3h 6h 8h Jh Kh 4d 7d Td Qd 2d",
    "three_straights": "2s 3h 4c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs",
    "black_one_red": "As Ks Qs Js 9s 7s 5s Ac Kc Qc 8c 3c 2h",
    "red_one_black": "Ah Kh Qh Jh 9h 7h 5h Ad Kd Qd 8d 3d 2s",
    "half_high": "As 5h 5c 7d 8s 9h Tc Jd Qs Kh 5d 6d 9s",
    "half_low": "As 2h 2c 4d 5s 6h 7c 8d 9s Th 2d 3d 9c",
}


def found(text: str, config: RuleConfig | str = "standard") -> list[str]:
    if isinstance(config, str):
        config = preset(config)
    return [match.code for match in find_specials(cards(text), config)]


def test_every_special_code_has_an_example():
    codes = {special.code for config in PRESETS.values() for special in config.specials}
    assert codes <= set(EXAMPLES)


# --- every special in every preset that has it, and nowhere else ------------------------

LISTED = [(slug, special.code) for slug, config in PRESETS.items() for special in config.specials]
NOT_LISTED = [(slug, code) for slug, config in PRESETS.items() for code in EXAMPLES
              if config.special(code) is None]


@pytest.mark.parametrize("slug, code", LISTED)
def test_every_special_of_a_preset_is_found_in_that_preset(slug, code):
    assert code in found(EXAMPLES[code], slug)


@pytest.mark.parametrize("slug, code", NOT_LISTED)
def test_a_special_a_preset_does_not_list_does_not_exist_in_it(slug, code):
    assert code not in found(EXAMPLES[code], slug)


def test_the_65_card_preset_knows_only_the_two_dragons():
    assert found(EXAMPLES["six_pairs"], "extra-suit") == []
    assert found(EXAMPLES["dragon"], "extra-suit") == ["dragon"]


def test_five_of_a_kind_row_is_not_a_settlement_special():
    with pytest.raises(ConfigError):
        RuleConfig.from_dict({"specials": [
            {"code": "five_of_a_kind_row", "name": "五同", "rank": 1, "points": 1}]})


# --- definitions (§6.1), each with a near miss ---------------------------------------------


def test_supreme_dragon_is_ace_to_king_all_one_suit():
    assert found(EXAMPLES["supreme_dragon"])[:2] == ["supreme_dragon", "dragon"]
    assert "supreme_dragon" not in found("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Kh")


def test_dragon_is_one_card_of_each_rank_ace_to_king():
    # A-2-3, 4-5-6-7-8, 9-T-J-Q-K: every dragon also lays out as three straights.
    assert found(EXAMPLES["dragon"]) == ["dragon", "three_straights"]
    assert "dragon" not in found("Ah 2s 3c 4d 5s 6h 7c 8d 9s Th Jc Qd Qs")


def test_royals_are_thirteen_jacks_queens_kings_and_aces():
    assert "royals_jqka" in found(EXAMPLES["royals_jqka"])
    assert "royals_jqka" not in found("As Ah Ac Ks Kh Kc Qs Qh Qc Js Jh Jc Td")


def test_twelve_faces_are_every_jack_queen_king_plus_any_card():
    # Three quads of faces are also six pairs (a quad counts as two pairs).
    assert found(EXAMPLES["twelve_faces"], "classic") == ["twelve_faces", "six_pairs"]
    assert "twelve_faces" not in found("Js Jh Jc Jd Qs Qh Qc Qd Ks Kh Kc As 2s", "classic")


def test_three_straight_flushes_need_every_row_a_straight_flush():
    assert found(EXAMPLES["three_straight_flushes"])[0] == "three_straight_flushes"
    # Three flushes and three straights, but the front 2-3-5 of spades is not a run:
    near = "2s 3s 5s 4h 5h 6h 7h 8h 3d 4d 5d 6d 7d"
    assert "three_straight_flushes" not in found(near)


def test_three_straight_flushes_need_the_flushes_to_be_the_straights():
    hand = "2s 3s 4h 5h 6h 7h 8s 9d Td Jd Qd Kd Ad"
    assert "three_straight_flushes" not in found(hand)


def test_three_quads_are_three_four_of_a_kinds_plus_one():
    assert found(EXAMPLES["three_quads"])[0] == "three_quads"
    assert "three_quads" not in found("2s 2h 2c 2d 3s 3h 3c 3d 4s 4h 4c 5d 5h")


def test_all_high_in_seed_000_is_every_card_eight_to_ace():
    assert "all_high" in found("8s 8h 9c 9d Ts Jh Qc Kd As Ah Ac Ad Ks")
    assert "all_high" not in found("8s 8h 9c 9d Ts Jh Qc Kd As Ah Ac Ad 7s")


def test_all_high_in_shisandao_is_every_card_five_to_king_the_ace_counting_one():
    assert "all_high" in found("5s 5h 6c 7d 8s 9h Tc Jd Qs Kh Kc 6d 7s", "shisandao")
    assert "all_high" not in found("5s 5h 6c 7d 8s 9h Tc Jd Qs Kh Kc 6d As", "shisandao")
    assert "all_high" not in found("5s 5h 6c 7d 8s 9h Tc Jd Qs Kh Kc 6d 4s", "shisandao")


def test_all_low_in_seed_000_is_every_card_two_to_eight():
    assert "all_low" in found(EXAMPLES["all_low"])
    assert "all_low" not in found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 7s 8h 9c")
    assert "all_low" not in found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 7s 8h Ac")


def test_all_low_in_shisandao_is_every_card_two_to_ten_and_no_ace():
    assert "all_low" in found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 9s Th Tc", "shisandao")
    assert "all_low" not in found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 9s Th Ac", "shisandao")
    assert "all_low" not in found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 9s Th Jc", "shisandao")


def test_all_high_and_all_low_follow_their_params():
    config = RuleConfig.from_dict({"specials": [
        {"code": "all_high", "name": "全大", "rank": 1, "points": 1, "params": {"min_rank": 9}},
        {"code": "all_low", "name": "全小", "rank": 2, "points": 1, "params": {"max_rank": 7}}]})
    assert found("9s 9h 9c Ts Th Tc Js Jh Jc Qs Qh Kc As", config) == ["all_high"]
    assert found("8s 9h 9c Ts Th Tc Js Jh Jc Qs Qh Kc As", config) == []
    assert found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 7s 7h 6c", config) == ["all_low"]
    assert found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 7s 8h 6c", config) == []


@pytest.mark.parametrize("text", ["As Ks Qs Js 9s 7s 5s Ac Kc Qc 8c 3c 2c",
                                  "Ah Kh Qh Jh 9h 7h 5h Ad Kd Qd 8d 3d 2d"])
def test_one_color_is_all_black_or_all_red(text):
    assert "one_color" in found(text)


def test_one_color_fails_with_a_single_card_of_the_other_colour():
    assert "one_color" not in found(EXAMPLES["black_one_red"])


def test_four_trips_are_four_ranks_with_three_cards_each():
    assert "four_trips" in found(EXAMPLES["four_trips"])
    assert "four_trips" not in found("4s 4h 4c 5s 5h 5c 6s 6h 6c 7s 7h Kc Kd")


def test_four_trips_let_a_four_of_a_kind_supply_one_triple():
    assert "four_trips" in found("4s 4h 4c 4d 5s 5h 5c 6s 6h 6c 7s 7h 7c")


def test_five_pairs_trips_are_five_pairs_and_one_triple():
    assert found(EXAMPLES["five_pairs_trips"]) == ["five_pairs_trips", "six_pairs"]


def test_five_pairs_trips_count_a_four_of_a_kind_as_two_pairs():
    assert "five_pairs_trips" in found("2s 2h 2c 2d 3s 3h 4s 4h 5s 5h 9s 9h 9c")


def test_five_pairs_trips_need_the_triple():
    assert "five_pairs_trips" not in found(EXAMPLES["six_pairs"])
    assert "five_pairs_trips" not in found("2s 2h 2c 3s 3h 3c 4s 4h 5s 5h 7c 7d Kh")


def test_six_pairs_are_six_pairs_and_one_card():
    assert found(EXAMPLES["six_pairs"]) == ["six_pairs"]


def test_six_pairs_count_a_four_of_a_kind_as_two_pairs():
    assert "six_pairs" in found("2s 2h 2c 2d 3s 3h 4s 4h 5s 5h 7c 7d Kc")


def test_six_pairs_count_a_triple_as_a_pair_and_one_so_five_pairs_and_a_triple_count():
    assert "six_pairs" in found(EXAMPLES["five_pairs_trips"])
    assert "six_pairs" in found(EXAMPLES["five_pairs_trips"], "shisandao")


def test_five_pairs_and_three_odd_cards_are_not_six_pairs():
    assert found("2s 2h 3s 3h 4s 4h 5s 5h 7c 7d 9s Jh Kc") == []


def test_six_pairs_are_not_four_trips_and_one():
    assert "six_pairs" not in found(EXAMPLES["four_trips"])


def test_where_five_pairs_trips_exists_it_is_the_one_declared_over_six_pairs():
    assert best_special(cards(EXAMPLES["five_pairs_trips"]), preset("standard")).code == \
        "five_pairs_trips"
    assert best_special(cards(EXAMPLES["five_pairs_trips"]), preset("fuzhou")).code == "six_pairs"


def test_three_flushes_are_three_five_and_five_of_one_suit_each():
    assert found(EXAMPLES["three_flushes"]) == ["three_flushes"]
    assert found("2s 5s 9s 3h 6h 8h Jh Kh 4d 7d Td Qd 2c") == []


def test_three_flushes_may_take_two_rows_from_one_suit():
    assert "three_flushes" in found("2s 5s 9s 3s 6s 8s Js Ks 4d 7d Td Qd 2d")   # 8 + 5
    assert "three_flushes" in found("2s 5s 9s 3h 6h 8h Jh Kh 4h 7h Th Qh Ah")   # 3 + 10


def test_three_flushes_count_straight_flushes():
    assert "three_flushes" in found("2s 5s 9s 3h 4h 5h 6h 7h 4d 7d Td Qd 2d")


def test_three_straights_are_a_three_card_run_and_two_straights():
    assert found(EXAMPLES["three_straights"]) == ["three_straights"]
    assert found("2s 3h 5c 3d 4s 5h 6c 7d 8s 9h Tc Jd Qs") == []


@pytest.mark.parametrize("text", [
    "Ah 2s 3c 3d 4s 5h 6c 7d 6s 7s 8h 9c Td",   # front A-2-3
    "Qh Ks Ac 3d 4s 5h 6c 7d 8s 9h Tc Jd 7s",   # front Q-K-A
    "8h 9s Tc Ad 2s 3h 4c 5d 7s 8d 9c Th Js",   # middle A-2-3-4-5, the wheel
])
def test_three_straights_let_the_ace_run_low_or_high(text):
    assert "three_straights" in found(text)


def test_three_straights_never_wrap_around_the_ace():
    assert "three_straights" not in found("Kh As 2c 3d 4s 5h 6c 7d 8s 9h Tc Jd 5s")


def test_black_one_red_is_twelve_black_and_one_red():
    assert found(EXAMPLES["black_one_red"], "shisandao") == ["black_one_red"]
    assert "black_one_red" not in found("As Ks Qs Js 9s 7s 5s Ac Kc Qc 8c 3h 2h", "shisandao")


def test_thirteen_black_cards_are_one_color_not_black_one_red():
    assert found(EXAMPLES["one_color"], "shisandao") == ["one_color"]


def test_red_one_black_is_twelve_red_and_one_black():
    assert found(EXAMPLES["red_one_black"], "shisandao") == ["red_one_black"]
    assert "red_one_black" not in found(EXAMPLES["one_color"].replace("c", "h"), "shisandao")


def test_half_high_is_five_to_king_with_exactly_one_ace():
    assert "half_high" in found(EXAMPLES["half_high"], "shisandao")
    assert "half_high" not in found("As Ah 5c 7d 8s 9h Tc Jd Qs Kh 5d 6d 9s", "shisandao")
    assert "half_high" not in found("4s 5h 5c 7d 8s 9h Tc Jd Qs Kh 5d 6d 9s", "shisandao")
    assert "half_high" not in found("As 4h 5c 7d 8s 9h Tc Jd Qs Kh 5d 6d 9s", "shisandao")


def test_half_low_is_two_to_ten_with_exactly_one_ace():
    assert "half_low" in found(EXAMPLES["half_low"], "shisandao")
    assert "half_low" not in found("As Ah 2c 4d 5s 6h 7c 8d 9s Th 2d 3d 9c", "shisandao")
    assert "half_low" not in found("As Jh 2c 4d 5s 6h 7c 8d 9s Th 2d 3d 9c", "shisandao")


def test_a_hand_without_an_ace_is_all_low_not_half_low():
    assert found("2s 2h 2c 3s 3h 3c 4s 4h 5c 6d 9s Th Tc", "shisandao") == ["all_low"]


# --- ranking and the rows of arrangement specials -------------------------------------------


def test_specials_are_listed_highest_rank_first():
    matches = find_specials(cards(EXAMPLES["supreme_dragon"]), preset("standard"))
    assert [m.code for m in matches] == ["supreme_dragon", "dragon", "three_straight_flushes",
                                         "one_color", "three_flushes", "three_straights"]
    assert [m.rank for m in matches] == sorted(m.rank for m in matches)


def test_best_special_is_the_highest_ranked_or_none():
    assert best_special(cards(EXAMPLES["supreme_dragon"]), preset("classic")).code == \
        "supreme_dragon"
    assert best_special(cards("2s 3h 5c 3d 4s 5h 6c 7d 8s 9h Tc Jd Ks"), preset("standard")) is None


def test_the_match_carries_the_rule_sets_line():
    match = best_special(cards(EXAMPLES["six_pairs"]), preset("classic"))
    assert (match.code, match.name, match.rank, match.points) == ("six_pairs", "六对半", 5, 6)
    assert match.rows is None


@pytest.mark.parametrize("code", ARRANGEMENT_SPECIALS)
def test_arrangement_specials_come_with_rows_that_show_them(code):
    hand = cards(EXAMPLES[code])
    match = next(m for m in find_specials(hand, preset("fujian")) if m.code == code)
    front, middle, back = match.rows
    assert (len(front), len(middle), len(back)) == (3, 5, 5)
    assert Counter(front + middle + back) == Counter(hand)
    assert shows_special(code, front, middle, back)
    if code != "three_flushes":
        straights = {"straight", "straight_flush"}
        assert {evaluate(middle).category, evaluate(back).category} <= straights


def test_non_arrangement_specials_have_no_rows():
    assert all(m.rows is None for m in find_specials(cards(EXAMPLES["three_quads"]),
                                                     preset("standard")))


def test_shows_special_accepts_the_rows_in_any_order():
    assert shows_special("three_flushes", cards("4d 7d Td Qd 2d"), cards("2s 5s 9s"),
                         cards("3h 6h 8h Jh Kh"))
    assert not shows_special("three_flushes", cards("4d 7d Td Qd 2d"), cards("2s 5s 9h"),
                             cards("3h 6h 8h Jh Ks"))
    assert not shows_special("six_pairs", cards("2s 2h 3s"), cards("3h 4s 4h 5s 5h"),
                             cards("7c 7d 9s 9h Kc"))


def test_a_special_needs_thirteen_cards():
    with pytest.raises(ValueError):
        find_specials(cards("As Ks Qs"), preset("standard"))


# --- the 65-card deck ----------------------------------------------------------------------


def test_supreme_dragon_in_the_65_card_deck():
    assert found("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd", "extra-suit") == \
        ["supreme_dragon", "dragon"]


def test_a_rank_held_five_times_counts_as_two_pairs_and_one():
    config = preset("extra-three")
    assert "six_pairs" in found("7s 7h 7c 7d 7d 2s 2h 3s 3h 4s 4h 5s 5h", config)
    assert "three_quads" in found("7s 7h 7c 7d 7d 2s 2h 2c 2d 3s 3h 3c 3d", config)


def test_65_card_flush_rows_may_hold_a_pair_for_three_flushes():
    assert "three_flushes" in found("2s 5s 9s 3h 6h 8h Jh Kh 4d 4d Td Qd 2d", "extra-three")


# --- jokers: a special holds if some substitution makes it hold ----------------------------


@pytest.mark.parametrize("text, code", [
    ("BJ SJ 3c 4d 5s 6h 7c 8d 9s Th Jc Qd Ks", "dragon"),
    ("BJ 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks", "supreme_dragon"),
    ("BJ 2s 2h 2c 3s 3h 3c 3d 4s 4h 4c 4d 7h", "three_quads"),
    ("BJ SJ 2s 2h 3s 3h 4s 4h 5s 5h 7c 7d 9s", "five_pairs_trips"),
    ("BJ 2s 2h 3s 3h 4s 4h 5s 5h 7c 7d 9s Kh", "six_pairs"),
    ("BJ SJ 4c 5s 5h 5c 6s 6h 6c 7s 7h 7c Kd", "four_trips"),
    ("BJ 5s 9s 3h 6h 8h Jh Kh 4d 7d Td Qd 2d", "three_flushes"),
    ("BJ 3h 4c 3d 4s 5h 6c 7d 8s 9h Tc SJ Qs", "three_straights"),
    ("BJ 3s 4s 5h 6h 7h 8h 9h 3d 4d SJ 6d 7d", "three_straight_flushes"),
    ("BJ Ks Qs Js 9s 7s 5s Ac Kc Qc 8c 3c 2c", "one_color"),
    ("BJ SJ Jc Jd Qs Qh Qc Qd Ks Kh Kc Kd As", "royals_jqka"),
])
def test_a_joker_completes_a_special(text, code):
    assert code in found(text, "jokers")


def test_a_joker_cannot_complete_a_special_two_cards_short():
    assert "dragon" not in found("BJ 2s 2h 4d 5s 6h 7c 8d 9s Th Jc Qd Qs", "jokers")


@pytest.mark.parametrize("code", ["twelve_faces", "black_one_red", "half_high", "half_low"])
def test_a_joker_stands_for_the_missing_card_of_other_presets_specials(code):
    slug = "classic" if code == "twelve_faces" else "shisandao"
    hand = cards(EXAMPLES[code])
    missing = {"twelve_faces": Card(13, "d"), "black_one_red": Card(2, "h"),
               "half_high": Card(14, "s"), "half_low": Card(14, "s")}[code]
    hand[hand.index(missing)] = Card(0, "B")
    config = RuleConfig.from_dict({**preset(slug).to_dict(), "jokers": True})
    assert code in [m.code for m in find_specials(hand, config)]


def _brute_force(hand: list[Card], config: RuleConfig) -> set[str]:
    """Every special some substitution of the jokers forms, trying every card for each."""
    plain = [card for card in hand if not card.is_joker]
    jokers = len(hand) - len(plain)
    held = set()
    for substitute in combinations_with_replacement(STANDARD_CARDS, jokers):
        held.update(m.code for m in find_specials(plain + list(substitute), config))
    return held


JOKER_CASES = [(code, position) for code in EXAMPLES for position in (0, 6, 12)]


@pytest.mark.parametrize("code, position", JOKER_CASES)
def test_one_joker_finds_exactly_what_trying_every_card_finds(code, position):
    config = RuleConfig.from_dict({**preset("shisandao").to_dict(), "jokers": True}) \
        if code in ("black_one_red", "red_one_black", "half_high", "half_low") \
        else preset("jokers")
    hand = cards(EXAMPLES[code])
    hand[position] = Card(0, "B")
    assert set(found(" ".join(c.code for c in hand), config)) == _brute_force(hand, config)


@pytest.mark.parametrize("code", ["dragon", "three_straight_flushes", "five_pairs_trips",
                                  "four_trips", "three_flushes", "three_straights"])
def test_two_jokers_find_exactly_what_trying_every_pair_of_cards_finds(code):
    config = preset("jokers")
    hand = cards(EXAMPLES[code])
    hand[1], hand[8] = Card(0, "B"), Card(0, "S")
    assert set(found(" ".join(c.code for c in hand), config)) == _brute_force(hand, config)


JOKER_DECK = build_deck("standard", jokers=True)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(range(52)), min_size=12, max_size=12, unique=True))
def test_a_random_hand_with_a_joker_holds_what_some_substitution_holds(indexes):
    hand = [JOKER_DECK[i] for i in indexes] + [JOKER_DECK[52]]
    config = preset("jokers")
    assert {m.code for m in find_specials(hand, config)} == _brute_force(hand, config)


# --- invariants -------------------------------------------------------------------------


@settings(max_examples=200)
@given(st.lists(st.sampled_from(range(52)), min_size=13, max_size=13, unique=True),
       st.sampled_from(sorted(PRESETS)))
def test_find_specials_is_ordered_by_rank_and_best_special_is_its_first(indexes, slug):
    hand = [build_deck()[i] for i in indexes]
    config = preset(slug)
    matches = find_specials(hand, config)
    assert [m.rank for m in matches] == sorted(m.rank for m in matches)
    best = best_special(hand, config)
    assert best == (matches[0] if matches else None)
    for match in matches:
        assert isinstance(match, SpecialMatch)
        if match.rows is not None:
            assert Counter(sum(match.rows, ())) == Counter(hand)
            assert shows_special(match.code, *match.rows)
