// 十三道's phases on the table page (RULES.md §8): the bid for the bank (抢庄), the card
// exchange (换牌: the 4-player pool or the 3-player spare hand) and the strip that says
// who is banker, what everyone bid and how the pot was shared. The negotiation (谈判) has
// its own view (negotiation_view.js); arranging is the usual arrange view.
//
// Drawn from the page's model (banker_model.js keeps it in step with the messages); a
// button sends one message and stays disabled until the table answers, so a double tap
// never sends twice. Every message draws the panel again (a bot's bid, a card put in), and
// what is drawn the same stays the element it was (dom.js showChildren, deep): a bid button pressed
// as a bot's bid came and released after it still bids.

import { adjustmentTotals, bankSummary } from "./banker_model.js";
import { cardBackSVG, cardSVG } from "./cards.js";
import { cardImage, cardLabel, el, showChildren } from "./dom.js";
import { signed } from "./i18n.js";

export class BankerView {
  /**
   * elements: {strip, panel}
   * options: {t, rules, send(message) → bool, name(position) → string}
   */
  constructor(elements, options) {
    Object.assign(this, options);
    this.elements = elements;
    this.model = null;
    this.pending = false; // a move sent, not yet answered
    this.picked = null; // the card picked for the pool
    this.bid = 0;
    this.turn = null; // what the player was last asked to do (scrolled into sight once)
    elements.panel.addEventListener("click", (event) => this._click(event));
    elements.panel.addEventListener("input", (event) => {
      if (event.target.id !== "bid-amount") return;
      this.bid = this._clampBid(event.target.value);
      // The field drawn again with what was typed is this one: kept, with its caret (a
      // phone's keyboard closed when a message replaced it); a number out of range is
      // drawn anew, as the bid it counts as.
      event.target.setAttribute("value", event.target.value);
      // The button says the bid it sends, as the stepper's buttons leave it; only its
      // words change (redrawing would draw an out-of-range number over what is typed).
      const send = elements.panel.querySelector("#bid-button");
      if (send) send.textContent = this.t("bid.send", { points: this.bid });
    });
  }

  /** The table changed (or refused a move): draw it, and let the buttons work again. */
  update(model) {
    this.model = model;
    this.pending = false;
    const held = model.you && model.you.cards;
    if (this.picked && !(held || []).includes(this.picked)) this.picked = null;
    this.render();
  }

  render() {
    const { round, you } = this.model;
    const phase = round && round.phase;
    this._strip(round);
    const panel = this.elements.panel;
    let body = null;
    if (phase === "bidding") body = this._bidding(round, you);
    else if (phase === "exchanging" && round.exchange) {
      body = round.exchange.kind === "spare" ? this._spare(round, you) : this._pool(round, you);
    }
    panel.hidden = !body;
    panel.dataset.phase = body ? phase : "";
    showChildren(panel, body ? [body] : [], { deep: true });
    this._showTurn(round, you);
  }

  /** A phone shows the seats and the status above the panel: when the player is newly
   * asked to act (a bid, a card offered, the spare hand, the pool to fill), the question
   * is scrolled into sight. */
  _showTurn(round, you) {
    let turn = null;
    if (round && round.phase === "bidding" && you && Array.isArray(you.cards)
      && (you.bid === null || you.bid === undefined)) turn = `bid:${round.id}`;
    else if (you && you.offer) turn = `offer:${you.offer.from}`;
    else if (you && you.swap_offer) turn = "swap";
    else if (round && round.phase === "exchanging" && Array.isArray(round.exchange?.put)
      && you && !you.pool_card) turn = "put";
    if (turn === this.turn) return;
    const target = turn && this.elements.panel.querySelector(".offer, .pick-cards, .bid-form");
    // The pool opens before the player's cards arrive: the turn counts as shown only once
    // there is something to show.
    if (turn && !target) return;
    this.turn = turn;
    if (target && target.scrollIntoView) target.scrollIntoView({ block: "nearest" });
  }

  // --- who is banker, the bids, the pot ---------------------------------------------------

