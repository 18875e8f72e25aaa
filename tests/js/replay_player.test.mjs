// The replay page's logic without a DOM: what the page shows after each step
// (static/js/replay/model.js) and the transport — stepping, playing, keys, the link with
// the step (static/js/replay/player.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  dealtApart, describeStep, signed, stepState, translator,
} from "../../static/js/replay/model.js";
import { ReplayPlayer, keyAction, stepFromSearch, urlWithStep } from "../../static/js/replay/player.js";

// A two-player round as games/record/replays.py sends it: seat 1 (by hand) scoops seat 0.
const REPLAY = {
  fairness: { commitment: "d2c8659d2b888014e0686324a4448a69ef64f1b36156948f17fa600dc170fc35" },
  hands: [
    { position: 0, display_name: "Ann", front: ["2s", "3h", "5d"], middle: [], back: [], special: null, foul: false, auto: true },
    { position: 1, display_name: "Bo", front: ["As", "Ah", "Kd"], middle: [], back: [], special: null, foul: false, auto: false },
  ],
  steps: [
    { kind: "deal", running: { 0: 0, 1: 0 } },
    { kind: "submit", position: 1, auto: false, special: null, foul: false, running: { 0: 0, 1: 0 } },
    { kind: "submit", position: 0, auto: true, special: null, foul: false, running: { 0: 0, 1: 0 } },
    { kind: "row", row: "front", results: [{ a: 0, b: 1, winner: 1, points: 1 }], running: { 0: -1, 1: 1 } },
    { kind: "row", row: "middle", results: [{ a: 0, b: 1, winner: 1, points: 2 }], running: { 0: -3, 1: 3 } },
    { kind: "row", row: "back", results: [{ a: 0, b: 1, winner: null, points: 0 }], running: { 0: -3, 1: 3 } },
    { kind: "scoop", winner: 1, loser: 0, points: 3, running: { 0: -6, 1: 6 } },
    { kind: "totals", totals: { 0: -6, 1: 6 }, running: { 0: -6, 1: 6 } },
  ],
};

const STRINGS = {
  "step.deal": "Dealt; commitment {commitment}…",
  "step.submit": "{name} submits by hand.",
  "step.submit_auto": "The timer submits for {name}.",
  "step.row": "The {row} rows.",
  "step.row_result": "{winner} beats {loser}: +{points}",
  "step.row_tie": "{a} and {b} tie",
  "step.scoop": "{winner} scoops {loser} +{points}",
  "step.totals": "Totals",
  "row.front": "Front",
  "row.middle": "Middle",
  "row.back": "Back",
};
const t = translator(STRINGS);

test("the state after each step is rebuilt from the first step, so back equals forward", () => {
  const atDeal = stepState(REPLAY, 0);
  assert.equal(atDeal.submitted.size, 0);
  assert.deepEqual(atDeal.compared, []);

  const afterMiddle = stepState(REPLAY, 4);
  assert.deepEqual([...afterMiddle.submitted].sort(), [0, 1]);
  assert.deepEqual(afterMiddle.compared, ["front", "middle"]);
  assert.deepEqual(afterMiddle.rowPoints.get(1), { front: 1, middle: 2, back: 0 });
  assert.deepEqual(afterMiddle.rowPoints.get(0), { front: -1, middle: -2, back: 0 });
  assert.deepEqual(afterMiddle.running, { 0: -3, 1: 3 });
  assert.deepEqual(stepState(REPLAY, 6).scoops.map((s) => s.winner), [1]);
  assert.equal(stepState(REPLAY, 7).done, true);
  // Out-of-range indexes are clamped, not errors.
  assert.equal(stepState(REPLAY, 99).index, 7);
  assert.equal(stepState(REPLAY, -3).index, 0);
  assert.equal(stepState(REPLAY, undefined).index, 0);
});

test("each step is told in words: submissions by hand or by the timer, rows, ties, scoops", () => {
  const told = REPLAY.steps.map((step) => describeStep(REPLAY, step, t));
  assert.equal(told[0].headline, "Dealt; commitment d2c8659d2b888014…");
  assert.equal(told[1].headline, "Bo submits by hand.");
  assert.equal(told[2].headline, "The timer submits for Ann.");
  assert.deepEqual(told[3], { headline: "The Front rows.", lines: ["Bo beats Ann: +1"] });
  assert.deepEqual(told[5].lines, ["Ann and Bo tie"]);
  assert.equal(told[6].headline, "Bo scoops Ann +3");
  assert.deepEqual(told[7].lines, ["Ann −6", "Bo +6"]);
});

