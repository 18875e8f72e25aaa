"""The advisor's sampling (issue 23): sequential, with a floor — reproducible from (cards,
rules, seed, samples), stopping only when the best is clear — and done once: the analysis
after the settlement meets the tables the hint values met at the deal, and settles only
the submitted arrangement there."""

from __future__ import annotations

import numpy as np
import pytest

from rules.engine import advisor
from rules.engine.advisor import (BATCH, DEFAULT_SAMPLES, EXTRA_SAMPLES, FLOOR,
                                  STRONG_TABLES, _settled, advise, best_arrangement,
                                  rate_arrangement, seed_for, strong_advice, value_hints)
from rules.engine.advisor_candidates import hint_arrangement
from rules.engine.cards import SeededSource, build_deck, shuffle
from rules.engine.hints import first_hint
from rules.engine.presets import preset

STANDARD = preset("standard")


def _hands(count, seed=23):
    source = SeededSource(seed)
    deck = build_deck(STANDARD.deck, STANDARD.jokers)
    return [list(shuffle(deck, source)[:13]) for _ in range(count)]


def _sorted_hands(config, count, seed):
    """`count` random 13-card hands of the config's deck, each in display order (as the
    advisor's candidates receive them)."""
    from rules.engine.cards import display_order

    source = SeededSource(seed)
    deck = build_deck(config.deck, config.jokers)
    return [tuple(sorted(shuffle(deck, source)[:13], key=display_order))
            for _ in range(count)]


@pytest.fixture
def forget(monkeypatch):
    """Every call weighs afresh (the store of weighed hands starts empty)."""
    monkeypatch.setattr(advisor, "_WEIGHED", {})
    return lambda: advisor._WEIGHED.clear()


def test_sampling_stops_between_the_floor_and_the_cap_on_a_batch(forget):
    for index, hand in enumerate(_hands(4)):
        advice = advise(hand, STANDARD, seed=index, players=4)
        assert FLOOR <= advice.samples <= DEFAULT_SAMPLES
        assert advice.samples == DEFAULT_SAMPLES or (advice.samples - FLOOR) % BATCH == 0


def test_a_floor_deals_that_many_tables_before_the_stop_may_end_the_sampling(forget):
    for index, hand in enumerate(_hands(3)):
        fixed = advise(hand, STANDARD, seed=index, players=4, samples=40, floor=40)
        assert fixed.samples == 40  # floor = samples: every table dealt
        stopping = advise(hand, STANDARD, seed=index, players=4, samples=80, floor=40)
        assert 40 <= stopping.samples <= 80 and (stopping.samples - 40) % BATCH == 0
        # The default floor is FLOOR: naming it changes nothing (weighed afresh).
        named = advise(hand, STANDARD, seed=index, players=4, floor=FLOOR)
        forget()
        assert named.candidates == advise(hand, STANDARD, seed=index, players=4).candidates
    with pytest.raises(advisor.AdvisorError, match="floor"):
        advise(_hands(1)[0], STANDARD, players=4, floor=0)


def test_the_strong_bot_deals_its_own_tables_every_time(forget):
    """Issue 23: the strong bot's 13 cards meet STRONG_TABLES tables (its strength in
    bench/bots.py), 16 cards EXTRA_SAMPLES; a cap given instead (BOT_ADVISOR_SAMPLES)
    stops sequentially, and best_arrangement plays the strong advice's best."""
    hand = _hands(1)[0]
    advice = strong_advice(hand, STANDARD, seed=4, players=4)
    assert advice.samples == STRONG_TABLES
    assert advisor._WEIGHED == {}  # a bot's decision is not kept: nobody rates it here
    assert best_arrangement(hand, STANDARD, opponents=3, seed=4) == advice.best.arrangement
    capped = strong_advice(hand, STANDARD, seed=4, players=4, samples=DEFAULT_SAMPLES)
    assert capped.samples == DEFAULT_SAMPLES
    extra = preset("extra-three")
    sixteen = list(shuffle(build_deck(extra.deck, extra.jokers), SeededSource(5))[:16])
    assert strong_advice(sixteen, extra, seed=4, players=4).samples == EXTRA_SAMPLES


def test_sequential_advice_is_reproducible_from_cards_rules_seed_and_samples(forget):
    hand = _hands(1)[0]
    first = advise(hand, STANDARD, seed=7, players=4)
    forget()
    again = advise(list(reversed(hand)), STANDARD, seed=7, players=4)
    assert first.samples == again.samples
    assert [(c.arrangement.rows, c.ev) for c in first.candidates] == \
        [(c.arrangement.rows, c.ev) for c in again.candidates]


