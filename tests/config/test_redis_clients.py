"""config/kombu_redis.py and config/redis_cache.py: Celery's transport and Django's cache
each talk through one Redis client per connection pool instead of building one per
message or operation, and what they write still lands under the deployment's prefix."""

import asyncio
import uuid

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import CacheHandler
from kombu import Connection, Exchange, Producer, Queue

from config.celery import app
from config.kombu_redis import Transport

pytestmark = pytest.mark.requires_redis


def test_celery_publishes_through_the_transport_that_keeps_its_client():
    with app.producer_or_acquire() as producer:
        assert isinstance(producer.connection.transport, Transport)


@pytest.fixture
def connection():
    options = dict(settings.CELERY_BROKER_TRANSPORT_OPTIONS)
    with Connection(settings.REDIS_URL, transport=Transport,
                    transport_options=options) as connection:
        yield connection


def _publish(channel, queue: Queue, body: dict) -> None:
    Producer(channel).publish(body, exchange=queue.exchange, routing_key=queue.routing_key,
                              declare=[queue], serializer="json")


def test_a_channel_publishes_every_message_through_one_client(connection):
    queue = Queue(f"test-{uuid.uuid4().hex}", Exchange("test-kombu", type="direct"),
                  routing_key="test")
    channel = connection.channel()
    try:
        made = []
        create = channel._create_client
        channel._create_client = lambda *args, **kwargs: made.append(1) or create(*args, **kwargs)
        for number in range(3):
            _publish(channel, queue, {"number": number})

        assert made == [1]  # kombu's own channel makes a client per message: [1, 1, 1]
        # Each message is on the queue, in order, under the deployment's key prefix.
        key = settings.CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] + queue.name
        assert redis.Redis.from_url(settings.REDIS_URL).llen(key) == 3
        received = [channel.basic_get(queue.name, no_ack=True) for _ in range(3)]
        assert [message.decode() for message in received] == [{"number": n} for n in range(3)]
    finally:
        channel.queue_delete(queue.name)
        channel.close()


def test_after_a_fork_a_channel_publishes_through_a_client_of_its_new_pool(connection):
    # A forked worker drops the pool it inherited (kombu's _after_fork): the client kept
    # on the old pool must not be used, its connections belong to the parent.
    queue = Queue(f"test-{uuid.uuid4().hex}", Exchange("test-kombu", type="direct"),
                  routing_key="test")
    channel = connection.channel()
    try:
        _publish(channel, queue, {"number": 1})
        old_pool, old_client = channel._publisher
        channel._after_fork()
        _publish(channel, queue, {"number": 2})

        new_pool, new_client = channel._publisher
        assert new_pool is not old_pool and new_client is not old_client
        assert new_client.connection_pool is new_pool
    finally:
        channel.queue_delete(queue.name)
        channel.close()


def _redis_cache():
    """The cache as configured with Redis (the tests themselves run on a local one)."""
    from config import settings as configured
    from config.redis_cache import RedisCache

    assert configured.CACHES["default"]["BACKEND"] == "config.redis_cache.RedisCache"
    return RedisCache(settings.REDIS_URL, {"KEY_PREFIX": configured.REDIS_KEY_PREFIX})


def test_the_cache_talks_through_one_client_per_pool():
    cache = _redis_cache()
    key = f"test-{uuid.uuid4().hex}"
    cache.set(key, {"scoop": 2}, timeout=10)
    client = cache._cache.get_client(key, write=True)
    assert cache.get(key) == {"scoop": 2}
    cache.delete(key)
    # Django's own client builds a redis.Redis per call: these would all differ.
    assert cache._cache.get_client(key) is client is cache._cache.get_client(key, write=True)
    raw = redis.Redis.from_url(settings.REDIS_URL)
    assert not raw.exists(cache.make_key(key))


def test_a_cache_whose_pool_was_replaced_makes_a_client_of_the_new_pool():
    cache = _redis_cache()
    old = cache._cache.get_client(write=True)
    replaced = redis.ConnectionPool.from_url(settings.REDIS_URL)
    cache._cache._pools[0] = replaced
    new = cache._cache.get_client(write=True)
    assert new is not old and new.connection_pool is replaced
    key = f"test-{uuid.uuid4().hex}"
    cache.set(key, 1, timeout=10)
    assert cache.get(key) == 1
    cache.delete(key)


def test_every_socket_s_cache_shares_the_process_s_pool_and_connection():
    """Django keeps a cache per async context, and daphne runs each socket in one of its
    own: each socket's connect, reading its session, built a cache, a pool and a new
    TCP connection to Redis. Twenty sockets' contexts now share one pool, and reading
    one after another they open one connection between them."""
    from config import settings as configured

    handler = CacheHandler({"default": configured.CACHES["default"] | {"LOCATION": settings.REDIS_URL}})
    key = f"test-{uuid.uuid4().hex}"
    used = []

    def log_in() -> None:
        handler["default"].set(key, "session", timeout=10)

    def read_session() -> None:
        cache = handler["default"]
        assert cache.get(key) == "session"
        used.append((cache, cache._cache._get_connection_pool(False)))

    async def sockets() -> None:
        await asyncio.create_task(sync_to_async(log_in)())
        for _ in range(20):  # one after another, as a connect storm's hops mostly are
            await asyncio.create_task(sync_to_async(read_session)())

    asyncio.run(sockets())
    assert len({id(cache) for cache, _ in used}) == 20  # Django's cache per context
    pools = {id(pool): pool for _, pool in used}
    assert len(pools) == 1
    [pool] = pools.values()
    assert pool._created_connections == 1
    handler["default"].delete(key)
