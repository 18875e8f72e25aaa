"""Settings for the Thirteen Water platform, every one read from the environment.

A fresh checkout needs no variables: SQLite in db.sqlite3, an in-memory channel layer and
Celery's in-process memory broker (served by the embedded timer worker, see
config/celery.py). Production sets DEBUG=false, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL
and REDIS_URL; with DEBUG off every secure setting switches on, so that
`manage.py check --deploy` has nothing to warn about.
"""

from datetime import timedelta
from pathlib import Path

import environ
from csp import constants as csp_constants
from kombu import Queue
from django.utils.translation import gettext_lazy as _

from config import deployment

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

# Development is the default so that `make run` and `manage.py` work with no set-up;
# production must say DEBUG=false, and then has to supply a real SECRET_KEY.
DEBUG = env.bool("DEBUG", default=True)
if DEBUG:
    SECRET_KEY = env.str("SECRET_KEY", default="development-only-key-never-use-in-production")
else:
    SECRET_KEY = env.str("SECRET_KEY")  # ImproperlyConfigured when missing

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",  # first: its runserver serves the ASGI application
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",  # its system checks
    "accounts",
    "rules",
    "games",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before WhiteNoise, so that static files carry the policy too: every response does.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes requires: it turns a lockout raised during login into a page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- data ----------------------------------------------------------------------------

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded timer worker writes from its own thread while requests write too:
    # taking the write lock when a transaction begins (instead of upgrading a read lock
    # half-way) and waiting for it avoids SQLite's "database is locked" errors.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
else:
    # Production should keep server connections across requests (CONN_MAX_AGE=60: a
    # WebSocket message is a request to the thread pool, and opening a connection per
    # message costs more than its query). The default stays 0 because threads that end
    # (tests' worker threads) would otherwise leave their connections open. A dropped
    # connection is noticed and replaced before use.
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=0))
    # Parameters bound by the server, and a statement run five times on a connection
    # prepared there: the live round repeats a few statements, and PostgreSQL parsing and
    # planning each afresh was half its CPU per round (games/README.md, bench/ws_load.py).
    # Options given in DATABASE_URL win, as CONN_MAX_AGE's does above.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options.setdefault("server_side_binding", True)
    options.setdefault("prepare_threshold", 5)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
# Every name put in Redis starts with this, so that deployments sharing one Redis (on
# different database numbers, or under different DEPLOYMENT_NAMEs) never hear each
# other: Pub/Sub ignores the database number (config/deployment.py).
DEPLOYMENT_NAME = env.str("DEPLOYMENT_NAME", default=deployment.DEFAULT_NAME)
REDIS_KEY_PREFIX = deployment.key_prefix(DEPLOYMENT_NAME, REDIS_URL)

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis's Pub/Sub layer (pushed to each process, no per-message
            # round trips; the core layer's delivery queue made the reveal's p99 under
            # load), with group_add confirmed before it returns: see the module.
            "BACKEND": "config.channel_layers.ConfirmedPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL}], "prefix": REDIS_KEY_PREFIX},
        }
    }
    # Shared by every process, so request throttles count across all of them.
    # Django's Redis cache, keeping the client it talks through (config/redis_cache.py).
    CACHES = {"default": {"BACKEND": "config.redis_cache.RedisCache",
                          "LOCATION": REDIS_URL, "KEY_PREFIX": REDIS_KEY_PREFIX}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# A session is read at every page and at every table socket's connect: from the cache
# first (Redis in production), the database only on a miss, and written to both, so a
# Redis restart logs nobody out. Read from the database it was a query the ORM compiled
# each time — about a tenth of a connect's CPU under bench/ws_load.py --rounds 0.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# --- round timers (Celery) -----------------------------------------------------------

# Without Redis the broker is kombu's in-process memory transport: only a worker inside
# the same process can read it, so the ASGI server starts one (EMBEDDED_WORKER=true,
# which `make run` sets). With Redis, run `celery -A config worker` beside daphne.
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_IGNORE_RESULT = True  # timers act on the database; nobody waits for a result
# A timer that was running when the broker connection dropped is cancelled and delivered
# again (acks_late; it re-checks the round's version), rather than finishing unacknowledged.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TIMEZONE = "UTC"
# Celery's Django fix-up closes every database connection after every task unless this is
# set; with it set (out of reach) config.celery treats a task as Django treats a request
# instead: close_old_connections before and after, so a worker keeps its connection for
# CONN_MAX_AGE like the web processes, and drops a broken one. Reconnecting per task cost
# the timer worker a third of its CPU, and PostgreSQL a backend per task (issue 15).
CELERY_DB_REUSE_MAX = 2**62
if REDIS_URL:
    # Queues, unacknowledged messages and the workers' broadcasts, under this deployment's
    # prefix like the channel layer's (config/deployment.py).
    # A read from Redis gives up after socket_timeout instead of waiting forever (kombu's
    # default): a publish to a broker that vanished without closing the connection, and
    # and a stopping worker's close, which reads the reply of the BRPOP it believes
    # outstanding (seen waiting forever in a test run once the worker's loop had gone).
    # Far above brpop_timeout (1 s), so no healthy wait trips it.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": REDIS_KEY_PREFIX,
                                       "socket_timeout": 10, "socket_connect_timeout": 5}
    # kombu's Redis transport, keeping the client it publishes through (config/kombu_redis.py).
    CELERY_BROKER_TRANSPORT = "config.kombu_redis:Transport"
