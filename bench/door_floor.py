"""What the socket door alone costs a round: daphne and a Channels consumer, with no game.

    python bench/door_floor.py [--tables 100] [--rounds 4] [--servers 2]
                               [--redis redis://127.0.0.1:6379/14] [--thread-hop]

Issue 22 asks for a 4-player round to cost at most 12 ms of server CPU, PostgreSQL
included, while keeping Channels consumers as the socket door. This measures the part of
that budget the door takes before any game runs, so the rest can be judged against
what is left: the same number of WebSocket frames a real round has, of the same sizes,
through the same stack — daphne, a Channels `AsyncWebsocketConsumer` (its own cheap
`dispatch`, as games.live.consumers.TableConsumer has), the production channel layer
(config.channel_layers, its local fan-out: a table's sockets are all on the process,
nothing goes through Redis) — and nothing else: no login (a connection's cost, not a
round's), no database, no rules engine. Each table's "owner" is a dict in the process,
stepped on the event loop; each message is encoded to JSON once, as
games.live.broadcast does.

A round, as bench/ws_load.py plays it (and as its messages were counted and sized from
bench/round_cost.py's standard 4-player round): every player sends `ready`, and each
ready but the last tells the table `seats` (~1 kB); the last deals: `round_started`
(~1.3 kB) to the table and a `hand` (~2.3 kB, the hints) to each player; after a think
(--think-min..--think-max s) every player sends `submit`, the table hears `submitted`
and the player `your_submission`; the last submission settles: `settled` (~5.6 kB) to
the table. 8 frames in, 40 out, 18 messages through the channel layer.

--thread-hop runs each command's (empty) step in a thread, as the services run now
(channels' database_sync_to_async): the difference is what a hop costs a round.

Figures printed: rounds per second, the daphnes' CPU per settled round, and the reveal
latency (the last `submit` sent to every player holding `settled`). Tests never run
this; it only prints.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT))

from bench.ws_load import free_port, percentile, pid_cpu_seconds, until  # noqa: E402

# The sizes of a standard 4-player round's messages (bench/round_cost.py, JSON text).
SIZES = {"seats": 989, "round_started": 1252, "hand": 2250, "submitted": 81,
         "your_submission": 216, "settled": 5551}


def message(kind: str, version: int) -> dict:
    """A message of `kind` about as long as the real one (what it says does not matter
    here: the door forwards text)."""
    filler = max(0, SIZES[kind] - 60)
    return {"type": kind, "version": version, "round_id": 1,
            "payload": ["Ah", "Kd", "Qs", "Jc"] * (filler // 24)}


class Owner:
    """One table's round, as far as the door needs it: who is ready, who submitted."""

    def __init__(self, table: int) -> None:
        self.table, self.version = table, 0
        self.ready: set[int] = set()
        self.submitted: set[int] = set()

    def step(self, seat: int, kind: str) -> list[tuple[str, dict]]:
        """(group, message) pairs the command sends, in order."""
        table = f"floor.{self.table}"
        if kind == "ready" and seat not in self.ready:
            self.ready.add(seat)
            self.version += 1
            if len(self.ready) < 4:
                return [(table, message("seats", self.version))]
            self.ready.clear()
            self.submitted.clear()
            return [(table, message("round_started", self.version)),
                    *((f"{table}.{s}", message("hand", self.version)) for s in range(4))]
        if kind == "submit" and seat not in self.submitted:
            self.submitted.add(seat)
            self.version += 1
            sent = [(table, message("submitted", self.version)),
                    (f"{table}.{seat}", message("your_submission", self.version))]
            if len(self.submitted) == 4:
                sent.append((table, message("settled", self.version)))
            return sent
        return []


def make_application():
    """The ASGI application each daphne serves (DOOR_FLOOR_SERVER=1)."""
    import django

    django.setup()
    from asgiref.sync import sync_to_async
    from channels.consumer import get_handler_name
    from channels.generic.websocket import AsyncWebsocketConsumer
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.urls import path

    owners: dict[int, Owner] = {}
    hop = os.environ.get("DOOR_FLOOR_HOP") == "1"
    direct = os.environ.get("DOOR_FLOOR_DIRECT") == "1"
    # --direct: the sockets of each group, to send to without the channel layer.
    members: dict[str, list] = {}

    def noop() -> None:
        return None

    class FloorConsumer(AsyncWebsocketConsumer):
        async def connect(self) -> None:
            kwargs = self.scope["url_route"]["kwargs"]
            self.table, self.seat = kwargs["table"], kwargs["seat"]
            owners.setdefault(self.table, Owner(self.table))
            if direct:
                for group in (f"floor.{self.table}", f"floor.{self.table}.{self.seat}"):
                    members.setdefault(group, []).append(self)
                await self.accept()
                return
            await self.channel_layer.group_add(f"floor.{self.table}", self.channel_name)
            await self.channel_layer.group_add(f"floor.{self.table}.{self.seat}",
                                               self.channel_name)
            await self.accept()

        async def dispatch(self, message) -> None:
            # As TableConsumer.dispatch: no database connection to tidy per message.
            await getattr(self, get_handler_name(message))(message)

        async def receive(self, text_data=None, bytes_data=None) -> None:
            command = json.loads(text_data)
            if hop:
                await sync_to_async(noop, thread_sensitive=False)()
            for group, sent in owners[self.table].step(self.seat, command["type"]):
                if direct:
                    text = json.dumps(sent)
                    for consumer in members[group]:
                        await consumer.send(text_data=text)
                    continue
                await self.channel_layer.group_send_here_first(
                    group, {"type": "table.message", "text": json.dumps(sent)},
                    publish=False)

        async def table_message(self, event) -> None:
            await self.send(text_data=event["text"])

    return ProtocolTypeRouter({"websocket": URLRouter([
        path("ws/floor/<int:table>/<int:seat>/", FloorConsumer.as_asgi())])})