  _strip(round) {
    const { strip } = this.elements;
    const t = this.t;
    const summary = round && round.phase !== "settled" ? bankSummary(round) : null;
    const banker = round && round.banker !== null && round.banker !== undefined && round.phase !== "settled"
      ? round.banker : null;
    strip.hidden = banker === null;
    if (banker === null) return;
    const parts = [el("span", { class: "bank-banker" }, el("span", { class: "banker-mark", "aria-hidden": "true" }, "庄"),
      t("bank.banker", { name: this.name(banker) }))];
    if (summary) {
      parts.push(el("span", { class: "bank-bids" }, t("bank.bids"), " ",
        Object.keys(summary.bids).map(Number).sort((a, b) => a - b).map((position) => el("span", {
          class: `bank-bid${position === banker ? " top" : ""}`, dataset: { position } },
        t("bank.bid_of", { name: this.name(position), points: summary.bids[position] })))));
      if (summary.tied.length) {
        parts.push(el("span", { class: "bank-note" },
          t("bank.tied", { names: summary.tied.map((p) => this.name(p)).join(", ") })));
      }
      parts.push(el("span", { class: "bank-pot" }, summary.remainder
        ? t("bank.pot_remainder", { pot: summary.pot, share: summary.share, remainder: summary.remainder })
        : t("bank.pot", { pot: summary.pot, share: summary.share })));
    }
    const swaps = (round.adjustments || []).filter((a) => a.reason === "swap");
    if (swaps.length) {
      const fees = adjustmentTotals(swaps);
      parts.push(el("span", { class: "bank-note" }, t("bank.swap_fees", {
        fees: [...fees].map(([position, points]) => `${this.name(position)} ${signed(points)}`).join(", "),
      })));
    }
    showChildren(strip, parts, { deep: true });
  }

  // --- bidding (抢庄) ------------------------------------------------------------------------

  _bidding(round, you) {
    const t = this.t;
    const max = this.rules.max_bid ?? 10;
    const placed = new Set(round.bids_in || []);
    const mine = you && Array.isArray(you.cards);
    const children = [el("h2", { class: "phase-title" }, t("bid.title")),
      el("p", { class: "phase-help" }, t("bid.help", { max }))];
    if (mine && (you.bid === null || you.bid === undefined) && !placed.has(you.position)) {
      const amount = this._clampBid(this.bid);
      children.push(el("div", { class: "stepper-form bid-form" },
        el("label", { class: "stepper-label", for: "bid-amount" }, t("bid.label")),
        el("div", { class: "stepper" },
          el("button", { type: "button", class: "step", dataset: { action: "bid-step", by: -1 },
            "aria-label": t("bid.less"), disabled: amount <= 0 || this.pending }, "−"),
          el("input", { type: "number", id: "bid-amount", min: 0, max, step: 1, value: amount,
            inputmode: "numeric", disabled: this.pending }),
          el("button", { type: "button", class: "step", dataset: { action: "bid-step", by: 1 },
            "aria-label": t("bid.more"), disabled: amount >= max || this.pending }, "+"),
          el("span", { class: "unit" }, "道")),
        el("button", { type: "button", class: "primary", id: "bid-button", dataset: { action: "bid" },
          disabled: this.pending }, t("bid.send", { points: amount }))));
    } else if (mine) {
      // The table says a bid is in before the bidder's own hand says how much: the amount
      // just sent stands in for it meanwhile.
      children.push(el("p", { class: "phase-mine", id: "your-bid" },
        t("bid.yours", { points: you.bid ?? this.bid })));
    }
    children.push(el("ul", { class: "who-list", "aria-label": t("bid.who") },
      (round.players || []).map((position) => el("li", { class: placed.has(position) ? "done" : "waiting",
        dataset: { position } }, this.name(position), " · ",
      placed.has(position) ? t("bid.placed") : t("bid.thinking")))));
    return el("div", { class: "phase-card" }, children);
  }

  _clampBid(value) {
    const max = this.rules.max_bid ?? 10;
    const n = Math.trunc(Number(value));
    return Number.isFinite(n) ? Math.min(Math.max(n, 0), max) : 0;
  }

  // --- the pool (4 players, §8.2) ---------------------------------------------------------

