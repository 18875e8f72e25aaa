"""Which deployment this process belongs to, as a prefix for everything it shares in Redis.

Redis database numbers separate keys but not Pub/Sub: a PUBLISH on database 1 reaches
subscribers on database 0. Two deployments on one Redis (REDIS_URL=…/0 and …/1, as the
README invites) therefore heard each other's table messages — private `hand`s included —
whenever table and user ids coincided. Every name this platform puts in Redis (channel
layer channels and groups, Celery's queues, cache keys) starts with this prefix, built
from DEPLOYMENT_NAME and the database number, so deployments never meet.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

DEFAULT_NAME = "thirteen-water"


def redis_database(url: str) -> int:
    """The database number a redis:// URL selects (`/N` or `?db=N`; 0 when absent)."""
    parts = urlsplit(url)
    path = parts.path.strip("/")
    if path.isdigit():
        return int(path)
    match = re.search(r"(?:^|&)db=(\d+)", parts.query)
    return int(match.group(1)) if match else 0


def key_prefix(name: str, redis_url: str) -> str:
    """`<name>.db<N>.` with the name cut to the characters channel names allow."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or DEFAULT_NAME
    return f"{safe}.db{redis_database(redis_url)}."
