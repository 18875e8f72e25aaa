"""The advisor's results into a live round: the hands' hint values, kept and sent to their
players by the table's owner (games.live.advice_tasks works them out elsewhere)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.live import broadcast
from games.live.owner import owned
from games.live.selectors import valued_hints
from games.live.services import rows
from games.live.services.table_row import lock_table
from games.models import Hand, Round, RoundPhase


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
    with transaction.atomic():
        lock_table(table_id)
        phase = Round.objects.filter(pk=round_id).values_list("phase", flat=True).first()
        if phase != RoundPhase.ARRANGING:
            return None
        hands = list(Hand.objects.filter(round_id=round_id, pk__in=payloads,
                                         hint_values__isnull=True).only("id", "user_id"))
        for hand in hands:
            hand.hint_values = payloads[hand.pk]
        rows.save_many(hands, ("hint_values",))  # one statement
        for hand in hands:
            broadcast.to_player(table_id, hand.user_id, {
                "type": "hint_values", "round_id": round_id,
                "hints": valued_hints(hand.hint_values)})
        return len(hands)
