"""`manage.py sync_presets [--reset SLUG ...]`: the stored presets against presets.json.

The data migration copied the engine's presets into the database once. When presets.json
changes later (or to undo an admin's tuning), this command creates presets that are
missing, lists the ones that differ, and replaces those named with --reset.
"""

from django.core.management.base import BaseCommand, CommandError

from rules.services import presets_sync


class Command(BaseCommand):
    help = ("Create missing presets from the engine's presets.json and list those that "
            "differ; --reset SLUG ... replaces the named ones (or --reset all).")

    def add_arguments(self, parser):
        parser.add_argument("--reset", nargs="+", default=[], metavar="SLUG",
                            help="presets to replace with presets.json ('all' for every one)")

    def handle(self, *args, reset, **options):
        from rules.engine.presets import PRESET_NAMES

        slugs = PRESET_NAMES if reset == ["all"] else reset
        try:
            report = presets_sync(reset=slugs)
        except ValueError as error:
            raise CommandError(str(error)) from error
        for slug in report["created"]:
            self.stdout.write(f"created {slug}")
        for slug in report["reset"]:
            self.stdout.write(f"reset {slug} to presets.json")
        for slug in report["differs"]:
            self.stdout.write(f"{slug} differs from presets.json "
                              f"(kept; --reset {slug} replaces it)")
        self.stdout.write(self.style.SUCCESS(
            f"{len(report['same'])} preset(s) already match presets.json"))
