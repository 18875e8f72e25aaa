// Sounds are generated with WebAudio only after a gesture, and the mute switch sticks.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Sounds } from "../../static/js/sound.js";

class FakeParam {
  setValueAtTime() {}
  exponentialRampToValueAtTime() {}
}

function fakeAudio() {
  const started = [];
  class FakeContext {
    constructor() { this.currentTime = 0; this.state = "running"; this.destination = {}; }
    createOscillator() {
      const node = { frequency: {}, connect: (next) => next, start: () => started.push(node.frequency.value), stop() {} };
      return node;
    }
    createGain() { return { gain: new FakeParam(), connect: (next) => next }; }
  }
  return { FakeContext, started };
}

function memoryStorage() {
  const values = new Map();
  return { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => values.set(k, String(v)) };
}

test("no sound before a gesture unlocks audio, then every note of a sound plays", () => {
  const { FakeContext, started } = fakeAudio();
  globalThis.AudioContext = FakeContext;
  const sounds = new Sounds(memoryStorage());
  sounds.play("scoop");
  assert.equal(started.length, 0);
  sounds.unlock();
  sounds.play("scoop");
  assert.deepEqual(started, [392, 523, 659]);
  sounds.play("no-such-sound");
  assert.equal(started.length, 3);
  delete globalThis.AudioContext;
});

test("muting silences every sound and is remembered", () => {
  const { FakeContext, started } = fakeAudio();
  globalThis.AudioContext = FakeContext;
  const storage = memoryStorage();
  const sounds = new Sounds(storage);
  sounds.unlock();
  sounds.setMuted(true);
  sounds.play("home_run");
  assert.equal(started.length, 0);
  assert.equal(new Sounds(storage).muted, true);
  sounds.setMuted(false);
  assert.equal(new Sounds(storage).muted, false);
  delete globalThis.AudioContext;
});

test("a browser without WebAudio or storage plays nothing and does not break", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  const sounds = new Sounds(broken);
  sounds.unlock();
  sounds.play("deal");
  sounds.setMuted(true);
  assert.equal(sounds.muted, true);
});
