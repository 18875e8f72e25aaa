"""Running a function of static/js under node from a Python test: the mirror tests hand
the same inputs to the engine and to the page's script and compare what they say."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

# Reads the payload as JSON from stdin, hands it to the script's `main`, writes its answer.
_RUN_MAIN = """
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(main(JSON.parse(input)))); });
"""


def run_main(script: str, payload, *, timeout: float = 120):
    """`main(payload)` of `script` (an ES module run from the project's root, so its
    imports name ./static/js/…), as JSON."""
    result = subprocess.run([NODE, "--input-type=module", "-e", script + _RUN_MAIN], cwd=ROOT,
                            input=json.dumps(payload), capture_output=True, text=True,
                            timeout=timeout, check=True)
    return json.loads(result.stdout)
