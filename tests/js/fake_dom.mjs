// A very small stand-in for the browser's DOM, enough for a view built with dom.js's `el`
// to run under node: elements keep their tag, attributes, children and listeners, and
// record every HTML string assigned to them, so a test can prove text stayed text.

export class FakeNode {}

export class FakeText extends FakeNode {
  constructor(text) {
    super();
    this.text = String(text);
  }

  get textContent() {
    return this.text;
  }
}

export class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.attributes = {};
    this.dataset = {};
    this.children = [];
    this.listeners = {};
    this.htmlAssigned = [];
    this.hidden = false;
    this.className = "";
  }

  setAttribute(name, value) { this.attributes[name] = String(value); if (name === "class") this.className = String(value); }
  getAttribute(name) { return this.attributes[name] ?? null; }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  append(...nodes) { this.children.push(...nodes); }
  replaceChildren(...nodes) { this.children = nodes; }
  focus() {}
  closest() { return null; }

  set innerHTML(html) { this.htmlAssigned.push(html); this.children = []; }

  set textContent(text) { this.children = [new FakeText(text)]; }
  get textContent() { return this.children.map((child) => child.textContent).join(""); }

  /** Every element under this one (itself included). */
  all() {
    return [this, ...this.children.filter((c) => c instanceof FakeElement).flatMap((c) => c.all())];
  }
}

export function installFakeDom() {
  const listeners = {};
  globalThis.Node = FakeNode;
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    createTextNode: (text) => new FakeText(text),
    addEventListener: (type, fn) => { (listeners[type] ||= []).push(fn); },
  };
  return { element: (tag = "div") => new FakeElement(tag) };
}
