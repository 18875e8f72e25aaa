// dom.js showChildren, deep: a panel drawn again as one card keeps every element drawn the
// same, and the buttons beside a line that changed (十三道's bids, a negotiation, the
// seats with their clocks), so a tap pressed before a message and lifted after it counts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { installFakeDom } from "./fake_dom.mjs";

installFakeDom();
const { el, showChildren } = await import("../../static/js/dom.js");
const showTree = (container, nodes) => showChildren(container, nodes, { deep: true });

/** A bidding card: its title, the bid button and who has bid. */
const card = (bids, { pending = false } = {}) => el("div", { class: "phase-card" },
  el("h2", {}, "Bid for the bank"),
  el("button", { type: "button", id: "bid-button", dataset: { action: "bid" }, disabled: pending }, "Bid 3 道"),
  el("ul", { class: "who-list" }, bids.map((bid) => el("li", { class: bid ? "done" : "waiting" },
    "Bot · ", bid ? "has bid" : "thinking"))));

test("a line that changes beside a button leaves the button the element it was", () => {
  installFakeDom();
  const panel = el("div");
  showTree(panel, [card([false, false])]);
  const [phaseCard] = panel.children;
  const button = phaseCard.children[1];
  const first = phaseCard.children[2].children[0];
  showTree(panel, [card([true, false])]); // a bot bid
  assert.equal(panel.children[0], phaseCard, "the card is kept");
  assert.equal(phaseCard.children[1], button, "the button is kept");
  const line = phaseCard.children[2].children[0];
  assert.notEqual(line, first, "the line that changed is drawn anew");
  assert.equal(line.textContent, "Bot · has bid");
});

test("an element whose attributes change is drawn anew, its words too", () => {
  installFakeDom();
  const panel = el("div");
  showTree(panel, [card([false, true])]);
  const phaseCard = panel.children[0];
  const button = phaseCard.children[1];
  const line = phaseCard.children[2].children[0];
  showTree(panel, [card([true, true], { pending: true })]);
  assert.notEqual(phaseCard.children[1], button, "disabled now: a new button");
  assert.equal(phaseCard.children[1].getAttribute("disabled"), "");
  assert.notEqual(phaseCard.children[2].children[0], line);
  assert.equal(phaseCard.children[2].children[0].textContent, "Bot · has bid");
  assert.equal(phaseCard.children[2].children[1].textContent, "Bot · has bid");
});

test("text is shown as drawn, and a different number of children is drawn anew", () => {
  installFakeDom();
  const panel = el("div");
  showTree(panel, [el("p", {}, "Bot · ", "thinking")]);
  const line = panel.children[0];
  showTree(panel, [el("p", {}, "Bot · ", "has bid")]);
  assert.equal(panel.children[0], line);
  assert.equal(line.textContent, "Bot · has bid");
  showTree(panel, [el("p", {}, "Bot"), el("p", {}, "Ann")]);
  assert.deepEqual(panel.children.map((p) => p.textContent), ["Bot", "Ann"]);
  showTree(panel, []);
  assert.deepEqual(panel.children, []);
});
