// The page's row labels and foul warning mirror rules/engine/rows.py (RULES.md §2, §3);
// these cases are the engine's own examples, so a drift between the two shows up here.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  compareKeys, evaluate, evaluatePartial, foulCheck, foulText, frontNotAboveMiddle, rowLabel,
} from "../../static/js/rows.js";

const ENGLISH = {
  "row.pair": "Pair of {rank}s", "row.flush": "Flush, {rank} high",
  "row.straight": "Straight to {rank}", "row.full_house": "Full house, {rank}s over {rank2}s",
  "row.high_card": "{rank} high", "row.two_pair": "Two pair, {rank}s and {rank2}s",
  "row.five_of_a_kind": "Five {rank}s", "row.three_of_a_kind": "Three {rank}s",
  "row_name.front": "front", "row_name.middle": "middle", "row_name.back": "back",
};
const CHINESE = { "row.pair": "一对 {rank}", "row.flush": "同花 {rank}大" };

const category = (codes, wheel) => evaluate(codes, wheel).category;

test("every 5-card category, strongest first", () => {
  assert.equal(category(["Ad", "Ad", "Ad", "Ac", "Ah"]), "five_of_a_kind");
  assert.equal(category(["9h", "Th", "Jh", "Qh", "Kh"]), "straight_flush");
  assert.equal(category(["7s", "7h", "7c", "7d", "2s"]), "four_of_a_kind");
  assert.equal(category(["Ks", "Kh", "Kc", "5d", "5s"]), "full_house");
  assert.equal(category(["As", "9s", "7s", "4s", "2s"]), "flush");
  assert.equal(category(["5s", "6h", "7c", "8d", "9s"]), "straight");
  assert.equal(category(["8s", "8h", "8c", "Kd", "2s"]), "three_of_a_kind");
  assert.equal(category(["Js", "Jh", "6c", "6d", "9s"]), "two_pair");
  assert.equal(category(["7s", "7h", "Ac", "Kd", "2s"]), "pair");
  assert.equal(category(["As", "Jh", "9c", "5d", "3s"]), "high_card");
});

test("a front row is never a straight or a flush", () => {
  assert.equal(category(["2s", "3s", "4s"]), "high_card");
  assert.equal(category(["Qs", "Qh", "Qc"]), "three_of_a_kind");
  assert.deepEqual(evaluate(["Kd", "5s", "Kh"]).key, [1, 13, 5]);
});

test("keys group ranks as the engine does", () => {
  assert.deepEqual(evaluate(["Ks", "Kh", "Kc", "5d", "5s"]).key, [6, 13, 5]);
  assert.deepEqual(evaluate(["Js", "Jh", "6c", "6d", "9s"]).key, [2, 11, 6, 9]);
  assert.deepEqual(evaluate(["As", "9s", "7s", "4s", "2s"]).key, [5, 14, 9, 7, 4, 2]);
});

test("the wheel is the lowest straight, or second with wheel: second", () => {
  const wheel = evaluate(["As", "2h", "3c", "4d", "5s"]);
  const six = evaluate(["2s", "3h", "4c", "5d", "6s"]);
  assert.deepEqual(wheel.key, [4, 5]);
  assert.equal(compareKeys(wheel.key, six.key), -1);
  const second = evaluate(["As", "2h", "3c", "4d", "5s"], "second");
  const kingHigh = evaluate(["9s", "Th", "Jc", "Qd", "Ks"], "second");
  assert.equal(compareKeys(second.key, kingHigh.key), 1);
  assert.equal(category(["Js", "Qh", "Kc", "Ad", "2s"]), "high_card");
});

test("jokers take the best substitution, even a card already in the row", () => {
  assert.equal(category(["As", "Ah", "Ac", "Ad", "BJ"]), "five_of_a_kind");
  assert.equal(category(["9h", "Th", "Jh", "Qh", "SJ"]), "straight_flush");
  assert.deepEqual(evaluate(["BJ", "SJ", "2c"]).key, [3, 2]);
  assert.deepEqual(evaluate(["BJ", "2c", "7d"]).key, [1, 7, 2]);
});

test("front against middle compares over the front's length only (§2.1)", () => {
  const kk5 = evaluate(["Ks", "Kh", "5c"]).key;
  const kk7 = evaluate(["Ks", "Kh", "7c"]).key;
  const middle = evaluate(["Kc", "Kd", "7s", "4h", "3d"]).key;
  assert.equal(frontNotAboveMiddle(kk5, middle), true);
  assert.equal(frontNotAboveMiddle(kk7, middle), true);
  assert.equal(frontNotAboveMiddle(evaluate(["Ks", "Kh", "8c"]).key, middle), false);
});

