"""The compiled first hint of the advisor's opponents (issue 23, rules.engine.compiled):
the same row keys as hints.first_layout's search on every hand it serves, and the
opponents packed from it the same as from their arrangements."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from rules.engine import compiled
from rules.engine.advisor_deals import opponent_arrangements, opponent_seats
from rules.engine.advisor_scoring import SEAT_FIELDS, SeatArrays, key_code
from rules.engine.cards import SeededSource, build_deck, parse_cards, shuffle
from rules.engine.hints import first_layout
from rules.engine.presets import PRESETS, preset

# Every preset whose hands it serves: 13 cards, no joker (standard and 65-card decks).
SERVED = [name for name, config in PRESETS.items()
          if config.hand_size == 13 and not config.jokers]


def _hands(config, count, seed, pick=None):
    """`count` hands of the config's deck; `pick` narrows the deck first (a few ranks or
    suits, for hands full of straights, flushes and sets)."""
    source = SeededSource(seed)
    deck = [card for card in build_deck(config.deck, config.jokers)
            if pick is None or pick(card)]
    return [list(shuffle(deck, source)[:13]) for _ in range(count)]


def _search_keys(hands, config):
    layouts = [first_layout(hand, config, may_declare=False) for hand in hands]
    return (np.array([[key_code(key) for key in layout.keys] for layout in layouts]),
            np.array([[key[0] for key in layout.keys] for layout in layouts]))


def _assert_same_as_the_search(hands, config):
    codes, categories = compiled.first_rows(hands, config)
    want_codes, want_categories = _search_keys(hands, config)
    for i, hand in enumerate(hands):
        assert (codes[i].tolist(), categories[i].tolist()) == \
            (want_codes[i].tolist(), want_categories[i].tolist()), [c.code for c in hand]


@pytest.mark.parametrize("name", SERVED)
def test_the_first_hints_rows_are_the_searchs_on_random_hands(name):
    config = preset(name)
    _assert_same_as_the_search(_hands(config, 400, seed=31), config)


@pytest.mark.parametrize("pick", [
    lambda card: card.suit in "sh",            # two suits: flushes in most hands
    lambda card: card.rank in (14, 2, 3, 4, 5, 6, 7, 13),  # wheels, straights, sets
    lambda card: card.rank >= 9,               # broadways, quads, full houses
], ids=["two-suits", "low-and-wheel", "high-ranks"])
def test_the_same_rows_where_straights_flushes_and_sets_crowd(pick):
    for config in (preset("standard"), preset("extra-suit"), preset("shisandao")):
        _assert_same_as_the_search(_hands(config, 150, seed=5, pick=pick), config)


def test_the_wheel_ranked_second_and_an_admins_row_values_are_followed():
    """The wheel's top card 13.5 (RULES.md §2.1's other wheel) and a bonus table no
    preset has (which reorders the hint patterns) give the search's rows too."""
    standard = preset("standard")
    second = replace(standard, wheel="second")
    _assert_same_as_the_search(
        _hands(second, 150, seed=8, pick=lambda card: card.rank in (14, 2, 3, 4, 5, 6, 10)),
        second)
    reordered = replace(preset("classic"), row_bonuses=preset("shisandao").row_bonuses)
    _assert_same_as_the_search(_hands(reordered, 200, seed=9), reordered)


def test_a_hand_of_the_worked_example_keeps_its_first_hint():
    # Two pairs and trips: the first hint plays the full house behind, a pair in the middle.
    hand = parse_cards("As Ah Ad Ks Kh 7s 7h 9c 8d 5c 4d 3s 2h".split())
    codes, categories = compiled.first_rows([hand], preset("standard"))
    layout = first_layout(hand, preset("standard"), may_declare=False)
    assert codes[0].tolist() == [key_code(key) for key in layout.keys]
    assert categories[0].tolist() == [key[0] for key in layout.keys]


def test_a_hand_it_does_not_serve_is_said_so():
    standard = preset("standard")
    hand = parse_cards("As Ah Ad Ks Kh 7s 7h 9c 8d 5c 4d 3s 2h".split())
    assert compiled.served(hand, standard)
    assert not compiled.served(hand[:12] + parse_cards(["BJ"]), preset("jokers"))
    assert not compiled.served(hand + parse_cards("6c 6d 6h".split()), preset("extra-three"))


