"""Load benchmark of live tables: N tables of 4 scripted WebSocket players on loopback.

    python bench/ws_load.py [--tables 100] [--players 4] [--rounds 3] [--time-limit 240]
                            [--rules standard]  (shisandao: scripted bids, exchanges, negotiations)
                            [--postgres postgres://postgres@127.0.0.1:5432/postgres]
                            [--redis redis://127.0.0.1:6379/7] [--port 8765]
                            [--connections-apart]

It creates a throw-away PostgreSQL database, migrates it, creates the players (with
sessions), tables and seats, then starts the production shape as subprocesses bound to
127.0.0.1: daphne serving config.asgi (--servers processes, one per core as production
would run it, tables spread over them), a `celery -A config worker -Q celery` (the arrange
timers) and, unless --no-advisor, the advisor's worker on the `advice` queue at nice 10
(hint values and analyses, as deploy/systemd runs it; its CPU is printed on its own
line), all on PostgreSQL + Redis (channel layer and broker; the Redis database given is
flushed first, so give the benchmark a database of its own), and waits until they are
done starting (their CPU quiet: wait_until_quiet). Each table's players
connect (20 handshakes at a time), press ready, wait for their hand, submit the first
hint (or declare the special) after a random think (--think-min..--think-max seconds; the
arrange clock gives 30), and wait for `settled`; then the next round.

Figures printed: rounds per second; the CPU per settled round of the server processes
(the timer worker's share of it said apart), of the PostgreSQL backends serving them (and
the advisor's included there), and of the advisor's worker on its own line — read once
its queue has drained, with how many of the settled rounds' hands it valued and analysed
(all of them when it kept up); p50 / p99
of the reveal latency (from the moment the last player of a round sent their submission
to the moment *every* player of the table had received `settled`); lost rounds (some
player never received `settled` within 30 s) and inconsistent ones (the players'
`settled` messages differ, totals do not sum to 0, or a revealed hand's rows and discards
are not the cards that player was dealt; with `--rules extra-three` each player holds 16
cards and keeps the first hint's 13). With `--rounds 0` the players connect, read the
state and close, and the CPU per connection is printed instead (a table's players
connect once: at 3 rounds a table, each round's figure carries a third of a
connection's cost for each player); `--connections-apart` has every player connect before
any table plays and prints, besides, each connection's CPU and the rounds' alone. It stops
by itself:
after --rounds rounds per table or at --time-limit seconds, whichever comes first, and
then stops its servers and drops its database. Tests never run this; it only prints.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import traceback
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rules", default="standard",
                        help="the preset the tables play (standard, extra-three, ...)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds per table (0: the players connect, read the state and "
                             "close; the CPU per connection is printed)")
    parser.add_argument("--time-limit", type=float, default=240.0,
                        help="seconds of play at most")
    parser.add_argument("--think-min", type=float, default=2.0,
                        help="a player's shortest think before submitting (s)")
    parser.add_argument("--think-max", type=float, default=10.0,
                        help="a player's longest think (s); the clock gives 30")
    parser.add_argument("--postgres", default=os.environ.get(
        "BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL server URL; the benchmark creates and drops its own database")
    parser.add_argument("--redis", default=os.environ.get(
        "BENCH_REDIS", "redis://127.0.0.1:6379/7"), help="a Redis database it may flush")
    parser.add_argument("--port", type=int, default=0,
                        help="the first daphne's port, the next ones follow (0: free ones)")
    parser.add_argument("--no-advisor", action="store_true",
                        help="run no advisor worker (hint values and analyses then wait)")
    parser.add_argument("--servers", type=int, default=2,
                        help="daphne processes (one per core), tables spread over them")
    parser.add_argument("--asgi-threads", type=int, default=4,
                        help="database threads per daphne process")
    parser.add_argument("--connections-apart", action="store_true",
                        help="every player connects before any table plays, and the CPU "
                             "of the connections is printed apart from the rounds'")
    return parser.parse_args()


# --- set-up ---------------------------------------------------------------------------------


def with_database(url: str, name: str, **query) -> str:
    parts = urlsplit(url)
    extra = "&".join(f"{k}={v}" for k, v in query.items())
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", extra, ""))


def admin_connection(url: str):
    import psycopg

    parts = urlsplit(url)
    return psycopg.connect(host=parts.hostname or "localhost", port=parts.port or 5432,
                           user=parts.username or "postgres", password=parts.password,
                           dbname=parts.path.lstrip("/") or "postgres", autocommit=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def prepare(args, env) -> list[dict]:
    """Migrate, then create players, sessions, tables and seats; the tables' seat lists."""
    subprocess.run([str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
                   cwd=ROOT, env=env, check=True)
    os.environ.update(env)
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth.hashers import make_password

    # Sessions as a login saves them, with the engine the servers read them with (a
    # cached_db session is in the cache from its login on).
    SessionStore = import_module(settings.SESSION_ENGINE).SessionStore

    from accounts.models import User
    from games.live import services

    password = make_password("bench-players-only")
    users = User.objects.bulk_create([
        User(username=f"bench{n}", display_name=f"Bench {n}", password=password)
        for n in range(args.tables * args.players)])
    cookies = {}
    for user in users:
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        cookies[user.pk] = f"sessionid={session.session_key}"
    tables = []
    for t in range(args.tables):
        group = users[t * args.players:(t + 1) * args.players]
        table = services.table_create(user=group[0], rule_set=args.rules, name=f"bench {t}")
        for user in group[1:]:
            services.table_join(user=user, invite_code=table.invite_code)
        tables.append({"id": table.id, "players": [(u.pk, cookies[u.pk]) for u in group]})
    from django.db import connections

    from games.live.owner import let_go

    let_go()  # the servers own the tables, not this harness (games.live.owner)

    connections.close_all()
    return tables


def start_servers(args, env, ports) -> list[subprocess.Popen]:
    """The servers, started and done starting; none left running if one fails."""
    processes: list[subprocess.Popen] = []
    try:
        return _start_servers(args, env, ports, processes)
    except BaseException:
        stop_servers(processes)
        raise


def _start_servers(args, env, ports, processes) -> list[subprocess.Popen]:
    logs = Path(os.environ.get("TMPDIR", "/tmp"))
    for index, port in enumerate(ports):
        processes.append(subprocess.Popen(
            [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port),
             "config.asgi:application"],
            cwd=ROOT, env={**env, "ASGI_THREADS": str(args.asgi_threads)},
            stdout=open(logs / f"ws_load.daphne{index}.log", "w"), stderr=subprocess.STDOUT))
    processes.append(subprocess.Popen(
        [str(BIN / "celery"), "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
         "-Q", "celery", "-n", "timers@%h",
         "--without-heartbeat", "--without-mingle", "--without-gossip"],
        cwd=ROOT, env=env, stdout=open(logs / "ws_load.celery.log", "w"),
        stderr=subprocess.STDOUT))
    processes[-1].timers = True  # its share is printed apart from the daphnes'
    if not args.no_advisor:  # as deploy/: the advisor's own worker, at a low priority
        # Its compiled loops first, so that the worker's own warm-up (config/celery.py,
        # worker_init) only loads them: compiling them (~20 s once per change of
        # rules/engine/compiled*.py) must not be counted as rounds' CPU.
        subprocess.run([sys.executable, "-m", "rules.engine.compiled"], cwd=ROOT, env=env,
                       check=True, stdout=subprocess.DEVNULL)
        processes.append(advisor := subprocess.Popen(
            ["nice", "-n", "10", str(BIN / "celery"), "-A", "config", "worker",
             "--pool=solo", "--loglevel=WARNING", "-Q", "advice", "-n", "advisor@%h",
             "--without-heartbeat", "--without-mingle", "--without-gossip"],
            cwd=ROOT, env=env, stdout=open(logs / "ws_load.advisor.log", "w"),
            stderr=subprocess.STDOUT))
        advisor.advisor = True  # its CPU is told apart from the live path's
    deadline = time.monotonic() + 30
    waiting = list(ports)
    while waiting and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", waiting[0]), timeout=1).close()
            waiting.pop(0)
        except OSError:
            if any(p.poll() is not None for p in processes):
                break
            time.sleep(0.2)
    if waiting:
        stop_servers(processes)
        raise SystemExit("daphne did not start; see ws_load.daphne*.log")
    wait_until_quiet(processes)  # done starting
    return processes


