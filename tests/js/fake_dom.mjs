// A very small stand-in for the browser's DOM, enough for a view built with dom.js's `el`
// to run under node: elements keep their tag, attributes, children and listeners, and
// record every HTML string assigned to them, so a test can prove text stayed text. Enough
// of isEqualNode and replaceWith for dom.js showChildren (deep too); `children` holds
// text too (the real DOM's childNodes), and a dataset entry counts as its data- attribute.

export class FakeNode {
  static ELEMENT_NODE = 1;
  static TEXT_NODE = 3;

  replaceWith(node) {
    const siblings = this.parentNode.children;
    siblings[siblings.indexOf(this)] = node;
    node.parentNode = this.parentNode;
    this.parentNode = null;
  }
}

export class FakeText extends FakeNode {
  constructor(text) {
    super();
    this.text = String(text);
    this.nodeType = FakeNode.TEXT_NODE;
  }

  get textContent() {
    return this.text;
  }

  isEqualNode(other) {
    return other instanceof FakeText && other.text === this.text;
  }
}

const dataName = (key) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

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
    this.nodeType = FakeNode.ELEMENT_NODE;
  }

  setAttribute(name, value) { this.attributes[name] = String(value); if (name === "class") this.className = String(value); }
  getAttribute(name) {
    const data = Object.keys(this.dataset).find((key) => dataName(key) === name);
    return data === undefined ? this.attributes[name] ?? null : String(this.dataset[data]);
  }
  getAttributeNames() { return [...Object.keys(this.attributes), ...Object.keys(this.dataset).map(dataName)]; }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  append(...nodes) { this._adopt(nodes); this.children.push(...nodes); }
  replaceChildren(...nodes) { this._adopt(nodes); this.children = nodes; }
  get childNodes() { return this.children; }
  focus() {}
  closest() { return null; }

  _adopt(nodes) {
    for (const node of nodes) node.parentNode = this;
  }

  isEqualNode(other) {
    const names = this.getAttributeNames();
    return other instanceof FakeElement && other.tagName === this.tagName
      && names.length === other.getAttributeNames().length
      && names.every((name) => this.getAttribute(name) === other.getAttribute(name))
      && this.htmlAssigned.at(-1) === other.htmlAssigned.at(-1)
      && this.children.length === other.children.length
      && this.children.every((child, index) => child.isEqualNode(other.children[index]));
  }

  set innerHTML(html) { this.htmlAssigned.push(html); this.children = []; }

  set textContent(text) { this.children = [new FakeText(text)]; this._adopt(this.children); }
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
