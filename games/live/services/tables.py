"""A table and its seats: open a table, join it by invite code, sit, move, leave, press
ready (which deals when everybody is ready, games.live.services.rounds) and the seat's
connection flag."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext, ngettext

from games.errors import GameError
from games.live.owner import memory, owned
from games.live.services import bot_seats, hooks, sessions
from games.live.services.rounds import maybe_start_round
from games.rows import save_fields
from games.live.services.table_row import (changed, commit_next_seed, lock_table,
                                           lock_table_if_any, playable_config, playing,
                                           round_running, seat_of, seats_of)
from games.models import INVITE_CODE_LENGTH, Seat, Session, Table, TableStatus
from ratings import families
from rules.engine import fairness
from rules.models import RuleSet


# The numbers of rounds a room offers (None: open-ended); seed 000's apps offer these.
ROUND_CHOICES = (None, 4, 8, 12, 16)


def default_table_name(user) -> str:
    """The name of a table its creator left unnamed: "Alice's table"."""
    name = gettext("%(name)s's table") % {"name": str(user)}
    return name[:Table._meta.get_field("name").max_length]


@owned
def table_create(*, user, rule_set: RuleSet | str, name: str, is_private: bool = False,
                 seats: int | None = None, rounds: int | None = None,
                 arrange_seconds: int | None = None, horse_card: str = "",
                 fill_with_bots: bool = False, rated: bool = False) -> Table:
    """Open a room under `rule_set` (a RuleSet or its slug) and seat its creator, its host,
    at 0. The room's options: `seats` (2 to the rule set's maximum; default the maximum),
    `rounds` per session (ROUND_CHOICES; None: open-ended), `arrange_seconds` (within the
    rule set's room bounds; None: the rule set's own) and a `horse_card` (马牌) from the
    rule set's list ("": none). Each refusal names the option. `fill_with_bots`: bots sit
    in the seats nobody takes (games.live.services.bots.table_open seats them). `rated`:
    its rounds move the players' ratings (ratings.families) — only under a preset's full
    rules, and never with bots."""
    if isinstance(rule_set, str):
        rule_set = RuleSet.objects.filter(slug=rule_set).first()
        if rule_set is None:
            raise GameError("bad_request", "there is no such rule set")
    config = playable_config(rule_set)
    name = (name or "").strip() or default_table_name(user)
    if len(name) > Table._meta.get_field("name").max_length:
        raise GameError("bad_request", "a table needs a name of 1 to 60 characters")
    options = _room_options(rule_set, config, seats, rounds, arrange_seconds, horse_card)
    options["rating_family"] = _rating_family(rule_set, config, rated, fill_with_bots,
                                              options["horse_card"])
    opened = Table.objects.filter(created_by=user).exclude(status=TableStatus.CLOSED).count()
    if opened >= settings.MAX_TABLES_PER_USER:
        raise GameError("too_many_tables", ngettext(
            "You have %(count)s open table, the most one player may open: play at it, or "
            "leave it (Your tables) to close it.",
            "You have %(count)s open tables, the most one player may open: play at one of "
            "them, or leave one (Your tables) to close it.", opened) % {"count": opened})
    with transaction.atomic():
        table = Table.objects.create(rule_set=rule_set, name=name, is_private=bool(is_private),
                                     created_by=user, host=user, version=1,
                                     fill_with_bots=bool(fill_with_bots), **options)
        Seat.objects.create(table=table, user=user, position=0)
        commit_next_seed(table)
    return table


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _room_options(rule_set: RuleSet, config, seats, rounds, arrange_seconds, horse_card
                  ) -> dict:
    seats = config.max_players if seats is None else seats
    if not _whole(seats) or not config.min_players <= seats <= config.max_players:
        raise GameError("bad_request", f"a room of this rule set seats {config.min_players} "
                                       f"to {config.max_players} players")
    if rounds not in ROUND_CHOICES or isinstance(rounds, bool):
        choices = ", ".join(str(n) for n in ROUND_CHOICES if n)
        raise GameError("bad_request", f"play {choices} rounds, or leave it open-ended")
    low, high = rule_set.arrange_seconds_min, rule_set.arrange_seconds_max
    if arrange_seconds is not None and (not _whole(arrange_seconds)
                                        or not low <= arrange_seconds <= high):
        raise GameError("bad_request", f"the arrange time is {low} to {high} seconds")
    horse_card = horse_card or ""
    if horse_card and horse_card not in rule_set.horse_cards:
        allowed = ", ".join(rule_set.horse_cards) or "none"
        raise GameError("bad_request", f"this rule set's horse cards (马牌) are: {allowed}")
    return {"seat_count": seats, "rounds_planned": rounds, "arrange_seconds": arrange_seconds,
            "horse_card": horse_card}


def _rating_family(rule_set: RuleSet, config, rated, fill_with_bots, horse_card) -> str:
    if not isinstance(rated, bool):
        raise GameError("bad_request", gettext("Rated is true or false."))
    if not rated:
        return ""
    if fill_with_bots:
        raise GameError("bad_request", gettext(
            "A rated table seats people only: bots cannot fill its seats."))
    family = families.preset_family(rule_set.slug, rule_set.is_preset, config.to_dict())
    if family is None or horse_card:
        raise GameError("bad_request", gettext(
            "Only a preset's full rules are rated: choose a preset, with no horse card."))
    return family


@owned
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
    try:
        seat_take(table_id=table_id, user=user)
    except GameError as error:
        if error.code != "seat_promised":  # a bot's seat, once this round settles: watch
            raise
    return Table.objects.select_related("rule_set").get(pk=table_id)


@owned
def seat_take(*, table_id: int, user, position: int | None = None,
              connected: bool | None = None) -> Seat:
    """Sit at `position` (the lowest free seat when None). Already seated: the same seat
    is returned unchanged, or the player moves when no round they play is running.
    `connected=True` marks the seat as online (a socket asked to sit)."""
    with transaction.atomic():
        table = lock_table(table_id)
        if table.status == TableStatus.CLOSED:
            raise GameError("table_closed", "this table is closed")
        max_players = table.seat_count
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
                changed(table, seats=True)
            return mine
        if position is None:
            free = [p for p in range(max_players) if p not in taken]
            # Full: a bot's seat, at a table bots fill (bot_seats), or table_full.
            position = free[0] if free else bot_seats.room_for_person(table, seats, user, None)
        elif position in taken:
            position = bot_seats.room_for_person(table, seats, user, position)
        if mine is not None:
            if playing(table, user):
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
        changed(table, seats=True)
        return seat


@owned
def seat_leave(*, table_id: int, user) -> None:
    """Give up your seat; refused while a round you play is being arranged. The last
    person to leave closes the table (issue 24): its bots stand up, it leaves the lobby,
    and it no longer counts among the tables its creator may have open."""
    with transaction.atomic():
        table = lock_table(table_id)
        seat = seat_of(table, user)
        if playing(table, user):
            raise GameError("round_in_progress",
                            gettext("You cannot leave while your round is being played."))
        seat.delete()
        if table.host_id == user.id:
            _pass_the_host_on(table, seat.position)
        if _close_if_nobody_left(table):
            return
        changed(table, seats=True)
        maybe_start_round(table)


def _close_if_nobody_left(table: Table) -> bool:
    """Between rounds, a table where no person sits any more closes."""
    seats = seats_of(table)
    if round_running(table) or any(not bot_seats.is_bot(seat) for seat in seats):
        return False
    Seat.objects.filter(pk__in=[seat.pk for seat in seats]).delete()
    table.status = TableStatus.CLOSED
    version = changed(table, seats=True)
    session = sessions.open_session(table)
    if session is not None:
        sessions.end_session(table, session, Session.EndReason.CLOSED, version)
    return True


def _pass_the_host_on(table: Table, left: int) -> None:
    """The host left: the next seat clockwise hosts the room (nobody, if it is empty)."""
    positions = sorted(Seat.objects.filter(table=table, user__bot_level="")  # bots never host
                       .values_list("position", "user_id"))
    after = [entry for entry in positions if entry[0] > left] + positions
    table.host_id = after[0][1] if after else None
    table.save(update_fields=["host"])


@owned
def player_ready(*, table_id: int, user, client_seed: str | None = None) -> None:
    """Press ready, with the client seed the player's browser adds to the next deal
    (docs/fairness.md; none: the seat's seed is the one the committed server seed fixes,
    v3). When every seated player is ready and at least the rule set's `min_players` sit,
    the round is dealt at once (seed 000 §3.2). A malformed seed, or a second one, is
    refused."""
    if client_seed is not None:
        try:
            client_seed = fairness.client_seed(client_seed)
        except fairness.FairnessError as error:
            raise GameError("bad_client_seed", str(error)) from None
    with transaction.atomic():
        table = lock_table(table_id)
        kept = memory.take(table)  # the seats as the owner's last command left them
        seats = kept.seats if kept.seats is not None else seats_of(table)
        seat = next((seat for seat in seats if seat.user_id == getattr(user, "id", None)), None)
        if seat is None:
            raise GameError("not_seated", "take a seat first")
        if table.status == TableStatus.PLAYING:
            raise GameError("round_in_progress", "wait until this round is settled")
        if seat.ready:
            if client_seed is not None:
                raise GameError("seed_already_sent",
                                "you are ready and your seed is in: it cannot change now")
            memory.keep(table, seats=seats)
            return
        seat.ready, seat.client_seed = True, client_seed or ""
        # The last ready deals: the deal unreadies every seat and tells the table the
        # seats with the round, so this ready is neither saved nor told on its own.
        if maybe_start_round(table, seats) is None:
            save_fields(seat, ("ready", "client_seed"))
            changed(table, seats=seats)
            sessions.wait_for_absent(table, seats)  # only the gone may be left to wait for
            memory.keep(table, seats=seats)


@owned
def seats_refresh(*, table_id: int) -> None:
    """What the table shows of its seated players changed (a new name or avatar,
    games.live.signals): the seats are read again and told to the table, under a new
    version, so the owner's memory of them is not used again."""
    with transaction.atomic():
        table = lock_table_if_any(table_id)
        if table is not None and table.status != TableStatus.CLOSED:
            changed(table, seats=True)


@owned
def player_connection(*, table_id: int, user, connected: bool) -> None:
    """A seated player's socket opened or closed; the seat is kept either way (the timer
    submits for an absent player). Watchers and unchanged flags change nothing. Every
    socket's open and close passes here, so it reads what the owner kept (seats, and the
    round being played, which it keeps as it was) and writes with games.rows."""
    with transaction.atomic():
        table = lock_table_if_any(table_id)
        if table is None:
            return
        kept = memory.take(table)
        seats = kept.seats if kept.seats is not None else seats_of(table)
        seat = next((seat for seat in seats if seat.user_id == user.id), None)
        if seat is not None and seat.connected != connected:
            seat.connected = connected
            save_fields(seat, ("connected",))
            table.last_seen_at = hooks.now()  # a visited table stays in the lobby
            changed(table, seats=seats, saving=("last_seen_at",))
            if not connected and not round_running(table):
                sessions.wait_for_absent(table, seats)  # the last one not ready left
        memory.keep(table, seats=seats, round=kept.round, hands=kept.hands)
