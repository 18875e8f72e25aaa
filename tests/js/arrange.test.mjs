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
