// The in-browser deal check (static/js/replay/fairness.js) against the Python engine's
// known answers: the same commitment, stream, rejection sampling and shuffle, card for
// card. Node's WebCrypto is the same API a browser has.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  ALGORITHM, ALGORITHM_V2, SeedStream, bankDraw, bankWinner, buildDeck, cardsPlayed, commitment,
  dealFromSeed, dealSeed, heldAfterExchange, seedBytes, shuffledDeck, verifyDeal,
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
  assert.deepEqual(report.deal, { ok: false, seat: 1, seats: [true, false, true, false] });
});

test("a bad seed or an unknown algorithm is reported, not thrown", async () => {
  const round = await honest();
  assert.match((await verifyDeal({ ...round, seed: "nope" })).error, /64 hexadecimal/);
  assert.match((await verifyDeal({ ...round, algorithm: "md5-v0" })).error, /unknown deal algorithm/);
  assert.match((await verifyDeal({ ...round, hands: Array(5).fill(round.hands[0]) })).error, /do not fit/);
});

// 多三张: 16 cards a seat from the 65-card deck, the last 3 its candidates; a seat plays 13
// in its rows and leaves 3 out, and the check counts both (tests/js/replay_vectors.json).
const EXTRA = vectors.find((vector) => vector.preset === "extra-three");
const EXTRA_RULES = { deck: EXTRA.deck, jokers: EXTRA.jokers, hand_size: EXTRA.hand_size };

// A settled 多三张 replay as games/record/replays.py sends it: seat k keeps 13 of its 16
// (the first 13 dealt in the rows, or one candidate traded in) and discards the rest.
function extraReplay(dealt, order = [0, 1, 2, 3]) {
  const hands = order.map((position, k) => {
    const cards = [...dealt[k]];
    const kept = k === 1 ? [...cards.slice(0, 12), cards[15]] : cards.slice(0, 13);
    const discards = k === 1 ? cards.slice(12, 15) : cards.slice(13);
    return { position, cards, candidates: cards.slice(13), front: kept.slice(0, 3),
      middle: kept.slice(3, 8), back: kept.slice(8), discards };
  });
  return { hands, fairness: { deal_order: order } };
}

test("a 16-card deal gives seat k the pack's cards [16k, 16k+16), as the engine deals", async () => {
  assert.equal(EXTRA.hand_size, 16);
  const dealt = await dealFromSeed(EXTRA.seed, EXTRA_RULES, 4);
  assert.deepEqual(dealt.map((hand) => hand.join(" ")), EXTRA.hands);
  assert.deepEqual(dealt[2], EXTRA.shuffled.split(" ").slice(32, 48));
});

test("a 多三张 round verifies when every seat's rows plus discards are its 16 cards", async () => {
  const dealt = await dealFromSeed(EXTRA.seed, EXTRA_RULES, 4);
  // Seat 2 holds 3d twice and seat 3 holds 7d twice: the 65-card deck's twin diamonds.
  assert.equal(dealt[2].filter((code) => code === "3d").length, 2);
  const replay = extraReplay(dealt, [3, 0, 2, 1]);
  const hands = cardsPlayed(replay);
  assert.deepEqual(hands.map((hand) => hand.length), [16, 16, 16, 16]);
  const report = await verifyDeal({ seed: EXTRA.seed, commitment: EXTRA.commitment, hands,
    rules: EXTRA_RULES });
  assert.equal(report.ok, true, JSON.stringify(report));
});

test("a 多三张 check fails when a discard is missing, swapped or doubled", async () => {
  const dealt = await dealFromSeed(EXTRA.seed, EXTRA_RULES, 4);
  const check = (replay) => verifyDeal({ seed: EXTRA.seed, commitment: EXTRA.commitment,
    hands: cardsPlayed(replay), rules: EXTRA_RULES });
  // The rows alone (13 of 16) are not the deal: the discards belong to it.
  const rowsOnly = extraReplay(dealt);
  rowsOnly.hands.forEach((hand) => { hand.discards = []; });
  assert.deepEqual((await check(rowsOnly)).deal, { ok: false, seat: 0, seats: [false, false, false, false] });
  // A discard traded with another seat's discard.
  const traded = extraReplay(dealt);
  [traded.hands[0].discards[0], traded.hands[3].discards[0]] = [traded.hands[3].discards[0], traded.hands[0].discards[0]];
  assert.deepEqual((await check(traded)).deal, { ok: false, seat: 0, seats: [false, true, true, false] });
  // Seat 2 claims one 3d in its rows and the other in its discards: fine. Claiming a
  // third copy instead of another card is not.
  const doubled = extraReplay(dealt);
  const seat2 = doubled.hands[2];
  const other = seat2.discards.findIndex((code) => code !== "3d");
  seat2.discards[other] = "3d";
  assert.deepEqual((await check(doubled)).deal, { ok: false, seat: 2, seats: [true, true, false, true] });
});

