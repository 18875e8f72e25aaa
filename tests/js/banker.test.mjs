// 十三道 on the table page (static/js/banker_model.js, table_seats.js, banker_reveal.js,
// reveal.js): the round kept in step with the messages, the words of the negotiation,
// what each seat is doing, and the reveal against the banker. The shapes are the server's
// (docs/protocol.md, "十三道"; payloads as games/live/banker_views.py builds them).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  amountWords, applyBankerMessage, applyHand, bankAdjustments, bankSummary, negotiationMode,
  nextSwapTurn, proposalAmount, swapAdjustments,
} from "../../static/js/banker_model.js";
import { bankerLines } from "../../static/js/banker_reveal.js";
import { revealSteps, rowPoints } from "../../static/js/reveal.js";
import { phaseText, seatState } from "../../static/js/table_seats.js";

const bidding = () => ({ id: 7, number: 1, phase: "bidding", deadline: "2026-11-30T10:00:15Z",
  players: [0, 1, 2, 3], submitted: [], banker: null, bids_in: [], bids: null, adjustments: [] });
const message = (type, fields) => ({ type, version: 9, round_id: 7, deadline: "2026-11-30T10:00:30Z", ...fields });

test("a bid placed says who, and the bank reveals every bid with the pot as the server does", () => {
  let round = applyBankerMessage(bidding(), message("bid_placed", { position: 2, auto: false }));
  round = applyBankerMessage(round, message("bid_placed", { position: 0, auto: false }));
  assert.deepEqual(round.bids_in, [0, 2]);
  assert.equal(round.deadline, "2026-11-30T10:00:30Z");
  // The server's own numbers for bids 3, 1, 3, 0 with seat 0 drawn (tests/games: bidding.py).
  round = applyBankerMessage(round, message("bank", { bids: { 0: 3, 1: 1, 2: 3, 3: 0 }, tied: [0, 2],
    banker: 0, pot: 7, share: 2, remainder: 1 }));
  assert.equal(round.banker, 0);
  assert.equal(round.bids_in, null);
  assert.deepEqual(round.adjustments, [
    { position: 0, points: -3, reason: "bid" }, { position: 1, points: -1, reason: "bid" },
    { position: 2, points: -3, reason: "bid" }, { position: 1, points: 2, reason: "pot" },
    { position: 2, points: 2, reason: "pot" }, { position: 3, points: 2, reason: "pot" },
    { position: 0, points: 1, reason: "pot" }]);
  assert.deepEqual(bankSummary(round), { bids: { 0: 3, 1: 1, 2: 3, 3: 0 }, banker: 0, tied: [0, 2],
    pot: 7, share: 2, remainder: 1 });
  assert.equal(round.adjustments.reduce((sum, a) => sum + a.points, 0), 0);
});

test("a message about another round changes nothing", () => {
  const round = bidding();
  assert.equal(applyBankerMessage(round, { ...message("bid_placed", { position: 1 }), round_id: 8 }), round);
  assert.equal(applyBankerMessage(round, message("submitted", { position: 1 })), round);
});

