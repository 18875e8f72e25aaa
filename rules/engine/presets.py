"""The eight presets of RULES.md §9, read from presets.json (the one source of truth).

The rules app's data migration loads the same file into the admin's RuleSet tables, and
`RuleSet.to_engine()` must give back exactly `PRESETS[slug]`.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .config import RuleConfig

PRESETS_FILE = Path(__file__).with_name("presets.json")


def load_preset_data() -> dict[str, dict[str, Any]]:
    """The presets as plain dicts, slug -> options, in the file's order (a fresh copy)."""
    with PRESETS_FILE.open(encoding="utf-8") as fh:
        return json.load(fh)["presets"]


PRESETS: Mapping[str, RuleConfig] = MappingProxyType(
    {slug: RuleConfig.from_dict(data) for slug, data in load_preset_data().items()}
)
PRESET_NAMES = tuple(PRESETS)


def preset(slug: str) -> RuleConfig:
    """The preset called `slug`; KeyError lists the valid names."""
    try:
        return PRESETS[slug]
    except KeyError:
        raise KeyError(f"unknown preset {slug!r}; choose one of {', '.join(PRESET_NAMES)}") from None
