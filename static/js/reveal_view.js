// The reveal on screen: every player's rows face down, then turned over row by row with
// the smallest hand first (reveal.js decides the order), each row's points, the
// announcements (fouls, specials, 打枪, 全垒打) with their sounds, then the totals, the
// table's running score and a link to the round's replay. The hands stand for the seats
// while it shows (issue 24): each row's points, each announcement and the total appear on
// the hands they concern; the sentences are for screen readers. In 多三张 each hand also shows
// its discards, turned over with its back row, and tags the cards it took from its
// candidates; the settled payload is the first to hold them, so nothing shows them sooner. A player who arrives after the
// settlement (a reload, a reconnect) sees the result at once, without the show (seed 000
// §3.6). A 十三道 round marks the banker, says which pairs agreed (谈判) and ends with the
// table of every player against the banker, the pot and the swap fees included.

import { amountWords } from "./banker_model.js";
import { drawBankerSummary } from "./banker_reveal.js";
import { cardBackSVG } from "./cards.js";
import { cardImage, el } from "./dom.js";
import { signed } from "./i18n.js";
import { ROWS, compareKeys, evaluate, rowLabel } from "./rows.js";
import { candidateMarks, revealSteps, rowPoints } from "./reveal.js";
import { cardWord, horseHolder } from "./room_model.js";
import { botLevel, shownName } from "./seat_names.js";
import { accountRound, pairComponents } from "./table_accounting.js";
import { drawBreakdown, showStep } from "./table_breakdown.js";
import { avatar, ratingText, seatSpot } from "./table_seats.js";
import { revealSeconds } from "./table_seconds.js";

const FLIP_MS = 320; // between two hands of one row
const ROW_PAUSE_MS = 600; // after a row, before the next
const ANNOUNCE_MS = 700;
const FIT_MARGIN_PX = 48; // the felt's border and padding, and "Every pair" under it

export class RevealView {
  /**
   * elements: {root, title, skip, replay, announcements, hands, details, summary, pairTable,
   *   bankerSummary}
   * options: {t, rules, sounds, youPosition() → number|null, session (of(userId): the
   *   session's running total), horseCard() → the room's 马牌 code or null, seatCount()
   *   → the table's seats (where each hand sits around the felt), avatarOf(position) → the
   *   seat's avatar URL or null, onTotals(deltas: Map userId → points) when the round's
   *   points reach the seats,
   *   replayUrl(settled) → string|null (reveal.js's replayUrl, with the page's facts)}
   */
  constructor(elements, options) {
    Object.assign(this, options);
    this.elements = elements;
    this.timers = [];
    this.settled = null;
    // The round's points by user id while the show has not reached the totals: the seats
    // keep their score from before the round until then.
    this.pending = null;
    elements.skip.addEventListener("click", () => this.finish());
    window.addEventListener("resize", () => this.fit());
  }

  /**
   * The seats' facts on the hands while the reveal is the table (the felt's seats give it
   * their place): a bot's level, whether the player is ready for the next round (once the
   * show is over) and the running score, which takes the round's points at the totals.
   */
  seatFacts(seats) {
    this.seats = seats || [];
    if (!this.settled) return;
    const t = this.t;
    const done = this.elements.root.dataset.done === "true";
    for (const hand of this.settled.hands) {
      const panel = this._panel(hand.position);
      if (!panel) continue;
      const seat = this.seats.find((s) => s.position === hand.position && s.user_id === hand.user_id) || null;
      const level = panel.querySelector(".badge.bot-level");
      const bot = seat && seat.bot !== null && seat.bot !== undefined && seat.bot !== false ? seat.bot : null;
      level.hidden = bot === null;
      level.textContent = bot === null ? "" : typeof bot === "string" ? botLevel(bot, t) : t("felt.bot");
      let state = "";
      if (seat && done) state = seat.connected === false ? t("seat.disconnected") : t(seat.ready ? "seat.ready" : "seat.not_ready");
      else if (!seat) state = t("felt.left_table");
      const node = panel.querySelector(".reveal-state");
      node.textContent = state;
      node.className = `reveal-state${seat?.ready ? " ready" : ""}`;
      // Before the totals the score is the one from before this round; after, it has it.
      const round = this.accounts.get(hand.position)?.total || 0;
      const points = this.session.of(hand.user_id) - (this.pending?.get(String(hand.user_id)) || 0);
      const before = this.pending ? points : points - round;
      const score = panel.querySelector(".reveal-score");
      score.hidden = before === 0;
      score.textContent = t("seat.session", { points: signed(points) });
      score.className = `reveal-score ${points > 0 ? "win" : points < 0 ? "loss" : "tie"}${this.pending ? "" : " landed"}`;
    }
    this.fit(); // the status above may have changed its lines
  }

