"""A live server for the browser tests: daphne with the embedded Celery worker (so the
arrange timer really fires) on a throw-away SQLite database, plus two hooks that exist
only here, in the tests:

- quick copies of the standard preset (slug `browser-quick`, "Quick test table"), of
  多三张 (`browser-quick-extra`, "Quick 多三张 table") and of 十三道 (`browser-quick-dao`,
  "Quick 十三道 table") whose arrange timer is `--arrange-seconds` long, so a test can
  wait for the automatic submission; 十三道's bidding, exchange and negotiation timers
  are `--arrange-seconds` long too;
- with `--special-seat N`, every deal is chosen (games.live.services.hooks.deal_seed_factory,
  backend's seam for tests) so that seat N holds a special hand and no other seat does.

    python -m tests.browser.live_server --port 8765 --db /tmp/x.sqlite3 --arrange-seconds 8

pytest-django's live_server cannot serve WebSockets and runs no timer, hence this.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import sys

QUICK_SLUG = "browser-quick"
QUICK_EXTRA_SLUG = "browser-quick-extra"
QUICK_DAO_SLUG = "browser-quick-dao"


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True, help="SQLite file (created and migrated)")
    parser.add_argument("--arrange-seconds", type=int, default=30)
    parser.add_argument("--special-seat", type=int, default=None)
    parser.add_argument("--players", type=int, default=4, help="players a chosen deal is for")
    return parser.parse_args(argv)


def _environment(args: argparse.Namespace) -> None:
    # Whatever the suite runs on (PostgreSQL, Redis), this server is self-contained: its
    # own SQLite file, the in-memory channel layer and the in-process Celery broker.
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{args.db}",
        "REDIS_URL": "",
        "EMBEDDED_WORKER": "true",
        "DEBUG": "true",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "REGISTER_RATE": "1000/hour",
    })


def _quick_rule_sets(seconds: int) -> None:
    from dataclasses import replace

    from rules.engine.presets import PRESETS
    from rules.models import RuleSet
    from rules.services import ruleset_create

    quick = {QUICK_SLUG: ("standard", "Quick test table"),
             QUICK_EXTRA_SLUG: ("extra-three", "Quick 多三张 table"),
             QUICK_DAO_SLUG: ("shisandao", "Quick 十三道 table")}
    for slug, (preset, name) in quick.items():
        if not RuleSet.objects.filter(slug=slug).exists():
            config = replace(PRESETS[preset], name=name, arrange_seconds=seconds)
            if config.mode == "banker":
                config = replace(config, bid_seconds=seconds, exchange_seconds=seconds,
                                 negotiate_seconds=seconds)
            ruleset_create(slug=slug, config=config)


def _choose_deals(seat: int, players: int) -> None:
    """Make every deal give `seat` a special hand and nobody else one: the seeds are tried
    in a fixed order, so a run is repeatable, and the deal is still a real seeded deal."""
    from games.live.services import hooks
    from rules.engine.fairness import ALGORITHM as deal_algorithm_v1
    from rules.engine.fairness import deal_from_seed
    from rules.engine.presets import PRESETS
    from rules.engine.specials import best_special

    config = PRESETS["standard"]
    counter = itertools.count()

    def seed_with_special() -> str:
        while True:
            seed = hashlib.sha256(f"browser-test-{next(counter)}".encode()).hexdigest()
            hands, _rest = deal_from_seed(seed, config, players)
            specials = [best_special(hand, config) is not None for hand in hands]
            if specials[seat] and sum(specials) == 1:
                return seed

    hooks.deal_seed_factory = seed_with_special
    # The chosen seed is the whole deal only under v1; v2 would mix in client seeds.
    hooks.deal_scheme = deal_algorithm_v1


def main(argv: list[str] | None = None) -> None:
    args = _arguments(sys.argv[1:] if argv is None else argv)
    _environment(args)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    _quick_rule_sets(args.arrange_seconds)
    if args.special_seat is not None:
        _choose_deals(args.special_seat, args.players)
    _run_daphne(args)


def serve_one_deal(argv: list[str], seed_for, prepare=None) -> None:
    """A test module's own live server, whose every deal is the seed `seed_for(players)`
    chose (under v1, where the seed is the whole deal): the felt's scoop, 多一色's twin
    card. `prepare(args)`: more set-up once the database is migrated (a rule set)."""
    args = _arguments(argv)
    _environment(args)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    _quick_rule_sets(args.arrange_seconds)
    if prepare is not None:
        prepare(args)
    from games.live.services import hooks
    from rules.engine.fairness import ALGORITHM as deal_algorithm_v1

    seed = seed_for(args.players)
    hooks.deal_seed_factory = lambda: seed
    hooks.deal_scheme = deal_algorithm_v1
    _run_daphne(args)


def _run_daphne(args: argparse.Namespace) -> None:
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(["-b", "127.0.0.1", "-p", str(args.port), "config.asgi:application"])


if __name__ == "__main__":
    main()
