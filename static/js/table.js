// The table page: keeps the table's state as the server tells it (docs/protocol.md) and
// draws it — seats, the ready button, the arranging view with the clock, the reveal.
//
// The template embeds the state at page load (games.live.views.table), the socket's first
// `state` replaces it, and each event after that updates one part. Everything the page
// shows comes from that model, so a resync after a dropped connection redraws the page
// as it should be without a reload.

import { ArrangeView } from "./arrange_view.js";
import { el } from "./dom.js";
import { signed, translator } from "./i18n.js";
import { STATUS, TableClient, tableSocketUrl } from "./protocol.js";
import { SessionScore, replayUrl } from "./reveal.js";
import { RevealView } from "./reveal_view.js";
import { Sounds } from "./sound.js";

const URGENT_SECONDS = 10;
const readJSON = (id) => JSON.parse(document.getElementById(id).textContent);
const $ = (id) => document.getElementById(id);

const page = readJSON("table-page");
const t = translator(readJSON("table-strings"));
const sounds = new Sounds();
const model = { table: null, seats: [], round: null, you: null };
const session = new SessionScore(page.session);

const app = $("table-app");
const errorBox = $("error-box");
const banner = $("connection-banner");

// --- views ---------------------------------------------------------------------------------

const arrangeView = new ArrangeView({
  root: $("arrange"), rows: $("rows"), hand: $("hand-zone"), hints: $("hint-list"),
  hintsTitle: $("hints-title"), submit: $("submit-button"), declare: $("declare-button"),
  why: $("submit-why"), help: $("arrange-help"),
}, {
  t, rules: page.rules, sounds,
  onSubmit: (rows) => send({ type: "submit", ...rows }, () => arrangeView.refused()),
  onDeclare: () => send({ type: "declare" }, () => arrangeView.refused()),
  onNotice: (text) => showError(text),
});

const revealView = new RevealView({
  root: $("reveal"), title: $("reveal-title"), skip: $("skip-reveal"), replay: $("replay-link"),
  announcements: $("announcements"), hands: $("reveal-hands"), details: $("pair-details"),
  summary: $("pair-summary"), pairTable: $("pair-table"),
}, {
  t, rules: page.rules, sounds, session, youPosition: () => model.you?.position ?? null,
  replayUrl: (settled) => replayUrl(settled, { template: page.replay_url,
    userId: page.user_id, isPrivate: Boolean(model.table?.is_private) }),
});

// --- the connection ------------------------------------------------------------------------

const client = new TableClient(tableSocketUrl(window.location, page.table_id), {
  onState: (message) => applyState(message, false),
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
  const known = message.code === "rate_limited" ? t("error.rate_limited") : null;
  showError(known || t("error.generic", { message: message.message || message.code }));
  sounds.play("error");
  if (["invalid_arrangement", "too_late", "already_submitted", "not_arranging", "bad_request"]
    .includes(message.code)) {
    arrangeView.refused();
  }
  if (["already_submitted", "too_late", "not_arranging"].includes(message.code)) client.resync();
}

function showError(text) {
  $("error-text").textContent = text;
  errorBox.hidden = false;
}

function hideError() {
  errorBox.hidden = true;
}

// --- the model -----------------------------------------------------------------------------

function applyState(state, initial) {
  model.table = state.table;
  model.seats = state.seats || [];
  model.round = state.round || null;
  model.you = state.you || null;
  if (model.round && model.round.phase === "settled") {
    // Rounds settled before this page loaded are in page.session already.
    if (initial) session.counted.add(model.round.id);
    else session.add(model.round);
  }
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
      revealView.hide();
      hideError();
      break;
    case "hand":
      model.you = { ...(model.you || {}), round_id: message.round_id, cards: message.cards,
        candidates: message.candidates || [], hints: message.hints, deadline: message.deadline,
        submission: null };
      sounds.play("deal");
      break;
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
      break;
    }
    default:
      break; // a message this page does not know changes nothing on it
  }
}

// --- drawing -------------------------------------------------------------------------------

function render({ animateReveal }) {
  const round = model.round;
  const you = model.you;
  const arranging = round && round.phase === "arranging";
  const settled = round && round.phase === "settled";
  const playing = arranging && you && Array.isArray(you.cards);
  app.dataset.phase = round ? round.phase : "waiting";
  renderSeats();
  renderStatus();
  $("arrange").hidden = !playing;
  if (playing) {
    arrangeView.load({ roundId: you.round_id ?? round.id, cards: you.cards,
      candidates: you.candidates, hints: you.hints, submission: you.submission });
  }
  if (settled) revealView.show(round, { animate: animateReveal });
  else if (!arranging) revealView.hide();
  else revealView.hide();
  countdown.set(arranging ? (you && you.deadline) || round.deadline : null,
    Boolean(playing && !you.submission));
}

function seatOf(position) {
  return model.seats.find((seat) => seat.position === position) || null;
}

