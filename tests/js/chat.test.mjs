// The table's chat (static/js/chat_model.js, chat_view.js): lines kept once and in order,
// the server's per-account mutes, the unread count, the quick phrases in the
// reader's language, and text that stays text however it is written.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ChatLog, lineText, typedText } from "../../static/js/chat_model.js";
import { installFakeDom } from "./fake_dom.mjs";

const line = (id, user_id, fields = {}) => ({ id, user_id, display_name: `P${user_id}`, phrase: null,
  text: `line ${id}`, at: "2026-11-30T10:00:00Z", ...fields });

test("a line delivered twice is listed once, and a state's lines replace the list", () => {
  const log = new ChatLog({ userId: 1 });
  assert.equal(log.add(line(1, 2)), true);
  assert.equal(log.add(line(1, 2)), false);
  log.add(line(2, 3));
  assert.deepEqual(log.lines.map((l) => l.id), [1, 2]);
  log.load([line(5, 2), line(6, 2)]);
  assert.deepEqual(log.lines.map((l) => l.id), [5, 6]);
  assert.equal(log.add(line(6, 2)), false);
});

test("lines from others count as unread while the drawer is closed; opening reads them", () => {
  const log = new ChatLog({ userId: 1 });
  log.add(line(1, 2));
  log.add(line(2, 1)); // your own line is never unread
  assert.equal(log.unread, 1);
  log.setOpen(true);
  assert.equal(log.unread, 0);
  log.add(line(3, 2));
  assert.equal(log.unread, 0);
});

test("the server's mutes hide a player's lines and their unread count; a mute is a message", () => {
  const log = new ChatLog({ userId: 1 });
  log.add(line(1, 2));
  assert.deepEqual(log.muteMessage(2), { type: "mute", user_id: 2, muted: true });
  log.setMuted([{ user_id: 2, display_name: "P2" }]); // the server's `muted` answer
  log.add(line(2, 2)); // sent before the mute took hold on the server
  log.add(line(3, 3));
  assert.deepEqual(log.visible().map((l) => l.id), [3]);
  assert.equal(log.unread, 2); // line 1 came before the mute; line 2 after it does not count
  assert.equal(log.isMuted(2), true);
  assert.deepEqual(log.mutedPlayers(), [{ user_id: 2, display_name: "P2" }]);
  assert.deepEqual(log.muteMessage(2), { type: "mute", user_id: 2, muted: false });
  assert.equal(log.muteMessage(1), null, "nobody mutes themselves");
  assert.equal(log.muteMessage(Number("x")), null);
  log.setMuted(undefined); // a state without the field: nobody muted
  assert.equal(log.isMuted(2), false);
});

test("a quick phrase is read in the reader's language; text is as typed, squeezed and capped", () => {
  const t = (id) => ({ "chat.phrase_good_luck": "祝你好运！" }[id] || id);
  assert.equal(lineText(line(1, 2, { phrase: "good_luck", text: null }), t), "祝你好运！");
  assert.equal(lineText(line(1, 2, { text: "<b>hi</b>" }), t), "<b>hi</b>");
  assert.deepEqual(typedText("  well   played \n"), { text: "well played", tooLong: false, empty: false });
  assert.equal(typedText("   ").empty, true);
  assert.equal(typedText("x".repeat(120)).tooLong, false);
  assert.equal(typedText("x".repeat(121)).tooLong, true);
});

test("the drawer writes a line's name and text as text, never as HTML", async () => {
  const dom = installFakeDom();
  const { ChatView } = await import("../../static/js/chat_view.js");
  const elements = {};
  for (const name of ["drawer", "toggle", "toggleText", "unread", "title", "close", "lines", "phrases",
    "form", "input", "send", "error"]) elements[name] = dom.element();
  const log = new ChatLog({ userId: 1 });
  const sent = [];
  const view = new ChatView(elements, { t: (id, params = {}) => `${id}${params.name ? ` ${params.name}` : ""}`,
    log, phrases: ["hello", "bye"], userId: 1, send: (m) => { sent.push(m); return true; } });
  const evil = "<img src=x onerror=alert(1)>";
  log.add(line(1, 2, { display_name: "<script>x</script>", text: evil }));
  view.setOpen(true);
  const items = elements.lines.all();
  assert.ok(!items.some((node) => ["IMG", "SCRIPT"].includes(node.tagName)));
  const texts = items.filter((node) => node.className === "chat-text").map((node) => node.textContent);
  assert.deepEqual(texts, [evil]);
  const names = items.filter((node) => node.className === "chat-name").map((node) => node.textContent);
  assert.deepEqual(names, ["<script>x</script>"]);
  // The only HTML the drawer writes is its own icon, never a line.
  const html = items.flatMap((node) => node.htmlAssigned);
  assert.ok(html.length === 1 && html[0].startsWith("<svg") && !html[0].includes("img"));
  // The quick phrases are one button each, sent by key.
  const phrases = elements.phrases.all().filter((node) => node.dataset.phrase);
  assert.deepEqual(phrases.map((node) => node.dataset.phrase), ["hello", "bye"]);
  assert.deepEqual(phrases.map((node) => node.textContent), ["chat.phrase_hello", "chat.phrase_bye"]);
  // The unread badge: hidden when the drawer is open and everything is read.
  assert.equal(elements.unread.hidden, true);
  view.setOpen(false);
  log.add(line(2, 3));
  view.render();
  assert.equal(elements.unread.hidden, false);
  assert.equal(elements.unread.textContent, "1");
});