test("a bot's seat is told as the table names it: Bot 3, not its account's Bot · Normal 3", () => {
  const withBot = { ...REPLAY, hands: REPLAY.hands.map((hand) => (hand.position === 1
    ? { ...hand, display_name: "Bot · Normal 3" } : hand)) };
  const named = translator({ ...STRINGS, "felt.bot_name": "Bot {number}" });
  const told = withBot.steps.map((step) => describeStep(withBot, step, named));
  assert.equal(told[1].headline, "Bot 3 submits by hand.");
  assert.deepEqual(told[3].lines, ["Bot 3 beats Ann: +1"]);
  assert.equal(told[6].headline, "Bot 3 scoops Ann +3");
  assert.deepEqual(told[7].lines, ["Ann −6", "Bot 3 +6"]);
});

test("points read as players say them", () => {
  assert.deepEqual([signed(3), signed(-2), signed(0), signed(undefined)], ["+3", "−2", "0", "0"]);
});

function fakeTimers() {
  const timers = { next: 1, active: new Map() };
  timers.set = (fn) => { const id = timers.next++; timers.active.set(id, fn); return id; };
  timers.clear = (id) => timers.active.delete(id);
  timers.tick = () => { for (const fn of [...timers.active.values()]) fn(); };
  return timers;
}

test("stepping forward, back, first and last stays within the round", () => {
  const seen = [];
  const player = new ReplayPlayer(8, { onChange: (index) => seen.push(index) });
  assert.equal(player.back(), false);
  player.forward();
  player.forward();
  player.back();
  player.end();
  assert.equal(player.forward(), false);
  player.first();
  player.seek(5.7);
  player.seek("x");
  assert.deepEqual(seen, [1, 2, 1, 7, 0, 5, 0]);
});

test("playing advances on the timer and stops by itself at the totals", () => {
  const timers = fakeTimers();
  const player = new ReplayPlayer(4, { index: 1, setTimer: timers.set, clearTimer: timers.clear });
  player.play();
  assert.equal(player.playing, true);
  timers.tick();
  timers.tick();
  assert.equal(player.index, 3);
  assert.equal(player.playing, false);
  assert.equal(timers.active.size, 0);
  // Play from the end starts again at the deal.
  player.play();
  assert.equal(player.index, 0);
  player.toggle();
  assert.equal(player.playing, false);
});

test("keys: arrows step, space and k play or pause, Home and End jump; fields keep their keys", () => {
  const key = (k, extra = {}) => keyAction({ key: k, target: { tagName: "BODY" }, ...extra });
  assert.equal(key("ArrowRight"), "forward");
  assert.equal(key("ArrowLeft"), "back");
  assert.equal(key(" "), "toggle");
  assert.equal(key("k"), "toggle");
  assert.equal(key("Home"), "first");
  assert.equal(key("End"), "end");
  assert.equal(key("a"), null);
  assert.equal(key("ArrowRight", { ctrlKey: true }), null);
  assert.equal(keyAction({ key: "ArrowRight", target: { tagName: "INPUT" } }), null);
  assert.equal(keyAction({ key: " ", target: { tagName: "BUTTON" } }), null);
  assert.equal(keyAction({ key: "ArrowRight", target: { tagName: "BUTTON" } }), "forward");
});

test("a link carries the step counted from 1, and odd values open at the first step", () => {
  assert.equal(stepFromSearch("?step=4", 8), 3);
  assert.equal(stepFromSearch("?step=99", 8), 7);
  assert.equal(stepFromSearch("?step=0", 8), 0);
  assert.equal(stepFromSearch("?step=abc", 8), 0);
  assert.equal(stepFromSearch("", 8), 0);
  assert.equal(urlWithStep("http://x.test/replays/3/?lang=zh#top", 4),
    "http://x.test/replays/3/?lang=zh&step=5#top");
});

test("a 多三张 seat's dealt cards show as the 13 and the 3 candidates, twin diamonds apart", () => {
  // The 65-card deck has two 3d: one among the 13, the other a candidate.
  const hand = { cards: ["3d", "4c", "5d", "4d", "6c", "5s", "2d", "Qd", "Kh", "Td", "9h", "Qs", "Jd",
    "Ad", "4s", "3d"], candidates: ["Ad", "4s", "3d"] };
  const { plain, candidates } = dealtApart(hand);
  assert.deepEqual(candidates, ["Ad", "4s", "3d"]);
  assert.deepEqual(plain, hand.cards.slice(0, 13));
  assert.deepEqual(dealtApart({ cards: ["As", "Kd"] }), { plain: ["As", "Kd"], candidates: [] });
});
