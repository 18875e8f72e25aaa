// The table client: resync on connect, version gaps, reconnects with back-off, pings, and
// a resync when an arranging round's deadline passes with no settlement.
import assert from "node:assert/strict";
import { test } from "node:test";

import { STATUS, TableClient, newClientSeed, tableSocketUrl } from "../../static/js/protocol.js";

// A WebSocket stand-in the test drives by hand, and a clock that runs only when told.
function harness(options = {}) {
  const sockets = [];
  class FakeSocket {
    constructor(url) {
      this.url = url;
      this.sent = [];
      this.readyState = 0;
      sockets.push(this);
    }
    send(data) { this.sent.push(JSON.parse(data)); }
    close(code = 1000) { this.readyState = 3; this.onclose?.({ code }); }
    open() { this.readyState = 1; this.onopen?.(); }
    receive(message) { this.onmessage?.({ data: JSON.stringify(message) }); }
    drop(code = 1006) { this.readyState = 3; this.onclose?.({ code }); }
  }
  let now = 0;
  let timers = [];
  const clock = {
    setTimeout(fn, ms) { const timer = { fn, at: now + ms }; timers.push(timer); return timer; },
    clearTimeout(timer) { timers = timers.filter((t) => t !== timer); },
    advance(ms) {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        due.fn();
      }
    },
  };
  const seen = { states: [], events: [], errors: [], statuses: [] };
  const client = new TableClient("ws://test/ws/tables/1/", {
    onState: (m) => seen.states.push(m), onEvent: (m) => seen.events.push(m),
    onError: (m) => seen.errors.push(m), onStatus: (s, d) => seen.statuses.push([s, d]),
  }, { WebSocketImpl: FakeSocket, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout,
    now: () => now, random: () => 0.5, pingInterval: 20000, pongTimeout: 10000, ...options });
  return { client, sockets, clock, seen };
}

function connected() {
  const h = harness();
  h.client.connect();
  h.sockets[0].open();
  h.sockets[0].receive({ type: "state", version: 5, table: {}, seats: [] });
  return h;
}

test("on open the client waits for the state the server greets it with", () => {
  const { client, sockets, seen } = harness();
  client.connect();
  assert.equal(seen.statuses[0][0], STATUS.CONNECTING);
  sockets[0].open();
  assert.deepEqual(sockets[0].sent, []);
  assert.equal(client.status, STATUS.OPEN);
  sockets[0].receive({ type: "seats", version: 3 });
  assert.equal(seen.events.length, 0);
  sockets[0].receive({ type: "state", version: 3 });
  sockets[0].receive({ type: "seats", version: 4 });
  assert.deepEqual(seen.events.map((m) => m.type), ["seats"]);
});

test("messages of the current or next version apply; the same version twice is fine", () => {
  const { client, sockets, seen } = connected();
  sockets[0].receive({ type: "round_started", version: 6 });
  sockets[0].receive({ type: "hand", version: 6, cards: [] });
  sockets[0].receive({ type: "submitted", version: 7 });
  assert.deepEqual(seen.events.map((m) => m.type), ["round_started", "hand", "submitted"]);
  assert.equal(client.version, 7);
});

test("a version gap asks for state and ignores events until it arrives", () => {
  const { client, sockets, seen } = connected();
  sockets[0].receive({ type: "submitted", version: 8 });
  assert.deepEqual(sockets[0].sent.at(-1), { type: "sync" });
  sockets[0].receive({ type: "submitted", version: 9 });
  assert.equal(seen.events.length, 0);
  sockets[0].receive({ type: "state", version: 9 });
  assert.equal(seen.states.length, 2);
  sockets[0].receive({ type: "settled", version: 10 });
  assert.deepEqual(seen.events.map((m) => m.type), ["settled"]);
  assert.equal(client.version, 10);
});

test("an older message than the state applied is dropped", () => {
  const { sockets, seen } = connected();
  sockets[0].receive({ type: "seats", version: 4 });
  assert.equal(seen.events.length, 0);
});

