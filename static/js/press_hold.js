// A press on a list, held a little past its release: while a pointer is down on the list,
// or was let go less than HOLD_MS ago, nothing in the list may move. A change that comes
// then (the advisor's hint values, which mark the best hint and list it first) waits until
// the hold is over: a tap aimed at one hint as they arrived used to land on another.
// Pure: the clock and the timer are passed in, so node tests it without waiting
// (tests/js/hint_list.test.mjs).

export const HOLD_MS = 500;

export class PressHold {
  constructor({ now = () => performance.now(), later = (fn, ms) => setTimeout(fn, ms),
    cancel = (timer) => clearTimeout(timer) } = {}) {
    this.now = now;
    this.later = later;
    this.cancel = cancel;
    this.down = false;
    this.releasedAt = -Infinity;
    this.pending = null;
    this.timer = null;
  }

  press() {
    this.down = true;
  }

  release() {
    if (!this.down) return;
    this.down = false;
    this.releasedAt = this.now();
    this._schedule();
  }

  /** Whether the list must keep still. */
  held() {
    return this.down || this.now() - this.releasedAt < HOLD_MS;
  }

  /** Run `fn` once the list may move: now when it is not held, else when the hold ends
   * (a later call replaces a change still waiting: only the newest is drawn). */
  whenFree(fn) {
    this.pending = fn;
    if (!this.held()) {
      this._run();
      return;
    }
    this._schedule();
  }

  _schedule() {
    if (!this.pending || this.down) return; // the release schedules it
    if (this.timer !== null) this.cancel(this.timer);
    const wait = Math.max(0, HOLD_MS - (this.now() - this.releasedAt));
    this.timer = this.later(() => {
      this.timer = null;
      if (this.held()) this._schedule();
      else this._run();
    }, wait);
  }

  _run() {
    const fn = this.pending;
    this.pending = null;
    if (fn) fn();
  }
}
