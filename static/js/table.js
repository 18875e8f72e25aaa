// The table page: keeps the table's state as the server tells it (docs/protocol.md) and
// draws it — seats, the ready button, the clock, 十三道's bidding, exchange and
// negotiation (banker_view.js, negotiation_view.js), the arranging view, the reveal, the
// room's session (room_view.js) and the chat (chat_view.js).
//
// The template embeds the state at page load (games.live.views.table), the socket's first
// `state` replaces it, and each event after that updates one part. Everything the page
// shows comes from that model, so a resync after a dropped connection redraws the page
// as it should be without a reload.

import { ArrangeView } from "./arrange_view.js";
import { applyBankerMessage, applyHand, isPlaying } from "./banker_model.js";
import { BankerView } from "./banker_view.js";
import { ChatLog } from "./chat_model.js";
import { ChatView } from "./chat_view.js";
import { translator } from "./i18n.js";
import { NegotiationView } from "./negotiation_view.js";
import { STATUS, TableClient, tableSocketUrl } from "./protocol.js";
import { replayUrl } from "./reveal.js";
import { RevealView } from "./reveal_view.js";
import { RoomSession } from "./room_model.js";
import { RoomView } from "./room_view.js";
import { Sounds } from "./sound.js";
import { DraftStore } from "./draft.js";
import { Countdown } from "./table_clock.js";
import { withHintValues } from "./table_hints.js";
import { drawSeats, nameOf, phaseText } from "./table_seats.js";

const readJSON = (id) => JSON.parse(document.getElementById(id).textContent);
const $ = (id) => document.getElementById(id);

const page = readJSON("table-page");
const t = translator(readJSON("table-strings"));
const sounds = new Sounds();
const model = { table: null, seats: [], round: null, you: null };
// The session's running totals (state.session, then each settled round); the chat's lines.
const session = new RoomSession();
const chat = new ChatLog({ userId: page.user_id });
// The rows a player is making, kept in this browser until they submit (draft.js).
const drafts = new DraftStore(storage(), page.user_id);

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (a locked-down browser): drafts last for the page
  }
}

const app = $("table-app");
const errorBox = $("error-box");
const banner = $("connection-banner");

// --- views ---------------------------------------------------------------------------------

const arrangeView = new ArrangeView({
  root: $("arrange"), rows: $("rows"), hand: $("hand-zone"), hints: $("hint-list"),
  hintsTitle: $("hints-title"), submit: $("submit-button"), declare: $("declare-button"),
  why: $("submit-why"), help: $("arrange-help"), question: $("special-question"),
}, {
  t, rules: page.rules, sounds, drafts,
  onSubmit: (rows) => send({ type: "submit", ...rows }, () => arrangeView.refused()),
  onDeclare: () => send({ type: "declare" }, () => arrangeView.refused()),
  onNotice: (text) => showError(text),
  onNoticeClear: () => hideError(),
});

// 十三道 (RULES.md §8): the bank strip, the bidding and exchange panel, the negotiation.
const name = (position) => nameOf(model, position, t);
const bankerView = new BankerView({ strip: $("bank-strip"), panel: $("phase-panel") }, {
  t, rules: page.rules, name, send: (message) => send(message),
});
const negotiationView = new NegotiationView({ panel: $("negotiation") }, {
  t, name, send: (message) => send(message),
});

const revealView = new RevealView({
  root: $("reveal"), title: $("reveal-title"), skip: $("skip-reveal"), replay: $("replay-link"),
  announcements: $("announcements"), hands: $("reveal-hands"), details: $("pair-details"),
  comparisons: $("comparisons"), table: $("reveal-table"),
  summary: $("pair-summary"), pairTable: $("pair-table"), bankerSummary: $("banker-summary"),
}, {
  t, rules: page.rules, sounds, session, youPosition: () => model.you?.position ?? null,
  replayUrl: (settled) => replayUrl(settled, { template: page.replay_url,
    userId: page.user_id, isPrivate: Boolean(model.table?.is_private) }),
  horseCard: () => model.table?.room?.horse_card || null,
  seatCount: () => seatCount(),
  avatarOf: (position) => model.seats.find((seat) => seat.position === position)?.avatar || null,
  // The round's points fly onto the seats' scores when the show reaches the totals.
  onTotals: (deltas) => drawTheSeats(deltas),
});

function seatCount() {
  return model.table?.room?.seats || model.table?.rule_set?.max_players || page.rules.max_players;
}

/** The seats; during the reveal their scores wait for the totals (`revealView.pending`),
 * and `flash` (user id → points) shows the round's points landing on them. */
function drawTheSeats(flash = null) {
  drawSeats($("seats"), { model, t, rules: page.rules, session, userId: page.user_id,
    hold: revealView.pending, flash });
  revealView.seatFacts(model.seats);
  countdown.draw();
}

