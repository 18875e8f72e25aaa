// The verification page's check (static/js/verify/check.js) on transcripts the Python
// engine dealt (tests/js/verify_vectors.json, written by tests/games/record/test_verify_page.py):
// every one verifies, and every one changed in any single character is rejected — by its
// form or by a failed check.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  canonical, checkTranscript, parseTranscript, readTranscript, roundId, transcriptUrl,
} from "../../static/js/verify/check.js";
import { ALGORITHM_V2, ALGORITHM_V3, dealSeed, derivedClientSeed } from "../../static/js/replay/fairness.js";

const { transcripts } = JSON.parse(readFileSync(new URL("./verify_vectors.json", import.meta.url)));

async function check(text) {
  const { transcript, problem } = parseTranscript(text);
  if (problem) return { ok: false, problem };
  return checkTranscript(transcript);
}

const ids = (result) => result.checks.map((c) => `${c.check}:${c.ok ? "ok" : "bad"}`);

for (const [name, { transcript, text, round_seed: roundSeed }] of Object.entries(transcripts)) {
  test(`${name}: the engine's transcript verifies, and its canonical text is the engine's`, async () => {
    assert.equal(canonical(transcript), text);
    const result = await check(text);
    assert.equal(result.ok, true, JSON.stringify(result.checks));
    assert.ok(result.checks.every((c) => c.ok));
    assert.equal(result.roundSeed, roundSeed); // the engine's deal_seed, v1 or v2
  });
}

test("the checks, in docs/fairness.md's order, say what was checked", async () => {
  const standard = await check(transcripts.standard_v2.text);
  assert.deepEqual(ids(standard), ["commitment:ok", "round_seed:ok", "deal:ok"]);
  assert.equal(standard.checks[1].id, "check.round_seed_v2");
  assert.deepEqual(standard.checks[1].params, { round: 3, count: 4, seed: standard.roundSeed });
  assert.deepEqual(standard.checks[2].params, { seats: 4, size: 13 });

  const v1 = await check(transcripts.standard_v1.text);
  assert.equal(v1.checks[1].id, "check.round_seed_v1");
  assert.equal(v1.roundSeed, transcripts.standard_v1.transcript.seed); // v1: the server's seed is the deal

  const extra = await check(transcripts.extra_three_v2.text);
  assert.equal(extra.checks[2].id, "check.deal_ok_discards");
  assert.deepEqual(extra.checks[2].params, { seats: 4, size: 16 });

  const pool = await check(transcripts.dao_pool_tie_v2.text);
  assert.deepEqual(ids(pool), ["commitment:ok", "round_seed:ok", "deal:ok", "exchange:ok", "bank:ok", "pot:ok"]);
  assert.equal(pool.checks[2].id, "check.deal_ok_exchange");
  assert.equal(pool.checks[4].id, "check.bank_ok_tie");
  assert.equal(pool.checks[4].params.tied, "1, 2, 3");

  const swap = await check(transcripts.dao_swap_v2.text);
  assert.equal(swap.checks[3].id, "check.exchange_ok_swap");
  assert.equal(swap.checks[3].params.seat, 1);
  assert.equal(swap.checks[4].id, "check.bank_ok");
});

test("a changed server seed fails the commitment; a changed client seed, the deal", async () => {
  const { transcript } = transcripts.standard_v2;
  const seed = await checkTranscript({ ...transcript, seed: "0".repeat(64) });
  assert.equal(seed.ok, false);
  assert.deepEqual(ids(seed).slice(0, 1), ["commitment:bad"]);
  assert.match(seed.checks[0].params.actual, /^[0-9a-f]{64}$/);

  const clients = [...transcript.client_seeds];
  clients[2] = `${clients[2].slice(0, 31)}${clients[2][31] === "0" ? "1" : "0"}`;
  const client = await checkTranscript({ ...transcript, client_seeds: clients });
  assert.deepEqual(ids(client), ["commitment:ok", "round_seed:ok", "deal:bad"]);
  assert.equal(client.checks[2].params.seats, "0, 1, 2, 3"); // one seed changes every hand

  const later = await checkTranscript({ ...transcript, round_number: 4 });
  assert.deepEqual(ids(later), ["commitment:ok", "round_seed:ok", "deal:bad"]);
});

