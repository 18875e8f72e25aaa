"""RULES.md §1: card codes, the three decks, deck copies, the secure shuffle and the deal."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import cards as cards_module
from rules.engine.cards import (BIG_JOKER, SMALL_JOKER, Card, CardError, SeededSource,
                                build_deck, check_in_deck, codes, deal, parse_card,
                                parse_cards, shuffle, sorted_for_display)

from .conftest import cards


@pytest.mark.parametrize("text, canonical", [
    ("As", "As"), ("as", "As"), ("AS", "As"), ("td", "Td"), ("10h", "Th"), ("10H", "Th"),
    ("2c", "2c"), (" kd ", "Kd"), ("bj", "BJ"), ("SJ", "SJ"), ("Sj", "SJ"),
])
def test_card_codes_are_case_insensitive_and_output_canonical(text, canonical):
    assert parse_card(text).code == canonical


def test_ten_can_be_written_10_or_t():
    assert parse_card("10s") == parse_card("Ts") == Card(10, "s")


def test_jokers_are_rank_zero_big_and_small():
    assert parse_card("BJ") == BIG_JOKER and BIG_JOKER.is_joker and BIG_JOKER.rank == 0
    assert parse_card("SJ") == SMALL_JOKER and SMALL_JOKER.is_joker


@pytest.mark.parametrize("text", ["1s", "Ax", "11h", "", "A", "Asd", "JJ", "0s"])
def test_unknown_card_code_is_refused_with_a_readable_message(text):
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


def test_a_card_code_must_be_text():
    with pytest.raises(CardError):
        parse_card(14)
    with pytest.raises(CardError):
        parse_cards("As Kd")


@given(st.sampled_from(build_deck("standard", jokers=True)))
def test_a_cards_code_parses_back_to_the_card(card):
    assert parse_card(card.code) == card
    assert parse_card(card.code.lower()) == card


def test_a_cards_code_is_not_part_of_its_value():
    """The code is kept on the card to save work; two cards are equal by rank and suit,
    and a copy made with another suit has that suit's code."""
    from dataclasses import replace

    ace = parse_card("As")
    assert ace == Card(14, "s") and hash(ace) == hash(Card(14, "s"))
    assert repr(ace) == "Card(As)"
    assert replace(ace, suit="d").code == "Ad"


def test_standard_deck_is_52_distinct_cards():
    deck = build_deck("standard")
    assert len(deck) == 52 == len(set(deck))
    assert Counter(card.suit for card in deck) == {"s": 13, "h": 13, "c": 13, "d": 13}


def test_extra_suit_deck_is_65_cards_with_a_second_copy_of_every_diamond():
    deck = Counter(build_deck("extra_suit"))
    assert sum(deck.values()) == 65
    assert all(deck[Card(rank, "d")] == 2 for rank in range(2, 15))
    assert all(deck[Card(rank, suit)] == 1 for rank in range(2, 15) for suit in "shc")


@pytest.mark.parametrize("deck, size", [("standard", 54), ("extra_suit", 67)])
def test_jokers_add_big_and_small_joker_to_either_deck(deck, size):
    built = build_deck(deck, jokers=True)
    assert len(built) == size
    assert BIG_JOKER in built and SMALL_JOKER in built


def test_unknown_deck_is_refused():
    with pytest.raises(CardError):
        build_deck("tarot")


def test_identical_cards_of_the_65_card_deck_are_equal():
    first, second = cards("Ad Ad")
    assert first == second and hash(first) == hash(second)


def test_check_in_deck_refuses_a_card_beyond_the_decks_copies():
    with pytest.raises(CardError, match="Ad appears 2 times but the deck has only one"):
        check_in_deck(cards("Ad Ad"), "standard")
    check_in_deck(cards("Ad Ad"), "extra_suit")
    with pytest.raises(CardError, match="only 2"):
        check_in_deck(cards("Ad Ad Ad"), "extra_suit")


def test_extra_suit_has_no_second_copy_of_other_suits():
    with pytest.raises(CardError):
        check_in_deck(cards("As As"), "extra_suit")


def test_jokers_are_refused_unless_the_rule_set_has_them():
    with pytest.raises(CardError, match="BJ is not in this deck"):
        check_in_deck(cards("BJ"), "standard")
    check_in_deck(cards("BJ SJ"), "standard", jokers=True)


def test_shuffle_is_a_permutation_of_the_deck():
    deck = build_deck("extra_suit", jokers=True)
    assert Counter(shuffle(deck, SeededSource(1))) == Counter(deck)


def test_seeded_shuffle_is_reproducible_for_replays():
    deck = build_deck()
    assert shuffle(deck, SeededSource("round-7")) == shuffle(deck, SeededSource("round-7"))
    assert shuffle(deck, SeededSource("round-7")) != shuffle(deck, SeededSource("round-8"))


def test_live_shuffle_draws_from_secrets(monkeypatch):
    calls = []

    def randbelow(n):
        calls.append(n)
        return 0

    monkeypatch.setattr(cards_module.secrets, "randbelow", randbelow)
    shuffle(build_deck())
    assert calls == list(range(52, 1, -1))


def test_deal_gives_each_player_thirteen_cards_and_keeps_the_rest_hidden():
    hands, rest = deal(4, source=SeededSource(3))
    assert [len(hand) for hand in hands] == [13, 13, 13, 13] and rest == []
    hands, rest = deal(3, source=SeededSource(3))
    assert len(rest) == 13
    assert Counter(card for hand in hands for card in hand) + Counter(rest) == Counter(build_deck())


def test_extra_three_deals_sixteen_cards_from_the_65_card_deck():
    hands, rest = deal(4, deck="extra_suit", hand_size=16, source=SeededSource(5))
    assert [len(hand) for hand in hands] == [16] * 4 and len(rest) == 1


def test_deal_refuses_more_hands_than_the_deck_holds():
    with pytest.raises(CardError):
        deal(5, deck="standard")


def test_display_order_is_rank_high_to_low_then_spades_hearts_clubs_diamonds():
    shown = sorted_for_display(cards("2d As Ad 2s Ah Ac BJ"))
    assert codes(shown) == ["BJ", "As", "Ah", "Ac", "Ad", "2s", "2d"]
