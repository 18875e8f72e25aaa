// The room on the table page: its options and the session's progress under the table's
// name, the host's "Start now", "I'm back" and "Vote to end" in the status bar with who
// voted, the session's end (standings, the summary's link and a share-link copy), and
// the player's own seed once a round is settled. What to show comes from room_model.js.

import { el } from "./dom.js";
import { signed } from "./i18n.js";
import { cardWord, roomActions, roundLabel, startNow, yourSeed } from "./room_model.js";
import { fill } from "./rows.js";
import { shownName } from "./seat_names.js";

export class RoomView {
  /**
   * elements: {facts, start, back, vote, note, end, endTitle, endReason, standings, link,
   *   copy, next, seed}
   * options: {t, userId, rules, room: RoomSession, sessionUrl (with {share_code}),
   *   send(message), onNotice(text)}
   */
  constructor(elements, options) {
    Object.assign(this, options);
    this.elements = elements;
    elements.start.addEventListener("click", () => this.send({ type: "start" }));
    elements.back.addEventListener("click", () => this.send({ type: "back" }));
    elements.vote.addEventListener("click", () => {
      this.send({ type: "vote_end", vote: elements.vote.getAttribute("aria-pressed") !== "true" });
    });
    elements.copy.addEventListener("click", () => this._copy());
    this.endInSight = null; // the session whose end was scrolled into sight
    // The last round's reveal plays first; its end brings the standings into sight.
    const reveal = document.getElementById("reveal");
    if (reveal) {
      new MutationObserver(() => this._bringEndIntoSight()).observe(reveal,
        { attributes: true, attributeFilter: ["data-done", "hidden"] });
    }
  }

  update(model) {
    const table = model.table || {};
    const room = table.room || {};
    this._facts(room, model);
    this._actions(model);
    this._ended(model);
    this._seed(model);
  }

  _facts(room, model) {
    const t = this.t;
    const [id, params] = roundLabel(this.room.session, room, model.round);
    const facts = [
      el("span", { class: "room-round", dataset: { round: id } }, t(id, params)),
      room.seats ? el("span", {}, t("room.seats", { count: room.seats })) : null,
      room.arrange_seconds ? el("span", {}, t("room.arrange", { seconds: room.arrange_seconds })) : null,
      room.horse_card ? el("span", { class: "room-horse" }, t("room.horse", { card: cardWord(room.horse_card) }))
        : null,
    ];
    this.elements.facts.replaceChildren(...facts.filter(Boolean));
  }

  _actions(model) {
    const t = this.t;
    const { start, back, vote, note } = this.elements;
    const session = this.room.session;
    const now = startNow({ seats: model.seats, you: model.you, userId: this.userId, session,
      round: model.round, minPlayers: this.rules.min_players });
    // After a session's end a Start now that nobody is ready for was a grey button beside
    // "Press Ready": it waits out of sight, with its note, until players are ready.
    const waiting = Boolean(session && session.ended) && !now.enabled;
    start.hidden = !now.shown || waiting;
    start.disabled = !now.enabled;
    start.textContent = t("room.start_now");
    const mine = roomActions({ seats: model.seats, userId: this.userId, session, round: model.round });
    back.hidden = !mine.back;
    back.textContent = t("room.back");
    vote.hidden = !mine.vote;
    vote.setAttribute("aria-pressed", String(mine.voted));
    vote.textContent = mine.voted ? t("room.vote_taken") : t("room.vote_end");
    const lines = [];
    if (mine.back) lines.push(t("room.away_you"));
    if (now.shown && !waiting) lines.push(t("room.start_help", { ready: now.ready, min: this.rules.min_players }));
    if (mine.voters.length) lines.push(t("room.voters", { names: mine.voters.join(", ") }));
    note.hidden = lines.length === 0;
    note.textContent = lines.join(" ");
  }

  _ended(model) {
    const t = this.t;
    const { end, endTitle, endReason, standings, link, copy, next } = this.elements;
    const session = this.room.session;
    const over = Boolean(session && session.ended) && model.round?.phase !== "arranging";
    end.hidden = !over;
    if (!over) return;
    this._sessionOverStatus(model);
    endTitle.textContent = t("session.title", { number: session.number });
    endReason.textContent = session.end_reason ? t(`session.${session.end_reason}`) : "";
    const rows = this.room.standings(model.seats);
    standings.replaceChildren(el("table", { class: "data standings" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", class: "number" }, t("session.rank")),
        el("th", { scope: "col" }, t("session.player")),
        el("th", { scope: "col", class: "number" }, t("session.total")),
        rows.some((row) => row.rounds !== undefined)
          ? el("th", { scope: "col", class: "number" }, t("session.won")) : null)),
      el("tbody", {}, rows.map((row) => el("tr", { class: row.user_id === this.userId ? "you" : null },
        el("td", { class: "number" }, String(row.rank)),
        el("td", {}, shownName(row.display_name, t)), // "Bot 3", as on its seat and the summary page
        el("td", { class: `number points ${row.total > 0 ? "win" : row.total < 0 ? "loss" : ""}` },
          signed(row.total)),
        row.rounds !== undefined ? el("td", { class: "number" }, `${row.rounds_won} / ${row.rounds}`) : null)))));
    const url = session.share_code ? fill(this.sessionUrl, { share_code: session.share_code }) : null;
    link.hidden = !url;
    copy.hidden = !url || !navigator.clipboard;
    if (url) {
      link.href = url;
      link.textContent = t("session.summary");
      copy.textContent = t("session.copy");
      copy.dataset.url = new URL(url, window.location.href).href;
    }
    next.textContent = model.you ? t("session.next") : "";
  }

  /** At a session's end the status says what comes next (the last round's "Press Ready
   * for the next one" read as if the session went on; issue 24, item 8). */
  _sessionOverStatus(model) {
    const status = this.elements.status || document.getElementById("phase-text");
    if (status && model.you && !model.you.ready) {
      status.textContent = this.t("session.next");
      status.classList.remove("auto");
    }
    this._bringEndIntoSight();
  }

  /** Once per session: the status bar and the standings under it scrolled into sight
   * when the last reveal is done (on a phone the summary sat above the viewport). */
  _bringEndIntoSight() {
    const { end } = this.elements;
    const session = this.room.session;
    if (end.hidden || !session || !session.ended || this.endInSight === session.number) return;
    const reveal = document.getElementById("reveal");
    if (reveal && !reveal.hidden && reveal.dataset.done !== "true") return;
    this.endInSight = session.number;
    // From the status bar down: its Ready is what the status asks for.
    // (Found by its class: the chat sits between the two.)
    const bar = end.parentElement?.querySelector(":scope > .status-bar") || end;
    bar.scrollIntoView({ block: "start", behavior: "instant" });
  }

  async _copy() {
    const { copy } = this.elements;
    try {
      await navigator.clipboard.writeText(copy.dataset.url);
      copy.textContent = this.t("action.copied");
      setTimeout(() => { copy.textContent = this.t("session.copy"); }, 2000);
    } catch {
      this.onNotice(this.t("action.copy_failed"));
    }
  }

  _seed(model) {
    const { seed } = this.elements;
    const round = model.round;
    const mine = round && round.phase === "settled" ? yourSeed(round, model.you?.position) : null;
    seed.hidden = !mine;
    if (!mine) return;
    seed.textContent = this.t(mine.byServer ? "seed.server" : "seed.yours", { seed: mine.short });
    seed.title = mine.fairness || "";
  }
}
