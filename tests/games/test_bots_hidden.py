"""Hidden information at bot tables (RULES.md §10, issue 16): a bot decides from its own
seat's view — the table state a socket in its seat gets — which holds no other hand's
cards before the reveal; and the people at a bot table receive none either."""

from __future__ import annotations

import pytest

from games.live import services
from games.live.services import bots
from games.models import Round

from tests.games.bot_runner import BotRunner, fresh_cache_keys
from tests.games.test_bots import play_default, practise


@pytest.fixture(autouse=True)
def own_cache_keys(monkeypatch):
    fresh_cache_keys(monkeypatch)


@pytest.fixture
def runner(monkeypatch, django_capture_on_commit_callbacks):
    return BotRunner(monkeypatch, django_capture_on_commit_callbacks)


def strings_in(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings_in(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(set(), *(strings_in(v) for v in value))
    return set()


def cards_by_user(round: Round) -> dict[int, set[str]]:
    """Every card a seat was dealt or held in the round (16 in 多三张; after the 十三道
    exchange, also the card it took)."""
    return {hand.user_id: set(hand.dealt_cards) | set(hand.candidate_cards)
            | set(hand.held_cards or ()) for hand in round.hands.all()}


def only_others(cards: dict[int, set[str]], user_id: int) -> set[str]:
    # 多三张's deck has twin diamonds: a copy of your own card is no leak.
    return set().union(*(c for u, c in cards.items() if u != user_id)) - cards[user_id]


def play_one_round(table, person, committed, runner) -> Round:
    runner.run()
    committed(services.player_ready, table_id=table.id, user=person)
    for _ in range(40):
        runner.run()
        round = Round.objects.get(table=table)
        if round.phase == "settled":
            return round
        play_default(table, person, committed)
    raise AssertionError("the round did not settle")


@pytest.mark.parametrize("rule_set", ["standard", "extra-three", "shisandao"])
def test_a_bot_decides_from_its_own_seat_only(players, committed, runner, monkeypatch,
                                             rule_set):
    seen: list[tuple[int, dict]] = []
    chosen: list[tuple[int, dict]] = []
    real_view, real_choose = bots.bot_view, bots.choose_arrangement

    def view(table_id, bot):
        found = real_view(table_id, bot)
        seen.append((bot.id, found))
        return found

    def choose(you, config, level, **options):
        chosen.append((you["position"], you))
        return real_choose(you, config, level, **options)

    monkeypatch.setattr(bots, "bot_view", view)
    monkeypatch.setattr(bots, "choose_arrangement", choose)
    table = practise(players[0], committed, bots_count=3, level="strong", rule_set=rule_set)
    round = play_one_round(table, players[0], committed, runner)
    cards = cards_by_user(round)
    hands = {hand.position: hand for hand in round.hands.all()}
    during = [(bot_id, v) for bot_id, v in seen
              if v and v["round"] and v["round"].get("id") == round.id
              and v["round"]["phase"] != "settled"]
    assert during, "the bots looked at the round while it was played"
    for bot_id, found in during:
        # 十三道's pool (§8.2): the card offered to you is the one other card you may see.
        offer = (found["you"] or {}).get("offer")
        shown = {offer["card"]} if offer else set()
        assert not (strings_in(found) - shown) & only_others(cards, bot_id), bot_id
    assert sorted(position for position, _ in chosen) == [1, 2, 3]
    for position, you in chosen:  # what it arranged from: its own cards and hints
        hand = hands[position]
        assert set(you["cards"]) == set(hand.held_cards or hand.dealt_cards)
        assert not strings_in(you) & only_others(cards, hand.user_id)


@pytest.mark.parametrize("rule_set", ["standard", "shisandao"])
def test_people_at_a_bot_table_receive_no_bot_cards_before_the_reveal(
        players, committed, runner, outbox, rule_set):
    table = practise(players[0], committed, bots_count=3, level="easy", rule_set=rule_set)
    round = play_one_round(table, players[0], committed, runner)
    cards = cards_by_user(round)
    leak = only_others(cards, players[0].id)
    mine = f"table.{table.id}.player.{players[0].id}"
    public = f"table.{table.id}"
    before = []
    for group, message in outbox:
        if group == public and message["type"] == "settled":
            break
        if group in (mine, public):
            before.append(message)
    assert any(m["type"] == "hand" for m in before)
    for message in before:
        assert not strings_in(message) & leak, message["type"]
