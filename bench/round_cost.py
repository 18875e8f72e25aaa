"""The server's cost of a live round, door by door: CPU milliseconds and SQL queries.

    python bench/round_cost.py [--rounds 200] [--players 4] [--rules standard] [--rated]
                               [--postgres postgres://postgres@127.0.0.1:5432/postgres]
                               [--redis redis://127.0.0.1:6379/7] [--advice] [--reconnect]

It creates a throw-away PostgreSQL database, migrates it, seats `--players` players at
one table per round and plays `--rounds` rounds through games.live.services, called
directly — no sockets, exactly what a consumer runs for each message: every player
presses ready (the last ready deals), every player submits their first hint (the last
submission settles). With `--redis` the broadcasts go through the Redis channel layer
(as in production; the Redis database is flushed, so give it one of its own), without it
through the in-memory layer. The arrange timer is queued as in production (Celery's
in-memory broker without --redis). `--rated`: the table is rated (issue 26), so each
settlement also moves the players' ratings. `--advice`: the advisor worker's two tasks
run here too, as its worker runs them when it keeps up — the hint values after each deal
(games.live.advice_tasks, before anyone submits), the analysis after each settlement
(games.record.analysis) — and are printed apart, Django and SQL included (issue 23's
"advice of a round"; bench/bots.py prints the advisor's part alone). `--reconnect`: in
each round, while the hands are arranged, one player's socket closes and a new one
opens (a reload), as the table's consumer runs it — the disconnect, the connect's checks,
the overdue-timer look and the `state` payload — printed apart from the round.

Printed per door — ready (all but the last), deal (the last ready), submit (all but the
last), settle (the last submission) — and per round: CPU ms (this process's own
accounting, `time.process_time`), SQL queries, and messages sent, with CPU and queries
per message. The first rounds warm caches and are left out (--warm-up). Tests never run
this; it only prints.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ws_load import BIN, admin_connection, with_database  # noqa: E402

DOORS = ("ready", "deal", "submit", "settle")
ADVICE = ("hint values", "analysis")  # the advisor worker's tasks (--advice)
APART = (*ADVICE, "reconnect")  # printed on lines of their own, not in the round's total


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--warm-up", type=int, default=10, help="rounds left out first")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--rated", action="store_true",
                        help="a rated table: the settlement moves the ratings too")
    parser.add_argument("--postgres", default=os.environ.get(
        "BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also print the N costliest functions (cProfile, cumulative)")
    parser.add_argument("--show-queries", action="store_true",
                        help="also print the SQL of each door of the last round")
    parser.add_argument("--redis", default=None,
                        help="a Redis database it may flush (default: in-memory layer)")
    parser.add_argument("--reconnect", action="store_true",
                        help="also close and reopen one player's socket while each round "
                             "is arranged, as the table's consumer runs it (printed apart)")
    parser.add_argument("--advice", action="store_true",
                        help="also run the advisor worker's two tasks in this process: "
                             "the hint values after each deal, the analysis after each "
                             "settlement (printed apart from the live round)")
    return parser.parse_args()


class Meter:
    """CPU seconds, queries and messages, added up per door."""

    def __init__(self) -> None:
        from django.db import connection

        # The log keeps each statement as sent, placeholders and all: composing it with
        # its parameters for the log (Django's last_executed_query, a client-side mogrify
        # under server-side binding) costs more than running it, and would be counted as
        # the round's CPU although production, which logs no SQL, never pays it.
        connection.ops.last_executed_query = lambda cursor, sql, params: sql
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.queries: dict[str, list[int]] = defaultdict(list)
        self.messages: dict[str, list[int]] = defaultdict(list)
        self.rounds: list[float] = []  # CPU seconds of each whole round
        self.sent = 0
        self.last_sql: list[tuple[str, str]] = []  # (door, statement) of the last round

    def measure(self, door: str, call) -> None:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        sent_before = self.sent
        # The log keeps the last 9,000 queries: emptied first, so a long run still counts
        # each door's queries (BEGIN, COMMIT and savepoints included) exactly.
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            started = time.process_time()
            call()
            spent = time.process_time() - started
        self.cpu[door].append(spent)
        if door == "ready" and (not self.rounds or len(self.cpu["settle"]) == len(self.rounds)):
            self.rounds.append(0.0)  # a round's first ready opens it
            self.last_sql = []
        self.last_sql += [(door, query["sql"]) for query in captured.captured_queries]
        if door not in APART:
            self.rounds[-1] += spent
        self.queries[door].append(len(captured))
        self.messages[door].append(self.sent - sent_before)


def play(args, meter: Meter) -> None:
    from accounts.models import User
    from games.live import broadcast, services
    from games.machine import hand_hints
    from games.live.advice_tasks import store_hint_values
    from games.models import Hand
    from games.record.analysis import analyse_round
    from rules.engine.config import RuleConfig

    original = broadcast.send_many

    def counted(messages):
        meter.sent += len(messages)
        return original(messages)

    broadcast.send_many = counted
    users = [User.objects.create(username=f"cost{n}", display_name=f"Cost {n}")
             for n in range(args.players)]
    table = services.table_create(user=users[0], rule_set=args.rules, name="cost",
                                  rated=args.rated)
    for user in users[1:]:
        services.table_join(user=user, invite_code=table.invite_code)
    for user in users:  # each with a socket open, as at a live table
        services.player_connection(table_id=table.id, user=user, connected=True)
    for number in range(args.rounds + args.warm_up):
        scratch = Meter() if number < args.warm_up else meter
        if number < args.warm_up:
            scratch.sent = meter.sent
        for index, user in enumerate(users):
            door = "deal" if index == len(users) - 1 else "ready"
            scratch.measure(door, lambda: services.player_ready(table_id=table.id, user=user))
        hands = {h.user_id: h for h in Hand.objects.filter(round__table=table,
                                                            submitted_at__isnull=True)}
        round_id = next(iter(hands.values())).round_id
        if args.advice:  # as the advice worker runs it, when it keeps up: before any submits
            scratch.measure("hint values", lambda: store_hint_values(round_id))
        if args.reconnect:  # a reload mid-round: what TableConsumer's disconnect and connect run
            scratch.measure("reconnect", lambda: reconnect(table.id, users[number % len(users)]))
        for index, user in enumerate(users):
            hand = hands[user.id]
            hint = hand_hints(hand.dealt_cards, RuleConfig.from_dict(hand.round.rules))[0]
            door = "settle" if index == len(users) - 1 else "submit"
            if hint["special"]:
                call = lambda: services.round_declare(table_id=table.id, user=user)  # noqa: E731
            else:
                call = lambda: services.round_submit(  # noqa: E731
                    table_id=table.id, user=user, front=hint["front"], middle=hint["middle"],
                    back=hint["back"])
            scratch.measure(door, call)
        if args.advice:
            scratch.measure("analysis", lambda: analyse_round(round_id))
        if number < args.warm_up:
            meter.sent = scratch.sent


def reconnect(table_id: int, user) -> None:
    """What the table's consumer runs when a player's socket closes and a new one opens
    (games.live.consumers: disconnect, connect, send_state), the sockets' own work aside."""
    from games.live import selectors, services

    services.player_connection(table_id=table_id, user=user, connected=False)
    selectors.table_get(table_id=table_id, user=user)
    services.player_connection(table_id=table_id, user=user, connected=True)
    state = selectors.table_state(table_id=table_id, user=user)
    if services.overdue(state["round"]):  # never, here: the round is being arranged
        services.round_timeout_overdue(table_id=table_id)


