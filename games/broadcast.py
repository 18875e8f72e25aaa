"""Messages to a table's sockets, sent only once the transaction that caused them commits.

Two kinds of Channels groups (Zulip's send_event_on_commit, STYLE.md):

- `table_group(table_id)`: every socket open on the table — players and watchers. Only
  public messages go here (seats, "player 2 has submitted", the deadline, the settlement).
- `player_group(table_id, user_id)`: that one player's own sockets on the table. Cards,
  hints and the player's own submission go here and nowhere else.

A message handed to `to_table` / `to_player` inside `transaction.atomic` is queued with
`transaction.on_commit`: a refused or rolled-back change broadcasts nothing, and nobody
hears about a state the database does not hold. Outside a transaction Django runs the
callback at once. The same code runs in the web process and in a Celery worker: with
Redis the channel layer carries the message from the worker to the daphne process.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)

# The consumer method that receives these (TableConsumer.table_message).
HANDLER = "table.message"


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


def player_group(table_id: int, user_id: int) -> str:
    return f"table.{table_id}.player.{user_id}"


def to_table(table_id: int, message: dict[str, Any]) -> None:
    """Send `message` to everyone at the table once the current transaction commits."""
    _on_commit(table_group(table_id), message)


def to_player(table_id: int, user_id: int, message: dict[str, Any]) -> None:
    """Send `message` to one player's own sockets once the current transaction commits."""
    _on_commit(player_group(table_id, user_id), message)


def _on_commit(group: str, message: dict[str, Any]) -> None:
    transaction.on_commit(lambda: send_now(group, message))


def send_now(group: str, message: dict[str, Any]) -> None:
    """Send at once (callers make sure the state it describes has committed).

    A failing channel layer must not undo or hide a committed change: clients that miss
    a message see a version gap and resync, so the error is logged (type and group only,
    never the message, which may hold cards) and swallowed.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, {"type": HANDLER, "message": message})
    except Exception as error:  # noqa: BLE001 — see the docstring
        logger.warning("broadcast of %s to %s failed: %s", message.get("type"), group,
                       type(error).__name__)