else:
    # The memory transport polls; the default second would make every countdown late.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.1}
EMBEDDED_WORKER = env.bool("EMBEDDED_WORKER", default=False)
# The advisor's work — the hints' values after a deal, the analysis after a settlement —
# takes a tenth of a second or more a hand: it has a queue of its own, so it never delays
# a round timer or a bot's move, and a deployment gives it its own (low-priority) worker
# (deploy/systemd/thirteen-water-advisor.service). A worker started without -Q, and the
# embedded one, take both queues.
ADVICE_QUEUE = "advice"
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = (Queue(CELERY_TASK_DEFAULT_QUEUE), Queue(ADVICE_QUEUE))
CELERY_TASK_ROUTES = {"games.hint_values": {"queue": ADVICE_QUEUE},
                      "games.analyse_round": {"queue": ADVICE_QUEUE}}

# --- bots (games.live.services.bots) -------------------------------------------------

# A bot acts this many seconds (drawn between the two) after it has something to do: a
# human-like pause. BOT_PAUSE=0,0 makes them instant (the browser tests use a short one).
BOT_PAUSE = tuple(env.list("BOT_PAUSE", cast=float, default=[1.5, 6.0]))
# The strong bot's advisor options (rules.engine.advisor.strong_advice), in one place.
# Samples: the most tables a decision may deal (past 24, advisor.FLOOR, it stops once the
# best is clear); 0 gives the strong bot its own tables by the hand's size, every one
# dealt (advisor.STRONG_TABLES: 96 for 13 cards; EXTRA_SAMPLES: 24 for 16; what
# bench/bots.py measured, issue 23).
BOT_ADVISOR = {"samples": env.int("BOT_ADVISOR_SAMPLES", default=0), "seed": 0}
# Play now (issue 24): a table it opens waits this many seconds for people, then bots
# fill its empty seats, so a lone player is dealt a hand within seconds.
PLAY_NOW_BOT_SECONDS = env.float("PLAY_NOW_BOT_SECONDS", default=5.0)
# Rated Play now (issue 26, games.live.services.quick_play): a waiting rated table takes a
# player whose rating is within RATING_BAND of its people's, and the band widens by
# RATING_BAND_PER_SECOND for every second the table has waited.
RATING_BAND = env.float("RATING_BAND", default=150.0)
RATING_BAND_PER_SECOND = env.float("RATING_BAND_PER_SECOND", default=60.0)
# The rating leaderboard lists players with at least this many rated rounds in the game.
RATING_LEADERBOARD_MIN_ROUNDS = env.int("RATING_LEADERBOARD_MIN_ROUNDS", default=10)

# --- live tables: presence and caps --------------------------------------------------

# A seat's "connected" flag is a lease (games.live.tasks.presence_sweep): each server
# renews its sockets' leases every PRESENCE_HEARTBEAT_SECONDS, and a seat whose lease
# lapsed (after PRESENCE_LEASE_SECONDS) at two sweeps running is marked disconnected — so
# the players of a server that died show as gone within about three heartbeats.
PRESENCE_HEARTBEAT_SECONDS = env.int("PRESENCE_HEARTBEAT_SECONDS", default=5)
# A table nobody seated has been connected to for this long closes and leaves the lobby
# (games.live.tasks.idle_tables_sweep, once a minute).
TABLE_IDLE_MINUTES = env.int("TABLE_IDLE_MINUTES", default=10)
# A player gone (no socket) when everyone else at the table is ready for the next round
# is marked away (托管) after this many seconds, and the round is dealt without waiting:
# time for a reload, not for a session stuck for good (games.live.services.sessions).
ABSENT_GRACE_SECONDS = env.int("ABSENT_GRACE_SECONDS", default=15)
# How many open tables one player may have opened at once (a cap on table spam).
MAX_TABLES_PER_USER = env.int("MAX_TABLES_PER_USER", default=5)
PRESENCE_LEASE_SECONDS = env.int("PRESENCE_LEASE_SECONDS",
                                 default=3 * PRESENCE_HEARTBEAT_SECONDS)
