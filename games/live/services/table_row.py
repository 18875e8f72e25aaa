"""What the table and round services share about the table row: locking it (every change
of a table starts here), reading its seats, finding its round, checking a rule set can be
played, and bumping the version that orders the table's changes (with the seats message
when the seats changed).
"""

from __future__ import annotations

from typing import Any

from games.errors import GameError
from games.live.services import hooks
from games.live import broadcast, selectors
from games.models import Hand, Round, RoundPhase, Seat, Table, TableSecret, TableStatus
from rules.engine import fairness
from rules.engine.config import ConfigError, RuleConfig
from rules.models import RuleSet


def lock_table(table_id: Any) -> Table:
    try:
        # of=self: a join's FOR UPDATE would also lock the rule set's row, which every
        # table playing that rule set shares, and serialise all of them.
        return (Table.objects.select_for_update(of=("self",)).select_related("rule_set")
                .get(pk=table_id))
    except (Table.DoesNotExist, ValueError, TypeError):
        raise GameError("table_not_found", "there is no such table") from None


def seat_of(table: Table, user) -> Seat:
    seat = Seat.objects.filter(table=table, user_id=getattr(user, "id", None)).first()
    if seat is None:
        raise GameError("not_seated", "take a seat first")
    return seat


def playing_round(table: Table) -> Round | None:
    """The table's round being played (bidding, exchanging, arranging or negotiating)."""
    return (Round.objects.filter(table=table).exclude(
        phase__in=[RoundPhase.SETTLED, RoundPhase.ABANDONED]).order_by("-number").first())


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


def commit_next_seed(table: Table) -> None:
    """Draw the server seed of the table's next round and publish its commitment (v2,
    docs/fairness.md): done at the table's creation and at each settlement, so it is
    public before any player can send a client seed for that round."""
    seed = hooks.deal_seed_factory()
    TableSecret.objects.update_or_create(table=table, defaults={"next_seed": seed})
    table.next_commitment = fairness.commitment(seed)
    table.save(update_fields=["next_commitment"])


def changed(table: Table, *, seats: bool | list[Seat] = False) -> int:
    """Bump the table's version (once per change) and, if asked, broadcast the seats
    (`seats` may be the seat list already read, with users)."""
    table.version += 1
    table.save(update_fields=["version", "status"])
    if seats is not False:
        listed = selectors.seats_public(table.id, seats=None if seats is True else seats,
                                        host_id=table.host_id)
        broadcast.to_table(table.id, {"type": "seats", "version": table.version,
                                      "seats": listed})
    return table.version


