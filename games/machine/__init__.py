"""The round machine: a round as pure `(state, action) -> (state, events)` steps, no Django.

Like lila's chess variants, each phase of a round is its own module and the machine only
routes an action to the phase that handles it:

    state.py      the vocabulary: phases, RoundState, Submission, Event, FlowError
    support.py    which phases a rule set needs, and which live tables can play
    arranging.py  the arranging phase: Submit and the arrange timer's Timeout (§7)
    settling.py   the settlement of a round whose submissions are all in (§4–§6, §8.5)
    hints.py      the hint list a player sees, as protocol dicts (§7.1)

games.live.services loads a Round into a RoundState, calls `apply`, and persists what
comes back: new submissions to Hand rows, events to the RoundEvent log and to players.
A later phase (十三道's bidding, exchange, negotiation) is a new module with its own
actions, routed by `apply` below, and is removed from support.py's list of what is
not built yet.
"""

from games.machine.arranging import Submit, Timeout, arranging_step
from games.machine.hints import hand_hints, hint_dict
from games.machine.settling import settlement
from games.machine.state import (ARRANGING, BIDDING, EXCHANGING, NEGOTIATING, SETTLED, Event,
                                 FlowError, RoundState, Submission)
from games.machine.support import BUILT_PHASES, phases, unsupported_reason

Action = Submit | Timeout


def apply(state: RoundState, action: Action) -> tuple[RoundState, list[Event]]:
    """One step of the round; FlowError (and no new state) when the action is refused."""
    if isinstance(action, (Submit, Timeout)):
        return arranging_step(state, action)
    raise TypeError(f"unknown action {action!r}")


__all__ = ["ARRANGING", "BIDDING", "BUILT_PHASES", "EXCHANGING", "NEGOTIATING", "SETTLED",
           "Action", "Event", "FlowError", "RoundState", "Submission", "Submit", "Timeout",
           "apply", "hand_hints", "hint_dict", "phases", "settlement", "unsupported_reason"]
