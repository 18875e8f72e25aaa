// A room's session on the table page, as plain data (docs/protocol.md, "Rooms and
// sessions"): the running totals kept in step with the messages, "round 3 of 8", who may
// press "Start now", "Vote to end", "I'm back" or "Free seat", the horse card's holder at
// the reveal and the player's own seed in a settled deal. No DOM: node's tests drive it.
//
// `state.session` holds the totals of the session so far; after that only `settled` (the
// round's totals by seat) and `session_ended` arrive, so the page adds each settled round
// once, by id, and a deal after an ended session opens a new one with nothing counted.

import { isPlaying } from "./banker_model.js";

export class RoomSession {
  /** `room`: state.table.room ({seats, rounds_planned, …}), for a session that opens. */
  constructor(room = null) {
    this.room = room;
    this.session = null;
    this.points = new Map();
    this.counted = new Set();
    this.summary = null; // session_ended's summary, while its view is shown
  }

  /** A `state`: its session replaces everything; `round` (settled) is counted in it. */
  load(session, round, room) {
    if (room) this.room = room;
    this.session = session ? { ...session } : null;
    this.points = new Map(Object.entries(session?.totals || {})
      .map(([user, points]) => [String(user), Number(points)]));
    this.counted = new Set();
    if (round && round.phase === "settled") this.counted.add(round.id);
    if (!this.session || !this.session.ended) this.summary = null;
  }

  /** A deal: after an ended session (or none) it opens the next one, with nothing counted. */
  dealt() {
    if (this.session && !this.session.ended) return;
    this.session = { number: (this.session?.number || 0) + 1, rounds_played: 0,
      rounds_planned: this.room?.rounds_planned ?? null, ended: false, end_reason: null,
      share_code: null, totals: {} };
    this.points = new Map();
    this.summary = null;
  }

  /** A settled round: its totals (by seat) go to each player's running total, once. */
  add(settled) {
    const id = settled.id ?? settled.round_id;
    if (this.counted.has(id)) return false;
    this.counted.add(id);
    if (!this.session || this.session.ended) this.dealt();
    for (const hand of settled.hands || []) {
      const user = String(hand.user_id);
      const points = Number(settled.totals?.[hand.position] ?? hand.points ?? 0);
      this.points.set(user, (this.points.get(user) || 0) + points);
    }
    this.session.rounds_played += 1;
    return true;
  }

  /** `session_ended`: the final standings and the share code. The server sends it before
   * the last round's `settled` (both of one change), so the summary's rounds are counted
   * here, and that `settled` then changes nothing. */
  ended(message) {
    const ended = message.session || {};
    this.session = { ...(this.session || { number: ended.number, rounds_played: 0 }),
      number: ended.number ?? this.session?.number, ended: true, end_reason: ended.reason,
      share_code: ended.share_code };
    this.summary = ended.summary || null;
    const rounds = this.summary && Array.isArray(this.summary.rounds) ? this.summary.rounds : null;
    if (!rounds) return;
    this.points = new Map();
    for (const line of rounds) {
      this.counted.add(line.round_id);
      for (const [user, points] of Object.entries(line.totals || {})) {
        this.points.set(String(user), (this.points.get(String(user)) || 0) + Number(points));
      }
    }
    this.session.rounds_played = rounds.length;
  }

  of(userId) {
    return this.points.get(String(userId)) || 0;
  }

  /** Whether the seats show totals: a session has started (running or just ended). */
  get started() {
    return Boolean(this.session);
  }

  /** The standings to show when the session is over: the summary's when the message
   * brought it, else (a reload) the totals by user id with the names the seats know. */
  standings(seats = []) {
    if (this.summary && Array.isArray(this.summary.standings)) {
      return this.summary.standings.map((row) => ({ rank: row.rank, user_id: row.user_id,
        display_name: row.display_name, total: row.total, rounds_won: row.rounds_won,
        rounds: row.rounds }));
    }
    const names = new Map(seats.map((seat) => [String(seat.user_id), seat.display_name]));
    const rows = [...this.points.entries()].map(([user, total]) => ({
      user_id: Number(user), display_name: names.get(user) || `#${user}`, total }))
      .sort((a, b) => b.total - a.total || a.display_name.localeCompare(b.display_name));
    let rank = 0;
    let previous = null;
    rows.forEach((row, i) => {
      if (row.total !== previous) { rank = i + 1; previous = row.total; }
      row.rank = rank;
    });
    return rows;
  }
}

