// The provably fair deal, checked in the browser (schemes hmac-sha256-fy-v1, -v2, -v3; the
// specification is rules/engine/fairness.py's docstring and docs/fairness.md). Given a
// settled round's revealed seed, this recomputes the commitment with SHA-256 and the
// whole deal with HMAC-SHA256 in counter mode, rejection sampling and Fisher–Yates, all
// through WebCrypto, so a player need not trust the server's own check. Every step must
// match the Python engine bit for bit: tests/js/replay_fairness.test.mjs holds the
// engine's known answers (and tests/js/banker_vectors.json 十三道's).
//
// 十三道 (RULES.md §8) adds two things to check: the rows are the dealt cards after the
// exchange (a card taken from the pool, or the spare hand swapped in, is no change of the
// deal), and the bank went to the highest bid, a tie drawn by a second stream of the same
// seed (fairness.py step 7).

export const ALGORITHM = "hmac-sha256-fy-v1";
// v2: every player adds a client seed; the deal runs on the round's seed R, an HMAC of the
// server's seed over the round number and the client seeds (fairness.py's round_seed).
export const ALGORITHM_V2 = "hmac-sha256-fy-v2";
const ROUND_DOMAIN = new TextEncoder().encode("thirteen-water/round/v2/");
// v3: as v2, but a seat that sent no client seed has the one the server's seed fixes —
// the first 16 bytes of HMAC-SHA256(server seed, "thirteen-water/seat/v3/" + round number
// + seat in deal order, 8 big-endian bytes each) — and R's message starts ".../round/v3/".
export const ALGORITHM_V3 = "hmac-sha256-fy-v3";
const ROUND_DOMAIN_V3 = new TextEncoder().encode("thirteen-water/round/v3/");
const SEAT_DOMAIN = new TextEncoder().encode("thirteen-water/seat/v3/");

const DOMAIN = new TextEncoder().encode("thirteen-water/deal/v1/");
const BANK_DOMAIN = new TextEncoder().encode("thirteen-water/bank/v1/");
const HAND = 13; // a 十三道 hand, and the spare hand of a 3-player round
const SPACE = 2 ** 32; // draws are 32-bit; Numbers hold these exactly
const RANKS = "23456789TJQKA";
const SUITS = "shcd"; // ♠ ♥ ♣ ♦: the canonical deck order is suit by suit

function subtle() {
  const crypto = globalThis.crypto;
  if (!crypto || !crypto.subtle) {
    throw new Error("this browser has no WebCrypto (it needs https or localhost)");
  }
  return crypto.subtle;
}

/** The 32 bytes of a seed written as 64 hex digits; throws on anything else. */
export function seedBytes(seed) {
  if (typeof seed !== "string" || !/^[0-9a-fA-F]{64}$/.test(seed)) {
    throw new Error("a seed is 64 hexadecimal digits");
  }
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) bytes[i] = parseInt(seed.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The seed steps 3–7 run on: the server's seed itself (v1), or (v2) HMAC-SHA256 keyed by
 * the server's seed over "thirteen-water/round/v2/" + the round number as 8 big-endian
 * bytes + every client seed's 16 bytes in seat order, as 64 hex digits; v3 the same over
 * "thirteen-water/round/v3/", a seat without a seed of its own having its derived one.
 * `clientSeeds`: the replay's entries ({seed, derived}) or plain hex strings (null: v3's
 * derived seed).
 */
export async function dealSeed(algorithm, seed, roundNumber = 0, clientSeeds = []) {
  if (algorithm === ALGORITHM) return seed;
  if (algorithm !== ALGORITHM_V2 && algorithm !== ALGORITHM_V3) throw new Error(`unknown deal algorithm ${algorithm}`);
  if (!Number.isInteger(roundNumber) || roundNumber < 0) throw new Error("a round number is a whole number");
  const v3 = algorithm === ALGORITHM_V3;
  // v3: null (a transcript's) or a replay entry marked `derived` is the seat's derived
  // seed, worked out here — never taken from what the server says it was.
  const seeds = await Promise.all(clientSeeds.map((entry, k) => {
    if (v3 && (entry === null || (entry && typeof entry === "object" && entry.derived))) {
      return derivedClientSeed(seed, roundNumber, k);
    }
    return typeof entry === "string" ? entry : entry && entry.seed;
  }));
  const domain = v3 ? ROUND_DOMAIN_V3 : ROUND_DOMAIN;
  for (const client of seeds) {
    if (typeof client !== "string" || !/^[0-9a-fA-F]{32}$/.test(client)) {
      throw new Error("a client seed is 32 hexadecimal digits");
    }
  }
  const message = new Uint8Array(domain.length + 8 + 16 * seeds.length);
  message.set(domain);
  const view = new DataView(message.buffer);
  view.setUint32(domain.length, Math.floor(roundNumber / SPACE));
  view.setUint32(domain.length + 4, roundNumber % SPACE);
  seeds.forEach((client, k) => {
    for (let i = 0; i < 16; i += 1) {
      message[domain.length + 8 + 16 * k + i] = parseInt(client.slice(2 * i, 2 * i + 2), 16);
    }
  });
  const key = await subtle().importKey("raw", seedBytes(seed), { name: "HMAC", hash: "SHA-256" },
    false, ["sign"]);
  return hex(await subtle().sign("HMAC", key, message));
}

