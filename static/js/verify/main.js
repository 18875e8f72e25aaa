// The public verification page (templates/history/verify.html): a transcript pasted, or
// fetched by the round's id from the transcript API, is checked here with Web Crypto
// (check.js, on the replay page's fairness.js); the server only serves the page. With
// ?round=N in the address the page fetches and checks that round at once.

import { translator } from "../replay/model.js";
import { canonical, checkTranscript, parseTranscript, readTranscript, roundId, transcriptUrl } from "./check.js";
import { VerifyView } from "./view.js";

const data = (id) => JSON.parse(document.getElementById(id).textContent);
const config = data("verify-config");
const t = translator(data("verify-strings"));
const $ = (id) => document.getElementById(id);

const app = $("verify-app");
const textarea = $("verify-transcript");
const roundInput = $("verify-round");
const view = new VerifyView({ result: $("verify-result"), checks: $("verify-checks"), facts: $("verify-facts") }, t);

// Each check is numbered; a slower earlier one (a fetch) must not overwrite a later one.
let latest = 0;

async function check(read) {
  const run = ++latest;
  app.dataset.state = "checking";
  if (read.problem) {
    view.refused(read.problem);
  } else {
    view.status("status.running");
    const outcome = await checkTranscript(read.transcript);
    if (run !== latest) return;
    view.checked(read.transcript, outcome);
  }
  // On a phone the verdict is below the forms: bring it into sight.
  $("verify-result").scrollIntoView({ block: "nearest" });
  app.dataset.state = "done";
}

async function fetchRound(text) {
  const round = roundId(text);
  if (round === null) {
    view.refused({ id: "fetch.bad_round_id", params: {} }, null);
    app.dataset.state = "done";
    return;
  }
  const run = ++latest;
  app.dataset.state = "checking";
  view.status("status.fetching_id", { round });
  let response;
  let body = null;
  try {
    response = await fetch(transcriptUrl(config.transcript_url, round), {
      credentials: "same-origin", headers: { Accept: "application/json" } });
    body = await response.json().catch(() => null);
  } catch {
    response = null;
  }
  if (run !== latest) return;
  if (!response || !response.ok) {
    const status = response ? response.status : 0;
    let id = "fetch.failed";
    if (status === 404) id = "fetch.not_found_id";
    else if (status === 403) id = body && body.code === "round_not_settled" ? "fetch.not_settled_id" : "fetch.not_logged_in_id";
    view.refused({ id, params: { round, status: status || "—" } }, null);
    $("verify-result").scrollIntoView({ block: "nearest" });
    app.dataset.state = "done";
    return;
  }
  // The canonical text in the box: what was checked, ready to copy or change.
  const read = readTranscript(body);
  if (read.transcript) textarea.value = canonical(read.transcript);
  await check(read);
}

$("verify-form").addEventListener("submit", (event) => {
  event.preventDefault();
  check(parseTranscript(textarea.value.trim()));
});
$("verify-round-form").addEventListener("submit", (event) => {
  event.preventDefault();
  fetchRound(roundInput.value);
});

if (config.round) {
  roundInput.value = config.round;
  fetchRound(config.round);
} else {
  view.status("status.idle_id");
}
app.dataset.ready = "true";
