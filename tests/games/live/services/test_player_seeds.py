"""Deals no one can choose (docs/fairness.md, v3): the server commits to its seed before
anyone is ready, every player's browser adds a client seed with `ready`, and the deal
follows from all of them and the round number — so a different client seed from any one
player is a different deal, and the transcript checks out only as it was. A seat that sends
no seed (a bot, an away player, a ready without one) gets the one the commitment fixed:
the server has no seed left to choose once it has committed."""

from __future__ import annotations

import json
from io import StringIO

import pytest

from games.live import services
from games.live.services import hooks
from games.models import Round, RoundEvent, Seat, Table, TableSecret
from games.record.replays import replay_build
from games.record.transcript import encode, transcript
from rules.engine import fairness
from rules.engine.cards import codes, sorted_for_display
from rules.engine.cli import main as engine_cli
from rules.engine.presets import PRESETS
from tests.games.conftest import SEED, best_rows, seat_all
from tests.games.live.services.conftest import refused

pytestmark = pytest.mark.django_db

CLIENT = ["0123456789abcdef" * 2, "fedcba9876543210" * 2, "00ff" * 8, "a5" * 16]


@pytest.fixture(autouse=True)
def player_seeded(monkeypatch):
    # Not v1, where a test's seed is the whole deal: the production scheme (v3).
    monkeypatch.setattr(hooks, "deal_scheme", fairness.ALGORITHM_V3)


def seated(players, count=4):
    table = services.table_create(user=players[0], rule_set="standard", name="Fair",
                                  seats=count)
    seat_all(table, players[:count])
    return table


def ready_all(table, players, seeds, committed=None):
    run = committed or (lambda service, **kw: service(**kw))
    for player, seed in zip(players, seeds):
        run(services.player_ready, table_id=table.id, user=player, client_seed=seed)
    return Round.objects.filter(table=table).order_by("-number").first()


def play_out(table, players, committed):
    round = Round.objects.filter(table=table).order_by("-number").first()
    for hand in round.hands.select_related("user"):
        rows = dict(zip(("front", "middle", "back"), best_rows(hand)))
        committed(services.round_submit, table_id=table.id, user=hand.user, **rows)
    round.refresh_from_db()
    assert round.phase == "settled"
    return round


def test_the_server_commits_before_anyone_is_ready_and_deals_from_every_seed(players):
    table = seated(players)
    table.refresh_from_db()
    assert table.next_commitment == fairness.commitment(SEED)  # public from the start
    round = ready_all(table, players, CLIENT)
    assert round.fairness == fairness.ALGORITHM_V3
    assert round.deal_commitment == fairness.commitment(SEED)
    assert [entry["seed"] for entry in round.client_seeds] == CLIENT
    assert not any(entry["by_server"] for entry in round.client_seeds)
    expected = fairness.deal_from_seed(fairness.deal_seed(fairness.ALGORITHM_V3, SEED, 1, CLIENT),
                                       PRESETS["standard"], 4)[0]
    for hand in round.hands.order_by("position"):
        assert hand.dealt_cards == codes(sorted_for_display(expected[hand.position]))
    assert not TableSecret.objects.filter(table=table).exists()  # moved to the round
    assert set(Seat.objects.filter(table=table).values_list("client_seed", flat=True)) == {""}


def test_any_one_client_seed_changed_deals_another_round(players, monkeypatch):
    deals = []
    for changed in range(-1, 4):
        seeds = list(CLIENT)
        if changed >= 0:
            seeds[changed] = seeds[changed][:-1] + ("0" if seeds[changed][-1] != "0" else "1")
        monkeypatch.setattr(hooks, "deal_seed_factory", lambda: SEED)
        table = seated(players)
        round = ready_all(table, players, seeds)
        deals.append(tuple(tuple(h.dealt_cards) for h in round.hands.order_by("position")))
        Round.objects.filter(pk=round.pk).update(phase="abandoned")
        Table.objects.filter(pk=table.pk).update(status="closed")
        Seat.objects.filter(table=table).delete()
    assert len(set(deals)) == 5  # the honest deal and four different ones


