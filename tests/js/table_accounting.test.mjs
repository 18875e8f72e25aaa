// The reveal's accounting: every point of every total is a component shown on screen,
// and the components sum to the total (issue 14: a scoop's points appeared nowhere).
import assert from "node:assert/strict";
import { test } from "node:test";

import { accountRound, pairComponents, summaryLines } from "../../static/js/table_accounting.js";

const row = (name, winner, points) => ({ row: name, winner, points });
const hands = (n) => Array.from({ length: n }, (_, position) => ({ position, user_id: 10 + position }));

function assertSums(settled) {
  const table = accountRound(settled);
  for (const [position, entry] of table) {
    const total = Number(settled.totals[position] ?? settled.totals[String(position)]);
    assert.equal(entry.sum, total, `seat ${position}'s components sum to its total`);
    const lines = summaryLines(entry);
    assert.equal(lines.reduce((sum, line) => sum + line.points, 0), total);
  }
  return table;
}

test("Carol's rows are +3/0/−4 and her scoop of Alice makes her total +2", () => {
  // Alice 0, Bob 1, Carol 2. Carol wins every row against Alice (scoop ×2: +3 more);
  // against Bob she takes the front (+2 with its bonus) and loses the middle and back.
  const settled = {
    hands: hands(3), home_run: null, totals: { 0: -6, 1: 4, 2: 2 },
    pairs: [
      { a: 0, b: 2, base: -3, points: -6, scoop: 2, home_run: null, special: null,
        rows: [row("front", 2, 1), row("middle", 2, 1), row("back", 2, 1)] },
      { a: 1, b: 2, base: 4, points: 4, scoop: null, home_run: null, special: null,
        rows: [row("front", 2, 2), row("middle", 1, 1), row("back", 1, 5)] },
      { a: 0, b: 1, base: 0, points: 0, scoop: null, home_run: null, special: null,
        rows: [row("front", 0, 1), row("middle", null, 0), row("back", 1, 1)] },
    ],
  };
  const table = assertSums(settled);
  const carol = summaryLines(table.get(2));
  const byKey = Object.fromEntries(carol.map((line) => [line.key, line.points]));
  assert.deepEqual(byKey, { "row:front": 3, "row:middle": 0, "row:back": -4, scoop: 3 });
  // Alice sees the scoop she paid.
  const alice = summaryLines(table.get(0));
  assert.equal(alice.find((line) => line.kind === "scoop").points, -3);
  assert.equal(table.get(2).components.find((c) => c.kind === "scoop").against, 0);
});

test("a scoop by bonus, not multiplier, is what is left above the rows", () => {
  const pair = { a: 0, b: 1, base: 3, points: 6, scoop: 0, home_run: null, special: null,
    rows: [row("front", 0, 1), row("middle", 0, 1), row("back", 0, 1)] };
  assert.deepEqual(pairComponents(pair).map((c) => [c.kind, c.points]),
    [["row", 1], ["row", 1], ["row", 1], ["scoop", 3]]);
});

test("a home run: rows, the scoop, then the home run's doubling, on each of the runner's pairs", () => {
  // Seat 0 scoops 1, 2 and 3 (base 3 each, ×2 scoop, ×2 home run = 12); the others tie.
  const sweep = (b) => ({ a: 0, b, base: 3, points: 12, scoop: 0, home_run: 0, special: null,
    rows: [row("front", 0, 1), row("middle", 0, 1), row("back", 0, 1)] });
  const even = (a, b) => ({ a, b, base: 0, points: 0, scoop: null, home_run: null, special: null,
    rows: [row("front", a, 1), row("middle", b, 1), row("back", null, 0)] });
  const settled = {
    hands: hands(4), home_run: 0, home_run_multiplier: 2, totals: { 0: 36, 1: -12, 2: -12, 3: -12 },
    pairs: [sweep(1), sweep(2), sweep(3), even(1, 2), even(1, 3), even(2, 3)],
  };
  const table = assertSums(settled);
  const lines = Object.fromEntries(summaryLines(table.get(0)).map((l) => [l.key, l.points]));
  assert.deepEqual(lines, { "row:front": 3, "row:middle": 3, "row:back": 3, scoop: 9, home_run: 18 });
  const loser = Object.fromEntries(summaryLines(table.get(1)).map((l) => [l.key, l.points]));
  assert.deepEqual(loser, { "row:front": 1, "row:middle": -3, "row:back": -1, scoop: -3, home_run: -6 });
});

