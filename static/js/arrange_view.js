// The arranging view: your cards, the three rows, the hints and the submit button.
//
// Ways to move cards, all ending in the same Arrangement moves (arrange.js):
//   - tap cards (they are selected), then tap a row, its "To …" button, or press 1 / 2 / 3
//     (0 sends them back to the hand, Escape drops the selection);
//   - with one card selected, tap a card in another place: it goes there, or the two swap
//     when that row is full;
//   - drag a card (or the selected cards) onto a row, or onto a card to swap with it.
// In 多三张 a row card tapped or dropped onto a discard trades places with it: the
// discard goes into the row and the row card is left out instead (arrange_trays.js).
// Pointer events drive the drag, so a mouse, a pen and a finger all work the same way.

import { Arrangement, HAND, MoveError } from "./arrange.js";
import { drawTrays } from "./arrange_trays.js";
import { cardSVG } from "./cards.js";
import { cardLabel, el, showChildren } from "./dom.js";
import { restoreRows } from "./draft.js";
import { ROWS, ROW_SIZES, displayOrder, foulText, rowLabel } from "./rows.js";
import { HintList } from "./hint_list.js";
import { dealtSeconds } from "./table_seconds.js";

const KEY_PLACES = { 1: "front", 2: "middle", 3: "back", 0: HAND };
const DRAG_THRESHOLD = 6; // px a pointer moves before a press becomes a drag

export class ArrangeView {
  /**
   * elements: {root, rows, hand, hints, hintsTitle, submit, declare, why, help, question}
   *   (question: where the page asks about a special left undeclared; optional)
   * options: {t, rules, sounds, onSubmit(rows), onDeclare(), onNotice(text),
   *   onNoticeClear() (the notice about the rows is out of date; optional), drafts
   *   (draft.js's DraftStore: the rows survive a reload of the round; optional)}
   */
  constructor(elements, options) {
    Object.assign(this, options);
    this.elements = elements;
    this.arrangement = null;
    this.roundId = null;
    this.hints = [];
    this.selected = new Set();
    this.sortBy = "rank";
    this.sending = false;
    this.submission = null;
    this.drag = null;
    this.suppressClick = false;
    this.hinted = false; // the first hint was laid out for this hand
    this.asking = false; // the question "declare the special, or submit plain rows?" is open
    this.takenHint = null; // the hint whose rows are on screen as the player took them
    this.hintList = new HintList(elements.hints, { t: this.t, rules: this.rules });
    this._wire();
  }

  /**
   * A hand to arrange (a new deal, or the same one again after a resync). A new deal
   * starts from the first hint (seed 000 §3.4: the default arrangement); a resync of the
   * round already on screen keeps what the player has done.
   */
  load({ roundId, cards, candidates, hints, submission }) {
    const sameRound = this.arrangement && this.roundId === roundId
      && this.arrangement.cards.map((c) => c.code).join() === cards.join();
    this.hints = hints || [];
    if (!sameRound) {
      this.roundId = roundId;
      this.arrangement = new Arrangement(cards, candidates || []);
      this.seconds = dealtSeconds(cards); // 多一色: the second copy in the deal is marked
      this.selected.clear();
      this.sending = false;
      this.hinted = false;
      this.asking = false;
      this.takenHint = null;
      // A reload or reconnect in the round: the rows the player had made come back.
      const draft = submission ? null : this.drafts?.load(roundId, cards);
      if (draft && restoreRows(this.arrangement, draft)) this.hinted = true;
    }
    // 十三道 shows the cards before their hints come (the arranging phase starts, then the
    // hand with hints follows): the first hint is laid out when it arrives, unless the
    // player has started on the rows meanwhile.
    if (!this.hinted && this.hints.length && !submission
      && ROWS.every((row) => this.arrangement.idsIn(row).length === 0)) {
      this._applyHint(this.hints[0], false);
      this.hinted = true;
    }
    this.setSubmission(submission || null);
  }

  setSubmission(submission) {
    this.submission = submission;
    if (submission) {
      this.sending = false;
      this.selected.clear();
      this.drafts?.clear(this.roundId);
      try {
        this.arrangement.applyRows(submission);
      } catch {
        // A declared special's rows are laid out by the engine and always hold our cards;
        // if they somehow did not, the rows on screen stay as they were.
      }
    }
    this.render();
  }

