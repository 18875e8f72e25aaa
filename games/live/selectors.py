"""Reads of tables and rounds, shaped as docs/protocol.md's payloads and filtered by who
is asking.

Hidden information (RULES.md §10) is decided here and only here: a player's cards, hints
and submission appear only in that player's own `you`; everybody's rows appear only in a
settled round's payload. `RoundSecret` (the deal seed before settlement) is never read.
In 十三道 the bids, the exchange and the negotiations are split between the public round
and each player's own `you` by games.live.banker_views.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q

from accounts.avatars import avatar_url
from games import rows
from games.models import Hand, Round, RoundPhase, Seat, Table, TableStatus
from games.errors import GameError
from games.live.banker_views import banker_private, banker_public, cards_visible
from games.live.room_views import (chat_public, chat_recent, mutes_public, room_public,
                                   session_public)
from games.live.state import load_state, rules_of
from games.machine import RoundState, hand_hints
from ratings.models import RatingChange
from ratings.services import change_payload, rating_payload, ratings_of


# The phases of a round being played, when a seated player's `you` holds their hand.
PLAYING_PHASES = (RoundPhase.BIDDING, RoundPhase.EXCHANGING, RoundPhase.ARRANGING,
                  RoundPhase.NEGOTIATING)


def iso(moment) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def lobby_tables() -> list[dict[str, Any]]:
    """Public tables that are not closed, newest first, each as
    {id, name, status, invite_code, rule_set: {slug, name}, players, max_players,
    free_seats, version, created_at}. A public table's invite code is no secret."""
    tables = (Table.objects.filter(is_private=False)
              .exclude(status=TableStatus.CLOSED)
              .select_related("rule_set")
              .annotate(players=Count("seats", distinct=True),
                        rounds_played=Count("rounds", distinct=True,
                                            filter=Q(rounds__phase=RoundPhase.SETTLED,
                                                     rounds__session__ended_at__isnull=True)))
              .order_by("-created_at", "-id"))
    return [{
        "id": table.id,
        "name": table.name,
        "status": table.status,
        "invite_code": table.invite_code,
        "rule_set": {"slug": table.rule_set.slug, "name": table.rule_set.name},
        "players": table.players,
        "max_players": table.seat_count,
        "free_seats": max(table.seat_count - table.players, 0),
        "rounds_planned": table.rounds_planned,
        "rounds_played": table.rounds_played,  # in the session under way
        "playing": table.status == TableStatus.PLAYING,
        "rated": table.rating_family or None,  # the rating its rounds move
        "version": table.version,
        "created_at": iso(table.created_at),
    } for table in tables]


def table_summary(table: Table) -> dict[str, Any]:
    """The table's public description (what `state.table` holds, minus the invite code)."""
    rule_set = table.rule_set
    return {
        "id": table.id,
        "name": table.name,
        "status": table.status,
        "is_private": table.is_private,
        "rule_set": {"slug": rule_set.slug, "name": rule_set.name,
                     "min_players": rule_set.min_players,
                     "max_players": rule_set.max_players,
                     "arrange_seconds": rule_set.arrange_seconds,
                     "allow_foul": rule_set.allow_foul},
        # SHA-256 of the server seed the next round will be dealt with (v2): public
        # before anyone sends a client seed for it.
        "next_commitment": table.next_commitment,
        "rated": table.rating_family or None,  # the rating its rounds move (ratings)
        "room": room_public(table),
    }


def current_round(table_id: int) -> Round | None:
    """The table's latest round (being played, or the last one settled), if any. Each
    socket's connection and resync reads it, so it is one statement made once (games.rows)."""
    found = rows.select(Round, _LATEST_ROUND, [table_id, table_id])
    return found[0] if found else None


_LATEST_ROUND = rows.latest_sql(Round, "number", "table")

# What seats_public and a settled round's payload read of a player: the name, the bot
# badge and the avatar (accounts.avatars: the design, and the username its default
# falls back on). The seats and hands read for them load these fields and no others.
SEAT_USER_FIELDS = ("username", "display_name", "bot_level", "avatar")


def seats_of(table: Table) -> list[Seat]:
    """The table's seats in seat order, with what the seats message shows of their
    players (a seat's other user fields load if read)."""
    return rows.select(Seat, "t0.table_id = %s", [table.id], order_by="t0.position",
                       related=(("user", SEAT_USER_FIELDS),))