test("a card traded between seats names the seats; an exchange record that does not hold up is caught", async () => {
  const { transcript } = transcripts.standard_v2;
  const hands = transcript.hands.map((hand) => [...hand]);
  [hands[1][0], hands[3][0]] = [hands[3][0], hands[1][0]];
  const traded = await checkTranscript({ ...transcript, hands });
  assert.equal(traded.checks[2].id, "check.deal_bad");
  assert.equal(traded.checks[2].params.seats, "1, 3");

  const pool = transcripts.dao_pool_tie_v2.transcript;
  const stranger = pool.hands[1].find((code) => !pool.hands[0].includes(code) && code !== pool.exchange.put["1"]);
  const bogus = await checkTranscript({ ...pool, exchange: { ...pool.exchange, put: { ...pool.exchange.put, 0: stranger } } });
  assert.equal(bogus.ok, false);
  const failed = bogus.checks.find((c) => c.check === "exchange");
  assert.equal(failed.id, "check.exchange_put_not_held");
  assert.deepEqual(failed.params, { seat: 0, source: undefined, card: stranger });

  // The spare hand taken by the wrong seat.
  const swap = transcripts.dao_swap_v2.transcript;
  const wrongSwap = await checkTranscript({ ...swap, exchange: { ...swap.exchange, swapped_by: 0 } });
  assert.deepEqual(ids(wrongSwap).slice(0, 3), ["commitment:ok", "round_seed:ok", "deal:bad"]);
});

test("the bank: a banker the bids and seed do not give, or a pot that is not the bids' sum", async () => {
  const pool = transcripts.dao_pool_tie_v2.transcript;
  const other = await checkTranscript({ ...pool, bank: { ...pool.bank, banker: 3 } });
  const bank = other.checks.find((c) => c.check === "bank");
  assert.equal(bank.id, "check.bank_bad_banker");
  assert.equal(bank.params.expected, pool.bank.banker);
  const pot = await checkTranscript({ ...pool, bank: { ...pool.bank, pot: pool.bank.pot + 1 } });
  assert.deepEqual(pot.checks.find((c) => c.check === "pot"),
    { check: "pot", ok: false, id: "check.pot_bad", params: { pot: pool.bank.pot + 1, sum: pool.bank.pot } });
});

test("the form is read strictly: broken JSON, missing, unknown or malformed keys", () => {
  const { transcript } = transcripts.standard_v2;
  assert.deepEqual(parseTranscript("{nope").problem, { id: "form.not_json", params: {} });
  assert.deepEqual(parseTranscript("[1]").problem, { id: "form.not_object", params: {} });
  const without = { ...transcript };
  delete without.seed;
  assert.deepEqual(readTranscript(without).problem, { id: "form.missing", params: { field: "seed" } });
  assert.deepEqual(readTranscript({ ...transcript, comment: "hi" }).problem,
    { id: "form.unknown_key", params: { field: "comment" } });
  const bad = (change) => readTranscript({ ...transcript, ...change }).problem;
  assert.equal(bad({ seed: transcript.seed.toUpperCase() }).params.field, "seed"); // hex is lowercase
  assert.equal(bad({ commitment: transcript.commitment.slice(1) }).params.field, "commitment");
  assert.equal(bad({ algorithm: "hmac-sha256-fy-v4" }).params.expected, "expect.algorithm");
  assert.equal(bad({ client_seeds: [null, ...transcript.client_seeds.slice(1)] }).params.expected,
    "expect.client_seeds"); // v2 has no derived seed
  assert.equal(bad({ client_seeds: transcript.client_seeds.slice(1) }).params.field, "client_seeds");
  assert.equal(bad({ round_number: 0 }).params.field, "round_number");
  assert.equal(bad({ rules: { ...transcript.rules, deck: "tarot" } }).params.field, "rules");
  assert.equal(bad({ hands: [transcript.hands[0].slice(1)] }).params.field, "hands");
  assert.equal(bad({ hands: [["10s", ...transcript.hands[0].slice(1)]] }).params.field, "hands");
  assert.equal(bad({ exchange: { put: {}, takes: [[0, 9]], swapped_by: null } }).params.field, "exchange");
  assert.equal(bad({ bank: { bids: {}, banker: 0, pot: 0 } }).params.field, "bank");
  const v1 = { ...transcripts.standard_v1.transcript, round_number: 1 };
  assert.deepEqual(readTranscript(v1).problem, { id: "form.v1_only_server", params: { field: "round_number" } });
});