def test_a_clear_best_stops_and_a_close_call_does_not():
    rng = np.random.default_rng(0)
    noise = rng.normal(0, 3, FLOOR)
    clear = np.stack([noise + 2, noise, noise - 1 + rng.normal(0, 0.1, FLOOR)])
    assert _settled(clear)
    close = np.stack([noise + rng.normal(0, 3, FLOOR), noise + rng.normal(0, 3, FLOOR)])
    assert not _settled(close)


def test_the_analysis_reuses_the_tables_of_the_hint_values(forget, monkeypatch):
    hand = _hands(1, seed=5)[0]
    seed = seed_for(hand)
    values = value_hints(hand, STANDARD, players=4)
    submitted = hint_arrangement(first_hint(hand, STANDARD), STANDARD)
    dealt = []
    real = advisor.opponent_seats
    monkeypatch.setattr(advisor, "opponent_seats",
                        lambda hands, config, shape: dealt.extend(hands) or real(hands, config, shape))
    rated = rate_arrangement(hand, submitted, STANDARD, players=4, seed=seed)
    assert dealt == []  # not one opponent arranged again
    assert rated.samples == values.samples and rated.best.ev == values.best.ev
    assert rated.arrangement.ev == values.evs[0]
    forget()
    fresh = rate_arrangement(hand, submitted, STANDARD, players=4, seed=seed)
    assert dealt  # weighed afresh: the same figures
    assert (fresh.best.ev, fresh.arrangement.ev) == (rated.best.ev, rated.arrangement.ev)


@pytest.mark.parametrize("name", ["standard", "classic", "extra-three", "shisandao"])
def test_an_opponent_plays_its_first_hint_built_from_the_search_keys(name):
    """advisor_deals.opponent_arrangement skips evaluating the rows again: the same rows,
    keys, special and cards as the first hint's arrangement — but for a declarer's rows,
    which settlement never compares (the special and the cards it plays are the same)."""
    from rules.engine.advisor_candidates import Candidate
    from rules.engine.advisor_deals import opponent_arrangement

    config = preset(name)
    source = SeededSource(11)
    deck = build_deck(config.deck, config.jokers)
    for _ in range(60):
        hand = list(shuffle(deck, source)[:config.hand_size])
        fast = opponent_arrangement(hand, config)
        slow = hint_arrangement(first_hint(hand, config), config)
        if slow.special is None:
            assert Candidate(fast).signature == Candidate(slow).signature
        else:
            assert fast.special is not None and fast.special.code == slow.special.code
        assert sorted(c.code for c in fast.cards) == sorted(c.code for c in slow.cards)
        assert not fast.foul


@pytest.mark.parametrize("name", ["standard", "classic", "extra-three"])
def test_the_rows_keyed_by_their_ranks_are_the_rows_evaluated_one_by_one(name):
    """pareto_layouts keys a hand's 1,573 rows by their sorted ranks and flush (numpy)
    instead of evaluating each: the same keys, for every wheel rule and deck."""
    from rules.engine import advisor_candidates as found

    config = preset(name)
    fives, threes = found._split_tables()[:2]
    for hand in _sorted_hands(config, 12, seed=17):
        for size, combos in ((5, fives), (3, threes)):
            keys, codes, _ = found._rows_by_ranks(hand, size, config.wheel)
            assert keys == [found._row_key(tuple(hand[p] for p in combo), config.wheel)
                            for combo in combos]