def seats_public(table_id: int, round: Round | None = None,
                 seats: list[Seat] | None = None, host_id: int | None = None,
                 rating_family: str = "", hands: list[Hand] | None = None
                 ) -> list[dict[str, Any]]:
    """Every seat as the whole table sees it; `submitted` only says *whether*. `seats`:
    the table's seats already read (with their users), to save a query; `hands`: the
    round's hands, likewise. At a rated table (`rating_family`) each person's seat shows
    their rating in it; otherwise, and for a bot, `rating` is null."""
    submitted: set[int] = set()
    if round is not None and round.phase == RoundPhase.ARRANGING:
        submitted = ({hand.user_id for hand in hands if hand.submitted_at is not None}
                     if hands is not None else
                     set(round.hands.filter(submitted_at__isnull=False)
                         .values_list("user_id", flat=True)))
    if seats is None:
        seats = Seat.objects.filter(table_id=table_id).select_related("user").order_by("position")
    host = host_id if host_id is not None else (
        Table.objects.filter(pk=table_id).values_list("host_id", flat=True).first())
    rated = (ratings_of([seat.user_id for seat in seats], rating_family)
             if rating_family else None)
    return [{
        "position": seat.position,
        "user_id": seat.user_id,
        "display_name": str(seat.user),
        "ready": seat.ready,
        "connected": seat.connected,
        "submitted": seat.user_id in submitted,
        "host": seat.user_id == host,
        "away": seat.away,
        "end_vote": seat.end_vote,
        "bot": seat.user.bot_level or None,  # a bot's level: the seat shows a bot badge
        "avatar": avatar_url(seat.user),
        "rating": (rating_payload(rated.get(seat.user_id))
                   if rated is not None and not seat.user.bot_level else None),
    } for seat in seats]


def round_public(round: Round, hands: list[Hand] | None = None) -> dict[str, Any]:
    """A round as everyone may see it: no cards before settlement, everything after.
    `hands`: the round's hands already read (the deal has just written them)."""
    if round.phase == RoundPhase.SETTLED:
        return settled_payload(round, hands)
    hands = (sorted(hands, key=lambda hand: hand.position) if hands is not None
             else list(round.hands.order_by("position")))
    public = {
        "id": round.id,
        "number": round.number,
        "phase": round.phase,
        "deadline": iso(round.deadline),
        "deal_commitment": round.deal_commitment,
        "players": [hand.position for hand in hands],
        "submitted": [hand.position for hand in hands if hand.submitted_at is not None],
    }
    if round.rules.get("mode") == "banker":
        public.update(banker_public(load_state(round, hands)))
    return public


def settled_payload(round: Round, hands: list[Hand] | None = None) -> dict[str, Any]:
    """The reveal: every seat's rows, the per-pair detail and the totals, plus the seed
    that proves the deal (sha256(seed) == deal_commitment). Only for a settled round.
    `hands`: the round's hands with their users, already read (the settlement's)."""
    if round.phase != RoundPhase.SETTLED:
        raise ValueError("only a settled round is revealed")
    result = round.result
    read = (sorted(hands, key=lambda hand: hand.position) if hands is not None
            else round.hands.select_related("user").order_by("position"))
    hands = []
    for hand in read:
        shown = result["hands"][str(hand.position)]
        hands.append({
            "position": hand.position,
            "user_id": hand.user_id,
            "display_name": str(hand.user),
            "avatar": avatar_url(hand.user),
            "cards": hand.dealt_cards,
            "candidates": hand.candidate_cards,
            "discards": shown.get("discards", []),
            "front": shown["front"], "middle": shown["middle"], "back": shown["back"],
            "pattern": shown["pattern"],
            "special": shown["special"],
            "foul": shown["foul"],
            "auto": hand.auto_submitted,
            "points": hand.points,
        })
    return {
        "id": round.id,
        "number": round.number,
        "phase": RoundPhase.SETTLED.value,
        "deal_commitment": round.deal_commitment,
        "deal_seed": round.deal_seed,
        # v2 (docs/fairness.md): every seat's client seed went into this deal.
        "fairness": round.fairness,
        "client_seeds": round.client_seeds,
        "settled_at": iso(round.settled_at),
        "hands": hands,
        "pairs": result["pairs"],
        "totals": result["totals"],
        "home_run": result["home_run"],
        # A rated round: each person's rating before and after, by seat (ratings).
        "ratings": {str(position): change
                    for position, change in sorted(rating_changes(round).items())},
        # The reveal works a home run's share of each pair back out of its points.
        "home_run_multiplier": round.rules.get("home_run_multiplier", 2),
        # 十三道: the banker, the points moved outside the rows (the pot, the spare hand's
        # fees), every bid, the exchange and the negotiations — none for other presets.
        "banker": result.get("banker"),
        "adjustments": result.get("adjustments", []),
        "bids": result.get("bids"),
        "exchange": result.get("exchange"),
        "negotiations": result.get("negotiations"),
    }


def rating_changes(round: Round) -> dict[int, dict[str, Any]]:
    """A settled round's rating changes by seat: those its settlement just made (kept on
    the round object), else read for a rated round; none for an unrated one."""
    if not round.rating_family:
        return {}
    changes = getattr(round, "settled_ratings", None)
    if isinstance(changes, dict):
        return changes
    return {change.position: change_payload(change)
            for change in RatingChange.objects.filter(round_id=round.id)}


