// What a replay looks like at one step, as plain data (tested under node). The server
// (games/record/replays.py) sends the round as steps — deal, each submission, the front, middle
// and back compared, specials, scoops, the home run, the totals — each carrying the
// running score; this module works out everything the page shows after step `index`,
// from the first step up, so stepping back is as exact as stepping forward. A 十三道
// round adds the bank, each step of the exchange (its card shown: the round is settled),
// the pairs settled by agreement and the points moved outside the rows.

import { cardName } from "../cards.js";
import { shownName } from "../seat_names.js";

export const ROWS = ["front", "middle", "back"];

/** {code: position} → the hand at that seat, from the replay's hands. */
export function handsByPosition(replay) {
  return new Map(replay.hands.map((hand) => [hand.position, hand]));
}

/**
 * The page after step `index` (clamped to the steps):
 *   {index, step, submitted: Set(position), compared: [row…],
 *    rowPoints: Map(position → {front, middle, back}), specials: [step…],
 *    scoops: [step…], homeRun: position|null, running: {position: points}, done}
 */
export function stepState(replay, index) {
  const steps = replay.steps;
  const last = Math.max(steps.length - 1, 0);
  const at = Math.min(Math.max(Number.isInteger(index) ? index : 0, 0), last);
  const state = {
    index: at, step: steps[at] || null, submitted: new Set(), compared: [],
    rowPoints: new Map(replay.hands.map((hand) => [hand.position, { front: 0, middle: 0, back: 0 }])),
    specials: [], scoops: [], homeRun: null, running: {}, done: at === last,
    // 十三道: the banker (known from the deal when the bank rotates, from the `bank` step
    // when it is bid for) and the pairs that agreed.
    banker: steps.some((step) => step.kind === "bank") ? null : (replay.banker ?? null), agreed: new Set(),
    // Past the exchange's last step, each seat holds the cards it ended with.
    exchanged: false,
  };
  const lastExchange = steps.map((step) => step.kind).lastIndexOf("exchange");
  for (const step of steps.slice(0, at + 1)) {
    switch (step.kind) {
      case "submit":
        state.submitted.add(step.position);
        break;
      case "row":
        state.compared.push(step.row);
        for (const result of step.results) {
          if (result.winner === null || result.winner === undefined) continue;
          const loser = result.winner === result.a ? result.b : result.a;
          state.rowPoints.get(result.winner)[step.row] += result.points;
          state.rowPoints.get(loser)[step.row] -= result.points;
        }
        break;
      case "special":
        state.specials.push(step);
        break;
      case "scoop":
        state.scoops.push(step);
        break;
      case "home_run":
        state.homeRun = step.position;
        break;
      case "bank":
        state.banker = step.banker;
        break;
      case "negotiated":
        state.agreed.add(step.b);
        break;
      default:
        break;
    }
    state.running = step.running || state.running;
  }
  state.exchanged = lastExchange >= 0 && at >= lastExchange;
  return state;
}

/** The sentences that tell one step, in the page's language: a headline and, for a
 * compared row, one line per pair. `t(id, params)` is the page's translator. */
export function describeStep(replay, step, t) {
  const hands = handsByPosition(replay);
  // Each seat named as the table named it ("Bot 3", not its account's "Bot · Normal 3").
  const name = (position) => shownName((hands.get(position) || {}).display_name, t) || `#${position}`;
  const special = (code) => t(`label.${code}`);
  switch (step.kind) {
    case "deal":
      return { headline: t("step.deal", { commitment: String(replay.fairness.commitment || "").slice(0, 16) }), lines: [] };
    case "submit": {
      let id = step.auto ? "step.submit_auto" : "step.submit";
      if (step.special) id = step.auto ? "step.submit_special_auto" : "step.submit_special";
      else if (step.foul) id = "step.submit_foul";
      return { headline: t(id, { name: name(step.position), special: step.special ? special(step.special) : "" }), lines: [] };
    }
    case "row":
      return {
        headline: t("step.row", { row: t(`row.${step.row}`) }),
        lines: step.results.map((result) => {
          if (result.winner === null || result.winner === undefined) {
            return t("step.row_tie", { a: name(result.a), b: name(result.b) });
          }
          const loser = result.winner === result.a ? result.b : result.a;
          return t("step.row_result", { winner: name(result.winner), loser: name(loser), points: result.points });
        }),
      };
    case "special": {
      if (step.winner === null || step.winner === undefined) {
        return { headline: t("step.special_tie", { a: name(step.a), b: name(step.b) }), lines: [] };
      }
      const loser = step.winner === step.a ? step.b : step.a;
      return {
        headline: t("step.special", { winner: name(step.winner), loser: name(loser), points: step.points, special: special(step.code) }),
        lines: [],
      };
    }
    case "scoop":
      return { headline: t("step.scoop", { winner: name(step.winner), loser: name(step.loser), points: step.points }), lines: [] };
    case "home_run":
      return { headline: t("step.home_run", { name: name(step.position), points: step.points }), lines: [] };
    case "bank":
    case "exchange":
    case "negotiated":
    case "adjustments":
      return describeBankerStep(replay, step, t, name);
    case "totals":
      return {
        headline: t("step.totals"),
        lines: replay.hands.map((hand) => `${name(hand.position)} ${signed(step.totals[String(hand.position)])}`),
      };
    default:
      return { headline: step.kind, lines: [] };
  }
}

