"""What live tables hear from other apps.

A seated player saved a new name or avatar (accounts.signals.profile_changed): each table
they sit at is told at once, through its owner's door (services.seats_refresh), after
the profile's commit. The owner keeps the seats with their players in memory
(games.live.owner.memory) and the new name moves no table version by itself, so without
this the table would show the old name until its seats next changed.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import receiver

from accounts.signals import profile_changed
from games.errors import GameError
from games.live import services
from games.models import Seat

logger = logging.getLogger(__name__)


@receiver(profile_changed, dispatch_uid="games.live.signals.tell_their_tables")
def tell_their_tables(sender, user, **kwargs) -> None:
    table_ids = list(Seat.objects.filter(user=user).values_list("table_id", flat=True))
    for table_id in table_ids:
        transaction.on_commit(lambda table_id=table_id: _refresh(table_id))


def _refresh(table_id: int) -> None:
    try:
        services.seats_refresh(table_id=table_id)
    except GameError as error:  # its owner did not answer: the profile is saved anyway
        logger.warning("table %s was not told of a new profile: %s", table_id, error)
