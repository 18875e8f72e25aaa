// 多一色 on the live table (issue 14's follow-up): the second copy of a card carries the
// replay's blue "2" mark on your own cards while arranging (by deal order, so the mark
// stays on its card wherever it moves) and on every hand at the reveal (seat order, rows
// front, middle, back, then discards).
import assert from "node:assert/strict";
import { test } from "node:test";

import { installFakeDom } from "./fake_dom.mjs";
import { Arrangement } from "../../static/js/arrange.js";
import { ArrangeView } from "../../static/js/arrange_view.js";
import { RevealView } from "../../static/js/reveal_view.js";
import { dealtSeconds, revealSeconds } from "../../static/js/table_seconds.js";

installFakeDom();
const t = (id) => ({ "card.second": "second copy", "suit.d": "diamonds" })[id] || id;
const DEALT = ["Ad", "Kd", "Qs", "Ad", "Jh", "Th", "9c", "8c", "7d", "6d", "5s", "4s", "3h"];

test("your own cards: the later copy in the deal is the second", () => {
  assert.deepEqual(dealtSeconds(DEALT).map((m, i) => (m ? i : null)).filter((i) => i !== null), [3]);
  assert.ok(dealtSeconds(["As", "Kh", "Qd"]).every((m) => !m));
});

test("the arranging view draws the mark and says it, wherever the card sits", () => {
  const view = { arrangement: new Arrangement(DEALT), seconds: dealtSeconds(DEALT), selected: new Set(), t, locked: false };
  const first = ArrangeView.prototype._cardButton.call(view, 0);
  const second = ArrangeView.prototype._cardButton.call(view, 3);
  assert.ok(!first.className.includes("second-copy"));
  assert.ok(!first.htmlAssigned.join().includes("card-second-mark"));
  assert.ok(second.className.includes("second-copy"));
  assert.ok(second.htmlAssigned.join().includes("card-second-mark"));
  assert.equal(second.getAttribute("aria-label"), "A diamonds, second copy");
  // Moved to the front row, it is still the second copy.
  view.arrangement.move([3], "front");
  assert.equal(view.arrangement.placeOf(3), "front");
  assert.ok(ArrangeView.prototype._cardButton.call(view, 3).className.includes("second-copy"));
});

test("the reveal: seat order, then front, middle, back, then discards", () => {
  const hands = [
    { position: 1, front: ["Ad", "2s", "3s"], middle: [], back: ["Kd", "Kd"], discards: [] },
    { position: 0, front: ["Qd"], middle: ["Ad"], back: ["Kd"], discards: ["Qd"] },
  ];
  const marks = revealSeconds(hands);
  assert.deepEqual(marks.get(0), { front: [false], middle: [false], back: [false], discards: [true] });
  assert.deepEqual(marks.get(1), { front: [true, false, false], middle: [], back: [true, true], discards: [] });
  const view = { t };
  const card = RevealView.prototype._card.call(view, "Ad", false, true);
  assert.ok(card.className.includes("second-copy") && card.htmlAssigned.join().includes("card-second-mark"));
  const plain = RevealView.prototype._card.call(view, "Ad", false);
  assert.ok(!plain.className.includes("second-copy"));
});
