// A 十三道 replay's steps in words (static/js/replay/model.js): the bank, the exchange with
// its cards, agreed pairs and the points moved outside the rows, as games/record/
// banker_replay.py sends them; and the banker's seat from the bank step on.
import assert from "node:assert/strict";
import { test } from "node:test";

import { describeStep, stepState } from "../../static/js/replay/model.js";

const STRINGS = {
  "suit.s": "spades", "suit.h": "hearts", "suit.c": "clubs", "suit.d": "diamonds",
  "step.bank": "{name} takes the bank ({points})", "step.bid": "{name} bid {points}",
  "step.bank_tied": "tied: {names}", "step.pot": "pot {pot}",
  "step.exchange_put_in": "{name} puts {card}", "step.exchange_put_in_auto": "timer: {name} puts {card}",
  "step.exchange_take": "{name} takes {from}'s {card}", "step.exchange_keep": "{name} keeps {card}",
  "step.exchange_swap": "{name} pays {banker}", "step.exchange_swap_banker": "{name} pays everyone",
  "step.exchange_decline": "{name} declines",
  "step.agreed_banker": "{name}: banker +{points}", "step.agreed_player": "{name}: +{points}",
  "step.agreed_even": "{name}: 0", "step.adjustments": "moves",
  "step.adjust_bid": "bid {points}", "step.adjust_pot": "pot {points}", "step.adjust_swap": "swap {points}",
};
const t = (id, params = {}) => String(STRINGS[id] ?? id).replace(/\{(\w+)\}/g, (w, k) => (k in params ? params[k] : w));

const replay = {
  banker: 1,
  fairness: { commitment: "ab" },
  hands: [{ position: 0, display_name: "Ann" }, { position: 1, display_name: "Ben" }, { position: 2, display_name: "Cat" }],
  steps: [
    { kind: "deal", running: {} },
    { kind: "bank", bids: { 0: 2, 1: 2, 2: 0 }, tied: [0, 1], banker: 1, pot: 4, running: {} },
    { kind: "exchange", step: "decline", position: 1, auto: false, running: {} },
    { kind: "exchange", step: "swap", position: 2, auto: false, running: {} },
    { kind: "negotiated", a: 1, b: 0, points: -3, running: {} },
    { kind: "adjustments", running: {}, adjustments: [{ position: 0, points: -2, reason: "bid" },
      { position: 0, points: 2, reason: "pot" }, { position: 2, points: -1, reason: "swap" },
      { position: 1, points: 1, reason: "swap" }] },
  ],
};

test("the bank step names the banker, every bid, the tie and the pot", () => {
  const told = describeStep(replay, replay.steps[1], t);
  assert.equal(told.headline, "Ben takes the bank (2)");
  assert.deepEqual(told.lines, ["Ann bid 2", "Ben bid 2", "Cat bid 0", "tied: Ann, Ben", "pot 4"]);
});

test("exchange steps show their card, now the round is settled", () => {
  const step = (fields) => describeStep(replay, { kind: "exchange", auto: false, ...fields }, t).headline;
  assert.equal(step({ step: "put_in", position: 0, card: "Th" }), "Ann puts 10 hearts");
  assert.equal(step({ step: "put_in", position: 0, card: "2c", auto: true }), "timer: Ann puts 2 clubs");
  assert.equal(step({ step: "take", position: 2, from: 0, card: "Th" }), "Cat takes Ann's 10 hearts");
  assert.equal(step({ step: "keep", position: 0, from: 0, card: "As" }), "Ann keeps A spades");
  assert.equal(step({ step: "swap", position: 2 }), "Cat pays Ben");
  assert.equal(step({ step: "swap", position: 1 }), "Ben pays everyone");
  assert.equal(step({ step: "decline", position: 1 }), "Ben declines");
});

test("an agreed pair is told from the banker's amount; the moves per seat", () => {
  assert.equal(describeStep(replay, replay.steps[4], t).headline, "Ann: +3");
  assert.equal(describeStep(replay, { ...replay.steps[4], points: 3 }, t).headline, "Ann: banker +3");
  assert.equal(describeStep(replay, { ...replay.steps[4], points: 0 }, t).headline, "Ann: 0");
  const moves = describeStep(replay, replay.steps[5], t);
  assert.equal(moves.headline, "moves");
  assert.deepEqual(moves.lines, ["Ann: bid −2, pot +2", "Ben: swap +1", "Cat: swap −1"]);
});

test("the banker is marked from the bank step on, and agreed pairs once agreed", () => {
  assert.equal(stepState(replay, 0).banker, null);
  assert.equal(stepState(replay, 1).banker, 1);
  assert.equal(stepState(replay, 3).agreed.has(0), false);
  assert.equal(stepState(replay, 4).agreed.has(0), true);
  // A bank that rotates has no bank step: the banker is known from the deal.
  const rotating = { ...replay, steps: replay.steps.filter((step) => step.kind !== "bank") };
  assert.equal(stepState(rotating, 0).banker, 1);
});

test("past the exchange a seat shows the cards it held, the ones it was not dealt tagged", async () => {
  const { heldApart } = await import("../../static/js/replay/model.js");
  const round = { ...replay, exchange: { held: { 2: ["As", "Kd", "2c"] } },
    hands: [...replay.hands.slice(0, 2), { position: 2, display_name: "Cat", cards: ["As", "Qh", "2c"] }] };
  assert.deepEqual(heldApart(round, round.hands[2]), { cards: ["As", "Kd", "2c"], marks: [false, true, false] });
  assert.equal(heldApart(round, round.hands[0]), null);
  // The exchange is over from its last step on (steps 2 and 3 here), not before.
  assert.equal(stepState(round, 2).exchanged, false);
  assert.equal(stepState(round, 3).exchanged, true);
  assert.equal(stepState(round, 5).exchanged, true);
});