/**
 * v3: the client seed of the seat `seat` places into the deal order that sent none —
 * the first 16 bytes of HMAC-SHA256 keyed by the server's seed over
 * "thirteen-water/seat/v3/" + the round number and the seat as 8 big-endian bytes each,
 * as 32 hex digits (fairness.py's derived_client_seed). The commitment fixed it.
 */
export async function derivedClientSeed(seed, roundNumber, seat) {
  const message = new Uint8Array(SEAT_DOMAIN.length + 16);
  message.set(SEAT_DOMAIN);
  const view = new DataView(message.buffer);
  view.setUint32(SEAT_DOMAIN.length, Math.floor(roundNumber / SPACE));
  view.setUint32(SEAT_DOMAIN.length + 4, roundNumber % SPACE);
  view.setUint32(SEAT_DOMAIN.length + 8, Math.floor(seat / SPACE));
  view.setUint32(SEAT_DOMAIN.length + 12, seat % SPACE);
  const key = await subtle().importKey("raw", seedBytes(seed), { name: "HMAC", hash: "SHA-256" },
    false, ["sign"]);
  return hex(await subtle().sign("HMAC", key, message)).slice(0, 32);
}

/** Step 2: the commitment, SHA-256 of the seed's bytes as 64 lowercase hex digits. */
export async function commitment(seed) {
  return hex(await subtle().digest("SHA-256", seedBytes(seed)));
}

/** Steps 3–4: the random stream. Block i is HMAC-SHA256(seed, DOMAIN + i as 8 big-endian
 * bytes), read 4 bytes at a time as big-endian unsigned integers. */
export class SeedStream {
  /** `domain`: the messages' prefix — the deal's stream, or the bank's (step 7). */
  static async fromSeed(seed, domain = DOMAIN) {
    const key = await subtle().importKey("raw", seedBytes(seed), { name: "HMAC", hash: "SHA-256" },
      false, ["sign"]);
    return new SeedStream(key, domain);
  }

  constructor(key, domain = DOMAIN) {
    this.key = key;
    this.domain = domain;
    this.counter = 0;
    this.buffer = new Uint8Array(0);
  }

  async nextUint32() {
    if (this.buffer.length < 4) {
      const domain = this.domain;
      const message = new Uint8Array(domain.length + 8);
      message.set(domain);
      const view = new DataView(message.buffer);
      // The counter as 8 big-endian bytes: high and low 32-bit halves.
      view.setUint32(domain.length, Math.floor(this.counter / SPACE));
      view.setUint32(domain.length + 4, this.counter % SPACE);
      this.counter += 1;
      const block = new Uint8Array(await subtle().sign("HMAC", this.key, message));
      const joined = new Uint8Array(this.buffer.length + block.length);
      joined.set(this.buffer);
      joined.set(block, this.buffer.length);
      this.buffer = joined;
    }
    const value = new DataView(this.buffer.buffer, this.buffer.byteOffset, 4).getUint32(0);
    this.buffer = this.buffer.slice(4);
    return value;
  }

  /** A uniform integer in [0, n): draws at or above the largest multiple of n below 2**32
   * are thrown away, so no value is more likely than another (no modulo bias). */
  async randbelow(n) {
    if (!Number.isInteger(n) || n < 1 || n > SPACE) throw new Error("randbelow needs 1 <= n <= 2**32");
    const limit = SPACE - (SPACE % n);
    for (;;) {
      const x = await this.nextUint32();
      if (x < limit) return x % n;
    }
  }
}

