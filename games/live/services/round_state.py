"""A round back into the database: `persist` writes what a round machine step returned —
submissions and held cards to the Hands, the phase, deadline, banker and 十三道 phase state
(`Round.flow`) to the Round, the seed out of RoundSecret and a rated round's rating
changes (ratings.services) at settlement, the events to the RoundEvent log — then bumps
the table's version, queues the step's messages (games.live.services.round_messages)
and, when the step set a new deadline, its timer.
"""

from __future__ import annotations

from django.db import transaction

from games import machine
from games import rows
from games.live.owner import memory
from games.live.services import hooks, round_messages, sessions
from games.rows import save_fields
from games.live.services.table_row import (changed, commit_next_seed, rule_set_of, seats_of,
                                           take_secret)
from games.live.state import flow_of
from games.models import Hand, Round, RoundEvent, RoundSecret, Seat, Table, TableStatus
from ratings import services as ratings


def persist(table: Table, round: Round, old: machine.RoundState, new: machine.RoundState,
            events: list[machine.Event], moment, hands: list[Hand] | None = None,
            seats: list[Seat] | None = None) -> int:
    """Write what a machine step returned, bump the version, queue the messages and the
    next timer, and have the owner keep the table (games.live.owner.memory); returns the
    new version. `seats`: the table's seats, if the owner kept them."""
    hands = {hand.position: hand for hand in (hands if hands is not None
                                              else round.hands.all())}
    added = [p for p in new.submissions if p not in old.submissions]
    for position in added:
        _save_submission(hands[position], new.submissions[position], moment)
    exchanged = [p for p, cards in new.held.items() if old.held.get(p) != cards]
    for position in exchanged:
        hands[position].held_cards = list(new.held[position])
    if exchanged:
        rows.save_many([hands[p] for p in exchanged], ("held_cards",))
    settled = new.phase == machine.SETTLED
    if settled:
        _settle(table, round, new, events, moment, hands)
    # Only what the step changed: a plain submission leaves the round row alone.
    wanted = {"phase": new.phase, "deadline": new.deadline, "banker_position": new.banker,
              "flow": flow_of(new)}
    fields = [name for name, value in wanted.items() if getattr(round, name) != value]
    for name in fields:
        setattr(round, name, wanted[name])
    version = changed(table)
    if settled:  # the seats, read once: the away marks, the settled message, the votes
        seats = seats if seats is not None else seats_of(table)
        sessions.mark_away(seats, hands.values())
        transaction.on_commit(lambda: hooks.schedule_analysis(round.id))
    elif new.phase == machine.ARRANGING and old.phase != machine.ARRANGING:
        # 十三道: the cards a player arranges are known only now, after the bidding and
        # the exchange (other presets value their hints from the deal).
        transaction.on_commit(lambda: hooks.schedule_hint_values(round.id))
    timer = not settled and new.deadline != old.deadline
    if timer:  # a new phase or exchange step: its timer belongs to this version
        round.table_version = version
        fields.append("table_version")
    if fields:
        save_fields(round, fields)
    log(round, events)
    round_messages.send(table, round, old, new, events, version, hands, seats)
    if settled:  # after `settled`, so a client has the last round before the summary
        sessions.end_if_due(table, round, version, seats)
    if timer:
        countdown = (new.deadline - moment).total_seconds()
        transaction.on_commit(
            lambda: hooks.schedule_arrange_timeout(round.id, version, countdown))
    # Kept for the next command: the seats, and the round while it is played.
    memory.keep(table, seats=seats, round=None if settled else round,
                hands=() if settled else [hands[p] for p in sorted(hands)])
    return version


def _save_submission(hand: Hand, submission: machine.Submission, moment) -> None:
    hand.front, hand.middle, hand.back = (list(submission.front), list(submission.middle),
                                          list(submission.back))
    hand.discards = list(submission.discards)
    hand.declared_special = submission.special or ""
    hand.auto_submitted = submission.auto
    hand.submitted_at = moment
    save_fields(hand, ("front", "middle", "back", "discards", "declared_special",
                       "auto_submitted", "submitted_at"))


def _settle(table: Table, round: Round, new: machine.RoundState,
            events: list[machine.Event], moment, hands: dict[int, Hand]) -> None:
    # One save: the database refuses a seed on a round that is not settled.
    round.phase, round.result, round.settled_at = new.phase, new.result, moment
    round.deal_seed = take_secret(RoundSecret, "deal_seed", round.id)
    if round.deal_seed is None:
        raise RoundSecret.DoesNotExist(f"round {round.id} has no secret seed to reveal")
    for position, hand in hands.items():
        hand.points = new.result["totals"][str(position)]
    rows.save_many(list(hands.values()), ("points",))  # one statement
    # A rated round moves its players' ratings in this same transaction, once.
    round.settled_ratings = ratings.rate_round(round, list(hands.values()),
                                              table.rating_family, rule_set_of(table))
    save_fields(round, ("phase", "result", "settled_at", "deal_seed", "rating_family"))
    table.status = TableStatus.OPEN
    # The next round's server seed, public before anyone is ready; saved with the version.
    commit_next_seed(table, save=False)
    for event in events:
        if event.type == "settled":
            event.payload["deal_seed"] = round.deal_seed


def log(round: Round, events: list[machine.Event], *, first: bool = False) -> None:
    """Append the step's events to the round's log, numbered on from the last one, in
    one INSERT. `first`: the round's first events (the deal), numbered from 1. Otherwise
    each row numbers itself in the database: the round's next number plus its place in
    the step; the table's lock keeps the number safe."""
    if not events:
        return
    made = [RoundEvent(round_id=round.id, seq=seq if first else None, type=event.type,
                       payload=dict(event.payload))
            for seq, event in enumerate(events, start=1)]
    if first:
        rows.insert(made)
    else:
        rows.insert(made, computed={"seq": (_NEXT_SEQ, [[round.id, place]
                                                        for place in range(len(made))])})


_NEXT_SEQ = f"({rows.next_number_sql(RoundEvent, 'seq', 'round')}) + %s"
