// Card codes, the two sort orders of the hand and the drawn cards.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardName, cardSVG, parseCard, secondCopies, sortCards } from "../../static/js/cards.js";

test("codes are case-insensitive on input and canonical on output (RULES.md §1)", () => {
  assert.equal(parseCard("td").code, "Td");
  assert.equal(parseCard("10h").code, "Th");
  assert.equal(parseCard("AS").code, "As");
  assert.equal(parseCard("bj").code, "BJ");
  assert.equal(parseCard("Ah").red, true);
  assert.equal(parseCard("Ac").red, false);
  for (const bad of ["", "1s", "Ax", "A", "Asd", null]) assert.throws(() => parseCard(bad));
});

test("sorting by rank: jokers, then high to low, then ♠ ♥ ♣ ♦", () => {
  assert.deepEqual(sortCards(["2c", "As", "SJ", "Ad", "Ah", "BJ", "Ks"]),
    ["BJ", "SJ", "As", "Ah", "Ad", "Ks", "2c"]);
});

test("sorting by suit: ♠ ♥ ♣ ♦ blocks, each high to low", () => {
  assert.deepEqual(sortCards(["2c", "As", "Kd", "Ah", "3s"], "suit"), ["As", "3s", "Ah", "2c", "Kd"]);
  const items = [{ id: 1, code: "2c" }, { id: 0, code: "Ad" }];
  assert.deepEqual(sortCards(items).map((item) => item.id), [0, 1]);
});

test("cards are drawn as SVG with an accessible name, red or black", () => {
  const ten = cardSVG("Th", "10 hearts");
  assert.match(ten, /^<svg[^>]+card-red/);
  assert.match(ten, /aria-label="10 hearts"/);
  assert.match(ten, />10</);
  assert.match(cardSVG("Qs"), /card-black/);
  assert.match(cardSVG("BJ"), /大王/);
  assert.match(cardSVG("SJ"), /card-black[\s\S]*小王/);
  assert.match(cardSVG("As", '<b>"x"'), /aria-label="&lt;b&gt;&quot;x&quot;"/);
  assert.equal(cardName("Td"), "10 diamonds");
  assert.equal(cardName("Td", { d: "方片" }), "10 方片");
});

test("a card inside a labelled button is hidden from screen readers", async () => {
  const { cardBackSVG } = await import("../../static/js/cards.js");
  assert.match(cardSVG("Ah", ""), /aria-hidden="true"/);
  assert.doesNotMatch(cardSVG("Ah", ""), /role="img"/);
  assert.match(cardBackSVG(), /card-back/);
});

test("多一色: the second copy met of a code is marked, in the order the groups are shown", () => {
  // seat 0's rows, then seat 1's: seat 0 holds both Ad, seat 1 a Kd seat 0 holds too
  assert.deepEqual(secondCopies([["Ad", "Kd", "2c"], ["ad", "Qs"], [{ code: "Kd" }, "3d"]]),
    [[false, false, false], [true, false], [true, false]]);
  // a 52-card round never repeats: nothing is marked
  assert.deepEqual(secondCopies([["As", "Ks"], ["Ah"], []]), [[false, false], [false], []]);
});

test("the second copy carries a corner mark and says so to a screen reader", () => {
  const second = cardSVG("Ad", cardName("Ad", { d: "方片", second: "第二张" }, true), { second: true });
  assert.match(second, /card-second/);
  assert.match(second, /class="card-second-mark"[\s\S]*>2<\/text>/);
  assert.match(second, /aria-label="A 方片, 第二张"/);
  assert.equal(cardName("Ad", {}, true), "A diamonds, second copy");
  const first = cardSVG("Ad", "x");
  assert.doesNotMatch(first, /card-second/);
  // the rank and the suit are drawn as before: the mark only adds to the face
  const marked = cardSVG("Ad", "x", { second: true });
  assert.ok(marked.startsWith(first.replace("</svg>", "").replace("card-red", "card-red card-second")));
});
