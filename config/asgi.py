"""The ASGI entry point: Django's HTTP views and the WebSocket routes, for daphne.

Run with `daphne config.asgi:application`. With EMBEDDED_WORKER=true (what `make run`
sets) importing this module also starts the in-process Celery worker that fires round
timers when there is no Redis broker for a separate worker to read.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Set up Django before importing anything that touches models (auth middleware, routes).
django_http_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_http_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

if settings.EMBEDDED_WORKER:
    from config.celery import start_embedded_worker

    start_embedded_worker()

# Every object made so far (Django, the apps, the routes, the engine's tables) lives as
# long as the process: moved out of the garbage collector's sight, its full collections
# walk only what the tables made since (config/celery.py does the same in its workers).
# Timed in each daphne under bench/ws_load.py (100 tables, 4 rounds): 1.8 s of 13 s
# CPU went to collections, the full ones ~0.3 s each; frozen, 1.2 s, ~0.2 s each.
# And a full collection comes after 100 of the middle generation's instead of 10: the
# live path makes almost no reference cycles for it to free (a round and its rows are
# freed as the owner lets go of them), and at 200 tables each one was a pause of up
# to 95 ms of CPU, four a minute per daphne, in the middle of the tables' messages.
import gc  # noqa: E402

gc.collect()
gc.freeze()
_young, _middle, _ = gc.get_threshold()
gc.set_threshold(_young, _middle, 100)
