"""Every state change of a table: seats, ready, the deal, submissions, the timer, settlement.

Each service (HackSoft style, STYLE.md) takes keyword-only arguments and runs in one
`transaction.atomic` that first locks the table row (`select_for_update`, Zulip's
access_message(lock_message=True)) — also for round changes, so all changes of one table
happen one at a time in one order. It checks the request and raises `GameError` (a
docs/protocol.md error code and a readable message) before it changes anything, bumps
`table.version` once per change, appends RoundEvents, and hands its messages to
games.broadcast, which sends them only after the commit.

The round's rules come from its frozen snapshot (`Round.rules`); the phase logic is the
pure games.round_flow, which these services load state into and persist state out of.

Provably fair deal (rules.engine.fairness): at the deal a fresh secret seed shuffles the
deck; the Round stores sha256(seed) as `deal_commitment`, and the seed itself waits in
`RoundSecret` (never read by a selector, message or log) until settlement copies it into
`Round.deal_seed` — the database refuses a seed on an unsettled round — and deletes the
secret. Tests choose a deal by monkeypatching `deal_seed_factory`.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Sequence

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games import broadcast, round_flow, selectors
from games.models import (Hand, Round, RoundEvent, RoundPhase, RoundSecret, Seat, Table,
                          TableStatus, INVITE_CODE_LENGTH)
from rules.engine import fairness
from rules.engine.cards import codes, sorted_for_display
from rules.engine.config import ConfigError, RuleConfig
from rules.models import RuleSet

logger = logging.getLogger(__name__)

# Test hooks: a test replaces these to choose the deal or to read the clock it wants.
deal_seed_factory = fairness.new_seed


def now():
    return timezone.now()


# Past the deadline by this much with no timer having acted (a lost Celery countdown,
# a restarted server with the in-memory broker), the next visitor's connection settles.
OVERDUE_GRACE = timedelta(seconds=5)


class GameError(Exception):
    """A refused request; `code` is one of docs/protocol.md's error codes and `message`
    tells the player what to do. Nothing was changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


# --- tables and seats ---------------------------------------------------------------------


def table_create(*, user, rule_set: RuleSet | str, name: str, is_private: bool = False) -> Table:
    """Open a table under `rule_set` (a RuleSet or its slug) and seat its creator at 0."""
    if isinstance(rule_set, str):
        rule_set = RuleSet.objects.filter(slug=rule_set).first()
        if rule_set is None:
            raise GameError("bad_request", "there is no such rule set")
    _playable_config(rule_set)
    name = (name or "").strip()
    if not name or len(name) > Table._meta.get_field("name").max_length:
        raise GameError("bad_request", "a table needs a name of 1 to 60 characters")
    with transaction.atomic():
        table = Table.objects.create(rule_set=rule_set, name=name, is_private=bool(is_private),
                                     created_by=user, version=1)
        Seat.objects.create(table=table, user=user, position=0)
    return table


def table_join(*, user, invite_code: str) -> Table:
    """Seat `user` at the table with this invite code (the lowest free seat). Joining a
    table where the user already sits changes nothing."""
    code = (invite_code or "").strip().upper()
    if not code or len(code) > INVITE_CODE_LENGTH:
        raise GameError("table_not_found", "no open table has that invite code")
    table_id = (Table.objects.filter(invite_code=code).exclude(status=TableStatus.CLOSED)
                .values_list("id", flat=True).first())
    if table_id is None:
        raise GameError("table_not_found", "no open table has that invite code")
    seat_take(table_id=table_id, user=user)
    return Table.objects.select_related("rule_set").get(pk=table_id)