test("the pool: cards go in, then choosers take and pass as the offers say", () => {
  let round = { ...bidding(), banker: 2, bids: { 0: 0, 1: 0, 2: 1, 3: 0 } };
  round = applyBankerMessage(round, message("phase", { phase: "exchanging", banker: 2 }));
  assert.deepEqual(round.exchange, { kind: "pool", put: [], chooser: null, offer_from: null, chosen: [],
    swap_turn: null });
  assert.equal(round.bids_in, null);
  for (const position of [3, 0, 1, 2]) {
    round = applyBankerMessage(round, message("exchange", { step: "put_in", position, auto: false }));
  }
  assert.deepEqual(round.exchange.put, [0, 1, 2, 3]);
  round = applyBankerMessage(round, message("exchange", { step: "offer", chooser: 2, from: 3 }));
  assert.equal(round.exchange.put, null);
  assert.deepEqual([round.exchange.chooser, round.exchange.offer_from], [2, 3]);
  round = applyBankerMessage(round, message("exchange", { step: "pass", chooser: 2, from: 3, auto: false }));
  round = applyBankerMessage(round, message("exchange", { step: "offer", chooser: 2, from: 0 }));
  // The pass stays told: the offer after it only moves what the chooser sees.
  assert.deepEqual(round.exchange.last, { step: "pass", position: 2, from: 3, auto: false });
  assert.equal(round.exchange.offer_from, 0);
  round = applyBankerMessage(round, message("exchange", { step: "take", chooser: 2, from: 0, auto: false }));
  round = applyBankerMessage(round, message("exchange", { step: "offer", chooser: 0, from: 1 }));
  assert.deepEqual(round.exchange.chosen, [2]);
  assert.equal(round.exchange.chooser, 0);
  round = applyBankerMessage(round, message("exchange", { step: "keep", chooser: 3 }));
  assert.deepEqual(round.exchange.chosen, [2, 3]);
  round = applyBankerMessage(round, message("phase", { phase: "arranging", banker: 2 }));
  assert.equal(round.exchange, undefined);
  assert.equal(round.phase, "arranging");
});

test("the spare hand goes round clockwise from the banker, and a swap costs 道 (§8.3)", () => {
  assert.equal(nextSwapTurn([0, 1, 2], 1, 1), 2);
  assert.equal(nextSwapTurn([0, 1, 2], 1, 2), 0);
  assert.equal(nextSwapTurn([0, 1, 2], 1, 0), null);
  assert.deepEqual(swapAdjustments(1, 1, [0, 1, 2]), [{ position: 1, points: -2, reason: "swap" },
    { position: 0, points: 1, reason: "swap" }, { position: 2, points: 1, reason: "swap" }]);
  assert.deepEqual(swapAdjustments(2, 1, [0, 1, 2]), [{ position: 2, points: -1, reason: "swap" },
    { position: 1, points: 1, reason: "swap" }]);
  let round = { ...bidding(), players: [0, 1, 2], banker: 1 };
  round = applyBankerMessage(round, message("phase", { phase: "exchanging", banker: 1 }));
  assert.equal(round.exchange.kind, "spare");
  assert.equal(round.exchange.swap_turn, 1);
  round = applyBankerMessage(round, message("exchange", { step: "decline", position: 1, auto: false }));
  assert.equal(round.exchange.swap_turn, 2);
  round = applyBankerMessage(round, message("exchange", { step: "swap", position: 2, auto: false }));
  assert.equal(round.exchange.swap_turn, null);
  assert.deepEqual(round.adjustments.slice(-2), [{ position: 2, points: -1, reason: "swap" },
    { position: 1, points: 1, reason: "swap" }]);
});

test("the bank's adjustments leave out zero bids and a zero share", () => {
  assert.deepEqual(bankAdjustments({ bids: { 0: 0, 1: 1 }, banker: 1, share: 1, remainder: 0 }, [0, 1]),
    [{ position: 1, points: -1, reason: "bid" }, { position: 0, points: 1, reason: "pot" }]);
  assert.deepEqual(bankAdjustments({ bids: { 0: 0, 1: 0, 2: 0 }, banker: 2, share: 0, remainder: 0 }, [0, 1, 2]), []);
});

test("a hand message keeps the private part: bid, pool card, offer, spare offer, proposals", () => {
  const you = applyHand({ position: 1, ready: false }, { type: "hand", round_id: 7, cards: ["As"],
    candidates: [], hints: [], deadline: null, submission: null, bid: 2, pool_card: "As",
    offer: { from: 3, card: "Kd" }, swap_offer: false, negotiations: {} });
  assert.deepEqual([you.position, you.bid, you.pool_card, you.offer.card], [1, 2, "As", "Kd"]);
  // Other rule sets send no private 十三道 fields: none appear.
  const plain = applyHand({ position: 0 }, { type: "hand", round_id: 8, cards: [], hints: [], deadline: null });
  assert.equal("bid" in plain, false);
  assert.equal(plain.submission, null);
});

