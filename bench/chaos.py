"""Fault injection against the production shape while tables play (issue 12).

    python bench/chaos.py [--tables 50] [--window 45] [--arrange-seconds 15]
                          [--postgres postgres://postgres@127.0.0.1:5432/postgres]

It creates a throw-away PostgreSQL database and starts, as deploy/ runs them, two daphne
processes and a `celery -A config worker`, on a redis-server of its own on a spare port
(never a shared Redis: it kills this one). Like systemd's `Restart=always`, a harness
supervisor starts a daphne again 1 s after it exits and the worker 2 s after.

N tables of 4 scripted players play continuously. A player behaves as the browser client
does (static/js/protocol.js): it keeps the table version, resyncs on a gap, asks for the
state when an arranging round's deadline passes with no settlement, and reconnects with
back-off — to the other daphne when its own is down, as nginx would send it. A player
submits its first hint after a think of 1..10 s, or (one time in four) leaves it to the
timer; after a settlement every player presses ready again.

The run is a row per fault: a window of play with the fault injected 5 s in (none; kill -9
of Redis, restarted 2 s later; kill -9 of the worker; kill -9 of one daphne; kill -9 of the
process owning the most tables (games.live.owner), read from the leases in Redis; that
process stopped (SIGSTOP) until its leases have lapsed and moved, then resumed: a stale
owner), then a drain: no new rounds, wait for every round dealt in the window to settle
(its deadline plus 40 s at most), then 12 s of quiet. A player's sockets go to the daphne
its table is homed on, as nginx's hash by table id sends them. Printed per fault:

- dealt / settled: rounds dealt in the window, and how many of them settled;
- lost: dealt and never settled;
- stuck: players whose view is not the server's after the quiet (not connected, an
  older table version, or still arranging a settled round);
- wrong presence: seats whose `connected` flag disagrees with whether that player's
  socket is open;
- settled twice: rounds with more than one `settled` event;
- owned: the tables the killed or stopped owner held; fenced: changes it refused to
  write after resuming, because a newer owner had taken the table over (its log).

Tests never run this; it prints, and exits 1 when a round was lost or settled twice, or a
client stuck.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent

from bench.ws_load import admin_connection, free_port, prepare, with_database  # noqa: E402

DEADLINE_GRACE = 6.0  # as static/js/protocol.js
FAULTS = ["none", "Redis restart", "worker kill", "daphne kill", "owner kill", "stale owner"]


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--window", type=float, default=45.0,
                        help="seconds of play per fault (the fault comes 5 s in)")
    parser.add_argument("--arrange-seconds", type=int, default=15,
                        help="the arrange clock of the tables' rule set")
    parser.add_argument("--postgres", default=os.environ.get(
        "BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL server URL; the run creates and drops its own database")
    parser.add_argument("--faults", default=",".join(FAULTS),
                        help="which rows to run, in order: " + ", ".join(FAULTS))
    args = parser.parse_args()
    args.players = 4
    args.rules = "standard"
    return args


# --- the production shape, supervised -----------------------------------------------


class Shape:
    """Two daphne processes, a Celery worker and a Redis of its own."""

    def __init__(self, env: dict, logs: Path) -> None:
        self.env = env
        self.logs = logs
        self.redis_port = free_port()
        self.ports = [free_port(), free_port()]
        self.processes: dict[str, subprocess.Popen] = {}
        self.redis: subprocess.Popen | None = None
        self.restarts: list[str] = []

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    def start_redis(self) -> None:
        self.redis = subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(self.redis_port), "--bind",
             "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(self.logs)],
            stdout=open(self.logs / "redis.log", "a"), stderr=subprocess.STDOUT)
        self._wait_port(self.redis_port, "redis-server")

    def kill_redis(self) -> None:
        self.redis.kill()
        self.redis.wait()

    def command(self, name: str) -> list[str]:
        if name.startswith("daphne"):
            port = self.ports[int(name[-1])]
            return [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port),
                    "--ping-interval", "20", "--ping-timeout", "30", "config.asgi:application"]
        return [str(BIN / "celery"), "-A", "config", "worker", "--pool=solo",
                "--loglevel=INFO", "--without-heartbeat", "--without-mingle",
                "--without-gossip", "-n", "chaos@%h"]

    def start(self, name: str) -> None:
        self.processes[name] = subprocess.Popen(
            self.command(name), cwd=ROOT, env=self.env,
            stdout=open(self.logs / f"{name}.log", "a"), stderr=subprocess.STDOUT)

    def start_all(self) -> None:
        for name in ("daphne0", "daphne1", "worker"):
            self.start(name)
        for port in self.ports:
            self._wait_port(port, "daphne")

    def kill(self, name: str) -> None:
        os.kill(self.processes[name].pid, signal.SIGKILL)

    def biggest_owner(self) -> tuple[str, int]:
        """The process holding the most table leases (their values are the holders'
        tokens, host:pid:nonce), and how many it holds."""
        import redis

        client = redis.Redis.from_url(self.redis_url)
        holders = [client.get(key).decode().split(":")[1]
                   for key in client.scan_iter(match="chaos*owner:*") if client.get(key)]
        by_pid = {str(process.pid): name for name, process in self.processes.items()}
        counts = {name: holders.count(pid) for pid, name in by_pid.items()}
        name = max(counts, key=counts.get)
        return name, counts[name]

    async def supervise(self) -> None:
        """systemd's Restart=always: RestartSec=1 for daphne, 2 for the worker."""
        while True:
            for name, process in list(self.processes.items()):
                if process.poll() is not None:
                    await asyncio.sleep(1 if name.startswith("daphne") else 2)
                    self.restarts.append(name)
                    self.start(name)
            await asyncio.sleep(0.2)

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self.redis is not None and self.redis.poll() is None:
            self.redis.kill()
            self.redis.wait()

    @staticmethod
    def _wait_port(port: int, what: str) -> None:
        import socket

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"{what} on port {port} did not start")


