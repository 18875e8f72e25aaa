"""A room's session (一局) at a live table: which rounds belong to it, when it starts and
ends, and the players it marks away (托管).

- A session begins with its first deal (games.live.services.rounds) and takes the room's
  number of rounds; a deal joins the open session, if any.
- Between rounds: a player who is gone when everyone here is ready is marked away after
  ABSENT_GRACE_SECONDS (wait_for_absent), so a session never waits for someone who left.
- After each settlement: a seat whose hand the timer submitted twice in a row is marked
  away; a manual submission clears the count (before the `settled` message, which shows
  the seats). Then the session ends when its last planned round is settled, or when
  every seated player has voted to end it.
- Ending stores the summary (games.record.sessions) and tells the table: the seats with
  their votes cleared, then `session_ended`.

Called inside the services' transactions, under the table's lock.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from games.live import broadcast, selectors
from games import rows
from games.live.services import hooks
from games.models import Round, RoundPhase, Seat, Session, Table
from games.record.sessions import session_summary

AWAY_AFTER_TIMER_ROUNDS = 2


def open_session(table: Table) -> Session | None:
    found = rows.select(Session, "t0.table_id = %s AND t0.ended_at IS NULL", [table.id],
                        order_by="t0.number DESC")
    return found[0] if found else None


def new_session(table: Table) -> Session:
    """A new session, whose first round the deal being made is (there is no open one)."""
    number = rows.next_number(Session, "number", "table", table.id)
    return Session.objects.create(table=table, number=number,
                                  rounds_planned=table.rounds_planned)


def mark_absent_away(table: Table, seats: list[Seat]) -> None:
    """A player who is not connected when a round is dealt is away: the table readies
    them and the timer plays their first hint until they say they are back."""
    gone = [seat.pk for seat in seats if not seat.connected and not seat.away]
    if gone:
        Seat.objects.filter(pk__in=gone).update(away=True)
        for seat in seats:
            seat.away = seat.away or seat.pk in gone


def absent_holding_up(seats: list[Seat]) -> list[Seat]:
    """The seats a deal between rounds waits for though nobody is at them: every seat
    whose player is here is ready, and these players are neither connected, ready nor
    away (issue 25: a player who closed the tab after a settlement stopped the session
    for good). Empty while someone present is still to press ready."""
    present = [seat for seat in seats if seat.connected and not seat.away]
    if not present or not all(seat.ready for seat in present):
        return []
    return [seat for seat in seats if not (seat.connected or seat.ready or seat.away)]


def wait_for_absent(table: Table, seats: list[Seat]) -> None:
    """After a ready or a disconnection between rounds (under the table's lock): when the
    deal waits only for players who are gone, look again in ABSENT_GRACE_SECONDS — time
    for a reload or a flaky connection — and mark whoever is still gone away
    (rooms.absent_players_away), as a deal does."""
    if absent_holding_up(seats):
        table_id = table.id
        transaction.on_commit(lambda: hooks.schedule_absent_check(
            table_id, settings.ABSENT_GRACE_SECONDS))


def mark_away(seats: list[Seat], hands) -> None:
    """After a settlement: the timer's help counted, away marks from it. `seats`: the
    table's seats; `hands`: the settled round's."""
    timer = {hand.user_id: hand.auto_submitted for hand in hands}
    changed = []
    for seat in seats:
        if seat.user_id not in timer:
            continue
        before = (seat.timer_streak, seat.away)
        seat.timer_streak = seat.timer_streak + 1 if timer[seat.user_id] else 0
        seat.away = seat.away or seat.timer_streak >= AWAY_AFTER_TIMER_ROUNDS
        if (seat.timer_streak, seat.away) != before:
            changed.append(seat)
    rows.save_many(changed, ("timer_streak", "away"))  # most rounds: nobody's changed


def end_if_due(table: Table, round: Round, version: int,
               seats: list[Seat] | None = None) -> None:
    """After a settlement: the session ends with its last planned round, or when every
    seated player has voted to end it. `seats`: the table's seats, already read."""
    session = round.session
    if session is None or session.ended_at is not None:
        return
    if session.rounds_planned and Round.objects.filter(
            session=session, phase=RoundPhase.SETTLED).count() >= session.rounds_planned:
        end_session(table, session, Session.EndReason.COMPLETED, version, seats)
    elif everyone_voted(table, seats):
        end_session(table, session, Session.EndReason.VOTED, version, seats)


def everyone_voted(table: Table, seats: list[Seat] | None = None) -> bool:
    votes = ([seat.end_vote for seat in seats] if seats is not None else
             list(Seat.objects.filter(table=table).values_list("end_vote", flat=True)))
    return bool(votes) and all(votes)


def end_session(table: Table, session: Session, reason: str, version: int,
                seats: list[Seat] | None = None) -> None:
    """`seats`: the table's seats, already read (their votes are cleared on them too)."""
    session.ended_at = hooks.now()
    session.end_reason = reason
    session.summary = session_summary(session)
    session.save(update_fields=["ended_at", "end_reason", "summary"])
    Seat.objects.filter(table=table).update(end_vote=False)
    for seat in seats or ():
        seat.end_vote = False
    broadcast.to_table(table.id, {"type": "seats", "version": version,
                                  "seats": selectors.seats_public(
                                      table.id, seats=seats, host_id=table.host_id,
                                      rating_family=table.rating_family)})
    broadcast.to_table(table.id, {"type": "session_ended", "version": version,
                                  "session": {"number": session.number, "reason": reason,
                                              "share_code": session.share_code,
                                              "summary": session.summary}})