test("errors and pongs pass through whatever their version", () => {
  const { sockets, seen } = connected();
  sockets[0].receive({ type: "error", code: "too_late", message: "Too late", version: 99 });
  sockets[0].receive({ type: "pong", version: 1 });
  assert.equal(seen.errors[0].code, "too_late");
  assert.deepEqual(sockets[0].sent, []);
});

test("your own mute list applies whatever its version and opens no gap", () => {
  const { sockets, seen } = connected();
  sockets[0].receive({ type: "muted", version: 4, muted: [{ user_id: 2, display_name: "B" }] });
  sockets[0].receive({ type: "muted", version: 99, muted: [] });
  assert.deepEqual(seen.events.map((m) => m.version), [4, 99]);
  assert.deepEqual(sockets[0].sent, []); // no resync asked for
});

test("a dropped socket reconnects with growing back-off and resyncs", () => {
  const { client, sockets, clock, seen } = connected();
  sockets[0].drop();
  assert.equal(client.status, STATUS.RECONNECTING);
  clock.advance(499);
  assert.equal(sockets.length, 1);
  clock.advance(1);
  assert.equal(sockets.length, 2);
  sockets[1].drop();
  clock.advance(999);
  assert.equal(sockets.length, 2);
  clock.advance(1);
  assert.equal(sockets.length, 3);
  sockets[2].open();
  sockets[2].receive({ type: "state", version: 9 });
  assert.equal(seen.states.at(-1).version, 9);
  assert.equal(client.status, STATUS.OPEN);
  assert.equal(client.attempts, 0);
  assert.ok(seen.statuses.some(([status, detail]) => status === STATUS.RECONNECTING && detail.attempt === 2));
});

test("back-off is capped and jittered", () => {
  const { client } = harness({ random: () => 1 });
  assert.equal(client.backoff(1), 625);
  assert.equal(client.backoff(10), 10000);
  client.random = () => 0;
  assert.equal(client.backoff(10), 6000);
});

test("a socket closed for flooding waits longer before it comes back", () => {
  const { sockets, clock } = connected();
  sockets[0].drop(4429);
  clock.advance(5499);
  assert.equal(sockets.length, 1);
  clock.advance(1);
  assert.equal(sockets.length, 2);
});

test("a refused session stops for good instead of hammering the server", () => {
  const { client, sockets, clock } = harness();
  client.connect();
  sockets[0].drop(4401);
  clock.advance(60000);
  assert.equal(sockets.length, 1);
  assert.equal(client.status, STATUS.CLOSED);
  const other = harness();
  other.client.connect();
  other.sockets[0].drop(4404);
  other.clock.advance(60000);
  assert.equal(other.sockets.length, 1);
});

test("a silent socket is closed after an unanswered ping, then reconnected", () => {
  const { sockets, clock } = connected();
  clock.advance(20000);
  assert.deepEqual(sockets[0].sent.at(-1), { type: "ping" });
  clock.advance(10000);
  assert.equal(sockets[0].readyState, 3);
  clock.advance(1000);
  assert.equal(sockets.length, 2);
});

test("an answered ping keeps the socket", () => {
  const { sockets, clock } = connected();
  clock.advance(20000);
  sockets[0].receive({ type: "pong" });
  clock.advance(9999);
  assert.equal(sockets[0].readyState, 1);
});

test("send reports a closed socket; close stops reconnecting", () => {
  const { client, sockets, clock } = connected();
  assert.equal(client.send({ type: "ready" }), true);
  client.close();
  assert.equal(client.send({ type: "ready" }), false);
  clock.advance(60000);
  assert.equal(sockets.length, 1);
});

// v2 deals (docs/fairness.md): every ready carries the browser's own seed.
function countingBytes() {
  let next = 0;
  const calls = [];
  const fill = (bytes) => {
    calls.push(bytes.length);
    for (let i = 0; i < bytes.length; i += 1) { bytes[i] = next; next = (next + 1) % 256; }
    return bytes;
  };
  return { fill, calls };
}