def report(args, meter: Meter) -> None:
    rounds = args.rounds
    print(f"rules {args.rules}, players {args.players}, rounds {rounds} "
          f"(after {args.warm_up} warm-up), layer {'redis' if args.redis else 'in-memory'}")
    print(f"{'door':<8} {'calls/round':>11} {'CPU ms/round':>13} {'queries/round':>14} "
          f"{'messages/round':>15} {'CPU ms/msg':>11} {'queries/msg':>12}")
    totals = {"cpu": 0.0, "queries": 0, "messages": 0}
    for door in DOORS:
        cpu = sum(meter.cpu[door]) * 1000 / rounds
        queries = sum(meter.queries[door]) / rounds
        messages = sum(meter.messages[door]) / rounds
        calls = len(meter.cpu[door]) / rounds
        totals["cpu"] += cpu
        totals["queries"] += queries
        totals["messages"] += messages
        per = (f"{cpu / messages:>11.2f} {queries / messages:>12.2f}" if messages
               else f"{'-':>11} {'-':>12}")
        print(f"{door:<8} {calls:>11.0f} {cpu:>13.2f} {queries:>14.1f} {messages:>15.1f} {per}")
    per_round_cpu = [seconds * 1000 for seconds in meter.rounds]
    print(f"{'round':<8} {'':>11} {totals['cpu']:>13.2f} {totals['queries']:>14.1f} "
          f"{totals['messages']:>15.1f} {totals['cpu'] / totals['messages']:>11.2f} "
          f"{totals['queries'] / totals['messages']:>12.2f}")
    if args.advice:  # the advisor worker's CPU and SQL for each round, apart from the above
        advice = [(sum(meter.cpu[door]) * 1000 / rounds, sum(meter.queries[door]) / rounds)
                  for door in ADVICE]
        for door, (cpu, queries) in zip(ADVICE, advice):
            print(f"{door:<12} {cpu:>8.2f} ms/round {queries:>6.1f} queries/round")
        print(f"advice of a round (the advisor worker's two tasks, Django included): "
              f"{sum(cpu for cpu, _ in advice):.2f} ms (issue 23: <= 15 ms)")
    if args.reconnect:
        cpu = sum(meter.cpu["reconnect"]) * 1000 / rounds
        queries = sum(meter.queries["reconnect"]) / rounds
        print(f"{'reconnect':<12} {cpu:>8.2f} ms/round {queries:>6.1f} queries/round "
              "(a socket closed and opened again mid-round, apart from the round)")
    if args.show_queries:
        for door, sql in meter.last_sql:
            print(f"{door:<7} {sql[:220]}")
    if per_round_cpu:
        print(f"CPU ms per round: median {statistics.median(per_round_cpu):.2f}, "
              f"p90 {sorted(per_round_cpu)[int(len(per_round_cpu) * 0.9) - 1]:.2f}")


