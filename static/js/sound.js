// Table sounds made on the spot with WebAudio (no files to load): the deal, the clock's
// last seconds, a submission, a card turned over, a scoop, a home run and the points
// landing on the seats. The mute switch is remembered in localStorage. Browsers only
// start audio after a user gesture, so the context is created lazily on the first sound
// after one; before that, sounds are silently skipped.

const STORAGE_KEY = "thirteen-water.muted";

// Each sound: notes of [frequency Hz, start s, length s, type, volume].
const SOUNDS = {
  deal: [[520, 0, 0.05, "triangle", 0.15], [600, 0.07, 0.05, "triangle", 0.15],
    [680, 0.14, 0.05, "triangle", 0.15]],
  tick: [[880, 0, 0.07, "square", 0.06]],
  urgent: [[988, 0, 0.1, "square", 0.09], [988, 0.15, 0.1, "square", 0.09]],
  submit: [[660, 0, 0.08, "sine", 0.2], [990, 0.08, 0.12, "sine", 0.2]],
  flip: [[300, 0, 0.04, "triangle", 0.12]],
  scoop: [[392, 0, 0.12, "sawtooth", 0.12], [523, 0.12, 0.12, "sawtooth", 0.12],
    [659, 0.24, 0.25, "sawtooth", 0.12]],
  home_run: [[523, 0, 0.12, "square", 0.12], [659, 0.12, 0.12, "square", 0.12],
    [784, 0.24, 0.12, "square", 0.12], [1047, 0.36, 0.45, "square", 0.14]],
  error: [[220, 0, 0.15, "sawtooth", 0.1]],
  // The round's points landing on the seats: a short rising chime.
  points: [[784, 0, 0.08, "triangle", 0.14], [1175, 0.09, 0.16, "triangle", 0.14]],
};

export class Sounds {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
    this.context = null;
    this.muted = this._read() === "1";
  }

  _read() {
    try { return this.storage?.getItem(STORAGE_KEY); } catch { return null; }
  }

  setMuted(muted) {
    this.muted = muted;
    try { this.storage?.setItem(STORAGE_KEY, muted ? "1" : "0"); } catch { /* private mode */ }
  }

  /** Call from a click or key handler: the browser allows audio from then on. */
  unlock() {
    if (this.context || this.muted) return;
    const AudioContext = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (AudioContext) this.context = new AudioContext();
  }

  play(name) {
    const notes = SOUNDS[name];
    if (this.muted || !notes || !this.context) return;
    if (this.context.state === "suspended") this.context.resume();
    const start = this.context.currentTime + 0.01;
    for (const [frequency, at, length, type, volume] of notes) {
      const oscillator = this.context.createOscillator();
      const gain = this.context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      // A quick attack and exponential decay: a click-free blip.
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(volume, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(this.context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  }
}
