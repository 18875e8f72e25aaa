// Where every point of a settled round comes from, player by player (RULES.md §4–§6,
// §8.5). The reveal shows these components on each seat; they sum to the player's total,
// so nothing on the scoreboard is unexplained. Pure data, tested under node
// (tests/js/table_accounting.test.mjs).
//
// The engine (rules/engine/settlement.py) settles a pair as: the rows (`base`, a's
// points), then the scoop (打枪: × multiplier or + bonus), then the home run (全垒打:
// × home_run_multiplier on every pair of the home runner), then the horse card (马牌: × 2
// on every pair of its holder). A special (报到) pair has no rows: `base` is the special's
// points. 十三道 adds agreed pairs (谈判, no rows) and adjustments outside the pairs (the
// bidding pot, bids, the spare hand's fee). Working back from `points`: the horse halves,
// the home run divides by its multiplier, and what is left above `base` is the scoop's.

import { ROWS } from "./rows.js";

/** Component kinds, in the order the reveal lists them. */
export const KINDS = ["row", "scoop", "home_run", "special", "horse", "agreed", "adjust"];

/**
 * Every component of every player's total: position → {components: [...], sum, total}.
 * A component: {kind, points (this player's), against (the opponent's position, or
 * null), row (kind "row"), foul (the position that fouled, kind "row" of a foul pair),
 * code (kind "special"), reason (kind "adjust")}. `total` is the payload's total;
 * `sum` the components' sum, equal to it unless the payload contradicts itself.
 */
export function accountRound(settled) {
  const multiplier = Math.max(1, Number(settled.home_run_multiplier) || 2);
  const table = new Map();
  for (const hand of settled.hands || []) {
    table.set(hand.position, { components: [], sum: 0, total: totalOf(settled, hand) });
  }
  const add = (position, component) => {
    const entry = table.get(position);
    if (!entry || !component.points && component.kind !== "row" && component.kind !== "special") return;
    entry.components.push(component);
    entry.sum += component.points;
  };
  for (const pair of settled.pairs || []) {
    for (const [me, other, sign] of [[pair.a, pair.b, 1], [pair.b, pair.a, -1]]) {
      for (const component of pairComponents(pair, multiplier)) {
        add(me, { ...component, points: sign * component.points, against: other });
      }
    }
  }
  for (const adjustment of settled.adjustments || []) {
    add(adjustment.position, { kind: "adjust", reason: adjustment.reason, points: adjustment.points,
      against: null });
  }
  return table;
}

/** A pair's components as a's points (b's are their negatives). */
export function pairComponents(pair, homeRunMultiplier = 2) {
  const points = Number(pair.points) || 0;
  if (pair.negotiated) return [{ kind: "agreed", points }];
  let before = points;
  const out = [];
  let horse = 0;
  if (pair.horse !== null && pair.horse !== undefined) {
    before = points / 2;
    horse = points - before;
  }
  const base = Number(pair.base) || 0;
  if (pair.special) {
    out.push({ kind: "special", code: pair.special.code, winner: pair.special.winner ?? null, points: before });
  } else {
    const foul = pair.foul_a && !pair.foul_b ? pair.a : pair.foul_b && !pair.foul_a ? pair.b : null;
    for (const row of ROWS) {
      const result = (pair.rows || []).find((r) => r.row === row);
      if (!result) continue;
      const won = result.winner === pair.a ? result.points : result.winner === pair.b ? -result.points : 0;
      out.push({ kind: "row", row, points: won, foul });
    }
    let scooped = before;
    if (pair.home_run !== null && pair.home_run !== undefined) {
      scooped = before / homeRunMultiplier;
      out.push({ kind: "home_run", by: pair.home_run, points: before - scooped });
    }
    if (pair.scoop !== null && pair.scoop !== undefined) {
      out.splice(out.length - (out.at(-1)?.kind === "home_run" ? 1 : 0), 0,
        { kind: "scoop", by: pair.scoop, points: scooped - base });
    }
  }
  if (horse) out.push({ kind: "horse", by: pair.horse, points: horse });
  return out;
}

function totalOf(settled, hand) {
  const totals = settled.totals || {};
  const value = totals[hand.position] ?? totals[String(hand.position)] ?? hand.points ?? 0;
  return Number(value);
}

/**
 * A player's components folded into the lines a seat shows: the three rows (net over every
 * opponent), then one line per other kind (scoops, home run, each special, horse, agreed
 * deals, each adjustment reason). Each: {kind, key, points, row?, code?, reason?, count,
 * fouls (positions that fouled in the rows counted)}. Lines with no points are kept for the
 * rows (a 0 row is worth seeing) and dropped otherwise, except a special worth 0 (equal
 * specials).
 */
export function summaryLines(entry) {
  const lines = new Map();
  const hasRows = entry.components.some((c) => c.kind === "row");
  if (hasRows) for (const row of ROWS) lines.set(`row:${row}`, { kind: "row", key: `row:${row}`, row, points: 0, count: 0, fouls: [] });
  for (const component of entry.components) {
    const key = component.kind === "row" ? `row:${component.row}`
      : component.kind === "special" ? `special:${component.code}`
        : component.kind === "adjust" ? `adjust:${component.reason}` : component.kind;
    let line = lines.get(key);
    if (!line) {
      line = { kind: component.kind, key, points: 0, count: 0, fouls: [], row: component.row,
        code: component.code, reason: component.reason };
      lines.set(key, line);
    }
    line.points += component.points;
    line.count += 1;
    if (component.foul !== null && component.foul !== undefined && !line.fouls.includes(component.foul)) {
      line.fouls.push(component.foul);
    }
  }
  return [...lines.values()]
    .sort((x, y) => KINDS.indexOf(x.kind) - KINDS.indexOf(y.kind));
}

/** The components that settled one pair, for the comparison drawn between two seats:
 * {a, b, lines: [{kind, row?, points (a's)}], points (a's total)}. */
export function pairLines(pair, homeRunMultiplier = 2) {
  return { a: pair.a, b: pair.b, points: Number(pair.points) || 0,
    lines: pairComponents(pair, homeRunMultiplier) };
}