if os.environ.get("DOOR_FLOOR_SERVER") == "1":
    application = make_application()


# --- the players ----------------------------------------------------------------------


class Stats:
    def __init__(self) -> None:
        self.settled = self.lost = 0
        self.latencies: list[float] = []
        self.errors: list[str] = []


async def play_table(table: int, port: int, args, stats: Stats,
                     connecting: asyncio.Semaphore, connected: list, play: asyncio.Event
                     ) -> None:
    import websockets

    sockets = []
    try:
        for seat in range(4):
            async with connecting:
                sockets.append(await websockets.connect(
                    f"ws://127.0.0.1:{port}/ws/floor/{table}/{seat}/", max_size=2**20,
                    ping_interval=None, open_timeout=30))
        connected.append(table)
        await play.wait()
        for _round in range(args.rounds):
            for ws in sockets:
                await ws.send('{"type": "ready"}')
            await asyncio.gather(*(until(ws, "hand", 30) for ws in sockets))
            sent_at = [0.0] * 4

            async def player(seat: int) -> float:
                await asyncio.sleep(random.uniform(args.think_min, args.think_max))
                sent_at[seat] = time.monotonic()
                await sockets[seat].send('{"type": "submit"}')
                await until(sockets[seat], "settled", 30)
                return time.monotonic()

            received = await asyncio.gather(*(player(seat) for seat in range(4)))
            stats.settled += 1
            stats.latencies.append(max(received) - max(sent_at))
    except Exception as error:  # noqa: BLE001 — a benchmark reports, it does not crash
        stats.lost += 1
        stats.errors.append(f"table {table}: {type(error).__name__}: {error}")
    finally:
        for ws in sockets:
            await ws.close()


async def run(args, ports: list[int], processes) -> tuple[Stats, float, float, float]:
    """Every table's players connect, then they all play: the stats, the seconds of
    play, and the servers' CPU seconds spent on the connections and on the play."""
    stats = Stats()
    connecting, connected, play = asyncio.Semaphore(20), [], asyncio.Event()
    start = sum(pid_cpu_seconds(p.pid) for p in processes)
    tables = [asyncio.create_task(play_table(table, ports[table % len(ports)], args, stats,
                                             connecting, connected, play))
              for table in range(args.tables)]
    while len(connected) + stats.lost < args.tables:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1)  # the last handshakes' work is done
    connect_cpu = sum(pid_cpu_seconds(p.pid) for p in processes) - start
    started = time.monotonic()
    play.set()
    await asyncio.gather(*tables)
    play_cpu = sum(pid_cpu_seconds(p.pid) for p in processes) - start - connect_cpu
    return stats, time.monotonic() - started, connect_cpu, play_cpu


# --- the servers ----------------------------------------------------------------------


def start(args) -> tuple[list[subprocess.Popen], list[int]]:
    import socket

    ports, processes = [], []
    env = {**os.environ, "DOOR_FLOOR_SERVER": "1", "REDIS_URL": args.redis,
           "DOOR_FLOOR_HOP": "1" if args.thread_hop else "0",
           "DOOR_FLOOR_DIRECT": "1" if args.direct else "0",
           "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    for _ in range(args.servers):
        ports.append(free_port())
        processes.append(subprocess.Popen(
            [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(ports[-1]),
             "bench.door_floor:application"], cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    deadline = time.monotonic() + 30
    for port in ports:
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("daphne did not start") from None
                time.sleep(0.2)
    time.sleep(2)  # done starting
    return processes, ports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--think-min", type=float, default=2.0)
    parser.add_argument("--think-max", type=float, default=10.0)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14",
                        help="the channel layer's Redis (nothing is published to it)")
    parser.add_argument("--thread-hop", action="store_true",
                        help="run each command's empty step in a thread, as services run")
    parser.add_argument("--direct", action="store_true",
                        help="send to the table's consumers directly, not through the "
                             "channel layer (the least a Channels consumer can cost)")
    args = parser.parse_args()
    processes, ports = start(args)
    try:
        stats, elapsed, connect_cpu, cpu = asyncio.run(run(args, ports, processes))
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)
    latencies = stats.latencies or [0.0]
    print(f"tables {args.tables}, servers {args.servers}, thread hop "
          f"{'yes' if args.thread_hop else 'no'}, "
          f"{'direct sends' if args.direct else 'channel layer'}: rounds settled {stats.settled}, lost "
          f"{stats.lost}, {stats.settled / elapsed:.2f} rounds/s")
    print(f"daphne CPU: {cpu:.1f} s playing, {cpu / max(stats.settled, 1) * 1000:.2f} ms per "
          f"settled round; {connect_cpu / (args.tables * 4) * 1000:.2f} ms per connection "
          f"({args.tables * 4} of them, not counted in the rounds')")
    print(f"reveal latency p50 {percentile(latencies, 0.5) * 1000:.0f} ms, p99 "
          f"{percentile(latencies, 0.99) * 1000:.0f} ms")
    for error in stats.errors[:5]:
        print(error)


if __name__ == "__main__":
    main()