def seat_take(*, table_id: int, user, position: int | None = None,
              connected: bool | None = None) -> Seat:
    """Sit at `position` (the lowest free seat when None). Already seated: the same seat
    is returned unchanged, or the player moves when no round they play is running.
    `connected=True` marks the seat as online (a socket asked to sit)."""
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.status == TableStatus.CLOSED:
            raise GameError("table_closed", "this table is closed")
        max_players = table.rule_set.max_players
        if position is not None and (isinstance(position, bool) or not isinstance(position, int)
                                     or not 0 <= position < max_players):
            raise GameError("bad_request",
                            f"seats at this table are numbered 0 to {max_players - 1}")
        seats = list(Seat.objects.filter(table=table))
        mine = next((seat for seat in seats if seat.user_id == user.id), None)
        taken = {seat.position for seat in seats}
        if mine is not None and (position is None or position == mine.position):
            if connected and not mine.connected:
                mine.connected = True
                mine.save(update_fields=["connected"])
                _changed(table, seats=True)
            return mine
        if position is None:
            free = [p for p in range(max_players) if p not in taken]
            if not free:
                raise GameError("table_full", "every seat at this table is taken")
            position = free[0]
        elif position in taken:
            raise GameError("seat_taken", f"seat {position} is taken")
        if mine is not None:
            if _playing(table, user):
                raise GameError("round_in_progress",
                                "you cannot change seats while your round is being played")
            mine.position, mine.ready = position, False
            if connected:
                mine.connected = True
            mine.save(update_fields=["position", "ready", "connected"])
            seat = mine
        else:
            seat = Seat.objects.create(table=table, user=user, position=position,
                                       connected=bool(connected))
        _changed(table, seats=True)
        return seat


def seat_leave(*, table_id: int, user) -> None:
    """Give up your seat; refused while a round you play is being arranged."""
    with transaction.atomic():
        table = _lock_table(table_id)
        seat = _seat_of(table, user)
        if _playing(table, user):
            raise GameError("round_in_progress",
                            "you cannot leave while your round is being played")
        seat.delete()
        _changed(table, seats=True)
        _maybe_start_round(table)


def player_ready(*, table_id: int, user) -> None:
    """Press ready. When every seated player is ready and at least the rule set's
    `min_players` sit, the round is dealt at once (seed 000 §3.2)."""
    with transaction.atomic():
        table = _lock_table(table_id)
        seats = _seats(table)
        seat = next((seat for seat in seats if seat.user_id == getattr(user, "id", None)), None)
        if seat is None:
            raise GameError("not_seated", "take a seat first")
        if table.status == TableStatus.PLAYING:
            raise GameError("round_in_progress", "wait until this round is settled")
        if seat.ready:
            return
        seat.ready = True
        seat.save(update_fields=["ready"])
        _changed(table, seats=seats)
        _maybe_start_round(table, seats)


