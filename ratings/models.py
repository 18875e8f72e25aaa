"""A player's rating per game family, and the change each rated round made to it.

`RatingChange` is the history: one row per person per rated round, written in the same
transaction as the round's settlement (ratings.services.rate_round), and the unique
(round, user) constraint is the guard that a round counts once however often a step is
retried. `Rating` is the running total the seats and the leaderboard read; the
recompute_ratings command rebuilds both from the settled rounds and must agree.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ratings import families, skill


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings", verbose_name=_("player"))
    family = models.CharField(_("game"), max_length=12, choices=families.CHOICES)
    mu = models.FloatField(_("rating (mu)"), default=skill.MU)
    sigma = models.FloatField(_("uncertainty (sigma)"), default=skill.SIGMA)
    rounds = models.PositiveIntegerField(_("rated rounds"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["family", "-mu"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "family"],
                                               name="rating_one_per_family")]
        indexes = [models.Index(fields=["family", "rounds"])]

    def __str__(self) -> str:
        return f"{self.user} {self.get_family_display()}: {self.skill.shown}"

    @property
    def skill(self) -> skill.Skill:
        return skill.Skill(self.mu, self.sigma)


class RatingChange(models.Model):
    round = models.ForeignKey("games.Round", on_delete=models.CASCADE,
                              related_name="rating_changes", verbose_name=_("round"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes", verbose_name=_("player"))
    family = models.CharField(_("game"), max_length=12, choices=families.CHOICES)
    position = models.PositiveSmallIntegerField(_("seat"))
    points = models.IntegerField(_("points"))
    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    created_at = models.DateTimeField(_("rated at"), auto_now_add=True)

    class Meta:
        ordering = ["round", "position"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [models.UniqueConstraint(fields=["round", "user"],
                                               name="rating_change_once_per_round")]
        indexes = [models.Index(fields=["user", "family", "created_at"])]

    def __str__(self) -> str:
        return f"{self.user} round {self.round_id}: {self.delta:+d}"

    @property
    def before(self) -> skill.Skill:
        return skill.Skill(self.mu_before, self.sigma_before)

    @property
    def after(self) -> skill.Skill:
        return skill.Skill(self.mu_after, self.sigma_after)

    @property
    def delta(self) -> int:
        return self.after.shown - self.before.shown
