"""The advisor's results into a live round: a hand's hint values, kept and sent to its
player by the table's owner (games.live.advice_tasks works them out elsewhere)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.live import broadcast
from games.live.owner import owned
from games.live.selectors import valued_hints
from games.live.services.table_row import lock_table
from games.models import Hand, Round, RoundPhase


@owned
def hint_values_keep(*, table_id: int, round_id: int, hand_id: int,
                     payload: dict[str, Any]) -> bool | None:
    """Store a hand's hint values and send them to its player, if the round is still
    being arranged and the hand has none yet: True when kept, False when the hand had
    some, None when the round is being arranged no more (nothing is sent for a round
    that ended while they were worked out). Read again under the table's lock, which
    every submission and the settlement take, so a round still being arranged hears
    them before it can end."""
    with transaction.atomic():
        lock_table(table_id)
        phase = Round.objects.filter(pk=round_id).values_list("phase", flat=True).first()
        if phase != RoundPhase.ARRANGING:
            return None
        hand = Hand.objects.filter(pk=hand_id, round_id=round_id).first()
        if hand is None or not Hand.objects.filter(
                pk=hand_id, hint_values__isnull=True).update(hint_values=payload):
            return False
        broadcast.to_player(table_id, hand.user_id, {
            "type": "hint_values", "round_id": round_id, "hints": valued_hints(payload)})
        return True
