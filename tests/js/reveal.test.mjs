// The reveal's order (seed 000 §3.5: row by row, the smallest hand first) and its numbers.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  SessionScore, candidateMarks, replayUrl, revealSteps, rowPoints, smallestFirst,
} from "../../static/js/reveal.js";

// Three players: 0 scoops 1 (front trips worth 3), 0 and 2 split, 2 declares nothing.
const SETTLED = {
  id: 7, number: 2, home_run: null,
  hands: [
    { position: 0, user_id: 10, front: ["Qs", "Qh", "Qc"], middle: ["2s", "3s", "4s", "5s", "7s"],
      back: ["8h", "8d", "8c", "8s", "Kd"], special: null, foul: false },
    { position: 1, user_id: 11, front: ["2h", "3c", "5d"], middle: ["9h", "9d", "Kh", "6c", "4d"],
      back: ["Th", "Td", "Jc", "Js", "Ac"], special: null, foul: false },
    { position: 2, user_id: 12, front: ["Ah", "Ad", "7c"], middle: ["6s", "6h", "6d", "Jd", "3d"],
      back: ["Ks", "Kh", "Kc", "2d", "2c"], special: null, foul: false },
  ],
  pairs: [
    { a: 0, b: 1, points: 18, base: 9, scoop: 0, home_run: null, special: null,
      rows: [{ row: "front", winner: 0, points: 3 }, { row: "middle", winner: 0, points: 1 },
        { row: "back", winner: 0, points: 4 }] },
    { a: 0, b: 2, points: 1, base: 1, scoop: null, home_run: null, special: null,
      rows: [{ row: "front", winner: 0, points: 3 }, { row: "middle", winner: 2, points: 1 },
        { row: "back", winner: 2, points: 1 }] },
    { a: 1, b: 2, points: -3, base: -3, scoop: null, home_run: null, special: null,
      rows: [{ row: "front", winner: 2, points: 1 }, { row: "middle", winner: 2, points: 1 },
        { row: "back", winner: null, points: 0 }] },
  ],
  totals: { 0: 19, 1: -21, 2: 2 },
};

test("each row is shown smallest hand first", () => {
  assert.deepEqual(smallestFirst(SETTLED.hands, "front"), [1, 2, 0]);
  assert.deepEqual(smallestFirst(SETTLED.hands, "middle"), [1, 2, 0]);
  assert.deepEqual(smallestFirst(SETTLED.hands, "back"), [1, 2, 0]);
});

test("steps: three rows, then the scoop, then the totals", () => {
  const steps = revealSteps(SETTLED);
  assert.deepEqual(steps.map((s) => s.kind), ["row", "row", "row", "scoop", "totals"]);
  assert.deepEqual(steps[0].results[0], { a: 0, b: 1, winner: 0, points: 3 });
  assert.deepEqual(steps[3], { kind: "scoop", winner: 0, loser: 1, points: 18 });
  assert.deepEqual(steps[4].totals, { 0: 19, 1: -21, 2: 2 });
});

test("row points per player add up, the scoop shows as extra", () => {
  const net = rowPoints(SETTLED);
  assert.deepEqual(net.get(0).rows, { front: 6, middle: 0, back: 3 });
  assert.equal(net.get(0).extra, 10);
  assert.deepEqual(net.get(1).rows, { front: -4, middle: -2, back: -4 });
  const sum = [...net.values()].reduce((total, n) =>
    total + n.rows.front + n.rows.middle + n.rows.back + n.extra + n.special, 0);
  assert.equal(sum, 0);
});

test("declarers are not compared; their specials, fouls and home runs are announced", () => {
  const settled = {
    ...SETTLED, home_run: 0,
    hands: SETTLED.hands.map((h) => (h.position === 2 ? { ...h, special: "six_pairs" }
      : h.position === 1 ? { ...h, foul: true } : h)),
    pairs: [
      SETTLED.pairs[0],
      { a: 0, b: 2, points: -4, base: -4, scoop: null, home_run: null, rows: [],
        special: { winner: 2, code: "six_pairs", points: 4 } },
      { a: 1, b: 2, points: -4, base: -4, scoop: null, home_run: null, rows: [],
        special: { winner: 2, code: "six_pairs", points: 4 } },
    ],
  };
  const steps = revealSteps(settled);
  assert.deepEqual(steps[0].order, [1, 0]);
  assert.equal(steps[0].results.length, 1);
  const kinds = steps.map((s) => s.kind);
  assert.deepEqual(kinds, ["row", "row", "row", "foul", "special", "scoop", "home_run", "totals"]);
  assert.equal(rowPoints(settled).get(2).special, 8);
  assert.equal(rowPoints(settled).get(2).compared, 0);
  assert.equal(rowPoints(settled).get(0).compared, 1);
});

