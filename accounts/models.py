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

    # The avatar the player picked in the profile (a key of accounts.avatars); blank: the
    # one generated from the player, so every seat has a face without an outside service.
    avatar = models.CharField(_("avatar"), max_length=32, blank=True)
    # A bot's level (games.live.bots): blank for a person. Bots are seats like any other,
    # shown with a badge and left out of the leaderboard.
    bot_level = models.CharField(
        _("bot level"), max_length=8, blank=True,
        choices=[("easy", _("easy")), ("normal", _("normal")), ("strong", _("strong"))],
    )

    REQUIRED_FIELDS = ["display_name"]  # createsuperuser asks for it too

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    def __str__(self) -> str:
        return self.display_name or self.username


class ChatMute(models.Model):
    """A player who muted another's chat: kept for the account, so it holds on every
    table, device and reload, and the server leaves the muted player's lines out of what
    it sends the muter (games.live.consumers, games.live.room_views)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="chat_mutes",
                             verbose_name=_("player"))
    muted = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+",
                              verbose_name=_("muted player"))
    created_at = models.DateTimeField(_("muted at"), auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"],
                                               name="chat_mute_once"),
                       models.CheckConstraint(condition=~models.Q(user=models.F("muted")),
                                              name="chat_mute_not_oneself")]
        verbose_name = _("chat mute")
        verbose_name_plural = _("chat mutes")

    def __str__(self) -> str:
        return f"{self.user} muted {self.muted}"
