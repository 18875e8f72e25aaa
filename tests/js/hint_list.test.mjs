// The hints' list stays still under a finger (static/js/hint_list.js, press_hold.js): every
// hint has its value's slot from the start, and the advisor's values, which mark the best
// hint and list it first, wait while a pointer is down on the list or was let go less
// than half a second ago.
import assert from "node:assert/strict";
import { test } from "node:test";

import { installFakeDom } from "./fake_dom.mjs";

installFakeDom();
const { HintList } = await import("../../static/js/hint_list.js");
const { HOLD_MS, PressHold } = await import("../../static/js/press_hold.js");
const { hintOrder } = await import("../../static/js/table_hints.js");

/** A clock and a timer that move only when the test says so. */
function fakeTime() {
  const time = { now: 0, timers: [] };
  time.hold = new PressHold({
    now: () => time.now,
    later: (fn, ms) => { const timer = { fn, at: time.now + ms }; time.timers.push(timer); return timer; },
    cancel: (timer) => { time.timers = time.timers.filter((t) => t !== timer); },
  });
  time.advance = (ms) => {
    time.now += ms;
    for (const timer of time.timers.filter((t) => t.at <= time.now)) {
      time.timers = time.timers.filter((t) => t !== timer);
      timer.fn();
    }
  };
  return time;
}

const t = (id, params) => (id === "felt.hint_best" ? "Best value" : `${id}${params ? JSON.stringify(params) : ""}`);
const HINTS = [
  { front: ["2s", "3s", "4s"], middle: [], back: [], pattern: ["high_card"], bonus: 0 },
  { front: ["5s", "6s", "7s"], middle: [], back: [], pattern: ["pair"], bonus: 0 },
  { front: ["8s", "9s", "Ts"], middle: [], back: [], pattern: ["trips"], bonus: 0 },
];
const valued = HINTS.map((hint, index) => ({ ...hint, ev: [-2.5, 0.4, 1.8][index] }));

function listed(time) {
  const dom = installFakeDom();
  const list = dom.element("ol");
  return { list, hints: new HintList(list, { t, rules: { specials: {} }, hold: time.hold }) };
}
const buttons = (list) => list.children.map((item) => item.children[0]);
const order = (list) => buttons(list).map((button) => Number(button.dataset.index));
const part = (button, name) => button.all().find((node) => (node.className || "").split(" ").includes(name));
const none = () => false;

test("the best is listed first unless it is hint 1; the others keep their order", () => {
  assert.deepEqual(hintOrder(4, 2), [2, 0, 1, 3]);
  assert.deepEqual(hintOrder(4, 0), [0, 1, 2, 3]);
  assert.deepEqual(hintOrder(3, -1), [0, 1, 2]);
});

test("a change waits while the pointer is down and half a second after it lifts", () => {
  const time = fakeTime();
  const runs = [];
  time.hold.whenFree(() => runs.push("free"));
  assert.deepEqual(runs, ["free"]); // nothing held: at once
  time.hold.press();
  time.hold.whenFree(() => runs.push("old"));
  time.hold.whenFree(() => runs.push("new")); // only the newest is drawn
  time.advance(2000);
  assert.deepEqual(runs, ["free"]); // still down
  time.hold.release();
  time.advance(HOLD_MS - 1);
  assert.deepEqual(runs, ["free"]);
  time.advance(1);
  assert.deepEqual(runs, ["free", "new"]);
  assert.equal(time.hold.held(), false);
});

test("every hint has its value's slot before the values come", () => {
  const time = fakeTime();
  const { list, hints } = listed(time);
  hints.render(HINTS, none, 7);
  assert.deepEqual(order(list), [0, 1, 2]);
  for (const button of buttons(list)) {
    const slot = part(button, "hint-ev");
    assert.ok(slot, "a slot for the value");
    assert.match(slot.className, /waiting/);
    assert.equal(slot.textContent, "");
  }
});

test("values that come under a finger move nothing until it has lifted", () => {
  const time = fakeTime();
  const { list, hints } = listed(time);
  hints.render(HINTS, none, 7);
  const before = [...list.children];
  time.hold.press(); // a finger on hint 2
  hints.render(valued, none, 7); // hint 3 is the best: it would go first
  assert.deepEqual(list.children, before, "the very same items, in the same order");
  time.hold.release();
  hints.render(valued, (hint) => hint === valued[1], 7); // the tap took hint 2
  assert.deepEqual(list.children, before);
  assert.equal(buttons(list)[1].getAttribute("aria-pressed"), "true", "marked at once, in place");
  assert.match(buttons(list)[1].className, /\bactive\b/);
  time.advance(HOLD_MS);
  assert.deepEqual(order(list), [2, 0, 1], "then the best goes first");
  const best = buttons(list)[0];
  assert.match(best.className, /\bbest\b/);
  assert.match(part(best, "hint-ev").textContent, /^\+1\.8Best value$/);
  assert.equal(buttons(list)[2].getAttribute("aria-pressed"), "true");
});

test("with nothing held the values are drawn at once, and a new hand never waits", () => {
  const time = fakeTime();
  const { list, hints } = listed(time);
  hints.render(HINTS, none, 7);
  hints.render(valued, none, 7);
  assert.deepEqual(order(list), [2, 0, 1]);
  time.hold.press();
  hints.render(HINTS, none, 8); // the next deal
  assert.deepEqual(order(list), [0, 1, 2]);
  assert.equal(part(buttons(list)[0], "hint-ev").textContent, "");
});

test("a new hand's list starts at its top; the same hand's keeps where it was scrolled", () => {
  const time = fakeTime();
  const { list, hints } = listed(time);
  hints.render(HINTS, none, 7);
  list.scrollTop = 120; // the player scrolled down the desktop's box
  list.scrollLeft = 80; // or along a phone's strip
  hints.render(valued, none, 7); // the values came
  assert.equal(list.scrollTop, 120);
  assert.equal(list.scrollLeft, 80);
  hints.render(HINTS, none, 8); // the next deal: its best hint is at the top
  assert.equal(list.scrollTop, 0);
  assert.equal(list.scrollLeft, 0);
});

test("drawn again with the same hints, the list keeps its buttons (a focus or a finger stays on)", () => {
  const time = fakeTime();
  const { list, hints } = listed(time);
  hints.render(valued, none, 7);
  const before = buttons(list);
  hints.render(valued.map((hint) => ({ ...hint })), none, 7); // a bot arranged: the table redrew
  assert.deepEqual(buttons(list).map((button, index) => button === before[index]), [true, true, true]);
  // A hint taken (by the keyboard: nothing held): marked where it is, every button kept,
  // the one the focus is on too.
  hints.render(valued, (hint) => hint === valued[0], 7);
  assert.deepEqual(buttons(list).map((button, index) => button === before[index]), [true, true, true]);
  assert.equal(buttons(list)[1].getAttribute("aria-pressed"), "true");
  assert.match(buttons(list)[1].className, /\bactive\b/);
  assert.equal(buttons(list)[0].getAttribute("aria-pressed"), "false");
  // What changed is drawn anew, and only that: hint 2's value.
  const revalued = valued.map((hint, index) => (index === 1 ? { ...hint, ev: 0.5 } : hint));
  hints.render(revalued, (hint) => hint === revalued[0], 7);
  assert.deepEqual(buttons(list).map((button, index) => button === before[index]), [true, true, false]);
  assert.match(part(buttons(list)[2], "hint-ev").textContent, /^\+0\.5$/);
});
