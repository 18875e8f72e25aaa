// A room's session on the table page (static/js/room_model.js): the running totals kept
// in step with `state`, `settled`, `round_started` and `session_ended`; "round 3 of 8";
// who may press "Start now", "I'm back", "Vote to end" and "Free seat"; the horse card's
// holder and the player's own seed in a settled deal. Shapes as docs/protocol.md's
// "Rooms and sessions" and games/live/room_views.py build them.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  RoomSession, cardWord, horseHolder, mayFreeSeat, roomActions, roundLabel, startNow, yourSeed,
} from "../../static/js/room_model.js";

const room = { seats: 4, rounds_planned: 4, arrange_seconds: 20, horse_card: null, host: 10 };
const settled = (id, totals) => ({ id, number: id, phase: "settled",
  hands: [{ position: 0, user_id: 10, points: totals[0] }, { position: 1, user_id: 11, points: totals[1] }],
  totals: { 0: totals[0], 1: totals[1] }, pairs: [] });
const seat = (position, user_id, fields = {}) => ({ position, user_id, display_name: `P${user_id}`,
  ready: false, connected: true, submitted: false, host: false, away: false, end_vote: false, ...fields });

test("the running totals start from the state's session and add each settled round once", () => {
  const session = new RoomSession();
  const round = settled(7, [3, -3]);
  session.load({ number: 1, rounds_played: 2, rounds_planned: 4, ended: false, totals: { 10: 5, 11: -5 } },
    round, room);
  assert.equal(session.of(10), 5, "the state's totals already hold its settled round");
  assert.equal(session.add(round), false);
  session.dealt(); // round 3 of the same session: nothing resets
  assert.equal(session.of(10), 5);
  assert.equal(session.add(settled(8, [-2, 2])), true);
  assert.equal(session.add(settled(8, [-2, 2])), false, "a settled message delivered twice");
  assert.equal(session.of(10), 3);
  assert.equal(session.of(11), -3);
  assert.equal(session.of(99), 0);
  assert.equal(session.session.rounds_played, 3);
});

test("a deal after the session ended opens the next session with nothing counted", () => {
  const session = new RoomSession(room);
  assert.equal(session.started, false);
  session.add(settled(1, [4, -4]));
  assert.equal(session.started, true);
  assert.equal(session.session.rounds_planned, 4);
  session.ended({ type: "session_ended", session: { number: 1, reason: "voted", share_code: "ABC",
    summary: { standings: [{ rank: 1, user_id: 10, display_name: "Ann", total: 4, rounds_won: 1, rounds: 1 }] } } });
  assert.equal(session.session.ended, true);
  assert.equal(session.of(10), 4, "the finals stay on the seats until the next deal");
  assert.deepEqual(session.standings().map((r) => [r.rank, r.display_name, r.total]), [[1, "Ann", 4]]);
  session.dealt();
  assert.deepEqual([session.session.number, session.session.rounds_played, session.of(10)], [2, 0, 0]);
  assert.equal(session.summary, null);
});

test("session_ended before its last round's settled: the round counts once, no new session", () => {
  const session = new RoomSession(room);
  session.add(settled(1, [4, -4]));
  session.ended({ type: "session_ended", session: { number: 1, reason: "completed", share_code: "S",
    summary: { rounds: [{ round_id: 1, number: 1, totals: { 10: 4, 11: -4 } },
      { round_id: 2, number: 2, totals: { 10: -1, 11: 1 } }], standings: [] } } });
  assert.deepEqual([session.of(10), session.of(11), session.session.rounds_played], [3, -3, 2]);
  assert.equal(session.add(settled(2, [-1, 1])), false);
  assert.deepEqual([session.session.number, session.session.ended, session.of(10)], [1, true, 3]);
});

test("after a reload the standings come from the totals, ranked with ties shared", () => {
  const session = new RoomSession();
  session.load({ number: 1, rounds_played: 4, rounds_planned: 4, ended: true, end_reason: "completed",
    share_code: "Q", totals: { 10: 2, 11: 2, 12: -4 } }, null, room);
  const rows = session.standings([seat(0, 10), seat(1, 11), seat(2, 12)]);
  assert.deepEqual(rows.map((r) => [r.rank, r.display_name, r.total]),
    [[1, "P10", 2], [1, "P11", 2], [3, "P12", -4]]);
});

