// The in-browser deal check (static/js/replay/fairness.js) against the Python engine's
// known answers: the same commitment, stream, rejection sampling and shuffle, card for
// card. Node's WebCrypto is the same API a browser has.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  ALGORITHM, SeedStream, buildDeck, commitment, dealFromSeed, seedBytes, shuffledDeck, verifyDeal,
} from "../../static/js/replay/fairness.js";

const SEED_ONE = "00".repeat(31) + "01";
const { vectors } = JSON.parse(readFileSync(new URL("./replay_vectors.json", import.meta.url)));

test("the commitment is SHA-256 of the seed bytes (tests/engine/test_fairness.py)", async () => {
  assert.equal(await commitment(SEED_ONE),
    "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5");
});

test("the known-answer vector pins algorithm v1: the first eight cards of SEED_ONE", async () => {
  assert.equal(ALGORITHM, "hmac-sha256-fy-v1");
  const rules = { deck: "standard", jokers: false, hand_size: 13 };
  assert.deepEqual((await shuffledDeck(SEED_ONE, rules)).slice(0, 8),
    ["2d", "2c", "5h", "3c", "7d", "3s", "7s", "Ts"]);
});

for (const vector of vectors) {
  test(`the whole ${vector.preset} deck shuffled by ${vector.seed.slice(0, 8)}… matches the engine`, async () => {
    assert.equal(await commitment(vector.seed), vector.commitment);
    const shuffled = await shuffledDeck(vector.seed, vector);
    assert.deepEqual(shuffled, vector.shuffled.split(" "));
  });
}

test("the canonical decks: 52, 65 with second diamonds, jokers last", () => {
  const standard = buildDeck();
  assert.equal(standard.length, 52);
  assert.deepEqual(standard.slice(0, 3), ["2s", "3s", "4s"]);
  assert.deepEqual(standard.slice(13, 14), ["2h"]);
  const extra = buildDeck("extra_suit", true);
  assert.equal(extra.length, 67);
  assert.deepEqual(extra.slice(52, 53), ["2d"]);
  assert.deepEqual(extra.slice(-2), ["BJ", "SJ"]);
  assert.throws(() => buildDeck("tarot"));
});

test("rejection sampling stays in range and covers it", async () => {
  const stream = await SeedStream.fromSeed(SEED_ONE);
  const seen = new Map();
  for (let i = 0; i < 2000; i += 1) {
    const x = await stream.randbelow(7);
    seen.set(x, (seen.get(x) || 0) + 1);
  }
  assert.deepEqual([...seen.keys()].sort(), [0, 1, 2, 3, 4, 5, 6]);
  assert.ok(Math.max(...seen.values()) < 400);
  await assert.rejects(stream.randbelow(0));
});

test("malformed seeds are refused", () => {
  for (const bad of ["", "xyz", "0".repeat(63), "g".repeat(64), 12, null]) {
    assert.throws(() => seedBytes(bad), /64 hexadecimal digits/);
  }
});

const RULES = { deck: "standard", jokers: false, hand_size: 13 };

async function honest(seed = SEED_ONE, players = 4) {
  return { seed, commitment: await commitment(seed), rules: RULES,
    hands: (await dealFromSeed(seed, RULES, players)).map((hand) => [...hand].reverse()) };
}

test("an honest deal verifies, whatever the order of cards within a hand", async () => {
  const report = await verifyDeal(await honest());
  assert.equal(report.ok, true);
  assert.equal(report.commitment.ok, true);
  assert.equal(report.deal.ok, true);
});

test("another seed than the committed one is caught", async () => {
  const round = await honest();
  round.seed = "00".repeat(31) + "02";
  const report = await verifyDeal(round);
  assert.equal(report.ok, false);
  assert.equal(report.commitment.ok, false);
});

test("a card moved between two seats is caught and the first wrong seat named", async () => {
  const round = await honest();
  [round.hands[1][0], round.hands[3][0]] = [round.hands[3][0], round.hands[1][0]];
  const report = await verifyDeal(round);
  assert.equal(report.ok, false);
  assert.equal(report.commitment.ok, true);
  assert.deepEqual(report.deal, { ok: false, seat: 1 });
});

test("a bad seed or an unknown algorithm is reported, not thrown", async () => {
  const round = await honest();
  assert.match((await verifyDeal({ ...round, seed: "nope" })).error, /64 hexadecimal/);
  assert.match((await verifyDeal({ ...round, algorithm: "md5-v0" })).error, /unknown deal algorithm/);
  assert.match((await verifyDeal({ ...round, hands: Array(5).fill(round.hands[0]) })).error, /do not fit/);
});
