"""State changes lock the table row (STYLE.md): on PostgreSQL a second transaction waits."""

import threading

import pytest
from django.db import DatabaseError, connection, transaction

from games.models import Table
from tests.factories import make_table


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_locked_table_row_blocks_a_second_transaction():
    table = make_table()
    outcome = {}

    def second_transaction():
        try:
            with transaction.atomic():
                Table.objects.select_for_update(nowait=True).get(pk=table.pk)
            outcome["locked"] = False
        except DatabaseError:
            outcome["locked"] = True
        finally:
            connection.close()  # this thread's own connection

    with transaction.atomic():
        Table.objects.select_for_update().get(pk=table.pk)
        other = threading.Thread(target=second_transaction)
        other.start()
        other.join(timeout=30)

    assert outcome == {"locked": True}
