"""The replay page's in-browser deal check must match the engine bit for bit: the known
answers its node tests use come from this engine, and `make test` runs those node tests."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import IN_CI
from rules.engine.cards import codes
from rules.engine.fairness import commitment, shuffled_deck
from rules.engine.presets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "tests/js/replay_vectors.json").read_text())["vectors"]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['preset']}-{v['seed'][:8]}")
def test_the_js_known_answers_are_the_engines(vector):
    config = PRESETS[vector["preset"]]
    assert (vector["deck"], vector["jokers"], vector["hand_size"]) == (
        config.deck, config.jokers, config.hand_size)
    assert vector["commitment"] == commitment(vector["seed"])
    assert vector["shuffled"].split() == codes(shuffled_deck(vector["seed"], config))


def test_the_replay_scripts_pass_their_node_tests():
    node = shutil.which("node")
    if node is None:
        message = "node is not installed: the replay's JavaScript is untested"
        pytest.fail(message) if IN_CI else pytest.skip(message)
    tests = sorted(str(path.relative_to(ROOT))
                   for path in (ROOT / "tests/js").glob("replay*.test.mjs"))
    assert tests
    run = subprocess.run([node, "--test", *tests], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_the_by_hand_script_in_docs_fairness_md_checks_a_deal():
    import re

    from rules.engine.fairness import deal_from_seed

    script = re.search(r"```python\n(.*?)```", (ROOT / "docs/fairness.md").read_text(),
                       re.S).group(1)
    namespace: dict = {}
    exec(script, namespace)  # the documentation's own code, standard library only
    seed = "ab" * 32
    for slug in ("standard", "extra-suit", "jokers", "extra-three"):
        config = PRESETS[slug]
        hands = [codes(hand) for hand in deal_from_seed(seed, config, 4)[0]]
        assert namespace["verify"](seed, commitment(seed), hands, config.deck, config.jokers,
                                   config.hand_size)
    hands = [codes(hand) for hand in deal_from_seed(seed, PRESETS["jokers"], 4)[0]]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(AssertionError, match="seat 0"):
        namespace["verify"](seed, commitment(seed), hands, "standard", True)