def player_connection(*, table_id: int, user, connected: bool) -> None:
    """A seated player's socket opened or closed; the seat is kept either way (the timer
    submits for an absent player). Watchers and unchanged flags change nothing."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            return
        seat = Seat.objects.filter(table=table, user_id=user.id).first()
        if seat is None or seat.connected == connected:
            return
        seat.connected = connected
        seat.save(update_fields=["connected"])
        _changed(table, seats=True)


# --- the round ----------------------------------------------------------------------------


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
    """The arrange timer (games.tasks.arrange_timeout): submit the first hint for every
    player who has not submitted, then settle. Acts only if the round is still arranging
    and was dealt at `version` (Round.table_version); returns whether it acted. Run twice,
    late or after everyone submitted, it changes nothing. Run early (a clock ahead of
    the database's), it schedules itself again for the time that is left."""
    table_id = Round.objects.filter(pk=round_id).values_list("table_id", flat=True).first()
    if table_id is None:
        return False
    with transaction.atomic():
        table = _lock_table(table_id)
        round = Round.objects.get(pk=round_id)
        if round.phase != RoundPhase.ARRANGING or round.table_version != version:
            return False
        moment = now()
        if round.deadline is not None and moment < round.deadline:
            remaining = (round.deadline - moment).total_seconds()
            transaction.on_commit(lambda: schedule_arrange_timeout(round.id, version, remaining))
            return False
        hands = list(round.hands.all())
        state = _load_state(round, hands)
        new_state, events = round_flow.apply(state, round_flow.Timeout(now=moment))
        _persist(table, round, state, new_state, events, moment, hands)
        return True


def round_timeout_overdue(*, table_id: int) -> bool:
    """Settle the table's round if its deadline passed more than OVERDUE_GRACE ago and no
    timer acted (a countdown lost with an in-memory broker on restart). Consumers call it
    when a socket connects or resyncs; returns whether it settled."""
    round = selectors.current_round(table_id)
    if (round is None or round.phase != RoundPhase.ARRANGING or round.deadline is None
            or now() < round.deadline + OVERDUE_GRACE):
        return False
    return round_auto_submit(round_id=round.id, version=round.table_version)


def round_timers_rearm() -> int:
    """Queue the arrange timer again for every round still being arranged; returns how
    many. A worker calls it when it starts (games.tasks): the in-memory broker of the
    embedded set-up forgets queued countdowns on a restart, and a round must never wait
    for a visitor to be settled. A duplicate timer is harmless — it acts once, and one
    that arrives early re-queues itself for the time left (round_auto_submit)."""
    moment = now()
    arranging = Round.objects.filter(phase=RoundPhase.ARRANGING).values_list(
        "id", "table_version", "deadline")
    count = 0
    for round_id, version, deadline in arranging:
        remaining = 0 if deadline is None else (deadline - moment).total_seconds()
        schedule_arrange_timeout(round_id, version, remaining)
        count += 1
    return count


def schedule_arrange_timeout(round_id: int, version: int, countdown: float) -> None:
    """Queue games.tasks.arrange_timeout (tests replace this to run timers themselves)."""
    from games.tasks import arrange_timeout

    arrange_timeout.apply_async(kwargs={"round_id": round_id, "version": version},
                                countdown=max(countdown, 0))


# --- internals ----------------------------------------------------------------------------


def _lock_table(table_id: Any) -> Table:
    try:
        # of=self: a join's FOR UPDATE would also lock the rule set's row, which every
        # table playing that rule set shares, and serialise all of them.
        return (Table.objects.select_for_update(of=("self",)).select_related("rule_set")
                .get(pk=table_id))
    except (Table.DoesNotExist, ValueError, TypeError):
        raise GameError("table_not_found", "there is no such table") from None


def _seat_of(table: Table, user) -> Seat:
    seat = Seat.objects.filter(table=table, user_id=getattr(user, "id", None)).first()
    if seat is None:
        raise GameError("not_seated", "take a seat first")
    return seat


def _arranging_round(table: Table) -> Round | None:
    return (Round.objects.filter(table=table, phase=RoundPhase.ARRANGING)
            .order_by("-number").first())


def _round_running(table: Table) -> bool:
    """Whether a round is being played: the deal sets the table PLAYING, settlement OPEN."""
    return table.status == TableStatus.PLAYING


def _playing(table: Table, user) -> bool:
    """Whether `user` holds cards in a round of this table that is not over."""
    return Hand.objects.filter(round__table=table, user_id=user.id).exclude(
        round__phase__in=[RoundPhase.SETTLED, RoundPhase.ABANDONED]).exists()


def _playable_config(rule_set: RuleSet) -> RuleConfig:
    try:
        config = rule_set.to_engine()
    except ConfigError as error:
        raise GameError("unsupported_rules", f"this rule set is not valid: {error}") from None
    reason = round_flow.unsupported_reason(config)
    if reason:
        raise GameError("unsupported_rules", reason)
    return config


def _seats(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).select_related("user").order_by("position"))


def _changed(table: Table, *, seats: bool | list[Seat] = False) -> int:
    """Bump the table's version (once per change) and, if asked, broadcast the seats
    (`seats` may be the seat list already read, with users)."""
    table.version += 1
    table.save(update_fields=["version", "status"])
    if seats is not False:
        listed = selectors.seats_public(table.id, seats=None if seats is True else seats)
        broadcast.to_table(table.id, {"type": "seats", "version": table.version,
                                      "seats": listed})
    return table.version


def _maybe_start_round(table: Table, seats: list[Seat] | None = None) -> Round | None:
    if seats is None:
        seats = _seats(table)
    if not seats or not all(seat.ready for seat in seats) or _round_running(table):
        return None
    config = _playable_config(table.rule_set)
    if not config.min_players <= len(seats) <= config.max_players:
        return None
    return _deal(table, seats, config)


