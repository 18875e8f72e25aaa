// The arrangement a player builds on the table page: which of their dealt cards sit in
// the hand, the front (3), the middle (5) or the back (5). Plain data and rules, no DOM,
// so the moves the page offers (tap then row, drag, swap, clear, apply a hint) are tested
// under node. Cards are tracked by their index in the deal, not their code, because the
// 65-card deck deals identical cards (two `Ad`).
//
// 多三张 (RULES.md §7.3) deals 16: the 13 and 3 candidate cards. Any 13 of the 16 go in
// the rows; whatever is left out once the rows are full are the discards. Neither is a
// place of its own: a candidate is a mark on a dealt card that stays with it wherever it
// goes, and the discards are the hand's leftovers once the rows have no room left.

import { sortCards } from "./cards.js";
import { ROWS, ROW_SIZES, evaluate, evaluatePartial, foulCheck } from "./rows.js";

export const HAND = "hand";
export const PLACES = [HAND, ...ROWS];

/** A move the rows cannot take; `code` picks the page's message, `params` fill it. */
export class MoveError extends Error {
  constructor(code, params = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

export class Arrangement {
  /**
   * `codes`: the dealt cards (13, or 16 in 多三张 where 3 stay in the hand); `candidates`:
   * the 3 candidate cards among them (a sub-multiset of `codes`; [] outside 多三张).
   */
  constructor(codes, candidates = []) {
    this.cards = codes.map((code, id) => ({ id, code, candidate: false }));
    this._markCandidates(candidates);
    this.place = new Map(this.cards.map((card) => [card.id, HAND]));
    // The order cards arrived in a row: the page shows rows in the engine's display
    // order, but keeping arrival order makes "undo the last card" predictable.
    this.order = new Map(this.cards.map((card) => [card.id, 0]));
    this.counter = 0;
  }

  // Candidates are dealt last, so a code the hand holds twice (the 65-card deck's twin
  // diamonds) marks its later copy; the two copies are the same card to every rule.
  _markCandidates(candidates) {
    for (const code of candidates) {
      const card = [...this.cards].reverse().find((c) => c.code === code && !c.candidate);
      if (!card) throw new MoveError("not_your_card", { code });
      card.candidate = true;
    }
  }

  codeOf(id) {
    return this.cards[id].code;
  }

  isCandidate(id) {
    return this.cards[id].candidate;
  }

  /** Cards left out of the rows when they are full: 0, or 3 in 多三张. */
  get extra() {
    return this.cards.length - ROWS.reduce((sum, row) => sum + ROW_SIZES[row], 0);
  }

  placeOf(id) {
    const place = this.place.get(id);
    if (place === undefined) throw new MoveError("unknown_card", { id });
    return place;
  }

  /** Card ids in a place, in arrival order. */
  idsIn(place) {
    return this.cards.filter((card) => this.place.get(card.id) === place)
      .sort((a, b) => this.order.get(a.id) - this.order.get(b.id))
      .map((card) => card.id);
  }

  codesIn(place) {
    return this.idsIn(place).map((id) => this.codeOf(id));
  }

  /** Ids in a place sorted for display ("rank" or "suit"). */
  sortedIds(place, by = "rank") {
    const items = this.idsIn(place).map((id) => ({ id, code: this.codeOf(id) }));
    return sortCards(items, by).map((item) => item.id);
  }

  room(place) {
    if (place === HAND) return Infinity;
    return ROW_SIZES[place] - this.idsIn(place).length;
  }

  _put(id, place) {
    this.place.set(id, place);
    this.counter += 1;
    this.order.set(id, this.counter);
  }

  /**
   * Move cards into a place. All or nothing: if the row has no room for every card that
   * is not already in it, nothing moves and a MoveError("row_full") says how many fit.
   */
  move(ids, place) {
    if (!PLACES.includes(place)) throw new MoveError("unknown_place", { place });
    const moving = [...new Set(ids)].filter((id) => this.placeOf(id) !== place);
    if (moving.length > this.room(place)) {
      throw new MoveError("row_full", { row: place, size: ROW_SIZES[place], room: this.room(place) });
    }
    moving.forEach((id) => this._put(id, place));
    return moving.length;
  }

  /** Exchange two cards' places (a full row takes a card by giving one back). */
  swap(a, b) {
    const placeA = this.placeOf(a);
    const placeB = this.placeOf(b);
    if (placeA === placeB) return false;
    this._put(a, placeB);
    this._put(b, placeA);
    return true;
  }

  /** Send a row's cards back to the hand. */
  clear(place) {
    if (!ROWS.includes(place)) throw new MoveError("unknown_place", { place });
    this.idsIn(place).forEach((id) => this._put(id, HAND));
  }

  clearAll() {
    ROWS.forEach((row) => this.clear(row));
  }

  /**
   * Lay out rows of card codes (a hint, or a submission coming back after a reload).
   * Codes are matched to dealt cards as a multiset; a code the deal does not hold throws
   * and leaves the arrangement as it was.
   */
  applyRows(rows) {
    const free = new Map();
    // A twin's plain copy goes in the rows before its candidate copy, so a candidate is
    // shown as used only when the rows need both copies.
    const plainFirst = [...this.cards].sort((a, b) => Number(a.candidate) - Number(b.candidate));
    for (const card of plainFirst) {
      if (!free.has(card.code)) free.set(card.code, []);
      free.get(card.code).push(card.id);
    }
    const plan = [];
    for (const row of ROWS) {
      const codes = rows[row] || [];
      if (codes.length !== ROW_SIZES[row]) throw new MoveError("bad_rows", { row });
      for (const code of codes) {
        const ids = free.get(code);
        if (!ids || ids.length === 0) throw new MoveError("not_your_card", { code });
        plan.push([ids.shift(), row]);
      }
    }
    this.cards.forEach((card) => this.place.set(card.id, HAND));
    plan.forEach(([id, row]) => this._put(id, row));
  }

  isComplete() {
    return ROWS.every((row) => this.room(row) === 0);
  }

  /**
   * The discards (多三张): the ids left out once the rows are full, [] until then — a
   * hand still being arranged has no discards yet, only cards not placed.
   */
  discards() {
    return this.isComplete() ? this.idsIn(HAND) : [];
  }

  /** {front, middle, back} as card codes, what `submit` sends. */
  rows() {
    return Object.fromEntries(ROWS.map((row) => [row, this.codesIn(row)]));
  }

  /**
   * Each row's value so far (full rows exactly, unfinished rows by their groups), and
   * the foul when all three rows are full: {values: {front, middle, back}, foul}.
   */
  evaluation(wheel = "lowest") {
    const values = {};
    for (const row of ROWS) {
      const codes = this.codesIn(row);
      values[row] = codes.length === ROW_SIZES[row]
        ? { ...evaluate(codes, wheel), missing: 0 }
        : evaluatePartial(codes, ROW_SIZES[row]);
    }
    const foul = this.isComplete() ? foulCheck(values.front, values.middle, values.back) : null;
    return { values, foul };
  }
}
