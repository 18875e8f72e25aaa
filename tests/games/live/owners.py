"""Two processes played in one, for the table-owner tests (issue 22): each set of leases
has its own token and inbox, on the real Redis and PostgreSQL; a test thread acts as one
(`lease.acting_as`)."""

from __future__ import annotations

import pytest

from games.live import services
from games.live.owner import lease
from games.models import Table
from tests.factories import make_table, make_user


def two_processes_test(test):
    """Real Redis and PostgreSQL, and committed rows, which other threads see."""
    for mark in (pytest.mark.requires_redis, pytest.mark.requires_postgres,
                 pytest.mark.django_db(transaction=True, serialized_rollback=True)):
        test = mark(test)
    return test


def lapse(leases: lease.Leases, table_id: int) -> None:
    """The lease lapses in Redis (its holder paused past it), though the holder still
    believes it holds it."""
    leases.store.client.delete(leases.store.key(table_id))


def owned_by(leases: lease.Leases):
    """A table where Bob sat through `leases`, which therefore own it; and Alice."""
    table = make_table()
    alice, bob = make_user(), make_user("bob", "Bob")
    with lease.acting_as(leases):
        services.seat_take(table_id=table.id, user=bob)
    return table, alice, Table.objects.get(pk=table.id).owner_epoch


def two_seated_owned_by(leases: lease.Leases):
    """A two-seat table both players sat at through `leases`, which therefore own it."""
    with lease.acting_as(leases):
        players = [make_user("p0", "Player 0"), make_user("p1", "Player 1")]
        table = services.table_create(user=players[0], rule_set="standard", name="Owned",
                                      seats=2)
        services.table_join(user=players[1], invite_code=table.invite_code)
    return table, players
