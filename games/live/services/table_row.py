"""What the table and round services share about the table row: locking it (every change
of a table starts here), reading its seats, finding its round, checking a rule set can be
played, and bumping the version that orders the table's changes (with the seats message
when the seats changed).
"""

from __future__ import annotations

from typing import Any

from django.db import connection

from games.errors import GameError
from games.live.services import hooks
from games.live import broadcast, selectors
from games.models import Hand, Round, RoundPhase, Seat, Table, TableSecret, TableStatus
from rules.engine import fairness
from rules.engine.config import ConfigError, RuleConfig
from rules.models import RuleSet


def lock_table(table_id: Any) -> Table:
    """The table's row, locked for the rest of the transaction. Every change starts here,
    several times a round, so it is one plain statement: the ORM's compiled query costs
    three times its execution (bench/round_cost.py), and the rule set, which only the deal
    and the host's start read, is fetched when they do."""
    try:
        table_id = int(table_id)
    except (ValueError, TypeError):
        raise GameError("table_not_found", "there is no such table") from None
    table = next(iter(Table.objects.raw(_LOCK_TABLE, [table_id])), None)
    if table is None:
        raise GameError("table_not_found", "there is no such table")
    return table


# SQLite has no row locks (a write transaction locks the database: settings.py).
_LOCK_TABLE = (f"SELECT * FROM {connection.ops.quote_name(Table._meta.db_table)} "
               f"WHERE id = %s" + (" FOR UPDATE" if connection.vendor == "postgresql" else ""))


def seat_of(table: Table, user) -> Seat:
    seat = Seat.objects.filter(table=table, user_id=getattr(user, "id", None)).first()
    if seat is None:
        raise GameError("not_seated", "take a seat first")
    return seat


def playing_round_hands(table: Table) -> tuple[Round | None, list[Hand]]:
    """The table's round being played (bidding, exchanging, arranging or negotiating) and
    its hands, in one query (each submission reads them): the hands with their round
    joined, all sharing one Round instance."""
    hands = list(Hand.objects.filter(round__table=table)
                 .exclude(round__phase__in=[RoundPhase.SETTLED, RoundPhase.ABANDONED])
                 .select_related("round", "round__session")
                 .order_by("-round__number", "position"))
    if not hands:
        return None, []
    round = hands[0].round
    hands = [hand for hand in hands if hand.round_id == round.id]
    for hand in hands:
        hand.round = round  # one instance: what the step changes on it, every hand sees
    return round, hands


def take_secret(model, field: str, key: int) -> str | None:
    """Read and delete the seed `field` of a secret row (TableSecret's next_seed at the
    deal, RoundSecret's deal_seed at settlement) in one statement; None if there is none."""
    quote = connection.ops.quote_name
    column = model._meta.get_field(field).column
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {quote(model._meta.db_table)} WHERE "
                       f"{quote(model._meta.pk.column)} = %s RETURNING {quote(column)}", [key])
        row = cursor.fetchone()
    return row[0] if row else None


def round_running(table: Table) -> bool:
    """Whether a round is being played: the deal sets the table PLAYING, settlement OPEN."""
    return table.status == TableStatus.PLAYING


def playing(table: Table, user) -> bool:
    """Whether `user` holds cards in a round of this table that is not over."""
    return Hand.objects.filter(round__table=table, user_id=user.id).exclude(
        round__phase__in=[RoundPhase.SETTLED, RoundPhase.ABANDONED]).exists()


def playable_config(rule_set: RuleSet) -> RuleConfig:
    try:
        return rule_set.to_engine()
    except ConfigError as error:
        raise GameError("unsupported_rules", f"this rule set is not valid: {error}") from None


def seats_of(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).select_related("user").order_by("position"))


def commit_next_seed(table: Table, *, save: bool = True) -> None:
    """Draw the server seed of the table's next round and publish its commitment (v2,
    docs/fairness.md): done at the table's creation and at each settlement, so it is
    public before any player can send a client seed for that round. `save=False`: the
    caller saves the table (settlement, with the version: `changed`)."""
    seed = hooks.deal_seed_factory()
    # One INSERT … ON CONFLICT: a table's secret is normally gone by now (the deal took it).
    TableSecret.objects.bulk_create([TableSecret(table=table, next_seed=seed)],
                                    update_conflicts=True, unique_fields=["table"],
                                    update_fields=["next_seed"])
    table.next_commitment = fairness.commitment(seed)
    if save:
        table.save(update_fields=["next_commitment"])


def changed(table: Table, *, seats: bool | list[Seat] = False) -> int:
    """Bump the table's version (once per change) and, if asked, broadcast the seats
    (`seats` may be the seat list already read, with users)."""
    table.version += 1
    table.save(update_fields=["version", "status", "next_commitment"])
    hooks.bots_may_act(table)  # a table of bots: they look at it after the commit
    if seats is not False:
        listed = selectors.seats_public(table.id, seats=None if seats is True else seats,
                                        host_id=table.host_id)
        broadcast.to_table(table.id, {"type": "seats", "version": table.version,
                                      "seats": listed})
    return table.version