const roomView = new RoomView({
  facts: $("room-facts"), start: $("start-button"), back: $("back-button"), vote: $("vote-button"),
  note: $("room-note"), end: $("session-end"), endTitle: $("session-end-title"),
  endReason: $("session-reason"), standings: $("session-standings"), link: $("session-link"),
  copy: $("session-copy"), next: $("session-next"), seed: $("seed-line"),
}, {
  t, userId: page.user_id, rules: page.rules, room: session,
  sessionUrl: app.dataset.sessionUrl.replace("SHARECODE", "{share_code}"),
  send: (message) => send(message), onNotice: (text) => showError(text),
});

const chatView = new ChatView({
  drawer: $("chat"), toggle: $("chat-toggle"), toggleText: $("chat-toggle-text"),
  unread: $("chat-unread"), title: $("chat-title"), close: $("chat-close"), lines: $("chat-lines"),
  phrases: $("chat-phrases"), form: $("chat-form"), input: $("chat-input"), send: $("chat-send"),
  error: $("chat-error"),
}, {
  t, log: chat, userId: page.user_id,
  // The quick phrases' keys are the strings the page has for them (games.live.strings).
  phrases: Object.keys(t.strings).filter((id) => id.startsWith("chat.phrase_"))
    .map((id) => id.slice("chat.phrase_".length)),
  send: (message) => {
    if (client.send(message)) return true;
    chatView.showError(t("status.offline"));
    return false;
  },
});

// --- the connection ------------------------------------------------------------------------

const client = new TableClient(tableSocketUrl(window.location, page.table_id), {
  onState: (message) => applyState(message),
  onEvent: (message) => applyEvent(message),
  onError: (message) => serverError(message),
  onStatus: (status, detail) => connectionStatus(status, detail),
});

/** Send a move; if the socket is down, say so and undo the page's "sending" state. */
function send(message, onFail) {
  hideError();
  if (client.send(message)) return true;
  showError(t("status.offline"));
  if (onFail) onFail();
  return false;
}

function connectionStatus(status, detail) {
  app.dataset.connection = status;
  if (status === STATUS.OPEN) {
    banner.hidden = true;
    return;
  }
  if (status === STATUS.CONNECTING && model.table) {
    // The first connection: the embedded state is on screen already, no banner needed.
    banner.hidden = true;
    return;
  }
  banner.hidden = false;
  banner.className = `banner ${status}`;
  if (status === STATUS.CLOSED) {
    banner.textContent = detail.code === 4401 ? t("status.unauthorized") : t("status.closed");
  } else {
    banner.textContent = t("status.reconnecting");
  }
}

function serverError(message) {
  if (message.code === "chat_too_long" || message.code === "chat_rate_limited") {
    // Said in the chat drawer, where the line was typed.
    chatView.showError(t(`error.${message.code}`));
    return;
  }
  const known = message.code === "rate_limited" ? t("error.rate_limited") : null;
  showError(known || t("error.generic", { message: message.message || message.code }));
  sounds.play("error");
  if (["invalid_arrangement", "too_late", "already_submitted", "not_arranging", "bad_request"]
    .includes(message.code)) {
    arrangeView.refused();
  }
  if (["already_submitted", "too_late", "not_arranging"].includes(message.code)) client.resync();
  // A refused 十三道 move: its buttons work again, and a stale view is brought up to date.
  bankerView.update(model);
  negotiationView.update(model);
  if (["too_late", "not_your_turn", "proposal_changed", "no_proposal", "pair_decided",
    "not_bidding", "not_exchanging", "not_negotiating"].includes(message.code)) client.resync();
}

function showError(text) {
  $("error-text").textContent = text;
  errorBox.hidden = false;
}

function hideError() {
  errorBox.hidden = true;
}

// --- the model -----------------------------------------------------------------------------

function applyState(state) {
  model.table = state.table;
  model.seats = state.seats || [];
  model.round = state.round || null;
  model.you = state.you || null;
  // state.session's totals already hold its settled round.
  session.load(state.session || null, model.round, state.table?.room);
  // The clock's ring is the room's arrange time, which the host may have changed.
  if (state.table?.room?.arrange_seconds) page.rules.arrange_seconds = state.table.room.arrange_seconds;
  chat.load(state.chat);
  chat.setMuted(state.muted);
  chatView.render();
  render({ animateReveal: false });
}

/** Your seat comes from the seat list: `sit`, `stand` and `ready` answer with `seats`. */
function syncYou() {
  const mine = model.seats.find((seat) => seat.user_id === page.user_id);
  if (!mine) {
    model.you = null;
    return;
  }
  model.you = { ...(model.you || {}), position: mine.position, ready: mine.ready };
}