# --- a player, as the browser client behaves ------------------------------------------


class Player:
    def __init__(self, table_id: int, user_id: int, cookie: str, ports: list[int],
                 home: int, play: "Play") -> None:
        self.table_id = table_id
        self.user_id = user_id
        self.cookie = cookie
        self.ports = ports
        self.port_index = home
        self.play = play
        self.ws = None
        self.open = False
        self.version: int | None = None
        self.syncing = False
        self.round_id: int | None = None
        self.phase: str | None = None  # of the latest round this player knows of
        self.deadline: float | None = None
        self.ready = False
        self.ready_asked_at = 0.0
        self.submitted: set[int] = set()
        self.deadline_asks = 0
        self.deadline_task: asyncio.Task | None = None
        self.reconnects = 0

    # connection ---------------------------------------------------------------------

    async def run(self) -> None:
        import websockets

        attempt = 0
        while not self.play.over:
            port = self.ports[self.port_index % len(self.ports)]
            try:
                async with self.play.connecting:  # handshakes 20 at a time, as ws_load
                    ws = await websockets.connect(
                        f"ws://127.0.0.1:{port}/ws/tables/{self.table_id}/",
                        origin=f"http://127.0.0.1:{port}", open_timeout=10,
                        additional_headers={"Cookie": self.cookie}, ping_interval=20,
                        ping_timeout=20, max_size=2**20)
                async with ws:
                    self.ws, self.open, self.syncing, attempt = ws, True, True, 0
                    async for data in ws:
                        await self.receive(json.loads(data))
            except Exception:  # noqa: BLE001 — refused, dropped or timed out: reconnect
                pass
            self.ws, self.open = None, False
            if self.play.over:
                return
            attempt += 1
            self.reconnects += 1
            self.port_index += 1  # nginx would send the next attempt elsewhere
            await asyncio.sleep(min(4.0, 0.5 * 2 ** (attempt - 1)) * random.uniform(0.75, 1.25))

    async def send(self, **message) -> None:
        if self.ws is not None:
            try:
                await self.ws.send(json.dumps(message))
            except Exception:  # noqa: BLE001 — the reconnect resyncs
                pass

    async def resync(self) -> None:
        self.syncing = True
        await self.send(type="sync")

    # messages -----------------------------------------------------------------------

    async def receive(self, message: dict) -> None:
        kind = message.get("type")
        if kind in ("pong", "error"):
            return
        if kind == "state":
            self.syncing = False
            self.version = message["version"]
            await self.apply_state(message)
            return
        version = message.get("version")
        if self.syncing or self.version is None or version < self.version:
            return
        if version > self.version + 1:
            await self.resync()
            return
        self.version = version
        self.note_seats(message.get("seats"))
        if kind == "round_started":
            self.arranging(message["round"])
        elif kind == "hand":
            self.consider_hand(message["round_id"], message["hints"])
        elif kind == "settled":
            self.settled(message["round"]["id"])
        await self.maybe_ready()

    async def apply_state(self, state: dict) -> None:
        self.note_seats(state.get("seats"))
        round = state.get("round")
        if round and round["phase"] not in ("settled",):
            self.arranging(round)
            you = state.get("you") or {}
            if you.get("hints") and not you.get("submission"):
                self.consider_hand(round["id"], you["hints"])
        elif round:
            self.settled(round["id"])
        else:
            self.phase = None
        await self.maybe_ready()

    def note_seats(self, seats) -> None:
        for seat in seats or ():
            if seat.get("user_id") == self.user_id:
                self.ready = seat["ready"]

    def arranging(self, round: dict) -> None:
        if round["id"] != self.round_id:
            self.deadline_asks = 0
        self.round_id, self.phase = round["id"], "arranging"
        self.deadline = datetime.fromisoformat(round["deadline"].replace("Z", "+00:00")
                                               ).timestamp() if round.get("deadline") else None
        self.arm_deadline()

    def settled(self, round_id: int) -> None:
        self.round_id, self.phase, self.deadline = round_id, "settled", None
        if self.deadline_task:
            self.deadline_task.cancel()

    def consider_hand(self, round_id: int, hints: list) -> None:
        if round_id in self.submitted:
            return
        self.submitted.add(round_id)
        if random.random() < 0.25:
            return  # the timer plays this hand
        asyncio.get_running_loop().create_task(self.submit_later(round_id, hints[0]))

    async def submit_later(self, round_id: int, hint: dict) -> None:
        await asyncio.sleep(random.uniform(1, 10))
        if self.round_id != round_id or self.phase != "arranging":
            return
        if hint["special"]:
            await self.send(type="declare")
        else:
            await self.send(type="submit", front=hint["front"], middle=hint["middle"],
                            back=hint["back"])

    async def maybe_ready(self) -> None:
        if (self.play.accepting and not self.ready and self.phase != "arranging"
                and time.monotonic() - self.ready_asked_at > 3):
            self.ready_asked_at = time.monotonic()
            await self.send(type="ready")

    def arm_deadline(self) -> None:
        """protocol.js's deadline watch: ask for the state 6 s after the deadline, then at
        doubling intervals, while the round still looks arranging."""
        if self.deadline_task:
            self.deadline_task.cancel()
        if self.deadline is None:
            return
        retry = min(30.0, DEADLINE_GRACE * 2 ** self.deadline_asks)
        wait = max(self.deadline + DEADLINE_GRACE - time.time(),
                   retry if self.deadline_asks else 0)
        round_id = self.round_id

        async def watch() -> None:
            await asyncio.sleep(wait)
            if self.round_id == round_id and self.phase == "arranging" and self.open:
                self.deadline_asks += 1
                await self.resync()
                self.arm_deadline()

        self.deadline_task = asyncio.get_running_loop().create_task(watch())


