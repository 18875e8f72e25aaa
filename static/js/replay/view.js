// The replay on screen: one panel per seat (the dealt cards until the player submits,
// then the three rows with their categories, and each row's points once compared), the
// narration of the current step, the list of every step, and the transport's labels.
// Everything is redrawn from stepState() at each step: a replay has a few dozen steps
// and four seats, so redrawing is instant and stepping back needs no undo.
// In 多三张 a seat's 16 show as the 13 and the 3 candidates until it submits, then the
// rows and the 3 discards; cards taken from the candidates carry a tag.

import { cardName, cardSVG, secondCopies } from "../cards.js";
import { candidateMarks } from "../reveal.js";
import { botLevel, botLevelOf, shownName } from "../seat_names.js";
import { ROWS, describeStep, dealtApart, heldApart, signed, stepState } from "./model.js";

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "html") node.innerHTML = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Card faces; `marks[i]` true tags card i as taken from the candidates (or, with `tag`
 * "hand.held_tag", as come in by the 十三道 exchange). */
function cards(codes, t, marks = [], tag = "hand.candidate_tag") {
  const words = { s: t("suit.s"), h: t("suit.h"), c: t("suit.c"), d: t("suit.d"), BJ: t("card.BJ"), SJ: t("card.SJ") };
  return el("span", { class: "replay-cards" }, codes.map((code, i) => {
    const name = cardName(code, words);
    return el("span", {
      class: marks[i] ? "replay-card candidate" : "replay-card", "data-code": code,
      "data-tag": marks[i] ? t(tag) : null,
      html: cardSVG(code, marks[i] ? `${name}, ${t(tag === "hand.held_tag" ? "hand.held_new" : "hand.candidate")}` : name),
    });
  }));
}

/** 多一色: the second copy of a card among every seat's cards, in the order they are drawn
 * (seat by seat; rows front, middle, back, then discards, or the dealt cards), carries the
 * second copy's mark (cards.js secondCopies) and says so to a screen reader. */
function markSecondCopies(container, t) {
  const faces = [...container.querySelectorAll(".replay-card[data-code]")];
  const [marks] = secondCopies([faces.map((face) => face.dataset.code)]);
  const words = { s: t("suit.s"), h: t("suit.h"), c: t("suit.c"), d: t("suit.d"), second: t("card.second") };
  faces.forEach((face, i) => {
    if (!marks[i]) return;
    face.classList.add("second-copy");
    const tag = face.dataset.tag ? `, ${face.dataset.tag}` : "";
    face.innerHTML = cardSVG(face.dataset.code, cardName(face.dataset.code, words, true) + tag, { second: true });
  });
}

function pointsClass(points) {
  if (points > 0) return "points win";
  if (points < 0) return "points loss";
  return "points";
}

export class ReplayView {
  /** elements: {seats, narration, lines, steps, counter, slider, playButton};
   * options: {replay, t, you (position or null)} */
  constructor(elements, { replay, t, you }) {
    this.elements = elements;
    this.replay = replay;
    this.t = t;
    this.you = you;
    this._renderStepList();
  }

  show(index, playing) {
    const state = stepState(this.replay, index);
    const { narration, lines, counter, slider, playButton } = this.elements;
    const told = describeStep(this.replay, state.step, this.t);
    narration.textContent = told.headline;
    lines.replaceChildren(...told.lines.map((line) => el("li", {}, line)));
    counter.textContent = this.t("player.step", { step: state.index + 1, count: this.replay.steps.length });
    slider.value = String(state.index);
    slider.setAttribute("aria-valuetext", counter.textContent);
    playButton.textContent = playing ? this.t("player.pause") : this.t("player.play");
    playButton.setAttribute("aria-pressed", playing ? "true" : "false");
    this._renderSeats(state);
    this._markStep(state.index);
  }