def hand_private(hand: Hand, round: Round, state: RoundState | None = None
                 ) -> dict[str, Any]:
    """What only the hand's owner sees while the round is played: cards (16 in 多三张, of
    which `candidates` are the 3 candidate cards; in 十三道 the cards held after the
    exchange, and none during the bidding), hints while arranging, own submission, and in
    十三道 their private part of the bidding, exchange and negotiation (banker_views).
    `state`: the round already loaded (the services pass it)."""
    if round.rules.get("mode") != "banker":
        config = state.config if state is not None else rules_of(round)
        return {
            "round_id": round.id,
            "cards": hand.dealt_cards,
            "candidates": hand.candidate_cards,
            "hints": (valued_hints(hand.hint_values) if hand.hint_values
                      else hand_hints(hand.dealt_cards, config)),
            "deadline": iso(round.deadline),
            "submission": submission_private(hand),
        }
    if state is None:
        state = load_state(round)
    cards = list(state.cards_of(hand.position)) if cards_visible(state) else []
    arranging = state.phase == RoundPhase.ARRANGING
    return {
        "round_id": round.id,
        "cards": cards,
        "candidates": [],
        "hints": ((valued_hints(hand.hint_values) if hand.hint_values
                   else hand_hints(cards, state.config)) if arranging else []),
        "deadline": iso(state.deadline),
        "submission": submission_private(hand),
        **banker_private(state, hand.position),
    }


def valued_hints(values: dict[str, Any]) -> list[dict[str, Any]]:
    """Stored hint values (games.live.advice_tasks) as the hint list the owner sees: each
    hint with its "ev", and the EV-best at the end when it is not one of them."""
    best = values["best"]
    return values["hints"] + ([best] if best.get("hint") is None else [])


def submission_private(hand: Hand) -> dict[str, Any] | None:
    if hand.submitted_at is None:
        return None
    return {"front": hand.front, "middle": hand.middle, "back": hand.back,
            "discards": hand.discards, "special": hand.declared_special or None,
            "auto": hand.auto_submitted}


def table_get(*, table_id: int, user) -> Table:
    """The table if this user may look at it: public tables to anyone logged in, private
    ones to their seated players. GameError("table_not_found") otherwise."""
    table = _table_row(table_id)
    if table.is_private and not Seat.objects.filter(
            table=table, user_id=getattr(user, "id", None)).exists():
        raise _not_found()
    return table


def table_state(*, table_id: int, user) -> dict[str, Any]:
    """docs/protocol.md's `state` payload (without `type`), as `user` may see it:

    {version, table (with invite_code for its players or a public table), seats,
    round (None, an arranging round without cards, or the settled payload),
    you (None for a watcher; {position, ready} for a seated player;
    plus round_id, cards, hints, deadline, submission while they arrange)}

    Every socket's connection and resync reads it: the table with its rule set, its
    seats with their players, and the latest round's hands are one statement each, made
    once (games.rows), and every part of the payload shares them.
    """
    table = _table_row(table_id)
    seats = seats_of(table)
    seat = next((seat for seat in seats if seat.user_id == getattr(user, "id", None)), None)
    if table.is_private and seat is None:
        raise _not_found()
    round = current_round(table.id)
    hands = (rows.select(Hand, "t0.round_id = %s", [round.id], order_by="t0.position",
                         related=(("user", SEAT_USER_FIELDS),))
             if round is not None else [])
    summary = table_summary(table)
    if seat is not None or not table.is_private:
        summary["invite_code"] = table.invite_code
    you = None
    if seat is not None:
        # client_seed: the seed your browser sent with ready, waiting for the next deal.
        you = {"position": seat.position, "ready": seat.ready,
               "client_seed": seat.client_seed or None}
        if round is not None and round.phase in PLAYING_PHASES:
            hand = next((hand for hand in hands if hand.user_id == user.id), None)
            if hand is not None:
                you.update(hand_private(hand, round))
    return {
        "version": table.version,
        "table": summary,
        "seats": seats_public(table.id, round, seats=seats, host_id=table.host_id,
                              rating_family=table.rating_family, hands=hands),
        "round": round_public(round, hands) if round is not None else None,
        "you": you,
        "session": session_public(table),
        "chat": chat_recent(table, user),
        "muted": mutes_public(user),
    }


def _not_found() -> GameError:
    return GameError("table_not_found", "there is no such table, or it is private")


def _table_row(table_id: Any) -> Table:
    """The table with its rule set, in one statement; GameError if there is none."""
    try:
        table_id = int(table_id)
    except (TypeError, ValueError):
        raise _not_found() from None
    found = rows.select(Table, "t0.id = %s", [table_id], related=(("rule_set", None),))
    if not found:
        raise _not_found()
    return found[0]


def hand_of(*, round_id: int, user) -> Hand | None:
    return Hand.objects.filter(round_id=round_id, user_id=user.id).first()


__all__ = ["chat_public", "mutes_public", "lobby_tables", "table_state", "table_get", "table_summary", "seats_of", "seats_public",
           "round_public", "settled_payload", "hand_private", "submission_private",
           "current_round", "hand_of"]
