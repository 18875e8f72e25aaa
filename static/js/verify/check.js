// A round's transcript (docs/fairness.md, "A round's transcript") read and checked with
// nothing but the browser: the shape of the JSON first, then the commitment, the seed the
// deal runs on (v2, v3: the server's seed and every client seed — v3 working out itself the
// seed of a seat that sent none, null in the transcript), the deal against each seat's
// cards, 十三道's exchange and bank. The cryptography and the deal are the replay page's
// (../replay/fairness.js); this module only turns a transcript into its questions and the
// answers into a list of checks, each {check, ok, id, params} for the page's words (no DOM:
// node's tests drive it).
//
// A transcript is read strictly — lowercase hex, canonical card codes, no key it does not
// define — so that a transcript changed in any one character fails one check or another.

import {
  ALGORITHM, ALGORITHM_V2, ALGORITHM_V3, buildDeck, derivedClientSeed, verifyDeal,
} from "../replay/fairness.js";

const KEYS = new Set(["algorithm", "commitment", "seed", "round_number", "client_seeds", "rules", "hands",
  "exchange", "bank"]);
const HEX64 = /^[0-9a-f]{64}$/;
const HEX32 = /^[0-9a-f]{32}$/;
const CARD = /^([2-9TJQKA][shcd]|BJ|SJ)$/;

