// The status bar's clock: the time left in the phase under way, counted down from the
// round's deadline (every phase has one, docs/protocol.md), a ring that empties with it,
// red in the last seconds and a tick in the last five when it is the player's move.

const URGENT_SECONDS = 10;
// The rule set's time for each phase (games/live/views.py's page rules).
const PHASE_SECONDS = { bidding: "bid_seconds", exchanging: "exchange_seconds",
  arranging: "arrange_seconds", negotiating: "negotiate_seconds" };

export class Countdown {
  /** elements: {clock, text, fill, seats (where the seats' own clocks are, [data-seat-clock])};
   * options: {t, rules, sounds} */
  constructor(elements, { t, rules, sounds }) {
    this.elements = elements;
    this.t = t;
    this.rules = rules;
    this.sounds = sounds;
    this.deadline = null;
    this.total = null;
    this.mine = false;
    this.timer = null;
    this.lastSecond = null;
  }

  /** Count down to `deadline` (ISO, or null to hide) of `phase`; `mine`: the player has a
   * move to make before it, so the last seconds tick. */
  set(deadline, phase, mine) {
    const at = deadline ? Date.parse(deadline) : null;
    this.mine = mine;
    if (at === this.deadline) { this.draw(); return; }
    this.deadline = at;
    this.lastSecond = null;
    // The phase's whole time from the rules; where the page has no figure for it (or the
    // table runs a longer clock than its rule set), the time left when this deadline is
    // first seen stands for it.
    const seconds = this.rules[PHASE_SECONDS[phase]] || 0;
    this.total = at ? Math.max(seconds * 1000, at - Date.now(), 1000) : null;
    clearInterval(this.timer);
    this.timer = at ? setInterval(() => this.draw(), 250) : null;
    this.draw();
  }

  draw() {
    const { clock, text, fill, seats } = this.elements;
    const t = this.t;
    const seatClocks = seats ? seats.querySelectorAll("[data-seat-clock]") : [];
    if (!this.deadline) {
      clock.hidden = true;
      seatClocks.forEach((node) => { node.textContent = ""; });
      return;
    }
    const left = Math.max(0, this.deadline - Date.now());
    const seconds = Math.ceil(left / 1000);
    clock.hidden = false;
    clock.classList.toggle("urgent", seconds <= URGENT_SECONDS && seconds > 0);
    clock.classList.toggle("up", seconds === 0);
    clock.setAttribute("aria-label", `${t("clock.label")}: ${t("clock.left", { seconds })}`);
    text.textContent = seconds > 0 ? t("clock.left", { seconds }) : t("clock.up");
    // Every seat still to move shows the same countdown (the phase has one deadline).
    seatClocks.forEach((node) => {
      node.textContent = seconds > 0 ? t("clock.left", { seconds }) : "";
      node.classList.toggle("urgent", seconds <= URGENT_SECONDS);
    });
    fill.style.strokeDasharray = `${Math.min(100, (left / this.total) * 100)} 100`;
    if (this.mine && seconds !== this.lastSecond && seconds > 0 && seconds <= 5) this.sounds.play("tick");
    this.lastSecond = seconds;
  }
}
