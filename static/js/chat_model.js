// The table's chat as plain data: the lines kept in order without repeats (a message may
// arrive twice, docs/protocol.md), the players this reader muted (client-side only,
// remembered in localStorage) and the count of lines not yet read while the drawer is
// closed. The server keeps text as typed; the view writes it with textContent, never as
// HTML. No DOM here: node's tests drive it.

export const CHAT_MAX = 120; // games.live.services.rooms.CHAT_MAX_CHARACTERS
const KEPT = 60;
const MUTE_KEY = "thirteen-water.chat-muted";

export class ChatLog {
  /** storage: something with getItem/setItem (window.localStorage), or null. */
  constructor({ storage = null, userId = null } = {}) {
    this.storage = storage;
    this.userId = userId;
    this.lines = [];
    this.ids = new Set();
    this.unread = 0;
    this.open = false;
    this.muted = new Set(readMuted(storage));
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

  toggleMute(userId) {
    if (userId === this.userId) return false;
    if (this.muted.has(userId)) this.muted.delete(userId);
    else this.muted.add(userId);
    try {
      this.storage?.setItem(MUTE_KEY, JSON.stringify([...this.muted]));
    } catch {
      // A private window may refuse storage: the mute still holds for this page.
    }
    return this.muted.has(userId);
  }
}

function readMuted(storage) {
  try {
    const list = JSON.parse(storage?.getItem(MUTE_KEY) || "[]");
    return Array.isArray(list) ? list.filter(Number.isInteger) : [];
  } catch {
    return [];
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