def main() -> None:
    args = parse_args()
    name = f"round_cost_{os.getpid()}"
    admin = admin_connection(args.postgres)
    admin.execute(f'CREATE DATABASE "{name}"')
    env = {"DATABASE_URL": with_database(args.postgres, name, conn_max_age=300),
           "DEBUG": "false", "SECRET_KEY": "round-cost-benchmark-only-" + os.urandom(16).hex(),
           "SECURE_SSL_REDIRECT": "false", "ALLOWED_HOSTS": "127.0.0.1",
           "EMBEDDED_WORKER": "false", "LOG_LEVEL": "WARNING",
           "DJANGO_SETTINGS_MODULE": "config.settings"}
    if args.redis:
        import redis

        redis.Redis.from_url(args.redis).flushdb()
        env["REDIS_URL"] = args.redis
    else:
        os.environ.pop("REDIS_URL", None)
    os.environ.update(env)
    try:
        import subprocess

        subprocess.run([str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=os.environ, check=True)
        import django

        django.setup()
        meter = Meter()
        if args.profile:
            import cProfile
            import pstats

            profiler = cProfile.Profile(time.process_time)  # CPU, as the table prints
            profiler.runcall(play, args, meter)
            pstats.Stats(profiler).sort_stats(os.environ.get("PROFILE_SORT", "cumulative")).print_stats(args.profile)
        else:
            play(args, meter)
        report(args, meter)
    finally:
        from django.db import connections

        connections.close_all()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


if __name__ == "__main__":
    main()