// Every one-character change of a canonical transcript: another digit, letter or mark in
// its place. Each must be refused by its form or fail a check.
function changedAt(text, i) {
  const ch = text[i];
  let other;
  if (/[0-9]/.test(ch)) other = String((Number(ch) + 1) % 10);
  else if (/[a-f]/.test(ch)) other = ch === "f" ? "0" : String.fromCharCode(ch.charCodeAt(0) + 1);
  else if (/[a-z]/.test(ch)) other = ch === "z" ? "a" : String.fromCharCode(ch.charCodeAt(0) + 1);
  else if (/[A-Z]/.test(ch)) other = ch === "Z" ? "A" : String.fromCharCode(ch.charCodeAt(0) + 1);
  else other = ch === "x" ? "y" : "x";
  return text.slice(0, i) + other + text.slice(i + 1);
}

for (const name of ["standard_v2", "dao_pool_tie_v2", "dao_swap_v2", "standard_v3_unsent"]) {
  test(`${name}: every single character changed is rejected`, async () => {
    const { text } = transcripts[name];
    const accepted = [];
    for (let i = 0; i < text.length; i += 1) {
      const changed = changedAt(text, i);
      const result = await check(changed);
      if (result.ok) accepted.push(`${i}: ${changed.slice(Math.max(0, i - 12), i + 12)}`);
    }
    assert.deepEqual(accepted, []);
  });
}

test("v3: a seat that sent no seed (null) has the one the server seed fixes, worked out here", async () => {
  const vector = transcripts.standard_v3_unsent;
  const { transcript } = vector;
  assert.deepEqual(transcript.client_seeds.map((seed) => seed === null), [false, true, false, true]);
  const result = await check(vector.text);
  assert.deepEqual(ids(result), ["commitment:ok", "round_seed:ok", "deal:ok"]);
  assert.equal(result.checks[1].id, "check.round_seed_derived");
  assert.equal(result.checks[1].params.seats, "1, 3");
  assert.deepEqual(result.derived, { 1: vector.derived["1"], 3: vector.derived["3"] }); // the engine's
  for (const [seat, seed] of Object.entries(vector.derived)) {
    assert.equal(await derivedClientSeed(transcript.seed, transcript.round_number, Number(seat)), seed);
  }
  const bots = await check(transcripts.dao_pool_tie_v3_bots.text);
  assert.equal(bots.ok, true, JSON.stringify(bots.checks));
  assert.equal(bots.checks[1].params.seats, "0, 1, 2, 3");
  const all = await check(transcripts.standard_v3.text);
  assert.equal(all.checks[1].id, "check.round_seed_v2"); // every seat sent its own

  // The derived seed written out is the same deal; any other seed in its place is not.
  const written = [...transcript.client_seeds];
  written[1] = vector.derived["1"];
  assert.equal((await checkTranscript({ ...transcript, client_seeds: written })).ok, true);
  written[1] = "00".repeat(16);
  assert.deepEqual(ids(await checkTranscript({ ...transcript, client_seeds: written })),
    ["commitment:ok", "round_seed:ok", "deal:bad"]);
  // v3 has its own round domain: relabelled v2, the same seeds deal other cards.
  const relabelled = transcripts.standard_v3.transcript;
  assert.deepEqual(ids(await checkTranscript({ ...relabelled, algorithm: ALGORITHM_V2 })),
    ["commitment:ok", "round_seed:ok", "deal:bad"]);
  assert.equal(readTranscript({ ...transcript, algorithm: ALGORITHM_V2 }).problem.params.field, "client_seeds");
});

test("v3 replay entries marked derived are worked out, never taken from the seed the server gives", async () => {
  const { transcript, derived } = transcripts.standard_v3_unsent;
  const entries = transcript.client_seeds.map((seed, k) => (seed === null
    ? { seed: "00".repeat(16), by_server: true, derived: true } : { seed, by_server: false }));
  const expected = await dealSeed(ALGORITHM_V3, transcript.seed, transcript.round_number, transcript.client_seeds);
  assert.equal(await dealSeed(ALGORITHM_V3, transcript.seed, transcript.round_number, entries), expected);
  assert.equal(expected, transcripts.standard_v3_unsent.round_seed);
  assert.ok(derived["1"]);
});

test("a round id is a whole number; the transcript's address is the page's template", () => {
  assert.equal(roundId(" 42 "), 42);
  assert.equal(roundId("#7"), 7);
  for (const bad of ["", "0", "4.2", "-1", "abc", "12345678901"]) assert.equal(roundId(bad), null);
  assert.equal(transcriptUrl("/api/rounds/{round_id}/transcript/", 42), "/api/rounds/42/transcript/");
});