test("a foul names each row that is higher than the next; equal rows are fine", () => {
  const front = evaluate(["Qs", "Qh", "2c"]);
  const middle = evaluate(["7s", "7h", "Ac", "Kd", "3s"]);
  const back = evaluate(["5s", "5h", "Jc", "9d", "4s"]);
  const foul = foulCheck(front, middle, back);
  assert.deepEqual(foul.pairs, [["front", "middle"], ["middle", "back"]]);
  assert.equal(foulText(foul, { front, middle, back }, ENGLISH),
    "the front (一对 Pair of Qs) is higher than the middle (一对 Pair of 7s); "
    + "the middle (一对 Pair of 7s) is higher than the back (一对 Pair of 5s)");
  const same = evaluate(["As", "Ah", "Kc", "Qd", "Js"]);
  assert.equal(foulCheck(evaluate(["2s", "3h", "4c"]), same, same), null);
});

test("a foul between rows of the same words names the kickers", () => {
  const front = evaluate(["Ks", "Kh", "8c"]);
  const middle = evaluate(["Kc", "Kd", "7s", "4h", "3d"]);
  const back = evaluate(["As", "Ah", "Ac", "2d", "2s"]);
  const text = foulText(foulCheck(front, middle, back), { front, middle, back }, ENGLISH);
  assert.equal(text, "the front (一对 Pair of Ks K-8) is higher than the middle (一对 Pair of Ks K-7-4-3)");
});

test("labels: the Chinese name, then words from the page's string table", () => {
  const flush = evaluate(["As", "9s", "7s", "4s", "2s"]);
  assert.equal(rowLabel(flush, ENGLISH).text, "同花 Flush, A high");
  assert.equal(rowLabel(flush, CHINESE).text, "同花 A大");
  assert.equal(rowLabel(evaluate(["7s", "7h", "Ac", "Kd", "2s"]), ENGLISH).text, "一对 Pair of 7s");
  assert.equal(rowLabel(evaluate(["Ts", "Th", "Ac"]), ENGLISH).text, "一对 Pair of 10s");
  assert.equal(rowLabel(evaluate(["Ks", "Kh", "Kc", "5d", "5s"]), ENGLISH).text,
    "葫芦 Full house, Ks over 5s");
  assert.equal(rowLabel(evaluate(["As", "2h", "3c", "4d", "5s"]), ENGLISH).text, "顺子 Straight to 5");
});

test("an unfinished row is labelled by what it holds so far", () => {
  assert.equal(evaluatePartial([], 5), null);
  const pair = evaluatePartial(["7s", "7h"], 5);
  assert.equal(pair.category, "pair");
  assert.equal(pair.missing, 3);
  assert.equal(rowLabel(pair, ENGLISH).text, "一对 Pair of 7s");
  assert.equal(evaluatePartial(["7s", "7h", "9c", "9d"], 5).category, "two_pair");
  assert.equal(evaluatePartial(["7s", "7h", "7c", "9d", "9s"], 5).category, "full_house");
  assert.equal(evaluatePartial(["BJ", "9d"], 3).category, "pair");
  assert.equal(evaluatePartial(["As"], 3).category, "high_card");
});

test("bad rows are refused clearly", () => {
  assert.throws(() => evaluate(["As", "Ks"]), /3 or 5 cards/);
  assert.throws(() => evaluate(["As", "Ks", "Xq"]), /not a card code/);
});

test("rows read as players say them: straights upward, groups first (§7.1)", async () => {
  const { displayOrder } = await import("../../static/js/rows.js");
  assert.deepEqual(displayOrder(["6s", "2h", "4c", "3d", "5s"]), ["2h", "3d", "4c", "5s", "6s"]);
  assert.deepEqual(displayOrder(["5s", "Ah", "4c", "3d", "2s"]), ["Ah", "2s", "3d", "4c", "5s"]);
  assert.deepEqual(displayOrder(["2d", "3s", "2s", "3h", "3c"]), ["3s", "3h", "3c", "2s", "2d"]);
  assert.deepEqual(displayOrder(["3s", "Kh", "2c", "Jd", "2s"]), ["2s", "2c", "Kh", "Jd", "3s"]);
  assert.deepEqual(displayOrder([{ code: "2c" }, { code: "Ac" }]).map((x) => x.code), ["Ac", "2c"]);
});