test("a 13-card replay's cards are its rows, without discards", () => {
  const replay = { fairness: { deal_order: [1, 0] }, hands: [
    { position: 0, front: ["As"], middle: ["Ks"], back: ["Qs"] },
    { position: 1, front: ["2s"], middle: ["3s"], back: ["4s"], discards: [] },
  ] };
  assert.deepEqual(cardsPlayed(replay), [["2s", "3s", "4s"], ["As", "Ks", "Qs"]]);
  assert.deepEqual(cardsPlayed({ ...replay, fairness: { deal_order: [0, 5] } })[1], []);
});

// 十三道 (RULES.md §8): the bank's tie draw and the rows after the exchange, against the
// engine's answers (tests/js/banker_vectors.json, written by test_banker_vectors.py).
const BANKER = JSON.parse(readFileSync(new URL("./banker_vectors.json", import.meta.url)));
const DAO = { deck: "standard", jokers: false, hand_size: 13 };

for (const draw of BANKER.draws) {
  test(`the bank's tie draw among ${draw.tied} with ${draw.seed.slice(0, 8)}… is the engine's`, async () => {
    assert.equal(await bankDraw(draw.seed, draw.tied), draw.banker);
  });
}

test("the bank goes to the highest bid, a tie drawn from the seed", async () => {
  for (const { seed, bids, banker } of BANKER.winners) {
    assert.equal(await bankWinner(seed, bids), banker, JSON.stringify(bids));
  }
  // A single highest bid needs no draw, whatever the seed.
  assert.equal(await bankWinner(SEED_ONE, { 0: 1, 1: 4, 2: 3 }), 1);
  await assert.rejects(bankDraw(SEED_ONE, []), /at least one/);
});

for (const vector of BANKER.exchanges) {
  test(`${vector.players} players, ${vector.exchange.swapped_by === null ? "pool" : "spare hand"}: held after the exchange is the engine's`, async () => {
    const dealt = await dealFromSeed(vector.seed, DAO, vector.players);
    assert.deepEqual(dealt, vector.dealt);
    const pack = await shuffledDeck(vector.seed, DAO);
    assert.deepEqual(vector.players === 3 ? pack.slice(39, 52) : [], vector.spare);
    const held = heldAfterExchange(Object.fromEntries(dealt.map((cards, k) => [k, cards])),
      vector.spare, vector.exchange);
    for (const [seat, cards] of Object.entries(vector.held)) {
      assert.deepEqual([...held[seat]].sort(), [...cards].sort(), `seat ${seat}`);
    }
  });
}

// A 十三道 replay as games/record/replays.py sends it: the rows hold the cards after the
// exchange, seats in deal order, with the bids and the banker.
function daoReplay(vector, { order = null, banker = null, bids = null } = {}) {
  const seats = order || vector.dealt.map((_, k) => k);
  const hands = seats.map((position) => {
    const cards = [...vector.held[String(position)]];
    return { position, front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8), discards: [] };
  });
  return { hands, fairness: { deal_order: seats }, exchange: vector.exchange, bids, banker };
}

async function checkDao(replay, vector) {
  return verifyDeal({ seed: vector.seed, commitment: vector.commitment, hands: cardsPlayed(replay),
    rules: DAO, exchange: replay.exchange, order: replay.fairness.deal_order, bids: replay.bids,
    banker: replay.banker });
}

