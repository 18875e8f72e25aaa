// The seats and the line that says what the table is doing: who sits where, who is
// banker (庄) in 十三道, and what each seat is doing in the phase under way (bidding,
// putting a card in the pool, choosing, deciding on the spare hand, arranging,
// negotiating). `phaseText` and `seatState` are plain functions of the page's model.

import { isPlaying } from "./banker_model.js";
import { cardBackSVG } from "./cards.js";
import { el, showChildren } from "./dom.js";
import { signed } from "./i18n.js";
import { cardWord, horseHolder, mayFreeSeat } from "./room_model.js";
import { BOT_NAME, botLevel, shownName } from "./seat_names.js";

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

// Where each seat sits around the felt, by its place after the viewer's own (who is at
// the bottom; a watcher sees the table from seat 1's side): b(ottom), r(ight), t(op),
// l(eft), tr / tl (top right and left), in the order play goes round.
const SPOTS = { 1: ["b"], 2: ["b", "t"], 3: ["b", "tr", "tl"], 4: ["b", "r", "t", "l"],
  5: ["b", "r", "tr", "tl", "l"], 6: ["b", "r", "tr", "t", "tl", "l"] };

/** The spot of `position` at a table of `max` seats seen from `viewer` (null: seat 1). */
export function seatSpot(position, viewer, max) {
  const spots = SPOTS[max] || SPOTS[6];
  const relative = ((position - (viewer ?? 0)) % max + max) % max;
  return spots[relative] || "t";
}

/** The seat's face: its avatar picture, or the first letter of the name on a disc. A
 * bot's picture is its number on a rounded square in a colour of its own, drawn by the
 * server (accounts/avatars.py) so that a bot looks the same on every page; its frame here
 * is square too. */
export function avatar(seat, t, extraClass = "") {
  const bot = BOT_NAME.exec(seat.display_name || "");
  const name = seat.display_name || "?";
  if (bot) extraClass = `bot-face ${extraClass}`;
  if (seat.avatar) {
    return el("span", { class: `avatar ${extraClass}`.trim() },
      el("img", { src: seat.avatar, alt: t("felt.avatar", { name: shownName(name, t) }), width: 40, height: 40,
        loading: "lazy", decoding: "async" }));
  }
  const letter = bot ? bot[2] : Array.from(name.trim())[0] || "?";
  // The disc's colour follows the name, so two players are told apart at a glance.
  let hue = 0;
  for (const char of name) hue = (hue * 31 + char.codePointAt(0)) % 360;
  return el("span", { class: `avatar initial hue-${hue % 12} ${extraClass}`.trim(), "aria-hidden": "true" },
    letter.toUpperCase());
}

/** A rating as the table shows it: 1532, or 1500? while it is provisional. */
export function ratingText(value, provisional) {
  return `${value}${provisional ? "?" : ""}`;
}

/** A bot's badge: "Bot" and its level when the seat has one. */
function botBadge(seat, t) {
  if (seat.bot === null || seat.bot === undefined || seat.bot === false) return null;
  const level = typeof seat.bot === "string" || typeof seat.bot === "number" ? String(seat.bot) : "";
  return el("span", { class: "seat-badge bot" },
    level ? t("felt.bot_level", { level: botLevel(level, t) }) : t("felt.bot"));
}

/** The other players' cards, face down until the reveal: a fan while they arrange, three
 * rows side by side once they are in (felt.css). */
function faceDown(count, rows, t) {
  if (!count) return null;
  const backs = (n) => Array.from({ length: n }, () => el("span", { class: "card-static back mini", html: cardBackSVG() }));
  const label = t("felt.cards_down", { count });
  if (rows) {
    return el("span", { class: "seat-cards rows", role: "img", "aria-label": label },
      el("span", { class: "fan" }, backs(3)), el("span", { class: "fan" }, backs(5)), el("span", { class: "fan" }, backs(5)));
  }
  return el("span", { class: "seat-cards", role: "img", "aria-label": label }, el("span", { class: "fan" }, backs(count)));
}

/** Draw the seats around the felt in `root`: each with its avatar, name, what it is
 * doing, its countdown while it has a move to make (table_clock.js fills [data-seat-clock]),
 * the 庄 marker, the host, who is away (托管) or voted to end, a bot's badge, the face-down
 * cards of the others during a round, the face-down pool card a chooser is looking at,
 * the horse card's holder at the reveal, the session's points and the free seats; the
 * host's "Free seat" on an away player's seat between rounds. `session`: room_model.js's
 * RoomSession; `hold` (user id → points): a round whose reveal is still playing, left out
 * of the scores until it ends; `flash` (user id → points): the round's points landing. */