test("every ready carries a fresh 32-hex-digit client seed from the injected random source", () => {
  const random = countingBytes();
  const { client, sockets } = harness({ randomBytes: random.fill });
  client.connect();
  sockets[0].open();
  sockets[0].receive({ type: "state", version: 5, table: {}, seats: [] });
  assert.equal(client.clientSeed, null);
  client.send({ type: "ready" });
  client.send({ type: "ready" });
  const [first, second] = sockets[0].sent.map((m) => m.client_seed);
  assert.equal(first, "000102030405060708090a0b0c0d0e0f");
  assert.equal(second, "101112131415161718191a1b1c1d1e1f");
  assert.deepEqual(random.calls, [16, 16]);
  assert.equal(client.clientSeed, second); // the last one sent, for the page to show
  // Other messages are sent as they are.
  client.send({ type: "sit" });
  assert.deepEqual(sockets[0].sent[2], { type: "sit" });
  assert.equal(client.clientSeed, second);
});

test("a ready that brings its own seed keeps it; a ready never sent is not remembered", () => {
  const random = countingBytes();
  const { client, sockets } = harness({ randomBytes: random.fill });
  client.connect();
  assert.equal(client.send({ type: "ready" }), false); // not open yet
  assert.equal(client.clientSeed, null);
  assert.deepEqual(random.calls, []);
  sockets[0].open();
  const mine = "ab".repeat(16);
  const message = { type: "ready", client_seed: mine };
  client.send(message);
  assert.deepEqual(sockets[0].sent[0], { type: "ready", client_seed: mine });
  assert.deepEqual(message, { type: "ready", client_seed: mine }); // the caller's object untouched
  assert.equal(client.clientSeed, mine);
  assert.deepEqual(random.calls, []);
});

test("a second ready refused (seed_already_sent) leaves the first seed as yours", () => {
  const random = countingBytes();
  const { client, sockets, seen } = harness({ randomBytes: random.fill });
  client.connect();
  sockets[0].open();
  sockets[0].receive({ type: "state", version: 5, table: {}, seats: [], you: { position: 0, ready: false } });
  client.send({ type: "ready" });
  client.send({ type: "ready" }); // a double click
  const [first, second] = sockets[0].sent.map((m) => m.client_seed);
  assert.notEqual(first, second);
  assert.equal(client.clientSeed, second);
  sockets[0].receive({ type: "error", code: "seed_already_sent", message: "you are ready" });
  assert.equal(client.clientSeed, first);
  assert.equal(seen.errors.length, 1); // still the page's to show or not
  // Other errors leave it alone.
  sockets[0].receive({ type: "error", code: "round_in_progress", message: "wait" });
  assert.equal(client.clientSeed, first);
});

test("the state's you.client_seed is the seed you are ready with (after a reload)", () => {
  const { client, sockets } = harness();
  client.connect();
  sockets[0].open();
  const mine = "cd".repeat(16);
  sockets[0].receive({ type: "state", version: 5, table: {}, seats: [], you: { position: 1, ready: true, client_seed: mine } });
  assert.equal(client.clientSeed, mine);
  // After the deal the state no longer carries it: the seed stays for the page's note.
  sockets[0].receive({ type: "state", version: 9, table: {}, seats: [], you: { position: 1, ready: false } });
  assert.equal(client.clientSeed, mine);
});

test("by default the seed comes from Web Crypto: 32 lowercase hex digits, different each time", () => {
  const seeds = new Set(Array.from({ length: 20 }, () => newClientSeed()));
  assert.equal(seeds.size, 20);
  for (const seed of seeds) assert.match(seed, /^[0-9a-f]{32}$/);
  const { client, sockets } = connected();
  client.send({ type: "ready" });
  assert.match(sockets[0].sent[0].client_seed, /^[0-9a-f]{32}$/);
});

