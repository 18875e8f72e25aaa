// The replay's transport: which step is shown, stepping, playing and pausing, the
// keyboard, and the step in the page's address so a link opens at the same moment.
// No DOM here (tested under node): the page passes `onChange` and, for tests, its own
// timer functions.

export const PLAY_INTERVAL_MS = 1400;

export class ReplayPlayer {
  /** count: how many steps; onChange(index, player) runs after every change. */
  constructor(count, { index = 0, onChange = () => {}, interval = PLAY_INTERVAL_MS,
    setTimer = (fn, ms) => setInterval(fn, ms), clearTimer = (id) => clearInterval(id) } = {}) {
    this.count = Math.max(count, 1);
    this.index = this.clamp(index);
    this.onChange = onChange;
    this.interval = interval;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.timer = null;
  }

  get playing() { return this.timer !== null; }

  get last() { return this.count - 1; }

  clamp(index) {
    const n = Number(index);
    return Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 0), this.count - 1) : 0;
  }

  seek(index) {
    const next = this.clamp(index);
    if (next === this.index) return false;
    this.index = next;
    this.onChange(this.index, this);
    return true;
  }

  forward() { return this.seek(this.index + 1); }

  back() { return this.seek(this.index - 1); }

  first() { return this.seek(0); }

  end() { return this.seek(this.last); }

  play() {
    if (this.playing) return;
    // Playing from the end starts again from the deal.
    if (this.index === this.last) this.seek(0);
    this.timer = this.setTimer(() => {
      if (!this.forward() || this.index === this.last) this.pause();
    }, this.interval);
    this.onChange(this.index, this);
  }

  pause() {
    if (!this.playing) return;
    this.clearTimer(this.timer);
    this.timer = null;
    this.onChange(this.index, this);
  }

  toggle() { if (this.playing) this.pause(); else this.play(); }
}

/** The player's method a key asks for, or null: ← → step, Space/K play or pause,
 * Home/End first/last (the usual video player keys). Keys typed into a form field or
 * pressed with a modifier are left alone. */
export function keyAction(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const tag = (event.target && event.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || (event.target && event.target.isContentEditable)) return null;
  // A focused button already answers Space and Enter by clicking itself.
  if (tag === "BUTTON" && (event.key === " " || event.key === "Enter")) return null;
  switch (event.key) {
    case "ArrowRight": case "l": return "forward";
    case "ArrowLeft": case "j": return "back";
    case " ": case "k": return "toggle";
    case "Home": return "first";
    case "End": return "end";
    default: return null;
  }
}

/** The step a link asks for: `?step=N` counts from 1, as the page shows it; anything
 * missing or odd opens at the first step. Returns a 0-based index. */
export function stepFromSearch(search, count) {
  const value = new URLSearchParams(search).get("step");
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(n, 1), Math.max(count, 1)) - 1;
}

/** This page's address with the step (0-based index) written as `?step=N` (1-based);
 * other parameters and the fragment are kept. */
export function urlWithStep(href, index) {
  const url = new URL(href);
  url.searchParams.set("step", String(index + 1));
  return url.toString();
}
