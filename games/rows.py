"""Reading and writing rows the cheap way, on the round's hot path.

The ORM compiles every query afresh: about 0.6 ms of CPU for a statement the database
runs in 0.1 ms (bench/round_cost.py, issue 15), and a round makes some twenty of them on
its hot path — each ready reads the seats and saves one, each submission reads the
hands and saves one. Here the SQL is made once per shape and kept:

- `select(model, where, params, fields=..., related=..., order_by=..., for_update=...)`
  is a `filter()` with `only()`, `select_related()` (and `select_for_update()`): model
  instances made by `Model.from_db`, every column through the converters the ORM itself
  would apply (JSON, SQLite's booleans and dates), the related rows cached on them as
  `select_related` caches them, the columns of the model and of each related one
  optionally narrowed to those a caller reads (the others load on first use, as with
  `only()`).
- `save_fields(instance, fields)` is `instance.save(update_fields=fields)`: one UPDATE,
  the values prepared by the fields themselves (`get_db_prep_save`: JSON, dates and
  choices exactly as `save` writes them). Only plain column writes: no signals (these
  models have no receivers), no `auto_now` (the fields written here have none).
- `save_many(instances, fields)` is `bulk_update(instances, fields)`: one UPDATE of
  `CASE` per field, each cast to the column's type as the ORM casts it; `where` leaves
  alone the rows that fail a condition (a hand someone else rated meanwhile), in the
  same statement, and the rows written come back (`RETURNING`).
- `insert(instances)` is `bulk_create(instances)`: one INSERT, `auto_now_add` filled in,
  the new primary keys set from `RETURNING`; `computed` gives a column an SQL
  expression instead of a value (a round event's number, counted in the statement).
- `next_number(model, field, key, value)` is `aggregate(Max(field))` + 1 over the rows
  whose `key` is `value` (a table's next round, a round's next event).

Everything else stays with the ORM: these are for the statements a round repeats.
"""

from __future__ import annotations

from functools import lru_cache

from django.db import connection, models


def save_fields(instance: models.Model, fields: list[str] | tuple[str, ...]) -> None:
    """UPDATE `fields` of `instance`'s row to its attributes' values, one statement."""
    sql, columns = _update_sql(type(instance), tuple(fields))
    values = [field.get_db_prep_save(getattr(instance, field.attname), connection)
              for field in columns]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])


def select(model: type[models.Model], where: str, params, *,
           fields: tuple[str, ...] | None = None,
           related: tuple[tuple[str, tuple[str, ...] | None], ...] = (),
           order_by: str = "", limit: int | None = None,
           for_update: bool = False) -> list[models.Model]:
    """The rows of `model` matching `where` (SQL over the aliases `t0` for `model` and
    `t1`, `t2`, … for each of `related` in order), each with its related rows cached.
    `fields`: the columns of `model` to read (its primary key always; the others load
    on first use, as with `only()`), None for all of them.
    `related`: (path, fields) pairs, as `select_related` paths ("round",
    "round__session"), fields None for all of them. Rows sharing a related row share
    one instance of it (a round's hands, one Round). `limit`: at most this many rows (in
    `order_by`'s order). `for_update`: the rows are locked for the rest of the
    transaction (PostgreSQL; SQLite locks the whole database)."""
    sql, layout = _select_sql(model, where, fields, related, order_by, limit,
                              for_update and connection.features.has_select_for_update)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    found = []
    shared: dict[tuple[str, object], models.Model] = {}
    for row in rows:
        made: dict[str, models.Model | None] = {}
        for path, part, start, fields, converters, link in layout:
            key = (path, row[start])  # the primary key comes first
            if path and key in shared:
                instance = shared[key]
            elif path and row[start] is None:
                instance = None
            else:
                values = list(row[start:start + len(fields)])
                for index, convert in converters:
                    for converter in convert:
                        values[index] = converter(values[index], None, connection)
                instance = part.from_db(connection.alias, [f.attname for f in fields], values)
                if path:
                    shared[key] = instance
            made[path] = instance
            if link is not None and made[link[0]] is not None:
                link[1].set_cached_value(made[link[0]], instance)
        found.append(made[""])
    return found


@lru_cache(maxsize=None)
def _select_sql(model, where, fields, related, order_by, limit, for_update):
    quote = connection.ops.quote_name
    parts = {"": (model, "t0")}
    layout, columns, joins = [], [], []

    def add(path, part, alias, wanted, link):
        fields = [field for field in part._meta.concrete_fields
                  if wanted is None or field.primary_key or field.name in wanted]
        assert fields[0].primary_key, "from_db takes the columns in the model's order"
        converters = []
        for index, field in enumerate(fields):
            convert = (connection.ops.get_db_converters(field.cached_col)
                       + field.get_db_converters(connection))
            if convert:
                converters.append((index, convert))
        layout.append((path, part, len(columns), fields, converters, link))
        columns.extend(f"{alias}.{quote(field.column)}" for field in fields)

    add("", model, "t0", fields, None)
    for number, (path, wanted) in enumerate(related, start=1):
        parent_path, _, name = path.rpartition("__")
        parent, parent_alias = parts[parent_path]
        key = parent._meta.get_field(name)
        part, alias = key.related_model, f"t{number}"
        parts[path] = (part, alias)
        joins.append(f"LEFT JOIN {quote(part._meta.db_table)} {alias} ON "
                     f"{alias}.{quote(part._meta.pk.column)} = {parent_alias}.{quote(key.column)}")
        add(path, part, alias, wanted, (parent_path, key))
    sql = (f"SELECT {', '.join(columns)} FROM {quote(model._meta.db_table)} t0 "
           + " ".join(joins) + f" WHERE {where}" + (f" ORDER BY {order_by}" if order_by else "")
           + (f" LIMIT {int(limit)}" if limit is not None else "")
           + (" FOR UPDATE OF t0" if for_update else ""))
    return sql, layout