  /** The server refused the submission: the player can change the rows and try again. */
  refused() {
    this.sending = false;
    this.render();
  }

  get locked() {
    return Boolean(this.submission) || this.sending;
  }

  // --- moves -----------------------------------------------------------------------------

  _moveSelectedTo(place) {
    if (this.locked || this.selected.size === 0) return;
    this._move([...this.selected], place);
  }

  _move(ids, place, swapWith = null) {
    this.asking = false; // the rows change: the question was about other rows
    this.takenHint = null;
    if (this._tradesWithDiscard(ids, place, swapWith)) {
      this.arrangement.swap(ids[0], swapWith);
      this.selected.clear();
      this.render();
      return;
    }
    try {
      this.arrangement.move(ids, place);
      this.selected.clear();
    } catch (error) {
      if (!(error instanceof MoveError)) throw error;
      if (error.code === "row_full" && swapWith !== null && ids.length === 1) {
        this.arrangement.swap(ids[0], swapWith);
        this.selected.clear();
      } else {
        this._notice(error);
      }
    }
    this.render();
  }

  // A row card sent onto one of the discards replaces it (the hand has room for anything,
  // so without this the card would only leave the row and undo the full rows).
  _tradesWithDiscard(ids, place, target) {
    return place === HAND && ids.length === 1 && target !== null
      && this.arrangement.placeOf(ids[0]) !== HAND && this.arrangement.discards().includes(target);
  }

  _cardClicked(id) {
    if (this.locked) return;
    const place = this.arrangement.placeOf(id);
    const selection = [...this.selected];
    const from = selection.length ? this.arrangement.placeOf(selection[0]) : null;
    if (selection.length && from !== place) {
      // Tapping a card elsewhere is tapping its row; a full row swaps a single card.
      this._move(selection, place, id);
      return;
    }
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
    this.render();
  }

  _applyHint(hint, announce = true) {
    this.asking = false;
    this.takenHint = this.hints.indexOf(hint);
    try {
      this.arrangement.applyRows(hint);
      this.selected.clear();
    } catch (error) {
      if (!(error instanceof MoveError)) throw error;
      this._notice(error);
    }
    if (announce) this.render();
  }

  _notice(error) {
    const row = error.params.row;
    const params = { ...error.params, row: row ? this.t(`row_name.${row}`) : "" };
    this.onNotice(this.t(`arrange.${error.code}`, params));
    this.sounds.play("error");
  }

  // --- events ----------------------------------------------------------------------------

  _wire() {
    const { root, submit, declare } = this.elements;
    root.addEventListener("click", (event) => this._click(event));
    root.addEventListener("pointerdown", (event) => this._pointerDown(event));
    submit.addEventListener("click", () => this._submit());
    declare.addEventListener("click", () => this._declare());
    this.elements.question?.addEventListener("click", (event) => {
      const answer = event.target.closest("[data-answer]")?.dataset.answer;
      if (answer === "declare") this._declare();
      else if (answer === "plain") this._submit({ plain: true });
      else if (answer === "back") { this.asking = false; this.render(); }
    });
    document.addEventListener("keydown", (event) => this._key(event));
  }