class Play:
    def __init__(self) -> None:
        self.accepting = False
        self.over = False
        self.connecting = asyncio.Semaphore(20)


# --- the faults and the figures ------------------------------------------------------


async def inject(fault: str, shape: Shape) -> int:
    """Inject the fault; how many tables the process it struck owned (owner faults)."""
    if fault == "Redis restart":
        shape.kill_redis()
        await asyncio.sleep(2)
        shape.start_redis()
    elif fault == "worker kill":
        shape.kill("worker")
    elif fault == "daphne kill":
        shape.kill("daphne0")
    elif fault in ("owner kill", "stale owner"):
        name, owned = shape.biggest_owner()
        if fault == "owner kill":
            shape.kill(name)
        else:
            from django.conf import settings

            os.kill(shape.processes[name].pid, signal.SIGSTOP)
            await asyncio.sleep(settings.OWNER_LEASE_SECONDS + 5)
            os.kill(shape.processes[name].pid, signal.SIGCONT)
        return owned
    return 0


def fenced_lines(logs: Path) -> int:
    """Refusals of a process taken over (games.live.owner.door.fence), in every log."""
    return sum(path.read_text(errors="replace").count("fenced, nothing written")
               for path in logs.glob("*.log"))


def settled_twice(round_ids: list[int]) -> int:
    from django.db.models import Count

    from games.models import RoundEvent

    return (RoundEvent.objects.filter(round_id__in=round_ids, type="settled")
            .values("round_id").annotate(n=Count("id")).filter(n__gt=1).count())


