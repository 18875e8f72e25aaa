// The replay on screen: one panel per seat (the dealt cards until the player submits,
// then the three rows with their categories, and each row's points once compared), the
// narration of the current step, the list of every step, and the transport's labels.
// Everything is redrawn from stepState() at each step: a replay has a few dozen steps
// and four seats, so redrawing is instant and stepping back needs no undo.

import { cardName, cardSVG } from "../cards.js";
import { ROWS, describeStep, signed, stepState } from "./model.js";

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

function cards(codes, t) {
  const words = { s: t("suit.s"), h: t("suit.h"), c: t("suit.c"), d: t("suit.d"), BJ: t("card.BJ"), SJ: t("card.SJ") };
  return el("span", { class: "replay-cards" }, codes.map((code) => el("span", {
    class: "replay-card", "data-code": code, html: cardSVG(code, cardName(code, words)) })));
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
      const badges = [];
      if (submitted) badges.push(el("span", { class: "badge" }, hand.auto ? t("hand.auto") : t("hand.by_hand")));
      if (submitted && hand.foul) badges.push(el("span", { class: "badge bad" }, t("hand.foul")));
      if (submitted && hand.special) {
        badges.push(el("span", { class: "badge good" }, t("hand.special", { special: t(`label.${hand.special}`) })));
      }
      const body = submitted
        ? el("div", { class: "replay-rows" }, ROWS.map((row, i) => {
          const compared = state.compared.includes(row) && !hand.special;
          const points = state.rowPoints.get(hand.position)[row];
          return el("div", { class: `replay-row${row === currentRow ? " current" : ""}`, "data-row": row },
            el("span", { class: "row-name" }, t(`row.${row}`)),
            cards(hand[row], t),
            el("span", { class: "row-category" }, hand.pattern ? t(`label.${hand.pattern[i]}`) : ""),
            compared ? el("span", { class: pointsClass(points) }, signed(points)) : null);
        }))
        : el("div", { class: "replay-dealt" },
          el("span", { class: "row-name" }, t("hand.dealt")), cards(hand.cards, t),
          el("span", { class: "muted" }, t("hand.waiting")));
      return el("article", { class: classes.join(" "), "data-position": String(hand.position) },
        el("header", { class: "replay-seat-head" },
          el("span", { class: "seat-name" }, hand.display_name),
          el("span", { class: "seat-score" }, el("span", { class: "visually-hidden" }, t("hand.score")),
            el("span", { class: pointsClass(running), "data-score": String(running) }, signed(running)))),
        body,
        badges.length ? el("p", { class: "badges" }, badges) : null);
    });
    this.elements.seats.replaceChildren(...panels);
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

/** Show the in-browser verification's findings in `box` (a role=status element). */
export function showVerification(box, report, replay, t) {
  box.classList.remove("checking", "ok", "bad");
  if (report.error) {
    box.classList.add("bad");
    box.textContent = t("verify.error", { error: report.error });
    return;
  }
  if (report.ok) {
    box.classList.add("ok");
    box.textContent = t("verify.ok");
    return;
  }
  box.classList.add("bad");
  const problems = [];
  if (!report.commitment.ok) problems.push(t("verify.bad_commitment", { actual: report.commitment.actual }));
  if (!report.deal.ok && report.deal.seat !== null) {
    const position = replay.fairness.deal_order[report.deal.seat];
    const hand = replay.hands.find((h) => h.position === position) || {};
    problems.push(t("verify.bad_deal", { name: hand.display_name || `#${position}`, position }));
  }
  box.textContent = problems.join(" ");
}
