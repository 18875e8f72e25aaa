// The moves of the arranging view: tap then row, swap, clear, hints, and the foul check.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Arrangement, HAND, MoveError } from "../../static/js/arrange.js";

const DEAL = ["As", "Ah", "Kd", "Qs", "Js", "Ts", "9s", "8c", "7c", "6d", "5h", "4h", "3s"];
const HINT = {
  front: ["Qs", "Js", "3s"],
  middle: ["As", "Ah", "Kd", "4h", "5h"],
  back: ["6d", "7c", "8c", "9s", "Ts"],
};

test("cards start in the hand and move to a row with room", () => {
  const arrangement = new Arrangement(DEAL);
  assert.equal(arrangement.idsIn(HAND).length, 13);
  assert.equal(arrangement.move([0, 1], "front"), 2);
  assert.deepEqual(arrangement.codesIn("front"), ["As", "Ah"]);
  assert.equal(arrangement.room("front"), 1);
});

test("a row without room for every card refuses the whole move", () => {
  const arrangement = new Arrangement(DEAL);
  arrangement.move([0, 1], "front");
  assert.throws(() => arrangement.move([2, 3], "front"),
    (error) => error instanceof MoveError && error.code === "row_full" && error.params.room === 1);
  assert.deepEqual(arrangement.codesIn("front"), ["As", "Ah"]);
  // Cards already in the row do not need room.
  assert.equal(arrangement.move([0, 1, 2], "front"), 1);
});

test("swapping trades places, so a full row can take a card", () => {
  const arrangement = new Arrangement(DEAL);
  arrangement.move([0, 1, 2], "front");
  assert.equal(arrangement.swap(0, 5), true);
  assert.deepEqual(arrangement.codesIn("front").sort(), ["Ah", "Kd", "Ts"].sort());
  assert.equal(arrangement.placeOf(0), HAND);
  assert.equal(arrangement.swap(1, 2), false);
});

test("clearing a row sends its cards back to the hand", () => {
  const arrangement = new Arrangement(DEAL);
  arrangement.applyRows(HINT);
  arrangement.clear("middle");
  assert.equal(arrangement.idsIn(HAND).length, 5);
  assert.equal(arrangement.isComplete(), false);
  arrangement.clearAll();
  assert.equal(arrangement.idsIn(HAND).length, 13);
});

test("a hint lays out all three rows and the rows are what submit sends", () => {
  const arrangement = new Arrangement(DEAL);
  arrangement.move([12], "front");
  arrangement.applyRows(HINT);
  assert.equal(arrangement.isComplete(), true);
  assert.deepEqual(arrangement.rows(), HINT);
  const { values, foul } = arrangement.evaluation();
  assert.equal(values.back.category, "straight");
  assert.equal(values.middle.category, "pair");
  assert.equal(foul, null);
});

test("identical cards of the 65-card deck are separate cards", () => {
  const arrangement = new Arrangement(["Ad", "Ad", ...DEAL.slice(2), "2d"].slice(0, 13));
  arrangement.applyRows({
    front: ["Ad", "Ad", "Kd"], middle: ["Qs", "Js", "Ts", "9s", "8c"],
    back: ["7c", "6d", "5h", "4h", "3s"],
  });
  assert.deepEqual(arrangement.idsIn("front").sort(), [0, 1, 2]);
});

test("a hint holding a card not dealt is refused and changes nothing", () => {
  const arrangement = new Arrangement(DEAL);
  arrangement.move([0], "back");
  assert.throws(() => arrangement.applyRows({ ...HINT, front: ["2d", "Js", "3s"] }),
    (error) => error.code === "not_your_card" && error.params.code === "2d");
  assert.deepEqual(arrangement.codesIn("back"), ["As"]);
});

test("a fouled layout is reported once all rows are full", () => {
  const arrangement = new Arrangement(DEAL);
  arrangement.applyRows({ front: ["As", "Ah", "3s"], middle: ["Kd", "Qs", "Js", "4h", "5h"],
    back: ["6d", "7c", "8c", "9s", "Ts"] });
  const { foul } = arrangement.evaluation();
  assert.deepEqual(foul.pairs, [["front", "middle"]]);
});

test("rows sort for display by rank or by suit", () => {
  const arrangement = new Arrangement(DEAL);
  assert.deepEqual(arrangement.sortedIds(HAND, "suit").map((id) => DEAL[id]).slice(0, 6),
    ["As", "Qs", "Js", "Ts", "9s", "3s"]);
});

// 多三张 (RULES.md §7.3): 16 cards, the last 3 dealt are the candidates; any 13 go in the
// rows and the 3 left out are the discards. The 65-card deck holds two of each diamond.
const DEAL16 = [...DEAL, "Ad", "Kh", "2c"];
const CANDIDATES = ["Ad", "Kh", "2c"];

