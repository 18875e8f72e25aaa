// Keep what a player made (issue 14): a half-made arrangement survives a reload in the
// same round, only for the same cards, and goes on submit and at the settlement.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Arrangement, HAND } from "../../static/js/arrange.js";
import { DraftStore, restoreRows, sameCards } from "../../static/js/draft.js";
import { bestHint, evText, withHintValues } from "../../static/js/table_hints.js";

class MemoryStorage {
  constructor() { this.items = new Map(); }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
}

const CARDS = ["As", "Kd", "Qh", "Jc", "Ts", "9d", "8h", "7c", "6s", "5d", "4h", "3c", "2s"];

test("a half-made arrangement comes back in the same round, for the same cards", () => {
  const storage = new MemoryStorage();
  const drafts = new DraftStore(storage, 7);
  drafts.save(41, CARDS, { front: ["As", "Kd"], middle: [], back: ["2s"] });
  // A reload: a new store and a fresh arrangement of the same hand (in another order).
  const again = new DraftStore(storage, 7);
  const rows = again.load(41, [...CARDS].reverse());
  assert.deepEqual(rows, { front: ["As", "Kd"], middle: [], back: ["2s"] });
  const arrangement = new Arrangement(CARDS);
  assert.ok(restoreRows(arrangement, rows));
  assert.deepEqual(arrangement.codesIn("front"), ["As", "Kd"]);
  assert.deepEqual(arrangement.codesIn("back"), ["2s"]);
  assert.equal(arrangement.idsIn(HAND).length, 10);
});

test("another round, another player or other cards get nothing", () => {
  const storage = new MemoryStorage();
  new DraftStore(storage, 7).save(41, CARDS, { front: ["As"], middle: [], back: [] });
  assert.equal(new DraftStore(storage, 7).load(42, CARDS), null);
  assert.equal(new DraftStore(storage, 8).load(41, CARDS), null);
  assert.equal(new DraftStore(storage, 7).load(41, [...CARDS.slice(1), "Ah"]), null);
  // A draft with nothing placed is no draft: the first hint is laid out instead.
  new DraftStore(storage, 7).save(41, CARDS, { front: [], middle: [], back: [] });
  assert.equal(new DraftStore(storage, 7).load(41, CARDS), null);
});

test("a new round's draft replaces the old ones; clear and clearAll forget them", () => {
  const storage = new MemoryStorage();
  storage.setItem("thirteen-water.muted", "1");
  const drafts = new DraftStore(storage, 7);
  drafts.save(41, CARDS, { front: ["As"], middle: [], back: [] });
  drafts.save(42, CARDS, { front: ["Kd"], middle: [], back: [] });
  assert.equal(drafts.load(41, CARDS), null);
  assert.ok(drafts.load(42, CARDS));
  drafts.clear(42);
  assert.equal(drafts.load(42, CARDS), null);
  drafts.save(43, CARDS, { front: ["Kd"], middle: [], back: [] });
  drafts.clearAll();
  assert.equal(storage.length, 1, "other keys are left alone");
});

test("rows that do not fit the hand restore nothing", () => {
  const arrangement = new Arrangement(CARDS);
  assert.equal(restoreRows(arrangement, { front: ["Ah"], middle: [], back: [] }), false);
  assert.equal(restoreRows(arrangement, { front: ["As", "Kd", "Qh", "Jc"], middle: [], back: [] }), false);
  assert.equal(arrangement.idsIn(HAND).length, 13);
});

test("twin cards (the 65-card deck) are restored as a multiset", () => {
  const cards = ["Ad", "Ad", ...CARDS.slice(1, 12)];
  assert.ok(sameCards(cards, [...cards].reverse()));
  assert.ok(!sameCards(cards, ["Ad", ...CARDS.slice(0, 12)]));
  const arrangement = new Arrangement(cards);
  assert.ok(restoreRows(arrangement, { front: ["Ad", "Ad"], middle: [], back: [] }));
  assert.deepEqual(arrangement.codesIn("front"), ["Ad", "Ad"]);
});

test("storage that throws keeps nothing and breaks nothing", () => {
  const broken = { get length() { throw new Error("no"); }, getItem() { throw new Error("no"); },
    setItem() { throw new Error("no"); }, removeItem() { throw new Error("no"); }, key() { return null; } };
  const drafts = new DraftStore(broken, 7);
  drafts.save(1, CARDS, { front: ["As"], middle: [], back: [] });
  assert.equal(drafts.load(1, CARDS), null);
  drafts.clearAll();
  assert.equal(new DraftStore(null, 7).load(1, CARDS), null);
});

const HINT = (ev, extra = {}) => ({ front: [], middle: [], back: [], pattern: [], bonus: 0, ev, ...extra });

test("hint values replace the hand's hints for the same round only", () => {
  const you = { round_id: 5, cards: CARDS, hints: [HINT(undefined)] };
  const valued = withHintValues(you, { type: "hint_values", round_id: 5, hints: [HINT(1.8), HINT(-0.4)] });
  assert.equal(valued.hints.length, 2);
  assert.equal(valued.cards, CARDS);
  assert.equal(withHintValues(you, { type: "hint_values", round_id: 6, hints: [HINT(1)] }), null);
  assert.equal(withHintValues(null, { round_id: 5, hints: [HINT(1)] }), null);
  assert.equal(withHintValues(you, { round_id: 5, hints: [] }), null);
});

test("the EV-best hint: the one sent as best, else the highest value", () => {
  assert.equal(bestHint([HINT(1.8), HINT(2.5), HINT(-1)]), 1);
  assert.equal(bestHint([HINT(1.8), HINT(0.5), HINT(2.1, { best: true })]), 2);
  assert.equal(bestHint([HINT(undefined), HINT(undefined)]), -1);
  assert.equal(bestHint([]), -1);
  assert.equal(evText(1.84), "+1.8");
  assert.equal(evText(-0.4), "−0.4");
  assert.equal(evText(3), "+3.0");
  assert.equal(evText(undefined), "");
});