def test_a_player_who_sends_no_seed_gets_the_one_the_commitment_fixed(players):
    # Nothing the server draws at the deal goes into it (issue 25, item 2).
    table = seated(players, 2)
    round = ready_all(table, players[:2], [CLIENT[0], None])
    assert round.client_seeds == [
        {"position": 0, "seed": CLIENT[0], "by_server": False},
        {"position": 1, "seed": fairness.derived_client_seed(SEED, 1, 1), "by_server": True,
         "derived": True}]
    expected = fairness.deal_from_seed(fairness.deal_seed(
        fairness.ALGORITHM_V3, SEED, 1, [CLIENT[0], None]), PRESETS["standard"], 2)[0]
    for hand in round.hands.order_by("position"):
        assert hand.dealt_cards == codes(sorted_for_display(expected[hand.position]))


def test_the_seat_of_a_player_who_sent_none_follows_from_the_commitment_alone(
        players, committed, monkeypatch):
    """Two tables committed to the same server seed, the same seed sent by the first
    player, none by the second: the same deal, whatever else the server does at the deal
    — so once it has committed it has no choice left. The transcript writes the seat's
    seed as null, and verify-deal works it out."""
    deals = []
    monkeypatch.setattr(hooks, "deal_seed_factory", lambda: SEED)
    for _table in range(2):
        table = seated(players, 2)
        round = ready_all(table, players[:2], [CLIENT[0], None], committed)
        deals.append([h.dealt_cards for h in round.hands.order_by("position")])
    assert deals[0] == deals[1]
    round = play_out(table, players, committed)
    line = transcript(replay_build(round))
    assert line["algorithm"] == fairness.ALGORITHM_V3
    assert line["client_seeds"] == [CLIENT[0], None]
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(encode(line) + "\n"), out) == 0, out.getvalue()


def test_a_table_where_nobody_sends_a_seed_deals_every_seat_from_the_commitment(
        players, committed):
    """As a table of bots does: every seat's seed is the derived one."""
    table = seated(players, 2)
    services.player_ready(table_id=table.id, user=players[0], client_seed=None)
    services.player_ready(table_id=table.id, user=players[1])
    round = Round.objects.get(table=table)
    assert [entry["seed"] for entry in round.client_seeds] == [
        fairness.derived_client_seed(SEED, 1, k) for k in range(2)]


@pytest.mark.parametrize("seed", ["abc", "g" * 32, "0" * 31, "0" * 33, 12, ["00" * 16]])
def test_a_malformed_client_seed_is_refused_and_changes_nothing(players, seed):
    table = seated(players, 2)
    error = refused("bad_client_seed", services.player_ready, table, table_id=table.id,
                    user=players[0], client_seed=seed)
    assert "32 hexadecimal digits" in error.message


def test_a_second_seed_is_refused_and_one_after_the_deal_too(players):
    table = seated(players, 2)
    services.player_ready(table_id=table.id, user=players[0], client_seed=CLIENT[0])
    refused("seed_already_sent", services.player_ready, table, table_id=table.id,
            user=players[0], client_seed=CLIENT[1])
    assert Seat.objects.get(table=table, user=players[0]).client_seed == CLIENT[0]
    services.player_ready(table_id=table.id, user=players[1], client_seed=CLIENT[1])
    refused("round_in_progress", services.player_ready, table, table_id=table.id,
            user=players[0], client_seed=CLIENT[2])


def test_settlement_reveals_the_seed_and_commits_the_next_one(players, committed, outbox,
                                                              monkeypatch):
    table = seated(players)
    ready_all(table, players, CLIENT, committed)
    monkeypatch.setattr(hooks, "deal_seed_factory", lambda: "ef" * 32)
    round = play_out(table, players, committed)
    table.refresh_from_db()
    assert round.deal_seed == SEED and table.next_commitment == fairness.commitment("ef" * 32)
    settled = [m for g, m in outbox if m["type"] == "settled"][-1]
    assert settled["next_commitment"] == table.next_commitment
    assert settled["round"]["client_seeds"] == round.client_seeds
    # before the reveal, the log holds the client seeds but never the server's seed
    dealt = RoundEvent.objects.get(round=round, type="dealt").payload
    assert dealt["fairness"] == fairness.ALGORITHM_V3 and SEED not in json.dumps(dealt)
    assert all(SEED not in json.dumps(m) for g, m in outbox if m["type"] != "settled")


