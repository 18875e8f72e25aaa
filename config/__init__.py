"""The Django project: settings, URLs, the ASGI entry point and the Celery app."""

# Loaded with Django so that @shared_task functions bind to this project's Celery app.
from .celery import app as celery_app

__all__ = ("celery_app",)