def rounds_since(table_ids: list[int], since) -> tuple[list[int], int]:
    """Ids of the rounds dealt since `since`, and how many of them settled."""
    from games.models import Round

    rounds = list(Round.objects.filter(table_id__in=table_ids, created_at__gte=since)
                  .values_list("id", "phase"))
    return [r for r, _ in rounds], sum(1 for _, phase in rounds if phase == "settled")


def open_rounds(round_ids: list[int]) -> int:
    from games.models import Round

    return Round.objects.filter(id__in=round_ids).exclude(phase="settled").count()


def server_views(table_ids: list[int]) -> tuple[dict, dict, dict]:
    """Each table's version and latest round phase, and each seat's connected flag."""
    from games.models import Round, Seat, Table

    versions = dict(Table.objects.filter(id__in=table_ids).values_list("id", "version"))
    latest = {}
    for table_id, phase in (Round.objects.filter(table_id__in=table_ids)
                            .order_by("table_id", "-number").distinct("table_id")
                            .values_list("table_id", "phase")):
        latest[table_id] = phase
    connected = {(t, u): c for t, u, c in
                 Seat.objects.filter(table_id__in=table_ids)
                 .values_list("table_id", "user_id", "connected")}
    return versions, latest, connected


async def run_fault(fault: str, players: list[Player], shape: Shape, play: Play, args,
                    table_ids: list[int]) -> dict:
    from django.utils import timezone

    began = timezone.now()
    play.accepting = True
    for player in players:
        await player.maybe_ready()
    await asyncio.sleep(5)
    print(f"  {fault}: injecting", flush=True)
    fenced_before = fenced_lines(shape.logs)
    owned = await inject(fault, shape)
    await asyncio.sleep(args.window - 5)
    play.accepting = False
    # Rounds dealt in the drain too (the last readies of the window) must settle.
    drain_until = time.monotonic() + args.arrange_seconds + 40
    while time.monotonic() < drain_until:
        round_ids, _ = await asyncio.to_thread(rounds_since, table_ids, began)
        if not await asyncio.to_thread(open_rounds, round_ids):
            break
        await asyncio.sleep(1)
    await asyncio.sleep(12)  # the clients' deadline watch and resyncs settle down
    round_ids, settled = await asyncio.to_thread(rounds_since, table_ids, began)
    versions, latest, connected = await asyncio.to_thread(server_views, table_ids)
    stuck = sum(1 for p in players
                if not p.open or p.version != versions[p.table_id]
                or (latest.get(p.table_id) == "settled" and p.phase == "arranging"))
    wrong_presence = sum(1 for p in players
                         if connected.get((p.table_id, p.user_id)) != p.open)
    twice = await asyncio.to_thread(settled_twice, round_ids)
    return {"fault": fault, "dealt": len(round_ids), "settled": settled,
            "lost": len(round_ids) - settled, "stuck": stuck, "presence": wrong_presence,
            "twice": twice, "owned": owned,
            "fenced": fenced_lines(shape.logs) - fenced_before}


