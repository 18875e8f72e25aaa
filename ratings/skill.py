"""The rating model: openskill's Plackett–Luce, on a scale players know from chess.

A rating is (mu, sigma): the skill we believe in and how unsure we are of it. A newcomer
starts at 1500 ± 350. The model's other two numbers keep openskill's own proportions
(its defaults are mu 25, sigma 25/3, beta sigma/2, tau mu/300 of a 25-point scale):
beta, how far one round's result strays from a player's skill, is half the starting
sigma (175); tau, the uncertainty added back each round so a rating can still move
after years, is a hundredth of it (3.5).

Shown: `mu` rounded, marked provisional while sigma is above PROVISIONAL_SIGMA (about
the first 15 to 20 rounds of a four-player table). Ranked by: the conservative rating
mu − K·sigma, K = 3 (openskill's `ordinal`, TrueSkill's choice): a player is ranked by
the rating we are nearly sure they have at least, so a lucky first week does not top
the leaderboard.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MU, SIGMA = 1500.0, 350.0
BETA, TAU = SIGMA / 2, SIGMA / 100
PROVISIONAL_SIGMA = 250.0
K = 3

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> int:
        return round(self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    @property
    def conservative(self) -> float:
        return self.mu - K * self.sigma


def ranks_by_points(points: list[int]) -> list[int]:
    """1 for the most points; equal points share a rank (competition ranking: 1, 2, 2, 4)."""
    return [1 + sum(other > mine for other in points) for mine in points]


def rate(skills: list[Skill], points: list[int]) -> list[Skill]:
    """Every player's skill after one round, from the round's order by points (ties as
    ties). Deterministic: the same history always gives the same numbers."""
    if len(skills) != len(points) or len(skills) < 2:
        raise ValueError("a rated round has two or more players, each with points")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=ranks_by_points(points))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
