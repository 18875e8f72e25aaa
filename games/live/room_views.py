"""What the whole table may see of its room: the options its host chose, the session
under way (round 3 of 8) with each player's running total, and the chat. Used by
games.live.selectors; none of it is hidden information (totals come from settled rounds).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Sum

from accounts.models import ChatMute
from games.models import ChatMessage, Hand, RoundPhase, Session, Table

CHAT_SHOWN = 30  # the last lines a (re)connecting socket gets


def room_public(table: Table) -> dict[str, Any]:
    return {"seats": table.seat_count, "rounds_planned": table.rounds_planned,
            "arrange_seconds": table.arrange_seconds or table.rule_set.arrange_seconds,
            "horse_card": table.horse_card or None, "host": table.host_id}


def session_public(table: Table) -> dict[str, Any] | None:
    """The session under way, or the last one when none is: {number, rounds_played,
    rounds_planned, ended, end_reason, share_code (once ended), totals: {user_id: points}}."""
    session = Session.objects.filter(table=table).order_by("-number").first()
    if session is None:
        return None
    totals = (Hand.objects.filter(round__session=session, round__phase=RoundPhase.SETTLED)
              .values("user_id").annotate(points=Sum("points")))
    played = session.rounds.filter(phase=RoundPhase.SETTLED).count()
    ended = session.ended_at is not None
    return {"number": session.number, "rounds_played": played,
            "rounds_planned": session.rounds_planned, "ended": ended,
            "end_reason": session.end_reason or None,
            "share_code": session.share_code if ended else None,
            "totals": {str(row["user_id"]): row["points"] or 0 for row in totals}}


def chat_public(message: ChatMessage) -> dict[str, Any]:
    return {"id": message.id, "user_id": message.user_id,
            "display_name": str(message.user), "phrase": message.phrase or None,
            "text": message.text or None,
            "at": message.created_at.isoformat().replace("+00:00", "Z")}


def chat_recent(table: Table, viewer=None) -> list[dict[str, Any]]:
    """The last CHAT_SHOWN lines the viewer may read: none from a player they muted."""
    lines = ChatMessage.objects.filter(table=table)
    if getattr(viewer, "id", None) is not None:
        lines = lines.exclude(user__in=ChatMute.objects.filter(user_id=viewer.id)
                              .values("muted_id"))
    lines = list(lines.select_related("user").order_by("-id")[:CHAT_SHOWN])
    return [chat_public(message) for message in reversed(lines)]


def mutes_public(user) -> list[dict[str, Any]]:
    """The players whose chat `user` muted, by name, so the page can offer to unmute
    them though none of their lines reaches it: [{user_id, display_name}]."""
    if getattr(user, "id", None) is None:
        return []
    mutes = ChatMute.objects.filter(user_id=user.id).select_related("muted").order_by("id")
    return [{"user_id": mute.muted_id, "display_name": str(mute.muted)} for mute in mutes]
