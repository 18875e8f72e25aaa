"""The rating model (ratings.skill): openskill's Plackett–Luce on a 1500 ± 350 scale."""

from __future__ import annotations

import pytest

from ratings import skill


def test_equal_points_share_a_rank_and_more_points_rank_higher():
    assert skill.ranks_by_points([5, -3, 5, -7]) == [1, 3, 1, 4]
    assert skill.ranks_by_points([0, 0]) == [1, 1]


def test_the_winner_gains_the_loser_loses_and_both_grow_surer():
    winner, loser = skill.rate([skill.Skill(), skill.Skill()], [6, -6])
    assert winner.mu > skill.MU > loser.mu
    assert winner.mu - skill.MU == pytest.approx(skill.MU - loser.mu)
    assert winner.sigma < skill.SIGMA and loser.sigma < skill.SIGMA


def test_a_tie_between_equals_moves_nobody():
    after = skill.rate([skill.Skill(), skill.Skill(), skill.Skill()], [2, 2, -4])
    assert after[0] == after[1]
    assert after[0].mu > skill.MU > after[2].mu


def test_beating_a_stronger_player_is_worth_more_than_beating_a_weaker_one():
    strong, weak = skill.Skill(1800, 150), skill.Skill(1200, 150)
    me = skill.Skill(1500, 200)
    [upset, _] = skill.rate([me, strong], [4, -4])
    [expected, _] = skill.rate([me, weak], [4, -4])
    assert upset.mu - me.mu > expected.mu - me.mu > 0


def test_a_newcomer_is_provisional_and_ranked_by_the_conservative_rating():
    newcomer = skill.Skill()
    assert newcomer.provisional and newcomer.shown == 1500
    assert newcomer.conservative == pytest.approx(1500 - skill.K * 350)
    assert not skill.Skill(1500, skill.PROVISIONAL_SIGMA).provisional


def test_the_same_history_gives_the_same_numbers():
    start = [skill.Skill(), skill.Skill(1600, 300), skill.Skill(1400, 320)]
    assert skill.rate(start, [3, -1, -2]) == skill.rate(list(start), [3, -1, -2])


@pytest.mark.parametrize("skills, points", [([skill.Skill()], [0]),
                                            ([skill.Skill(), skill.Skill()], [1])])
def test_a_round_of_one_player_or_missing_points_is_refused(skills, points):
    with pytest.raises(ValueError):
        skill.rate(skills, points)