test("a phase change to negotiating opens every pair; `negotiated` decides one", () => {
  let round = { ...bidding(), phase: "arranging", banker: 0 };
  round = applyBankerMessage(round, message("phase", { phase: "negotiating", banker: 0 }));
  assert.deepEqual(round.negotiation, { decided: [] });
  round = applyBankerMessage(round, message("negotiated", { pair: 3 }));
  round = applyBankerMessage(round, message("negotiated", { pair: 3 }));
  assert.deepEqual(round.negotiation.decided, [3]);
});

test("an amount is told from the reader's side: the banker wins X is 'you win' to the banker", () => {
  const names = (p) => ["Ann", "Ben", "Cat"][p];
  const words = (amount, viewer) => amountWords(amount, { viewer, banker: 0, pair: 2, names });
  assert.deepEqual(words(3, 0), ["deal.you_win", { points: 3 }]);
  assert.deepEqual(words(3, 2), ["deal.banker_wins", { points: 3 }]);
  assert.deepEqual(words(-4, 2), ["deal.you_win", { points: 4 }]);
  assert.deepEqual(words(-4, 0), ["deal.player_wins", { name: "Cat", points: 4 }]);
  assert.deepEqual(words(-4, null), ["deal.player_wins", { name: "Cat", points: 4 }]);
  assert.deepEqual(words(0, 2), ["deal.even", {}]);
  // The form's "I win 5" is +5 for the banker and −5 for a player.
  assert.equal(proposalAmount(5, "me", { viewer: 0, banker: 0 }), 5);
  assert.equal(proposalAmount(5, "me", { viewer: 2, banker: 0 }), -5);
  assert.equal(proposalAmount("7", "them", { viewer: 0, banker: 0 }), -7);
  assert.equal(proposalAmount(-2, "them", { viewer: 2, banker: 0 }), 2);
});

test("what a pair's negotiation asks of each side", () => {
  assert.equal(negotiationMode({ status: "open", by: null, amount: null }, 1), "propose");
  assert.equal(negotiationMode({ status: "proposed", by: 1, amount: 2 }, 1), "waiting");
  assert.equal(negotiationMode({ status: "proposed", by: 1, amount: 2 }, 0), "answer");
  assert.equal(negotiationMode({ status: "agreed", by: 1, amount: 2 }, 0), "decided");
  assert.equal(negotiationMode({ status: "compare", by: null, amount: null }, 1), "decided");
});

test("each seat's doing and the status line follow the phase", () => {
  const seat = (position) => ({ position, submitted: false });
  const round = { ...bidding(), bids_in: [1] };
  assert.deepEqual(seatState(round, seat(1)), ["seat.bid_in", {}]);
  assert.deepEqual(seatState(round, seat(0)), ["seat.bidding", {}]);
  assert.equal(seatState(round, seat(5)), null);
  const pool = { ...round, phase: "exchanging", banker: 2, exchange: { kind: "pool", put: null, chooser: 2,
    offer_from: 3, chosen: [0] } };
  assert.deepEqual(seatState(pool, seat(2)), ["seat.choosing", {}]);
  assert.deepEqual(seatState(pool, seat(0)), ["seat.chosen", {}]);
  assert.deepEqual(seatState(pool, seat(1)), ["seat.waiting", {}]);
  const talking = { ...round, phase: "negotiating", banker: 2, negotiation: { decided: [3] } };
  assert.deepEqual(seatState(talking, seat(3)), ["seat.deal_done", {}]);
  assert.deepEqual(seatState(talking, seat(2)), ["seat.negotiating_banker", {}]);
  const name = (p) => `P${p}`;
  const you = { position: 1, ready: false, cards: [], bid: null };
  assert.deepEqual(phaseText({ round, you }, {}, name), ["phase.bidding", {}]);
  assert.deepEqual(phaseText({ round, you: { ...you, bid: 4 } }, {}, name), ["phase.bid_in", { points: 4 }]);
  assert.deepEqual(phaseText({ round: pool, you: { ...you, cards: ["As"], pool_card: "As" } }, {}, name),
    ["phase.pool_wait", { name: "P2" }]);
  assert.deepEqual(phaseText({ round: pool, you: null }, {}, name), ["phase.watch_round", { number: 1 }]);
  assert.deepEqual(phaseText({ round: talking, you: { ...you, position: 2, cards: ["As"] } }, {}, name),
    ["phase.negotiating_banker", {}]);
});