  /**
   * The cards are as big as the screen's height leaves the felt (felt.css sizes them from
   * --above): what the page holds above the felt — the status, whose lines vary — and
   * the line below it. Called when the reveal is drawn, when the seats change and when
   * the screen turns.
   */
  fit() {
    const table = this.elements.table;
    if (this.elements.root.hidden) return;
    let above = table.getBoundingClientRect().top + window.scrollY + FIT_MARGIN_PX;
    // The hands' other lines (badges, specials, 多三张's discards) vary: where the felt
    // still ends below the screen, the cards give up what it lacks.
    for (let turn = 0; turn < 3; turn += 1) {
      table.style.setProperty("--above", `${Math.round(above)}px`);
      const over = table.getBoundingClientRect().bottom + window.scrollY - window.innerHeight;
      if (over <= 0) break;
      above += over + 2;
    }
  }

  hide() {
    this._cancel();
    this.settled = null;
    this.pending = null;
    this.elements.root.hidden = true;
  }

  /** Show a settled round; `animate` plays the reveal step by step. */
  show(settled, { animate }) {
    if (this.settled && this.settled.id === settled.id && !animate) return;
    this._cancel();
    this.settled = settled;
    this.steps = revealSteps(settled, this.rules.wheel);
    this.net = rowPoints(settled);
    this.accounts = accountRound(settled);
    this.pending = animate ? new Map(settled.hands.map((hand) => [String(hand.user_id),
      this.accounts.get(hand.position)?.total || 0])) : null;
    const { root, title, skip, replay, announcements, summary } = this.elements;
    root.hidden = false;
    root.dataset.done = "false";
    replay.hidden = true;
    title.textContent = this.t("reveal.title", { number: settled.number });
    skip.textContent = this.t("action.skip_reveal");
    summary.textContent = this.t("reveal.pairs");
    announcements.replaceChildren();
    this.elements.comparisons.replaceChildren();
    this._renderHands();
    this._renderPairs();
    this.seatFacts(this.seats);
    this.elements.bankerSummary.hidden = true;
    if (!animate) {
      this.finish();
      return;
    }
    skip.hidden = false;
    // The show is watched where it plays: the felt comes into view, whole.
    const box = this.elements.table.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      window.scrollTo(0, 0);
      if (this.elements.table.getBoundingClientRect().bottom > window.innerHeight) {
        this.elements.table.scrollIntoView({ block: "end" });
      }
    }
    this._play();
  }

  /** Everything at once (the "Show all" button, or arriving after the settlement). */
  finish() {
    if (!this.settled) return;
    this._cancel();
    const { announcements, comparisons } = this.elements;
    announcements.replaceChildren();
    for (const step of this.steps) this._apply(step, false);
    comparisons.replaceChildren();
    this._done();
  }

  /** The show is over: "Show all" gives way to the replay, where the viewer may watch it. */
  _done() {
    const { root, skip, replay } = this.elements;
    skip.hidden = true;
    root.dataset.done = "true";
    // Every row is shown on the hands now; the middle keeps the announcements.
    this.elements.comparisons.replaceChildren();
    this.seatFacts(this.seats);
    const url = this.replayUrl(this.settled);
    replay.hidden = !url;
    if (url) {
      replay.href = url;
      replay.textContent = this.t("reveal.replay");
    }
  }

  _cancel() {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers = [];
  }

  _later(ms, fn) {
    this.timers.push(setTimeout(fn, ms));
  }

  _play() {
    let at = 400;
    for (const step of this.steps) {
      if (step.kind === "row") {
        step.order.forEach((position) => {
          this._later(at, () => { this._flip(position, step.row); this.sounds.play("flip"); });
          at += FLIP_MS;
        });
        this._later(at, () => this._rowPoints(step.row));
        at += ROW_PAUSE_MS;
      } else {
        // An announcement adds its words to the hands it concerns: fit the felt again.
        this._later(at, () => { this._apply(step, true); this.fit(); });
        at += step.kind === "totals" ? 0 : ANNOUNCE_MS;
      }
    }
    this._later(at, () => this._done());
  }

  _apply(step, withSound) {
    if (step.kind === "row") {
      step.order.forEach((position) => this._flip(position, step.row));
      this._rowPoints(step.row);
      return;
    }
    if (step.kind === "totals") {
      this._totals(step.totals);
      showStep(this.elements.hands, "totals");
      const deltas = this.pending;
      this.pending = null;
      if (deltas && this.onTotals) this.onTotals(deltas);
      if (withSound) this.sounds.play("points");
      drawBankerSummary(this.elements.bankerSummary, this.settled, { t: this.t, name: (p) => this._name(p),
        specialName: (code) => this._special(code), you: this.youPosition() });
      return;
    }
    const t = this.t;
    const name = (position) => this._name(position);
    const special = (code) => this._special(code);
    let text = "";
    let sound = null;
    if (step.kind === "foul") {
      text = t("reveal.foul", { name: name(step.position) });
      this._panel(step.position)?.classList.add("fouled");
      showStep(this.elements.hands, "foul");
    } else if (step.kind === "special") {
      text = t("reveal.special", { name: name(step.position), special: special(step.code) });
      ROWS.forEach((row) => this._flip(step.position, row));
      const line = this._line(step.position, `special:${step.code}`);
      if (line) text += ` ${signed(line)}`;
      showStep(this.elements.hands, "special");
      sound = "scoop";
    } else if (step.kind === "special_pair") {
      text = step.winner === null ? `${name(step.a)} · ${name(step.b)}: ${t("reveal.special_tie")}`
        : t("reveal.special_pair", {
          winner: name(step.winner), loser: name(step.winner === step.a ? step.b : step.a),
          points: step.points, special: special(step.code),
        });
    } else if (step.kind === "scoop") {
      // 十三道 calls a scoop 三砍 (RULES.md §8.5).
      const banker = this.settled.banker !== null && this.settled.banker !== undefined;
      text = t(banker ? "reveal.scoop_banker" : "reveal.scoop", { winner: name(step.winner), loser: name(step.loser) });
      // What the scoop itself added to the rows (issue 14: it was shown nowhere).
      text += ` ${signed(this._scoopPoints(step.winner, step.loser))}`;
      showStep(this.elements.hands, "scoop");
      sound = "scoop";
    } else if (step.kind === "home_run") {
      text = t("reveal.home_run", { name: name(step.position) });
      text += ` ${signed(this._line(step.position, "home_run"))}`;
      showStep(this.elements.hands, "home_run");
      sound = "home_run";
    } else if (step.kind === "agreed") {
      const [id, params] = amountWords(step.points, { viewer: null, banker: step.a, pair: step.b, names: name });
      text = t("reveal.agreed", { name: name(step.b), deal: t(id, params) });
    }
    this.elements.announcements.append(el("li", { class: `announce ${step.kind}` }, text));
    if (withSound) this._news(step);
    if (withSound && sound) this.sounds.play(sound);
  }

  /** A step's word at the seats it concerns, on their hands (seen while the show plays;
   * the account under the rows keeps its points). */
  _news(step) {
    const t = this.t;
    const name = (position) => this._name(position);
    const at = [];
    if (step.kind === "foul") at.push([step.position, "foul", t("felt.news_foul"), null]);
    else if (step.kind === "special") {
      at.push([step.position, "special", this._special(step.code), this._line(step.position, `special:${step.code}`)]);
    } else if (step.kind === "special_pair" && step.winner !== null) {
      const loser = step.winner === step.a ? step.b : step.a;
      at.push([step.winner, "special win", t("felt.news_beats", { name: name(loser) }), step.points]);
      at.push([loser, "special loss", t("felt.news_beaten", { name: name(step.winner) }), -step.points]);
    } else if (step.kind === "scoop") {
      const banker = this.settled.banker !== null && this.settled.banker !== undefined;
      const points = this._scoopPoints(step.winner, step.loser);
      // 十三道 calls a scoop 三砍 (RULES.md §8.5).
      const scoops = banker ? t("felt.news_scoop_banker", { name: name(step.loser) })
        : t("felt.news_scoop", { name: name(step.loser) });
      const scooped = banker ? t("felt.news_scooped_banker", { name: name(step.winner) })
        : t("felt.news_scooped", { name: name(step.winner) });
      at.push([step.winner, "scoop win", scoops, points]);
      at.push([step.loser, "scoop loss", scooped, -points]);
    } else if (step.kind === "home_run") {
      at.push([step.position, "home_run win", t("felt.line_home_run"), this._line(step.position, "home_run")]);
      for (const hand of this.settled.hands) {
        if (hand.position !== step.position && !hand.special) {
          at.push([hand.position, "home_run loss", t("felt.line_home_run"), this._line(hand.position, "home_run")]);
        }
      }
    } else if (step.kind === "agreed") {
      at.push([step.b, "agreed", t("reveal.agreed_badge"), null]);
    }
    for (const [position, kind, words, points] of at) {
      const news = this._panel(position)?.querySelector(".reveal-news");
      if (!news) continue;
      news.replaceChildren(el("span", { class: `news ${kind}`, dataset: { kind: step.kind } }, words,
        points === null || points === undefined ? null : el("b", {}, ` ${signed(points)}`)));
    }
  }

  /** The scoop's own points for `winner` against `loser` (after the rows, before the home
   * run and the horse card). */
  _scoopPoints(winner, loser) {
    const pair = this.settled.pairs.find((p) => (p.a === winner && p.b === loser) || (p.a === loser && p.b === winner));
    if (!pair) return 0;
    const scoop = pairComponents(pair, this.settled.home_run_multiplier || 2).find((c) => c.kind === "scoop");
    return scoop ? Math.abs(scoop.points) : 0;
  }

  /** One line of a player's account (table_accounting.js summaryLines' key): its points. */
  _line(position, key) {
    const entry = this.accounts.get(position);
    if (!entry) return 0;
    return entry.components.filter((c) => (c.kind === "special" ? `special:${c.code}` : c.kind) === key)
      .reduce((sum, c) => sum + c.points, 0);
  }

  _special(code) {
    return (this.rules.specials[code] || { name: code }).name;
  }

  _name(position) {
    const hand = this.settled.hands.find((h) => h.position === position);
    return hand ? shownName(hand.display_name, this.t) : `#${position + 1}`;
  }

  _panel(position) {
    return this.elements.hands.querySelector(`[data-position="${position}"]`);
  }

  _renderHands() {
    const t = this.t;
    const you = this.youPosition();
    const banker = this.settled.banker ?? null;
    // The horse card (马牌): its holder's every result was doubled, so the panel says so.
    const horse = horseHolder(this.settled);
    const horseCard = this.horseCard ? this.horseCard() : null;
    const agreed = new Set(this.settled.pairs.filter((pair) => pair.negotiated).map((pair) => pair.b));
    const seats = Math.max(this.seatCount ? this.seatCount() : 0, ...this.settled.hands.map((h) => h.position + 1));
    const context = { t, special: (code) => this._special(code), name: (p) => this._name(p),
      banker: banker !== null };
    this.elements.hands.dataset.count = String(this.settled.hands.length);
    this.elements.table.dataset.count = String(this.settled.hands.length);
    this.elements.hands.replaceChildren(...this.settled.hands.map((hand) => {
      const at = seatSpot(hand.position, you, seats);
      const rows = ROWS.map((row) => el("div", { class: "reveal-row", dataset: { row } },
        el("div", { class: "reveal-cards" },
          hand[row].map(() => el("span", { class: "card-static back", html: cardBackSVG() }))),
        el("div", { class: "reveal-meta" },
          el("span", { class: "reveal-label" }),
          el("span", { class: "row-points" }))));
      const discards = hand.discards && hand.discards.length
        ? el("div", { class: "reveal-discards" },
          el("span", { class: "reveal-discards-title" }, t("reveal.discards")),
          el("div", { class: "reveal-cards" },
            hand.discards.map(() => el("span", { class: "card-static back", html: cardBackSVG() }))))
        : null;
      const isBanker = hand.position === banker;
      return el("article", { class: `reveal-hand at-${at}${hand.position === you ? " you" : ""}${isBanker ? " banker" : ""}`,
        dataset: { position: hand.position, at, userId: hand.user_id } },
      el("header", {},
        avatar({ display_name: hand.display_name,
          avatar: hand.avatar || (this.avatarOf ? this.avatarOf(hand.position) : null) }, t, "small"),
        el("span", { class: "reveal-name" }, shownName(hand.display_name, t),
          hand.position === you ? ` (${t("seat.you")})` : ""),
        // The round's total lands here, on the seat.
        el("span", { class: "reveal-total", "aria-live": "polite" }),
        el("span", { class: "reveal-tags" },
            el("span", { class: "badge bot-level", hidden: true }),
            isBanker ? el("span", { class: "badge banker" }, t("reveal.banker")) : null,
            agreed.has(hand.position) ? el("span", { class: "badge agreed" }, t("reveal.agreed_badge")) : null,
            hand.auto ? el("span", { class: "badge auto" }, t("reveal.auto")) : null,
            hand.special ? el("span", { class: "badge special" }, this._special(hand.special)) : null,
            hand.position === horse ? el("span", { class: "badge horse",
              title: t("reveal.horse", { name: hand.display_name, card: horseCard ? cardWord(horseCard) : "" }) },
            `马 ${horseCard ? cardWord(horseCard) : ""}`.trim()) : null,
          el("span", { class: "reveal-state" }),
          // The seat's running score, once the table has played rounds before this one.
          el("span", { class: "reveal-score", hidden: true })),
        // A rated round: this person's new rating and its change, at the totals (a line
        // of its own: a narrow hand keeps its name whole).
        el("span", { class: "reveal-rating", hidden: true })),
      el("div", { class: "reveal-rows" }, rows),
      discards,
      drawBreakdown(this.accounts.get(hand.position), hand, context),
      // What a step did to this seat (打枪, 全垒打, a special, a foul), said where it happened.
      el("div", { class: "reveal-news", "aria-hidden": "true" }));
    }));
  }

  _flip(position, row) {
    const panel = this._panel(position);
    const hand = this.settled.hands.find((h) => h.position === position);
    if (!panel || !hand) return;
    const box = panel.querySelector(`.reveal-row[data-row="${row}"]`);
    const cards = box.querySelector(".reveal-cards");
    if (cards.dataset.shown === "true") return;
    cards.dataset.shown = "true";
    const marks = candidateMarks(hand);
    // 多一色: the second copy among every seat's cards (seat order, rows, then discards).
    const seconds = revealSeconds(this.settled.hands).get(position);
    cards.replaceChildren(...hand[row].map((code, i) => this._card(code, marks[row][i], seconds[row][i])));
    if (!hand.special) {
      const value = evaluate(hand[row], this.rules.wheel);
      box.querySelector(".reveal-label").textContent = rowLabel(value, this.t.strings).text;
    }
    // The discards turn over with the last row (every hand's back row turns at some step).
    const discards = panel.querySelector(".reveal-discards .reveal-cards");
    if (row === "back" && discards) {
      discards.replaceChildren(...hand.discards.map((code, i) => this._card(code, marks.discards[i], seconds.discards[i])));
    }
  }

  _card(code, candidate, second = false) {
    const card = cardImage(code, this.t, candidate ? "flip-in candidate" : "flip-in", second);
    if (candidate) {
      card.dataset.tag = this.t("card.candidate_tag");
      card.setAttribute("title", this.t("card.candidate"));
    }
    return card;
  }

  _rowPoints(row) {
    showStep(this.elements.hands, `row:${row}`);
    this._compare(row);
    // The row's strongest hand (shown last) is marked at its seat.
    const order = this.steps.find((step) => step.kind === "row" && step.row === row)?.order || [];
    const key = (position) => evaluate(this.settled.hands.find((h) => h.position === position)[row], this.rules.wheel).key;
    if (order.length > 1 && compareKeys(key(order.at(-1)), key(order.at(-2))) !== 0) {
      this._panel(order.at(-1))?.querySelector(`.reveal-row[data-row="${row}"]`)?.classList.add("best");
    }
    for (const hand of this.settled.hands) {
      // A hand whose every opponent declared a special had no row compared: no "0" to show.
      if (hand.special || this.net.get(hand.position).compared === 0) continue;
      const points = this.net.get(hand.position).rows[row];
      const node = this._panel(hand.position)?.querySelector(`.reveal-row[data-row="${row}"] .row-points`);
      if (!node) continue;
      node.textContent = signed(points);
      node.className = `row-points ${points > 0 ? "win" : points < 0 ? "loss" : "tie"}`;
    }
  }

  /** The row's comparisons in the middle of the table, each between its two players. */
  _compare(row) {
    const t = this.t;
    const title = t(`row_title.${row}`);
    const lines = [];
    for (const pair of this.settled.pairs) {
      if (pair.special || pair.negotiated) continue;
      const result = (pair.rows || []).find((r) => r.row === row);
      if (!result) continue;
      const winner = result.winner;
      const text = winner === null || winner === undefined
        ? t("felt.compare_tie", { row: title, a: this._name(pair.a), b: this._name(pair.b) })
        : t("felt.compare_row", { row: title, winner: this._name(winner),
          loser: this._name(winner === pair.a ? pair.b : pair.a), points: result.points });
      lines.push(el("li", { class: "comparison", dataset: { a: pair.a, b: pair.b, row } }, text));
    }
    this.elements.comparisons.replaceChildren(...lines);
  }

  _totals(totals) {
    for (const hand of this.settled.hands) {
      const panel = this._panel(hand.position);
      if (!panel) continue;
      const points = totals[hand.position];
      const total = panel.querySelector(".reveal-total");
      total.textContent = signed(points);
      total.className = `reveal-total landed ${points > 0 ? "win" : points < 0 ? "loss" : "tie"}`;
      const change = (this.settled.ratings || {})[String(hand.position)];
      const rating = panel.querySelector(".reveal-rating");
      rating.hidden = !change;
      if (change) {
        rating.textContent = this.t("reveal.rating", { rating: ratingText(change.after, change.provisional),
          delta: signed(change.delta) });
        rating.className = `reveal-rating ${change.delta > 0 ? "win" : change.delta < 0 ? "loss" : "tie"}`;
      }
      panel.querySelector(".reveal-news").replaceChildren();
    }
  }

  _renderPairs() {
    const t = this.t;
    const head = el("tr", {}, el("th", { scope: "col" }, ""),
      ROWS.map((row) => el("th", { scope: "col" }, t(`row_name.${row}`))),
      el("th", { scope: "col" }, ""), el("th", { scope: "col", class: "number" }, t("reveal.totals")));
    const body = this.settled.pairs.map((pair) => {
      const cells = ROWS.map((row) => {
        const result = pair.rows.find((r) => r.row === row);
        if (!result) return el("td", {}, "—");
        if (result.winner === null || result.winner === undefined) return el("td", {}, t("reveal.tie"));
        return el("td", {}, t("reveal.wins", { name: this._name(result.winner), points: result.points }));
      });
      let note = "";
      if (pair.negotiated) note = t("reveal.how_agreed");
      else if (pair.special) note = (this.rules.specials[pair.special.code] || { name: pair.special.code }).name;
      else if (pair.home_run !== null && pair.home_run !== undefined) note = "全垒打";
      else if (pair.scoop !== null && pair.scoop !== undefined) note = "打枪";
      return el("tr", {}, el("th", { scope: "row" }, `${this._name(pair.a)} · ${this._name(pair.b)}`), cells,
        el("td", {}, note),
        el("td", { class: "number" },
          t("reveal.points_for", { name: this._name(pair.a), points: signed(pair.points) })));
    });
    // Wider than a phone, the table scrolls sideways in its own wrapper, never the page;
    // the wrapper takes the keyboard's focus so arrow keys scroll it too. (The table stays
    // a table: made a scrolling block, it lost its rows and columns to screen readers.)
    this.elements.pairTable.replaceChildren(el("div", { class: "pair-table-wrap", role: "region",
      tabindex: "0", "aria-label": t("reveal.pairs") },
    el("table", { class: "data pair-table" }, el("thead", {}, head), el("tbody", {}, body))));
  }
}
