"""Settlement of a round whose submissions are all in: the engine's result (RULES.md
§4–§6, §8.5) with seat positions as ints, as Round.result and the `settled` event store it.

In 十三道 only the banker and each player settle (§8.5); a pair that agreed in the
negotiation (谈判, §8.4) settles at its agreed amount instead of its rows, and the bidding
pot and the spare hand's fees (§8.1, §8.3) move points outside the rows. `banker_result`
applies those to the engine's pairs, for the machine and for a replay's re-check alike.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from games.machine.state import RoundState
from rules.engine.arrangement import validate_submission
from rules.engine.settlement import SeatHand, settle


def settlement(state: RoundState) -> dict[str, Any]:
    """The engine's settlement of every submission, with seat positions as ints.

    {"mode", "home_run", "banker", "totals": {"0": 6, ...}, "pairs": [{"a": 0, "b": 1,
    "points", "base", "rows": [{"row", "winner", "points"}], "scoop", "home_run",
    "special", "foul_a", "foul_b"}], "hands": {"0": {"front", "middle", "back", "pattern",
    "foul", "special", "auto", "discards"}}}  (discards: the 3 cards left out in 多三张,
    else []); in 十三道 also "adjustments" and each pair's "negotiated" (banker_result).
    """
    seat_hands = []
    for position in state.positions:
        submission = state.submissions[position]
        arrangement = validate_submission(
            state.cards_of(position), submission.front, submission.middle, submission.back,
            state.config, declare_special=submission.special is not None)
        seat_hands.append(SeatHand(str(position), arrangement))
    banker = None if state.banker is None else str(state.banker)
    result = as_positions(settle(seat_hands, state.config, banker=banker).to_dict())
    for position, hand in result["hands"].items():
        submission = state.submissions[int(position)]
        hand["auto"] = submission.auto
        hand["discards"] = list(submission.discards)
    if state.config.mode == "banker":
        agreed = {p: n.amount for p, n in state.negotiations.items() if n.status == "agreed"}
        result = banker_result(result, agreed, [a.to_dict() for a in state.adjustments])
        # What stayed hidden while the round was played, revealed with the rows.
        result["bids"] = {str(p): b for p, b in sorted(state.bids.items())}
        result["exchange"] = {
            "put": {str(p): c for p, c in sorted(state.put.items())},
            "takes": [list(take) for take in state.takes],
            "swapped_by": state.swapped_by,
            "held": {str(p): list(state.cards_of(p)) for p in state.positions},
        }
        result["negotiations"] = {str(p): {"status": n.status, "by": n.by, "amount": n.amount}
                                  for p, n in sorted(state.negotiations.items())}
    return result


def as_positions(result: dict[str, Any]) -> dict[str, Any]:
    """The engine's settlement dict with every seat id (text) as an int position."""
    def seat(value):
        return None if value is None else int(value)

    for pair in result["pairs"]:
        pair["a"], pair["b"] = int(pair["a"]), int(pair["b"])
        pair["scoop"], pair["home_run"] = seat(pair["scoop"]), seat(pair["home_run"])
        for row in pair["rows"]:
            row["winner"] = seat(row["winner"])
        if pair["special"] is not None:
            pair["special"]["winner"] = seat(pair["special"]["winner"])
    for pair in result["pairs"]:
        pair["horse"] = seat(pair.get("horse"))
    result["home_run"] = seat(result["home_run"])
    result["banker"] = seat(result["banker"])
    result["horse"] = seat(result.get("horse"))
    return result


def banker_result(result: dict[str, Any], agreed: Mapping[int, int],
                  adjustments: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """A banker-mode settlement with the negotiated pairs' agreed amounts (the banker wins
    `agreed[player]`) in place of their rows, and the adjustments added to the totals."""
    banker = result["banker"]
    totals = {position: 0 for position in result["totals"]}
    for pair in result["pairs"]:
        player = pair["b"] if pair["a"] == banker else pair["a"]
        pair["negotiated"] = player in agreed
        if pair["negotiated"]:
            amount = agreed[player] if pair["a"] == banker else -agreed[player]
            pair.update(points=amount, base=amount, rows=[], scoop=None, home_run=None,
                        special=None)
        totals[str(pair["a"])] += pair["points"]
        totals[str(pair["b"])] -= pair["points"]
    result["adjustments"] = [dict(adjustment) for adjustment in adjustments]
    for adjustment in result["adjustments"]:
        totals[str(adjustment["position"])] += adjustment["points"]
    result["totals"] = totals
    return result
