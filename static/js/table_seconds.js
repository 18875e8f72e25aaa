// 多一色 on the live table: which of the cards in view are the second copy of a card
// (cards.js secondCopies, the replay's rule), so the table draws the same blue "2" mark
// the replay does. In a 52-card deck nothing repeats and every answer is false.

import { secondCopies } from "./cards.js";

/** Your own cards while arranging: true for a card whose code came earlier in the deal
 * (13, or 16 in 多三张). Indexed by the card's id in arrange.js (its place in the deal),
 * so the mark stays on the same card wherever it is moved. */
export function dealtSeconds(codes) {
  return secondCopies([codes || []])[0];
}

/** The reveal: seat by seat in seat order, each seat's rows front, middle, back, then
 * its discards. A Map position → {front, middle, back, discards}, arrays of booleans
 * in the order of the hand's codes. */
export function revealSeconds(hands) {
  const order = [...(hands || [])].sort((a, b) => a.position - b.position);
  const parts = ["front", "middle", "back", "discards"];
  const marks = secondCopies(order.flatMap((hand) => parts.map((part) => hand[part] || [])));
  return new Map(order.map((hand, i) => [hand.position,
    Object.fromEntries(parts.map((part, j) => [part, marks[i * parts.length + j]]))]));
}