test("a 十三道 round verifies when the rows are the cards after the pool exchange", async () => {
  const vector = BANKER.exchanges[0];
  const report = await checkDao(daoReplay(vector), vector);
  assert.equal(report.ok, true, JSON.stringify(report));
  // Checked against the deal as dealt (no exchange), the same rows fail: cards moved.
  const asDealt = await verifyDeal({ seed: vector.seed, commitment: vector.commitment,
    hands: cardsPlayed(daoReplay(vector)), rules: DAO });
  assert.equal(asDealt.deal.ok, false);
});

test("a 3-player round verifies with the spare hand swapped in, and fails without it", async () => {
  const vector = BANKER.exchanges[2];
  assert.equal(vector.exchange.swapped_by, 1);
  const replay = daoReplay(vector);
  assert.equal((await checkDao(replay, vector)).ok, true);
  const unswapped = { ...replay, exchange: { ...vector.exchange, swapped_by: null } };
  assert.deepEqual((await checkDao(unswapped, vector)).deal, { ok: false, seat: 1, seats: [true, false, true] });
});

test("a pool card that changed hands in the record but not in the rows is caught", async () => {
  const vector = BANKER.exchanges[0];
  const replay = daoReplay(vector);
  // The record says seat 2 took seat 3's card; pretend it took seat 0's instead.
  const takes = vector.exchange.takes.map(([chooser, source]) => [chooser, chooser === 2 ? 0 : source === 0 ? 3 : source]);
  const report = await checkDao({ ...replay, exchange: { ...vector.exchange, takes } }, vector);
  assert.equal(report.deal.ok, false);
  assert.equal(report.exchange.ok, true); // the record itself holds together
  // A record that moves a card nobody put in fails the exchange, reported and not thrown,
  // with a code and the seat and card for the page's words.
  const bogus = { ...vector.exchange, put: { ...vector.exchange.put, 0: "Zz" } };
  const broken = await checkDao({ ...replay, exchange: bogus }, vector);
  assert.equal(broken.ok, false);
  assert.equal(broken.error, null);
  assert.equal(broken.deal.ok, false);
  assert.match(broken.exchange.error, /without holding it/);
  assert.equal(broken.exchange.code, "put_not_held");
  assert.deepEqual(broken.exchange.params, { seat: 0, card: "Zz" });
});

test("the bank is checked: the highest bid's seat, a tie drawn from the seed", async () => {
  const vector = BANKER.exchanges[0];
  const { seed } = vector;
  const bids = { 0: 2, 1: 2, 2: 0, 3: 2 };
  const drawn = await bankDraw(seed, [0, 1, 3]);
  const good = await checkDao(daoReplay(vector, { bids, banker: drawn }), vector);
  assert.equal(good.ok, true, JSON.stringify(good));
  assert.deepEqual(good.bank, { ok: true, expected: drawn });
  const other = [0, 1, 3].find((seat) => seat !== drawn);
  const bad = await checkDao(daoReplay(vector, { bids, banker: other }), vector);
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.bank, { ok: false, expected: drawn });
  // Without bids (the bank rotates) there is nothing to check.
  assert.equal((await checkDao(daoReplay(vector), vector)).bank, null);
});

// v2 (player-seeded deals): the round's seed is HMAC(server seed, round number + every
// client seed in seat order); the deal runs on it, the commitment stays the server's.
test("the v2 round seed mixes the round number and the client seeds as the engine does", async () => {
  for (const vector of BANKER.round_seeds) {
    assert.equal(await dealSeed(ALGORITHM_V2, vector.server_seed, vector.round_number, vector.client_seeds),
      vector.round_seed);
    // The replay's entries ({position, seed, by_server}) give the same seed.
    const entries = vector.client_seeds.map((seed, position) => ({ position, seed, by_server: false }));
    assert.equal(await dealSeed(ALGORITHM_V2, vector.server_seed, vector.round_number, entries), vector.round_seed);
  }
  assert.equal(await dealSeed(ALGORITHM, SEED_ONE, 3, ["ab"]), SEED_ONE);
  await assert.rejects(dealSeed(ALGORITHM_V2, SEED_ONE, 1, ["abc"]), /32 hexadecimal/);
  await assert.rejects(dealSeed("md5-v0", SEED_ONE), /unknown deal algorithm/);
});