test("the room says round N of M while a round is played, and how many rounds otherwise", () => {
  const playing = { id: 3, phase: "arranging" };
  assert.deepEqual(roundLabel(null, room, null), ["room.rounds_planned", { total: 4 }]);
  assert.deepEqual(roundLabel(null, { ...room, rounds_planned: null }, null), ["room.open_ended", {}]);
  const session = { rounds_played: 2, rounds_planned: 8, ended: false };
  assert.deepEqual(roundLabel(session, room, playing), ["room.round_of", { number: 3, total: 8 }]);
  assert.deepEqual(roundLabel(session, room, { phase: "settled" }), ["room.round_of", { number: 2, total: 8 }]);
  assert.deepEqual(roundLabel({ ...session, rounds_planned: null }, room, playing), ["room.round_open", { number: 3 }]);
  assert.deepEqual(roundLabel({ ...session, ended: true }, room, null), ["room.session_over", {}]);
});

test("Start now: the host's, before the session, enabled with the minimum ready", () => {
  const seats = [seat(0, 10, { host: true, ready: true }), seat(1, 11)];
  const base = { seats, you: { position: 0 }, userId: 10, session: null, round: null, minPlayers: 2 };
  assert.deepEqual(startNow(base), { shown: true, enabled: false, ready: 1 });
  const away = [seats[0], { ...seats[1], away: true }];
  assert.equal(startNow({ ...base, seats: away }).enabled, true, "an away player counts as ready");
  const both = [seats[0], { ...seats[1], ready: true }];
  assert.equal(startNow({ ...base, seats: both }).enabled, true);
  assert.equal(startNow({ ...base, userId: 11, you: { position: 1 } }).shown, false, "not the host");
  assert.equal(startNow({ ...base, session: { ended: false } }).shown, false, "the session runs");
  assert.equal(startNow({ ...base, session: { ended: true } }).shown, true, "the next session");
  assert.equal(startNow({ ...base, round: { phase: "arranging" } }).shown, false);
  assert.equal(startNow({ ...base, you: null }).shown, false);
});

test("away and back, the vote to end, and freeing an away player's seat", () => {
  const seats = [seat(0, 10, { host: true }), seat(1, 11, { away: true, end_vote: true })];
  const running = { ended: false };
  assert.deepEqual(roomActions({ seats, userId: 11, session: running }),
    { back: true, vote: true, voted: true, voters: ["P11"] });
  assert.deepEqual(roomActions({ seats, userId: 10, session: running }),
    { back: false, vote: true, voted: false, voters: ["P11"] });
  assert.deepEqual(roomActions({ seats, userId: 10, session: null }),
    { back: false, vote: false, voted: false, voters: [] });
  assert.equal(roomActions({ seats, userId: 99, session: running }).vote, false, "a watcher");
  assert.equal(roomActions({ seats, userId: 10, session: running, round: { phase: "arranging" } }).vote,
    false, "not while cards are arranged");
  assert.equal(roomActions({ seats, userId: 10, session: running, round: { phase: "settled" } }).vote, true);
  assert.equal(mayFreeSeat({ seats, userId: 10, round: { phase: "settled" } }, seats[1]), true);
  assert.equal(mayFreeSeat({ seats, userId: 10, round: { phase: "arranging" } }, seats[1]), false);
  assert.equal(mayFreeSeat({ seats, userId: 11, round: null }, seats[1]), false, "not the host");
  assert.equal(mayFreeSeat({ seats, userId: 10, round: null }, seats[0]), false, "not away");
});

test("the horse card's holder is the seat its pairs name; your seed is its first 8 digits", () => {
  const round = { pairs: [{ a: 0, b: 1, horse: null }, { a: 1, b: 2, horse: 2 }, { a: 0, b: 2, horse: 2 }],
    client_seeds: [{ position: 0, seed: "3f9a0c1e55aa", by_server: false },
      { position: 1, seed: "00112233ffee", by_server: true }], fairness: "hmac-sha256-fy-v2" };
  assert.equal(horseHolder(round), 2);
  assert.equal(horseHolder({ pairs: [{ a: 0, b: 1, horse: null }] }), null);
  assert.equal(horseHolder({ ...round, horse: 0 }), 0);
  assert.deepEqual(yourSeed(round, 0), { short: "3f9a0c1e", byServer: false, fairness: "hmac-sha256-fy-v2" });
  assert.equal(yourSeed(round, 1).byServer, true);
  assert.equal(yourSeed(round, 3), null);
  assert.equal(yourSeed(round, null), null);
  assert.equal(yourSeed({ pairs: [] }, 0), null, "a round dealt before v2");
  assert.deepEqual(["Kh", "Th", "5h"].map(cardWord), ["♥K", "♥10", "♥5"]);
});