// A settled 十三道 round: banker 2; Ann (0) agreed that she wins 2, Ben (1) lost his rows
// and was scooped, Dan (3) won his rows; bids 3, 1, 5, 0 and a pot of 9.
const settled = {
  id: 7, number: 1, banker: 2,
  hands: [0, 1, 2, 3].map((position) => ({ position, user_id: position + 10, special: null,
    front: ["As", "Kd", "2c"], middle: ["3s", "4d", "6c", "8h", "9s"], back: ["Ts", "Th", "5d", "5c", "7s"] })),
  pairs: [
    { a: 2, b: 0, points: -2, base: -2, rows: [], scoop: null, home_run: null, special: null, negotiated: true },
    { a: 2, b: 1, points: 6, base: 3, rows: [{ row: "front", winner: 2, points: 1 },
      { row: "middle", winner: 2, points: 1 }, { row: "back", winner: 2, points: 1 }],
    scoop: 2, home_run: null, special: null, negotiated: false },
    { a: 2, b: 3, points: -1, base: -1, rows: [{ row: "front", winner: 3, points: 1 },
      { row: "middle", winner: 2, points: 1 }, { row: "back", winner: 3, points: 1 }],
    scoop: null, home_run: null, special: null, negotiated: false },
  ],
  adjustments: [{ position: 0, points: -3, reason: "bid" }, { position: 1, points: -1, reason: "bid" },
    { position: 2, points: -5, reason: "bid" }, { position: 0, points: 3, reason: "pot" },
    { position: 1, points: 3, reason: "pot" }, { position: 3, points: 3, reason: "pot" }],
  totals: { 0: 2, 1: -4, 2: -2, 3: 4 },
};

test("the reveal against the banker: each player's 道, how, the moves, the totals", () => {
  const lines = bankerLines(settled);
  assert.deepEqual(lines.map((line) => [line.position, line.result, line.how, line.total]),
    [[0, 2, "agreed", 2], [1, -6, "scoop", -4], [3, 1, "rows", 4], [2, 3, null, -2]]);
  assert.deepEqual(lines[0].moves, [{ reason: "bid", points: -3 }, { reason: "pot", points: 3 }]);
  assert.deepEqual(lines[3].moves, [{ reason: "bid", points: -5 }]);
  // Each line's total is its result plus its moves, as the server's totals say.
  for (const line of lines) {
    assert.equal(line.result + line.moves.reduce((sum, move) => sum + move.points, 0), line.total);
  }
});

test("an agreed pair compares no row in the reveal and is announced", () => {
  const net = rowPoints(settled);
  assert.equal(net.get(0).compared, 0);
  assert.equal(net.get(0).extra, 2);
  assert.deepEqual(net.get(2).rows, { front: 0, middle: 2, back: 0 });
  const steps = revealSteps(settled);
  const rows = steps.filter((step) => step.kind === "row");
  assert.ok(rows.every((step) => step.results.every((result) => result.b !== 0)));
  assert.deepEqual(steps.filter((step) => step.kind === "agreed"), [{ kind: "agreed", a: 2, b: 0, points: -2 }]);
});