def test_the_transcript_verifies_on_the_command_line_and_in_the_replay(
        players, committed, monkeypatch):
    table = seated(players)
    ready_all(table, players, CLIENT, committed)
    round = play_out(table, players, committed)
    replay = replay_build(round)
    assert replay["verification"]["ok"], replay["verification"]
    line = transcript(replay)
    assert line["client_seeds"] == CLIENT and line["round_number"] == 1
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(encode(line) + "\n"), out) == 0, out.getvalue()
    tampered = dict(line, client_seeds=[CLIENT[1], CLIENT[0], *CLIENT[2:]])
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(encode(tampered) + "\n"), out) == 1
    assert "seat" in out.getvalue()


def test_the_hand_history_lists_every_seed_and_a_transcript_that_verifies(
        players, committed):
    from games.record.export import round_text

    table = seated(players)
    ready_all(table, players, CLIENT[:3] + [None], committed)
    round = play_out(table, players, committed)
    text = round_text(replay_build(round))
    assert f"client seed Seat 0 Player 0: {CLIENT[0]}" in text
    assert "(sent none: fixed by the server seed)" in text  # v3: seat 3 sent none
    line = next(l for l in text.splitlines() if l.startswith("Transcript "))
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(line.removeprefix("Transcript ") + "\n"),
                      out) == 0, out.getvalue()


def test_the_bots_seats_have_the_seeds_the_commitment_fixed(players, committed, monkeypatch,
                                                            django_capture_on_commit_callbacks):
    """A practice table: the player sends a seed, the three bots (who never send one) are
    dealt in with the seeds the server seed fixed before anyone was ready."""
    from games.live.services import bots
    from tests.games.bot_runner import BotRunner, fresh_cache_keys

    fresh_cache_keys(monkeypatch)
    runner = BotRunner(monkeypatch, django_capture_on_commit_callbacks)
    table = committed(bots.practise_create, user=players[0], rule_set="standard", bots=3,
                      level="easy")
    committed(services.player_connection, table_id=table.id, user=players[0], connected=True)
    committed(services.player_ready, table_id=table.id, user=players[0],
              client_seed=CLIENT[0])
    runner.run()
    round = Round.objects.filter(table=table).order_by("number").first()
    assert round.fairness == fairness.ALGORITHM_V3
    assert round.client_seeds[0] == {"position": 0, "seed": CLIENT[0], "by_server": False}
    assert [entry["seed"] for entry in round.client_seeds[1:]] == [
        fairness.derived_client_seed(SEED, round.number, k) for k in (1, 2, 3)]
    assert all(entry["derived"] for entry in round.client_seeds[1:])


def test_the_replay_works_a_derived_seed_out_again_rather_than_trusting_the_log(
        players, committed):
    """v3: the replay's own check derives a seat's seed from the server seed; a log whose
    stored derived seed was changed no longer verifies."""
    table = seated(players)
    ready_all(table, players, CLIENT[:3] + [None], committed)
    round = play_out(table, players, committed)
    assert replay_build(round)["verification"]["ok"]
    dealt = round.events.get(type="dealt")
    entry = next(e for e in dealt.payload["client_seeds"] if e.get("derived"))
    entry["seed"] = CLIENT[0]  # the seat's seed as a dishonest log would claim it
    type(dealt).objects.filter(pk=dealt.pk).update(payload=dealt.payload)  # append-only
    round.refresh_from_db()
    verification = replay_build(round)["verification"]
    assert verification["ok"] is False
    [failed] = [check for check in verification["checks"] if not check["ok"]]
    assert failed["check"] == "commitment" and "fixes for it" in failed["message"]