# Table sockets one player may hold open on one server process (tabs, devices); the next
# is refused with close code 4409 (docs/protocol.md).
MAX_SOCKETS_PER_USER = env.int("MAX_SOCKETS_PER_USER", default=8)

# --- live tables: their owners (games.live.owner) ----------------------------------

# Each live table is owned by one process at a time, which holds a lease on it in Redis
# (without Redis: the one process owns every table). The owner renews its leases every
# OWNER_RENEW_SECONDS; a lease not renewed for OWNER_LEASE_SECONDS lapses, so the tables
# of a process that died move to the next process that needs one, within that time. A
# table no command reached for OWNER_IDLE_SECONDS is let go, so ownership follows the
# table's sockets. A command for a table another process owns is sent to it and waits for
# the answer up to OWNER_FORWARD_SECONDS in all (the owner's lease lapsing meanwhile).
OWNER_LEASE_SECONDS = env.float("OWNER_LEASE_SECONDS", default=10.0)
OWNER_RENEW_SECONDS = env.float("OWNER_RENEW_SECONDS", default=2.5)
OWNER_IDLE_SECONDS = env.float("OWNER_IDLE_SECONDS", default=120.0)
OWNER_FORWARD_SECONDS = env.float("OWNER_FORWARD_SECONDS", default=15.0)

# --- accounts ------------------------------------------------------------------------

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses logins while locked out
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Brute-force protection: after AXES_FAILURE_LIMIT wrong passwords for one username from
# one address, that pair is locked out for AXES_COOLOFF_MINUTES.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_RESET_ON_SUCCESS = True
# The address a lockout counts, the same as the registration throttle's.
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_address"

# How many proxies of ours stand in front of daphne (a load balancer, nginx: each appends
# to X-Forwarded-For). 0, the default, ignores that header: a client could write anything
# in it. Throttles and the login lockout key on the address this resolves
# (config/client_address.py).
NUM_PROXIES = env.int("NUM_PROXIES", default=0)

# --- internationalisation ------------------------------------------------------------

LANGUAGE_CODE = "en"  # for browsers that ask for neither language below
LANGUAGES = [("zh-hans", _("Simplified Chinese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_TZ = True

# --- static files --------------------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Files browsers ask for at the site's root, served there by WhiteNoise: /favicon.ico
# (issue 24, item 8: it was a 404 in every server log). The pages link favicon.svg.
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Production serves collected, compressed, fingerprinted files through WhiteNoise;
    # development (and the test suite) reads them straight from the apps.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

# --- API -----------------------------------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # DRF's own parsers, but JSON bodies nested past a few levels get a 400, not a 500.
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.ShallowJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_THROTTLE_RATES": {"register": env.str("REGISTER_RATE", default="20/hour")},
    # None (DRF's default) would take X-Forwarded-For at its word.
    "NUM_PROXIES": NUM_PROXIES,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Thirteen Water API",
    "DESCRIPTION": "Accounts and rule sets of the Thirteen Water (十三水) platform.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",  # bundled files, no CDN
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- production security -------------------------------------------------------------

# Behind a proxy that terminates TLS, set BEHIND_TLS_PROXY=true so Django trusts its
# X-Forwarded-Proto header (otherwise the HTTPS redirect below would loop).
if env.bool("BEHIND_TLS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# The health check is asked over plain HTTP on the loopback (deploy/), never redirected.
SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG

# Content-Security-Policy on every response (django-csp): scripts, styles, images and
# sockets only from this origin, and no inline script or style anywhere — the pages pass
# their data in `json_script` blocks (type="application/json", never executed). 'self'
# covers the table's ws:/wss: socket to the same host (CSP level 3).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp_constants.SELF],
        "script-src": [csp_constants.SELF],
        "style-src": [csp_constants.SELF],
        "img-src": [csp_constants.SELF, "data:"],  # the API docs' inline SVG icons
        "font-src": [csp_constants.SELF],
        "connect-src": [csp_constants.SELF],
        "object-src": [csp_constants.NONE],
        "base-uri": [csp_constants.SELF],
        "form-action": [csp_constants.SELF],
        "frame-ancestors": [csp_constants.NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}
