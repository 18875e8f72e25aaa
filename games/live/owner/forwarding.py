"""A command for a table another process owns travels to that process over Redis.

The sender pushes `{id, name, kwargs, reply, expires}` onto the owner's inbox list
(`<prefix>owner-inbox:<token>`) and waits on its own reply list. Each process that holds
leases reads its inbox in a thread and runs what arrives in a small pool, through the
same door as a local call — so the owner applies it one at a time with its other
commands — and pushes back the result, the refusal, or "not the owner" when its lease
has moved meanwhile. Arguments and results are JSON; a model instance travels as its
label and key and is read again on the other side. Plain JSON (most commands: card
codes, the hint values of a round) is written and read by the json module alone; the
walk that marks models and escapes look-alikes runs only where the text shows a marker
(a round's hint values: 0.34 instead of 1.1 ms a trip).

A command whose `expires` has passed when it is read is dropped: its sender gave up on
it and may have run it elsewhere. A command sent twice (its sender waited, then asked
again) runs once: the owner remembers the ids it ran.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import uuid
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from django.apps import apps
from django.conf import settings
from django.db import close_old_connections, models

from games.errors import GameError
from games.live.owner.lease import Leases, adopt

logger = logging.getLogger(__name__)

# How long one wait for an answer lasts before the sender looks at the lease again.
WAIT_SECONDS = 3.0
REMEMBERED = 2048  # command ids an owner remembers having run


class NotOwner(Exception):
    """This process does not own the table: `holder` does (a process token), or nobody
    knows yet (None: a newer epoch is in the table's row)."""

    def __init__(self, table_id: int, holder: str | None) -> None:
        super().__init__(f"table {table_id} is owned by {holder or 'another process'}")
        self.table_id, self.holder = table_id, holder


class Unanswered(Exception):
    """The owner did not answer in time (busy, or dead with its lease not yet lapsed)."""


def encode(value: Any) -> Any:
    """JSON for a command's arguments or result: a model instance as a reference, and a
    dict that could be mistaken for one (a client may send any JSON) escaped."""
    if isinstance(value, models.Model):
        return {_MODEL: value._meta.label, "pk": value.pk}
    if isinstance(value, dict):
        encoded = {key: encode(item) for key, item in value.items()}
        return {_ESCAPED: encoded} if (_MODEL in value or _ESCAPED in value) else encoded
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]
    return value


def decode(value: Any) -> Any:
    if isinstance(value, dict):
        if _MODEL in value:
            return apps.get_model(value[_MODEL])._default_manager.get(pk=value["pk"])
        if _ESCAPED in value:
            value = value[_ESCAPED]
        return {key: decode(item) for key, item in value.items()}
    if isinstance(value, list):
        return [decode(item) for item in value]
    return value


_MODEL, _ESCAPED = "__model__", "__dict__"


def dumps(value: Any) -> str:
    """encode() as JSON text. Most commands carry plain JSON (card codes, hint values)
    with no model and nothing to escape: one pass of the C encoder then, and the walk
    only when the text shows a marker or a model would not encode."""
    try:
        text = json.dumps(value)
    except TypeError:  # a model instance
        return json.dumps(encode(value))
    return json.dumps(encode(value)) if marked(text) else text


def marked(text: str | bytes) -> bool:
    """Whether a message's text may hold a model reference or an escaped dict: only
    then does what json.loads made of it need decode()'s walk."""
    if isinstance(text, bytes):
        return _MODEL.encode() in text or _ESCAPED.encode() in text
    return _MODEL in text or _ESCAPED in text


def inbox_key(token: str) -> str:
    return f"{settings.REDIS_KEY_PREFIX}owner-inbox:{token}"


def send(client, holder: str, name: str, kwargs: dict, command_id: str, reply: str) -> Any:
    """Send one command to `holder` and wait up to WAIT_SECONDS for its answer."""
    header = json.dumps({"id": command_id, "name": name, "reply": reply,
                         "expires": time.time() + WAIT_SECONDS})
    message = f'{header[:-1]}, "kwargs": {dumps(kwargs)}}}'  # the arguments' text as is
    pipe = client.pipeline()
    pipe.rpush(inbox_key(holder), message)
    pipe.expire(inbox_key(holder), 60)
    pipe.execute()
    answer = client.blpop([reply], timeout=WAIT_SECONDS)
    if answer is None:
        raise Unanswered(holder)
    text = answer[1]
    answer = json.loads(text)
    if "not_owner" in answer:
        raise NotOwner(answer["table_id"], answer["not_owner"])
    if "refused" in answer:
        raise GameError(*answer["refused"])
    if "failed" in answer:
        raise RuntimeError(f"the table's owner failed: {answer['failed']}")
    return decode(answer["result"]) if marked(text) else answer["result"]


def new_command() -> tuple[str, str]:
    """A command's id and the reply list its answer comes back on."""
    command_id = uuid.uuid4().hex
    return command_id, f"{settings.REDIS_KEY_PREFIX}owner-reply:{command_id}"


class Inbox:
    """This process's inbox: read in a thread, each command run in a pool thread."""

    def __init__(self, owner: Leases, run: Callable[[str, dict], Any]) -> None:
        self.client, self.token, self.run = owner.store.client, owner.token, run
        # The pool's threads act as the process whose leases these are.
        self.pool = ThreadPoolExecutor(max_workers=8, thread_name_prefix="table-owner",
                                       initializer=adopt, initargs=(owner,))
        self.ran: OrderedDict[str, bool] = OrderedDict()
        self.lock = threading.Lock()
        self.stopped = False
        self.thread = threading.Thread(target=self._read_forever, name="table-owner-inbox",
                                       daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Read no more (within a second); what is running finishes."""
        self.stopped = True
        self.pool.shutdown(wait=False)

    def _read_forever(self) -> None:
        while not self.stopped:
            try:
                found = self.client.blpop([inbox_key(self.token)], timeout=1)
            except Exception as error:  # noqa: BLE001 — Redis away: try again shortly
                logger.warning("owner inbox unreadable: %s", type(error).__name__)
                time.sleep(1)
                continue
            if found is None:
                continue
            try:
                command = json.loads(found[1])
            except ValueError:
                continue
            command["marked"] = marked(found[1])
            if command.get("expires", 0) < time.time() or not self._first_time(command["id"]):
                continue
            try:
                self.pool.submit(self._answer, command)
            except RuntimeError:  # stopped meanwhile
                return

    def _first_time(self, command_id: str) -> bool:
        with self.lock:
            if command_id in self.ran:
                return False
            self.ran[command_id] = True
            while len(self.ran) > REMEMBERED:
                self.ran.popitem(last=False)
            return True

    def _answer(self, command: dict) -> None:
        close_old_connections()
        try:
            kwargs = decode(command["kwargs"]) if command["marked"] else command["kwargs"]
            answer = '{"result": %s}' % dumps(self.run(command["name"], kwargs))
        except NotOwner as refusal:
            answer = json.dumps({"not_owner": refusal.holder, "table_id": refusal.table_id})
        except GameError as error:
            answer = json.dumps({"refused": [error.code, error.message]})
        except Exception as error:  # noqa: BLE001 — told to the sender, logged here
            logger.exception("a forwarded table command failed")
            answer = json.dumps({"failed": type(error).__name__})
        finally:
            close_old_connections()
        try:
            pipe = self.client.pipeline()
            pipe.rpush(command["reply"], answer)
            pipe.expire(command["reply"], 60)
            pipe.execute()
        except Exception as error:  # noqa: BLE001 — the sender times out and asks again
            logger.warning("owner answer not sent: %s", type(error).__name__)
