"""A settled round's deal transcript: everything anyone needs to check the deal without
trusting the server (docs/fairness.md) — the algorithm, the published commitment, the
revealed server seed, under v2 and v3 the round number and every seat's client seed (v3:
null for a seat that sent none, whose seed the commitment fixed), the rules
the deal depends on, the cards each seat played (its rows, with its discards in 多三张),
and in 十三道 the exchange record and the bids.

It is `python -m rules.engine verify-deal`'s input line, the replay page's "check it
yourself" line, the public verification page's input and the hand-history export's, in
one canonical JSON form (sorted keys, no spaces, ASCII): a transcript changed in any byte
no longer verifies.
"""

from __future__ import annotations

import json
from typing import Any

from rules.engine.fairness import ALGORITHM_V3


def transcript(replay: dict[str, Any]) -> dict[str, Any]:
    """The transcript of a replay (games.record.replays.replay_build's dict)."""
    fairness = replay["fairness"]
    order = fairness["deal_order"]
    by_position = {hand["position"]: hand for hand in replay["hands"]}
    seat = {position: index for index, position in enumerate(order)}  # deal order
    line: dict[str, Any] = {
        "algorithm": fairness["algorithm"],
        "seed": fairness["seed"],
        "commitment": fairness["commitment"],
        "hands": [by_position[p]["front"] + by_position[p]["middle"] + by_position[p]["back"]
                  + by_position[p].get("discards", []) for p in order if p in by_position],
        "rules": {"deck": replay["rules"]["deck"], "jokers": replay["rules"]["jokers"],
                  "extra_cards": replay["rules"]["hand_size"] - 13},
    }
    if fairness.get("client_seeds"):
        line["round_number"] = fairness["round_number"]
        # v3: a seat that sent no seed is null — its seed is the one the commitment fixed
        # (rules.engine.fairness.derived_client_seed), which a verifier works out itself.
        derived = fairness["algorithm"] == ALGORITHM_V3
        line["client_seeds"] = [None if derived and entry.get("by_server") else entry["seed"]
                                for entry in fairness["client_seeds"]]
    # 十三道: the rows are the cards held after the exchange, and the bank was drawn from
    # the same seed when bids tied; seats are numbered in deal order, like the hands.
    exchange = replay.get("exchange")
    if exchange:
        line["exchange"] = {
            "put": {str(seat[int(p)]): card for p, card in exchange["put"].items()},
            "takes": [[seat[chooser], seat[source]] for chooser, source in exchange["takes"]],
            "swapped_by": (None if exchange["swapped_by"] is None
                           else seat[exchange["swapped_by"]])}
    if replay.get("bids"):
        line["bank"] = {"bids": {str(seat[int(p)]): bid for p, bid in replay["bids"].items()},
                        "banker": seat[replay["banker"]],
                        "pot": sum(replay["bids"].values())}
    return line


def encode(line: dict[str, Any]) -> str:
    """The one canonical text of a transcript."""
    return json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
