"""Bots' seats (issue 16): the bot accounts, a table's empty seats filled with bots, and a
bot giving its seat up to a person.

A bot is an account whose `bot_level` is set (accounts.User): `easy`, `normal` or
`strong`. Bot accounts are made on demand, a few per level ("Bot · Strong 1", …), with an
unusable password and a username no sign-up form accepts, so nobody logs in as one; one
account may sit at many tables at once, never twice at one.

Only a table with `fill_with_bots` ever seats bots (a practise table is one: private,
with its seats filled at once). Its empty seats are filled when it is opened and again
between rounds while a person sits there; when the last person leaves, the bots leave
too. A person who wants a seat at such a table when every seat is taken gets a bot's:
at once between rounds, or — while a round is being played — when it settles (the wish
waits in the cache; games.live.services.bots hands the seat over).

Called inside the services' transactions, under the table's row lock; this module never
imports the services that act for a bot (games.live.services.bots), which import it.
"""

from __future__ import annotations

from collections import Counter

from django.contrib.auth import get_user_model
from django.core.cache import cache

from games.live.services import hooks

from games.errors import GameError
from games.rows import save_fields
from games.live.services.table_row import changed, round_running
from games.models import Seat, Table

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
# How long a person's wish for a bot's seat, made while a round is played, is kept.
WISH_SECONDS = 3600


def is_bot(seat: Seat) -> bool:
    return bool(seat.user.bot_level)


def check_level(level) -> str:
    if level not in LEVELS:
        raise GameError("bad_request", f"a bot's level is one of: {', '.join(LEVELS)}")
    return level


def bot_account(level: str, number: int):
    """The bot account `number` of this level, made the first time it is wanted."""
    User = get_user_model()
    username = f"~bot-{level}-{number}"  # '~' is refused by every sign-up form
    bot = User.objects.filter(username=username).first()
    if bot is None:
        bot = User(username=username, bot_level=level,
                   display_name=f"Bot · {level.capitalize()} {number}")
        bot.set_unusable_password()
        bot.save()
    return bot


def _free_bots(table: Table, level: str, count: int) -> list:
    seated = set(Seat.objects.filter(table=table).values_list("user_id", flat=True))
    bots, number = [], 1
    while len(bots) < count:
        bot = bot_account(level, number)
        if bot.id not in seated:
            bots.append(bot)
        number += 1
    return bots


def table_level(seats: list[Seat]) -> str:
    """The level the table's bots play at: the one most of its bots have (a table keeps
    the level it was opened with), the default when none sits there."""
    levels = Counter(seat.user.bot_level for seat in seats if is_bot(seat))
    return levels.most_common(1)[0][0] if levels else DEFAULT_LEVEL


def _wait_key(table_id: int) -> str:
    return f"bots:wait-for-people:{table_id}"


def wait_for_people(table_id: int, seconds: float) -> None:
    """A table Play now opened: people have `seconds` to come before bots fill it (the
    caller queues a wake for when they are up)."""
    until = hooks.now().timestamp() + seconds
    cache.set(_wait_key(table_id), until, timeout=int(seconds) + 60)


def waiting_for_people(table_id: int) -> bool:
    until = cache.get(_wait_key(table_id))
    return until is not None and hooks.now().timestamp() < until


def fill(table: Table, seats: list[Seat], level: str | None = None) -> int:
    """Seat bots in every free seat of the table, between rounds, when a person sits there
    (and, at a table Play now opened, once its wait for people is over); returns how many
    sat down."""
    if not table.fill_with_bots or round_running(table) or waiting_for_people(table.id):
        return 0
    if not any(not is_bot(seat) for seat in seats):
        return 0
    taken = {seat.position for seat in seats}
    free = [p for p in range(table.seat_count) if p not in taken]
    if not free:
        return 0
    level = check_level(level or table_level(seats))
    if table.rating_family:  # a rated round is people only: the table is unrated now
        table.rating_family = ""
        save_fields(table, ("rating_family",))
    for position, bot in zip(free, _free_bots(table, level, len(free))):
        # Connected: a bot is always at its table (never marked away, 托管).
        Seat.objects.create(table=table, user=bot, position=position, connected=True)
    changed(table, seats=True)
    return len(free)


def leave_if_alone(table: Table, seats: list[Seat]) -> bool:
    """No person sits at the table any more: its bots stand up, between rounds."""
    if round_running(table) or any(not is_bot(seat) for seat in seats):
        return False
    bots = [seat.pk for seat in seats]
    if not bots:
        return False
    Seat.objects.filter(pk__in=bots).delete()
    changed(table, seats=True)
    return True


def room_for_person(table: Table, seats: list[Seat], user, position: int | None) -> int:
    """Every seat is taken (or the one asked for is): a bot's seat for `user` at a table
    that fills with bots — freed now between rounds, and its position returned; promised
    for after the settlement while a round is played (GameError `seat_promised`). At any
    other table, or with no bot to stand up: `table_full` / `seat_taken`, as before."""
    bots = [seat for seat in seats if is_bot(seat)
            and (position is None or seat.position == position)]
    if not table.fill_with_bots or not bots:
        if position is None:
            raise GameError("table_full", "every seat at this table is taken")
        raise GameError("seat_taken", f"seat {position} is taken")
    if round_running(table):
        want_seat(table.id, user.id)
        raise GameError("seat_promised", "a bot gives you its seat when this round is "
                                         "settled: stay at the table")
    bot = max(bots, key=lambda seat: seat.position)
    bot.delete()
    return bot.position


def _wish_key(table_id: int) -> str:
    return f"bots:seat-wanted:{table_id}"


def want_seat(table_id: int, user_id: int) -> None:
    wishes = cache.get(_wish_key(table_id)) or []
    if user_id not in wishes:
        cache.set(_wish_key(table_id), [*wishes, user_id], timeout=WISH_SECONDS)


def seat_wishes(table_id: int) -> list[int]:
    return list(cache.get(_wish_key(table_id)) or [])


def hand_over(table: Table, seats: list[Seat]) -> int:
    """Between rounds: the people who asked for a seat during the round take bots' seats,
    first come first served; returns how many sat down."""
    wishes = seat_wishes(table.id)
    if not wishes or round_running(table):
        return 0
    cache.delete(_wish_key(table.id))
    seated = {seat.user_id for seat in seats}
    bots = sorted((seat for seat in seats if is_bot(seat)), key=lambda seat: -seat.position)
    User = get_user_model()
    people = {user.id: user for user in User.objects.filter(pk__in=wishes, bot_level="")}
    moved = 0
    for user_id in wishes:
        if user_id in seated or user_id not in people or not bots:
            continue
        bot = bots.pop(0)
        bot.delete()
        # Connected: they asked from the table page (the presence sweep corrects it).
        Seat.objects.create(table=table, user=people[user_id], position=bot.position,
                            connected=True)
        moved += 1
    if moved:
        changed(table, seats=True)
    return moved
