// 十三道 (banker mode, RULES.md §8) on the table page, as plain data: the public round kept
// in step with the table's messages (docs/protocol.md, "十三道"), and the words a player
// reads for bids, the pot, the exchange and the negotiation. No DOM: node's tests drive it.
//
// The server sends the whole round only in `state`; after that each public message says
// one thing (a bid is in, the bank, a step of the exchange, a pair decided, the next
// phase), and this module folds it into the round the same way the server's state would
// show it, so a page that never resyncs draws what a reload would draw.

/** The phases of a round being played, before the settlement. */
export const PLAYING_PHASES = ["bidding", "exchanging", "arranging", "negotiating"];

/** The private fields a `hand` message carries in 十三道 (banker_views.banker_private). */
export const PRIVATE_FIELDS = ["bid", "pool_card", "offer", "swap_offer", "negotiations"];

export function isPlaying(round) {
  return Boolean(round && PLAYING_PHASES.includes(round.phase));
}

/** Seats in clockwise order (increasing positions) after `position`, without it. */
export function clockwiseFrom(players, position) {
  const order = [...players].sort((a, b) => a - b);
  const start = order.indexOf(position);
  return [...order.slice(start + 1), ...order.slice(0, start)];
}

/** The points the bank moves (bidding.py's _reveal): each non-zero bid is paid in, the
 * pot shared by the players who are not banker, what cannot be shared to the banker. */
export function bankAdjustments({ bids, banker, share, remainder }, players) {
  const adjustments = [];
  const seats = Object.keys(bids).map(Number).sort((a, b) => a - b);
  for (const position of seats) {
    if (bids[position]) adjustments.push({ position, points: -bids[position], reason: "bid" });
  }
  for (const position of players) {
    if (position !== banker && share) adjustments.push({ position, points: share, reason: "pot" });
  }
  if (remainder) adjustments.push({ position: banker, points: remainder, reason: "pot" });
  return adjustments;
}

/** The fees of a swap for the spare hand (exchange.py's _swap): a banker swapping pays
 * each player 1 道; a player swapping pays the banker 1 道. */
export function swapAdjustments(position, banker, players) {
  if (position === banker) {
    return [{ position: banker, points: -(players.length - 1), reason: "swap" },
      ...players.filter((p) => p !== banker).map((p) => ({ position: p, points: 1, reason: "swap" }))];
  }
  return [{ position, points: -1, reason: "swap" }, { position: banker, points: 1, reason: "swap" }];
}

/** Who is offered the spare hand after `position` declined (RULES.md §8.3): after the
 * banker, the first player clockwise; after a player, the next one; null when none is left. */
export function nextSwapTurn(players, banker, position) {
  const later = clockwiseFrom(players, banker);
  if (position === banker) return later[0] ?? null;
  const at = later.indexOf(position);
  return at >= 0 && at + 1 < later.length ? later[at + 1] : null;
}

function withPosition(list, position) {
  return [...new Set([...(list || []), position])].sort((a, b) => a - b);
}

/** The round entering `phase` (a `phase` message): what the server's state would hold. */
function enterPhase(round, message) {
  const next = { ...round, phase: message.phase, deadline: message.deadline ?? round.deadline };
  if (message.banker !== undefined && message.banker !== null) next.banker = message.banker;
  if (message.phase !== "bidding") next.bids_in = null;
  delete next.exchange;
  delete next.negotiation;
  if (message.phase === "exchanging") {
    const spare = (round.players || []).length === 3;
    next.exchange = { kind: spare ? "spare" : "pool", put: spare ? null : [], chooser: null,
      offer_from: null, chosen: [], swap_turn: spare ? next.banker : null };
  } else if (message.phase === "negotiating") {
    next.negotiation = { decided: [] };
  }
  return next;
}

function exchangeStep(round, message) {
  const exchange = { ...(round.exchange || {}) };
  const next = { ...round, exchange };
  const players = round.players || [];
  switch (message.step) {
    case "put_in":
      exchange.put = withPosition(exchange.put, message.position);
      break;
    case "offer":
      exchange.put = null;
      exchange.chooser = message.chooser;
      exchange.offer_from = message.from;
      break;
    case "take":
    case "keep":
      exchange.chosen = withPosition(exchange.chosen, message.chooser);
      exchange.offer_from = null;
      break;
    case "swap":
      exchange.swap_turn = null;
      exchange.swapped_by = message.position;
      next.adjustments = [...(round.adjustments || []),
        ...swapAdjustments(message.position, round.banker, players)];
      break;
    case "decline":
      exchange.swap_turn = nextSwapTurn(players, round.banker, message.position);
      break;
    default:
      break; // "pass": the `offer` that follows says what the chooser sees next
  }
  // What just happened, for the line that tells the table (not part of `state`); an
  // offer only says what the chooser sees next, so the pass before it stays told.
  if (message.step !== "offer") exchange.last = { step: message.step, position: message.position ?? message.chooser,
    from: message.from ?? null, auto: Boolean(message.auto) };
  return next;
}

