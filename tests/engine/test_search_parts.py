"""The hint search's parts that stand in for slower code (search.py, row_groups.py,
slots.py): each gives what the code it replaced gave."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from rules.engine.hints import Hint
from rules.engine.row_groups import BITS, NO_LIMIT, RANKS_DESC, Group, plain_groups, rank_groups
from rules.engine.rows import (FIVE_OF_A_KIND, FLUSH, HIGH_CARD, PAIR, STRAIGHT_FLUSH,
                               THREE_OF_A_KIND)
from rules.engine.search import Layout, _layout, _ranks_of
from rules.engine.slots import slot_builder

from .conftest import cards


def test_a_group_accepts_the_kicker_ranks_below_its_limit_and_outside_its_ranks():
    """Group.accepts: the ranks whose cards the row may take as kickers, as bits."""
    for kickers, below, forbid in ((3, NO_LIMIT, (9,)), (1, NO_LIMIT, (14, 13)),
                                   (4, 11, ()), (1, 9, (5,)), (0, NO_LIMIT, (9,))):
        group = Group((PAIR, 9), (9, 9), 0, kickers, below, forbid)
        expected = 0 if not kickers else sum(
            BITS[r] for r in RANKS_DESC if r < below and r not in forbid)
        assert group.accepts == expected


def test_groups_with_and_without_jokers_agree_field_by_field():
    """plain_groups picks constants, rank_groups builds them: the same groups, the same
    kicker ranks accepted, for random counts."""
    pick = random.Random(7)
    for _ in range(200):
        counts = [0, 0] + [pick.choice((0, 0, 1, 1, 2, 3, 4)) for _ in RANKS_DESC]
        for category in range(FIVE_OF_A_KIND + 1):
            if category in (FLUSH, STRAIGHT_FLUSH):  # picked by suit (suited_groups)
                continue
            plain = plain_groups(counts, category, "lowest")
            built = rank_groups(tuple(counts), 0, category, "lowest")
            assert plain == built
            assert [g.accepts for g in plain] == [g.accepts for g in built]
        for category in (HIGH_CARD, PAIR, THREE_OF_A_KIND):
            assert plain_groups(counts, category, "lowest", True) == \
                rank_groups(tuple(counts), 0, category, "lowest", True)


def test_ranks_of_lists_a_set_of_ranks_high_to_low():
    assert _ranks_of(0) == ()
    assert _ranks_of(BITS[14] | BITS[9] | BITS[2]) == (14, 9, 2)
    assert _ranks_of(sum(BITS[r] for r in RANKS_DESC)) == RANKS_DESC


@pytest.mark.parametrize("cls", [Layout, Hint])
def test_a_slot_builder_builds_what_the_constructor_builds(cls):
    """slots.slot_builder: every field set, equal, same hash and repr."""
    row = tuple(cards("As Kd Qh"))
    values = {Layout: (row, row, row, ((0, 14, 13, 12),) * 3, (), True),
              Hint: (None, row, row, row, ("high_card",) * 3, 2, (), ((0, 14, 13, 12),) * 3)}
    built = slot_builder(cls)(*values[cls])
    made = cls(*values[cls])
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert all(getattr(built, f.name) == getattr(made, f.name) for f in fields(cls))
    with pytest.raises(TypeError):
        slot_builder(cls)(*values[cls][:-1])


def test_the_search_builds_its_layouts_through_the_slot_builder():
    row = tuple(cards("As Kd Qh"))
    keys = ((0, 14, 13, 12),) * 3
    assert _layout(row, row, row, keys, (), False) == Layout(row, row, row, keys)
