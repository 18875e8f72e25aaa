// The replay page (templates/history/replay.html): reads the round and the strings the
// server embedded, wires the transport (buttons, slider, keyboard, the link with the
// step), and checks the deal in the browser with WebCrypto.

import { cardsPlayed, verifyDeal } from "./fairness.js";
import { translator } from "./model.js";
import { ReplayPlayer, keyAction, stepFromSearch, urlWithStep } from "./player.js";
import { ReplayView, showVerification } from "./view.js";

const data = (id) => JSON.parse(document.getElementById(id).textContent);
const replay = data("replay-data");
const t = translator(data("replay-strings"));
const you = data("replay-you");
const $ = (id) => document.getElementById(id);

const app = $("replay-app");
const slider = $("replay-slider");
slider.max = String(Math.max(replay.steps.length - 1, 0));

const view = new ReplayView({
  seats: $("replay-seats"), narration: $("replay-narration"), lines: $("replay-lines"),
  steps: $("replay-steps"), counter: $("replay-counter"), slider, playButton: $("replay-play"),
}, { replay, t, you });

const player = new ReplayPlayer(replay.steps.length, {
  index: stepFromSearch(window.location.search, replay.steps.length),
  onChange: (index, p) => {
    view.show(index, p.playing);
    app.dataset.step = String(index + 1);
    // replaceState: stepping must not fill the back button's history.
    window.history.replaceState(null, "", urlWithStep(window.location.href, index));
  },
});
view.show(player.index, false);
app.dataset.step = String(player.index + 1);
app.dataset.ready = "true";

$("replay-first").addEventListener("click", () => player.first());
$("replay-back").addEventListener("click", () => player.back());
$("replay-play").addEventListener("click", () => player.toggle());
$("replay-forward").addEventListener("click", () => player.forward());
$("replay-end").addEventListener("click", () => player.end());
slider.addEventListener("input", () => { player.pause(); player.seek(Number(slider.value)); });
$("replay-steps").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-step]");
  if (button) { player.pause(); player.seek(Number(button.dataset.step)); }
});
document.addEventListener("keydown", (event) => {
  const action = keyAction(event);
  if (!action) return;
  event.preventDefault();
  if (action !== "toggle") player.pause();
  player[action]();
});

$("replay-share").addEventListener("click", async () => {
  const url = urlWithStep(window.location.href, player.index);
  const note = $("replay-share-note");
  try {
    await navigator.clipboard.writeText(url);
    note.textContent = t("player.copied");
  } catch {
    note.textContent = t("player.copy_failed", { url });
  }
});

// The deal, checked here rather than trusted: each seat's rows plus its discards (in deal
// order) must be exactly the cards the revealed seed deals (in 十三道, after the
// exchange), and the seed must hash to the commitment published before the deal.
async function checkDeal() {
  const box = $("verify-browser");
  box.classList.add("checking");
  box.textContent = t("verify.running");
  // 十三道: the rows are checked against the deal after the exchange, and the bank
  // against the bids (fairness.js).
  const banker = replay.rules.mode === "banker";
  const report = await verifyDeal({
    seed: replay.fairness.seed, commitment: replay.fairness.commitment, hands: cardsPlayed(replay),
    rules: replay.rules, algorithm: replay.fairness.algorithm,
    exchange: banker ? replay.exchange || {} : null, order: replay.fairness.deal_order,
    bids: banker ? replay.bids : null, banker: replay.banker,
    roundNumber: replay.fairness.round_number ?? 0, clientSeeds: replay.fairness.client_seeds || [],
  });
  showVerification(box, report, replay, t);
  box.dataset.result = report.ok ? "ok" : "bad";
}
checkDeal();

// The sticky transport never covers what the page scrolls to (a link reached with Tab, a
// heading, an anchor): the page's scroll padding is the bar's height while it sticks
// (issue 24, item 8: the bar covered text).
const transport = document.querySelector(".replay-transport");
const padForTransport = () => {
  const sticky = getComputedStyle(transport).position === "sticky";
  document.documentElement.style.scrollPaddingTop = sticky ? `${transport.offsetHeight + 8}px` : "";
};
padForTransport();
new ResizeObserver(padForTransport).observe(transport);
window.addEventListener("resize", padForTransport);
