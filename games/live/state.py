"""A Round and its Hands as the round machine sees them: `load_state` builds a
machine.RoundState, `flow_of` turns the 十三道 phase state back into Round.flow's JSON.
Both the services (which step the machine) and the selectors (which show each viewer what
they may see of it) read rounds through here.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from games import machine
from games.machine.state import Adjustment, Negotiation, config_of
from games.models import Hand, Round
from rules.engine.config import RuleConfig


def rules_of(round: Round) -> RuleConfig:
    """The round's frozen rules as the engine's config (machine.state.config_of: parsed
    once per distinct rules), kept on the round: the owner keeps a round being played
    between commands, and each of them loads its state."""
    kept = round.__dict__.get("_rules_config")
    if kept is not None and kept[0] is round.rules:
        return kept[1]
    config = config_of(round.rules)
    round._rules_config = (round.rules, config)
    return config


def load_state(round: Round, hands: list[Hand] | None = None) -> machine.RoundState:
    if hands is None:
        hands = list(round.hands.all())
    submissions = {
        hand.position: machine.Submission(
            tuple(hand.front), tuple(hand.middle), tuple(hand.back),
            hand.declared_special or None, False, hand.auto_submitted, tuple(hand.discards))
        for hand in hands if hand.submitted_at is not None}
    flow = round.flow or {}
    return machine.RoundState(
        config=rules_of(round), phase=round.phase,
        dealt={hand.position: tuple(hand.dealt_cards) for hand in hands},
        deadline=round.deadline, submissions=MappingProxyType(submissions),
        banker=round.banker_position,
        held=_positions({hand.position: tuple(hand.held_cards) for hand in hands
                         if hand.held_cards is not None}),
        bids=_positions(flow.get("bids", {})),
        spare=tuple(flow.get("spare", ())),
        put=_positions(flow.get("put", {})),
        pool=_positions(flow.get("pool", {})),
        takes=tuple(tuple(take) for take in flow.get("takes", ())),
        swapped_by=flow.get("swapped_by"),
        chosen=tuple(flow.get("chosen", ())),
        chooser=flow.get("chooser"),
        offers=tuple(flow.get("offers", ())),
        swap_turn=flow.get("swap_turn"),
        negotiations=_positions({p: Negotiation(**n)
                                 for p, n in flow.get("negotiations", {}).items()}),
        adjustments=tuple(Adjustment(**a) for a in flow.get("adjustments", ())))


def flow_of(state: machine.RoundState) -> dict[str, Any]:
    """The 十三道 phase state, as Round.flow keeps it (JSON: positions as text keys)."""
    if state.config.mode != "banker":
        return {}
    return {
        "bids": {str(p): b for p, b in state.bids.items()},
        "spare": list(state.spare),
        "put": {str(p): c for p, c in state.put.items()},
        "pool": {str(p): c for p, c in state.pool.items()},
        "takes": [list(take) for take in state.takes],
        "swapped_by": state.swapped_by,
        "chosen": list(state.chosen),
        "chooser": state.chooser,
        "offers": list(state.offers),
        "swap_turn": state.swap_turn,
        "negotiations": {str(p): {"status": n.status, "by": n.by, "amount": n.amount}
                         for p, n in state.negotiations.items()},
        "adjustments": [a.to_dict() for a in state.adjustments],
    }


def _positions(mapping) -> MappingProxyType:
    return MappingProxyType({int(position): value for position, value in mapping.items()})
