"""The platform's user: a player, or a staff member who tunes rule sets in the admin."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. `display_name` is what the other players at a table see.

    The username is the login name and stays private to its owner and the staff.
    """

    display_name = models.CharField(
        _("display name"), max_length=30,
        help_text=_("The name other players see at the table."),
    )

    REQUIRED_FIELDS = ["display_name"]  # createsuperuser asks for it too

    def __str__(self) -> str:
        return self.display_name or self.username
