// The hints' list (#hint-list): a button per hint, the advisor's value on each once it
// comes (hint_values, after the deal: table_hints.js), the best of them marked and listed
// first so that it is in view at every size (issue 24, item 5). Each hint keeps its number,
// and hint 1 says that the timer plays it.
//
// Stable under a finger (issue 24's leftovers): the values came after the deal, hint 1
// gained words and the best moved to the front, and a tap aimed at hint 2 landed on
// another. Now every hint keeps a slot for its value from the start (the number fills it
// in; the "Best value" badge sits over the hint's edge and takes no room), and while a
// pointer is down on the list, or was let go less than half a second ago, the list is
// not redrawn at all (press_hold.js): only which hint is taken is marked in place, and
// the rest waits for the hold to end. Drawn again, the list keeps every hint that shows
// the same (dom.js showChildren), the one just taken too (its mark is set in place first),
// so a finger, the keyboard's focus or a screen reader stays on the button it was on.

import { cardImage, el, showChildren } from "./dom.js";
import { PressHold } from "./press_hold.js";
import { bestHint, evText, hintOrder } from "./table_hints.js";

export class HintList {
  /** `list`: the <ol>; `t`, `rules` (the specials' names); `hold`: a PressHold. */
  constructor(list, { t, rules, hold = new PressHold() }) {
    this.list = list;
    this.t = t;
    this.rules = rules;
    this.hold = hold;
    list.addEventListener("pointerdown", () => this.hold.press());
    // The finger may slide off the list before it lifts: the release is heard anywhere.
    for (const type of ["pointerup", "pointercancel"]) {
      globalThis.addEventListener?.(type, () => this.hold.release(), true);
    }
  }

  /** Draw `hints` of the hand `hand` (a new hand is drawn at once); `isActive(hint)`:
   * whether its rows are the ones on screen. */
  render(hints, isActive, hand = null) {
    const sameHand = this.hand === hand;
    this.hand = hand;
    // A new hand's list starts at its top (its start, as a phone's strip): the best hint is
    // in view there, not wherever the last hand's list was scrolled to (on a desktop it
    // scrolls inside its own box).
    if (!sameHand) {
      this.list.scrollTop = 0;
      this.list.scrollLeft = 0;
    }
    // The best hint, marked when the values come, moves to the front: not under a finger.
    if (sameHand && this.hold.held() && this.list.children.length) {
      this._markActive(hints, isActive);
      this.hold.whenFree(() => this._draw(hints, isActive));
      return;
    }
    if (sameHand) this._markActive(hints, isActive);
    this._draw(hints, isActive);
  }

  // The same buttons stay where they are; only aria-pressed and "active" change (in the
  // order _item writes the classes, so that a button marked here is one drawn so).
  _markActive(hints, isActive) {
    for (const item of Array.from(this.list.children)) {
      const button = item.children[0];
      const hint = button && hints[Number(button.dataset.index)];
      if (!hint) continue;
      const active = isActive(hint);
      const classes = (button.getAttribute("class") || "").split(" ").filter((c) => c && c !== "active");
      button.setAttribute("class", [...classes, ...(active ? ["active"] : [])].join(" "));
      button.setAttribute("aria-pressed", String(active));
    }
  }

  _draw(hints, isActive) {
    const t = this.t;
    if (!hints.length) {
      showChildren(this.list, [el("li", { class: "muted" }, t("hints.none"))]);
      return;
    }
    const best = bestHint(hints);
    const items = hints.map((hint, index) => this._item(hint, index, index === best, isActive(hint)));
    showChildren(this.list, hintOrder(hints.length, best).map((index) => items[index]));
  }

  _item(hint, index, best, active) {
    const t = this.t;
    let text;
    if (hint.special) {
      const info = this.rules.specials[hint.special] || { name: hint.special };
      text = [el("span", { class: "hint-pattern" }, t("hints.special", { name: info.name }))];
    } else {
      const pattern = hint.pattern.map((slug) => t(`cat.${slug}`)).join(" / ");
      // Only a bonus is said: "no bonus" on every other hint was noise (issue 24, item 6).
      text = [
        el("span", { class: "hint-pattern" }, pattern),
        hint.bonus ? el("span", { class: "hint-bonus has-bonus" }, t("hints.bonus", { bonus: hint.bonus }))
          : null,
      ];
    }
    // 多三张: which 3 cards the hint leaves out, small enough to sit under its pattern.
    if (hint.discards && hint.discards.length) {
      text.push(el("span", { class: "hint-discards" },
        el("span", { class: "hint-discards-title" }, t("hints.discards")),
        hint.discards.map((code) => cardImage(code, t, "mini"))));
    }
    // The advisor's value (expected points): its slot is there before the value is.
    const ev = evText(hint.ev);
    text.push(el("span", { class: `hint-ev${best ? " best" : ""}${ev ? "" : " waiting"}`,
      title: ev ? t("felt.hint_ev", { ev }) : null },
    ev, best ? el("span", { class: "hint-best" }, t("felt.hint_best")) : null));
    // The timer plays hint 1 (the rule set's default, seed 000 §3.4): said on it.
    if (index === 0) text.push(el("span", { class: "hint-timer" }, t("hints.timer")));
    return el("li", { class: best ? "best" : null }, el("button", {
      type: "button", class: `hint${best ? " best" : ""}${active ? " active" : ""}`,
      "aria-pressed": String(active), dataset: { action: "hint", index } },
    el("span", { class: "hint-number" }, String(index + 1)), ...text));
  }
}