function renderSeats() {
  const max = model.table?.rule_set?.max_players || page.rules.max_players;
  const round = model.round;
  const arranging = round && round.phase === "arranging";
  const inRound = new Set(arranging ? round.players || [] : []);
  const submitted = new Set(arranging ? round.submitted || [] : []);
  const auto = new Set(arranging ? round.auto || [] : []);
  const youPosition = model.you ? model.you.position : null;
  const canSit = !model.you && !arranging;
  const seats = [];
  for (let position = 0; position < max; position += 1) {
    const seat = seatOf(position);
    if (!seat) {
      seats.push(el("div", { class: "seat empty", dataset: { position } },
        el("span", { class: "seat-name" }, t("seat.empty")),
        canSit ? el("button", { type: "button", class: "small", dataset: { sit: position } },
          t("seat.sit")) : null));
      continue;
    }
    const isYou = seat.position === youPosition;
    let state;
    if (arranging && inRound.has(position)) {
      state = submitted.has(position) || seat.submitted
        ? (auto.has(position) ? t("seat.auto") : t("seat.submitted")) : t("seat.arranging");
    } else {
      state = seat.ready ? t("seat.ready") : t("seat.not_ready");
    }
    const classes = ["seat", isYou ? "you" : "", seat.ready ? "ready" : "",
      seat.connected === false ? "disconnected" : "",
      arranging && (submitted.has(position) || seat.submitted) ? "submitted" : ""].filter(Boolean).join(" ");
    seats.push(el("div", { class: classes, dataset: { position } },
      el("span", { class: "seat-name" }, seat.display_name, isYou ? ` (${t("seat.you")})` : ""),
      el("span", { class: "seat-state" }, state),
      seat.connected === false ? el("span", { class: "seat-off" }, t("seat.disconnected")) : null,
      el("span", { class: "seat-score" }, t("seat.session", { points: signed(session.of(seat.user_id)) }))));
  }
  $("seats").replaceChildren(...seats);
}

function renderStatus() {
  const round = model.round;
  const you = model.you;
  const arranging = round && round.phase === "arranging";
  const settled = round && round.phase === "settled";
  const seated = Boolean(you);
  const inRound = arranging && seated && Array.isArray(you.cards);
  let text;
  if (!seated) text = arranging ? t("phase.watch_round", { number: round.number }) : t("phase.watching");
  else if (inRound && you.submission) text = you.submission.auto ? t("phase.auto") : t("phase.submitted");
  else if (inRound) {
    // 多三张 deals 16: the player picks 13 of them (RULES.md §7.3).
    text = you.cards.length > 13 ? t("phase.arranging_extra", { count: you.cards.length })
      : t("phase.arranging");
  }
  else if (arranging) text = t("phase.watch_round", { number: round.number });
  else if (you.ready) text = t("phase.ready_wait");
  else if (settled) {
    // The timer submits for everyone left and settles at once, so "auto-submitted" is
    // said here, on the settled round, where a player who did nothing will see it.
    const mine = (round.hands || []).find((hand) => hand.position === you.position);
    text = t("phase.settled", { number: round.number });
    if (mine && mine.auto) text = `${t("phase.auto")} ${text}`;
  }
  else text = t("phase.waiting", { min: page.rules.min_players });
  const phase = $("phase-text");
  phase.textContent = text;
  phase.classList.toggle("auto", text.startsWith(t("phase.auto")));

  const freeSeat = model.seats.length < (model.table?.rule_set?.max_players || page.rules.max_players);
  const sit = $("sit-button");
  sit.hidden = seated || arranging || !freeSeat;
  sit.textContent = t("action.sit");
  const ready = $("ready-button");
  ready.hidden = !seated || arranging || Boolean(you && you.ready);
  ready.textContent = t("action.ready");
  const stand = $("stand-button");
  stand.hidden = !seated || arranging;
  stand.textContent = t("action.stand");
}

// --- the clock -----------------------------------------------------------------------------

const countdown = {
  deadline: null,
  mine: false,
  timer: null,
  lastSecond: null,
  set(deadline, mine) {
    const at = deadline ? Date.parse(deadline) : null;
    this.mine = mine;
    if (at === this.deadline) { this.draw(); return; }
    this.deadline = at;
    this.lastSecond = null;
    clearInterval(this.timer);
    this.timer = at ? setInterval(() => this.draw(), 250) : null;
    this.draw();
  },
  draw() {
    const clock = $("clock");
    if (!this.deadline) { clock.hidden = true; return; }
    const total = (page.rules.arrange_seconds || 30) * 1000;
    const left = Math.max(0, this.deadline - Date.now());
    const seconds = Math.ceil(left / 1000);
    clock.hidden = false;
    clock.classList.toggle("urgent", seconds <= URGENT_SECONDS && seconds > 0);
    clock.classList.toggle("up", seconds === 0);
    clock.setAttribute("aria-label", `${t("clock.label")}: ${t("clock.left", { seconds })}`);
    $("clock-text").textContent = seconds > 0 ? t("clock.left", { seconds }) : t("clock.up");
    $("clock-fill").style.strokeDasharray = `${Math.min(100, (left / total) * 100)} 100`;
    if (this.mine && seconds !== this.lastSecond && seconds > 0 && seconds <= 5) sounds.play("tick");
    this.lastSecond = seconds;
  },
};

// --- buttons and start-up ------------------------------------------------------------------

$("seats").addEventListener("click", (event) => {
  const button = event.target.closest("[data-sit]");
  if (button) send({ type: "sit", position: Number(button.dataset.sit) });
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
  mute.append(` ${sounds.muted ? t("action.unmute") : t("action.mute")}`);
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

applyState(readJSON("table-state"), true);
client.connect();
// For the browser tests and for curious players: the live model, read-only by intent.
window.thirteenWater = { model, client };
