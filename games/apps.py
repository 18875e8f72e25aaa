from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """Tables, seats, rounds, hands and the round event log."""

    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from games import checks  # noqa: F401  (registers the deployment check)
        # Registers the round timers with Celery in every process (web and worker): they
        # live in games.live.tasks, which Celery's look-up for `<app>.tasks` does not
        # reach, and the services queue them by name (games.live.services.hooks).
        from games.live import advice_tasks, tasks  # noqa: F401
        from games.record import tasks as record_tasks  # noqa: F401  (the analysis)
        from games.live import bot_tasks  # noqa: F401  (the bots' tasks, likewise)
        from games.live import signals  # noqa: F401  (a player's new name, told to their tables)
