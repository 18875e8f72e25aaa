"""The record of play: history, statistics and leaderboards (history.py), replays rebuilt
from the event log (replays.py), hand-history text (export.py), and their pages and API.
Only settled rounds are read here."""
