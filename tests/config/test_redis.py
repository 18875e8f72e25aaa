"""With REDIS_URL set, live tables talk through channels-redis and timers through Redis."""

import uuid

import pytest
from channels.layers import get_channel_layer
from django.conf import settings

pytestmark = pytest.mark.requires_redis


def test_redis_url_selects_the_redis_channel_layer_and_broker():
    assert (settings.CHANNEL_LAYERS["default"]["BACKEND"]
            == "config.channel_layers.ConfirmedPubSubChannelLayer")
    assert settings.CELERY_BROKER_URL == settings.REDIS_URL


@pytest.mark.asyncio
async def test_a_group_message_crosses_the_redis_channel_layer():
    layer = get_channel_layer()
    channel = await layer.new_channel()
    group = f"table-{uuid.uuid4().hex}"
    await layer.group_add(group, channel)

    await layer.group_send(group, {"type": "table.update", "version": 7})

    assert await layer.receive(channel) == {"type": "table.update", "version": 7}
    await layer.group_discard(group, channel)


@pytest.mark.asyncio
async def test_group_add_returns_once_redis_has_confirmed_the_subscription():
    # A consumer joins its groups, then reads the table's state: a message published
    # right after group_add must already reach it.
    import redis

    layer = get_channel_layer()
    channel = await layer.new_channel()
    group = f"table-{uuid.uuid4().hex}"
    await layer.group_add(group, channel)

    group_channel = layer._get_layer()._get_group_channel_name(group)
    counts = dict(redis.Redis.from_url(settings.REDIS_URL).pubsub_numsub(group_channel))
    assert counts[group_channel.encode()] == 1
    await layer.group_discard(group, channel)


def test_the_redis_cache_backend_works():
    from django.core.cache.backends.redis import RedisCache

    cache = RedisCache(settings.REDIS_URL, {})
    key = f"thirteen-water-test-{uuid.uuid4().hex}"
    cache.set(key, {"scoop": 2}, timeout=10)
    assert cache.get(key) == {"scoop": 2}
    cache.delete(key)
