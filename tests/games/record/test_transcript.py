"""The deal transcript checked by a verifier written from docs/fairness.md alone
(tests/fairness/independent_verifier.py, standard library, no platform code): it accepts
every kind of settled round — v1 and v3 (with seats that sent no seed), 13 and 16 cards, 十三道 with the pool, the spare
hand and a bank — and rejects each of them with any one byte changed."""

from __future__ import annotations

import pytest

from games.live import services
from games.live.services import hooks
from games.models import Round, Table
from games.record.replays import replay_build
from games.record.transcript import encode, transcript
from rules.engine import fairness
from tests.fairness.independent_verifier import verify
from tests.games.conftest import best_rows, seat_all
from tests.games.record.test_banker_replay import play_out as play_banker

pytestmark = pytest.mark.django_db

SEEDS = ["0123456789abcdef" * 2, "fedcba9876543210" * 2, "00ff" * 8, "a5" * 16]
V3 = fairness.ALGORITHM_V3


def play_plain(players, committed, rule_set, scheme, monkeypatch, seeds=SEEDS):
    monkeypatch.setattr(hooks, "deal_scheme", scheme)
    table = services.table_create(user=players[0], rule_set=rule_set, name="Fair")
    seat_all(table, players)
    for player, seed in zip(players, seeds):
        committed(services.player_ready, table_id=table.id, user=player,
                  client_seed=seed if scheme != fairness.ALGORITHM else None)
    round = Round.objects.get(table=table)
    for hand in round.hands.select_related("user"):
        rows = dict(zip(("front", "middle", "back"), best_rows(hand)))
        committed(services.round_submit, table_id=table.id, user=hand.user, **rows)
    round.refresh_from_db()
    # Let the next table open: a player may have only so many open at once.
    Table.objects.filter(pk=table.pk).update(status="closed")
    return round


def transcripts(players, committed, monkeypatch) -> dict[str, str]:
    made = {}
    for name, rule_set, scheme, seeds in (
            ("v1", "standard", fairness.ALGORITHM, SEEDS),
            ("v3", "standard", V3, SEEDS),
            ("v3 two seats without a seed", "standard", V3, [SEEDS[0], None, SEEDS[2], None]),
            ("v3 多三张", "extra-three", V3, SEEDS)):
        round = play_plain(players, committed, rule_set, scheme, monkeypatch, seeds)
        made[name] = encode(transcript(replay_build(round)))
    monkeypatch.setattr(hooks, "deal_scheme", V3)
    made["v3 十三道 pool and bank"] = encode(transcript(replay_build(
        play_banker(players, committed, monkeypatch))))
    made["v3 十三道 spare hand"] = encode(transcript(replay_build(
        play_banker(players, committed, monkeypatch, count=3, bids=(0, 2, 0)))))
    return made


def test_the_verifier_accepts_every_kind_of_round_and_rejects_any_byte_changed(
        players, committed, monkeypatch):
    made = transcripts(players, committed, monkeypatch)
    assert '"exchange"' in made["v3 十三道 pool and bank"]
    assert '"swapped_by":1' in made["v3 十三道 spare hand"]
    assert '"client_seeds":["%s",null,"%s",null]' % (SEEDS[0], SEEDS[2]) in made[
        "v3 two seats without a seed"]
    for name, text in made.items():
        assert verify(text) is None, (name, verify(text))
        for index in range(len(text)):
            for replacement in {chr(ord(text[index]) ^ 1), "0" if text[index] != "0" else "1"}:
                changed = text[:index] + replacement + text[index + 1:]
                assert verify(changed) is not None, (name, index, changed[max(0, index - 20):
                                                                          index + 20])


def test_the_verifier_rejects_a_changed_client_seed_even_when_well_formed(
        players, committed, monkeypatch):
    text = transcripts(players, committed, monkeypatch)["v3"]
    for seed in SEEDS:
        other = seed[:-1] + ("1" if seed[-1] != "1" else "2")
        assert verify(text.replace(seed, other)) is not None


@pytest.mark.parametrize("accept", [None, "application/json", "*/*", "text/html",
                                    "text/html,application/xhtml+xml,*/*;q=0.8",
                                    "application/xml", "text/plain", "image/png"])
def test_the_api_serves_the_canonical_bytes_as_json_for_every_accept(
        players, committed, monkeypatch, client, accept):
    """GET /api/rounds/<id>/transcript/ is the same bytes as the export's Transcript line
    and the replay page's: keys sorted, no spaces, ASCII only (issue 25, item 5)."""
    from django.urls import reverse

    round = play_plain(players, committed, "standard", V3, monkeypatch)
    client.force_login(players[0])
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    response = client.get(reverse("api-round-transcript", args=[round.id]), **headers)
    assert response.status_code == 200
    assert response["Content-Type"].split(";")[0] == "application/json"
    assert response.content == encode(transcript(replay_build(round))).encode("ascii")
    assert verify(response.content.decode("ascii")) is None


def test_an_old_v2_round_keeps_its_server_drawn_seeds_and_verifies_under_v2():
    """Rounds dealt under v2 keep their algorithm: the seed the server drew for a seat
    stays written out (only v3 writes null), and the deal checks out under v2."""
    from rules.engine.cards import codes
    from rules.engine.presets import PRESETS

    server, drawn = "5e" * 32, "cd" * 16
    seed = fairness.deal_seed(fairness.ALGORITHM_V2, server, 2, [SEEDS[0], drawn])
    hands = [codes(hand) for hand in fairness.deal_from_seed(seed, PRESETS["standard"], 2)[0]]
    replay = {"fairness": {"algorithm": fairness.ALGORITHM_V2, "seed": server,
                           "commitment": fairness.commitment(server), "round_number": 2,
                           "deal_order": [0, 1],
                           "client_seeds": [{"position": 0, "seed": SEEDS[0], "by_server": False},
                                            {"position": 1, "seed": drawn, "by_server": True}]},
              "hands": [{"position": k, "front": hand[:3], "middle": hand[3:8],
                         "back": hand[8:]} for k, hand in enumerate(hands)],
              "rules": {"deck": "standard", "jokers": False, "hand_size": 13}}
    line = transcript(replay)
    assert line["client_seeds"] == [SEEDS[0], drawn]
    assert verify(encode(line)) is None