/** A problem with the transcript's form: `id` names the page's sentence. */
class FormError extends Error {
  constructor(id, params = {}) {
    super(id);
    this.id = id;
    this.params = params;
  }
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isSeat = (value, seats) => Number.isInteger(value) && value >= 0 && value < seats;

function need(ok, field, expected) {
  if (!ok) throw new FormError("form.bad_field", { field, expected });
}

/**
 * Read a transcript from pasted text. Resolves nothing: returns {transcript} or
 * {problem: {id, params}} (the JSON is broken, a key is missing, unknown or malformed).
 */
export function parseTranscript(text) {
  let value;
  try {
    value = JSON.parse(String(text));
  } catch {
    return { problem: { id: "form.not_json", params: {} } };
  }
  return readTranscript(value);
}

/** Check a parsed value's form; {transcript} or {problem}. */
export function readTranscript(value) {
  try {
    return { transcript: validate(value) };
  } catch (error) {
    if (error instanceof FormError) return { problem: { id: error.id, params: error.params } };
    throw error;
  }
}

function validate(value) {
  if (!isObject(value)) throw new FormError("form.not_object");
  for (const key of Object.keys(value)) {
    if (!KEYS.has(key)) throw new FormError("form.unknown_key", { field: key });
  }
  for (const key of ["algorithm", "commitment", "seed", "rules", "hands"]) {
    if (!(key in value)) throw new FormError("form.missing", { field: key });
  }
  const { algorithm, rules, hands } = value;
  need([ALGORITHM, ALGORITHM_V2, ALGORITHM_V3].includes(algorithm), "algorithm", "expect.algorithm");
  need(typeof value.commitment === "string" && HEX64.test(value.commitment), "commitment", "expect.hex64");
  need(typeof value.seed === "string" && HEX64.test(value.seed), "seed", "expect.hex64");

  need(isObject(rules) && Object.keys(rules).sort().join() === "deck,extra_cards,jokers"
    && ["standard", "extra_suit"].includes(rules.deck) && typeof rules.jokers === "boolean"
    && [0, 3].includes(rules.extra_cards), "rules", "expect.rules");
  const size = 13 + rules.extra_cards;
  const deck = buildDeck(rules.deck, rules.jokers).length;
  need(Array.isArray(hands) && hands.length >= 1 && hands.length * size <= deck
    && hands.every((hand) => Array.isArray(hand) && hand.length === size
      && hand.every((code) => typeof code === "string" && CARD.test(code))), "hands", "expect.hands");
  const seats = hands.length;

  if (algorithm !== ALGORITHM) {
    for (const key of ["round_number", "client_seeds"]) {
      if (!(key in value)) throw new FormError("form.missing", { field: key });
    }
    need(Number.isSafeInteger(value.round_number) && value.round_number >= 1, "round_number",
      "expect.round_number");
    // v3: null is a seat that sent no seed, whose seed the server's seed fixed.
    const v3 = algorithm === ALGORITHM_V3;
    need(Array.isArray(value.client_seeds) && value.client_seeds.length === seats
      && value.client_seeds.every((seed) => (v3 && seed === null) || (typeof seed === "string" && HEX32.test(seed))),
    "client_seeds", v3 ? "expect.client_seeds_v3" : "expect.client_seeds");
  } else {
    // v1's deal is the server's seed alone: a client seed here would be checked by nothing.
    for (const key of ["round_number", "client_seeds"]) {
      if (key in value) throw new FormError("form.v1_only_server", { field: key });
    }
  }

  if ("exchange" in value) {
    const { exchange } = value;
    need(isObject(exchange) && Object.keys(exchange).sort().join() === "put,swapped_by,takes"
      && isObject(exchange.put)
      && Object.entries(exchange.put).every(([seat, card]) => /^(0|[1-9]\d*)$/.test(seat)
        && isSeat(Number(seat), seats) && typeof card === "string" && CARD.test(card))
      && Array.isArray(exchange.takes)
      && exchange.takes.every((take) => Array.isArray(take) && take.length === 2
        && take.every((seat) => isSeat(seat, seats)))
      && (exchange.swapped_by === null || (seats === 3 && isSeat(exchange.swapped_by, seats))),
    "exchange", "expect.exchange");
    // Every card put into the pool is taken, once.
    const taken = exchange.takes.map(([, source]) => String(source)).sort();
    need(taken.join() === Object.keys(exchange.put).sort().join(), "exchange", "expect.exchange");
  }
  if ("bank" in value) {
    const { bank } = value;
    need(isObject(bank) && Object.keys(bank).sort().join() === "banker,bids,pot" && isObject(bank.bids)
      && Object.keys(bank.bids).length === seats // every seat bids, 0 included
      && Object.entries(bank.bids).every(([seat, bid]) => /^(0|[1-9]\d*)$/.test(seat)
        && isSeat(Number(seat), seats) && Number.isSafeInteger(bid) && bid >= 0)
      && isSeat(bank.banker, seats) && Number.isSafeInteger(bank.pot), "bank", "expect.bank");
  }
  return value;
}

/**
 * Check a transcript (as readTranscript returned it). Resolves to {ok, roundSeed, derived,
 * checks} — `derived` the v3 seeds worked out for the seats that sent none ({seat: seed}),
 * `checks` in the order docs/fairness.md gives them: commitment, round_seed, deal, and
 * 十三道's exchange and bank when the transcript has them.
 */
export async function checkTranscript(transcript) {
  const { algorithm, rules, hands } = transcript;
  const v2 = algorithm !== ALGORITHM; // v2 or v3: the client seeds go into the deal
  const bank = transcript.bank || null;
  const report = await verifyDeal({
    seed: transcript.seed, commitment: transcript.commitment, hands,
    rules: { deck: rules.deck, jokers: rules.jokers, hand_size: 13 + rules.extra_cards },
    algorithm, exchange: transcript.exchange || null, bids: bank ? bank.bids : null,
    banker: bank ? bank.banker : null,
    roundNumber: v2 ? transcript.round_number : 0, clientSeeds: v2 ? transcript.client_seeds : [],
  });
  if (report.error) {
    return { ok: false, roundSeed: null, derived: {}, checks: [{ check: "error", ok: false, id: "check.error",
      params: { error: report.error } }] };
  }
  // v3: the seeds of the seats that sent none, as the server's seed fixes them.
  const derived = {};
  if (algorithm === ALGORITHM_V3) {
    for (const [seat, seed] of transcript.client_seeds.entries()) {
      if (seed === null) derived[seat] = await derivedClientSeed(transcript.seed, transcript.round_number, seat);
    }
  }
  const derivedSeats = Object.keys(derived).join(", ");
  const checks = [];
  checks.push(report.commitment.ok
    ? { check: "commitment", ok: true, id: "check.commitment_ok", params: { commitment: transcript.commitment } }
    : { check: "commitment", ok: false, id: "check.commitment_bad", params: { actual: report.commitment.actual } });
  checks.push(v2
    ? { check: "round_seed", ok: true, id: derivedSeats ? "check.round_seed_derived" : "check.round_seed_v2",
      params: { round: transcript.round_number, count: transcript.client_seeds.length, seed: report.roundSeed,
        ...(derivedSeats ? { seats: derivedSeats } : {}) } }
    : { check: "round_seed", ok: true, id: "check.round_seed_v1", params: { seed: report.roundSeed } });

  const exchange = transcript.exchange;
  if (exchange && report.exchange && !report.exchange.ok) {
    const params = report.exchange.params || {};
    checks.push({ check: "exchange", ok: false, id: `check.exchange_${report.exchange.code}`,
      params: { seat: params.seat, source: params.source, card: params.card } });
  }
  const size = 13 + rules.extra_cards;
  const wrong = report.deal.seats.map((ok, seat) => (ok ? null : seat)).filter((seat) => seat !== null);
  if (report.deal.ok) {
    let id = rules.extra_cards ? "check.deal_ok_discards" : "check.deal_ok";
    if (exchange) id = "check.deal_ok_exchange";
    checks.push({ check: "deal", ok: true, id, params: { seats: hands.length, size } });
  } else if (!exchange || report.exchange.ok) {
    checks.push({ check: "deal", ok: false, id: exchange ? "check.deal_bad_exchange" : "check.deal_bad",
      params: { seats: wrong.join(", "), size } });
  }
  if (exchange && report.exchange && report.exchange.ok) {
    const swapped = exchange.swapped_by;
    checks.push({ check: "exchange", ok: true,
      id: swapped === null ? "check.exchange_ok" : "check.exchange_ok_swap",
      params: { moved: Object.keys(exchange.put).length, seat: swapped } });
  }
  if (bank) {
    const bids = Object.values(bank.bids);
    const top = Math.max(...bids);
    const tied = Object.keys(bank.bids).map(Number).filter((seat) => bank.bids[seat] === top).sort((a, b) => a - b);
    const params = { banker: bank.banker, expected: report.bank.expected, tied: tied.join(", "), pot: bank.pot };
    if (!report.bank.ok) checks.push({ check: "bank", ok: false, id: "check.bank_bad_banker", params });
    else checks.push({ check: "bank", ok: true, id: tied.length > 1 ? "check.bank_ok_tie" : "check.bank_ok", params });
    const sum = bids.reduce((total, bid) => total + bid, 0);
    checks.push(sum === bank.pot
      ? { check: "pot", ok: true, id: "check.pot_ok", params: { pot: bank.pot } }
      : { check: "pot", ok: false, id: "check.pot_bad", params: { pot: bank.pot, sum } });
  }
  return { ok: checks.every((check) => check.ok), roundSeed: report.roundSeed, derived, checks };
}

/** The transcript's one canonical text (games/record/transcript.py's encode): keys sorted,
 * no spaces, ASCII only. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((key) => `${ascii(JSON.stringify(key))}:${canonical(value[key])}`).join(",")}}`;
  }
  return ascii(JSON.stringify(value));
}

function ascii(text) {
  return text.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The round id typed into the page: a whole number, or null. */
export function roundId(text) {
  const value = String(text || "").trim().replace(/^#/, "");
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** Where a round's transcript is fetched from, by the page's template
 * (".../rounds/{round_id}/transcript/"). */
export function transcriptUrl(template, round) {
  return String(template).replace("{round_id}", String(round));
}