@pytest.mark.parametrize("name", ["standard", "fuzhou", "extra-suit", "jokers",
                                  "extra-three", "shisandao"])
def test_opponents_pack_the_same_compiled_as_arranged(name):
    """advisor_deals.opponent_seats — compiled where it can, the special screen and the
    Python policy elsewhere (declarers, jokers, 16 cards) — packs what SeatArrays.pack
    packs of the opponents' arrangements, field for field, 马牌 included."""
    config = preset(name)
    if name == "fuzhou":
        config = replace(config, horse_card="Ah")
    hands = _hands(config, 120, seed=17) if config.hand_size == 13 else [
        list(shuffle(build_deck(config.deck, config.jokers), SeededSource(s))[:16])
        for s in range(39)]
    fast = opponent_seats(hands, config, (len(hands) // 3, 3))
    slow = SeatArrays.pack(opponent_arrangements(hands, config), config,
                           (len(hands) // 3, 3))
    for field in SEAT_FIELDS:
        assert np.array_equal(getattr(fast, field), getattr(slow, field)), field
    if name == "fuzhou":
        assert fast.horse.any()


@pytest.mark.parametrize("name", ["standard", "extra-suit", "shisandao"])
def test_the_compiled_pareto_front_is_the_numpy_one(name):
    """compiled.pareto_splits gives advisor_candidates._front_splits' list — the same
    splits in the same order — on random and crowded hands (twin diamonds included)."""
    from rules.engine.advisor_candidates import _front_splits, _rows_by_ranks
    from rules.engine.cards import display_order

    config = preset(name)
    hands = (_hands(config, 60, seed=41)
             + _hands(config, 30, seed=42, pick=lambda card: card.suit in "sd")
             + _hands(config, 30, seed=43, pick=lambda card: card.rank >= 8))
    for hand in hands:
        hand = tuple(sorted(hand, key=display_order))
        _, five_code, five_cut = _rows_by_ranks(hand, 5, config.wheel)
        _, three_code, three_cut = _rows_by_ranks(hand, 3, config.wheel)
        assert compiled.pareto_splits(hand, config)[0] == \
            _front_splits(five_code, five_cut, three_code, three_cut), [c.code for c in hand]


def _random_seats(rng, shape, *, fouls, specials, horses):
    """SeatArrays of `shape` with random rows (codes from a few keys, so that rows tie),
    fouls, declarations (ranks, values, 抛 classes) and 马牌 flags."""
    count = int(np.prod(shape))
    codes = rng.integers(0, 6, size=(count, 3)) << 20
    special = rng.random(count) < specials
    return SeatArrays(codes.reshape(*shape, 3),
                      rng.integers(1, 5, size=(count, 3)).reshape(*shape, 3),
                      ((rng.random(count) < fouls) & ~special).reshape(shape),
                      special.reshape(shape),
                      np.where(special, rng.integers(1, 6, size=count), 0).reshape(shape),
                      np.where(special, rng.integers(3, 30, size=count), 0).reshape(shape),
                      (special & (rng.random(count) < 0.5)).reshape(shape),
                      (rng.random(count) < horses).reshape(shape))


@pytest.mark.parametrize("name, change", [
    ("standard", {}),
    ("standard", {"scoop": "bonus", "scoop_bonus": 3}),
    ("standard", {"home_run_min_players": 3, "home_run_multiplier": 3}),
    ("classic", {"home_run": False}),
    ("shisandao", {}),
])
@pytest.mark.parametrize("player_is_banker", [False, True])
def test_the_compiled_points_are_advisor_scorings(name, change, player_is_banker):
    """compiled.table_points gives advisor_scoring.table_points' numbers (which
    test_advisor checks against settle()), fouls, specials, 马牌, home runs, scoop
    bonuses and both sides of a 十三道 bank included."""
    from rules.engine.advisor_scoring import opponents_sweep, table_points

    config = replace(preset(name), **change)
    rng = np.random.default_rng(7)
    for opponents in (1, 3):
        for _ in range(4):
            player = _random_seats(rng, (30,), fouls=0.15, specials=0.1, horses=0.1)
            field = _random_seats(rng, (20, opponents), fouls=0.15, specials=0.1,
                                  horses=0.1)
            sweep = opponents_sweep(field, config) if config.mode == "all_pairs" else None
            want = table_points(player, field, config, player_is_banker, sweep)
            got = compiled.table_points(player, field, config, player_is_banker, sweep)
            assert np.array_equal(got, want)


def test_a_split_candidate_builds_the_arrangement_its_split_names():
    """compiled.split_positions reads a split as advisor_candidates._split_tables lists
    it, so a SplitCandidate's lazily built arrangement is _arrangements_at's, row for row
    and in display order."""
    from rules.engine.advisor_candidates import (SplitCandidate, _arrangements_at,
                                                 _split_tables, candidates)

    fives, threes, back_at, middle_at, front_at = _split_tables()
    for split in range(0, len(back_at), 97):
        assert compiled.split_positions(split) == (
            threes[front_at[split]], fives[middle_at[split]], fives[back_at[split]])
    config = preset("standard")
    for hand in _hands(config, 20, seed=61):
        for candidate in candidates(hand, config):
            if isinstance(candidate, SplitCandidate):
                want = _arrangements_at(candidate.hand, [candidate.split],
                                        *_row_key_lists(candidate.hand, config))[0]
                assert candidate.arrangement == want


def _row_key_lists(hand, config):
    from rules.engine.advisor_candidates import _row_key, _split_tables

    fives, threes = _split_tables()[:2]
    return ([_row_key(tuple(hand[p] for p in combo), config.wheel) for combo in threes],
            [_row_key(tuple(hand[p] for p in combo), config.wheel) for combo in fives])


@pytest.mark.parametrize("name", ["standard", "extra-suit", "fuzhou"])
def test_the_front_candidates_pack_what_their_arrangements_pack(name):
    """advisor_candidates.FrontCandidates (the splits made when read): every candidate
    once, hints first, no split showing a hint's rows, and pack_candidates packs what
    SeatArrays.pack packs of their arrangements."""
    from rules.engine.advisor_candidates import (FrontCandidates, SplitCandidate,
                                                 candidates, pack_candidates)

    config = preset(name)
    if name == "fuzhou":
        config = replace(config, horse_card="Ah")
    for hand in _hands(config, 25, seed=71):
        found = candidates(hand, config)
        assert isinstance(found, FrontCandidates)
        listed = list(found)
        assert len(listed) == len(found) and found[-1] is listed[-1]
        assert found[1:4] == listed[1:4]
        splits = [c for c in listed if isinstance(c, SplitCandidate)]
        assert listed[:len(found.made)] == found.made and len(splits) == len(found.splits)
        assert len({c.signature for c in listed}) == len(listed)
        packed = pack_candidates(found, config)
        want = SeatArrays.pack([c.arrangement for c in listed], config)
        for field in SEAT_FIELDS:
            assert np.array_equal(getattr(packed, field), getattr(want, field)), field


@pytest.mark.parametrize("change", [{}, {"scoop": "bonus", "scoop_bonus": 3},
                                    {"home_run_min_players": 3}])
def test_clean_seats_score_as_advisor_scorings(change):
    """compiled.table_points reads a pair of clean seats (no foul, special or 马牌: most
    of the advisor's pairs) without _pair: the same numbers, scoops and home runs."""
    from rules.engine.advisor_scoring import opponents_sweep, table_points

    config = replace(preset("standard"), **change)
    rng = np.random.default_rng(11)
    for opponents in (1, 2, 3):
        player = _random_seats(rng, (40,), fouls=0, specials=0, horses=0)
        field = _random_seats(rng, (30, opponents), fouls=0, specials=0, horses=0)
        sweep = opponents_sweep(field, config)
        assert np.array_equal(compiled.table_points(player, field, config, False, sweep),
                              table_points(player, field, config, False, sweep))
