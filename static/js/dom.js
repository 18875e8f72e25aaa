// Small DOM helpers shared by the table's views.

import { cardName, cardSVG } from "./cards.js";

/** el("button", {class: "x", onclick: fn, dataset: {id: 3}}, "text", child…) */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "html") node.innerHTML = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * Show `nodes` as `container`'s children, keeping every child already drawn the same.
 * The table redraws on every message (a bot arranging, a seat's news, the hints' values):
 * a card button replaced between a finger's press and its lift loses the tap, and the
 * keyboard's focus and a screen reader's place go with it. Only what changed is replaced.
 *
 * `deep`: for a panel drawn as one card whose lines change around its buttons (十三道's
 * bids and pool, a negotiation, the seats with their clocks), a child that differs but is
 * the same element with the same attributes stays, and its own children are shown the
 * same way, so a button beside a line that changed is kept. Only for views whose clicks
 * are heard on a container (dataset actions): a kept element keeps its own listeners, not
 * the new one's, and a kept input keeps what was typed in it.
 */
export function showChildren(container, nodes, { deep = false } = {}) {
  const drawn = Array.from(container.childNodes);
  if (drawn.length !== nodes.length) {
    container.replaceChildren(...nodes);
    return;
  }
  nodes.forEach((node, index) => {
    const old = drawn[index];
    if (old.isEqualNode(node)) return;
    if (deep && sameElement(old, node)) showChildren(old, Array.from(node.childNodes), { deep });
    else old.replaceWith(node);
  });
}

/** Whether `a` and `b` are elements of one tag with the same attributes (children aside). */
function sameElement(a, b) {
  if (a.nodeType !== Node.ELEMENT_NODE || b.nodeType !== Node.ELEMENT_NODE || a.tagName !== b.tagName) return false;
  const names = a.getAttributeNames();
  return names.length === b.getAttributeNames().length
    && names.every((name) => a.getAttribute(name) === b.getAttribute(name));
}

/** The words a screen reader says for a card, in the page's language; `second`: 多一色's
 * second copy (cards.js secondCopies), said with the page's "card.second". */
export function cardLabel(code, t, second = false) {
  const words = {
    s: t("suit.s"), h: t("suit.h"), c: t("suit.c"), d: t("suit.d"),
    BJ: t("card.BJ"), SJ: t("card.SJ"),
  };
  if (second) words.second = t("card.second");
  return cardName(code, words, second);
}

/** A face-up card that is only looked at (other players' rows, the reveal); `second`:
 * it is 多一色's second copy in view and carries the mark. */
export function cardImage(code, t, extraClass = "", second = false) {
  return el("span", { class: `card-static ${extraClass}${second ? " second-copy" : ""}`.trim(),
    dataset: { code }, html: cardSVG(code, cardLabel(code, t, second), { second }) });
}
