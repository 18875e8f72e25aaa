from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    """Rule sets in the admin; the pure engine lives in rules.engine (no Django)."""

    name = "rules"
    verbose_name = _("Rules")

    def ready(self) -> None:
        from rules import signals  # noqa: F401  (connects the receivers)