def save_many(instances: list[models.Model], fields: tuple[str, ...], *, where: str = "",
              where_params=(), returning: tuple[str, ...] = ()) -> list[tuple]:
    """UPDATE `fields` of every instance's row (one model) to its values, one statement;
    the rows written, each (primary key, *`returning` columns). `where` (with
    `where_params`): SQL over the row's columns that a row must also meet to be written,
    checked as the row is written (under PostgreSQL's READ COMMITTED, again after waiting
    for another writer of it)."""
    if not instances:
        return []
    sql, columns = _update_many_sql(type(instances[0]), tuple(fields), len(instances),
                                    where, tuple(returning))
    params = []
    for field in columns:
        for instance in instances:
            params += [instance.pk, field.get_db_prep_save(getattr(instance, field.attname),
                                                           connection)]
    params += [instance.pk for instance in instances]
    params += where_params
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def insert(instances: list[models.Model], *,
           computed: dict[str, tuple[str, list[list]]] | None = None) -> list[models.Model]:
    """INSERT the instances (one model; unsaved, their primary key automatic) in one
    statement and set their primary keys. `computed`: {field: (SQL, params of each
    row)}, the SQL giving that column's value in every row, with that row's parameters
    (a step's events numbered on from the round's last: `(next number) + offset`; every
    row's subquery sees the table as it was before the statement)."""
    if not instances:
        return instances
    model = type(instances[0])
    computed = computed or {}
    assert all(len(per_row) == len(instances) for _, per_row in computed.values()), \
        "computed: one list of parameters per row"
    sql, columns, returning = _insert_sql(
        model, tuple((name, expression) for name, (expression, _) in computed.items()),
        len(instances))
    params = []
    for number, instance in enumerate(instances):
        for field in columns:
            if field.name in computed:
                params += computed[field.name][1][number]
            else:
                params.append(field.get_db_prep_save(field.pre_save(instance, True), connection))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        keys = cursor.fetchall() if returning else []
    for instance, (key,) in zip(instances, keys):
        instance.pk = key
    for instance in instances:
        instance._state.adding, instance._state.db = False, connection.alias
    return instances


def next_number(model: type[models.Model], field: str, key: str, value) -> int:
    """1 + the largest `field` among `model`'s rows whose `key` column is `value` (1 if
    there are none)."""
    with connection.cursor() as cursor:
        cursor.execute(next_number_sql(model, field, key), [value])
        return cursor.fetchone()[0]


@lru_cache(maxsize=None)
def next_number_sql(model, field: str, key: str) -> str:
    """next_number's SQL, for a `computed` column of `insert` (one parameter: the key)."""
    meta = model._meta
    quote = connection.ops.quote_name
    return (f"SELECT COALESCE(MAX({quote(meta.get_field(field).column)}), 0) + 1 "
            f"FROM {quote(meta.db_table)} WHERE {quote(meta.get_field(key).column)} = %s")


def latest_sql(model, field: str, key: str) -> str:
    """A `select` condition: the row of `model` (t0) with the highest `field` among those
    whose `key` is the parameter (two parameters, both that key): a table's latest round,
    its latest session."""
    meta = model._meta
    quote = connection.ops.quote_name
    column, key_column = quote(meta.get_field(field).column), quote(meta.get_field(key).column)
    return (f"t0.{key_column} = %s AND t0.{column} = (SELECT MAX(latest.{column}) "
            f"FROM {quote(meta.db_table)} latest WHERE latest.{key_column} = %s)")


@lru_cache(maxsize=None)
def _insert_sql(model, computed: tuple[tuple[str, str], ...], count: int):
    meta = model._meta
    quote = connection.ops.quote_name
    automatic = meta.pk if isinstance(meta.pk, models.AutoField) else None
    columns = [field for field in meta.concrete_fields if field is not automatic]
    expressions = dict(computed)
    row = "(" + ", ".join(f"({expressions[field.name]})" if field.name in expressions else "%s"
                          for field in columns) + ")"
    returning = automatic is not None
    sql = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in columns)}) "
           f"VALUES {', '.join([row] * count)}"
           + (f" RETURNING {quote(automatic.column)}" if returning else ""))
    return sql, columns, returning


@lru_cache(maxsize=None)
def _update_many_sql(model, fields: tuple[str, ...], count: int, where: str,
                     returning: tuple[str, ...]):
    meta = model._meta
    quote = connection.ops.quote_name
    key = quote(meta.pk.column)
    columns = [meta.get_field(name) for name in fields]
    cases = ", ".join(
        f"{quote(field.column)} = CAST(CASE {key} "
        + " ".join(["WHEN %s THEN %s"] * count)
        + f" END AS {field.db_type(connection)})" for field in columns)
    keys = ", ".join(["%s"] * count)
    returned = ", ".join([key, *(quote(meta.get_field(name).column) for name in returning)])
    return (f"UPDATE {quote(meta.db_table)} SET {cases} WHERE {key} IN ({keys})"
            + (f" AND ({where})" if where else "") + f" RETURNING {returned}"), columns


@lru_cache(maxsize=None)
def _update_sql(model: type[models.Model], fields: tuple[str, ...]):
    meta = model._meta
    quote = connection.ops.quote_name
    columns = [meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in columns)
    return (f"UPDATE {quote(meta.db_table)} SET {assignments} "
            f"WHERE {quote(meta.pk.column)} = %s"), columns
