"""The round machine: a round as pure `(state, action) -> (state, events)` steps, no Django.

Like lila's chess variants, each phase of a round is its own module and the machine only
routes an action to the phase that handles it:

    state.py        the vocabulary: phases, RoundState, Submission, Event, FlowError
    support.py      which phases a rule set's rounds go through
    transitions.py  how a round starts and moves to its next phase (or settles)
    bidding.py      十三道 抢庄: secret bids for the bank, revealed at once (§8.1)
    exchange.py     十三道 换牌: the 4-player pool, the 3-player spare hand (§8.2–§8.3)
    arranging.py    the arranging phase: Submit and the arrange timer's Timeout (§7)
    negotiating.py  十三道 谈判: each banker–player pair may settle privately (§8.4)
    settling.py     the settlement of a round whose submissions are all in (§4–§6, §8.5)
    hints.py        the hint list a player sees, as protocol dicts (§7.1)

games.live.services loads a Round into a RoundState, calls `apply`, and persists what
comes back: new submissions to Hand rows, events to the RoundEvent log and to players.
`timeout(state, now, draw)` is the action the phase's timer takes. A new phase is a new
module with its own actions, routed by `apply` below, and listed in support.py.
"""

from games.machine.arranging import Submit, Timeout, arranging_step
from games.machine.bidding import Bid, BidTimeout, bidding_step
from games.machine.exchange import (ExchangeTimeout, Pass, PutIn, Swap, Take, exchange_step,
                                    offered, putting)
from games.machine.hints import hand_hints, hint_dict, hints_wire
from games.machine.negotiating import Answer, NegotiationTimeout, Propose, negotiating_step
from games.machine.settling import banker_result, settlement
from games.machine.state import (ARRANGING, BIDDING, EXCHANGING, NEGOTIATING, SETTLED,
                                 Adjustment, Event, FlowError, Negotiation, RoundState,
                                 Submission, rules_of_config)
from games.machine.support import phases
from games.machine.transitions import start

_STEPS = {
    Submit: arranging_step, Timeout: arranging_step,
    Bid: bidding_step, BidTimeout: bidding_step,
    PutIn: exchange_step, Take: exchange_step, Pass: exchange_step, Swap: exchange_step,
    ExchangeTimeout: exchange_step,
    Propose: negotiating_step, Answer: negotiating_step, NegotiationTimeout: negotiating_step,
}
Action = (Submit | Timeout | Bid | BidTimeout | PutIn | Take | Pass | Swap | ExchangeTimeout
          | Propose | Answer | NegotiationTimeout)


def apply(state: RoundState, action: Action) -> tuple[RoundState, list[Event]]:
    """One step of the round; FlowError (and no new state) when the action is refused."""
    step = _STEPS.get(type(action))
    if step is None:
        raise TypeError(f"unknown action {action!r}")
    return step(state, action)


def timeout(state: RoundState, now, draw, picks=None) -> tuple[RoundState, list[Event]]:
    """What the phase's timer does when it runs out (`draw` chooses among tied bidders;
    `picks`: the stored EV-best rows by position, for a "best EV" timer)."""
    action = {BIDDING: lambda: BidTimeout(draw=draw, now=now),
              EXCHANGING: lambda: ExchangeTimeout(now=now),
              ARRANGING: lambda: Timeout(now=now, picks=picks or {}),
              NEGOTIATING: lambda: NegotiationTimeout(now=now)}.get(state.phase)
    if action is None:
        raise FlowError("not_arranging", "no round is being played at this table")
    return apply(state, action())


__all__ = ["ARRANGING", "BIDDING", "EXCHANGING", "NEGOTIATING", "SETTLED",
           "Action", "Adjustment", "Answer", "Bid", "BidTimeout", "Event", "ExchangeTimeout",
           "FlowError", "Negotiation", "NegotiationTimeout", "Pass", "Propose", "PutIn",
           "RoundState", "Submission", "Submit", "Swap", "Take", "Timeout", "apply",
           "banker_result", "hand_hints", "hint_dict", "hints_wire", "offered", "phases",
           "putting", "rules_of_config", "settlement", "start", "timeout"]
