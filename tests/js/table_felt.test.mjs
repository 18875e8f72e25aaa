// The felt's seat placement (issue 14): you at the bottom, the others around the table in
// seat order; a watcher sees the table from seat 1's side.
import assert from "node:assert/strict";
import { test } from "node:test";

import { botLevel } from "../../static/js/seat_names.js";
import { inReveal, seatSpot } from "../../static/js/table_seats.js";

test("you sit at the bottom and the others follow round the table", () => {
  assert.deepEqual([0, 1, 2, 3].map((p) => seatSpot(p, 2, 4)), ["t", "l", "b", "r"]);
  assert.deepEqual([0, 1].map((p) => seatSpot(p, 1, 2)), ["t", "b"]);
  assert.deepEqual([0, 1, 2].map((p) => seatSpot(p, 0, 3)), ["b", "tr", "tl"]);
  assert.deepEqual([0, 1, 2, 3, 4].map((p) => seatSpot(p, 4, 5)), ["r", "tr", "tl", "l", "b"]);
});

test("a watcher sees the table from seat 1's side", () => {
  assert.deepEqual([0, 1, 2, 3].map((p) => seatSpot(p, null, 4)), ["b", "r", "t", "l"]);
  assert.deepEqual([0, 1, 2, 3].map((p) => seatSpot(p, undefined, 4)), ["b", "r", "t", "l"]);
});

test("every felt string a script asks for is in the server's table, and every one is asked for", async () => {
  // The page's strings are the server's (games/live/strings.py, with the words it shares
  // with the replay from games/vocabulary.py, translated by Django):
  // tests/games/live/test_views.py checks the other ids; this one also catches an unused one.
  const { readdirSync, readFileSync } = await import("node:fs");
  const folder = new URL("../../static/js/", import.meta.url);
  const asked = new Set();
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".js"))) {
    const text = readFileSync(new URL(name, folder), "utf8");
    for (const match of text.matchAll(/\bt\("(felt\.[a-z_]+)"/g)) asked.add(match[1]);
    assert.doesNotMatch(text, /table_strings\.js/, `${name} still imports the English defaults`);
  }
  const server = ["../../games/live/strings.py", "../../games/vocabulary.py"]
    .map((path) => readFileSync(new URL(path, import.meta.url), "utf8")).join("\n");
  const declared = new Set([...server.matchAll(/"(felt\.[a-z_]+)":/g)].map((m) => m[1]));
  assert.ok(asked.size >= 10);
  assert.deepEqual([...asked].filter((id) => !declared.has(id)), []);
  assert.deepEqual([...declared].filter((id) => !asked.has(id)), [], "no unused felt strings");
});

test("a bot's level is said in the page's language", () => {
  const t = (id) => ({ "felt.level_easy": "简单", "felt.level_normal": "普通", "felt.level_strong": "强" })[id] || id;
  assert.deepEqual(["easy", "normal", "strong", "odd"].map((level) => botLevel(level, t)), ["简单", "普通", "强", "odd"]);
});

test("while a settled round is revealed its players' seats are the reveal's hands", () => {
  const round = { phase: "settled", hands: [{ position: 0, user_id: 7 }, { position: 1, user_id: 8 }] };
  assert.equal(inReveal(round, { position: 0, user_id: 7 }), true);
  // A newcomer who took a bot's seat after the round is not in its reveal: the felt keeps them.
  assert.equal(inReveal(round, { position: 1, user_id: 9 }), false);
  assert.equal(inReveal(round, { position: 2, user_id: 10 }), false);
  assert.equal(inReveal({ ...round, phase: "arranging" }, { position: 0, user_id: 7 }), false);
  assert.equal(inReveal(null, { position: 0, user_id: 7 }), false);
});

test("a bot's face is the server's picture of it (accounts/avatars.py), in a square frame", async () => {
  const { installFakeDom } = await import("./fake_dom.mjs");
  installFakeDom();
  const { avatar } = await import("../../static/js/table_seats.js");
  const t = (id, params) => `${id} ${JSON.stringify(params || {})}`;
  const faces = [1, 2, 3].map((n) => avatar({ display_name: `Bot · Normal ${n}`, avatar: `/accounts/avatars/${n}.svg?v=bot-${n}.${n + 30}` }, t));
  for (const [index, face] of faces.entries()) {
    assert.match(face.className, /\bbot-face\b/);
    const [picture] = face.all().filter((node) => node.tagName === "IMG");
    assert.equal(picture.getAttribute("src"), `/accounts/avatars/${index + 1}.svg?v=bot-${index + 1}.${index + 31}`);
    // Named as the table names it: "Bot 2", not "Bot · Normal 2".
    assert.match(picture.getAttribute("alt"), /felt\.bot_name/);
  }
  // Without a picture (never sent so, but drawn all the same) a bot shows its number.
  assert.equal(avatar({ display_name: "Bot · Easy 4" }, t).textContent, "4");
  // A person keeps their picture, or their initial on a disc.
  const mei = avatar({ display_name: "Mei", avatar: "/accounts/2/avatar.svg" }, t);
  assert.equal(mei.all().filter((node) => node.tagName === "IMG").length, 1);
  assert.doesNotMatch(mei.className, /bot-face/);
  assert.equal(avatar({ display_name: "mei" }, t).textContent, "M");
  assert.doesNotMatch(avatar({ display_name: "Bot fan" }, t).className, /bot-face/);
});