/**
 * Fold one public 十三道 message into `round` (a new object; the same one when the
 * message is about another round or is not a 十三道 message).
 */
export function applyBankerMessage(round, message) {
  if (!round || round.id !== message.round_id) return round;
  let next;
  switch (message.type) {
    case "phase":
      return enterPhase(round, message);
    case "bid_placed":
      next = { ...round, bids_in: withPosition(round.bids_in, message.position) };
      break;
    case "bank":
      next = { ...round, banker: message.banker, bids: message.bids, bids_in: null, tied: message.tied,
        adjustments: [...(round.adjustments || []),
          ...bankAdjustments(message, round.players || [])] };
      break;
    case "exchange":
      next = exchangeStep(round, message);
      break;
    case "negotiated":
      next = { ...round, negotiation: {
        decided: withPosition(round.negotiation && round.negotiation.decided, message.pair) } };
      break;
    default:
      return round;
  }
  if (message.deadline !== undefined) next.deadline = message.deadline;
  return next;
}

/** A `hand` message folded into `you`: the cards, hints and, in 十三道, the private part. */
export function applyHand(you, message) {
  const next = { ...(you || {}), round_id: message.round_id, cards: message.cards,
    candidates: message.candidates || [], hints: message.hints, deadline: message.deadline,
    submission: message.submission ?? null };
  for (const field of PRIVATE_FIELDS) {
    if (field in message) next[field] = message[field];
  }
  return next;
}

// --- words ---------------------------------------------------------------------------------

/**
 * An amount the banker wins, in words for whoever reads it: `viewer` is the reader's
 * seat, `pair` the player's seat. "Banker wins 3 道", "You win 3 道", "Ben wins 3 道",
 * "Even: 0 道". Returns [string id, params] for the page's translator.
 */
export function amountWords(amount, { viewer, banker, pair, names }) {
  if (amount === 0) return ["deal.even", {}];
  const bankerWins = amount > 0;
  const points = Math.abs(amount);
  const winner = bankerWins ? banker : pair;
  if (winner === viewer) return ["deal.you_win", { points }];
  if (bankerWins) return ["deal.banker_wins", { points }];
  return ["deal.player_wins", { name: names(pair), points }];
}

/** The amount to send from the proposal form: a number of 道 and who wins them. */
export function proposalAmount(points, winner, { viewer, banker }) {
  const n = Math.abs(Math.trunc(Number(points) || 0));
  const bankerWins = winner === "me" ? viewer === banker : viewer !== banker;
  return bankerWins ? n : -n;
}

/**
 * What a pair's negotiation asks of the viewer now:
 *   "decided"  agreed or comparing: nothing to do;
 *   "answer"   the other side proposed: accept, reject or compare;
 *   "waiting"  your own proposal waits for its answer: withdraw or compare;
 *   "propose"  nothing on the table: propose or compare.
 */
export function negotiationMode(negotiation, viewer) {
  if (!negotiation) return "decided";
  if (negotiation.status === "agreed" || negotiation.status === "compare") return "decided";
  if (negotiation.status === "proposed") return negotiation.by === viewer ? "waiting" : "answer";
  return "propose";
}

/**
 * The bank at a glance, from what both `state` and `bank` give: every bid, who tied for
 * the highest, the pot, each player's share and the banker's remainder.
 */
export function bankSummary(round) {
  const bids = round && round.bids;
  if (!bids) return null;
  const values = Object.values(bids);
  const top = Math.max(...values);
  const tied = Object.keys(bids).map(Number).filter((p) => bids[p] === top).sort((a, b) => a - b);
  const pot = values.reduce((sum, bid) => sum + bid, 0);
  const potMoves = (round.adjustments || []).filter((a) => a.reason === "pot");
  const share = potMoves.find((a) => a.position !== round.banker)?.points || 0;
  const remainder = potMoves.find((a) => a.position === round.banker)?.points || 0;
  return { bids, banker: round.banker, tied: tied.length > 1 ? tied : [], pot, share, remainder };
}

/** Each seat's points moved outside the rows (bids, the pot, swap fees), summed. */
export function adjustmentTotals(adjustments) {
  const totals = new Map();
  for (const { position, points } of adjustments || []) {
    totals.set(position, (totals.get(position) || 0) + points);
  }
  return totals;
}
