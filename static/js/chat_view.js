// The chat: a button in the status bar (with the count of unread lines) opens it in the
// page, under the status bar or beside the rows (room.css), so it lies over nothing.
// Quick phrases are buttons in the reader's language; free text goes up to 120
// characters. Every line is written with textContent (dom.js's `el` makes text nodes),
// never as HTML. A player's lines can be muted here: the server keeps the mute for the
// account (chat_model.js).

import { CHAT_MAX, lineText, typedText } from "./chat_model.js";
import { el } from "./dom.js";

// A crossed speaker drawn in SVG (emoji glyphs are missing from many systems' fonts).
const MUTED_SPEAKER = '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true">'
  + '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="m16 9 5 6m0-6-5 6" fill="none" '
  + 'stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

export class ChatView {
  /**
   * elements: {drawer, toggle, toggleText, unread, title, close, lines, phrases, form, input,
   *   send, error}
   * options: {t, log: ChatLog, phrases: [keys], userId, send(message) → bool}
   */
  constructor(elements, options) {
    Object.assign(this, options);
    this.elements = elements;
    const { toggle, close, form, input, lines, phrases } = elements;
    toggle.addEventListener("click", () => this.setOpen(!this.log.open));
    close.addEventListener("click", () => {
      this.setOpen(false);
      toggle.focus(); // the keyboard goes on from the button that opened it
    });
    close.setAttribute("aria-label", this.t("chat.close"));
    elements.title.textContent = this.t("chat.title");
    elements.send.textContent = this.t("chat.send");
    input.maxLength = CHAT_MAX;
    input.placeholder = this.t("chat.placeholder", { max: CHAT_MAX });
    input.setAttribute("aria-label", input.placeholder);
    phrases.setAttribute("aria-label", this.t("chat.phrases"));
    phrases.replaceChildren(...this.phrases.map((key) => el("button", {
      type: "button", class: "phrase", dataset: { phrase: key } }, this.t(`chat.phrase_${key}`))));
    phrases.addEventListener("click", (event) => {
      const button = event.target.closest("[data-phrase]");
      if (button && this.send({ type: "chat", phrase: button.dataset.phrase })) this.clearError();
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const typed = typedText(input.value);
      if (typed.empty) return;
      if (typed.tooLong) {
        this.showError(this.t("chat.too_long", { max: CHAT_MAX }));
        return;
      }
      if (this.send({ type: "chat", text: typed.text })) {
        input.value = "";
        this.clearError();
      }
    });
    lines.addEventListener("click", (event) => {
      const button = event.target.closest("[data-mute]");
      if (!button) return;
      const message = this.log.muteMessage(Number(button.dataset.mute));
      if (message && this.send(message)) this.clearError();
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.log.open) this.setOpen(false);
    });
  }

  setOpen(open) {
    this.log.setOpen(open);
    this.elements.drawer.hidden = !open;
    this.elements.toggle.setAttribute("aria-expanded", String(open));
    this.render();
    if (open) {
      this._scrollToEnd();
      // It opens in the page (under the status bar, or in a column beside the rows):
      // brought into view if the page was scrolled past it — below the status bar where
      // that stays in sight, not under it (its lines and close button were hidden there
      // in landscape once the page had scrolled).
      this._clearStatusBar();
      this.elements.drawer.scrollIntoView?.({ block: "nearest" });
      // A phone's keyboard would cover the quick phrases: the text box waits for a tap there.
      if (globalThis.matchMedia?.("(pointer: fine)").matches) this.elements.input.focus({ preventScroll: true });
    }
  }

  /** The drawer's scroll margin: the height of the status bar when the bar sticks at the
   * top of the screen and the drawer is in the page under it (beside the rows, the drawer
   * sticks by itself and needs none). */
  _clearStatusBar() {
    const { drawer, toggle } = this.elements;
    const style = globalThis.getComputedStyle;
    const bar = toggle.closest?.(".status-bar");
    if (!style || !bar || !drawer.style) return;
    const under = style(bar).position === "sticky" && style(drawer).position !== "sticky";
    drawer.style.scrollMarginTop = under ? `${Math.ceil(bar.getBoundingClientRect().height) + 8}px` : "";
  }

  /** The server refused a line (too long, too fast): said in the drawer, where it was typed. */
  showError(text) {
    this.elements.error.textContent = text;
    this.elements.error.hidden = false;
  }

  clearError() {
    this.elements.error.hidden = true;
  }

  render() {
    const t = this.t;
    const { toggleText, unread, lines } = this.elements;
    toggleText.textContent = t("chat.open");
    unread.hidden = this.log.unread === 0;
    unread.textContent = String(this.log.unread);
    unread.setAttribute("aria-label", t("chat.unread", { count: this.log.unread }));
    if (!this.log.open) return;
    const shown = this.log.visible();
    // Whoever this reader muted is listed once, so they can be unmuted.
    const muted = this.log.mutedPlayers();
    const items = shown.map((line) => {
      const mine = line.user_id === this.userId;
      return el("li", { class: `chat-line${mine ? " mine" : ""}${line.phrase ? " phrase" : ""}`,
        dataset: { id: line.id, user: line.user_id } },
      el("span", { class: "chat-name" }, line.display_name),
      el("span", { class: "chat-text" }, lineText(line, t)),
      mine ? null : el("button", { type: "button", class: "chat-mute", dataset: { mute: line.user_id },
        title: t("chat.mute", { name: line.display_name }),
        "aria-label": t("chat.mute", { name: line.display_name }), html: MUTED_SPEAKER }));
    });
    for (const line of muted) {
      items.push(el("li", { class: "chat-line muted" },
        el("span", { class: "chat-name" }, line.display_name),
        el("span", { class: "chat-text" }, t("chat.muted")),
        el("button", { type: "button", class: "chat-mute", dataset: { mute: line.user_id } },
          t("chat.unmute", { name: line.display_name }))));
    }
    if (!items.length) items.push(el("li", { class: "chat-line empty" }, t("chat.empty")));
    lines.replaceChildren(...items);
    this._scrollToEnd();
  }

  _scrollToEnd() {
    const { lines } = this.elements;
    lines.scrollTop = lines.scrollHeight;
  }
}