test("two declarers facing each other are announced: the higher special collects", () => {
  const settled = {
    ...SETTLED,
    hands: SETTLED.hands.map((h) => (h.position === 0 ? { ...h, special: "dragon" }
      : h.position === 2 ? { ...h, special: "six_pairs" } : h)),
    pairs: [
      { a: 0, b: 1, points: 36, rows: [], scoop: null, special: { winner: 0, code: "dragon", points: 36 } },
      { a: 0, b: 2, points: 36, rows: [], scoop: null, special: { winner: 0, code: "dragon", points: 36 } },
      { a: 1, b: 2, points: -4, rows: [], scoop: null, special: { winner: 2, code: "six_pairs", points: 4 } },
    ],
  };
  const pairs = revealSteps(settled).filter((s) => s.kind === "special_pair");
  assert.deepEqual(pairs, [{ kind: "special_pair", a: 0, b: 2, winner: 0, code: "dragon", points: 36 }]);
  assert.equal(revealSteps(settled)[0].order.length, 1);
});

test("the session score adds each settled round once", () => {
  const score = new SessionScore({ 10: 5, 11: -5 }, [6]);
  assert.equal(score.add(SETTLED), true);
  assert.equal(score.add(SETTLED), false);
  assert.equal(score.add({ ...SETTLED, id: 6 }), false);
  assert.equal(score.of(10), 24);
  assert.equal(score.of(11), -26);
  assert.equal(score.of(12), 2);
  assert.equal(score.of(99), 0);
});

test("a settled round links to its replay, filled into the page's route", () => {
  const template = "/replays/{round_id}/";
  assert.equal(replayUrl(SETTLED, { template, userId: 99, isPrivate: false }), "/replays/7/");
  // The `settled` message may carry the id as round_id.
  const { id, ...asSent } = SETTLED;
  assert.equal(replayUrl({ ...asSent, round_id: id }, { template, userId: 10, isPrivate: false }),
    "/replays/7/");
});

test("a private table's replay is linked for the round's players only", () => {
  const template = "/replays/{round_id}/";
  assert.equal(replayUrl(SETTLED, { template, userId: 11, isPrivate: true }), "/replays/7/");
  // Someone who sat down after the round would find no replay there (games.record.replays).
  assert.equal(replayUrl(SETTLED, { template, userId: 99, isPrivate: true }), null);
  assert.equal(replayUrl(SETTLED, { template: undefined, userId: 10, isPrivate: false }), null);
});

// 多三张: a settled hand's 16 dealt cards, its 3 candidates, its rows and the 3 discards.
test("the reveal tags the cards a hand took from its candidates, twin diamonds counted", () => {
  const hand = {
    cards: ["As", "Ah", "Ad", "Qs", "Js", "Ts", "9s", "8c", "7c", "6d", "5h", "4h", "3s",
      "Ad", "Kh", "2c"],
    candidates: ["Ad", "Kh", "2c"],
    front: ["Ad", "Ad", "Kh"], middle: ["As", "Ah", "Qs", "Js", "Ts"],
    back: ["9s", "8c", "7c", "6d", "5h"], discards: ["4h", "3s", "2c"],
  };
  const marks = candidateMarks(hand);
  // Two Ad in the front: one was dealt in the 13, the other is the candidate.
  assert.deepEqual(marks.front, [false, true, true]);
  assert.deepEqual(marks.middle, [false, false, false, false, false]);
  assert.deepEqual(marks.discards, [false, false, true]);
  // One Ad used: it is the plain copy, and the candidate copy is among the discards.
  const oneAce = { ...hand, front: ["Ad", "Kh", "4h"], discards: ["Ad", "3s", "2c"] };
  assert.deepEqual(candidateMarks(oneAce).front, [false, true, false]);
  assert.deepEqual(candidateMarks(oneAce).discards, [true, false, true]);
  // A 13-card round has no candidates: nothing is tagged.
  const plain = candidateMarks(SETTLED.hands[0]);
  assert.deepEqual(plain.front, [false, false, false]);
  assert.deepEqual(plain.discards, []);
});
