"""The profile's chart, drawn on the server as SVG (no script, no outside library): a
player's rating after each rated round, and under it, on the same rounds, the points the
analysis says each arrangement gave up. The numbers a reader needs (first, last, lowest,
highest) are printed as text beside the chart, so it reads on a phone at any width."""

from __future__ import annotations

from typing import Any

WIDTH, RATING_HEIGHT, LOSS_HEIGHT, PAD = 600, 150, 60, 6


def rating_chart(history: list[dict[str, Any]], start: int = 1500) -> dict[str, Any]:
    """Coordinates for one family's chart: the rating line (from the starting rating
    through each round's) and a bar per round for the points lost."""
    ratings = [start] + [entry["rating"] for entry in history]
    low, high = min(ratings), max(ratings)
    span = (high - low) or 1
    step = (WIDTH - 2 * PAD) / max(len(ratings) - 1, 1)

    def x(index: int) -> float:
        return round(PAD + index * step, 1)

    def y(value: float) -> float:
        return round(PAD + (high - value) * (RATING_HEIGHT - 2 * PAD) / span, 1)

    losses = [entry["loss"] for entry in history]
    worst = max([loss for loss in losses if loss is not None] or [0]) or 1
    bar = max(min(step * 0.6, 24), 1.5)
    bars = [{"x": round(min(max(x(index + 1) - bar / 2, 0), WIDTH - bar), 1),
             "width": round(bar, 1),
             "height": round(max(loss * (LOSS_HEIGHT - PAD) / worst, 1), 1),
             "y": round(LOSS_HEIGHT - max(loss * (LOSS_HEIGHT - PAD) / worst, 1), 1),
             "loss": loss}
            for index, loss in enumerate(losses) if loss is not None]
    analysed = [loss for loss in losses if loss is not None]
    return {
        "width": WIDTH, "rating_height": RATING_HEIGHT, "loss_height": LOSS_HEIGHT,
        "points": " ".join(f"{x(i)},{y(value)}" for i, value in enumerate(ratings)),
        "start_y": y(start), "low": low, "high": high, "first": start, "last": ratings[-1],
        "rounds": len(history), "bars": bars, "worst_loss": round(worst, 2),
        "mean_loss": round(sum(analysed) / len(analysed), 2) if analysed else None,
        "analysed": len(analysed),
    }
