// The negotiation (谈判, RULES.md §8.4) on the table page: after arranging, the banker and
// each player may settle their pair privately instead of comparing rows. A player sees
// their own pair; the banker sees one line per player. Each line says, in words, what is
// on the table ("Ben proposes: you win 3 道") and offers what the rules allow now:
// propose, accept, reject, withdraw your own proposal, or compare the rows.
//
// An amount is what the banker wins (docs/protocol.md); the form asks for a number of
// 道 and who wins them, so nobody has to think in signs.
//
// Every message draws the panel again (another pair agreeing, a seat's news): what is drawn
// the same stays the element it was (dom.js showChildren, deep), so Propose or Compare pressed as
// it came and released after it is not lost.

import { amountWords, negotiationMode, proposalAmount } from "./banker_model.js";
import { el, showChildren } from "./dom.js";

const MAX_AMOUNT = 999; // games/machine/negotiating.py refuses more either way

export class NegotiationView {
  /**
   * elements: {panel}
   * options: {t, send(message) → bool, name(position) → string}
   */
  constructor(elements, options) {
    Object.assign(this, options);
    this.elements = elements;
    this.model = null;
    this.pending = false;
    this.drafts = new Map(); // pair → {points, winner: "me" | "them"}
    this.asked = ""; // the proposals waiting for this viewer's answer, last drawn
    elements.panel.addEventListener("click", (event) => this._click(event));
    elements.panel.addEventListener("input", (event) => this._input(event));
  }

  update(model) {
    this.model = model;
    this.pending = false;
    this.render();
  }

  render() {
    const { round, you } = this.model;
    const panel = this.elements.panel;
    const open = round && round.phase === "negotiating";
    panel.hidden = !open;
    if (!open) {
      this.drafts.clear();
      panel.replaceChildren();
      return;
    }
    const t = this.t;
    const negotiations = (you && you.negotiations) || {};
    const pairs = Object.keys(negotiations).map(Number).sort((a, b) => a - b);
    const decided = new Set((round.negotiation && round.negotiation.decided) || []);
    const players = (round.players || []).filter((p) => p !== round.banker);
    const children = [el("h2", { class: "phase-title" }, t("deal.title")),
      el("p", { class: "phase-help" }, t("deal.help"))];
    if (pairs.length) {
      children.push(el("div", { class: "deals" }, pairs.map((pair) => this._pair(pair, negotiations[pair], round, you))));
    }
    children.push(el("p", { class: "deal-progress" },
      t("deal.progress", { done: players.filter((p) => decided.has(p)).length, count: players.length })));
    showChildren(panel, [el("div", { class: "phase-card" }, children)], { deep: true });
    // A proposal newly waiting for your answer is scrolled into sight (a phone shows the
    // seats and the status above it).
    const asked = pairs.filter((pair) => negotiationMode(negotiations[pair], you.position) === "answer")
      .map((pair) => `${pair}:${negotiations[pair].amount}`).join();
    if (asked && asked !== this.asked) {
      const target = panel.querySelector(".deal-answer");
      if (target && target.scrollIntoView) target.scrollIntoView({ block: "nearest" });
    }
    this.asked = asked;
  }

  _names(round, you) {
    return { viewer: you.position, banker: round.banker, names: (p) => this.name(p) };
  }

  _pair(pair, negotiation, round, you) {
    const t = this.t;
    const viewer = you.position;
    const isBanker = viewer === round.banker;
    const mode = negotiationMode(negotiation, viewer);
    const words = (amount) => {
      const [id, params] = amountWords(amount, { ...this._names(round, you), pair });
      return t(id, params);
    };
    const title = isBanker ? t("deal.with_player", { name: this.name(pair) })
      : t("deal.with_banker", { name: this.name(round.banker) });
    const other = isBanker ? this.name(pair) : this.name(round.banker);
    const body = [];
    if (mode === "decided") {
      body.push(el("p", { class: `deal-state ${negotiation.status}` }, negotiation.status === "agreed"
        ? t("deal.agreed", { deal: words(negotiation.amount) }) : t("deal.compare")));
    } else if (mode === "answer") {
      body.push(el("p", { class: "deal-state proposed" },
        t("deal.proposes", { name: other, deal: words(negotiation.amount) })));
      body.push(this._actions(pair, [["accept", "primary", t("deal.accept")],
        ["reject", "secondary", t("deal.reject")], ["compare", "secondary", t("deal.compare_button")]],
      negotiation.amount));
    } else if (mode === "waiting") {
      body.push(el("p", { class: "deal-state waiting" },
        t("deal.you_proposed", { deal: words(negotiation.amount), name: other })));
      body.push(this._actions(pair, [["withdraw", "secondary", t("deal.withdraw")],
        ["compare", "secondary", t("deal.compare_button")]]));
    } else {
      body.push(this._form(pair, round, you, words));
    }
    return el("article", { class: `deal deal-${mode}`, dataset: { pair, mode } },
      el("h3", { class: "deal-title" }, title), body);
  }