function applyEvent(message) {
  if (message.type === "chat") {
    // A line changes the chat alone: the rows being arranged are not redrawn for it.
    if (chat.add(message.message)) chatView.render();
    return;
  }
  if (message.type === "muted") {
    chat.setMuted(message.muted);
    chatView.render();
    return;
  }
  applyMessage(message);
  if (Array.isArray(message.seats)) syncYou();
  render({ animateReveal: message.type === "settled" });
}

function applyMessage(message) {
  switch (message.type) {
    case "seats":
      model.seats = message.seats;
      break;
    case "round_started":
      model.round = message.round;
      if (message.seats) model.seats = message.seats;
      session.dealt();
      revealView.hide();
      hideError();
      break;
    case "hand": {
      // 十三道 re-sends `hand` whenever a player's private view changes: the deal sound
      // only when cards arrive (the deal follows the bidding).
      const before = model.you && model.you.round_id === message.round_id ? model.you.cards || [] : [];
      model.you = applyHand(model.you, message);
      if (before.length === 0 && message.cards.length > 0) sounds.play("deal");
      break;
    }
    case "hint_values": {
      // The advisor's values for the hints: the list changes, the rows being made do not.
      const valued = withHintValues(model.you, message);
      if (valued) model.you = valued;
      break;
    }
    case "submitted":
      if (model.round && model.round.id === message.round_id) {
        const submitted = new Set(model.round.submitted || []);
        submitted.add(message.position);
        model.round = { ...model.round, submitted: [...submitted] };
        if (message.auto) model.round.auto = [...(model.round.auto || []), message.position];
      }
      model.seats = model.seats.map((seat) => (seat.position === message.position
        ? { ...seat, submitted: true } : seat));
      break;
    case "your_submission":
      model.you = { ...(model.you || {}), submission: {
        front: message.front, middle: message.middle, back: message.back,
        special: message.special, auto: message.auto } };
      if (!message.auto) sounds.play("submit");
      break;
    case "settled": {
      // The settled payload comes as `round` (the shape `state.round` has once settled).
      const payload = message.round || message;
      const settled = { ...payload, id: payload.id ?? payload.round_id, phase: "settled" };
      model.round = settled;
      if (model.you) model.you = { position: model.you.position, ready: false };
      model.seats = message.seats
        || model.seats.map((seat) => ({ ...seat, ready: false, submitted: false }));
      session.add(settled);
      drafts.clearAll();
      break;
    }
    case "session_ended":
      // The server clears the votes with the session, without a `seats` message.
      session.ended(message);
      model.seats = model.seats.map((seat) => ({ ...seat, end_vote: false }));
      break;
    case "phase":
    case "bid_placed":
    case "bank":
    case "exchange":
    case "negotiated":
      model.round = applyBankerMessage(model.round, message);
      break;
    default:
      break; // a message this page does not know changes nothing on it
  }
}

// --- drawing -------------------------------------------------------------------------------

function render({ animateReveal }) {
  const round = model.round;
  const you = model.you;
  const playing = isPlaying(round);
  const settled = round && round.phase === "settled";
  const mine = playing && you && Array.isArray(you.cards);
  // The rows are arranged while arranging and shown, locked, while negotiating.
  const rows = mine && you.cards.length > 0
    && (round.phase === "arranging" || (round.phase === "negotiating" && you.submission));
  app.dataset.phase = round ? round.phase : "waiting";
  // While a round is played and revealed the site's header folds away: the rows and the
  // reveal need the screen.
  document.body.classList.toggle("round-on", Boolean(playing || settled));
  app.dataset.seats = String(seatCount());
  renderStatus();
  roomView.update(model);
  bankerView.update(model);
  negotiationView.update(model);
  $("arrange").hidden = !rows;
  if (rows) {
    arrangeView.load({ roundId: you.round_id ?? round.id, cards: you.cards,
      candidates: you.candidates, hints: you.hints, submission: you.submission });
  }
  if (settled) revealView.show(round, { animate: animateReveal });
  else revealView.hide();
  drawTheSeats();
  showYourName();
  // The round's deadline is the phase's: public messages move it for everyone.
  const deadline = playing ? round.deadline || (you && you.deadline) : null;
  countdown.set(deadline, playing ? round.phase : null, Boolean(mine && yourMove(round, you)));
}

/**
 * Your name in the site's header ("Profile · Mei") as your seat has it. The header is
 * drawn with the page, and a name saved on the profile page in another tab reaches the
 * table through the seats (games.live.signals): without this the header kept the old
 * name beside the new one on your seat until the page was loaded again.
 */
function showYourName() {
  const node = document.getElementById("your-name");
  const mine = model.seats.find((seat) => seat.user_id === page.user_id);
  if (node && mine?.display_name && node.textContent !== mine.display_name) node.textContent = mine.display_name;
}

