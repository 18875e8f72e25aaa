"""十三道's known answers for the replay's in-browser check (static/js/replay/fairness.js):
the bank's tie draw (rules/engine/fairness.py step 7) and the cards each seat holds after
the pool or the spare-hand exchange (`held_after_exchange`), computed by the engine; and
the v2 round seed that mixes the players' client seeds into the deal (`round_seed`).

tests/js/banker_vectors.json holds them for node's tests (tests/js/replay_fairness.test.mjs);
this test checks the file still says what the engine says. After an engine change:

    .venv/bin/python -m tests.js.test_banker_vectors    # rewrites the file
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rules.engine import fairness
from rules.engine.cards import codes
from rules.engine.fairness import bank_draw, bank_winner, commitment, deal_from_seed, \
    held_after_exchange
from rules.engine.presets import PRESETS

VECTORS = Path(__file__).resolve().parent / "banker_vectors.json"


def _seed(n: int) -> str:
    return hashlib.sha256(f"banker-vector-{n}".encode()).hexdigest()


def _exchange_vector(seed: str, players: int, exchange: dict) -> dict:
    config = PRESETS["shisandao"]
    hands, rest = deal_from_seed(seed, config, players)
    dealt = {position: codes(hand) for position, hand in enumerate(hands)}
    spare = codes(rest[:13]) if players == 3 else []
    # The record names real cards: each seat's pool card is one it was dealt.
    if "put" in exchange:
        exchange = {**exchange, "put": {str(p): dealt[p][index]
                                        for p, index in exchange["put"].items()}}
    held = held_after_exchange(dealt, spare, exchange)
    return {"seed": seed, "commitment": commitment(seed), "players": players,
            "dealt": [dealt[p] for p in range(players)], "spare": spare,
            "exchange": exchange,
            "held": {str(p): sorted(held[p].elements()) for p in range(players)}}


def build() -> dict:
    draws = []
    for n, tied in enumerate(([0, 1], [1, 3], [0, 1, 2], [0, 1, 2, 3], [2, 0], [3, 1, 2])):
        seed = _seed(n)
        draws.append({"seed": seed, "tied": tied, "banker": bank_draw(seed, tied)})
    winners = []
    for n, bids in enumerate(({0: 3, 1: 1, 2: 5, 3: 0}, {0: 2, 1: 2, 2: 0},
                              {0: 0, 1: 0, 2: 0, 3: 0}, {0: 4, 1: 7, 2: 7, 3: 7})):
        seed = _seed(100 + n)
        winners.append({"seed": seed, "bids": {str(p): b for p, b in bids.items()},
                        "banker": bank_winner(seed, bids)})
    exchanges = [
        # 4 players, the banker (2) first: takes 3's card; 3 takes 0's; 0 takes 1's; 1 is
        # left 2's.
        _exchange_vector(_seed(200), 4, {"put": {0: 0, 1: 5, 2: 12, 3: 7},
                                         "takes": [[2, 3], [3, 0], [0, 1], [1, 2]],
                                         "swapped_by": None}),
        # 4 players where the last chooser keeps their own card.
        _exchange_vector(_seed(201), 4, {"put": {0: 3, 1: 3, 2: 3, 3: 3},
                                         "takes": [[0, 1], [1, 2], [2, 0], [3, 3]],
                                         "swapped_by": None}),
        # 3 players: seat 1 takes the spare hand (the shuffled cards [39, 52)).
        _exchange_vector(_seed(202), 3, {"put": {}, "takes": [], "swapped_by": 1}),
        # 3 players: nobody swaps.
        _exchange_vector(_seed(203), 3, {"put": {}, "takes": [], "swapped_by": None}),
    ]
    round_seeds = []
    # v2 (player-seeded deals) came after the bank and the exchange; an engine without it
    # has no round seeds to give, and the test then compares the rest.
    for n, (number, clients) in enumerate(((1, ["00" * 16, "ff" * 16]),
                                           (7, [_seed(300 + k)[:32] for k in range(4)]),
                                           (123456, [_seed(310)[:32], _seed(311)[:32].upper(),
                                                     _seed(312)[:32]]))):
        if not hasattr(fairness, "round_seed"):
            break
        server = _seed(400 + n)
        round_seeds.append({"server_seed": server, "round_number": number,
                            "client_seeds": clients,
                            "round_seed": fairness.round_seed(server, number, clients)})
    return {"_about": "Known answers of rules.engine.fairness for 十三道: bank_draw, "
                      "bank_winner and held_after_exchange, and v2's round_seed "
                      "(tests/js/test_banker_vectors.py writes and checks this file)",
            "draws": draws, "winners": winners, "exchanges": exchanges,
            "round_seeds": round_seeds}


def test_the_js_banker_vectors_are_the_engines():
    known, engine = json.loads(VECTORS.read_text()), build()
    if not engine["round_seeds"]:
        known["round_seeds"] = []
    assert known == engine


if __name__ == "__main__":
    VECTORS.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