  _pool(round, you) {
    const t = this.t;
    const exchange = round.exchange;
    const mine = you && Array.isArray(you.cards) && you.cards.length > 0;
    const putting = Array.isArray(exchange.put);
    const help = el("p", { class: "phase-help" }, t(putting ? "pool.help_put" : "pool.help_choose"));
    // While choosing, what is offered comes first and the rules after it.
    const children = [el("h2", { class: "phase-title" }, t("pool.title")), putting ? help : null];
    // The card you gave stays in sight while the pool is chosen from.
    if (mine && you.pool_card) {
      children.push(el("p", { class: "phase-mine" }, t("pool.yours"), " ", cardImage(you.pool_card, t, "mini")));
    }
    if (putting) {
      const put = new Set(exchange.put);
      if (mine && !you.pool_card && !put.has(you.position)) {
        children.push(this._pickCards(you.cards));
        children.push(el("div", { class: "phase-actions" },
          el("button", { type: "button", class: "primary", id: "put-in-button", dataset: { action: "put-in" },
            disabled: !this.picked || this.pending },
          this.picked ? t("pool.put", { card: cardLabel(this.picked, t) }) : t("pool.pick"))));
      }
      children.push(this._poolRow(round, (position) => put.has(position), null));
      children.push(el("ul", { class: "who-list" }, (round.players || []).map((position) => el("li", {
        class: put.has(position) ? "done" : "waiting", dataset: { position } }, this.name(position), " · ",
      put.has(position) ? t("pool.in") : t("pool.putting")))));
    } else {
      children.push(this._choosing(round, you), help);
    }
    if (mine && !(putting && !you.pool_card)) children.push(this._heldCards(you.cards));
    return el("div", { class: "phase-card" }, children.filter(Boolean));
  }

  _choosing(round, you) {
    const t = this.t;
    const { chooser, offer_from: from, chosen = [] } = round.exchange;
    const parts = [];
    const last = this._lastStep(round.exchange.last);
    if (last) parts.push(el("p", { class: "phase-last", "aria-live": "polite" }, last));
    const left = (round.players || []).length - chosen.length;
    if (you && you.offer && chooser === you.position) {
      const remaining = left - 1;
      parts.push(el("div", { class: "offer" },
        el("p", { class: "offer-title" }, t("pool.offer", { name: this.name(you.offer.from) })),
        cardImage(you.offer.card, t, "offer-card"),
        el("p", { class: "offer-note" }, remaining > 1 ? t("pool.pass_note") : t("pool.last_note")),
        el("div", { class: "phase-actions" },
          el("button", { type: "button", class: "primary", id: "take-button", dataset: { action: "take" },
            disabled: this.pending }, t("pool.take")),
          el("button", { type: "button", class: "secondary", id: "pass-button", dataset: { action: "pass" },
            disabled: this.pending }, t("pool.pass")))));
    } else if (chooser !== null && chooser !== undefined) {
      parts.push(el("p", { class: "phase-turn" }, from !== null && from !== undefined
        ? t("pool.choosing", { name: this.name(chooser), from: this.name(from) })
        : t("pool.chooser", { name: this.name(chooser) })));
    }
    parts.push(this._poolRow(round, () => true, from, left));
    return el("div", { class: "choosing" }, parts);
  }

  /** The pool as face-down cards, one per seat that still has one in; the card being
   * looked at lifted, under the name of the seat it came from. */
  _poolRow(round, inPool, offered, count = null) {
    const t = this.t;
    const players = round.players || [];
    let cards;
    if (count === null) {
      cards = players.map((position) => this._poolCard(position, inPool(position), false));
    } else {
      // While choosing, only how many are left is public (and whose is being looked at).
      const others = players.filter((p) => p !== offered).slice(0, Math.max(count - (offered !== null && offered !== undefined ? 1 : 0), 0));
      cards = [...(offered !== null && offered !== undefined ? [this._poolCard(offered, true, true)] : []),
        ...others.map(() => this._poolCard(null, true, false))];
    }
    return el("div", { class: "pool", role: "group", "aria-label": t("pool.label") }, cards);
  }

  _poolCard(position, filled, offered) {
    const t = this.t;
    const label = position === null ? "" : this.name(position);
    return el("div", { class: `pool-slot${filled ? " filled" : ""}${offered ? " offered" : ""}`,
      dataset: position === null ? {} : { from: position } },
    filled ? el("span", { class: "card-static back", html: cardBackSVG() }) : el("span", { class: "slot" }),
    label ? el("span", { class: "pool-name" }, offered ? t("pool.card_of", { name: label }) : label) : null);
  }

