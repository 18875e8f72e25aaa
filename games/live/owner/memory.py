"""The owner's memory of its tables: between two commands, the process that owns a table
keeps the table's seats (with what the seats message shows of their players) and the
round being played with its hands, so the next ready, deal, submission, 十三道 step,
timer, hint values or socket opening or closing find them here instead of reading them
again.

What makes it safe is the table's version. Every command locks the table's row first
(table_row.lock_table), and so reads its version and owner epoch anyway; what is kept
counts only if it was kept at that very version and epoch. Anything that changed the
table elsewhere — another process that owned it meanwhile, a service that does not keep
what it changed here — moved the version, and the rows are read again. A change that
moves no version (a player's new name or avatar) is told to the table's owner as a
command of its own, which moves it (games.live.services.tables.seats_refresh).

A command takes its table out of memory as it starts (`take`) and puts back what it
knows after its commit (`keep`): one that is refused or rolls back leaves nothing behind,
so what is kept is always what the database holds (tests/games/conftest.py checks it
after every service call). A settled round is not kept. Memory is bounded: past
MAX_TABLES, the tables kept longest ago are forgotten first (they read their rows again,
nothing more).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from django.db import transaction

from games.models import Hand, Round, Seat, Table

MAX_TABLES = 20_000  # a few kB a table: well under 100 MB for a server's live tables


@dataclass(frozen=True)
class Kept:
    """A table as it was after the command that made `version`: its seats in seat order
    (None: not known), and the round being played with its hands (None: none known)."""

    version: int
    epoch: int
    seats: list[Seat] | None = None
    round: Round | None = None
    hands: list[Hand] = field(default_factory=list)


NOTHING = Kept(version=-1, epoch=-1)  # what a command finds when nothing is kept


_kept: OrderedDict[int, Kept] = OrderedDict()
_lock = threading.Lock()  # commands of different tables run on different threads


def take(table: Table) -> Kept:
    """What is kept of `table` (its row just locked), if kept at the row's version and
    epoch, else NOTHING; it is out of memory until the command's `keep`."""
    with _lock:
        kept = _kept.pop(table.id, None)
    if kept is None or (kept.version, kept.epoch) != (table.version, table.owner_epoch):
        return NOTHING
    return kept


def keep(table: Table, *, seats: list[Seat] | None = None, round: Round | None = None,
         hands: list[Hand] = ()) -> None:
    """Keep what the command knows of the table once its transaction commits, at the
    version the command left the table at (read then: it may bump it after this call)."""
    if seats is None and round is None:
        return
    transaction.on_commit(lambda: _store(table, seats, round, list(hands)))


def _store(table: Table, seats, round, hands) -> None:
    kept = Kept(table.version, table.owner_epoch, seats, round, hands)
    with _lock:
        _kept[table.id] = kept
        _kept.move_to_end(table.id)
        while len(_kept) > MAX_TABLES:
            _kept.popitem(last=False)


def kept_tables() -> dict[int, Kept]:
    """What is kept, by table id (a copy): for the checks that it matches the rows."""
    with _lock:
        return dict(_kept)


def forget(table_id: int | None = None) -> None:
    """Forget one table (its rows were written behind the owner's back), or all (None)."""
    with _lock:
        if table_id is None:
            _kept.clear()
        else:
            _kept.pop(table_id, None)
