"""A round: the deal, submissions and declarations, the arrange timer, and settlement.

The round's rules come from its frozen snapshot (`Round.rules`); the phase logic is the
pure games.machine, which these services load state into (`load_state`) and persist state
out of (`persist`).

Provably fair deal (rules.engine.fairness): at the deal a fresh secret seed shuffles the
deck; the Round stores sha256(seed) as `deal_commitment`, and the seed itself waits in
`RoundSecret` (never read by a selector, message or log) until settlement copies it into
`Round.deal_seed` — the database refuses a seed on an unsettled round — and deletes the
secret. Tests choose a deal through games.live.services.hooks.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Sequence

from django.db import transaction
from django.db.models import Max

from games import machine
from games.errors import GameError
from games.live import broadcast, selectors
from games.live.services import hooks
from games.live.services.table_row import (arranging_round, changed, lock_table,
                                           playable_config, round_running, seat_of, seats_of)
from games.models import (Hand, Round, RoundEvent, RoundPhase, RoundSecret, Seat, Table,
                          TableStatus)
from rules.engine import fairness
from rules.engine.cards import codes, sorted_for_display
from rules.engine.config import RuleConfig

# Past the deadline by this much with no timer having acted (a lost Celery countdown,
# a restarted server with the in-memory broker), the next visitor's connection settles.
OVERDUE_GRACE = timedelta(seconds=5)


def round_submit(*, table_id: int, user, front: Sequence[str], middle: Sequence[str],
                 back: Sequence[str]) -> Hand:
    """Submit three rows of card codes (final). Refused: not exactly your dealt cards, a
    foul the rule set refuses (the message names the rows), a second submission, after
    the deadline or the timer, or from someone not playing the round."""
    for row, cards in (("front", front), ("middle", middle), ("back", back)):
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise GameError("bad_request", f"{row} must be a list of card codes")
    return _round_action(table_id, user, declare=False, rows=(front, middle, back))


def round_declare(*, table_id: int, user) -> Hand:
    """Declare the highest special hand your cards form (报到, final); refused when they
    form none of the rule set's specials."""
    return _round_action(table_id, user, declare=True, rows=((), (), ()))


def round_auto_submit(*, round_id: int, version: int) -> bool:
    """The arrange timer (games.live.tasks.arrange_timeout): submit the first hint for every
    player who has not submitted, then settle. Acts only if the round is still arranging
    and was dealt at `version` (Round.table_version); returns whether it acted. Run twice,
    late or after everyone submitted, it changes nothing. Run early (a clock ahead of
    the database's), it schedules itself again for the time that is left."""
    table_id = Round.objects.filter(pk=round_id).values_list("table_id", flat=True).first()
    if table_id is None:
        return False
    with transaction.atomic():
        table = lock_table(table_id)
        round = Round.objects.get(pk=round_id)
        if round.phase != RoundPhase.ARRANGING or round.table_version != version:
            return False
        moment = hooks.now()
        if round.deadline is not None and moment < round.deadline:
            remaining = (round.deadline - moment).total_seconds()
            transaction.on_commit(
                lambda: hooks.schedule_arrange_timeout(round.id, version, remaining))
            return False
        hands = list(round.hands.all())
        state = _load_state(round, hands)
        new_state, events = machine.apply(state, machine.Timeout(now=moment))
        _persist(table, round, state, new_state, events, moment, hands)
        return True


def round_timeout_overdue(*, table_id: int) -> bool:
    """Settle the table's round if its deadline passed more than OVERDUE_GRACE ago and no
    timer acted (a countdown lost with an in-memory broker on restart). Consumers call it
    when a socket connects or resyncs; returns whether it settled."""
    round = selectors.current_round(table_id)
    if (round is None or round.phase != RoundPhase.ARRANGING or round.deadline is None
            or hooks.now() < round.deadline + OVERDUE_GRACE):
        return False
    return round_auto_submit(round_id=round.id, version=round.table_version)


def round_timers_rearm() -> int:
    """Queue the arrange timer again for every round still being arranged; returns how
    many. A worker calls it when it starts (games.live.tasks): the in-memory broker of the
    embedded set-up forgets queued countdowns on a restart, and a round must never wait
    for a visitor to be settled. A duplicate timer is harmless — it acts once, and one
    that arrives early re-queues itself for the time left (round_auto_submit)."""
    moment = hooks.now()
    arranging = Round.objects.filter(phase=RoundPhase.ARRANGING).values_list(
        "id", "table_version", "deadline")
    count = 0
    for round_id, version, deadline in arranging:
        remaining = 0 if deadline is None else (deadline - moment).total_seconds()
        hooks.schedule_arrange_timeout(round_id, version, remaining)
        count += 1
    return count


def maybe_start_round(table: Table, seats: list[Seat] | None = None) -> Round | None:
    if seats is None:
        seats = seats_of(table)
    if not seats or not all(seat.ready for seat in seats) or round_running(table):
        return None
    config = playable_config(table.rule_set)
    if not config.min_players <= len(seats) <= config.max_players:
        return None
    return _deal(table, seats, config)


