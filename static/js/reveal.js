// The reveal's script (比牌, seed 000 §3.5): from the server's `settled` payload, the
// steps the table shows one after another. Rows are compared front, middle, back; in
// each row the smallest hand is shown first; then fouls, specials (报到, "scored after"),
// scoops (打枪) and the home run (全垒打); then the totals. Pure data, tested under node.

import { ROWS, compareKeys, evaluate, fill } from "./rows.js";

/**
 * Each hand's numbers: position → {rows: {front, middle, back: net points}, special,
 * extra (what scoops and the home run added), compared (pairs settled by rows)}.
 */
export function rowPoints(settled) {
  const net = new Map();
  for (const hand of settled.hands) {
    net.set(hand.position, { rows: { front: 0, middle: 0, back: 0 }, special: 0, extra: 0, compared: 0 });
  }
  for (const pair of settled.pairs) {
    const a = net.get(pair.a);
    const b = net.get(pair.b);
    if (!a || !b) continue;
    // 十三道: a pair settled by agreement (谈判) compared no row; its amount is `extra`.
    if (pair.negotiated) {
      a.extra += pair.points;
      b.extra -= pair.points;
      continue;
    }
    if (pair.special) {
      a.special += pair.points;
      b.special -= pair.points;
      continue;
    }
    a.compared += 1;
    b.compared += 1;
    let fromRows = 0;
    for (const row of pair.rows) {
      if (row.winner === null || row.winner === undefined) continue;
      const sign = row.winner === pair.a ? 1 : -1;
      a.rows[row.row] += sign * row.points;
      b.rows[row.row] -= sign * row.points;
      fromRows += sign * row.points;
    }
    // What the scoop and the home run added on top of the rows.
    a.extra += pair.points - fromRows;
    b.extra -= pair.points - fromRows;
  }
  return net;
}

/** Hands whose rows are compared (not declarers), ordered low to high in `row`. */
export function smallestFirst(hands, row, wheel = "lowest") {
  return hands
    .filter((hand) => !hand.special)
    .map((hand) => ({ hand, key: evaluate(hand[row], wheel).key }))
    .sort((x, y) => compareKeys(x.key, y.key) || (x.hand.position - y.hand.position))
    .map(({ hand }) => hand.position);
}

/**
 * The steps, in order:
 *   {kind: "row", row, order: [positions smallest first], results: [{a, b, winner, points}]}
 *   {kind: "foul", position}
 *   {kind: "special", position, code}             one per declarer
 *   {kind: "special_pair", a, b, winner, code, points}   two declarers against each other
 *   {kind: "scoop", winner, loser, points}
 *   {kind: "home_run", position}
 *   {kind: "agreed", a, b, points}                  十三道: a pair settled by agreement
 *   {kind: "totals", totals: {position: points}}
 * A 十三道 pair is the banker (a) against one player (b); agreed pairs compare no row.
 */
export function revealSteps(settled, wheel = "lowest") {
  const steps = [];
  const hands = settled.hands;
  for (const row of ROWS) {
    const results = [];
    for (const pair of settled.pairs) {
      if (pair.special || pair.negotiated) continue;
      const result = pair.rows.find((r) => r.row === row);
      if (result) {
        results.push({ a: pair.a, b: pair.b, winner: result.winner ?? null, points: result.points });
      }
    }
    const order = smallestFirst(hands, row, wheel);
    if (order.length) steps.push({ kind: "row", row, order, results });
  }
  for (const hand of hands) {
    if (hand.foul) steps.push({ kind: "foul", position: hand.position });
  }
  for (const hand of hands) {
    if (hand.special) steps.push({ kind: "special", position: hand.position, code: hand.special });
  }
  // A declarer's collections from everyone else are its declaration plus the totals; only
  // two declarers facing each other need saying (whose special ranks higher).
  const declarers = new Set(hands.filter((hand) => hand.special).map((hand) => hand.position));
  for (const pair of settled.pairs) {
    if (pair.special && declarers.has(pair.a) && declarers.has(pair.b)) {
      steps.push({ kind: "special_pair", a: pair.a, b: pair.b, winner: pair.special.winner ?? null,
        code: pair.special.code, points: Math.abs(pair.points) });
    }
  }
  for (const pair of settled.pairs) {
    if (pair.scoop !== null && pair.scoop !== undefined) {
      const loser = pair.scoop === pair.a ? pair.b : pair.a;
      steps.push({ kind: "scoop", winner: pair.scoop, loser, points: Math.abs(pair.points) });
    }
  }
  if (settled.home_run !== null && settled.home_run !== undefined) {
    steps.push({ kind: "home_run", position: settled.home_run });
  }
  for (const pair of settled.pairs) {
    if (pair.negotiated) steps.push({ kind: "agreed", a: pair.a, b: pair.b, points: pair.points });
  }
  const totals = {};
  for (const hand of hands) {
    totals[hand.position] = Number(settled.totals?.[hand.position] ?? hand.points ?? 0);
  }
  steps.push({ kind: "totals", totals });
  return steps;
}

/**
 * Which of a settled hand's cards came from its candidates (多三张, RULES.md §7.3), so
 * the reveal can tag them: {front, middle, back, discards: [bool per card]}. Cards are a
 * multiset (the 65-card deck's twin diamonds): a code counts as a candidate only where
 * the 13 dealt ones do not cover it — the rows take the plain copies first, the
 * discards take what is left of the candidates.
 */
export function candidateMarks(hand) {
  const candidates = hand.candidates || [];
  const plain = new Map();
  for (const code of hand.cards || []) plain.set(code, (plain.get(code) || 0) + 1);
  const spare = new Map();
  for (const code of candidates) {
    plain.set(code, (plain.get(code) || 0) - 1);
    spare.set(code, (spare.get(code) || 0) + 1);
  }
  const take = (pool, code) => {
    if (!(pool.get(code) > 0)) return false;
    pool.set(code, pool.get(code) - 1);
    return true;
  };
  const marks = {};
  for (const row of ROWS) {
    marks[row] = (hand[row] || []).map((code) => {
      if (!candidates.length || take(plain, code)) return false;
      return take(spare, code);
    });
  }
  // What the rows did not take of the candidates is what the discards hold of them.
  marks.discards = (hand.discards || []).map((code) => candidates.length > 0 && take(spare, code));
  return marks;
}

/**
 * Where this viewer can watch the settled round again (its replay page, from `template`
 * with `{round_id}`), or null. A private table's replays are open to the round's own
 * players only (games.record.replays.may_watch), so whoever sat down after it gets no link.
 */
export function replayUrl(settled, { template, userId, isPrivate }) {
  const id = settled.id ?? settled.round_id;
  if (!template || id === null || id === undefined) return null;
  if (isPrivate && !settled.hands.some((hand) => hand.user_id === userId)) return null;
  return fill(template, { round_id: id });
}

/**
 * The running score of a table session: points by user id. `base` is what the page was
 * given at load (rounds settled before it); each settled round is added once, by id.
 */
export class SessionScore {
  constructor(base = {}, counted = []) {
    this.points = new Map(Object.entries(base).map(([user, points]) => [String(user), points]));
    this.counted = new Set(counted);
  }

  add(settled) {
    const id = settled.id ?? settled.round_id;
    if (this.counted.has(id)) return false;
    this.counted.add(id);
    for (const hand of settled.hands) {
      const user = String(hand.user_id);
      const points = Number(settled.totals?.[hand.position] ?? hand.points ?? 0);
      this.points.set(user, (this.points.get(user) || 0) + points);
    }
    return true;
  }

  of(userId) {
    return this.points.get(String(userId)) || 0;
  }
}
