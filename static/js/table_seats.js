// The seats and the line that says what the table is doing: who sits where, who is
// banker (庄) in 十三道, and what each seat is doing in the phase under way (bidding,
// putting a card in the pool, choosing, deciding on the spare hand, arranging,
// negotiating). `phaseText` and `seatState` are plain functions of the page's model.

import { isPlaying } from "./banker_model.js";
import { cardBackSVG } from "./cards.js";
import { el } from "./dom.js";
import { signed } from "./i18n.js";
import { cardWord, horseHolder, mayFreeSeat } from "./room_model.js";

function has(list, position) {
  return Array.isArray(list) && list.includes(position);
}

/** What a seat in the round is doing now: [string id, params], or null when it is not in
 * the round being played. */
export function seatState(round, seat) {
  const position = seat.position;
  if (!isPlaying(round) || !has(round.players, position)) return null;
  const banker = round.banker;
  switch (round.phase) {
    case "bidding":
      return [has(round.bids_in, position) ? "seat.bid_in" : "seat.bidding", {}];
    case "exchanging": {
      const exchange = round.exchange || {};
      if (exchange.kind === "spare") {
        if (exchange.swap_turn === position) return ["seat.spare_deciding", {}];
        return ["seat.waiting", {}];
      }
      if (Array.isArray(exchange.put)) return [has(exchange.put, position) ? "seat.card_in" : "seat.putting", {}];
      if (exchange.chooser === position) return ["seat.choosing", {}];
      return [has(exchange.chosen, position) ? "seat.chosen" : "seat.waiting", {}];
    }
    case "negotiating":
      if (position === banker) return ["seat.negotiating_banker", {}];
      return [has(round.negotiation && round.negotiation.decided, position) ? "seat.deal_done"
        : "seat.negotiating", {}];
    default: {
      const submitted = has(round.submitted, position) || seat.submitted;
      if (!submitted) return ["seat.arranging", {}];
      return [has(round.auto, position) ? "seat.auto" : "seat.submitted", {}];
    }
  }
}

/** The status bar's sentence for this viewer: [string id, params]. */
export function phaseText(model, rules, name = (position) => `#${position + 1}`) {
  const { round, you } = model;
  const playing = isPlaying(round);
  if (!you) return playing ? ["phase.watch_round", { number: round.number }] : ["phase.watching", {}];
  const inRound = playing && Array.isArray(you.cards) && has(round.players, you.position);
  if (playing && !inRound) return ["phase.watch_round", { number: round.number }];
  if (inRound) return roundText(round, you, name);
  if (you.ready) return ["phase.ready_wait", {}];
  if (round && round.phase === "settled") return ["phase.settled", { number: round.number }];
  return ["phase.waiting", { min: rules.min_players }];
}

function roundText(round, you, name) {
  const me = you.position;
  switch (round.phase) {
    case "bidding":
      return you.bid !== null && you.bid !== undefined ? ["phase.bid_in", { points: you.bid }]
        : ["phase.bidding", {}];
    case "exchanging": {
      const exchange = round.exchange || {};
      if (exchange.kind === "spare") {
        return you.swap_offer ? ["phase.spare_yours", {}]
          : ["phase.spare_wait", { name: name(exchange.swap_turn) }];
      }
      if (Array.isArray(exchange.put)) return you.pool_card ? ["phase.pool_in", {}] : ["phase.pool_put", {}];
      return exchange.chooser === me ? ["phase.pool_yours", {}]
        : ["phase.pool_wait", { name: name(exchange.chooser) }];
    }
    case "negotiating":
      return me === round.banker ? ["phase.negotiating_banker", {}] : ["phase.negotiating", {}];
    default:
      if (you.submission) return [you.submission.auto ? "phase.auto" : "phase.submitted", {}];
      // 多三张 deals 16: the player picks 13 of them (RULES.md §7.3).
      return you.cards.length > 13 ? ["phase.arranging_extra", { count: you.cards.length }]
        : ["phase.arranging", {}];
  }
}

