"""What the table and round services share about the table row: locking it (every change
of a table starts here), reading its seats, finding its round, checking a rule set can be
played, and bumping the version that orders the table's changes (with the seats message
when the seats changed).
"""

from __future__ import annotations

from typing import Any

from django.db import connection

from games.errors import GameError
from games import rows
from games.live.services import hooks
from games.rows import save_fields
from games.live import broadcast, owner, selectors
from games.live.selectors import seats_of
from games.models import Hand, Round, RoundPhase, Seat, Table, TableSecret, TableStatus
from rules.engine import fairness
from rules.engine.config import ConfigError, RuleConfig
from rules.models import RuleSet


def lock_table(table_id: Any) -> Table:
    """The table's row, locked for the rest of the transaction, in the process that owns
    the table (games.live.owner): its lease is claimed before the row is read, and the
    row's epoch checked after — NotOwner if another process owns it, which the service's
    door answers by forwarding the command there. Every change starts here, several times
    a round, so it is one plain statement (games.rows), and the rule set, which only
    the deal and the host's start read, is fetched when they do."""
    try:
        table_id = int(table_id)
    except (ValueError, TypeError):
        raise GameError("table_not_found", "there is no such table") from None
    owner.claim(table_id)
    found = rows.select(Table, "t0.id = %s", [table_id], for_update=True)
    if not found:
        raise GameError("table_not_found", "there is no such table")
    owner.fence(found[0])
    return found[0]


def lock_table_if_any(table_id: Any) -> Table | None:
    """`lock_table`, or None when there is no such table (a timer or a socket closing
    after the table went: nothing to do)."""
    try:
        return lock_table(table_id)
    except GameError as error:
        if error.code != "table_not_found":
            raise
        return None


def seat_of(table: Table, user) -> Seat:
    seat = Seat.objects.filter(table=table, user_id=getattr(user, "id", None)).first()
    if seat is None:
        raise GameError("not_seated", "take a seat first")
    return seat


def playing_round_hands(table: Table) -> tuple[Round | None, list[Hand]]:
    """The table's round being played (bidding, exchanging, arranging or negotiating) and
    its hands, in one query (each submission reads them): the hands with their round
    joined, all sharing one Round instance."""
    hands = rows.select(Hand, _PLAYING_HANDS, [table.id, *_OVER],
                        related=(("round", None), ("round__session", None)),
                        order_by="t1.number DESC, t0.position")
    if not hands:
        return None, []
    round = hands[0].round  # one instance: what the step changes on it, every hand sees
    hands = [hand for hand in hands if hand.round_id == round.id]
    return round, hands


_OVER = [RoundPhase.SETTLED, RoundPhase.ABANDONED]  # the phases of a round that is over
_PUT_SECRET = (f"INSERT INTO {connection.ops.quote_name(TableSecret._meta.db_table)} "
               f"(table_id, next_seed) VALUES (%s, %s) "
               f"ON CONFLICT (table_id) DO UPDATE SET next_seed = EXCLUDED.next_seed")
_PLAYING_HANDS = "t1.table_id = %s AND t1.phase NOT IN (%s, %s)"


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
        round__phase__in=_OVER).exists()


def rule_set_of(table: Table) -> RuleSet:
    """The table's rule set (`table.rule_set`, read the cheap way and kept on the table)."""
    field = Table._meta.get_field("rule_set")
    if not field.is_cached(table):
        [rule_set] = rows.select(RuleSet, "t0.id = %s", [table.rule_set_id])
        field.set_cached_value(table, rule_set)
    return table.rule_set


def playable_config(rule_set: RuleSet) -> RuleConfig:
    """The rule set's engine config, parsed once per version of the rule set: a deal
    reads the rule set's row, and its tables only when they changed. The key is the row's
    `updated_at` (rules.signals moves it with the tables) and its options themselves (a
    row changed behind `auto_now`'s back). GameError if the stored rules make no sense."""
    key = (rule_set.pk, rule_set.updated_at, repr(rule_set.option_values()))
    config = _CONFIGS.get(key)
    if config is None:
        try:
            config = rule_set.to_engine()
        except ConfigError as error:
            raise GameError("unsupported_rules", f"this rule set is not valid: {error}") from None
        if rule_set.pk is not None:
            if len(_CONFIGS) > 256:
                _CONFIGS.clear()
            _CONFIGS[key] = config
    return config


_CONFIGS: dict[tuple, RuleConfig] = {}


def commit_next_seed(table: Table, *, save: bool = True) -> None:
    """Draw the server seed of the table's next round and publish its commitment (v2,
    docs/fairness.md): done at the table's creation and at each settlement, so it is
    public before any player can send a client seed for that round. `save=False`: the
    caller saves the table (settlement, with the version: `changed`)."""
    seed = hooks.deal_seed_factory()
    # One INSERT … ON CONFLICT: a table's secret is normally gone by now (the deal took it).
    with connection.cursor() as cursor:
        cursor.execute(_PUT_SECRET, [table.id, seed])
    table.next_commitment = fairness.commitment(seed)
    if save:
        table.save(update_fields=["next_commitment"])


def changed(table: Table, *, seats: bool | list[Seat] = False,
            saving: tuple[str, ...] = ()) -> int:
    """Bump the table's version (once per change) and, if asked, broadcast the seats
    (`seats` may be the seat list already read, with users). `saving`: other fields of
    the table the change set, saved in the same statement."""
    table.version += 1
    save_fields(table, ("version", "status", "next_commitment", *saving))
    hooks.bots_may_act(table)  # a table of bots: they look at it after the commit
    if seats is not False:
        listed = selectors.seats_public(table.id, seats=None if seats is True else seats,
                                        host_id=table.host_id,
                                        rating_family=table.rating_family)
        broadcast.to_table(table.id, {"type": "seats", "version": table.version,
                                      "seats": listed})
    return table.version


