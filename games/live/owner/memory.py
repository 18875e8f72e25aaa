"""The owner's memory of its tables' rounds: between two commands, the process that owns
a table keeps the round being played and its hands, so the next submission, bid, step of
the exchange, timer or hint values find them here instead of reading them again.

What makes it safe is the table's version. Every command locks the table's row first
(table_row.lock_table), and so reads its version and owner epoch anyway; a round kept
here counts only if it was kept at that very version and epoch. Anything that changed
the table elsewhere — another process that owned it meanwhile, a service that does not
keep its round here — moved the version, and the rows are read again.

A command takes its table's round out as it starts (`take`) and puts it back only after
its commit (`keep`): one that is refused or rolls back leaves nothing behind, so what is
kept is always what the database holds. A settled round is not kept. Memory is bounded:
past MAX_TABLES, the tables kept longest ago are forgotten first (they read their rows
again, nothing more).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db import transaction

from games.models import Hand, Round, Table

MAX_TABLES = 20_000  # a few kB a table: well under 100 MB for a server's live tables


@dataclass(frozen=True)
class Kept:
    """A table's round being played, as it was after the command that made `version`."""

    version: int
    epoch: int
    round: Round
    hands: list[Hand]


_kept: OrderedDict[int, Kept] = OrderedDict()
_lock = threading.Lock()  # commands of different tables run on different threads


def take(table: Table) -> tuple[Round, list[Hand]] | None:
    """The round kept for `table` (its row just locked) and its hands, if kept at the
    row's version and epoch; it is out of memory until the command's `keep`."""
    with _lock:
        kept = _kept.pop(table.id, None)
    if kept is None or (kept.version, kept.epoch) != (table.version, table.owner_epoch):
        return None
    return kept.round, kept.hands


def keep(table: Table, round: Round, hands: list[Hand]) -> None:
    """Keep the round once the command's transaction commits, at the version the command
    left the table at (read then: the command may bump it after this call)."""
    transaction.on_commit(lambda: _store(table, round, hands))


def _store(table: Table, round: Round, hands: list[Hand]) -> None:
    kept = Kept(table.version, table.owner_epoch, round, hands)
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
    """Forget one table's round (its lease went elsewhere), or every table's (None)."""
    with _lock:
        if table_id is None:
            _kept.clear()
        else:
            _kept.pop(table_id, None)
