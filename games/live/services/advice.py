"""The advisor's results into a live round: the hands' hint values, kept and sent to their
players by the table's owner (games.live.advice_tasks works them out elsewhere)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.live import broadcast
from games.live.owner import memory, owned
from games.live.selectors import valued_hints
from games import rows
from games.live.services.table_row import lock_table
from games.models import Hand, Round, RoundPhase


# A hand not valued yet, of the round (the parameter) while it is being arranged.
STILL_ARRANGING = (f"hint_values IS NULL AND round_id IN (SELECT id FROM "
                   f"{Round._meta.db_table} WHERE id = %s AND phase = '{RoundPhase.ARRANGING}')")


@owned
def hint_values_keep(*, table_id: int, round_id: int,
                     values: list[tuple[int, dict[str, Any]]]) -> int | None:
    """Store the hint values of a round's hands — `values`, (hand id, payload) pairs —
    and send each hand's to its player, if the round is still being arranged: how many
    were kept (a hand that has some already is left alone), or None when the round is
    being arranged no more (nothing is sent for a round that ended while they were worked
    out). One command for the round's hands, not one each: every command is a
    transaction at the owner, and usually a trip there over Redis from the advisor's
    worker. Read again under the table's lock, which every submission and the settlement
    take, so a round still being arranged hears them before it can end."""
    payloads = dict(values)
    hands = [Hand(pk=pk, hint_values=payload) for pk, payload in values]
    with transaction.atomic():
        table = lock_table(table_id)
        # One statement reads the phase, leaves alone the hands valued meanwhile, writes
        # the others and names their players.
        kept = rows.save_many(hands, ("hint_values",), returning=("user_id",),
                              where=STILL_ARRANGING, where_params=(round_id,))
        if not kept and not Round.objects.filter(
                pk=round_id, phase=RoundPhase.ARRANGING).exists():
            return None
        _remember(table, round_id, {hand_id: payloads[hand_id] for hand_id, _ in kept})
        for hand_id, user_id in kept:
            broadcast.to_player(table_id, user_id, {
                "type": "hint_values", "round_id": round_id,
                "hints": valued_hints(payloads[hand_id])})
        return len(kept)


def _remember(table, round_id: int, valued: dict[int, dict[str, Any]]) -> None:
    """The round the owner keeps in memory (games.live.owner.memory) learns the values
    too: the timer submits the EV-best of them, and must not find them missing."""
    kept = memory.take(table)
    if kept.round is not None and kept.round.id == round_id:
        for hand in kept.hands:
            if hand.pk in valued:
                hand.hint_values = valued[hand.pk]
    memory.keep(table, seats=kept.seats, round=kept.round, hands=kept.hands)