/** The deck in its canonical order (rules.engine.cards.build_deck): ♠ 2…A, ♥, ♣, ♦,
 * then the 65-card deck's second diamonds, then BJ, SJ. */
export function buildDeck(deck = "standard", jokers = false) {
  const cards = [];
  for (const suit of SUITS) for (const rank of RANKS) cards.push(rank + suit);
  if (deck === "extra_suit") for (const rank of RANKS) cards.push(`${rank}d`);
  else if (deck !== "standard") throw new Error(`unknown deck ${deck}`);
  if (jokers) cards.push("BJ", "SJ");
  return cards;
}

/** Step 5: Fisher–Yates from the last position down, drawing from the seed's stream. */
export async function shuffledDeck(seed, rules) {
  const cards = buildDeck(rules.deck, rules.jokers);
  const stream = await SeedStream.fromSeed(seed);
  for (let i = cards.length - 1; i > 0; i -= 1) {
    const j = await stream.randbelow(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/** Step 6: player k (in deal order) receives shuffled cards [k*h, (k+1)*h); h is 13, or
 * 16 in 多三张, where the last 3 of a seat's 16 are its candidate cards. */
export async function dealFromSeed(seed, rules, players) {
  const pack = await shuffledDeck(seed, rules);
  const size = rules.hand_size || 13;
  if (players < 1 || players * size > pack.length) {
    throw new Error(`${players} hands of ${size} cards do not fit a ${pack.length}-card deck`);
  }
  const hands = [];
  for (let k = 0; k < players; k += 1) hands.push(pack.slice(k * size, (k + 1) * size));
  return hands;
}

/** Step 7: the banker among the seats whose bids tie for the highest — the tied seats,
 * sorted, at index randbelow(number tied) of the bank's stream. */
export async function bankDraw(seed, tied) {
  if (!tied.length) throw new Error("a draw for the bank needs at least one tied bidder");
  const ordered = [...tied].map(Number).sort((a, b) => a - b);
  const stream = await SeedStream.fromSeed(seed, BANK_DOMAIN);
  return ordered[await stream.randbelow(ordered.length)];
}

/** 十三道's banker for these bids ({seat: 道}, RULES.md §8.1): the highest bidder, a tie
 * drawn by bankDraw. */
export async function bankWinner(seed, bids) {
  const seats = Object.keys(bids).map(Number);
  const top = Math.max(...seats.map((seat) => bids[seat]));
  const tied = seats.filter((seat) => bids[seat] === top).sort((a, b) => a - b);
  return tied.length === 1 ? tied[0] : bankDraw(seed, tied);
}

/**
 * 十三道: the cards each seat held after the exchange (fairness.py's held_after_exchange),
 * from the cards the seed dealt ({seat: codes}), the spare hand (3 players: the shuffled
 * cards [39, 52)) and a settled round's `exchange` record {put: {seat: card}, takes:
 * [[chooser, seat taken from]], swapped_by}. Throws when the record moves a card its seat
 * did not hold.
 */
export function heldAfterExchange(dealt, spare, exchange) {
  const held = new Map(Object.entries(dealt).map(([seat, cards]) => [Number(seat), [...cards]]));
  const put = new Map(Object.entries((exchange && exchange.put) || {}).map(([seat, card]) => [Number(seat), card]));
  for (const [seat, card] of put) {
    const cards = held.get(seat) || [];
    const at = cards.indexOf(card);
    if (at < 0) {
      throw exchangeError(`seat ${seat} put ${card} into the pool without holding it`, "put_not_held", { seat, card });
    }
    cards.splice(at, 1);
  }
  for (const [chooser, source] of (exchange && exchange.takes) || []) {
    if (!put.has(source) || !held.has(chooser)) {
      throw exchangeError(`seat ${chooser} took a pool card seat ${source} never put in`, "take_not_put",
        { seat: chooser, source });
    }
    held.get(chooser).push(put.get(source));
    put.delete(source);
  }
  const swapped = exchange ? exchange.swapped_by : null;
  if (swapped !== null && swapped !== undefined) {
    if (!held.has(swapped)) {
      throw exchangeError(`seat ${swapped} took the spare hand without playing`, "swap_not_playing", { seat: swapped });
    }
    held.set(swapped, [...spare]);
  }
  return Object.fromEntries(held);
}

// An exchange record that moves a card its seat never held: `code` and `params` let a
// page say so in its own language.
function exchangeError(message, code, params) {
  const error = new Error(message);
  error.code = code;
  error.params = params;
  return error;
}

/** Whether two lists hold the same cards, as multisets. */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const counts = new Map();
  for (const code of a) counts.set(code, (counts.get(code) || 0) + 1);
  for (const code of b) {
    const left = counts.get(code);
    if (!left) return false;
    counts.set(code, left - 1);
  }
  return true;
}

/**
 * What each seat of a replay (games/record/replays.py) was dealt, as its settled hand
 * shows it, in deal order: the three rows plus the discards (多三张 leaves 3 of 16 out;
 * other rule sets none). A seat missing from the hands gives [], which no deal matches.
 */
export function cardsPlayed(replay) {
  const byPosition = new Map(replay.hands.map((hand) => [hand.position, hand]));
  return replay.fairness.deal_order.map((position) => {
    const hand = byPosition.get(position);
    return hand ? [...hand.front, ...hand.middle, ...hand.back, ...(hand.discards || [])] : [];
  });
}

/**
 * Check a revealed seed against the published commitment and the cards each seat held
 * (`hands` in deal order; any order within a hand). Resolves to
 * {ok, commitment: {ok, expected, actual}, roundSeed, deal: {ok, seat, seats},
 *  exchange: {ok, code, params, error} | null, bank: {ok, expected} | null, error} —
 * never throws, so a page can always say what it found. `roundSeed` is the seed the
 * cards came from (the server's under v1); `deal.seat` the first seat whose cards differ
 * and `deal.seats` each seat's finding.
 *
 * v2 and v3 (`algorithm` hmac-sha256-fy-v2, -v3): the deal runs on dealSeed(seed,
 * roundNumber, clientSeeds) — v3 working out a seat's derived seed itself; the
 * commitment is still to `seed`, the server's.
 *
 * 十三道: with `exchange` (the settled round's record) and `order` (the seats in deal
 * order) the hands are checked against the dealt cards after the exchange (a record that
 * moves a card its seat never held fails `exchange`); with `bids` ({seat: 道}) the
 * `banker` must be the highest bidder, a tie drawn from the seed.
 */
export async function verifyDeal({ seed, commitment: published, hands, rules, algorithm = ALGORITHM,
  exchange = null, order = null, bids = null, banker = null, roundNumber = 0, clientSeeds = [] }) {
  const report = { ok: false, commitment: { ok: false }, roundSeed: null, deal: { ok: false, seat: null, seats: [] },
    exchange: null, bank: null, error: null };
  try {
    if (![ALGORITHM, ALGORITHM_V2, ALGORITHM_V3].includes(algorithm)) throw new Error(`unknown deal algorithm ${algorithm}`);
    const actual = await commitment(seed);
    report.commitment = { ok: actual === String(published).trim().toLowerCase(), expected: published, actual };
    // The commitment is to the server's seed; the cards come from the deal's seed.
    const server = seed;
    seed = await dealSeed(algorithm, server, roundNumber, clientSeeds);
    report.roundSeed = seed;
    let dealt = await dealFromSeed(seed, rules, hands.length);
    if (exchange) {
      const seats = order || hands.map((_, k) => k);
      const pack = await shuffledDeck(seed, rules);
      const spare = hands.length === 3 ? pack.slice(3 * HAND, 4 * HAND) : [];
      let held = null;
      try {
        held = heldAfterExchange(Object.fromEntries(seats.map((seat, k) => [seat, dealt[k]])), spare, exchange);
        report.exchange = { ok: true, code: null, params: {}, error: null };
      } catch (error) {
        report.exchange = { ok: false, code: error.code || null, params: error.params || {}, error: error.message };
      }
      dealt = held ? seats.map((seat) => held[seat] || []) : null;
    }
    const seatsOk = hands.map((hand, k) => Boolean(dealt) && sameCards(hand, dealt[k]));
    const wrong = dealt ? seatsOk.indexOf(false) : -1;
    report.deal = { ok: Boolean(dealt) && wrong < 0, seat: wrong < 0 ? null : wrong, seats: seatsOk };
    if (bids && Object.keys(bids).length) {
      const expected = await bankWinner(seed, bids);
      report.bank = { ok: expected === banker, expected };
    }
    report.ok = report.commitment.ok && report.deal.ok && (!report.exchange || report.exchange.ok)
      && (!report.bank || report.bank.ok);
  } catch (error) {
    report.error = error.message;
  }
  return report;
}
