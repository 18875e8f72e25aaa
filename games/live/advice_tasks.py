"""What each hint is worth (issue 16), worked out by a Celery worker after the deal.

The deal queues `hint_values` once per round (services.hooks.schedule_hint_values, after
the deal commits): working the values out at the deal would hold the table's lock for
tens of milliseconds a hand. The deal hands over each hand's hint list as it listed them
in the hand's message (keys included: games.machine.hints_wire), so the advisor does not
search the hands again (issue 23; a quarter of a millisecond a hand). For each hand the
task asks the advisor (rules.engine.advisor.value_hints) with the player's own cards
only — the opponents are dealt from every card the player cannot see — stores the result
in Hand.hint_values and sends it to that player alone:

    {"type": "hint_values", "round_id": id, "hints": [hint dicts, each with "ev"; the
     EV-best marked "best": true, added at the end when it is not a hint]}

Hand.hint_values keeps {"hints": [hint dicts with "ev"], "best": {the EV-best as a hint
dict with "ev", "best": true, "hint": its index among the hints or null}, "samples",
"seed", "players"}; selectors.hand_private reads it back on a reconnect, and the "best
EV" timer (RuleConfig.timer_policy) submits its "best".

十三道 (banker mode): the cards a player arranges are known only once the bidding and the
exchange are over, so the task is queued again when arranging starts (round_state.persist)
and values the cards each player holds then, the banker's hand against every player and a
player's against the banker alone (the way 十三道 settles); its timer searches for itself
(games.machine.arranging). The task is idempotent: a hand already valued is left alone,
and a run while the round is not being arranged values nothing. The round's values are
stored and sent by the table's owner, all in one command (services.advice.hint_values_keep:
one trip there and one transaction a round, not one a hand), under the table's lock after
the phase is read again there, so nothing is sent for a round that ended while they were
worked out (docs/protocol.md).

Bots' hands are not valued (issue 23): nobody sees their values (a strong bot decides
by itself, services.bots.advisor_choice), and the one reader, the "best EV" timer, finds
none stored and searches for itself (games.machine.arranging._best_ev), as after a
restart. The analysis after settlement weighs such a hand when it rates it.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from games import rows
from games.live.services import advice
from games.machine import hint_dict
from games.machine.state import config_of
from games.models import Hand, RoundPhase
from rules.engine.advisor import value_hints
from rules.engine.cards import CardError, parse_cards
from rules.engine.hints import hint_from_wire, keep_hints
from rules.engine.config import RuleConfig

logger = logging.getLogger(__name__)

# What valuing reads of a hand and of its round.
VALUED_FIELDS = ("position", "dealt_cards", "held_cards", "hint_values")
ROUND_FIELDS = ("table", "phase", "rules", "banker_position")


@shared_task(name="games.hint_values", ignore_result=True)
def hint_values(round_id: int, hints: dict[str, list] | None = None) -> int:
    """Value every hand of the round; returns how many were valued. `hints`: each hand's
    hint list as the deal found it (hand id → games.machine.hints_wire)."""
    return store_hint_values(round_id, hints)


def store_hint_values(round_id: int, hints: dict[str, list] | None = None) -> int:
    """Value the round's people's hands not valued yet, then have the table's owner keep
    and send them, all in one command; returns how many were kept. `hints`: the hint
    lists the deal found, which the advisor then takes instead of searching again."""
    # The round and its hands in one statement, reading only what valuing needs; the
    # hands count the players.
    seated = rows.select(Hand, "t0.round_id = %s", [round_id], fields=VALUED_FIELDS,
                         related=(("round", ROUND_FIELDS), ("user", ("bot_level",))),
                         order_by="t0.position")
    if not seated or seated[0].round.phase != RoundPhase.ARRANGING:
        return 0  # not yet (十三道's bidding) or no more (the analysis takes over)
    round = seated[0].round
    config = config_of(round.rules)  # parsed once per distinct rules
    banker = round.banker_position if config.mode == "banker" else None
    hands = [hand for hand in seated if hand.hint_values is None and not hand.user.bot_level]
    if not hands:
        return 0
    players = len(seated)
    values = []
    for hand in hands:
        cards = hand.held_cards if hand.held_cards is not None else hand.dealt_cards
        if hints and hand.held_cards is None:
            _known_hints(hand.dealt_cards, config, hints.get(str(hand.pk)))
        values.append((hand.pk, hand_values(
            cards, config, players, is_banker=banker is not None and hand.position == banker)))
    # A round that settled meanwhile keeps nothing, and its analysis finds these hands
    # weighed already (rules.engine.advisor keeps a hand's tables).
    kept = advice.hint_values_keep(table_id=round.table_id, round_id=round.id, values=values)
    return kept or 0


def _known_hints(dealt: list[str], config: RuleConfig, wire: list | None) -> None:
    """Hand the advisor the hint list the deal found for these cards (it searches for
    itself when there is none, or when a hint holds a card the hand does not)."""
    if not wire:
        return
    try:
        found = [hint_from_wire(item) for item in wire]
    except (CardError, TypeError, ValueError) as error:  # never: the deal wrote it
        logger.warning("the deal's hints could not be read (%s); searching again", error)
        return
    held = set(dealt)
    if all(card.code in held for hint in found for row in hint.rows for card in row):
        keep_hints(parse_cards(dealt), config, found)


def hand_values(dealt: list[str], config: RuleConfig, players: int, *,
                is_banker: bool = False) -> dict[str, Any]:
    """Hand.hint_values for one hand (module docstring), from its own cards only."""
    values = value_hints(parse_cards(dealt), config, players=players,
                         player_is_banker=is_banker)
    hints = []
    for index, (hint, ev) in enumerate(zip(values.hints, values.evs)):
        entry = {**hint_dict(hint, dealt), "ev": round(ev, 3)}
        if index == values.best_index:
            entry["best"] = True
        hints.append(entry)
    best = {**hint_dict(values.best_hint, dealt), "ev": round(values.best.ev, 3),
            "best": True, "hint": values.best_index}
    return {"hints": hints, "best": best, "samples": values.samples, "seed": values.seed,
            "players": values.players}
