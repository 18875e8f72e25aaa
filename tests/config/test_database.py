"""The PostgreSQL connection binds parameters on the server and prepares what it repeats
(config/settings.py, games/README.md): the live round runs a few statements over and over,
and PostgreSQL then parses and plans each once per connection, not once per use."""

import pytest
from django.db import connection

from games import rows
from games.models import Table
from tests.factories import make_table


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.requires_postgres
@pytest.mark.django_db
def test_a_statement_the_round_repeats_is_prepared_on_its_connection():
    table = make_table()
    for _ in range(6):  # psycopg prepares a statement the fifth time it runs
        [found] = rows.select(Table, "t0.id = %s", [table.pk])
        assert found.pk == table.pk
    lookups = [statement for statement in _prepared_statements()
               if 'FROM "games_table" t0' in statement]
    # One prepared statement, its parameter left to the server ($1), not spelled out.
    assert len(lookups) == 1 and "t0.id = $1" in lookups[0]


@pytest.mark.requires_postgres
@pytest.mark.django_db
def test_a_statement_run_once_is_not_prepared():
    table = make_table()
    rows.select(Table, "t0.id = %s AND t0.version >= %s", [table.pk, 0])
    assert not [statement for statement in _prepared_statements()
                if "t0.version >= $2" in statement]
