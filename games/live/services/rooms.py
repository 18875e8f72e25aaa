"""What a room's players and host do between and around rounds: the host's "start now",
votes to end the session, coming back from away (托管), the host freeing an away
player's seat, the chat, and closing tables nobody visits ("play now" is services.bots').

Each is one service (HackSoft style) under the table's lock, versioned and broadcast after
commit like every other change; a refusal is a GameError that changes nothing.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from accounts.models import ChatMute, User
from games.errors import GameError
from games.live.owner import owned
from games.live import broadcast, selectors
from games.live.services import hooks, sessions
from games.live.services.rounds import deal_if_playable, maybe_start_round
from games.live.services.table_row import (changed, lock_table, lock_table_if_any,
                                           round_running, seat_of, seats_of)
from games.models import ChatMessage, Seat, Session, Table, TableStatus

# Quick phrases (快捷语): keys the table page shows in each reader's language.
CHAT_PHRASES = ("hello", "good_luck", "nice_hand", "hurry_up", "well_played", "one_more",
                "sorry", "bye")
CHAT_MAX_CHARACTERS = 120
CHAT_BURST = 5            # messages a player may send ...
CHAT_BURST_SECONDS = 10   # ... in this many seconds


def _hosting_between_rounds(table_id: int, user, what: str) -> Table:
    """The table locked, when `user` hosts it and no round is being played; inside the
    caller's transaction. `what` the host wants to do, for the refusal."""
    table = lock_table(table_id)
    seat_of(table, user)
    if table.host_id != user.id:
        raise GameError("not_host", f"only the host can {what}")
    if round_running(table):
        raise GameError("round_in_progress", f"{what} between rounds")
    return table


@owned
def start_now(*, table_id: int, user) -> None:
    """The host deals the session's first round before every seat is filled: at least the
    rule set's minimum seated and ready; whoever is not ready watches this round."""
    with transaction.atomic():
        table = _hosting_between_rounds(table_id, user, "start early")
        if sessions.open_session(table) is not None:
            raise GameError("session_running", "the session has started: everyone "
                                               "seated plays when all are ready")
        ready = [seat for seat in seats_of(table) if seat.ready or seat.away]
        minimum = table.rule_set.min_players
        if len(ready) < minimum:
            raise GameError("too_few_ready", f"at least {minimum} players must be ready")
        if deal_if_playable(table, ready) is None:
            raise GameError("too_few_ready", f"at least {minimum} players must be ready")


@owned
def vote_end(*, table_id: int, user, vote: bool = True) -> None:
    """Vote to end the session early (or take the vote back). When every seated player
    has voted, it ends now between rounds, or as soon as the round being played settles."""
    if not isinstance(vote, bool):
        raise GameError("bad_request", "vote true or false")
    with transaction.atomic():
        table = lock_table(table_id)
        seat = seat_of(table, user)
        session = sessions.open_session(table)
        if session is None:
            raise GameError("no_session", "no session is being played at this table")
        if seat.end_vote == vote:
            raise GameError("already_voted", "you have voted so already")
        seat.end_vote = vote
        seat.save(update_fields=["end_vote"])
        version = changed(table, seats=True)
        if sessions.everyone_voted(table) and not round_running(table):
            sessions.end_session(table, session, Session.EndReason.VOTED, version)


@owned
def player_back(*, table_id: int, user) -> None:
    """"I'm back": the table stops playing for you (托管 ends)."""
    with transaction.atomic():
        table = lock_table(table_id)
        seat = seat_of(table, user)
        if not seat.away:
            raise GameError("not_away", "you are not away")
        seat.away, seat.timer_streak = False, 0
        if not round_running(table):
            seat.ready = False  # you press ready yourself again
        seat.save(update_fields=["away", "timer_streak", "ready"])
        changed(table, seats=True)


@owned
def absent_players_away(*, table_id: int) -> int:
    """The grace after everyone present was ready is over (sessions.wait_for_absent): the
    players still gone are marked away (托管) — the table readies them, the timer plays
    for them — and the round is dealt if that was all it waited for. Returns how many
    were marked; a player who came back, a round already dealt or a table gone: none."""
    with transaction.atomic():
        table = lock_table_if_any(table_id)
        if table is None or round_running(table):
            return 0
        seats = seats_of(table)
        gone = sessions.absent_holding_up(seats)
        if not gone:
            return 0
        for seat in gone:
            seat.away = True
        Seat.objects.filter(pk__in=[seat.pk for seat in gone]).update(away=True)
        if maybe_start_round(table, seats) is None:
            changed(table, seats=True)
        return len(gone)