export function drawSeats(root, { model, t, rules, session, userId, hold = null, flash = null }) {
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
    const at = seatSpot(position, youPosition, max);
    if (!seat) {
      // While the reveal is the table, an empty seat shows only to whoever may take it.
      seats.push(el("div", { class: `seat empty at-${at}${canSit ? "" : " in-reveal"}`, dataset: { position, at } },
        el("span", { class: "avatar vacant", "aria-hidden": "true" }, "+"),
        el("span", { class: "seat-body" },
          el("span", { class: "seat-name" }, t("seat.empty")),
          canSit ? el("button", { type: "button", class: "small", dataset: { sit: position } },
            t("seat.sit")) : null)));
      continue;
    }
    const isYou = seat.position === youPosition;
    const doing = seatState(round, seat);
    let state = doing ? t(...doing) : (seat.ready ? t("seat.ready") : t("seat.not_ready"));
    if (seat.connected === false) state = t("seat.disconnected");
    const done = doing && ["seat.submitted", "seat.auto", "seat.bid_in", "seat.card_in", "seat.chosen",
      "seat.deal_done"].includes(doing[0]);
    const isBanker = banker === position && round.phase !== "settled";
    const inRound = playing && Array.isArray(round.players) ? round.players.includes(position) : playing;
    const classes = ["seat", `at-${at}`, isYou ? "you" : "", seat.ready ? "ready" : "", isBanker ? "banker" : "",
      seat.connected === false ? "disconnected" : "", done ? "submitted" : "",
      seat.away ? "away" : "", seat.host ? "host" : "", horse === position ? "horse" : "",
      seat.bot ? "bot" : "", inReveal(round, seat) && !seatNews(model, seat, userId) ? "in-reveal" : "",
      doing && ["seat.choosing", "seat.spare_deciding"].includes(doing[0]) ? "acting" : ""]
      .filter(Boolean).join(" ");
    const cards = !isYou && inRound && ["arranging", "negotiating"].includes(round.phase)
      ? faceDown(rules.hand_size > 13 && !done ? rules.hand_size : 13, done, t) : null;
    const badges = [
      botBadge(seat, t),
      seat.rating ? el("span", { class: "seat-badge rating", title: t("seat.rating_title") },
        t("seat.rating", { rating: ratingText(seat.rating.value, seat.rating.provisional) })) : null,
      seat.host ? el("span", { class: "seat-badge host" }, t("seat.host")) : null,
      seat.away ? el("span", { class: "seat-badge away" }, t("seat.away")) : null,
      seat.end_vote ? el("span", { class: "seat-badge voted" }, t("seat.voted")) : null,
      horse === position ? el("span", { class: "seat-badge horse", title: t("seat.horse") },
        `马 ${horseCard ? cardWord(horseCard) : ""}`.trim()) : null].filter(Boolean);
    const key = String(seat.user_id);
    const points = session.of(seat.user_id) - (hold?.get(key) || 0);
    const landing = flash?.get(key);
    seats.push(el("div", { class: classes, dataset: { position, at, userId: seat.user_id } },
      avatar(seat, t),
      el("span", { class: "seat-body" },
        el("span", { class: "seat-name" },
          isBanker ? el("span", { class: "banker-mark", title: t("seat.banker"), "aria-label": t("seat.banker") }, "庄")
            : null,
          shownName(seat.display_name, t), isYou ? ` (${t("seat.you")})` : ""),
        el("span", { class: "seat-line" },
          done ? el("span", { class: "seat-check", "aria-hidden": "true" }, "✓") : null,
          el("span", { class: "seat-state" }, state),
          doing && !done ? el("span", { class: "seat-clock", dataset: { seatClock: "" } }) : null),
        badges.length ? el("span", { class: "seat-badges" }, badges) : null,
        offeredFrom === position ? el("span", { class: "seat-offer" },
          el("span", { class: "card-static back mini", html: cardBackSVG() }),
          t("seat.offered", { name: nameOf(model, round.exchange.chooser) })) : null,
        mayFreeSeat({ seats: model.seats, userId, round }, seat)
          ? el("button", { type: "button", class: "small secondary", dataset: { free: position } },
            t("room.free_seat")) : null),
      el("span", { class: `seat-score ${points > 0 ? "win" : points < 0 ? "loss" : "tie"}`,
        title: session.started ? t("seat.session", { points: signed(points) }) : null,
        dataset: { score: points } }, signed(points)),
      landing !== undefined ? el("span", { class: `seat-delta ${landing > 0 ? "win" : landing < 0 ? "loss" : "tie"}`,
        "aria-hidden": "true" }, signed(landing)) : null,
      cards));
  }
  const center = el("div", { class: "felt-center", "aria-hidden": "true" },
    el("span", { class: "felt-logo" }, "十三水"),
    round && round.number ? el("span", { class: "felt-round" }, `#${round.number}`) : null);
  // Drawn on every message, while each seat's clock (filled in after) counts down: only
  // what changed is replaced, so a Sit or Free seat button pressed as a message came
  // still takes the tap.
  showChildren(root, [center, ...seats], { deep: true });
}

/** Whether the settled round's reveal shows this seat's player: the reveal's hands are the
 * seats then, so the felt leaves them out (issue 24: the seats scrolled away). */
export function inReveal(round, seat) {
  if (!round || round.phase !== "settled" || !Array.isArray(round.hands)) return false;
  return round.hands.some((hand) => hand.position === seat.position && hand.user_id === seat.user_id);
}

/** What a seat says that the reveal's hand does not: away (托管), a vote to end, the
 * host's Free seat. Such a seat stays on the felt during the reveal. */
function seatNews(model, seat, userId) {
  return Boolean(seat.away || seat.end_vote || mayFreeSeat({ seats: model.seats, userId, round: model.round }, seat));
}

export function nameOf(model, position, t = null) {
  const seat = model.seats.find((s) => s.position === position);
  if (seat) return shownName(seat.display_name, t);
  const hand = (model.round && model.round.hands || []).find((h) => h.position === position);
  return hand ? shownName(hand.display_name, t) : `#${Number(position) + 1}`;
}
