from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    """Skill ratings (issue 26): one per game family, moved by rated rounds only."""

    name = "ratings"
    verbose_name = _("Ratings")