  _draft(pair) {
    if (!this.drafts.has(pair)) this.drafts.set(pair, { points: 0, winner: "me" });
    return this.drafts.get(pair);
  }

  _form(pair, round, you, words) {
    const t = this.t;
    const draft = this._draft(pair);
    const amount = proposalAmount(draft.points, draft.winner, this._names(round, you));
    const them = you.position === round.banker ? this.name(pair) : t("deal.the_banker");
    const inputId = `deal-amount-${pair}`;
    return el("div", { class: "deal-form" },
      el("div", { class: "segmented", role: "group", "aria-label": t("deal.who_wins") },
        ["me", "them"].map((winner) => el("button", { type: "button",
          class: draft.winner === winner ? "on" : "", "aria-pressed": String(draft.winner === winner),
          dataset: { action: "winner", pair, winner } },
        winner === "me" ? t("deal.i_win") : t("deal.they_win", { name: them })))),
      el("div", { class: "stepper" },
        el("button", { type: "button", class: "step", dataset: { action: "step", pair, by: -1 },
          "aria-label": t("bid.less"), disabled: draft.points <= 0 }, "−"),
        el("input", { type: "number", id: inputId, min: 0, max: MAX_AMOUNT, step: 1, value: draft.points,
          inputmode: "numeric", "aria-label": t("deal.amount"), dataset: { pair } }),
        el("button", { type: "button", class: "step", dataset: { action: "step", pair, by: 1 },
          "aria-label": t("bid.more"), disabled: draft.points >= MAX_AMOUNT }, "+"),
        el("span", { class: "unit" }, "道")),
      el("p", { class: "deal-preview", "aria-live": "polite" }, t("deal.preview", { deal: words(amount) })),
      this._actions(pair, [["propose", "primary", t("deal.propose")],
        ["compare", "secondary", t("deal.compare_button")]], amount));
  }

  _actions(pair, buttons, amount = null) {
    return el("div", { class: "phase-actions" }, buttons.map(([action, style, text]) => el("button", {
      type: "button", class: style, disabled: this.pending,
      dataset: { action, pair, ...(amount === null ? {} : { amount }) } }, text)));
  }

  _input(event) {
    const input = event.target;
    if (!input.dataset.pair) return;
    const draft = this._draft(Number(input.dataset.pair));
    draft.points = clamp(input.value);
    // The field drawn again with what was typed is this one: kept, with its caret (a
    // number out of range is drawn anew, as the number it counts as).
    input.setAttribute("value", input.value);
    // Only the words change; redrawing would take the caret out of the field.
    const { round, you } = this.model;
    const pair = Number(input.dataset.pair);
    const amount = proposalAmount(draft.points, draft.winner, this._names(round, you));
    const [id, params] = amountWords(amount, { ...this._names(round, you), pair });
    const preview = input.closest(".deal-form").querySelector(".deal-preview");
    preview.textContent = this.t("deal.preview", { deal: this.t(id, params) });
    input.closest(".deal").querySelector('[data-action="propose"]').dataset.amount = String(amount);
  }

  _click(event) {
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled || this.pending) return;
    const { action } = button.dataset;
    const pair = Number(button.dataset.pair);
    if (action === "winner") {
      this._draft(pair).winner = button.dataset.winner;
      this.render();
    } else if (action === "step") {
      const draft = this._draft(pair);
      draft.points = clamp(draft.points + Number(button.dataset.by));
      this.render();
    } else if (action === "propose") {
      this._send({ type: "propose", pair, amount: Number(button.dataset.amount) });
    } else if (action === "accept") {
      // The amount shown: a proposal changed meanwhile is refused, never accepted blind.
      this._send({ type: "answer", pair, answer: "accept", amount: Number(button.dataset.amount) });
    } else if (["reject", "withdraw", "compare"].includes(action)) {
      this._send({ type: "answer", pair, answer: action });
    }
  }

  _send(message) {
    if (!this.send(message)) return;
    this.pending = true;
    this.render();
  }
}

function clamp(value) {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), MAX_AMOUNT) : 0;
}