test("a v2 deal verifies against the server's commitment and the round's seed", async () => {
  const vector = BANKER.round_seeds[1];
  const dealt = await dealFromSeed(vector.round_seed, DAO, 4);
  const round = { seed: vector.server_seed, commitment: await commitment(vector.server_seed), rules: DAO,
    algorithm: ALGORITHM_V2, roundNumber: vector.round_number, clientSeeds: vector.client_seeds, hands: dealt };
  const report = await verifyDeal(round);
  assert.equal(report.ok, true);
  assert.equal(report.roundSeed, vector.round_seed); // the seed the cards came from, shown
  // Another round number, or a client seed changed, deals other cards.
  assert.equal((await verifyDeal({ ...round, roundNumber: vector.round_number + 1 })).deal.ok, false);
  const changed = [...vector.client_seeds];
  changed[2] = "0".repeat(32);
  assert.equal((await verifyDeal({ ...round, clientSeeds: changed })).deal.ok, false);
});

// The replay page's own check of a v2 round (main.js's call), on rounds the engine dealt
// (tests/js/verify_vectors.json): seats at positions that are not their deal order, each
// client seed an entry {position, seed, by_server}, the rows and 多三张's discards apart,
// 十三道's exchange keyed by position.
const { transcripts: DEALT } = JSON.parse(readFileSync(new URL("./verify_vectors.json", import.meta.url)));

function replayOf(transcript, order) {
  const rules = { deck: transcript.rules.deck, jokers: transcript.rules.jokers,
    hand_size: 13 + transcript.rules.extra_cards, mode: transcript.exchange ? "banker" : "points" };
  const hands = transcript.hands.map((cards, k) => ({ position: order[k], front: cards.slice(0, 3),
    middle: cards.slice(3, 8), back: cards.slice(8, 13), discards: cards.slice(13) }));
  const replay = { rules, hands, fairness: { algorithm: transcript.algorithm, commitment: transcript.commitment,
    seed: transcript.seed, deal_order: order, round_number: transcript.round_number,
    client_seeds: transcript.client_seeds.map((seed, k) => ({ position: order[k], seed, by_server: k === 1 })) } };
  if (transcript.exchange) {
    const { put, takes, swapped_by: swapped } = transcript.exchange;
    replay.exchange = { put: Object.fromEntries(Object.entries(put).map(([k, card]) => [String(order[k]), card])),
      takes: takes.map(([chooser, source]) => [order[chooser], order[source]]),
      swapped_by: swapped === null ? null : order[swapped] };
    replay.bids = Object.fromEntries(Object.entries(transcript.bank.bids).map(([k, bid]) => [String(order[k]), bid]));
    replay.banker = order[transcript.bank.banker];
  }
  return replay;
}

function checkReplay(replay) {
  const banker = replay.rules.mode === "banker";
  return verifyDeal({
    seed: replay.fairness.seed, commitment: replay.fairness.commitment, hands: cardsPlayed(replay),
    rules: replay.rules, algorithm: replay.fairness.algorithm,
    exchange: banker ? replay.exchange || {} : null, order: replay.fairness.deal_order,
    bids: banker ? replay.bids : null, banker: replay.banker,
    roundNumber: replay.fairness.round_number ?? 0, clientSeeds: replay.fairness.client_seeds || [],
  });
}

for (const name of ["standard_v2", "jokers_v2", "extra_three_v2", "dao_pool_tie_v2", "dao_swap_v2"]) {
  test(`the replay's check of the engine's ${name} round: the round seed, then the deal`, async () => {
    const { transcript, round_seed: roundSeed } = DEALT[name];
    const order = [1, 2, 3, 5].slice(0, transcript.hands.length);
    const replay = replayOf(transcript, order);
    const report = await checkReplay(replay);
    assert.equal(report.ok, true, JSON.stringify(report));
    assert.equal(report.roundSeed, roundSeed);
    // Seats listed in another order than they were dealt: their seeds no longer deal them.
    const swapped = structuredClone(replay);
    const seeds = swapped.fairness.client_seeds;
    [seeds[0].seed, seeds[1].seed] = [seeds[1].seed, seeds[0].seed];
    const bad = await checkReplay(swapped);
    assert.equal(bad.ok, false);
    assert.equal(bad.commitment.ok, true);
    assert.notEqual(bad.roundSeed, roundSeed);
  });
}