def test_the_row_tables_learnt_from_several_threads_give_the_same_candidates(monkeypatch):
    """advisor_candidates keeps one row table per process, filled as hands come (the
    timer and the bots may advise from several threads): a table filled by threads at
    once gives the candidates a table filled one hand after another gives."""
    import threading

    from rules.engine import advisor_candidates as found

    hands = _hands(24, seed=31)
    monkeypatch.setattr(found, "_row_table", found.lru_cache(maxsize=8)(found._RowTable))
    alone = [[c.arrangement for c in found.candidates(hand, STANDARD)] for hand in hands]
    monkeypatch.setattr(found, "_row_table", found.lru_cache(maxsize=8)(found._RowTable))
    together: dict[int, list] = {}

    def weigh(start: int) -> None:
        for at in range(start, len(hands), 3):
            together[at] = [c.arrangement for c in found.candidates(hands[at], STANDARD)]

    threads = [threading.Thread(target=weigh, args=(start,)) for start in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [together[at] for at in range(len(hands))] == alone


@pytest.mark.parametrize("name", ["extra-three", "shisandao", "standard"])
def test_a_declaring_opponents_rows_change_no_points(name):
    """An opponent who declares a special plays the cards as they come (first_layout),
    not the best arrangement the hint shows: settlement never compares a declarer's rows,
    so every candidate scores the same at tables built either way."""
    from rules.engine.advisor import points_at_tables
    from rules.engine.advisor_candidates import candidates
    from rules.engine.advisor_deals import opponent_arrangement, sample_deals, unseen_cards

    config = preset(name)
    source = SeededSource(23)
    deck = build_deck(config.deck, config.jokers)
    declared = 0
    for seed in range(4):
        hand = list(shuffle(deck, source)[:config.hand_size])
        opponents = 1 if config.mode == "banker" else 3
        deals = sample_deals(unseen_cards(hand, config), opponents, config, seed)
        dealt = [next(deals) for _ in range(12)]
        fast = [tuple(opponent_arrangement(h, config) for h in deal) for deal in dealt]
        shown = [tuple(hint_arrangement(first_hint(h, config), config) for h in deal)
                 for deal in dealt]
        declared += sum(seat.special is not None for table in fast for seat in table)
        seats = [c.arrangement for c in candidates(hand, config)][:40]
        for banker in ((False, True) if config.mode == "banker" else (False,)):
            assert (points_at_tables(seats, fast, config, banker)
                    == points_at_tables(seats, shown, config, banker)).all()
    assert declared  # the deals reach specials (most 多三张 hands hold one)


@pytest.mark.parametrize("name", ["standard", "classic", "jokers", "extra-suit", "fuzhou",
                                  "fujian", "extra-three", "shisandao"])
def test_the_pareto_front_found_by_pairs_of_rows_is_the_one_found_by_sorting_every_split(name):
    """_front_splits tests each pair of 5-card rows once, the higher behind, and finds the
    front through a grid of (back, middle) ranks; the reference tests every split both
    ways and sorts the valid ones. The same splits, in the same order (so the same
    candidates, representatives and ties), on 250 random hands of each preset — jokers,
    the 65-card deck with its twin cards, 13 of 多三张's 16, 十三道's rules."""
    from rules.engine import advisor_candidates as found

    config = preset(name)
    fives, threes = found._split_tables()[:2]
    for hand in _sorted_hands(config, 250, seed=41):
        if any(card.is_joker for card in hand):
            keys = {size: [found._row_key(tuple(hand[p] for p in combo), config.wheel)
                           for combo in combos] for size, combos in ((5, fives), (3, threes))}
            five_code = np.array([found.key_code(k) for k in keys[5]])
            five_cut = np.array([[found._truncated(k, n) for n in (2, 3, 4)] for k in keys[5]])
            three_code = np.array([found.key_code(k) for k in keys[3]])
            three_cut = np.array([len(k) - 2 for k in keys[3]])
        else:
            _, five_code, five_cut = found._rows_by_ranks(hand, 5, config.wheel)
            _, three_code, three_cut = found._rows_by_ranks(hand, 3, config.wheel)
        rows = (five_code, five_cut, three_code, three_cut)
        assert found._front_splits(*rows) == found._every_triple(*rows, front_only=True)


@pytest.mark.parametrize("jokers", [False, True])
def test_the_choices_of_13_keyed_from_the_rows_of_16_give_each_choices_own_front(jokers):
    """多三张's candidates take the Pareto front of several choices of 13 of the 16 cards;
    pareto_layouts_of_choices keys the 16 cards' rows once and gathers each choice's
    from them. The same arrangements, in the same order, as pareto_layouts of each
    choice — with the 65-card deck's twin cards, where a left-out twin is either, and
    with jokers (then each choice is keyed by itself)."""
    import random

    from rules.engine.advisor_candidates import pareto_layouts, pareto_layouts_of_choices
    from rules.engine.config import RuleConfig

    data = preset("extra-three").to_dict()
    data["jokers"] = jokers
    config = RuleConfig.from_dict(data)
    source, pick = SeededSource(43), random.Random(43)
    cards = build_deck(config.deck, config.jokers)
    for _ in range(40 if not jokers else 4):
        hand = list(shuffle(cards, source)[:16])
        left_out = [tuple(pick.sample(hand, 3)) for _ in range(4)]
        fronts = pareto_layouts_of_choices(hand, left_out, config)
        for unused, front in zip(left_out, fronts):
            rest = list(hand)
            for card in unused:
                rest.remove(card)
            assert front == pareto_layouts(rest, config)