  _renderSeats(state) {
    const t = this.t;
    const currentRow = state.step && state.step.kind === "row" ? state.step.row : null;
    const scooped = new Set(state.scoops.map((scoop) => scoop.loser));
    const scooping = new Set(state.scoops.map((scoop) => scoop.winner));
    const panels = this.replay.hands.map((hand) => {
      const submitted = state.submitted.has(hand.position);
      const running = state.running[String(hand.position)] || 0;
      const classes = ["replay-seat"];
      if (hand.position === this.you) classes.push("you");
      if (submitted && hand.foul) classes.push("foul");
      if (submitted && hand.special) classes.push("special");
      if (scooping.has(hand.position)) classes.push("scooping");
      if (scooped.has(hand.position)) classes.push("scooped");
      if (state.homeRun === hand.position) classes.push("home-run");
      const isBanker = state.banker === hand.position;
      if (isBanker) classes.push("banker");
      const badges = [];
      // A bot is named as at the table ("Bot 3"); its level is its badge there, and here.
      const level = botLevelOf(hand.display_name);
      if (level) badges.push(el("span", { class: "badge bot" }, t("felt.bot_level", { level: botLevel(level, t) })));
      if (isBanker) badges.push(el("span", { class: "badge banker" }, t("hand.banker")));
      if (state.agreed.has(hand.position)) badges.push(el("span", { class: "badge good" }, t("hand.agreed")));
      if (submitted) badges.push(el("span", { class: "badge" }, hand.auto ? t("hand.auto") : t("hand.by_hand")));
      if (submitted && hand.foul) badges.push(el("span", { class: "badge bad" }, t("hand.foul")));
      if (submitted && hand.special) {
        badges.push(el("span", { class: "badge good" }, t("hand.special", { special: t(`label.${hand.special}`) })));
      }
      const body = submitted ? this._rows(hand, state, currentRow) : this._dealt(hand, state);
      return el("article", { class: classes.join(" "), "data-position": String(hand.position) },
        el("header", { class: "replay-seat-head" },
          el("span", { class: "seat-name" },
            hand.avatar ? el("img", { class: "avatar", src: hand.avatar, alt: "", width: "24", height: "24" }) : null,
            shownName(hand.display_name, t)),
          el("span", { class: "seat-score" }, el("span", { class: "visually-hidden" }, t("hand.score")),
            el("span", { class: pointsClass(running), "data-score": String(running) }, signed(running)))),
        body,
        badges.length ? el("p", { class: "badges" }, badges) : null);
    });
    this.elements.seats.replaceChildren(...panels);
    markSecondCopies(this.elements.seats, t);
  }

  _rows(hand, state, currentRow) {
    const t = this.t;
    const marks = candidateMarks(hand);
    const rows = ROWS.map((row, i) => {
      const compared = state.compared.includes(row) && !hand.special;
      const points = state.rowPoints.get(hand.position)[row];
      return el("div", { class: `replay-row${row === currentRow ? " current" : ""}`, "data-row": row },
        el("span", { class: "row-name" }, t(`row.${row}`)),
        cards(hand[row], t, marks[row]),
        el("span", { class: "row-category" }, hand.pattern ? t(`label.${hand.pattern[i]}`) : ""),
        compared ? el("span", { class: pointsClass(points) }, signed(points)) : null);
    });
    const discards = hand.discards && hand.discards.length
      ? el("div", { class: "replay-row replay-discards", "data-row": "discards" },
        el("span", { class: "row-name" }, t("hand.discards")),
        cards(hand.discards, t, marks.discards))
      : null;
    return el("div", { class: "replay-rows" }, rows, discards);
  }

