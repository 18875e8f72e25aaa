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
 */
export function showChildren(container, nodes) {
  const drawn = Array.from(container.children);
  if (drawn.length !== nodes.length) {
    container.replaceChildren(...nodes);
    return;
  }
  nodes.forEach((node, index) => {
    if (!drawn[index].isEqualNode(node)) drawn[index].replaceWith(node);
  });
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
