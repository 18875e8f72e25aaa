// The hints' values (issue 14): after the deal the server may send
// {"type": "hint_values", "round_id", "hints": [...]} — the same hints with an "ev"
// (expected points) each, and perhaps one more at the end marked "best": the advisor's
// EV-best arrangement when no hint is it. The hand's own hints may carry "ev" already.
// Pure functions, tested under node (tests/js/table_hints.test.mjs).

import { signed } from "./i18n.js";

/** The hand with the valued hints in place of its own, or null when the message is for
 * another round (or holds no hints). The rows being arranged are not the hints': they stay. */
export function withHintValues(you, message) {
  if (!you || !message || !Array.isArray(message.hints) || !message.hints.length) return null;
  if (you.round_id !== undefined && you.round_id !== null && message.round_id !== you.round_id) return null;
  return { ...you, hints: message.hints };
}

/** Which hint to mark as the EV-best: the one sent as "best", else the highest "ev";
 * -1 when no hint has a value. */
export function bestHint(hints) {
  if (!Array.isArray(hints)) return -1;
  const flagged = hints.findIndex((hint) => hint && hint.best);
  if (flagged >= 0) return flagged;
  let best = -1;
  hints.forEach((hint, index) => {
    if (typeof hint?.ev !== "number" || !Number.isFinite(hint.ev)) return;
    if (best < 0 || hint.ev > hints[best].ev) best = index;
  });
  return best;
}

/** The order the hints are listed in (their indices): the best first when it is not
 * hint 1 already, so that it is in view at every size; the others keep theirs. */
export function hintOrder(count, best) {
  const order = Array.from({ length: count }, (_, index) => index);
  if (best > 0 && best < count) order.unshift(...order.splice(best, 1));
  return order;
}

/** An expected value as a player reads it: "+1.8", "−0.4", "0.0"; "" without one. */
export function evText(ev) {
  if (typeof ev !== "number" || !Number.isFinite(ev)) return "";
  const rounded = Math.round(ev * 10) / 10;
  if (rounded === 0) return "0.0";
  return signed(Number(rounded.toFixed(1))).replace(/^([+−]\d+)$/, "$1.0");
}
