// The reveal of a 十三道 round (RULES.md §8.5): every player against the banker — what the
// rows, a 抛 or the agreement (谈判) gave, the bids, the pot and the spare hand's fees
// (the `adjustments`), and the total in 道. `bankerLines` is plain data (node tests it);
// `drawBankerSummary` puts it on the page under the hands.

import { adjustmentTotals } from "./banker_model.js";
import { el } from "./dom.js";
import { signed } from "./i18n.js";

/**
 * One line per seat, players first (seat order), the banker last:
 *   {position, banker: bool, result (道 against the banker, from this seat's side),
 *    how: "rows" | "scoop" | "agreed" | "special" | null, special (code),
 *    moves: [{reason, points}], total}
 */
export function bankerLines(settled) {
  const banker = settled.banker;
  const byReason = new Map();
  for (const { position, points, reason } of settled.adjustments || []) {
    const key = `${position}:${reason}`;
    byReason.set(key, (byReason.get(key) || 0) + points);
  }
  const movesOf = (position) => ["bid", "pot", "swap"]
    .filter((reason) => byReason.has(`${position}:${reason}`))
    .map((reason) => ({ reason, points: byReason.get(`${position}:${reason}`) }));
  const lines = [];
  let bankerResult = 0;
  for (const pair of settled.pairs) {
    const player = pair.a === banker ? pair.b : pair.a;
    const sign = pair.a === banker ? -1 : 1; // pair.points are a's
    const result = sign * pair.points;
    bankerResult -= result;
    let how = "rows";
    if (pair.negotiated) how = "agreed";
    else if (pair.special) how = "special";
    else if (pair.scoop !== null && pair.scoop !== undefined) how = "scoop";
    lines.push({ position: player, banker: false, result, how,
      special: pair.special ? pair.special.code : null, moves: movesOf(player),
      total: Number(settled.totals?.[player] ?? 0) });
  }
  lines.sort((x, y) => x.position - y.position);
  lines.push({ position: banker, banker: true, result: bankerResult, how: null, special: null,
    moves: movesOf(banker), total: Number(settled.totals?.[banker] ?? 0) });
  return lines;
}

function pointsCell(points) {
  const tone = points > 0 ? "win" : points < 0 ? "loss" : "tie";
  return el("td", { class: `number ${tone}` }, signed(points));
}

/** The table "Against the banker" in `root` (hidden for rounds without a banker). */
export function drawBankerSummary(root, settled, { t, name, specialName, you }) {
  const banker = settled.banker;
  root.hidden = banker === null || banker === undefined;
  if (root.hidden) { root.replaceChildren(); return; }
  const lines = bankerLines(settled);
  const hasMoves = lines.some((line) => line.moves.length) || adjustmentTotals(settled.adjustments).size > 0;
  const head = el("tr", {}, el("th", { scope: "col" }, t("reveal.col_player")),
    el("th", { scope: "col", class: "number" }, t("reveal.col_result")),
    hasMoves ? el("th", { scope: "col" }, t("reveal.col_moves")) : null,
    el("th", { scope: "col", class: "number" }, t("reveal.col_total")));
  const rows = lines.map((line) => {
    let how = "";
    if (line.how === "agreed") how = t("reveal.how_agreed");
    else if (line.how === "special") how = specialName(line.special);
    else if (line.how === "scoop") how = t("reveal.how_scoop");
    else if (line.how === "rows") how = t("reveal.how_rows");
    const who = line.banker ? t("reveal.banker_line", { name: name(line.position) }) : name(line.position);
    return el("tr", { class: `${line.banker ? "banker-row" : ""}${line.position === you ? " you" : ""}`.trim(),
      dataset: { position: line.position, how: line.how || "banker" } },
    el("th", { scope: "row" }, line.banker ? el("span", { class: "banker-mark", "aria-hidden": "true" }, "庄") : null,
      who, how ? el("span", { class: "how" }, ` · ${how}`) : null),
    pointsCell(line.result),
    hasMoves ? el("td", {}, line.moves.map((move) => t(`adjust.${move.reason}`, { points: signed(move.points) }))
      .join(", ") || "—") : null,
    pointsCell(line.total));
  });
  root.replaceChildren(el("h3", {}, t("reveal.against_banker")),
    el("table", { class: "data banker-table" }, el("thead", {}, head), el("tbody", {}, rows)));
}
