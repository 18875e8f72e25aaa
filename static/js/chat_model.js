// The table's chat as plain data: the lines kept in order without repeats (a message may
// arrive twice, docs/protocol.md), the players this reader muted and the count of lines
// not yet read while the drawer is closed. Mutes are kept by the server for the account
// (the `mute` message; `state.muted` and `muted` say the list), which stops sending a muted
// player's lines; the lines that came before a mute are hidden here. The server keeps
// text as typed; the view writes it with textContent, never as HTML. No DOM here: node's
// tests drive it.

export const CHAT_MAX = 120; // games.live.services.rooms.CHAT_MAX_CHARACTERS
const KEPT = 60;

export class ChatLog {
  constructor({ userId = null } = {}) {
    this.userId = userId;
    this.lines = [];
    this.ids = new Set();
    this.unread = 0;
    this.open = false;
    this.muted = new Map(); // user_id → display_name, as the server last said
  }

  /** The server's list of whom this reader muted: [{user_id, display_name}]. */
  setMuted(list) {
    this.muted = new Map((list || []).map((entry) => [entry.user_id, entry.display_name]));
  }

  /** The muted players, by name, to offer an unmute: [{user_id, display_name}]. */
  mutedPlayers() {
    return [...this.muted].map(([user_id, display_name]) => ({ user_id, display_name }));
  }

  /** A `state`'s last lines: they replace the list (none of them is unread). */
  load(lines) {
    this.lines = [];
    this.ids = new Set();
    for (const line of lines || []) this._keep(line);
  }

  /** A `chat` message; true when it is new. A line from someone else while the drawer is
   * closed is unread, unless that player is muted. */
  add(line) {
    if (!line || this.ids.has(line.id)) return false;
    this._keep(line);
    if (!this.open && line.user_id !== this.userId && !this.muted.has(line.user_id)) this.unread += 1;
    return true;
  }

  _keep(line) {
    this.ids.add(line.id);
    this.lines.push(line);
    if (this.lines.length > KEPT) this.ids.delete(this.lines.shift().id);
  }

  setOpen(open) {
    this.open = open;
    if (open) this.unread = 0;
  }

  /** The lines to show: a muted player's are left out. */
  visible() {
    return this.lines.filter((line) => !this.muted.has(line.user_id));
  }

  isMuted(userId) {
    return this.muted.has(userId);
  }

  /** The `mute` message that turns this player's mute over, or null for yourself. The
   * list changes when the server answers with `muted`. */
  muteMessage(userId) {
    if (userId === this.userId || !Number.isInteger(userId)) return null;
    return { type: "mute", user_id: userId, muted: !this.muted.has(userId) };
  }
}

/** What a line says in the reader's language: a quick phrase by its key, or the text. */
export function lineText(line, t) {
  return line.phrase ? t(`chat.phrase_${line.phrase}`) : line.text || "";
}

/** A typed line as the server will take it ([] when nothing is left to send): spaces
 * squeezed, at most CHAT_MAX characters. The server checks again and says why it refuses. */
export function typedText(value) {
  const text = String(value || "").split(/\s+/).filter(Boolean).join(" ");
  return { text, tooLong: [...text].length > CHAT_MAX, empty: text.length === 0 };
}
