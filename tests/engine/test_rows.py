"""RULES.md §2: row categories, keys and tie-breaks, the wheel, jokers, 65-card rows,
and the front-against-middle comparison of §2.1."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.cards import Card, build_deck
from rules.engine.rows import compare, describe_key, evaluate, front_not_above_middle

from .conftest import cards, category, key

A, K, Q, J, T = 14, 13, 12, 11, 10


# --- categories (the §2 table, one test per row) --------------------------------------


def test_five_of_a_kind_is_five_cards_of_one_rank_with_the_65_card_deck():
    assert key("7s 7h 7c 7d 7d") == (9, 7)


def test_straight_flush_is_a_straight_all_one_suit():
    assert key("9h Th Jh Qh Kh") == (8, K)


def test_four_of_a_kind_is_four_of_one_rank_plus_one():
    assert key("8s 8h 8c 8d 3s") == (7, 8, 3)


def test_full_house_is_three_of_one_rank_and_a_pair():
    assert key("Ks Kh Kc 5d 5s") == (6, K, 5)


def test_flush_is_five_of_one_suit_not_a_straight_listing_all_ranks():
    assert key("As 9s 7s 4s 2s") == (5, A, 9, 7, 4, 2)


def test_straight_is_five_consecutive_ranks_not_all_one_suit():
    assert key("5h 6s 7d 8c 9h") == (4, 9)


def test_three_of_a_kind_is_three_of_one_rank_and_two_unpaired():
    assert key("Qs Qh Qc 7d 2s") == (3, Q, 7, 2)


def test_two_pair_lists_higher_pair_lower_pair_then_kicker():
    assert key("Js Jh 6c 6d 9s") == (2, J, 6, 9)


def test_pair_lists_the_pair_then_kickers_high_to_low():
    assert key("As Ah Tc 5d 3s") == (1, A, T, 5, 3)


def test_high_card_lists_all_ranks_high_to_low():
    assert key("As Kh 9c 6d 2s") == (0, A, K, 9, 6, 2)


LADDER = [  # one row of each category, strongest first (RULES.md §2 table order)
    ("five_of_a_kind", "2s 2h 2c 2d 2d"),
    ("straight_flush", "As 2s 3s 4s 5s"),
    ("four_of_a_kind", "2s 2h 2c 2d 3s"),
    ("full_house", "2s 2h 2c 3d 3s"),
    ("flush", "2h 3h 4h 5h 7h"),
    ("straight", "As 2h 3c 4d 5s"),
    ("three_of_a_kind", "2s 2h 2c 3d 4s"),
    ("two_pair", "2s 2h 3c 3d 4s"),
    ("pair", "2s 2h 3c 4d 5s"),
    ("high_card", "2s 3h 4c 5d 7s"),
]


@pytest.mark.parametrize("slug, text", LADDER)
def test_category_slug_matches_the_table(slug, text):
    assert category(text) == slug


@pytest.mark.parametrize("higher, lower", list(zip(LADDER, LADDER[1:])))
def test_weakest_row_of_a_category_beats_the_next_category_down(higher, lower):
    assert key(higher[1]) > key(lower[1])


def test_a_65_card_flush_holding_a_pair_is_a_flush():
    assert category("Ad Ad 9d 7d 4d") == "flush"


def test_a_65_card_flush_with_a_pair_lists_both_cards_and_beats_ace_king():
    assert key("Ad Ad 9d 7d 4d") == (5, A, A, 9, 7, 4)
    assert key("Ad Ad 9d 7d 4d") > key("As Ks 9s 7s 4s")


# --- tie-breaks --------------------------------------------------------------------------


@pytest.mark.parametrize("higher, lower", [
    ("3s 3h 3c 2d 2s", "2s 2h 2c Ad As"),        # full house: the triple decides
    ("Ks Kh Kc 5d 5s", "Ks Kh Kc 4d 4s"),        # ... then the pair (65-card / equal trips)
    ("8s 8h 8c 8d Ks", "8s 8h 8c 8d Qs"),        # four of a kind: the kicker
    ("As Ks 9s 7s 3s", "Ah Kh 9h 6h 5h"),        # flush: rank by rank
    ("6h 7s 8d 9c Th", "5h 6s 7d 8c 9h"),        # straight: the top card
    ("Qs Qh Qc 8d 2s", "Qs Qh Qc 7d 6s"),        # trips: kickers
    ("Js Jh 6c 6d 9s", "Ts Th 9c 9d As"),        # two pair: the higher pair first
    ("Js Jh 6c 6d 9s", "Js Jh 5c 5d As"),        # ... then the lower pair
    ("Js Jh 6c 6d 9s", "Js Jh 6c 6d 8s"),        # ... then the kicker
    ("As Ah Tc 5d 4s", "As Ah Tc 5d 3s"),        # pair: the last kicker
    ("As Kh 9c 6d 3s", "As Kh 9c 6d 2s"),        # high card: the last card
])
def test_same_category_compares_rank_by_rank(higher, lower):
    assert compare(key(higher), key(lower)) == 1
    assert compare(key(lower), key(higher)) == -1


def test_suits_never_break_a_tie():
    assert key("As Kh 9c 6d 2s") == key("Ad Kc 9h 6s 2d")
    assert key("Ts Js Qs Ks As") == key("Th Jh Qh Kh Ah")
    assert compare(key("Kh Kd 7c"), key("Ks Kc 7d")) == 0


# --- straights and the wheel -------------------------------------------------------------


def test_ten_to_ace_is_the_highest_straight():
    assert key("Ts Jh Qc Kd As") == (4, A)
    assert key("Ts Jh Qc Kd As") > key("9s Th Jc Qd Ks")


def test_wheel_is_the_lowest_straight_by_default():
    wheel = key("As 2h 3c 4d 5s")
    assert wheel == (4, 5)
    assert wheel < key("2s 3h 4c 5d 6s")
    assert wheel > key("Ks Qh Qc Jd 9s")  # still a straight: above any three of a kind


def test_wheel_second_ranks_the_wheel_just_below_ten_to_ace():
    wheel = key("As 2h 3c 4d 5s", "second")
    assert key("9s Th Jc Qd Ks", "second") < wheel < key("Ts Jh Qc Kd As", "second")


def test_wheel_straight_flush_follows_the_wheel_option():
    assert key("As 2s 3s 4s 5s") < key("2h 3h 4h 5h 6h")
    low, second = key("As 2s 3s 4s 5s"), key("As 2s 3s 4s 5s", "second")
    assert second > key("9h Th Jh Qh Kh") and low < key("2h 3h 4h 5h 6h")


def test_jack_queen_king_ace_two_is_not_a_straight():
    assert category("Js Qh Kc Ad 2s") == "high_card"


# --- the front row (3 cards) --------------------------------------------------------------


def test_front_categories_are_three_of_a_kind_pair_and_high_card():
    assert key("7s 7h 7c") == (3, 7)
    assert key("Ks Kh 4c") == (1, K, 4)
    assert key("As Qh 8c") == (0, A, Q, 8)


def test_front_row_is_never_a_straight_or_a_flush():
    assert category("2s 3s 4s") == "high_card"
    assert category("Qh Kh Ah") == "high_card"


def test_a_row_has_three_or_five_cards():
    with pytest.raises(ValueError):
        evaluate(cards("As Ks Qs Js"))


# --- front against middle (§2.1) ---------------------------------------------------------


def test_front_pair_of_kings_with_five_is_below_middle_kings_with_seven():
    assert front_not_above_middle(key("Kh Kd 5c"), key("Ks Kc 7d 4h 3s"))


def test_front_pair_of_kings_with_seven_equals_middle_kings_seven_four_three_not_a_foul():
    assert front_not_above_middle(key("Kh Kd 7c"), key("Ks Kc 7d 4h 3s"))


def test_front_pair_of_kings_with_eight_is_above_middle_kings_with_seven():
    assert not front_not_above_middle(key("Kh Kd 8c"), key("Ks Kc 7d 4h 3s"))


def test_front_high_card_compares_over_its_three_cards_against_a_middle_high_card():
    assert front_not_above_middle(key("Ah Kd 9c"), key("As Kc 9d 4h 3s"))
    assert not front_not_above_middle(key("Ah Kd Tc"), key("As Kc 9d 4h 3s"))


def test_front_three_of_a_kind_is_below_any_straight_in_the_middle():
    assert front_not_above_middle(key("As Ah Ac"), key("As 2h 3c 4d 5s"))


def test_front_three_of_a_kind_is_above_a_lower_middle_three_of_a_kind():
    assert not front_not_above_middle(key("Qs Qh Qc"), key("Js Jh Jc 4d 5s"))
    assert front_not_above_middle(key("Js Jh Jc"), key("Qs Qh Qc 4d 5s"))


def test_front_pair_is_above_a_middle_high_card():
    assert not front_not_above_middle(key("2s 2h 3c"), key("As Kh Qc Jd 9s"))


# --- jokers (§2.2) ---------------------------------------------------------------------


def test_joker_with_four_aces_is_five_of_a_kind():
    assert key("As Ah Ac Ad BJ") == (9, A)


def test_joker_takes_the_highest_key_over_every_substitution():
    assert key("Ts Js Qs Ks SJ") == (8, A)         # royal flush, not a pair of kings
    assert key("9h Th Jh Qh BJ") == (8, K)
    assert key("2s 7h 9c Jd BJ") == (1, J, 9, 7, 2)


def test_joker_may_stand_for_a_card_already_in_the_row():
    assert key("Ad Ad Ah BJ 9c") == (7, A, 9)   # 65 cards + jokers: a third Ad is fine
    assert key("Kh Kd BJ") == (3, K)


def test_two_jokers_in_the_front_make_three_of_a_kind_with_the_third_card():
    assert key("5c BJ SJ") == (3, 5)
    assert key("BJ SJ 2d") == (3, 2)


def test_two_jokers_in_a_five_card_row():
    assert key("As Ks BJ SJ 2h") == (3, A, K, 2)  # no straight, flush or quad reachable
    assert key("As Ad BJ SJ 2h") == (7, A, 2)
    assert key("Ts Js BJ SJ Qs") == (8, A)


def test_joker_rows_compare_with_plain_rows_by_key():
    assert key("Kh Kd BJ") > key("Qs Qh Qc")
    assert key("Kh Kd BJ") == key("Ks Kc Kh")


# --- words a player reads -----------------------------------------------------------------


@pytest.mark.parametrize("text, words", [
    ("Ks Kh 4c", "pair of kings"),
    ("7s 7h 4c 3d 2s", "pair of sevens"),
    ("6s 6h 4c 3d 2s", "pair of sixes"),
    ("5h 6s 7d 8c 9h", "straight to the 9"),
    ("As 2h 3c 4d 5s", "straight to the 5"),
    ("As 9s 7s 4s 2s", "flush, ace high"),
    ("Ks Kh Kc 5d 5s", "full house, kings full of fives"),
    ("Js Jh 6c 6d 9s", "two pair, jacks and sixes"),
    ("8s 8h 8c 8d 3s", "four eights"),
    ("Ts Th Tc", "three tens"),
    ("As Kh 9c 6d 2s", "ace high"),
    ("9h Th Jh Qh Kh", "straight flush to the king"),
    ("7s 7h 7c 7d 7d", "five sevens"),
])
def test_describe_names_the_row_in_a_players_words(text, words):
    assert describe_key(key(text)) == words


# --- invariants ---------------------------------------------------------------------------

STANDARD = build_deck("standard")
SUIT_PERMUTATIONS = st.permutations("shcd")


@given(st.lists(st.sampled_from(range(52)), min_size=5, max_size=5, unique=True),
       SUIT_PERMUTATIONS)
def test_evaluation_is_unchanged_by_renaming_suits(indexes, permutation):
    row = [STANDARD[i] for i in indexes]
    rename = dict(zip("shcd", permutation))
    renamed = [Card(card.rank, rename[card.suit]) for card in row]
    assert evaluate(row) == evaluate(renamed)
    assert evaluate(row[:3]) == evaluate(renamed[:3])


@given(st.lists(st.sampled_from(range(52)), min_size=5, max_size=5, unique=True),
       st.sampled_from(["lowest", "second"]))
def test_category_is_the_strength_of_the_key_and_order_does_not_matter(indexes, wheel):
    row = [STANDARD[i] for i in indexes]
    value = evaluate(row, wheel)
    assert value.category == LADDER[9 - value.key[0]][0]
    assert evaluate(list(reversed(row)), wheel) == value
