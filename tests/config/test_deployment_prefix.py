"""Two deployments on one Redis never hear each other (issue 12, 3).

Pub/Sub ignores Redis database numbers, so channel layers configured as the README's
REDIS_URL=…/0 and …/1 used to share every group: a `hand` sent to table 1's player 1 on
one deployment reached player 1 of table 1 on the other.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from config import deployment
from config.channel_layers import ConfirmedPubSubChannelLayer

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("url", "number"), [
    ("redis://127.0.0.1:6379", 0), ("redis://127.0.0.1:6379/0", 0),
    ("redis://:secret@redis.internal:6380/3", 3), ("redis://h:6379?db=7", 7),
    ("rediss://h:6379/12?ssl_cert_reqs=none", 12)])
def test_the_database_number_is_read_from_the_url(url, number):
    assert deployment.redis_database(url) == number


def test_prefixes_differ_by_database_number_and_by_deployment_name():
    prefixes = {deployment.key_prefix("thirteen-water", "redis://h/0"),
                deployment.key_prefix("thirteen-water", "redis://h/1"),
                deployment.key_prefix("staging", "redis://h/0")}
    assert len(prefixes) == 3
    assert deployment.key_prefix("Water Prod!", "redis://h/2") == "Water-Prod.db2."


def _settings_of(**env: str) -> dict:
    """The prefixes settings.py builds for an environment, read in a fresh interpreter."""
    code = ("from django.conf import settings as s; import json; print(json.dumps(["
            "s.CHANNEL_LAYERS['default']['CONFIG']['prefix'], s.CACHES['default']['KEY_PREFIX'],"
            "s.CELERY_BROKER_TRANSPORT_OPTIONS['global_keyprefix']]))")
    clean = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DEPLOYMENT_NAME"}}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60,
                            env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env})
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_settings_prefix_the_channel_layer_cache_and_celery_per_deployment():
    first = _settings_of(REDIS_URL="redis://127.0.0.1:6379/0")
    second = _settings_of(REDIS_URL="redis://127.0.0.1:6379/1")
    named = _settings_of(REDIS_URL="redis://127.0.0.1:6379/0", DEPLOYMENT_NAME="staging")
    assert first.count("thirteen-water.db0.") == 3
    assert second.count("thirteen-water.db1.") == 3
    assert named.count("staging.db0.") == 3


@pytest.mark.requires_redis
@pytest.mark.asyncio
async def test_a_group_message_of_one_deployment_never_reaches_another():
    server = urlsplit(settings.REDIS_URL)
    urls = [f"{server.scheme}://{server.netloc}/{number}" for number in (1, 2)]
    layers = [ConfirmedPubSubChannelLayer(
        hosts=[{"address": url}], prefix=deployment.key_prefix("thirteen-water", url))
        for url in urls]
    group = f"table.{uuid.uuid4().int % 1000}.player.1"  # same table and user on both
    ours, theirs = [await layer.new_channel() for layer in layers]
    await layers[0].group_add(group, ours)
    await layers[1].group_add(group, theirs)

    await layers[1].group_send(group, {"type": "table.message", "message": {"type": "hand"}})

    assert (await asyncio.wait_for(layers[1].receive(theirs), 5))["message"]["type"] == "hand"
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layers[0].receive(ours), 0.5)
    for layer in layers:
        await layer.flush()