@owned
def seat_free(*, table_id: int, user, position) -> None:
    """The host frees the seat of a player who is away, between rounds."""
    with transaction.atomic():
        table = _hosting_between_rounds(table_id, user, "free a seat")
        target = None
        if isinstance(position, int) and not isinstance(position, bool):
            target = Seat.objects.filter(table=table, position=position).first()
        if target is None:
            raise GameError("bad_request", "nobody sits in that seat")
        if not target.away:
            raise GameError("not_away", "only an away player's seat can be freed")
        target.delete()
        changed(table, seats=True)
        maybe_start_round(table)


@owned
def chat_send(*, table_id: int, user, phrase: str | None = None, text: str | None = None
              ) -> ChatMessage:
    """A quick phrase (CHAT_PHRASES) or short free text to everyone at the table, players
    and watchers. Free text is capped and rate-limited; the page escapes it."""
    table = selectors.table_get(table_id=table_id, user=user)
    if (phrase is None) == (text is None):
        raise GameError("bad_request", "send a quick phrase or some text")
    if phrase is not None and phrase not in CHAT_PHRASES:
        raise GameError("bad_request", "there is no such quick phrase")
    if text is not None:
        if not isinstance(text, str) or not text.strip():
            raise GameError("bad_request", "say something")
        text = " ".join(text.split())
        if len(text) > CHAT_MAX_CHARACTERS:
            raise GameError("chat_too_long", f"at most {CHAT_MAX_CHARACTERS} characters")
    with transaction.atomic():
        table = lock_table(table.id)
        since = hooks.now() - timedelta(seconds=CHAT_BURST_SECONDS)
        if ChatMessage.objects.filter(table=table, user=user,
                                      created_at__gte=since).count() >= CHAT_BURST:
            raise GameError("chat_rate_limited", "slow down: a few messages at a time")
        message = ChatMessage.objects.create(
            table=table, user=user, session=sessions.open_session(table),
            phrase=phrase or "", text=text or "")
        broadcast.to_table(table.id, {"type": "chat", "version": table.version,
                                      "message": selectors.chat_public(message)})
    return message


@owned
def chat_mute(*, table_id: int, user, user_id, muted) -> list[dict]:
    """Mute (or unmute) another player's chat for this account: kept on the server, so it
    holds on every table, device and reload, and their lines no longer reach the muter's
    sockets. Tells the muter's own sockets at this table the new list (`muted`); the
    table's version is unchanged, as nobody else's view of it is."""
    table = selectors.table_get(table_id=table_id, user=user)
    if not isinstance(muted, bool):
        raise GameError("bad_request", "mute with muted true or false")
    if not isinstance(user_id, int) or isinstance(user_id, bool):
        raise GameError("bad_request", "name the player to mute by their user_id")
    if user_id == user.id:
        raise GameError("bad_request", "you cannot mute yourself")
    if not User.objects.filter(pk=user_id).exists():
        raise GameError("bad_request", "there is no such player")
    with transaction.atomic():
        if muted:
            ChatMute.objects.get_or_create(user_id=user.id, muted_id=user_id)
        else:
            ChatMute.objects.filter(user_id=user.id, muted_id=user_id).delete()
        shown = selectors.mutes_public(user)
        broadcast.to_player(table.id, user.id, {"type": "muted", "version": table.version,
                                                "muted": shown})
    return shown


def close_idle_tables() -> int:
    """Close the tables nobody has been connected to for TABLE_IDLE_MINUTES, between
    rounds (a round being played settles by its timer first); returns how many. Their
    open session ends as closed. A periodic task runs this (games.live.tasks); each table
    is closed by its owner."""
    cutoff = hooks.now() - timedelta(minutes=settings.TABLE_IDLE_MINUTES)
    idle = (Table.objects.filter(status=TableStatus.OPEN)
            .filter(Q(last_seen_at__lt=cutoff) | Q(last_seen_at__isnull=True,
                                                   created_at__lt=cutoff))
            .exclude(seats__connected=True).values_list("id", flat=True))
    return sum(table_close_idle(table_id=table_id) for table_id in list(idle))


@owned
def table_close_idle(*, table_id: int) -> bool:
    """Close one idle table (close_idle_tables found it); whether it closed."""
    with transaction.atomic():
        table = lock_table_if_any(table_id)
        if table is None or table.status != TableStatus.OPEN:
            return False
        table.status = TableStatus.CLOSED
        version = changed(table)
        session = sessions.open_session(table)
        if session is not None:
            sessions.end_session(table, session, Session.EndReason.CLOSED, version)
        return True
