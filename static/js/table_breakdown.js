// Each seat's account at the reveal (issue 14): the lines table_accounting.js folds a
// player's total into — the three rows, 打枪, 全垒打, specials, the horse card, 十三道's
// agreed deals and adjustments — drawn under the player's rows, each turned on when the
// reveal reaches its step, ending in "= total". The lines shown always sum to the total.

import { el } from "./dom.js";
import { signed } from "./i18n.js";
import { shownName } from "./seat_names.js";
import { summaryLines } from "./table_accounting.js";

const tone = (points) => (points > 0 ? "win" : points < 0 ? "loss" : "tie");

/** The words of one line. `special(code)`: a special's name; `name(position)`. */
export function lineText(line, { t, special, name, banker }) {
  switch (line.kind) {
    case "row": return t(`row_name.${line.row}`);
    case "scoop": return banker ? "三砍" : t("felt.line_scoop");
    case "home_run": return t("felt.line_home_run");
    case "special": return special(line.code);
    case "horse": return t("felt.line_horse");
    case "agreed": return t("felt.line_agreed");
    case "adjust": return t(`adjust.${line.reason}`, { points: "" }).trim();
    case "foul": return t("felt.line_foul", { name: name(line.position) });
    default: return line.kind;
  }
}

/** The step of the reveal (reveal.js's kinds) that shows a line. */
function stepOf(line) {
  if (line.kind === "row") return `row:${line.row}`;
  if (line.kind === "special") return "special";
  if (line.kind === "scoop" || line.kind === "home_run") return line.kind;
  return "totals";
}

/** The list for one hand: every line hidden until `showStep` reaches it. */
export function drawBreakdown(entry, hand, context) {
  const { t } = context;
  const lines = summaryLines(entry);
  const items = [];
  if (hand.foul && !hand.special) {
    items.push(el("li", { class: "line kind-foul", dataset: { step: "foul", kind: "foul" }, hidden: true },
      el("span", { class: "line-name" }, lineText({ kind: "foul", position: hand.position }, context))));
  }
  for (const line of lines) {
    items.push(el("li", { class: `line kind-${line.kind}`, hidden: true,
      dataset: { step: stepOf(line), kind: line.kind, key: line.key, points: line.points } },
    el("span", { class: "line-name" }, lineText(line, context)),
    el("span", { class: `line-points ${tone(line.points)}` }, signed(line.points))));
  }
  items.push(el("li", { class: "line kind-total", hidden: true,
    dataset: { step: "totals", kind: "total", points: entry.total } },
  el("span", { class: "line-name" }, t("felt.total")),
  el("span", { class: `line-points ${tone(entry.total)}` }, `= ${signed(entry.total)}`)));
  return el("ul", { class: "breakdown", "aria-label": t("felt.breakdown", { name: shownName(hand.display_name, t) }) }, items);
}

/** Turn on the lines a step explains, in every hand of `root`; "totals" turns on the rest. */
export function showStep(root, step) {
  const selector = step === "totals" ? ".breakdown li[hidden]" : `.breakdown li[data-step="${step}"]`;
  root.querySelectorAll(selector).forEach((node) => {
    node.hidden = false;
    node.classList.add("pop");
  });
}