const REASONS = ["bid", "pot", "swap"];

function cardWords(code, t) {
  if (!code) return "?";
  return cardName(code, { s: t("suit.s"), h: t("suit.h"), c: t("suit.c"), d: t("suit.d"),
    BJ: t("card.BJ"), SJ: t("card.SJ") });
}

/** The 十三道 steps (RULES.md §8) in words. */
function describeBankerStep(replay, step, t, name) {
  switch (step.kind) {
    case "bank": {
      const bids = Object.keys(step.bids || {}).map(Number).sort((a, b) => a - b);
      const lines = bids.map((p) => t("step.bid", { name: name(p), points: step.bids[p] }));
      if ((step.tied || []).length > 1) {
        lines.push(t("step.bank_tied", { names: step.tied.map(name).join(", ") }));
      }
      lines.push(t("step.pot", { pot: step.pot }));
      return { headline: t("step.bank", { name: name(step.banker), points: (step.bids || {})[step.banker] ?? 0 }),
        lines };
    }
    case "exchange": {
      const params = { name: name(step.position), from: name(step.from), card: cardWords(step.card, t),
        banker: name(replay.banker) };
      let id = `step.exchange_${step.step}`;
      if (step.step === "swap" && step.position === replay.banker) id = "step.exchange_swap_banker";
      if (step.auto && ["put_in", "take", "decline"].includes(step.step)) id += "_auto";
      return { headline: t(id, params), lines: [] };
    }
    case "negotiated": {
      // points are the banker's (pair a): what the banker wins.
      const player = step.a === replay.banker ? step.b : step.a;
      const points = step.a === replay.banker ? step.points : -step.points;
      let id = "step.agreed_even";
      if (points > 0) id = "step.agreed_banker";
      else if (points < 0) id = "step.agreed_player";
      return { headline: t(id, { name: name(player), points: Math.abs(points) }), lines: [] };
    }
    default: {
      const seats = [...new Set(step.adjustments.map((a) => a.position))].sort((a, b) => a - b);
      const lines = seats.map((p) => `${name(p)}: ${REASONS.map((reason) => {
        const points = step.adjustments.filter((a) => a.position === p && a.reason === reason)
          .reduce((sum, a) => sum + a.points, 0);
        const has = step.adjustments.some((a) => a.position === p && a.reason === reason);
        return has ? t(`step.adjust_${reason}`, { points: signed(points) }) : null;
      }).filter(Boolean).join(", ")}`);
      return { headline: t("step.adjustments"), lines };
    }
  }
}

/**
 * A seat's dealt cards split as 多三张 deals them (RULES.md §7.3): {plain: the 13,
 * candidates: the 3 extra}. Cards are a multiset (twin diamonds), so each candidate takes
 * one copy of its code from the end, where the deal puts the candidates. Without
 * candidates, plain is every dealt card.
 */
export function dealtApart(hand) {
  const plain = [...(hand.cards || [])];
  const candidates = [];
  for (const code of hand.candidates || []) {
    const at = plain.lastIndexOf(code);
    if (at < 0) continue; // not dealt to this seat: the fairness check says so, not this
    plain.splice(at, 1);
    candidates.push(code);
  }
  return { plain, candidates };
}

/**
 * 十三道: the cards a seat holds after the exchange (the replay's `exchange.held`), and
 * which of them it was not dealt (taken from the pool, or the spare hand). Null when the
 * round had no exchange, or its record holds no such seat.
 */
export function heldApart(replay, hand) {
  const held = replay.exchange && replay.exchange.held && replay.exchange.held[String(hand.position)];
  if (!held) return null;
  const dealt = new Map();
  for (const code of hand.cards || []) dealt.set(code, (dealt.get(code) || 0) + 1);
  const marks = held.map((code) => {
    if (dealt.get(code) > 0) {
      dealt.set(code, dealt.get(code) - 1);
      return false;
    }
    return true;
  });
  return { cards: held, marks };
}

/** A signed number as players read points: +3, −2 (a true minus sign), 0. */
export function signed(points) {
  const value = Number(points) || 0;
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${Math.abs(value)}`;
  return "0";
}

/** Fill {name} placeholders; unknown ones stay as they are. */
export function fill(text, params = {}) {
  return String(text).replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** t(id, params) over a string table; a missing id shows as itself. */
export function translator(strings) {
  return (id, params = {}) => fill(id in strings ? strings[id] : id, params);
}