  _lastStep(last) {
    if (!last) return "";
    const t = this.t;
    const name = (p) => this.name(p);
    if (last.step === "take") {
      return t(last.auto ? "pool.took_last" : "pool.took", { name: name(last.position), from: name(last.from) });
    }
    if (last.step === "pass") return t("pool.passed", { name: name(last.position), from: name(last.from) });
    if (last.step === "keep") return t("pool.kept", { name: name(last.position) });
    return "";
  }

  _pickCards(cards) {
    const t = this.t;
    return el("div", { class: "pick-cards", role: "group", "aria-label": t("pool.pick") },
      cards.map((code) => el("button", { type: "button",
        class: `card${code === this.picked ? " selected" : ""}`, dataset: { action: "pick", code },
        "aria-pressed": String(code === this.picked), "aria-label": cardLabel(code, t),
        html: cardSVG(code, "") })));
  }

  _heldCards(cards) {
    const t = this.t;
    return el("div", { class: "held-cards" }, el("span", { class: "held-title" }, t("row_title.hand")),
      el("div", { class: "held-row" }, cards.map((code) => cardImage(code, t))));
  }

  // --- the spare hand (3 players, §8.3) -----------------------------------------------------

  _spare(round, you) {
    const t = this.t;
    const exchange = round.exchange;
    const banker = round.banker;
    const children = [el("h2", { class: "phase-title" }, t("spare.title"))];
    const mine = you && Array.isArray(you.cards) && you.cards.length > 0;
    if (mine && you.swap_offer) {
      const isBanker = you.position === banker;
      const others = (round.players || []).length - 1;
      children.push(el("div", { class: "offer" },
        el("p", { class: "offer-title" }, isBanker
          ? t("spare.offer_banker", { count: others, total: others })
          : t("spare.offer_player", { banker: this.name(banker) })),
        el("div", { class: "phase-actions" },
          el("button", { type: "button", class: "primary", id: "swap-button", dataset: { action: "swap", accept: "1" },
            disabled: this.pending }, isBanker ? t("spare.accept_banker", { total: others })
            : t("spare.accept_player", { banker: this.name(banker) })),
          el("button", { type: "button", class: "secondary", id: "keep-button", dataset: { action: "swap", accept: "0" },
            disabled: this.pending }, t("spare.decline")))));
    } else if (exchange.swap_turn !== null && exchange.swap_turn !== undefined) {
      children.push(el("p", { class: "phase-turn" }, exchange.swap_turn === banker
        ? t("spare.turn_banker", { name: this.name(banker) })
        : t("spare.turn_player", { name: this.name(exchange.swap_turn), banker: this.name(banker) })));
    }
    children.push(el("p", { class: "phase-help" }, t("spare.help")));
    if (mine) children.push(this._heldCards(you.cards));
    return el("div", { class: "phase-card" }, children.filter(Boolean));
  }

  // --- buttons ---------------------------------------------------------------------------

  _click(event) {
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled || this.pending) return;
    const { action } = button.dataset;
    if (action === "bid-step") {
      this.bid = this._clampBid(this.bid + Number(button.dataset.by));
      this.render();
    } else if (action === "bid") {
      const input = this.elements.panel.querySelector("#bid-amount");
      this.bid = this._clampBid(input ? input.value : this.bid);
      this._send({ type: "bid", amount: this.bid });
    } else if (action === "pick") {
      this.picked = this.picked === button.dataset.code ? null : button.dataset.code;
      this.render();
      // On a phone the button sits under the 13 cards: bring it up with the card picked.
      const put = this.elements.panel.querySelector("#put-in-button");
      if (this.picked && put && put.scrollIntoView) put.scrollIntoView({ block: "nearest" });
    } else if (action === "put-in" && this.picked) {
      this._send({ type: "put_in", card: this.picked });
    } else if (action === "take" || action === "pass") {
      this._send({ type: "choose", take: action === "take" });
    } else if (action === "swap") {
      this._send({ type: "swap", accept: button.dataset.accept === "1" });
    }
  }

  _send(message) {
    if (!this.send(message)) return;
    this.pending = true;
    this.render();
  }
}
