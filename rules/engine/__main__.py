"""`python -m rules.engine COMMAND [--rules PRESET]`: see rules/engine/cli.py."""

import sys

from .cli import main

sys.exit(main())