test("the candidates are marked on their own cards, and a 13-card deal has none", () => {
  const arrangement = new Arrangement(DEAL16, CANDIDATES);
  assert.equal(arrangement.extra, 3);
  assert.deepEqual(arrangement.cards.filter((c) => c.candidate).map((c) => c.id), [13, 14, 15]);
  assert.equal(new Arrangement(DEAL).extra, 0);
  assert.equal(new Arrangement(DEAL).cards.some((c) => c.candidate), false);
});

test("a candidate the deal does not hold is refused", () => {
  assert.throws(() => new Arrangement(DEAL16, ["Ad", "Kh", "Qh"]),
    (error) => error instanceof MoveError && error.code === "not_your_card" && error.params.code === "Qh");
  // A candidate is one card: the same code twice needs two copies dealt.
  assert.throws(() => new Arrangement(DEAL16, ["Kh", "Kh"]), (error) => error.code === "not_your_card");
});

test("the discards are what is left out once 13 cards fill the rows, and nothing before", () => {
  const arrangement = new Arrangement(DEAL16, CANDIDATES);
  assert.deepEqual(arrangement.discards(), []);
  arrangement.applyRows(HINT); // the 13 dealt first: every candidate is left out
  assert.equal(arrangement.isComplete(), true);
  assert.deepEqual(arrangement.discards(), [13, 14, 15]);
  // A candidate taken in by swapping: the card it replaces becomes a discard.
  const threeOfSpades = arrangement.idsIn("front").find((id) => arrangement.codeOf(id) === "3s");
  assert.equal(arrangement.swap(15, threeOfSpades), true);
  assert.deepEqual(arrangement.codesIn("front").sort(), ["2c", "Js", "Qs"]);
  assert.deepEqual(arrangement.discards().map((id) => arrangement.codeOf(id)).sort(), ["3s", "Ad", "Kh"]);
  // A card taken out of a full row leaves 4 cards unplaced: no discards until it is full again.
  arrangement.move([15], HAND);
  assert.deepEqual(arrangement.discards(), []);
  arrangement.clear("front");
  assert.equal(arrangement.idsIn(HAND).length, 6);
});

test("a hint that uses candidates leaves its own discards out", () => {
  const arrangement = new Arrangement(DEAL16, CANDIDATES);
  const hint = { front: ["Ad", "Kh", "Kd"], middle: ["As", "Ah", "Qs", "Js", "Ts"],
    back: ["9s", "8c", "7c", "6d", "5h"] };
  arrangement.applyRows(hint);
  assert.deepEqual(arrangement.rows(), hint);
  assert.deepEqual(arrangement.discards().map((id) => arrangement.codeOf(id)).sort(), ["2c", "3s", "4h"]);
  assert.equal(arrangement.isCandidate(13) && arrangement.placeOf(13), "front");
});

test("twin diamonds are a multiset: the plain copy is used first, the candidate copy after", () => {
  // The 13 hold an Ad and the candidates another: two cards, one code.
  const twins = [...DEAL.slice(0, 12), "Ad", "Ad", "Kh", "2c"];
  const arrangement = new Arrangement(twins, ["Ad", "Kh", "2c"]);
  assert.equal(arrangement.isCandidate(12), false);
  assert.equal(arrangement.isCandidate(13), true);
  const oneAce = { front: ["Qs", "Js", "Ad"], middle: ["As", "Ah", "Kd", "4h", "5h"],
    back: ["6d", "7c", "8c", "9s", "Ts"] };
  arrangement.applyRows(oneAce);
  assert.equal(arrangement.placeOf(12), "front");
  assert.equal(arrangement.placeOf(13), HAND);
  assert.deepEqual(arrangement.discards().map((id) => arrangement.codeOf(id)).sort(), ["2c", "Ad", "Kh"]);
  // Both aces in the rows: the rows hold the code twice and the discards not at all.
  arrangement.applyRows({ ...oneAce, front: ["Ad", "Ad", "Js"], middle: ["As", "Ah", "Kd", "Qs", "5h"] });
  assert.deepEqual(arrangement.codesIn("front").filter((code) => code === "Ad").length, 2);
  assert.deepEqual(arrangement.discards().map((id) => arrangement.codeOf(id)).sort(), ["2c", "4h", "Kh"]);
  // Three aces of diamonds were never dealt: refused, nothing moves.
  assert.throws(() => arrangement.applyRows({ ...oneAce, front: ["Ad", "Ad", "Ad"] }),
    (error) => error.code === "not_your_card" && error.params.code === "Ad");
  assert.equal(arrangement.codesIn("front").filter((code) => code === "Ad").length, 2);
});
