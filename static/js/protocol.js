// The table's WebSocket client (docs/protocol.md): one socket per table, reconnecting by
// itself, and keeping the page's state in step with the server's table version.
//
// Every server message carries the table `version`. Messages of one change share it (the
// public `round_started` and the private `hand` of one deal), so a message is applied when
// its version is the current one or the next; a larger jump means something was missed,
// and the client asks for the whole `state` again, ignoring events until it arrives. On
// every (re)connect the server sends `state` by itself, so a dropped connection resyncs.
//
// A missed message is not always followed by another that shows the gap: a round's
// `settled` lost to a Redis blip leaves the table silent. So the client also watches the
// arranging round's deadline: if the round is still arranging a grace period after it
// (the timer settles it at the deadline), it asks for the state, and keeps asking, at
// growing intervals, while the deadline stays unanswered.
//
// Every `ready` carries a fresh client seed from the Web Crypto generator (16 bytes, 32 hex
// digits: docs/fairness.md, v2), so the player's browser deals too; the last one sent is
// kept (`clientSeed`) for the page to show.
//
// No DOM here: the socket class, timers, clock and random bytes are injected, so node's
// tests drive it.

// Close codes after which retrying cannot help (docs/protocol.md: 4401 no session, 4404
// no such table or not yours, 4409 too many of your sockets open: close a tab and
// reload). A foreign Origin is refused at the handshake (HTTP 403, seen as 1006),
// indistinguishable from a network failure, so that one retries.
const FATAL_CLOSE_CODES = new Set([4401, 4404, 4409]);
// 4429: closed for flooding. Coming straight back would only be closed again.
const FLOOD_CLOSE_CODE = 4429;
const FLOOD_PAUSE_MS = 5000;
// Messages that are answers to this connection, not table changes; never version-checked.
const UNVERSIONED = new Set(["error", "pong"]);
// Messages about you alone, not the table: applied whatever their version (a `muted` list
// carries the table's version unchanged, and may come after a later table change).
const PERSONAL = new Set(["muted"]);
// How long after an arranging round's deadline the client waits for the settlement before
// it asks: past the server's own 5 s for settling a round whose timer was lost
// (docs/protocol.md), so that this `sync` settles such a round. Then it asks again at
// doubling intervals up to DEADLINE_RETRY_MAX_MS.
const DEADLINE_GRACE_MS = 6000;
const DEADLINE_RETRY_MAX_MS = 30000;

export const STATUS = {
  CONNECTING: "connecting",
  OPEN: "open",
  RECONNECTING: "reconnecting",
  CLOSED: "closed", // closed on purpose, or the server refused us for good
};

export class TableClient {
  /**
   * url: the ws:// address. Callbacks: onState(state), onEvent(message),
   * onError(message), onStatus(status, detail). Options for tests: WebSocketImpl,
   * setTimeout / clearTimeout, now (ms since the epoch), random, randomBytes (fills a
   * Uint8Array: the client seeds' source, Web Crypto's getRandomValues by default),
   * pingInterval / pongTimeout / deadlineGrace (ms).
   */
  constructor(url, callbacks = {}, options = {}) {
    this.url = url;
    this.callbacks = callbacks;
    this.WebSocketImpl = options.WebSocketImpl || globalThis.WebSocket;
    this.setTimeout = options.setTimeout || globalThis.setTimeout.bind(globalThis);
    this.clearTimeout = options.clearTimeout || globalThis.clearTimeout.bind(globalThis);
    this.random = options.random || Math.random;
    this.randomBytes = options.randomBytes || ((bytes) => globalThis.crypto.getRandomValues(bytes));
    // The client seed of the last `ready` sent on this table (null before one): the page
    // shows it, and the settled round's transcript must hold it.
    this.clientSeed = null;
    this.seedsSent = []; // every seed sent with a ready the server may still refuse
    this.pingInterval = options.pingInterval ?? 20000;
    this.pongTimeout = options.pongTimeout ?? 10000;
    this.now = options.now || Date.now;
    this.deadlineGrace = options.deadlineGrace ?? DEADLINE_GRACE_MS;
    // The arranging round's deadline the server has not yet answered with a settlement
    // (ISO string), and how many times in a row the client asked about it.
    this.deadline = null;
    this.deadlineAsks = 0;
    this.version = null; // the highest table version applied; null before the first state
    this.syncing = false;
    this.attempts = 0;
    this.socket = null;
    this.status = null;
    this.stopped = false;
    this.timers = { reconnect: null, ping: null, pong: null, deadline: null };
  }