  _dealt(hand, state) {
    const t = this.t;
    // 十三道: once the exchange is over, the cards the seat went on with; those it was not
    // dealt are tagged (a pool card taken, or the spare hand).
    const held = state.exchanged ? heldApart(this.replay, hand) : null;
    if (held) {
      return el("div", { class: "replay-dealt" },
        el("span", { class: "row-name" }, t("hand.held")), cards(held.cards, t, held.marks, "hand.held_tag"),
        el("span", { class: "muted" }, t("hand.waiting")));
    }
    const { plain, candidates } = dealtApart(hand);
    return el("div", { class: "replay-dealt" },
      el("span", { class: "row-name" }, t("hand.dealt")), cards(plain, t),
      candidates.length ? el("span", { class: "row-name" }, t("hand.candidates")) : null,
      candidates.length ? cards(candidates, t, candidates.map(() => true)) : null,
      el("span", { class: "muted" }, t("hand.waiting")));
  }

  _renderStepList() {
    const items = this.replay.steps.map((step, index) => {
      const told = describeStep(this.replay, step, this.t);
      return el("li", {}, el("button", { type: "button", class: "step-link", "data-step": String(index) },
        `${index + 1}. ${told.headline}`));
    });
    this.elements.steps.replaceChildren(...items);
  }

  _markStep(index) {
    for (const button of this.elements.steps.querySelectorAll("button[data-step]")) {
      if (Number(button.dataset.step) === index) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
  }
}

/** Show the in-browser verification's findings in `box` (a role=status element). Under
 * v2 it first says which round seed the server's seed and the client seeds made. */
export function showVerification(box, report, replay, t) {
  box.classList.remove("checking", "ok", "bad");
  if (report.error) {
    box.classList.add("bad");
    box.textContent = t("verify.error", { error: report.error });
    return;
  }
  const fairness = replay.fairness || {};
  const seeds = fairness.client_seeds || [];
  // v2: which seed the cards came from, the seed itself set as a hash (it wraps on a phone).
  const showRoundSeed = () => {
    if (!seeds.length || !report.roundSeed || !report.commitment.ok) return;
    const mark = "\u0000";
    const [before, after = ""] = t("verify.round_seed", { round: fairness.round_number, count: seeds.length,
      seed: mark }).split(mark);
    const code = document.createElement("code");
    code.className = "hash";
    code.dataset.roundSeed = report.roundSeed;
    code.textContent = report.roundSeed;
    box.append(` ${before}`, code, after);
  };
  const banker = replay.rules.mode === "banker";
  if (report.ok) {
    box.classList.add("ok");
    let verdict;
    if (banker) verdict = t(report.bank ? "verify.ok_banker_bids" : "verify.ok_banker");
    else {
      verdict = withDiscards(replay) ? t("verify.ok_discards", { count: replay.rules.hand_size })
        : t("verify.ok");
    }
    box.textContent = verdict;
    showRoundSeed();
    return;
  }
  box.classList.add("bad");
  const nameOf = (position) => shownName((replay.hands.find((h) => h.position === position) || {}).display_name, t)
    || `#${position}`;
  const problems = [];
  if (!report.commitment.ok) problems.push(t("verify.bad_commitment", { actual: report.commitment.actual }));
  if (report.exchange && !report.exchange.ok) {
    // The replay's exchange record names seats by position.
    const params = report.exchange.params || {};
    problems.push(t(`verify.bad_exchange_${report.exchange.code || "put_not_held"}`, {
      name: nameOf(params.seat), source: params.source === undefined ? "" : nameOf(params.source),
      card: params.card || "" }));
  } else if (!report.deal.ok && report.deal.seat !== null) {
    const position = fairness.deal_order[report.deal.seat];
    let id = withDiscards(replay) ? "verify.bad_deal_discards" : "verify.bad_deal";
    if (banker) id = "verify.bad_deal_exchange";
    problems.push(t(id, { name: nameOf(position), position }));
  }
  if (report.bank && !report.bank.ok) {
    problems.push(t("verify.bad_bank", { name: nameOf(report.bank.expected), banker: nameOf(replay.banker) }));
  }
  box.textContent = problems.join(" ");
  showRoundSeed();
}

// 多三张: what was checked is each seat's rows plus its discards, and the page says so.
function withDiscards(replay) {
  return replay.hands.some((hand) => hand.discards && hand.discards.length > 0);
}