def _deal(table: Table, seats: list[Seat], config: RuleConfig) -> Round:
    seed = deal_seed_factory()
    hands, _undealt = fairness.deal_from_seed(seed, config, len(seats))
    moment = now()
    number = (Round.objects.filter(table=table).aggregate(n=Max("number"))["n"] or 0) + 1
    table.status = TableStatus.PLAYING
    version = _changed(table)
    round = Round.objects.create(
        table=table, number=number, rules=config.to_dict(), phase=RoundPhase.ARRANGING,
        deal_commitment=fairness.commitment(seed),
        deadline=moment + timedelta(seconds=config.arrange_seconds), table_version=version)
    RoundSecret.objects.create(round=round, deal_seed=seed)
    created = Hand.objects.bulk_create([
        Hand(round=round, user_id=seat.user_id, position=seat.position,
             dealt_cards=codes(sorted_for_display(cards)))
        for seat, cards in zip(seats, hands)])
    Seat.objects.filter(table=table).update(ready=False)
    for seat in seats:
        seat.ready = False
    _log(round, [round_flow.Event("dealt", {
        "players": [{"position": seat.position, "user_id": seat.user_id} for seat in seats],
        "deal_commitment": round.deal_commitment,
        "fairness": fairness.ALGORITHM,
        "deadline": selectors._iso(round.deadline),
    })])
    broadcast.to_table(table.id, {
        "type": "round_started", "version": version,
        "round": selectors.round_public(round),
        "seats": selectors.seats_public(table.id, seats=seats)})
    for hand in created:
        broadcast.to_player(table.id, hand.user_id, {
            "type": "hand", "version": version, **selectors.hand_private(hand, round)})
    transaction.on_commit(lambda: schedule_arrange_timeout(
        round.id, version, config.arrange_seconds))
    return round


def _round_action(table_id: int, user, *, declare: bool, rows) -> Hand:
    with transaction.atomic():
        table = _lock_table(table_id)
        round = _arranging_round(table)
        if round is None:
            _seat_of(table, user)
            raise GameError("not_arranging", "no round is being arranged at this table")
        hands = list(round.hands.all())
        hand = next((h for h in hands if h.user_id == getattr(user, "id", None)), None)
        if hand is None:
            _seat_of(table, user)
            raise GameError("not_in_round", "you are not playing this round")
        moment = now()
        state = _load_state(round, hands)
        front, middle, back = rows
        action = round_flow.Submit(hand.position, tuple(front), tuple(middle), tuple(back),
                                   declare=declare, now=moment)
        try:
            new_state, events = round_flow.apply(state, action)
        except round_flow.FlowError as error:
            raise GameError(error.code, error.message) from None
        _persist(table, round, state, new_state, events, moment, hands)
        return hand


def _load_state(round: Round, hands: list[Hand] | None = None) -> round_flow.RoundState:
    if hands is None:
        hands = list(round.hands.all())
    submissions = {
        hand.position: round_flow.Submission(
            tuple(hand.front), tuple(hand.middle), tuple(hand.back),
            hand.declared_special or None, False, hand.auto_submitted)
        for hand in hands if hand.submitted_at is not None}
    return round_flow.RoundState(
        config=RuleConfig.from_dict(round.rules), phase=round.phase,
        dealt={hand.position: tuple(hand.dealt_cards) for hand in hands},
        deadline=round.deadline, submissions=submissions)


def _persist(table: Table, round: Round, old: round_flow.RoundState,
             new: round_flow.RoundState, events: list[round_flow.Event], moment,
             hands: list[Hand] | None = None) -> None:
    """Write what a round_flow step returned, bump the version, queue the messages."""
    hands = {hand.position: hand for hand in (hands if hands is not None
                                              else round.hands.all())}
    added = [p for p in new.submissions if p not in old.submissions]
    for position in added:
        submission, hand = new.submissions[position], hands[position]
        hand.front, hand.middle, hand.back = (list(submission.front), list(submission.middle),
                                              list(submission.back))
        hand.declared_special = submission.special or ""
        hand.auto_submitted = submission.auto
        hand.submitted_at = moment
        hand.save(update_fields=["front", "middle", "back", "declared_special",
                                 "auto_submitted", "submitted_at"])
    settled = new.phase == round_flow.SETTLED
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
    version = _changed(table)
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


def _log(round: Round, events: list[round_flow.Event]) -> None:
    last = RoundEvent.objects.filter(round=round).aggregate(n=Max("seq"))["n"] or 0
    RoundEvent.objects.bulk_create([
        RoundEvent(round=round, seq=last + i, type=event.type, payload=dict(event.payload))
        for i, event in enumerate(events, start=1)])