/** The room's progress for the facts line: [string id, params]. */
export function roundLabel(session, room, round) {
  const planned = session && !session.ended ? session.rounds_planned : room?.rounds_planned ?? null;
  if (session && session.ended) return ["room.session_over", {}];
  if (!session) return planned ? ["room.rounds_planned", { total: planned }] : ["room.open_ended", {}];
  const number = session.rounds_played + (isPlaying(round) ? 1 : 0);
  if (number === 0) return planned ? ["room.rounds_planned", { total: planned }] : ["room.open_ended", {}];
  return planned ? ["room.round_of", { number, total: planned }] : ["room.round_open", { number }];
}

/** The host's "Start now": shown while no session runs and no round is played; enabled
 * when at least the rule set's minimum are ready (an away player counts as ready). */
export function startNow({ seats, you, userId, session, round, minPlayers }) {
  const host = seats.some((seat) => seat.user_id === userId && seat.host);
  const open = session && !session.ended;
  if (!you || !host || open || isPlaying(round)) return { shown: false, enabled: false, ready: 0 };
  const ready = seats.filter((seat) => seat.ready || seat.away).length;
  return { shown: true, enabled: ready >= minPlayers, ready };
}

/** The player's own buttons in a room: "I'm back" when away, "Vote to end" (pressed or
 * not) between the rounds of a session, and who has voted. */
export function roomActions({ seats, userId, session, round = null }) {
  const mine = seats.find((seat) => seat.user_id === userId) || null;
  const running = Boolean(session && !session.ended);
  return {
    back: Boolean(mine && mine.away),
    // Between rounds: while cards are arranged the bar keeps to the clock (a phone's
    // screen is short), and a vote cast then counts only once the round settles anyway.
    vote: Boolean(mine && running && !isPlaying(round)),
    voted: Boolean(mine && mine.end_vote),
    voters: running ? seats.filter((seat) => seat.end_vote).map((seat) => seat.display_name) : [],
  };
}

/** Whether the host sees "Free seat" on `seat`: an away player's, between rounds. */
export function mayFreeSeat({ seats, userId, round }, seat) {
  const host = seats.some((s) => s.user_id === userId && s.host);
  return host && Boolean(seat.away) && seat.user_id !== userId && !isPlaying(round);
}

/** The seat that played the horse card (马牌) in a settled round, or null: every pair
 * it settled names it. */
export function horseHolder(settled) {
  if (!settled) return null;
  if (settled.horse !== null && settled.horse !== undefined) return settled.horse;
  const pair = (settled.pairs || []).find((p) => p.horse !== null && p.horse !== undefined);
  return pair ? pair.horse : null;
}

/** The player's own client seed in a settled deal (docs/fairness.md, v2): {short, byServer}
 * with its first 8 hex digits, or null (a watcher, or a round dealt before v2). */
export function yourSeed(settled, position) {
  if (!settled || position === null || position === undefined) return null;
  const entry = (settled.client_seeds || []).find((s) => s.position === position);
  if (!entry || !entry.seed) return null;
  return { short: entry.seed.slice(0, 8), byServer: Boolean(entry.by_server), fairness: settled.fairness };
}

/** A card code as players read it on a badge: ♥K for Kh, ♥10 for Th. */
export function cardWord(code) {
  const suits = { s: "♠", h: "♥", c: "♣", d: "♦" };
  const rank = code.slice(0, -1).toUpperCase();
  const suit = suits[code.slice(-1).toLowerCase()];
  return suit ? `${suit}${rank === "T" ? "10" : rank}` : code;
}
