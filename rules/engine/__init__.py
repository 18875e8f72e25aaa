"""Thirteen Water rules engine: pure Python, no Django import (RULES.md §1–§9)."""
