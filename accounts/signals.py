"""What accounts tells the rest of the platform.

`profile_changed(user=…)`: a player's name or avatar — what other players see of them —
was saved (accounts.services.user_update_profile, or a name the staff changed in the
admin). Live tables listen: the seats they show, and keep in memory, carry it
(games.live.signals).
"""

from django.dispatch import Signal

profile_changed = Signal()
