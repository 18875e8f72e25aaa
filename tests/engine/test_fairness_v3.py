"""hmac-sha256-fy-v3 (issue 25, item 2): a seat that sent no client seed gets one the
commitment already fixes — the first 16 bytes of HMAC-SHA256(server seed, "thirteen-water/
seat/v3/" + round number + seat, 8 big-endian bytes each) — so the server, once it has
committed, has no seed left to choose; and verify-deal reads a line as strictly as the
/verify/ page (issue 25, item 8)."""

from __future__ import annotations

import hashlib
import hmac
import json
from io import StringIO

import pytest

from rules.engine import fairness
from rules.engine.cards import codes
from rules.engine.cli import main
from rules.engine.presets import PRESETS

SERVER = hashlib.sha256(b"v3-server").hexdigest()
SENT = ["0123456789abcdef" * 2, "a5" * 16]


def by_hand(server: str, number: int, seat: int) -> str:
    """docs/fairness.md's C_k, with nothing but the standard library."""
    message = b"thirteen-water/seat/v3/" + number.to_bytes(8, "big") + seat.to_bytes(8, "big")
    return hmac.new(bytes.fromhex(server), message, hashlib.sha256).digest()[:16].hex()


def test_a_derived_seed_is_the_documented_hmac_of_the_server_seed_round_and_seat():
    assert fairness.derived_client_seed(SERVER, 7, 2) == by_hand(SERVER, 7, 2)
    seeds = {fairness.derived_client_seed(SERVER, n, k) for n in (1, 2) for k in range(4)}
    assert len(seeds) == 8  # every round and seat its own


def test_v3_deals_from_every_seed_with_null_standing_for_the_derived_one():
    seeds = [SENT[0], None, SENT[1], None]
    filled = [SENT[0], by_hand(SERVER, 3, 1), SENT[1], by_hand(SERVER, 3, 3)]
    message = b"thirteen-water/round/v3/" + (3).to_bytes(8, "big") + b"".join(
        bytes.fromhex(seed) for seed in filled)
    assert (fairness.deal_seed(fairness.ALGORITHM_V3, SERVER, 3, seeds)
            == hmac.new(bytes.fromhex(SERVER), message, hashlib.sha256).hexdigest()
            == fairness.deal_seed(fairness.ALGORITHM_V3, SERVER, 3, filled))
    # its own domain: the same seeds under v2 deal other cards
    assert fairness.deal_seed(fairness.ALGORITHM_V2, SERVER, 3, filled) != \
        fairness.deal_seed(fairness.ALGORITHM_V3, SERVER, 3, filled)
    with pytest.raises(fairness.FairnessError):  # v2 has no derived seeds
        fairness.deal_seed(fairness.ALGORITHM_V2, SERVER, 3, seeds)


def line(algorithm=fairness.ALGORITHM_V3, seeds=(SENT[0], None), number=4, relabel=None,
         **extra) -> dict:
    seed = fairness.deal_seed(algorithm, SERVER, number, list(seeds))
    hands, _rest = fairness.deal_from_seed(seed, PRESETS["standard"], len(seeds))
    made = {"algorithm": algorithm, "commitment": fairness.commitment(SERVER), "seed": SERVER,
            "rules": {"deck": "standard", "jokers": False, "extra_cards": 0},
            "hands": [codes(hand) for hand in hands]}
    if algorithm != fairness.ALGORITHM:
        made.update(round_number=number, client_seeds=list(seeds))
    made.update(extra)
    if relabel:
        made["algorithm"] = relabel
    return made


def run(*lines) -> list[dict]:
    out = StringIO()
    main(["verify-deal"], StringIO("".join(json.dumps(l) + "\n" for l in lines)), out)
    return [json.loads(reply) for reply in out.getvalue().splitlines()]


def test_verify_deal_checks_a_v3_line_working_out_the_null_seats_seed():
    good = line()
    assert run(good) == [{"ok": True}]
    # The derived seed written out is the same deal; any other seed in its place is not.
    written = dict(good, client_seeds=[SENT[0], by_hand(SERVER, 4, 1)])
    other = dict(good, client_seeds=[SENT[0], "00" * 16])
    assert run(written, other) == [{"ok": True},
                                   {"error": "seat 0's cards are not the ones this seed deals"}]


@pytest.mark.parametrize("change, said", [
    # what the /verify/ page refuses, verify-deal refuses too
    ({"algorithm": fairness.ALGORITHM, "client_seeds": SENT}, "no client seeds"),
    ({"algorithm": fairness.ALGORITHM, "round_number": 1}, "no client seeds"),
    ({"note": "hi"}, "no key of a transcript"),
    ({"commitment": fairness.commitment(SERVER).upper()}, "in lowercase"),
    ({"seed": SERVER.upper()}, "in lowercase"),
    ({"round_number": 0}, '"round_number"'),
    ({"round_number": True}, '"round_number"'),
    ({"client_seeds": [SENT[0].upper(), None]}, '"client_seeds"'),
    ({"client_seeds": [SENT[0]]}, '"client_seeds"'),
    ({"relabel": fairness.ALGORITHM_V2}, '"client_seeds"'),  # v2 has no null seed
    ({"exchange": {"put": {"0": "As"}, "takes": [], "swapped_by": None}}, '"exchange"'),
    ({"exchange": {"put": {}, "takes": [], "swapped_by": None, "x": 1}}, '"exchange"'),
    ({"bank": {"bids": {"0": 1}, "banker": 0, "pot": 1}}, '"bank"'),
    ({"bank": {"bids": {"0": 1, "1": 0}, "banker": 0}}, '"bank"'),
])
def test_verify_deal_refuses_what_the_verification_page_refuses(change, said):
    [reply] = run(line(**change))
    assert said in reply.get("error", ""), reply


def test_a_card_code_not_written_as_a_transcript_writes_it_is_refused():
    good = line()
    hands = [list(hand) for hand in good["hands"]]
    hands[1][0] = hands[1][0][0] + hands[1][0][1].upper()
    [reply] = run(dict(good, hands=hands))
    assert "not a card code as a transcript writes it" in reply["error"]