/** Draw the seats into `root`: names, what each is doing, the 庄 marker, the host, who is
 * away (托管) or voted to end, the face-down pool card a chooser is looking at, the horse
 * card's holder at the reveal, the session's points and the free seats; the host's "Free
 * seat" on an away player's seat between rounds. `session`: room_model.js's RoomSession. */
export function drawSeats(root, { model, t, rules, session, userId }) {
  const round = model.round;
  const max = model.table?.room?.seats || model.table?.rule_set?.max_players || rules.max_players;
  const horse = round && round.phase === "settled" ? horseHolder(round) : null;
  const horseCard = model.table?.room?.horse_card;
  const playing = isPlaying(round);
  const youPosition = model.you ? model.you.position : null;
  const canSit = !model.you && !playing;
  const banker = round && round.banker !== undefined && round.banker !== null ? round.banker : null;
  const offeredFrom = round && round.phase === "exchanging" && round.exchange ? round.exchange.offer_from : null;
  const seats = [];
  for (let position = 0; position < max; position += 1) {
    const seat = model.seats.find((s) => s.position === position) || null;
    if (!seat) {
      seats.push(el("div", { class: "seat empty", dataset: { position } },
        el("span", { class: "seat-name" }, t("seat.empty")),
        canSit ? el("button", { type: "button", class: "small", dataset: { sit: position } },
          t("seat.sit")) : null));
      continue;
    }
    const isYou = seat.position === youPosition;
    const doing = seatState(round, seat);
    const state = doing ? t(...doing) : (seat.ready ? t("seat.ready") : t("seat.not_ready"));
    const done = doing && ["seat.submitted", "seat.auto", "seat.bid_in", "seat.card_in", "seat.chosen",
      "seat.deal_done"].includes(doing[0]);
    const isBanker = banker === position && round.phase !== "settled";
    const classes = ["seat", isYou ? "you" : "", seat.ready ? "ready" : "", isBanker ? "banker" : "",
      seat.connected === false ? "disconnected" : "", done ? "submitted" : "",
      seat.away ? "away" : "", seat.host ? "host" : "", horse === position ? "horse" : "",
      doing && ["seat.choosing", "seat.spare_deciding"].includes(doing[0]) ? "acting" : ""]
      .filter(Boolean).join(" ");
    seats.push(el("div", { class: classes, dataset: { position } },
      el("span", { class: "seat-name" },
        isBanker ? el("span", { class: "banker-mark", title: t("seat.banker"), "aria-label": t("seat.banker") }, "庄")
          : null,
        seat.display_name, isYou ? ` (${t("seat.you")})` : ""),
      el("span", { class: "seat-state" }, state),
      seat.host || seat.away || seat.end_vote || horse === position ? el("span", { class: "seat-badges" },
        seat.host ? el("span", { class: "seat-badge host" }, t("seat.host")) : null,
        seat.away ? el("span", { class: "seat-badge away" }, t("seat.away")) : null,
        seat.end_vote ? el("span", { class: "seat-badge voted" }, t("seat.voted")) : null,
        horse === position ? el("span", { class: "seat-badge horse", title: t("seat.horse") },
          `马 ${horseCard ? cardWord(horseCard) : ""}`.trim()) : null) : null,
      offeredFrom === position ? el("span", { class: "seat-offer" },
        el("span", { class: "card-static back mini", html: cardBackSVG() }),
        t("seat.offered", { name: nameOf(model, round.exchange.chooser) })) : null,
      seat.connected === false ? el("span", { class: "seat-off" }, t("seat.disconnected")) : null,
      session.started ? el("span", { class: "seat-score" },
        t("seat.session", { points: signed(session.of(seat.user_id)) })) : null,
      mayFreeSeat({ seats: model.seats, userId, round }, seat)
        ? el("button", { type: "button", class: "small secondary", dataset: { free: position } },
          t("room.free_seat")) : null));
  }
  root.replaceChildren(...seats);
}

export function nameOf(model, position) {
  const seat = model.seats.find((s) => s.position === position);
  if (seat) return seat.display_name;
  const hand = (model.round && model.round.hands || []).find((h) => h.position === position);
  return hand ? hand.display_name : `#${Number(position) + 1}`;
}