async def run(args, tables: list[dict], shape: Shape) -> list[dict]:
    play = Play()
    players = [Player(table["id"], user_id, cookie, shape.ports, index % 2, play)
               for index, table in enumerate(tables)
               for user_id, cookie in table["players"]]
    supervisor = asyncio.create_task(shape.supervise())
    tasks = [asyncio.create_task(player.run()) for player in players]
    await asyncio.sleep(8)  # everyone connects and reads the state
    table_ids = [table["id"] for table in tables]
    rows = []
    for fault in args.faults.split(","):
        print(f"fault: {fault} ({args.window:g} s of play) ...", flush=True)
        rows.append(await run_fault(fault.strip(), players, shape, play, args, table_ids))
        print(f"  {rows[-1]}", flush=True)
    play.over = True
    for player in players:
        if player.ws is not None:
            await player.ws.close()
    supervisor.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return rows


def print_table(rows: list[dict], args, shape: Shape) -> None:
    print()
    print(f"{args.tables} tables x 4 players, 2 daphne + 1 celery worker, PostgreSQL + Redis; "
          f"{args.window:g} s of play per fault, arrange clock {args.arrange_seconds} s")
    header = (f"{'fault':<15} {'dealt':>6} {'settled':>8} {'lost':>5} {'stuck':>6} "
              f"{'wrong presence':>15} {'settled twice':>14} {'owned':>6} {'fenced':>7}")
    print(header)
    print("-" * len(header))
    for row in rows:
        print(f"{row['fault']:<15} {row['dealt']:>6} {row['settled']:>8} {row['lost']:>5} "
              f"{row['stuck']:>6} {row['presence']:>15} {row['twice']:>14} "
              f"{row['owned'] or '':>6} {row['fenced']:>7}")
    print(f"processes restarted by the supervisor: {', '.join(shape.restarts) or 'none'}")


def main() -> None:
    args = parse_args()
    if shutil.which("redis-server") is None:
        raise SystemExit("redis-server is needed (the run starts and kills its own)")
    name = f"chaos_{os.getpid()}"
    admin = admin_connection(args.postgres)
    admin.execute(f'CREATE DATABASE "{name}"')
    logs = Path(tempfile.mkdtemp(prefix="chaos-"))
    shape = Shape({}, logs)
    env = {**os.environ, "DATABASE_URL": with_database(args.postgres, name, conn_max_age=60),
           "REDIS_URL": shape.redis_url, "DEPLOYMENT_NAME": "chaos",
           "ALLOWED_HOSTS": "127.0.0.1", "DEBUG": "false",
           "SECRET_KEY": "chaos-benchmark-only-" + os.urandom(16).hex(),
           "SECURE_SSL_REDIRECT": "false", "EMBEDDED_WORKER": "false", "LOG_LEVEL": "WARNING",
           "DJANGO_SETTINGS_MODULE": "config.settings"}
    shape.env = env
    rows: list[dict] = []
    try:
        print(f"preparing {args.tables} tables x 4 players (logs in {logs}) ...", flush=True)
        shape.start_redis()  # creating the tables broadcasts their seats
        tables = prepare(args, env)
        from rules.models import RuleSet

        RuleSet.objects.filter(slug=args.rules).update(arrange_seconds=args.arrange_seconds)
        shape.start_all()
        rows = asyncio.run(run(args, tables, shape))
    finally:
        shape.stop()
        from django.db import connections

        connections.close_all()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
    print_table(rows, args, shape)
    if any(row["lost"] or row["stuck"] or row["twice"] for row in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