def wait_until_quiet(processes, *, quiet: float = 0.05, limit: float = 60.0) -> None:
    """Wait until every one of `processes` is idle: its CPU grew by less than `quiet`
    seconds in the last second (at most `limit` seconds). Before playing, so that the
    servers are done starting: the daphnes answer on their ports before the Celery
    workers are ready, and a worker's start-up (Django, and the advisor's loops loaded
    and warmed: ~2.5 s of CPU) counted at 100 tables and 4 rounds is ~6 ms of every
    round's figure, which is not what a round costs; after playing, so that the
    advisor's queue has drained."""
    deadline = time.monotonic() + limit
    before = [pid_cpu_seconds(p.pid) for p in processes]
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = [pid_cpu_seconds(p.pid) for p in processes]
        if all(after - earlier < quiet for earlier, after in zip(before, now)):
            return
        before = now


def server_cpu_seconds(processes) -> float:
    """User + system CPU seconds the server processes have used, from /proc (Linux): a
    steadier figure of a round's cost than latency on a shared machine."""
    return sum(pid_cpu_seconds(process.pid) for process in processes)


def pid_cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def backend_cpu_seconds(admin, database: str) -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend connected to `database` (on this machine,
    from /proc): the database's share of a round. A backend that closes during the run
    takes its CPU with it (the servers keep theirs open: CONN_MAX_AGE)."""
    pids = [row[0] for row in admin.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = %s", [database]).fetchall()]
    return {pid: pid_cpu_seconds(pid) for pid in pids}


def stop_servers(processes) -> None:
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- the players ----------------------------------------------------------------------------


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.later_latencies: list[float] = []  # rounds after each table's first
        self.settled = 0
        self.lost = 0
        self.inconsistent = 0
        self.stale = 0  # messages of an earlier round seen again (skipped by version)
        self.refusals = 0  # 十三道 moves a timer beat (counted, not fatal)
        self.errors: list[str] = []

    def fresh(self, previous: dict):
        """As a real client does, trust versions, not arrival: a message of an earlier
        round (delivered twice) is skipped and counted."""
        def accept(message) -> bool:
            if message["version"] > previous.get("version", 0):
                return True
            self.stale += 1
            return False
        return accept

    def record_settled(self, previous: dict, settled: list[dict], latency: float) -> None:
        # A table's first round carries the start-up burst (400 handshakes at once);
        # rounds after it show the steady state. Test before recording its version.
        first_round = not previous.get("version")
        previous["version"] = max(m["version"] for m in settled)
        self.settled += 1
        self.latencies.append(latency)
        if not first_round:
            self.later_latencies.append(latency)


async def play_table(table: dict, args, port: int, stats: Stats, stop_at: float,
                     connecting: asyncio.Semaphore, apart: "Apart | None" = None) -> None:
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/tables/{table['id']}/"
    origin = f"http://127.0.0.1:{port}"
    sockets = []
    try:
        for _user_id, cookie in table["players"]:
            async with connecting:  # players arrive over a few seconds, not all at once
                ws = await websockets.connect(url, origin=origin, max_size=2**20,
                                              additional_headers={"Cookie": cookie},
                                              open_timeout=30, ping_interval=None)
                sockets.append(ws)
                await until(ws, "state", 30)
        if apart is not None:
            await apart.connected()
        previous: dict = {}
        for _round in range(args.rounds):
            if time.monotonic() > stop_at:
                break
            if args.banker:
                await play_banker_round(sockets, args, stats, previous)
            else:
                await play_round(sockets, args, stats, previous)
    except Exception as error:  # noqa: BLE001 — a benchmark reports, it does not crash
        stats.errors.append(f"table {table['id']}: {type(error).__name__}: {error} "
                            + traceback.format_exc()[-600:])
        if apart is not None and not apart.play.is_set():  # failed before it connected
            apart.lost()
    finally:
        for ws in sockets:
            await ws.close()


async def until(ws, kind: str, timeout: float, accept=lambda message: True) -> dict:
    """The next message of type `kind` that `accept`s; errors raise, others are skipped."""
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        try:
            if remaining <= 0:
                raise TimeoutError
            message = json.loads(await asyncio.wait_for(ws.recv(), remaining))
        except TimeoutError:
            raise TimeoutError(f"no {kind} within {timeout:g} s") from None
        if message["type"] == kind and accept(message):
            return message
        if message["type"] == "error":
            raise RuntimeError(f"{message['code']}: {message['message']}")


async def play_round(sockets, args, stats: Stats, previous: dict) -> None:
    for ws in sockets:
        await ws.send(json.dumps({"type": "ready"}))
    fresh = stats.fresh(previous)

    try:
        hands = await asyncio.gather(*(until(ws, "hand", 30, fresh) for ws in sockets))
    except TimeoutError as error:
        # Say what the server thinks: who is ready, which round, which version.
        await sockets[0].send(json.dumps({"type": "sync"}))
        state = await until(sockets[0], "state", 10)
        round = state["round"] or {}
        raise TimeoutError(
            f"{error}; server: version {state['version']}, round {round.get('number')} "
            f"{round.get('phase')}, ready {[s['ready'] for s in state['seats']]}, "
            f"connected {[s['connected'] for s in state['seats']]}, "
            f"last settled version {previous.get('version')}") from None
    round_id = hands[0]["round_id"]
    sent_at: list[float] = [0.0] * len(sockets)
    received_at: list[float | None] = [None] * len(sockets)
    settled: list[dict | None] = [None] * len(sockets)

    async def player(index: int) -> None:
        ws, hand = sockets[index], hands[index]
        await asyncio.sleep(random.uniform(args.think_min, args.think_max))
        hint = hand["hints"][0]
        if hint["special"]:
            message = {"type": "declare"}
        else:
            message = {"type": "submit", "front": hint["front"], "middle": hint["middle"],
                       "back": hint["back"]}
        sent_at[index] = time.monotonic()
        await ws.send(json.dumps(message))
        try:
            settled[index] = await until(ws, "settled", 30,
                                         lambda m: m["round"]["id"] == round_id)
            received_at[index] = time.monotonic()
        except TimeoutError:
            pass

    await asyncio.gather(*(player(i) for i in range(len(sockets))))
    if any(t is None for t in received_at):
        stats.lost += 1
        return
    stats.record_settled(previous, settled, max(received_at) - max(sent_at))
    rounds = [m["round"] for m in settled]
    revealed = rounds[0]["hands"]
    consistent = (len({h["round_id"] for h in hands}) == 1
                  and all(r == rounds[0] for r in rounds)
                  and sum(h["points"] for h in revealed) == 0
                  and all(sorted(h["front"] + h["middle"] + h["back"] + h["discards"])
                          == sorted(hand["cards"]) and h["cards"] == hand["cards"]
                          and h["candidates"] == hand["candidates"]
                          for h, hand in zip(revealed, hands)))
    if not consistent:
        stats.inconsistent += 1


async def play_banker_round(sockets, args, stats: Stats, previous: dict) -> None:
    """A 十三道 round: every phase scripted by bench/banker_players.py."""
    from bench.banker_players import BankerRound, play_banker_player

    shared = BankerRound()
    fresh = stats.fresh(previous)

    for ws in sockets:
        await ws.send(json.dumps({"type": "sync"}))  # each learns its seat from `state`
        await ws.send(json.dumps({"type": "ready"}))
    settled = await asyncio.gather(*(play_banker_player(ws, args, shared, fresh)
                                     for ws in sockets))
    stats.refusals += shared.refusals
    if any(message is None for message in settled):
        stats.lost += 1
        return
    stats.record_settled(previous, settled, time.monotonic() - shared.last_move)
    rounds = [m["round"] for m in settled]
    if not (all(r == rounds[0] for r in rounds)
            and sum(rounds[0]["totals"].values()) == 0
            and rounds[0]["banker"] is not None):
        stats.inconsistent += 1


class Apart:
    """--connections-apart: every table's players connect before any table plays, and
    the CPU read in between (`measure`, called once) tells connections from rounds."""

    def __init__(self, tables: int, measure) -> None:
        self.waiting, self.measure = tables, measure
        self.play = asyncio.Event()
        self.reading: dict | None = None

    async def connected(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            await asyncio.sleep(1)  # the last connections' work is done
            self.reading = self.measure()
            self.play.set()
        await self.play.wait()

    def lost(self) -> None:
        """A table that failed before it connected: not waited for."""
        self.waiting -= 1
        if self.waiting == 0:
            self.reading = self.measure()
            self.play.set()


async def run_load(tables, args, ports, measure=None) -> tuple[Stats, float, "Apart | None"]:
    stats = Stats()
    started = time.monotonic()
    stop_at = started + args.time_limit
    connecting = asyncio.Semaphore(20)
    apart = Apart(len(tables), measure) if args.connections_apart else None

    tasks = [asyncio.create_task(play_table(table, args, ports[i % len(ports)], stats,
                                            stop_at, connecting, apart))
             for i, table in enumerate(tables)]
    done, pending = await asyncio.wait(tasks, timeout=args.time_limit + 60)
    for task in pending:
        task.cancel()
    return stats, time.monotonic() - started, apart


def advice_done() -> dict[str, int]:
    """How much of the advisor's work was done: the settled rounds' hands, and how many
    of them had their hints valued and their analysis written (every one, when the
    worker kept up; 十三道's hints are valued once its arranging starts)."""
    from django.db.models import Count, Q

    from games.models import Hand, RoundPhase

    return Hand.objects.filter(round__phase=RoundPhase.SETTLED).aggregate(
        hands=Count("id"), valued=Count("id", filter=Q(hint_values__isnull=False)),
        analysed=Count("id", filter=Q(analysis__isnull=False)))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main() -> None:
    args = parse_args()
    from rules.engine.presets import PRESETS

    args.banker = PRESETS[args.rules].mode == "banker"
    name = f"ws_load_{os.getpid()}"
    admin = admin_connection(args.postgres)
    admin.execute(f'CREATE DATABASE "{name}"')
    import redis

    redis.Redis.from_url(args.redis).flushdb()
    ports = [args.port + i if args.port else free_port() for i in range(args.servers)]
    env = {**os.environ, "DATABASE_URL": with_database(args.postgres, name, conn_max_age=300),
           "REDIS_URL": args.redis, "ALLOWED_HOSTS": "127.0.0.1",
           # Production settings (DEBUG off: no query log), minus TLS, which loopback lacks.
           "DEBUG": "false", "SECRET_KEY": "ws-load-benchmark-only-" + os.urandom(16).hex(),
           "SECURE_SSL_REDIRECT": "false",
           "EMBEDDED_WORKER": "false", "LOG_LEVEL": "WARNING",
           "DJANGO_SETTINGS_MODULE": "config.settings"}
    processes = []
    try:
        print(f"preparing {args.tables} tables x {args.players} players ...", flush=True)
        tables = prepare(args, env)
        processes = start_servers(args, env, ports)
        print(f"playing up to {args.rounds} rounds per table (think {args.think_min:g}.."
              f"{args.think_max:g} s, "
              f"limit {args.time_limit:.0f} s) ...", flush=True)
        live = [p for p in processes if not getattr(p, "advisor", False)]
        advisors = [p for p in processes if getattr(p, "advisor", False)]
        timers = [p for p in live if getattr(p, "timers", False)]
        cpu_before = (server_cpu_seconds(live), server_cpu_seconds(advisors),
                      server_cpu_seconds(timers))
        backends_before = backend_cpu_seconds(admin, name)
        def measure() -> dict:
            return {"server": server_cpu_seconds(live),
                    "database": backend_cpu_seconds(admin, name)}

        stats, elapsed, apart = asyncio.run(run_load(tables, args, ports, measure))
        # The advisor's queue drained before anything is read: the analyses of the last
        # rounds (and the values of hands dealt late) are a round's cost as much as the
        # rest, and a worker that fell behind would otherwise print less than a round
        # costs. The servers idle meanwhile.
        if advisors:
            wait_until_quiet(advisors, limit=180.0)
        server_cpu = server_cpu_seconds(live) - cpu_before[0]
        advice_cpu = server_cpu_seconds(advisors) - cpu_before[1]
        timer_cpu = server_cpu_seconds(timers) - cpu_before[2]
        database_cpu = sum(cpu - backends_before.get(pid, 0.0) for pid, cpu
                           in backend_cpu_seconds(admin, name).items())
        advised = advice_done()
    finally:
        stop_servers(processes)
        from django.db import connections

        connections.close_all()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
    lat = stats.latencies
    print(f"rules {args.rules}, tables {args.tables}, "
          f"connections {args.tables * args.players}, "
          f"daphne processes {args.servers}, elapsed {elapsed:.1f} s")
    print(f"rounds settled {stats.settled}, {stats.settled / elapsed:.2f} rounds/s")
    if lat:
        print(f"reveal latency (last submission -> every player has `settled`): "
              f"p50 {percentile(lat, 0.5) * 1000:.0f} ms, p99 {percentile(lat, 0.99) * 1000:.0f}"
              f" ms, max {max(lat) * 1000:.0f} ms, mean {statistics.mean(lat) * 1000:.0f} ms")
    later = stats.later_latencies
    if later:
        print(f"  rounds after each table's first (no start-up burst): "
              f"p50 {percentile(later, 0.5) * 1000:.0f} ms, "
              f"p99 {percentile(later, 0.99) * 1000:.0f} ms")
    if stats.settled:
        print(f"server CPU (daphne + timer worker, their own accounting): {server_cpu:.1f} s, "
              f"{server_cpu / stats.settled * 1000:.1f} ms per settled round "
              f"(the timer worker {timer_cpu / stats.settled * 1000:.1f} ms of it)")
        print(f"PostgreSQL backends' CPU (every process's connections): {database_cpu:.1f} s, "
              f"{database_cpu / stats.settled * 1000:.1f} ms per settled round; with the "
              f"server's: {(server_cpu + database_cpu) / stats.settled * 1000:.1f} ms")
        if not args.no_advisor:
            print(f"advisor worker CPU (hint values, analyses; nice 10): {advice_cpu:.1f} s, "
                  f"{advice_cpu / stats.settled * 1000:.1f} ms per settled round (of the "
                  f"settled rounds' {advised['hands']} hands, {advised['valued']} valued and "
                  f"{advised['analysed']} analysed)")
    if apart is not None and apart.reading is not None and stats.settled:
        connections = args.tables * args.players
        connect_server = apart.reading["server"] - cpu_before[0]
        connect_database = sum(cpu - backends_before.get(pid, 0.0)
                               for pid, cpu in apart.reading["database"].items())
        rounds_server = (server_cpu - connect_server) / stats.settled * 1000
        rounds_database = (database_cpu - connect_database) / stats.settled * 1000
        print(f"--connections-apart: each connection {connect_server / connections * 1000:.2f}"
              f" ms of server CPU and {connect_database / connections * 1000:.2f} ms of "
              f"PostgreSQL's; the rounds alone {rounds_server:.1f} + {rounds_database:.1f} = "
              f"{rounds_server + rounds_database:.1f} ms per settled round (the sockets' "
              f"closing counted with them)")
    if not args.rounds:
        connections = args.tables * args.players - len(stats.errors) * args.players
        print(f"--rounds 0: each player connected, read the state and closed; server CPU "
              f"{server_cpu / max(connections, 1) * 1000:.2f} ms and PostgreSQL's "
              f"{database_cpu / max(connections, 1) * 1000:.2f} ms per connection")
    print(f"lost rounds {stats.lost}, inconsistent rounds {stats.inconsistent}, "
          f"table errors {len(stats.errors)}, stale messages skipped {stats.stale}"
          + (f", moves refused {stats.refusals}" if args.banker else ""))
    for error in stats.errors[:5]:
        print("  ", error)


if __name__ == "__main__":
    main()
