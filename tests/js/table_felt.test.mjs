// The felt's seat placement (issue 14): you at the bottom, the others around the table in
// seat order; a watcher sees the table from seat 1's side.
import assert from "node:assert/strict";
import { test } from "node:test";

import { seatSpot } from "../../static/js/table_seats.js";

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

test("every felt string a script asks for has its English default", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const { FELT_STRINGS } = await import("../../static/js/table_strings.js");
  const folder = new URL("../../static/js/", import.meta.url);
  const asked = new Set();
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".js"))) {
    const text = readFileSync(new URL(name, folder), "utf8");
    for (const match of text.matchAll(/\bfelt\(t, "([a-z_]+)"/g)) asked.add(`felt.${match[1]}`);
  }
  assert.ok(asked.size >= 10);
  assert.deepEqual([...asked].filter((id) => !(id in FELT_STRINGS)), []);
  assert.deepEqual(Object.keys(FELT_STRINGS).filter((id) => !asked.has(id)), [], "no unused defaults");
});