def _deal(table: Table, seats: list[Seat], config: RuleConfig) -> Round:
    seed = hooks.deal_seed_factory()
    hands, _undealt = fairness.deal_from_seed(seed, config, len(seats))
    moment = hooks.now()
    number = (Round.objects.filter(table=table).aggregate(n=Max("number"))["n"] or 0) + 1
    table.status = TableStatus.PLAYING
    version = changed(table)
    round = Round.objects.create(
        table=table, number=number, rules=config.to_dict(), phase=RoundPhase.ARRANGING,
        deal_commitment=fairness.commitment(seed),
        deadline=moment + timedelta(seconds=config.arrange_seconds), table_version=version)
    RoundSecret.objects.create(round=round, deal_seed=seed)
    # In 多三张 each player's 16 cards are 13 and then the 3 candidates, in the order the
    # seed dealt them (docs/fairness.md); other presets deal 13 and no candidates.
    created = Hand.objects.bulk_create([
        Hand(round=round, user_id=seat.user_id, position=seat.position,
             dealt_cards=codes(sorted_for_display(cards)),
             candidate_cards=codes(sorted_for_display(cards[13:])))
        for seat, cards in zip(seats, hands)])
    Seat.objects.filter(table=table).update(ready=False)
    for seat in seats:
        seat.ready = False
    _log(round, [machine.Event("dealt", {
        "players": [{"position": seat.position, "user_id": seat.user_id} for seat in seats],
        "deal_commitment": round.deal_commitment,
        "fairness": fairness.ALGORITHM,
        "deadline": selectors.iso(round.deadline),
    })])
    broadcast.to_table(table.id, {
        "type": "round_started", "version": version,
        "round": selectors.round_public(round),
        "seats": selectors.seats_public(table.id, seats=seats)})
    for hand in created:
        broadcast.to_player(table.id, hand.user_id, {
            "type": "hand", "version": version, **selectors.hand_private(hand, round)})
    transaction.on_commit(lambda: hooks.schedule_arrange_timeout(
        round.id, version, config.arrange_seconds))
    return round


def _round_action(table_id: int, user, *, declare: bool, rows) -> Hand:
    with transaction.atomic():
        table = lock_table(table_id)
        round = arranging_round(table)
        if round is None:
            seat_of(table, user)
            raise GameError("not_arranging", "no round is being arranged at this table")
        hands = list(round.hands.all())
        hand = next((h for h in hands if h.user_id == getattr(user, "id", None)), None)
        if hand is None:
            seat_of(table, user)
            raise GameError("not_in_round", "you are not playing this round")
        moment = hooks.now()
        state = _load_state(round, hands)
        front, middle, back = rows
        action = machine.Submit(hand.position, tuple(front), tuple(middle), tuple(back),
                                   declare=declare, now=moment)
        try:
            new_state, events = machine.apply(state, action)
        except machine.FlowError as error:
            raise GameError(error.code, error.message) from None
        _persist(table, round, state, new_state, events, moment, hands)
        return hand


def _load_state(round: Round, hands: list[Hand] | None = None) -> machine.RoundState:
    if hands is None:
        hands = list(round.hands.all())
    submissions = {
        hand.position: machine.Submission(
            tuple(hand.front), tuple(hand.middle), tuple(hand.back),
            hand.declared_special or None, False, hand.auto_submitted, tuple(hand.discards))
        for hand in hands if hand.submitted_at is not None}
    return machine.RoundState(
        config=RuleConfig.from_dict(round.rules), phase=round.phase,
        dealt={hand.position: tuple(hand.dealt_cards) for hand in hands},
        deadline=round.deadline, submissions=submissions)


def _persist(table: Table, round: Round, old: machine.RoundState,
             new: machine.RoundState, events: list[machine.Event], moment,
             hands: list[Hand] | None = None) -> None:
    """Write what a machine step returned, bump the version, queue the messages."""
    hands = {hand.position: hand for hand in (hands if hands is not None
                                              else round.hands.all())}
    added = [p for p in new.submissions if p not in old.submissions]
    for position in added:
        submission, hand = new.submissions[position], hands[position]
        hand.front, hand.middle, hand.back = (list(submission.front), list(submission.middle),
                                              list(submission.back))
        hand.discards = list(submission.discards)
        hand.declared_special = submission.special or ""
        hand.auto_submitted = submission.auto
        hand.submitted_at = moment
        hand.save(update_fields=["front", "middle", "back", "discards", "declared_special",
                                 "auto_submitted", "submitted_at"])
    settled = new.phase == machine.SETTLED
    if settled:
        secret = RoundSecret.objects.get(round=round)
        round.phase, round.result, round.settled_at = RoundPhase.SETTLED, new.result, moment
        round.deal_seed = secret.deal_seed
        round.save(update_fields=["phase", "result", "settled_at", "deal_seed"])
        secret.delete()
        for position, hand in hands.items():
            hand.points = new.result["totals"][str(position)]
            hand.save(update_fields=["points"])
        table.status = TableStatus.OPEN
        for event in events:
            if event.type == "settled":
                event.payload["deal_seed"] = round.deal_seed
    version = changed(table)
    _log(round, events)
    for position in added:
        hand = hands[position]
        submission = new.submissions[position]
        broadcast.to_table(table.id, {"type": "submitted", "version": version,
                                      "round_id": round.id, "position": position,
                                      "auto": submission.auto})
        broadcast.to_player(table.id, hand.user_id, {
            "type": "your_submission", "version": version, "round_id": round.id,
            **selectors.submission_private(hand)})
    if settled:
        broadcast.to_table(table.id, {"type": "settled", "version": version,
                                      "round": selectors.settled_payload(round),
                                      "seats": selectors.seats_public(table.id)})


def _log(round: Round, events: list[machine.Event]) -> None:
    last = RoundEvent.objects.filter(round=round).aggregate(n=Max("seq"))["n"] or 0
    RoundEvent.objects.bulk_create([
        RoundEvent(round=round, seq=last + i, type=event.type, payload=dict(event.payload))
        for i, event in enumerate(events, start=1)])
