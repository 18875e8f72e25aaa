"""RULES.md §3 and §5: validating a submission — the dealt cards, row sizes, the deck,
fouls with messages a player can act on, allow_foul, and special declarations."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.arrangement import (Arrangement, ArrangementError, arrange, foul_reason,
                                      validate_arrangement, validate_submission)
from rules.engine.cards import SeededSource, deal
from rules.engine.presets import preset

from .conftest import cards, greedy_arrangement, rows

SEED_001_HAND = "Ah Kh Qh Jh Th 9d 8d 7d 6c 5c 4s 3s 2s"


def submit(front: str, middle: str, back: str, slug: str = "standard", dealt: str | None = None,
           declare: bool = False) -> Arrangement:
    dealt = dealt or f"{front} {middle} {back}"
    return validate_submission(cards(dealt), cards(front), cards(middle), cards(back),
                               preset(slug), declare_special=declare)


# --- the seeds' own example ------------------------------------------------------------------


def test_seed_001_example_hand_is_valid():
    arrangement = submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th", dealt=SEED_001_HAND)
    assert arrangement.pattern == ("high_card", "straight", "straight_flush")
    assert not arrangement.foul and arrangement.special is None


# --- fouls (§3) ---------------------------------------------------------------------------


def test_front_above_middle_is_refused_naming_both_rows_and_hands():
    with pytest.raises(ArrangementError) as error:
        submit("Kh Kd Qc", "7s 7c 5d 4h 3s", "As Ah 2c 2d 9s")
    assert "front pair of kings is higher than the middle's pair of sevens" in str(error.value)


def test_middle_above_back_is_refused_naming_both_rows_and_hands():
    with pytest.raises(ArrangementError, match="middle flush, king high is higher than the "
                                               "back's straight to the 9"):
        submit("2c 3c 4d", "Kh Th 8h 6h 5h", "5s 6d 7c 8s 9s")


def test_a_foul_message_names_the_kickers_when_the_hands_read_the_same():
    with pytest.raises(ArrangementError, match="front pair of kings with 8 is higher than the "
                                               "middle's pair of kings with 7, 4, 3"):
        submit("Kh Kd 8c", "Ks Kc 7d 4h 3s", "As Ah 2c 2d 9s")


def test_front_pair_of_kings_with_five_below_middle_kings_with_seven_is_valid():
    assert not submit("Kh Kd 5c", "Ks Kc 7d 4h 3s", "As Ah 2c 2d 9s").foul


def test_front_equal_to_middle_over_its_three_cards_is_valid():
    assert not submit("Kh Kd 7c", "Ks Kc 7d 4h 3s", "As Ah 2c 2d 9s").foul


def test_middle_equal_to_back_is_valid():
    assert not submit("2c 3c 4d", "As Kh 9c 6d 5s", "Ad Ks 9h 6s 5d").foul


def test_foul_reason_is_none_for_a_valid_arrangement_and_names_both_fouls():
    valid = rows("2c 3c 4d", "5s 6d 7c 8s 9s", "As Ah Ac 2d 2s")
    assert foul_reason(valid.values) is None
    both = rows("As Ah Kc", "Kh Qs 8h 6d 5h", "Qd Jc 9s 7c 4d")
    assert foul_reason(both.values) == (
        "front pair of aces is higher than the middle's king high; "
        "middle king high is higher than the back's queen high")


def test_allow_foul_accepts_the_foul_and_marks_it():
    arrangement = submit("Kh Kd Qc", "7s 7c 5d 4h 3s", "As Ah 2c 2d 9s", "classic")
    assert arrangement.foul


@pytest.mark.parametrize("slug", ["standard", "extra-suit", "jokers", "extra-three", "fuzhou"])
def test_seed_000_presets_refuse_fouls(slug):
    config = preset(slug)
    with pytest.raises(ArrangementError, match="foul"):
        validate_arrangement(cards("Kh Kd Qc"), cards("7s 7c 5d 4h 3s"),
                             cards("As Ah 2c 2d 9s"), config)


@pytest.mark.parametrize("slug", ["classic", "fujian", "shisandao"])
def test_seed_001_002_004_presets_accept_fouls(slug):
    assert validate_arrangement(cards("Kh Kd Qc"), cards("7s 7c 5d 4h 3s"),
                                cards("As Ah 2c 2d 9s"), preset(slug)).foul


def test_the_wheel_option_decides_whether_a_wheel_middle_fouls():
    config = preset("standard")
    middle, back = cards("As 2h 3c 4d 5s"), cards("2s 3h 4c 5d 6h")
    assert not arrange(cards("7c 8c Td"), middle, back, config).foul
    assert arrange(cards("7c 8c Td"), middle, back, replace(config, wheel="second")).foul


def test_arrangement_exposes_rows_values_and_pattern():
    arrangement = rows("2c 3c 4d", "5s 6d 7c 8s 9s", "As Ah Ac 2d 2s")
    assert arrangement.pattern == ("high_card", "straight", "full_house")
    assert arrangement.rows == (arrangement.front, arrangement.middle, arrangement.back)
    assert arrangement.values[2].key == (6, 14, 2)
    assert Counter(arrangement.cards) == Counter(cards("2c 3c 4d 5s 6d 7c 8s 9s As Ah Ac 2d 2s"))
    assert arrangement.to_dict()["pattern"] == ["high_card", "straight", "full_house"]


# --- cards: sizes, the dealt hand, the deck ---------------------------------------------------


@pytest.mark.parametrize("front, middle, back, row", [
    ("2c 3c", "4d 5s 6d 7c 8s 9s", "As Ah Ac 2d 2s", "front"),
    ("2c 3c 4d", "5s 6d 7c 8s", "9s As Ah Ac 2d 2s", "middle"),
    ("2c 3c 4d", "5s 6d 7c 8s 9s", "As Ah Ac 2d", "back"),
])
def test_row_sizes_are_three_five_five(front, middle, back, row):
    with pytest.raises(ArrangementError, match=f"the {row} row takes"):
        validate_arrangement(cards(front), cards(middle), cards(back), preset("standard"))


def test_a_card_not_dealt_is_refused():
    with pytest.raises(ArrangementError, match="Ts is not one of your cards"):
        submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Ts", dealt=SEED_001_HAND)


def test_a_card_played_twice_is_refused():
    with pytest.raises(ArrangementError, match="2s is played 2 times but you hold one"):
        submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh 2s", dealt=SEED_001_HAND)


def test_the_dealt_hand_has_the_rule_sets_size():
    with pytest.raises(ArrangementError, match="13 cards, not 12"):
        submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th", dealt=SEED_001_HAND[3:])


def test_a_card_beyond_the_decks_copies_is_refused_even_if_dealt():
    with pytest.raises(ArrangementError, match="Ad appears 2 times"):
        submit("Ad Ad 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th")


def test_the_65_card_deck_allows_two_identical_diamonds():
    assert not submit("Ad Ad 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th", "extra-suit").foul


def test_jokers_are_accepted_only_where_the_rule_set_has_them():
    with pytest.raises(ArrangementError, match="BJ is not in this deck"):
        submit("BJ 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th")
    arrangement = submit("BJ 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th", "jokers")
    assert arrangement.front_value.category == "pair"


def test_unknown_card_codes_are_refused_naming_the_row():
    with pytest.raises(ArrangementError, match="the middle: unknown card"):
        validate_arrangement(["4s", "3s", "2s"], ["6c", "5c", "7d", "8d", "1d"],
                             ["Ah", "Kh", "Qh", "Jh", "Th"], preset("standard"))


def test_rows_may_be_given_as_codes():
    arrangement = validate_arrangement(["4s", "3s", "2s"], ["6c", "5c", "7d", "8d", "9d"],
                                       ["ah", "kh", "qh", "jh", "10h"], preset("standard"))
    assert arrangement.back_value.category == "straight_flush"


# --- 多三张: any 13 of the 16 dealt ----------------------------------------------------------

EXTRA_THREE_DEALT = "Ad Ad Kd 9d 8d 7d 6c 5c 4s 3s 2s Qh Jh Th 9h 8h"


def test_extra_three_accepts_any_thirteen_of_the_sixteen_dealt():
    arrangement = submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Qh Jh Th 9h 8h", "extra-three",
                         dealt=EXTRA_THREE_DEALT)
    assert arrangement.pattern == ("high_card", "straight", "straight_flush")


def test_extra_three_counts_the_dealt_cards_as_a_multiset():
    dealt = EXTRA_THREE_DEALT.replace("Ad Ad", "Ad As")
    with pytest.raises(ArrangementError, match="Ad is played 2 times but you hold one"):
        submit("Ad Ad 2s", "6c 5c 7d 8d 9d", "Qh Jh Th 9h 8h", "extra-three", dealt=dealt)


def test_extra_three_refuses_a_card_outside_the_sixteen():
    with pytest.raises(ArrangementError, match="Kh is not one of your cards"):
        submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Kh Jh Th 9h 8h", "extra-three",
               dealt=EXTRA_THREE_DEALT)


def test_extra_three_needs_sixteen_dealt_cards():
    with pytest.raises(ArrangementError, match="16 cards, not 13"):
        submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Qh Jh Th 9h 8h", "extra-three")


# --- declaring a special (§5) ------------------------------------------------------------------


def test_declaring_a_held_special_marks_it_and_cannot_foul():
    # Six pairs laid out in a fouling order: the order of a declarer's rows is not checked.
    arrangement = submit("9s 9h Kc", "2s 2h 3s 3h 4s", "4h 5s 5h 7c 7d", declare=True)
    assert arrangement.special.code == "six_pairs" and not arrangement.foul


def test_declaring_without_a_special_is_refused_clearly():
    with pytest.raises(ArrangementError, match="you declared a special hand but these 13 "
                                               "cards form none"):
        submit("4s 3s 2s", "6c 5c 7d 8d 9c", "Ah Kh Qh Jh 9h", declare=True)


def test_a_declaration_names_the_highest_ranked_special_held():
    arrangement = submit("2s 2h 3s", "3h 4s 4h 5s 5h", "7c 7d 9s 9h 9c", declare=True)
    assert arrangement.special.code == "five_pairs_trips"
    arrangement = submit("2s 2h 3s", "3h 4s 4h 5s 5h", "7c 7d 9s 9h 9c", "fuzhou", declare=True)
    assert arrangement.special.code == "six_pairs"


def test_a_declared_arrangement_special_gets_rows_that_show_it():
    # Three flushes submitted with the suits mixed up across the rows.
    arrangement = submit("2s 5s 3h", "9s 6h 8h Jh Kh", "4d 7d Td Qd 2d", declare=True)
    assert arrangement.special.code == "three_flushes"
    for row in arrangement.rows:
        assert len({card.suit for card in row}) == 1
    assert Counter(arrangement.cards) == Counter(cards("2s 5s 3h 9s 6h 8h Jh Kh 4d 7d Td Qd 2d"))


def test_a_declarer_who_laid_out_the_special_keeps_their_rows_in_any_order():
    arrangement = submit("2s 5s 9s", "4d 7d Td Qd 2d", "3h 6h 8h Jh Kh", declare=True)
    assert arrangement.special.code == "three_flushes"
    assert arrangement.middle == tuple(cards("4d 7d Td Qd 2d"))


def test_the_seed_001_hand_declared_is_a_dragon():
    arrangement = submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th", "classic",
                         dealt=SEED_001_HAND, declare=True)
    assert arrangement.special.code == "dragon" and arrangement.special.points == 18


def test_a_special_may_also_be_played_as_rows():
    arrangement = submit("4s 3s 2s", "6c 5c 7d 8d 9d", "Ah Kh Qh Jh Th", declare=False)
    assert arrangement.special is None


# --- invariant -------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["standard", "classic", "extra-suit", "jokers"]))
def test_a_greedy_arrangement_of_any_hand_is_valid_and_uses_exactly_the_hand(seed, slug):
    config = preset(slug)
    hands, _ = deal(2, config.deck, config.jokers, source=SeededSource(seed))
    front, middle, back = greedy_arrangement(hands[0], config.wheel)
    arrangement = validate_submission(hands[0], front, middle, back, config)
    assert not arrangement.foul
    assert Counter(arrangement.cards) == Counter(hands[0])
