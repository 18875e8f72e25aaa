"""The public verification page (docs/fairness.md, "On the verification page"): anyone,
logged in or not, gets the page; it carries its settings and words as JSON data and no
inline script (the Content-Security-Policy refuses those); and the transcripts its
browser check is tested on (tests/js/verify_vectors.json, tests/js/verify_check.test.mjs)
are what the engine deals, and what the independent verifier accepts.

After an engine change:

    .venv/bin/python -m tests.games.record.test_verify_page    # rewrites the vectors
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from rules.engine import fairness
from rules.engine.cards import codes
from rules.engine.presets import PRESETS
from tests.fairness.independent_verifier import canonical, verify

VECTORS = Path(__file__).resolve().parents[2] / "js" / "verify_vectors.json"
V3 = fairness.ALGORITHM_V3


@pytest.mark.django_db
def test_anyone_may_open_the_verification_page(client):
    response = client.get(reverse("history:verify"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="verify-transcript"' in html and 'id="verify-round"' in html
    config = json.loads(re.search(r'<script id="verify-config" type="application/json">(.*?)'
                                  r'</script>', html, re.S).group(1))
    assert config == {"transcript_url": "/api/rounds/{round_id}/transcript/", "round": ""}
    strings = json.loads(re.search(r'<script id="verify-strings" type="application/json">'
                                   r'(.*?)</script>', html, re.S).group(1))
    assert strings["result.ok"].startswith("Verified")


@pytest.mark.django_db
def test_the_page_has_no_inline_script_handler_or_style(client):
    response = client.get(reverse("history:verify") + "?round=12")
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    html = response.content.decode()
    for script in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S):
        attributes, body = script
        # Only data (json_script) and module files: nothing the policy would refuse.
        assert 'type="application/json"' in attributes or ("src=" in attributes
                                                           and not body.strip())
    assert not re.search(r"\son[a-z]+=", html)
    assert not re.search(r"\sstyle=", html)
    assert "js/verify/main.js" in html
    assert '"round": "12"' in html


@pytest.mark.django_db
def test_a_round_id_is_passed_on_as_text_never_as_markup(client):
    html = client.get(reverse("history:verify"), {"round": "</script><b>x"}).content.decode()
    assert "</script><b>x" not in html


def test_the_strings_fill_every_placeholder_the_script_uses():
    from games.record.strings import verify_strings

    strings = verify_strings()
    script = "".join(path.read_text() for path in
                     (Path(__file__).resolve().parents[3] / "static" / "js" / "verify").glob("*.js"))
    for key in set(re.findall(r'"((?:check|form|fetch|result|fact|expect|rules|status)\.[a-z0-9_]+)"',
                              script)):
        assert key in strings, key


# --- the browser check's known answers --------------------------------------------------

def _seed(label: str, length: int = 64) -> str:
    return hashlib.sha256(f"verify-vector-{label}".encode()).hexdigest()[:length]


def _transcript(label: str, preset: str, players: int, *, algorithm=fairness.ALGORITHM_V2,
                round_number=1, exchange=None, bids=None, unsent=()) -> dict:
    """A transcript as games.record.transcript writes one, dealt by the engine: every
    seat's cards in a shuffled order (the check compares multisets). `unsent`: v3's
    seats that sent no seed (null: the server seed fixes theirs)."""
    config = PRESETS[preset]
    server = _seed(label)
    clients = [None if k in unsent else _seed(f"{label}-{k}", 32) for k in range(players)]
    seed = fairness.deal_seed(algorithm, server, round_number, clients)
    hands, rest = fairness.deal_from_seed(seed, config, players)
    hands = [codes(hand) for hand in hands]
    line = {"algorithm": algorithm, "commitment": fairness.commitment(server), "seed": server,
            "rules": {"deck": config.deck, "jokers": config.jokers,
                      "extra_cards": config.hand_size - 13}}
    if algorithm != fairness.ALGORITHM:
        line["round_number"] = round_number
        line["client_seeds"] = clients
    if exchange is not None:
        dealt = dict(enumerate(hands))
        put = {str(k): hands[k][index] for k, index in exchange.get("put", {}).items()}
        exchange = {"put": put, "takes": exchange.get("takes", []),
                    "swapped_by": exchange.get("swapped_by")}
        spare = codes(rest[:13]) if players == 3 else []
        held = fairness.held_after_exchange(dealt, spare, exchange)
        hands = [sorted(held[k].elements()) for k in range(players)]
        line["exchange"] = exchange
    if bids is not None:
        line["bank"] = {"bids": {str(k): bid for k, bid in bids.items()},
                        "banker": fairness.bank_winner(seed, bids), "pot": sum(bids.values())}
    line["hands"] = [sorted(hand, reverse=True) for hand in hands]
    return line


def build() -> dict:
    transcripts = {
        "standard_v2": _transcript("standard", "standard", 4, round_number=3),
        "standard_v1": _transcript("v1", "standard", 2, algorithm=fairness.ALGORITHM),
        "jokers_v2": _transcript("jokers", "jokers", 4, round_number=12),
        "extra_three_v2": _transcript("extra-three", "extra-three", 4, round_number=2),
        # 十三道, 4 players: the pool exchange, and bids that tie (the bank's stream draws).
        "dao_pool_tie_v2": _transcript(
            "dao-pool", "shisandao", 4, round_number=5,
            exchange={"put": {0: 0, 1: 5, 2: 12, 3: 7},
                      "takes": [[2, 3], [3, 0], [0, 1], [1, 2]]},
            bids={0: 4, 1: 7, 2: 7, 3: 7}),
        # 十三道, 3 players: seat 1 swaps for the spare hand, shuffled cards [39, 52).
        "dao_swap_v2": _transcript("dao-swap", "shisandao", 3, round_number=9,
                                   exchange={"swapped_by": 1}, bids={0: 2, 1: 0, 2: 5}),
        # v3: seats 1 and 3 sent no seed (a bot, an away player): the server seed fixes theirs.
        "standard_v3_unsent": _transcript("v3", "standard", 4, algorithm=V3, round_number=6,
                                          unsent=(1, 3)),
        "standard_v3": _transcript("v3-all", "standard", 3, algorithm=V3, round_number=2),
        "dao_pool_tie_v3_bots": _transcript(
            "dao-v3", "shisandao", 4, algorithm=V3, round_number=4, unsent=(0, 1, 2, 3),
            exchange={"put": {0: 1, 1: 2, 2: 3, 3: 4},
                      "takes": [[1, 0], [2, 1], [3, 2], [0, 3]]},
            bids={0: 3, 1: 3, 2: 1, 3: 0}),
    }
    return {"_about": "Transcripts (docs/fairness.md) dealt by rules.engine.fairness for the "
                      "verification page's check; tests/games/record/test_verify_page.py "
                      "writes and checks this file",
            "transcripts": {name: {"transcript": line, "text": canonical(line),
                                   "round_seed": fairness.deal_seed(
                                       line["algorithm"], line["seed"],
                                       line.get("round_number", 0),
                                       line.get("client_seeds", [])),
                                   "derived": {str(k): fairness.derived_client_seed(
                                       line["seed"], line["round_number"], k)
                                       for k, seed in enumerate(line.get("client_seeds", []))
                                       if seed is None}}
                            for name, line in transcripts.items()}}


def test_the_js_verify_vectors_are_the_engines():
    assert json.loads(VECTORS.read_text()) == build()


def test_the_independent_verifier_accepts_every_vector():
    for name, vector in build()["transcripts"].items():
        assert verify(vector["text"]) is None, name


if __name__ == "__main__":
    VECTORS.write_text(json.dumps(build(), indent=1) + "\n")