test("the socket address follows the page's scheme", () => {
  assert.equal(tableSocketUrl({ protocol: "https:", host: "x.org" }, 3), "wss://x.org/ws/tables/3/");
  assert.equal(tableSocketUrl({ protocol: "http:", host: "localhost:8000" }, 3),
    "ws://localhost:8000/ws/tables/3/");
});

// The harness clock starts at the epoch: a deadline 30 s in.
const DEADLINE = "1970-01-01T00:00:30.000000Z";
const syncs = (socket) => socket.sent.filter((m) => m.type === "sync").length;

function dealt() {
  const h = connected();
  h.sockets[0].receive({ type: "round_started", version: 6,
    round: { id: 12, phase: "arranging", deadline: DEADLINE } });
  h.sockets[0].receive({ type: "hand", version: 6, round_id: 12, deadline: DEADLINE });
  return h;
}

test("a deadline that passes with no settlement makes the client ask for the state", () => {
  const { sockets, clock } = dealt();
  clock.advance(30000 + 5999);
  assert.equal(syncs(sockets[0]), 0);
  clock.advance(1);
  assert.equal(syncs(sockets[0]), 1);
});

test("a settlement in time cancels the deadline's resync", () => {
  const { sockets, clock } = dealt();
  clock.advance(30500);
  sockets[0].receive({ type: "settled", version: 7, round: { id: 12, phase: "settled" } });
  clock.advance(60000);
  assert.equal(syncs(sockets[0]), 0);
});

test("news that is not the settlement does not cancel the deadline's resync", () => {
  // A Redis blip lost `settled`; a later seats change (a reconnect flag) still arrives.
  const { sockets, clock, seen } = dealt();
  clock.advance(31000);
  sockets[0].receive({ type: "seats", version: 8 });  // the gap itself asks once
  sockets[0].receive({ type: "state", version: 8, seats: [],
    round: { id: 12, phase: "arranging", deadline: DEADLINE } });
  clock.advance(5000);
  assert.equal(syncs(sockets[0]), 2);
  assert.equal(seen.states.length, 2);
});

test("an unanswered deadline is asked about again at growing intervals", () => {
  const { sockets, clock } = dealt();
  const stillArranging = { type: "state", version: 6, seats: [],
    round: { id: 12, phase: "arranging", deadline: DEADLINE } };
  clock.advance(36000);
  assert.equal(syncs(sockets[0]), 1);
  sockets[0].receive(stillArranging);
  clock.advance(11999);
  assert.equal(syncs(sockets[0]), 1);
  clock.advance(1);  // 2 × the grace
  assert.equal(syncs(sockets[0]), 2);
  sockets[0].receive({ ...stillArranging, round: { id: 12, phase: "settled" } });
  clock.advance(120000);
  assert.equal(syncs(sockets[0]), 2);
});

test("a state that shows an arranging round arms the deadline watch too", () => {
  const { client, sockets, clock } = harness();
  client.connect();
  sockets[0].open();
  sockets[0].receive({ type: "state", version: 9, seats: [],
    round: { id: 3, phase: "arranging", deadline: DEADLINE }, you: null });
  clock.advance(36000);
  assert.equal(syncs(sockets[0]), 1);
});

test("a closed socket does not ask; the reconnect's state re-arms the watch", () => {
  const { sockets, clock } = dealt();
  sockets[0].drop();
  clock.advance(36000);
  assert.equal(syncs(sockets[0]), 0);
  const again = sockets[sockets.length - 1];
  again.open();
  again.receive({ type: "state", version: 6, seats: [],
    round: { id: 12, phase: "arranging", deadline: DEADLINE } });
  clock.advance(6000);
  assert.equal(syncs(again), 1);
});

test("too many sockets of one player stops reconnecting", () => {
  const { client, sockets, clock } = harness();
  client.connect();
  sockets[0].open();
  sockets[0].drop(4409);
  clock.advance(60000);
  assert.equal(sockets.length, 1);
  assert.equal(client.status, STATUS.CLOSED);
});
