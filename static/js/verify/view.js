// The verification page on screen: the verdict, each check as a line with ✓ or ✗, and
// the transcript's facts as the page read them. The transcript numbers seats from 0 in
// deal order; the page says them from 1, as the table does (issue 24, item 8). Words
// come from the page's strings (games.record.strings).

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SEAT_PARAMS = ["seat", "source", "banker", "expected"];
const SEAT_LISTS = ["seats", "tied"];

/** A check's params with its seats as the table says them, from 1: "seat 0" was the
 * table's seat 1. A `seats` that is a count (4 seats) stays as it is. */
export function seatsFromOne(params = {}) {
  const shown = { ...params };
  for (const key of SEAT_PARAMS) if (Number.isInteger(shown[key])) shown[key] += 1;
  for (const key of SEAT_LISTS) {
    if (typeof shown[key] === "string" && /^\d+(, \d+)*$/.test(shown[key])) {
      shown[key] = shown[key].split(", ").map((seat) => Number(seat) + 1).join(", ");
    }
  }
  return shown;
}

export class VerifyView {
  /** elements: {result, checks, facts}; t(id, params): the page's translator. */
  constructor(elements, t) {
    this.elements = elements;
    this.t = t;
  }

  /** A line of status while nothing is decided (idle, fetching, checking). */
  status(id, params = {}) {
    const { result, checks, facts } = this.elements;
    result.classList.remove("ok", "bad");
    result.classList.toggle("checking", !id.startsWith("status.idle"));
    result.textContent = this.t(id, params);
    delete result.dataset.result;
    checks.replaceChildren();
    facts.replaceChildren();
    facts.hidden = true;
  }

  /** A transcript refused before any check (its form, or the fetch): {id, params}; the
   * verdict's sentence before it, or none (a fetch refused: nothing was checked). */
  refused(problem, verdict = "result.form") {
    const { result, checks, facts } = this.elements;
    const params = { ...problem.params };
    if (params.expected) params.expected = this.t(params.expected);
    result.classList.remove("checking", "ok");
    result.classList.add("bad");
    result.textContent = [verdict ? this.t(verdict) : "", this.t(problem.id, params)].filter(Boolean).join(" ");
    result.dataset.result = "bad";
    result.dataset.reason = problem.id;
    checks.replaceChildren();
    facts.replaceChildren();
    facts.hidden = true;
  }

  /** A transcript checked: {ok, roundSeed, checks} from check.js. */
  checked(transcript, outcome) {
    const { result, checks } = this.elements;
    result.classList.remove("checking", "ok", "bad");
    result.classList.add(outcome.ok ? "ok" : "bad");
    result.textContent = this.t(outcome.ok ? "result.ok" : "result.bad");
    result.dataset.result = outcome.ok ? "ok" : "bad";
    delete result.dataset.reason;
    checks.replaceChildren(...outcome.checks.map((check) => el("li",
      { class: check.ok ? "ok" : "bad", "data-check": check.check },
      el("span", { "aria-hidden": "true" }, check.ok ? "✓" : "✗"),
      el("span", { class: "visually-hidden" }, `${this.t(check.ok ? "check.passed" : "check.failed")}: `),
      this.t(check.id, seatsFromOne(check.params)))));
    this._facts(transcript, outcome);
  }

  _facts(transcript, outcome) {
    const t = this.t;
    const { facts } = this.elements;
    const code = (text, attributes = {}) => el("code", { class: "hash", ...attributes }, text);
    const rows = [
      [t("fact.algorithm"), el("code", {}, transcript.algorithm)],
      [t("fact.commitment"), code(transcript.commitment, { "data-fact": "commitment" })],
      [t("fact.seed"), code(transcript.seed, { "data-fact": "seed" })],
    ];
    if (transcript.client_seeds) {
      rows.push([t("fact.round_number"), el("code", { "data-fact": "round_number" }, String(transcript.round_number))]);
      rows.push([t("fact.client_seeds"), el("ol", { class: "client-seeds" },
        transcript.client_seeds.map((seed, seat) => el("li", { "data-seat": String(seat) },
          `${t("fact.seat", { seat: seat + 1 })} `,
          // v3's null: the seed the server's seed fixed, as this page worked it out
          ...(seed === null
            ? [code((outcome.derived || {})[seat] || "null", { "data-derived": "true" }), ` ${t("fact.derived")}`]
            : [code(seed)]))))]);
    }
    if (outcome.roundSeed && transcript.client_seeds) {
      rows.push([t("fact.round_seed"), code(outcome.roundSeed, { "data-fact": "round_seed" })]);
    }
    const size = 13 + transcript.rules.extra_cards;
    const deal = [t(`rules.${transcript.rules.deck}`)];
    if (transcript.rules.jokers) deal.push(t("rules.jokers"));
    deal.push(t("rules.hands", { seats: transcript.hands.length, size }));
    if (transcript.exchange) deal.push(t("rules.exchange"));
    if (transcript.bank) deal.push(t("rules.bank"));
    rows.push([t("fact.deal"), deal.join(", ")]);
    facts.replaceChildren(...rows.flatMap(([term, value]) => [el("dt", {}, term), el("dd", {}, value)]));
    facts.hidden = false;
  }
}