  connect() {
    this.stopped = false;
    this._open();
  }

  /** Close for good (leaving the page). */
  close() {
    this.stopped = true;
    this._clearTimers();
    if (this.socket) this.socket.close(1000);
    this._setStatus(STATUS.CLOSED);
  }

  /** Send a message; false when the socket is not open (the page says so). A `ready`
   * without a `client_seed` gets a fresh one. */
  send(message) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    if (message && message.type === "ready" && !message.client_seed) {
      message = { ...message, client_seed: newClientSeed(this.randomBytes) };
    }
    this.socket.send(JSON.stringify(message));
    if (message && message.type === "ready") {
      // Until the server answers, the seed before it is kept: a second ready (a double
      // click) is refused with `seed_already_sent`, and the first seed is the one dealt.
      this.seedsSent.push(message.client_seed);
      this.clientSeed = message.client_seed;
    }
    return true;
  }

  /** Ask for the whole table state; events are ignored until it arrives. */
  resync() {
    this.syncing = true;
    return this.send({ type: "sync" });
  }

  /** Reconnect now instead of waiting for the back-off (the browser came back online). */
  reconnectNow() {
    if (this.stopped || this.status === STATUS.OPEN) return;
    this.clearTimeout(this.timers.reconnect);
    this._open();
  }

  // --- internals -----------------------------------------------------------------------

  _open() {
    this._setStatus(this.attempts === 0 ? STATUS.CONNECTING : STATUS.RECONNECTING);
    const socket = new this.WebSocketImpl(this.url);
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.attempts = 0;
      // The server greets every connection with `state`; events before it are dropped.
      this.syncing = true;
      this._setStatus(STATUS.OPEN);
      this._schedulePing();
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this._receive(event.data);
    };
    socket.onclose = (event) => {
      if (socket === this.socket) this._closed(event.code);
    };
    // An error is always followed by a close; the close decides what happens.
    socket.onerror = () => {};
  }

  _receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return; // not ours to interpret; the server only sends JSON objects
    }
    if (!message || typeof message !== "object") return;
    this._heard();
    if (message.type === "pong") return;
    if (message.type === "error") {
      this._refusedSeed(message.code);
      this._call("onError", message);
      return;
    }
    if (message.type === "state") {
      this.syncing = false;
      // The server's word on the seed you are ready with (a reload, a reconnect).
      if (message.you && message.you.client_seed) {
        this.clientSeed = message.you.client_seed;
        this.seedsSent = [message.you.client_seed];
      }
      this.version = message.version ?? this.version;
      this._watchDeadline(message);
      this._call("onState", message);
      return;
    }
    if (UNVERSIONED.has(message.type)) return;
    if (PERSONAL.has(message.type)) {
      this._call("onEvent", message);
      return;
    }
    const version = message.version;
    if (typeof version === "number" && this.version !== null) {
      if (this.syncing || version < this.version) return; // the coming state covers it
      if (version > this.version + 1) {
        this.resync();
        return;
      }
      this.version = version;
    }
    if (this.syncing) return;
    this._watchDeadline(message);
    this._call("onEvent", message);
  }

  /** A ready refused for its seed (`seed_already_sent`: you were ready with an earlier
   * one; `bad_client_seed`): the seed shown goes back to the one before it. Errors come
   * back in the order the messages went, so the refused one is the latest still kept. */
  _refusedSeed(code) {
    if (code !== "seed_already_sent" && code !== "bad_client_seed") return;
    this.seedsSent.pop();
    this.clientSeed = this.seedsSent.length ? this.seedsSent[this.seedsSent.length - 1] : null;
  }

  // --- the deadline watch ----------------------------------------------------------------

  /** Follow the arranging round's deadline through the messages that carry one. */
  _watchDeadline(message) {
    const round = message.round;
    let deadline;
    if (message.type === "state") {
      deadline = round && round.phase === "arranging" ? round.deadline : null;
    } else if (message.type === "round_started" || message.type === "hand") {
      deadline = message.deadline ?? (round && round.deadline);
    } else if (message.type === "settled") {
      deadline = null;
    } else {
      return; // other messages say nothing about the round's end
    }
    if (deadline !== this.deadline) {
      this.deadline = deadline || null;
      this.deadlineAsks = 0;
    }
    this._armDeadline();
  }

  _armDeadline() {
    this.clearTimeout(this.timers.deadline);
    this.timers.deadline = null;
    const due = this.deadline === null ? NaN : Date.parse(this.deadline);
    if (Number.isNaN(due)) return;
    // The first ask a grace after the deadline; each unanswered one waits twice as long.
    const retry = Math.min(DEADLINE_RETRY_MAX_MS, this.deadlineGrace * 2 ** this.deadlineAsks);
    const wait = Math.max(due + this.deadlineGrace - this.now(), this.deadlineAsks ? retry : 0);
    const deadline = this.deadline;
    this.timers.deadline = this.setTimeout(() => {
      this.timers.deadline = null;
      if (this.deadline !== deadline || this.status !== STATUS.OPEN) return;
      this.deadlineAsks += 1;
      this.resync();
    }, wait);
  }

  _closed(code) {
    this._clearTimers();
    this.socket = null;
    if (this.stopped) return;
    if (FATAL_CLOSE_CODES.has(code)) {
      this.stopped = true;
      this._setStatus(STATUS.CLOSED, { code });
      return;
    }
    this.attempts += 1;
    this._setStatus(STATUS.RECONNECTING, { code, attempt: this.attempts });
    const wait = this.backoff(this.attempts) + (code === FLOOD_CLOSE_CODE ? FLOOD_PAUSE_MS : 0);
    this.timers.reconnect = this.setTimeout(() => this._open(), wait);
  }

  /** Milliseconds before reconnect attempt n: 0.5 s doubling to 8 s, with ±25 % jitter so
   * a server restart is not hit by every table at the same instant. */
  backoff(attempt) {
    const base = Math.min(8000, 500 * 2 ** (attempt - 1));
    return Math.round(base * (0.75 + this.random() * 0.5));
  }

  // A socket can die silently (a phone changing networks); a ping with no answer in
  // pongTimeout closes it, and the close reconnects.
  _schedulePing() {
    this.clearTimeout(this.timers.ping);
    this.timers.ping = this.setTimeout(() => {
      if (!this.send({ type: "ping" })) return;
      this.timers.pong = this.setTimeout(() => {
        if (this.socket) this.socket.close(4000);
      }, this.pongTimeout);
    }, this.pingInterval);
  }

  _heard() {
    this.clearTimeout(this.timers.pong);
    this.timers.pong = null;
    this._schedulePing();
  }

  _clearTimers() {
    Object.values(this.timers).forEach((timer) => this.clearTimeout(timer));
    this.timers = { reconnect: null, ping: null, pong: null, deadline: null };
  }

  _setStatus(status, detail = {}) {
    this.status = status;
    this._call("onStatus", status, detail);
  }

  _call(name, ...args) {
    const callback = this.callbacks[name];
    if (callback) callback(...args);
  }
}

/** A client seed (docs/fairness.md, v2): 16 random bytes as 32 lowercase hex digits.
 * `randomBytes(array)` fills the array, as crypto.getRandomValues does. */
export function newClientSeed(randomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes)) {
  const bytes = new Uint8Array(16);
  randomBytes(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The socket address of a table from the page's location (ws: or wss: to match). */
export function tableSocketUrl(location, tableId) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/tables/${tableId}/`;
}
