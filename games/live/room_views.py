"""What the whole table may see of its room: the options its host chose, the session
under way (round 3 of 8) with each player's running total, and the chat. Used by
games.live.selectors; none of it is hidden information (totals come from settled rounds).
"""

from __future__ import annotations

from typing import Any

from django.db import connection

from accounts.models import ChatMute
from games import rows
from games.models import ChatMessage, Hand, Round, RoundPhase, Session, Table

CHAT_SHOWN = 30  # the last lines a (re)connecting socket gets


def room_public(table: Table) -> dict[str, Any]:
    return {"seats": table.seat_count, "rounds_planned": table.rounds_planned,
            "arrange_seconds": table.arrange_seconds or table.rule_set.arrange_seconds,
            "horse_card": table.horse_card or None, "host": table.host_id}


def session_public(table: Table) -> dict[str, Any] | None:
    """The session under way, or the last one when none is: {number, rounds_played,
    rounds_planned, ended, end_reason, share_code (once ended), totals: {user_id: points}}.
    Each socket's state holds it: two statements made once (games.rows)."""
    found = rows.select(Session, _LATEST_SESSION, [table.id, table.id])
    if not found:
        return None
    session = found[0]
    with connection.cursor() as cursor:
        cursor.execute(_SESSION_POINTS, [session.id, RoundPhase.SETTLED] * 2)
        totals = cursor.fetchall()
    played = totals[0][2] if totals else 0  # no settled round, no points
    ended = session.ended_at is not None
    return {"number": session.number, "rounds_played": played,
            "rounds_planned": session.rounds_planned, "ended": ended,
            "end_reason": session.end_reason or None,
            "share_code": session.share_code if ended else None,
            "totals": {str(user_id): points or 0 for user_id, points, _ in totals}}


_quote = connection.ops.quote_name
_LATEST_SESSION = rows.latest_sql(Session, "number", "table")
# Each player's points over the session's settled rounds, and how many rounds those are.
_SESSION_POINTS = (
    f"SELECT hand.user_id, SUM(hand.points), (SELECT COUNT(*) FROM "
    f"{_quote(Round._meta.db_table)} counted WHERE counted.session_id = %s AND "
    f"counted.phase = %s) FROM {_quote(Hand._meta.db_table)} hand JOIN "
    f"{_quote(Round._meta.db_table)} played ON played.id = hand.round_id "
    f"WHERE played.session_id = %s AND played.phase = %s GROUP BY hand.user_id")
NAME_FIELDS = ("username", "display_name")  # what str(user) reads


def chat_public(message: ChatMessage) -> dict[str, Any]:
    return {"id": message.id, "user_id": message.user_id,
            "display_name": str(message.user), "phrase": message.phrase or None,
            "text": message.text or None,
            "at": message.created_at.isoformat().replace("+00:00", "Z")}


def chat_recent(table: Table, viewer=None) -> list[dict[str, Any]]:
    """The last CHAT_SHOWN lines the viewer may read: none from a player they muted."""
    viewer_id = getattr(viewer, "id", None)
    lines = rows.select(ChatMessage, _CHAT_FOR, [table.id, viewer_id],
                        related=(("user", NAME_FIELDS),), order_by="t0.id DESC",
                        limit=CHAT_SHOWN)
    return [chat_public(message) for message in reversed(lines)]


_CHAT_FOR = (f"t0.table_id = %s AND t0.user_id NOT IN (SELECT mute.muted_id FROM "
             f"{_quote(ChatMute._meta.db_table)} mute WHERE mute.user_id = %s)")


def mutes_public(user) -> list[dict[str, Any]]:
    """The players whose chat `user` muted, by name, so the page can offer to unmute
    them though none of their lines reaches it: [{user_id, display_name}]."""
    if getattr(user, "id", None) is None:
        return []
    mutes = rows.select(ChatMute, "t0.user_id = %s", [user.id], fields=("muted",),
                        related=(("muted", NAME_FIELDS),), order_by="t0.id")
    return [{"user_id": mute.muted_id, "display_name": str(mute.muted)} for mute in mutes]
