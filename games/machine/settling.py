"""Settlement of a round whose submissions are all in: the engine's result (RULES.md
§4–§6, §8.5) with seat positions as ints, as Round.result and the `settled` event store it.
"""

from __future__ import annotations

from typing import Any

from games.machine.state import RoundState
from rules.engine.arrangement import validate_submission
from rules.engine.settlement import SeatHand, settle


def settlement(state: RoundState) -> dict[str, Any]:
    """The engine's settlement of every submission, with seat positions as ints.

    {"mode", "home_run", "totals": {"0": 6, ...}, "pairs": [{"a": 0, "b": 1, "points",
    "base", "rows": [{"row", "winner", "points"}], "scoop", "home_run", "special",
    "foul_a", "foul_b"}], "hands": {"0": {"front", "middle", "back", "pattern", "foul",
    "special", "auto", "discards"}}}  (discards: the 3 cards left out in 多三张, else [])
    """
    seat_hands = []
    for position in state.positions:
        submission = state.submissions[position]
        arrangement = validate_submission(
            state.dealt[position], submission.front, submission.middle, submission.back,
            state.config, declare_special=submission.special is not None)
        seat_hands.append(SeatHand(str(position), arrangement))
    result = settle(seat_hands, state.config).to_dict()

    def seat(value):
        return None if value is None else int(value)

    for pair in result["pairs"]:
        pair["a"], pair["b"] = int(pair["a"]), int(pair["b"])
        pair["scoop"], pair["home_run"] = seat(pair["scoop"]), seat(pair["home_run"])
        for row in pair["rows"]:
            row["winner"] = seat(row["winner"])
        if pair["special"] is not None:
            pair["special"]["winner"] = seat(pair["special"]["winner"])
    result["home_run"] = seat(result["home_run"])
    result["banker"] = seat(result["banker"])
    for position, hand in result["hands"].items():
        submission = state.submissions[int(position)]
        hand["auto"] = submission.auto
        hand["discards"] = list(submission.discards)
    return result
