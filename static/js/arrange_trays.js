// The cards not in a row, drawn below the rows. Outside 多三张 that is one tray, "Your
// cards". In 多三张 (RULES.md §7.3) it is three: the 13 dealt, the 3 candidates apart in
// their own tray, and the discards, which fill themselves with the 3 cards left out once
// the rows are full. All three are the Arrangement's HAND (arrange.js): a card dropped on
// any of them leaves the rows and lands back in its own tray — or, when the rows are
// full, among the discards, where it is one of the cards left out.

import { HAND } from "./arrange.js";
import { el } from "./dom.js";

/**
 * The trays' nodes. `view` is the ArrangeView (its arrangement, t, locked, sortBy,
 * submission, and its card and button makers); `selectionPlace` is where the selected
 * cards are (null: nothing selected).
 */
export function drawTrays(view, selectionPlace) {
  const arrangement = view.arrangement;
  const loose = arrangement.sortedIds(HAND, view.sortBy);
  if (!arrangement.extra) {
    return view.submission ? [] : [dealtTray(view, loose, selectionPlace, view.t("row_title.hand"))];
  }
  const discards = new Set(arrangement.discards());
  const unplaced = loose.filter((id) => !discards.has(id));
  const trays = [
    dealtTray(view, unplaced.filter((id) => !arrangement.isCandidate(id)), selectionPlace,
      view.t("row_title.dealt")),
    candidateTray(view, unplaced.filter((id) => arrangement.isCandidate(id))),
    discardTray(view, loose.filter((id) => discards.has(id))),
  ];
  // Once submitted only the discards are left to look at: the rows hold the rest.
  return view.submission ? trays.slice(2) : trays;
}

function tray(view, { kind, title, ids, head = [], note = null, after = [] }) {
  return el("div", { class: `hand tray-${kind}`, dataset: { zone: HAND, tray: kind }, role: "group",
    "aria-label": title },
  el("div", { class: "row-head" },
    el("span", { class: "row-title" }, title),
    note ? el("span", { class: "tray-note" }, note) : null,
    head.length ? el("span", { class: "row-buttons" }, head) : null),
  el("div", { class: "hand-cards" }, ids.map((id) => view._cardButton(id)), after));
}

// The dealt cards (all of them, or the 13 of 多三张), with sorting and "Clear all".
function dealtTray(view, ids, selectionPlace, title) {
  const t = view.t;
  const arrangement = view.arrangement;
  const sortButton = (by, text) => el("button", { type: "button", class: "small secondary",
    "aria-pressed": String(view.sortBy === by), dataset: { action: "sort", by } }, text);
  const canMoveHere = !view.locked && selectionPlace !== null && selectionPlace !== HAND;
  const someInRows = !view.locked && arrangement.idsIn(HAND).length < arrangement.cards.length;
  return tray(view, {
    kind: "dealt", title: `${title} (${ids.length})`, ids,
    head: [
      canMoveHere ? view._button(t("action.to_hand"), { action: "to", place: HAND }) : null,
      sortButton("rank", t("action.sort_rank")),
      sortButton("suit", t("action.sort_suit")),
      someInRows ? view._button(t("action.clear_all"), { action: "clear-all" }, true) : null,
    ].filter(Boolean),
  });
}

function candidateTray(view, ids) {
  const t = view.t;
  return tray(view, {
    kind: "candidates", title: `${t("row_title.candidates")} (${ids.length})`, ids,
    note: ids.length ? t("tray.candidates") : t("tray.candidates_used"),
  });
}

// Until the rows are full the discards are not chosen yet: empty slots say how many.
function discardTray(view, ids) {
  const t = view.t;
  const waiting = ids.length === 0;
  const slots = waiting ? Array.from({ length: view.arrangement.extra },
    () => el("span", { class: "slot", "aria-hidden": "true" })) : [];
  return tray(view, {
    kind: "discards", title: t("row_title.discards"), ids,
    note: waiting ? t("tray.discards_waiting", { count: view.arrangement.extra }) : t("tray.discards"),
    after: slots,
  });
}