/** Whether the clock runs out on something this player has still to do. */
function yourMove(round, you) {
  switch (round.phase) {
    case "bidding": return you.bid === null || you.bid === undefined;
    case "exchanging": return Boolean(you.swap_offer || you.offer
      || (Array.isArray(round.exchange?.put) && !you.pool_card));
    case "negotiating": return Object.values(you.negotiations || {})
      .some((n) => n.status === "open" || n.status === "proposed");
    default: return !you.submission;
  }
}

function renderStatus() {
  const round = model.round;
  const you = model.you;
  const playing = isPlaying(round);
  const seated = Boolean(you);
  let [id, params] = phaseText(model, page.rules, name);
  const room = model.table?.room;
  if (id === "phase.waiting" && room && !(session.session && !session.session.ended)) {
    // A session's first round waits for every seat of the room (or the host's start).
    [id, params] = ["room.waiting_seats", { seats: room.seats }];
  }
  let text = t(id, params);
  if (seated && round && round.phase === "settled") {
    // The timer submits for everyone left and settles at once, so "auto-submitted" is
    // said here, on the settled round, where a player who did nothing will see it.
    const mine = (round.hands || []).find((hand) => hand.position === you.position);
    if (mine && mine.auto && !you.ready) text = `${t("phase.auto")} ${text}`;
  }
  const phase = $("phase-text");
  phase.textContent = text;
  phase.classList.toggle("auto", text.startsWith(t("phase.auto")));

  const freeSeat = model.seats.length < (model.table?.room?.seats || page.rules.max_players);
  const sit = $("sit-button");
  sit.hidden = seated || playing || !freeSeat;
  sit.textContent = t("action.sit");
  const ready = $("ready-button");
  // An away player is readied by the table; "I'm back" is their button (room_view.js).
  const away = model.seats.some((seat) => seat.user_id === page.user_id && seat.away);
  ready.hidden = !seated || playing || Boolean(you && you.ready) || away;
  ready.textContent = t("action.ready");
  const stand = $("stand-button");
  stand.hidden = !seated || playing;
  stand.textContent = t("action.stand");
}

const countdown = new Countdown({ clock: $("clock"), text: $("clock-text"), fill: $("clock-fill"),
  seats: $("seats") },
  { t, rules: page.rules, sounds });

// --- buttons and start-up ------------------------------------------------------------------

$("seats").addEventListener("click", (event) => {
  const button = event.target.closest("[data-sit]");
  if (button) send({ type: "sit", position: Number(button.dataset.sit) });
  const free = event.target.closest("[data-free]");
  if (free) send({ type: "free_seat", position: Number(free.dataset.free) });
});
$("sit-button").addEventListener("click", () => send({ type: "sit" }));
$("ready-button").addEventListener("click", () => send({ type: "ready" }));
$("stand-button").addEventListener("click", () => send({ type: "stand" }));
$("error-close").addEventListener("click", hideError);

const mute = $("mute-button");
// A speaker drawn in SVG: emoji glyphs are missing from many systems' fonts.
const SPEAKER = '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true">'
  + '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>';
const STROKE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"';
const WAVES = `<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" ${STROKE}/></svg>`;
const CROSS = `<path d="m16 9 5 6m0-6-5 6" ${STROKE}/></svg>`;
function drawMute() {
  // The button says what pressing it does; aria-pressed says whether sound is off.
  mute.innerHTML = SPEAKER + (sounds.muted ? CROSS : WAVES);
  mute.append(` ${sounds.muted ? t("felt.unmute") : t("felt.mute")}`);
  mute.setAttribute("aria-pressed", String(sounds.muted));
}
mute.addEventListener("click", () => {
  sounds.setMuted(!sounds.muted);
  sounds.unlock();
  drawMute();
});
drawMute();
// Browsers allow sound only after a gesture: the first click or key unlocks it.
document.addEventListener("pointerdown", () => sounds.unlock(), { once: true });
document.addEventListener("keydown", () => sounds.unlock(), { once: true });

// The invite code is what friends type into the lobby's join form.
const copyInvite = $("copy-invite");
if (copyInvite && navigator.clipboard) {
  copyInvite.hidden = false;
  copyInvite.textContent = t("action.copy");
  copyInvite.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("invite-code").textContent.trim());
      copyInvite.textContent = t("action.copied");
      setTimeout(() => { copyInvite.textContent = t("action.copy"); }, 2000);
    } catch {
      showError(t("action.copy_failed"));
    }
  });
}

window.addEventListener("online", () => client.reconnectNow());
window.addEventListener("pagehide", () => client.close());
// Back from the browser's page cache: the socket was closed on the way out.
window.addEventListener("pageshow", (event) => { if (event.persisted) client.connect(); });

applyState(readJSON("table-state"));
client.connect();
// For the browser tests and for curious players: the live model, read-only by intent.
window.thirteenWater = { model, client, session, chat };