  _click(event) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const target = event.target;
    const card = target.closest("button.card");
    if (card) {
      this._cardClicked(Number(card.dataset.id));
      return;
    }
    const action = target.closest("[data-action]");
    if (action) {
      const { action: name, place, index, by } = action.dataset;
      if (name === "to") this._moveSelectedTo(place);
      else if (name === "clear" && !this.locked) this._clear(() => this.arrangement.clear(place));
      else if (name === "clear-all" && !this.locked) this._clear(() => this.arrangement.clearAll());
      else if (name === "sort") { this.sortBy = by; this.render(); }
      else if (name === "hint" && !this.locked) this._applyHint(this.hints[Number(index)]);
      return;
    }
    // A tap on a row's empty space moves the selection there.
    const zone = target.closest("[data-zone]");
    if (zone && this.selected.size) this._moveSelectedTo(zone.dataset.zone);
  }

  _clear(clearing) {
    this.asking = false;
    this.takenHint = null;
    clearing();
    this.selected.clear();
    this.render();
  }

  _key(event) {
    if (this.elements.root.hidden || this.locked || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.key in KEY_PLACES && this.selected.size) {
      event.preventDefault();
      this._moveSelectedTo(KEY_PLACES[event.key]);
    } else if (event.key === "Escape" && this.selected.size) {
      this.selected.clear();
      this.render();
    }
  }

  /** The special the cards form (the first hint declares it, §7.1.1), or null. */
  _special() {
    const code = this.hints[0] && this.hints[0].special;
    if (!code) return null;
    return { code, ...(this.rules.specials[code] || { name: code, points: "?" }) };
  }

  /** Whether the player took the special hint (or it was laid out at the deal) and its
   * rows are still on screen: the big button then declares it. A plain hint can hold the
   * very same rows (全大), so what counts is which hint was taken. */
  _specialTaken() {
    return Boolean(this._special()) && this.takenHint === 0 && this._matches(this.hints[0]);
  }

  _matches(hint) {
    const current = JSON.stringify(ROWS.map((row) => [...this.arrangement.codesIn(row)].sort()));
    return JSON.stringify(ROWS.map((row) => [...hint[row]].sort())) === current;
  }

  _declare() {
    if (this.locked) return;
    this.asking = false;
    this.sending = true;
    this.render();
    this.onDeclare();
  }

  // Submit: the special's rows declare it (issue 24: taking the hint then Submit used to
  // throw the special away); other rows of a hand that forms a special are sent plain only
  // once the player has answered the question.
  _submit({ plain = false } = {}) {
    if (this.locked) return;
    if (this._specialTaken()) {
      this._declare();
      return;
    }
    const state = this._submitState();
    if (!state.allowed) {
      this.asking = false;
      this.onNotice(state.why);
      this.stale = state.why; // cleared once the rows no longer say it (issue 24, item 8)
      this.sounds.play("error");
      return;
    }
    if (this._special() && !plain && this.elements.question) {
      this.asking = true;
      this.render();
      // On a phone the bar sits low: the question and its three answers come into view.
      this.elements.question.scrollIntoView?.({ block: "nearest" });
      this.elements.question.querySelector("[data-answer=declare]")?.focus({ preventScroll: true });
      return;
    }
    this.asking = false;
    this.sending = true;
    this.render();
    this.onSubmit(this.arrangement.rows());
  }

  // Drag: the press is remembered; past the threshold a floating copy follows the pointer
  // and the row under it lights up; the release drops there.
  _pointerDown(event) {
    const card = event.target.closest("button.card");
    if (!card || this.locked || event.button !== 0) return;
    const id = Number(card.dataset.id);
    const ids = this.selected.has(id) ? [...this.selected] : [id];
    this.drag = { id, ids, x: event.clientX, y: event.clientY, ghost: null, pointerId: event.pointerId };
    const move = (e) => this._pointerMove(e);
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      this._pointerUp(e);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }

  _pointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD) return;
      drag.ghost = el("div", { class: "drag-ghost", "aria-hidden": "true" },
        drag.ids.map((id) => el("span", {
          class: "card-static", html: cardSVG(this.arrangement.codeOf(id), "", { second: this.seconds[id] }),
        })));
      document.body.append(drag.ghost);
      this.elements.root.classList.add("dragging");
    }
    event.preventDefault();
    drag.ghost.style.transform = `translate(${event.clientX - 24}px, ${event.clientY - 34}px)`;
    this._highlight(this._zoneAt(event.clientX, event.clientY));
  }

  _pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag || !drag.ghost) return;
    drag.ghost.remove();
    this.elements.root.classList.remove("dragging");
    this._highlight(null);
    this.suppressClick = true; // the release also fires a click on the card pressed
    setTimeout(() => { this.suppressClick = false; }, 0);
    const zone = this._zoneAt(event.clientX, event.clientY);
    if (!zone) return;
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("button.card");
    const swapWith = under ? Number(under.dataset.id) : null;
    this._move(drag.ids, zone.dataset.zone, swapWith);
  }

  _zoneAt(x, y) {
    const node = document.elementFromPoint(x, y);
    return node ? node.closest("[data-zone]") : null;
  }

  _highlight(zone) {
    this.elements.root.querySelectorAll("[data-zone].drop-target")
      .forEach((node) => node.classList.remove("drop-target"));
    if (zone) zone.classList.add("drop-target");
  }

  // --- rendering -------------------------------------------------------------------------

  _submitState() {
    const t = this.t;
    const arrangement = this.arrangement;
    const left = ROWS.reduce((sum, row) => sum + arrangement.room(row), 0);
    if (left > 0) return { allowed: false, why: t("submit.incomplete", { count: left }) };
    const { values, foul } = arrangement.evaluation(this.rules.wheel);
    if (!foul) return { allowed: true, why: "" };
    const reason = foulText(foul, values, t.strings);
    if (this.rules.allow_foul) {
      return { allowed: true, warn: true, why: t("submit.foul_allowed", { reason }) };
    }
    return { allowed: false, foul: true, why: t("submit.foul_refused", { reason }) };
  }

  /**
   * Redraw, keeping the keyboard focus: a render replaces the buttons that changed (a card
   * selected, a row filled), and a player who selected a card with Space must stay on that
   * card (or on the same row button).
   */
  render() {
    if (!this.arrangement) return;
    const focused = this._focusKey();
    this._draw();
    if (focused) {
      const again = this.elements.root.querySelector(focused);
      if (again) again.focus({ preventScroll: true });
    }
  }

  _focusKey() {
    const active = document.activeElement;
    if (!active || !this.elements.root.contains(active)) return null;
    if (active.dataset.id !== undefined) return `button.card[data-id="${active.dataset.id}"]`;
    const { action, place, by, index } = active.dataset;
    if (!action) return active.id ? `#${active.id}` : null;
    const detail = place ? `[data-place="${place}"]` : by ? `[data-by="${by}"]`
      : index !== undefined ? `[data-index="${index}"]` : "";
    return `[data-action="${action}"]${detail}`;
  }

  _draw() {
    const t = this.t;
    const { rows, hand, why, submit, declare, help } = this.elements;
    const evaluation = this.arrangement.evaluation(this.rules.wheel);
    const selectionPlace = this.selected.size
      ? this.arrangement.placeOf([...this.selected][0]) : null;
    this.elements.root.classList.toggle("locked", this.locked);
    const extraHelp = this.arrangement.extra
      ? ` ${t("arrange.help_extra", { count: this.arrangement.extra })}` : "";
    help.textContent = this.locked ? "" : t("arrange.help") + extraHelp;
    if (!this.locked) {
      this.drafts?.save(this.roundId, this.arrangement.cards.map((c) => c.code), this.arrangement.rows());
    }

    showChildren(rows, ROWS.map((row) => this._rowZone(row, evaluation, selectionPlace)));
    const trays = drawTrays(this, selectionPlace);
    hand.hidden = trays.length === 0;
    showChildren(hand, trays);

    const state = this._submitState();
    // The refusal shown for the rows (a foul, cards left) goes once they are fixed: it
    // stayed over the seats after the rows were right.
    if (this.stale && state.why !== this.stale) {
      this.stale = null;
      this.onNoticeClear?.();
    }
    const info = this._special();
    const taken = this._specialTaken();
    if (!info || this.locked) this.asking = false;
    let reason = state.why;
    // The special's rows are laid out: say the big button declares it (seed 000 报到).
    if (taken) reason = t("special.taken", { name: info.name, points: info.points });
    else if (!reason && info) reason = t("special.offer", { name: info.name, points: info.points });
    why.textContent = this.submission ? "" : reason;
    why.className = `submit-why${state.foul && !taken ? " foul" : ""}${state.warn && !taken ? " warn" : ""}`;
    submit.hidden = Boolean(this.submission);
    // Submitted rows have nothing left to say or press (十三道 shows them on, locked).
    submit.closest(".submit-bar").hidden = Boolean(this.submission);
    submit.textContent = this.sending ? t("submit.sending")
      : taken ? t("action.declare", { name: info.name, points: info.points }) : t("action.submit");
    submit.classList.toggle("declare", taken);
    submit.dataset.declares = String(taken);
    submit.setAttribute("aria-disabled", String(!(state.allowed || taken) || this.locked));

    // The second, smaller way to declare: while other rows are on screen.
    declare.hidden = !info || taken || Boolean(this.submission);
    if (info) {
      declare.textContent = t("action.declare_short", { name: info.name });
      declare.setAttribute("aria-disabled", String(this.locked));
    }
    this._renderQuestion(info);
    this._renderHints();
  }

  _renderQuestion(info) {
    const t = this.t;
    const box = this.elements.question;
    if (!box) return;
    box.hidden = !this.asking;
    if (!this.asking) {
      box.replaceChildren();
      delete box.dataset.special;
      return;
    }
    // Drawn once per question: every render (a seat's news, the clock) rebuilding it would
    // take the focus off its Declare button and move its answers under the player's finger.
    if (box.dataset.special === info.code && box.childElementCount) return;
    box.dataset.special = info.code;
    box.replaceChildren(
      el("p", { class: "special-question-text", id: "special-question-text" },
        t("special.question", { name: info.name, points: info.points })),
      el("div", { class: "special-question-buttons" },
        el("button", { type: "button", class: "declare", dataset: { answer: "declare" } },
          t("action.declare", { name: info.name, points: info.points })),
        el("button", { type: "button", class: "secondary", dataset: { answer: "plain" } },
          t("action.submit_plain")),
        el("button", { type: "button", class: "secondary small", dataset: { answer: "back" } },
          t("action.keep_arranging"))));
  }

  // A candidate (多三张) keeps its mark wherever it goes, so a player sees which of the
  // cards in the rows or the discards came from the candidates.
  _cardButton(id) {
    const code = this.arrangement.codeOf(id);
    const selected = this.selected.has(id);
    const candidate = this.arrangement.isCandidate(id);
    const second = Boolean(this.seconds[id]);
    const label = cardLabel(code, this.t, second);
    return el("button", {
      type: "button", class: `card${selected ? " selected" : ""}${candidate ? " candidate" : ""}${second ? " second-copy" : ""}`,
      dataset: candidate ? { id, code, tag: this.t("card.candidate_tag") } : { id, code },
      "aria-pressed": String(selected),
      "aria-label": candidate ? `${label}, ${this.t("card.candidate")}` : label,
      "aria-disabled": this.locked ? "true" : null,
      html: cardSVG(code, "", { second }),
    });
  }

  // A small button of a row's head: data-action is what _click() acts on.
  _button(text, dataset, secondary = false) {
    return el("button", { type: "button", class: secondary ? "small secondary" : "small", dataset }, text);
  }

  _rowZone(row, evaluation, selectionPlace) {
    const t = this.t;
    const cards = this.arrangement.idsIn(row).map((id) => ({ id, code: this.arrangement.codeOf(id) }));
    const ids = displayOrder(cards, this.rules.wheel).map((item) => item.id);
    const value = evaluation.values[row];
    const missing = ROW_SIZES[row] - ids.length;
    let label = value ? rowLabel(value, t.strings).text : t("row.empty");
    if (missing && ids.length) label += ` · ${t("row.missing", { count: missing })}`;
    const fouled = evaluation.foul && evaluation.foul.pairs.some((pair) => pair[0] === row);
    const canMoveHere = !this.locked && selectionPlace !== null && selectionPlace !== row
      && this.arrangement.room(row) >= this.selected.size;
    // A full row still takes a single card by trading: its cards are what to tap.
    const canTrade = !canMoveHere && !this.locked && selectionPlace !== null
      && selectionPlace !== row && this.selected.size === 1;
    const slots = Array.from({ length: missing }, () => el("span", { class: "slot", "aria-hidden": "true" }));
    const title = t(`row_title.${row}`);
    const head = el("div", { class: "row-head" },
      el("span", { class: "row-title" }, title),
      el("span", { class: `row-label cat-${value ? value.category : "empty"}`, dataset: { rowLabel: row } },
        label),
      el("span", { class: "row-buttons" },
        canMoveHere ? this._button(t("action.to_row", { row: t(`row_name.${row}`) }),
          { action: "to", place: row }) : null,
        !this.locked && ids.length ? this._button(t("action.clear"), { action: "clear", place: row }, true)
          : null));
    return el("div", { class: `row-zone${fouled ? " fouled" : ""}${canTrade ? " can-trade" : ""}`,
      dataset: { zone: row },
      role: "group", "aria-label": title },
    head,
    el("div", { class: "row-cards" }, ids.map((id) => this._cardButton(id)), slots));
  }

  _renderHints() {
    const { hints: list, hintsTitle } = this.elements;
    hintsTitle.textContent = this.t("hints.title");
    list.closest(".hints").hidden = Boolean(this.submission);
    const current = JSON.stringify(ROWS.map((row) => [...this.arrangement.codesIn(row)].sort()));
    this.hintList.render(this.hints,
      (hint) => JSON.stringify(ROWS.map((row) => [...hint[row]].sort())) === current, this.roundId);
  }
}
