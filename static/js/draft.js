// Keep what a player made: the rows of a half-made arrangement are saved in this browser's
// localStorage under the round (and the player), so a reload or a reconnect in the same
// round brings them back instead of starting again from the first hint (issue 14). A
// draft comes back only when its cards are still the hand's, and goes on submit and at
// the settlement. No DOM: tested under node (tests/js/draft.test.mjs).

import { HAND } from "./arrange.js";
import { ROWS, ROW_SIZES } from "./rows.js";

const PREFIX = "thirteen-water.draft.";

/** Whether two lists of card codes hold the same cards (a multiset: twin diamonds). */
export function sameCards(a, b) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return [...a].sort().join() === [...b].sort().join();
}

/**
 * Lay out rows that may be unfinished ({front, middle, back}: card codes) on a fresh
 * arrangement: each code takes a card of that code still in the hand, plain copies
 * before candidates. All or nothing: false (and nothing moved) when a code is not free
 * or a row is too long.
 */
export function restoreRows(arrangement, rows) {
  const free = new Map();
  const plainFirst = [...arrangement.cards].sort((a, b) => Number(a.candidate) - Number(b.candidate));
  for (const card of plainFirst) {
    if (arrangement.placeOf(card.id) !== HAND) continue;
    if (!free.has(card.code)) free.set(card.code, []);
    free.get(card.code).push(card.id);
  }
  const plan = [];
  for (const row of ROWS) {
    const codes = (rows && rows[row]) || [];
    if (!Array.isArray(codes) || codes.length > ROW_SIZES[row]) return false;
    for (const code of codes) {
      const ids = free.get(code);
      if (!ids || !ids.length) return false;
      plan.push([ids.shift(), row]);
    }
  }
  for (const [id, row] of plan) arrangement.move([id], row);
  return true;
}

export class DraftStore {
  /** `storage`: localStorage or null (refused: nothing is kept); `userId`: whose drafts. */
  constructor(storage, userId) {
    this.storage = storage;
    this.userId = userId ?? "guest";
  }

  key(roundId) {
    return `${PREFIX}${this.userId}.${roundId}`;
  }

  /** Save the rows of `cards` (the hand as dealt) for `roundId`; drafts of other rounds go. */
  save(roundId, cards, rows) {
    if (!this.storage || roundId === null || roundId === undefined) return;
    try {
      this._prune(roundId);
      const value = { cards: [...cards], rows: Object.fromEntries(ROWS.map((row) => [row, [...(rows[row] || [])]])) };
      this.storage.setItem(this.key(roundId), JSON.stringify(value));
    } catch {
      // Storage full or refused: the draft is only a convenience.
    }
  }

  /** The rows saved for this round if they are of these very cards, else null. */
  load(roundId, cards) {
    if (!this.storage || roundId === null || roundId === undefined) return null;
    let value;
    try {
      value = JSON.parse(this.storage.getItem(this.key(roundId)) || "null");
    } catch {
      return null;
    }
    if (!value || !sameCards(value.cards, cards) || !value.rows) return null;
    const placed = ROWS.flatMap((row) => value.rows[row] || []);
    return placed.length ? value.rows : null;
  }

  clear(roundId) {
    try { this.storage?.removeItem(this.key(roundId)); } catch { /* refused */ }
  }

  /** Forget every draft of this player (the round settled: none of them can come back). */
  clearAll() {
    this._prune(null);
  }

  _prune(keep) {
    if (!this.storage) return;
    try {
      const mine = `${PREFIX}${this.userId}.`;
      const keys = [];
      for (let i = 0; i < this.storage.length; i += 1) keys.push(this.storage.key(i));
      for (const key of keys) {
        if (key && key.startsWith(mine) && key !== (keep === null ? null : this.key(keep))) {
          this.storage.removeItem(key);
        }
      }
    } catch { /* refused */ }
  }
}