test("a home run with a multiplier of 3 divides by 3", () => {
  const pair = { a: 1, b: 0, base: -3, points: -18, scoop: 0, home_run: 0, special: null,
    rows: [row("front", 0, 1), row("middle", 0, 1), row("back", 0, 1)] };
  const parts = Object.fromEntries(pairComponents(pair, 3).filter((c) => c.kind !== "row")
    .map((c) => [c.kind, c.points]));
  assert.deepEqual(parts, { scoop: -3, home_run: -12 });
});

test("specials carry their name and points; a declarer's pairs have no rows", () => {
  const settled = {
    hands: hands(3), home_run: null, totals: { 0: 6, 1: -4, 2: -2 },
    pairs: [
      { a: 0, b: 1, base: 3, points: 3, rows: [], scoop: null, home_run: null,
        special: { winner: 0, code: "six_pairs", points: 3 } },
      { a: 0, b: 2, base: 3, points: 3, rows: [], scoop: null, home_run: null,
        special: { winner: 0, code: "six_pairs", points: 3 } },
      { a: 1, b: 2, base: -1, points: -1, scoop: null, home_run: null, special: null,
        rows: [row("front", 2, 1), row("middle", null, 0), row("back", null, 0)] },
    ],
  };
  const table = assertSums(settled);
  const lines = summaryLines(table.get(0));
  assert.deepEqual(lines.map((l) => [l.key, l.points, l.count]), [["special:six_pairs", 6, 2]]);
  assert.equal(summaryLines(table.get(1)).find((l) => l.kind === "special").points, -3);
});

test("a foul: the clean side's rows and scoop, marked as the fouler's", () => {
  const settled = {
    hands: hands(2), home_run: null, totals: { 0: -6, 1: 6 },
    pairs: [{ a: 0, b: 1, base: -3, points: -6, scoop: 1, home_run: null, special: null,
      foul_a: true, foul_b: false,
      rows: [row("front", 1, 1), row("middle", 1, 1), row("back", 1, 1)] }],
  };
  const table = assertSums(settled);
  const rows = summaryLines(table.get(0)).filter((l) => l.kind === "row");
  assert.ok(rows.every((l) => l.fouls.includes(0)));
});

test("the horse card doubles after the scoop and the home run", () => {
  const pair = { a: 0, b: 1, base: 2, points: 8, scoop: 0, home_run: null, horse: 1, special: null,
    rows: [row("front", 0, 1), row("middle", 0, 1), row("back", null, 0)] };
  // Not a real scoop with a tie, but the arithmetic: 2 rows, +2 scoop, ×2 horse = 8.
  assert.deepEqual(pairComponents(pair).map((c) => [c.kind, c.points]),
    [["row", 1], ["row", 1], ["row", 0], ["scoop", 2], ["horse", 4]]);
  const special = { a: 0, b: 1, base: -5, points: -10, rows: [], scoop: null, home_run: null, horse: 0,
    special: { winner: 1, code: "dragon", points: 5 } };
  assert.deepEqual(pairComponents(special).map((c) => [c.kind, c.points]), [["special", -5], ["horse", -5]]);
});

test("十三道: agreed pairs and the pot's adjustments are components too", () => {
  const settled = {
    hands: hands(3), banker: 0, home_run: null, totals: { 0: 6, 1: -3, 2: -3 },
    pairs: [
      { a: 0, b: 1, base: 2, points: 2, negotiated: true, rows: [], scoop: null, home_run: null, special: null },
      { a: 0, b: 2, base: 1, points: 1, negotiated: false, scoop: null, home_run: null, special: null,
        rows: [row("front", 0, 1), row("middle", 0, 1), row("back", 2, 1)] },
    ],
    adjustments: [{ position: 1, points: -2, reason: "bid" }, { position: 0, points: 1, reason: "pot" },
      { position: 1, points: 1, reason: "pot" }, { position: 2, points: -2, reason: "swap" },
      { position: 0, points: 2, reason: "swap" }],
  };
  const table = assertSums(settled);
  const banker = Object.fromEntries(summaryLines(table.get(0)).map((l) => [l.key, l.points]));
  assert.deepEqual(banker, { "row:front": 1, "row:middle": 1, "row:back": -1, agreed: 2,
    "adjust:pot": 1, "adjust:swap": 2 });
  const one = Object.fromEntries(summaryLines(table.get(1)).map((l) => [l.key, l.points]));
  assert.deepEqual(one, { agreed: -2, "adjust:bid": -2, "adjust:pot": 1 });
});
