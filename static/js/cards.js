// Cards as the engine names them (RULES.md §1): rank then suit, `Th`, `As`; jokers `BJ`
// (big, 大王) and `SJ` (small, 小王). This module parses codes, sorts hands and draws a
// card as an inline SVG, so the table never depends on image files or emoji fonts.
//
// 多一色 (the extra-suit deck) holds two of every diamond, equal in play. So that a
// player never takes the second Ad for a dealing bug, the second copy in view carries a
// mark: a blue corner with a "2" (secondCopies says which; the rule set's page explains
// it, and the text export writes it `Ad'`). Among cards shown together (a round: seats
// in seat order, each seat's rows front, middle, back, then its discards, or its dealt
// cards before it submits), the first time a code is met it is the first copy, the
// second time the second.

export const RANK_CHARS = "23456789TJQKA";
export const SUITS = "shcd"; // display order ♠ ♥ ♣ ♦; suits never break a tie
export const ACE = 14;
export const JOKER_RANK = 0;

const RANK_LABELS = { T: "10" };
const SUIT_NAMES = { s: "spades", h: "hearts", c: "clubs", d: "diamonds" };

/** A card code as {code, rank, suit, joker, red}; throws on anything else. */
export function parseCard(code) {
  if (typeof code !== "string") throw new Error(`not a card code: ${code}`);
  let text = code.trim();
  if (/^10/.test(text)) text = "T" + text.slice(2);
  const upper = text.toUpperCase();
  if (upper === "BJ" || upper === "SJ") {
    return { code: upper, rank: JOKER_RANK, suit: upper[0], joker: true, red: upper === "BJ" };
  }
  if (text.length !== 2) throw new Error(`not a card code: ${code}`);
  const rankIndex = RANK_CHARS.indexOf(text[0].toUpperCase());
  const suit = text[1].toLowerCase();
  if (rankIndex < 0 || !SUITS.includes(suit)) throw new Error(`not a card code: ${code}`);
  return {
    code: RANK_CHARS[rankIndex] + suit, rank: rankIndex + 2, suit, joker: false,
    red: suit === "h" || suit === "d",
  };
}

/** "10" for T, the letter otherwise; a joker has no rank label. */
export function rankLabel(rank) {
  if (rank === JOKER_RANK) return "";
  const char = RANK_CHARS[Math.floor(rank) - 2];
  return RANK_LABELS[char] || char;
}

/** A name for screen readers in English words; the page may translate the parts
 * (`words.second`: how to say "second copy", added when `second` is true). */
export function cardName(code, words = {}, second = false) {
  const card = parseCard(code);
  if (card.joker) return card.suit === "B" ? (words.BJ || "big joker") : (words.SJ || "small joker");
  const suit = words[card.suit] || SUIT_NAMES[card.suit];
  const name = `${rankLabel(card.rank)} ${suit}`;
  return second ? `${name}, ${words.second || "second copy"}` : name;
}

/**
 * Which cards are second copies, for groups of codes shown together in this order:
 * `groups` is an array of arrays of codes (or of objects with a `code`); the answer has
 * the same shape, true where the code was already met earlier in the groups. In a
 * 52-card deck nothing repeats and every answer is false.
 */
export function secondCopies(groups) {
  const seen = new Set();
  return groups.map((group) => (group || []).map((item) => {
    const code = parseCard(typeof item === "string" ? item : item.code).code;
    if (seen.has(code)) return true;
    seen.add(code);
    return false;
  }));
}

// Jokers first, then rank high to low, then suit ♠ ♥ ♣ ♦ (the engine's display_order).
function byRank(a, b) {
  if (a.joker || b.joker) return jokerFirst(a, b);
  return (b.rank - a.rank) || (SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit));
}

// Suit ♠ ♥ ♣ ♦ blocks, each high to low: how players who hunt flushes hold their cards.
function bySuit(a, b) {
  if (a.joker || b.joker) return jokerFirst(a, b);
  return (SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit)) || (b.rank - a.rank);
}

function jokerFirst(a, b) {
  if (a.joker && b.joker) return a.suit === "B" ? -1 : 1;
  return a.joker ? -1 : 1;
}

/** Sort items (codes, or objects with a `code`) by "rank" or "suit"; a new array. */
export function sortCards(items, by = "rank") {
  const compare = by === "suit" ? bySuit : byRank;
  const codeOf = (item) => (typeof item === "string" ? item : item.code);
  return [...items].sort((x, y) => compare(parseCard(codeOf(x)), parseCard(codeOf(y))));
}

// --- drawing ---------------------------------------------------------------------------

// Suit shapes in a 100 × 100 box: paths rather than ♠♥♣♦ glyphs, which some systems
// draw as colour emoji or not at all.
const SUIT_SHAPES = {
  h: '<path d="M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 15C54 8 62 2 72 2c14 0 26 11 26 27 0 21-20 39-48 63Z"/>',
  d: '<path d="M50 2 90 50 50 98 10 50Z"/>',
  s: '<path d="M50 2C76 26 98 42 98 62c0 15-11 25-24 25-9 0-16-4-20-10 1 10 6 17 14 23H32c8-6 13-13 14-23-4 6-11 10-20 10C13 87 2 77 2 62 2 42 24 26 50 2Z"/>',
  c: '<circle cx="50" cy="26" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/>'
    + '<path d="M45 50h10l6 48H39Z"/>',
};

const STAR = '<path d="M50 4 61 38h36L68 59l11 35-29-21-29 21 11-35L3 38h36Z"/>';

function suitAt(suit, x, y, size) {
  const scale = size / 100;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${SUIT_SHAPES[suit]}</g>`;
}

// The second copy's mark: a blue corner with a white "2" at the bottom left, where the
// face has nothing else, large enough to see on the smallest cards the site draws.
const SECOND_MARK = '<path class="card-second-mark" fill="#1f5fbf" d="M0.75 56v22.25a5 5 0 0 0 5 5H28Z"/>'
  + '<text class="card-second-digit" fill="#ffffff" font-size="14" font-weight="700" x="4" y="80.5">2</text>';

/**
 * The SVG markup of one card, 60 × 84 units, scaled by CSS. `label` is the accessible
 * name (the card's code by default). Red suits and the big joker are red. With
 * `{second: true}` it carries the second copy's mark (secondCopies).
 */
export function cardSVG(code, label, { second = false } = {}) {
  const card = parseCard(code);
  const colour = (card.red ? "card-red" : "card-black") + (second ? " card-second" : "");
  // An empty label: the card sits inside a button that carries the name itself.
  const name = label === "" ? 'aria-hidden="true"'
    : `role="img" aria-label="${escapeText(label || card.code)}"`;
  const open = `<svg class="card-face ${colour}" viewBox="0 0 60 84" ${name}>`
    + '<rect class="card-paper" x="0.75" y="0.75" width="58.5" height="82.5" rx="5"/>';
  if (card.joker) {
    const word = card.suit === "B" ? "大王" : "小王";
    return open
      + `<text class="card-joker-word" x="6" y="8" writing-mode="tb">JOKER</text>`
      + `<g transform="translate(17 24) scale(0.32)">${STAR}</g>`
      + `<text class="card-joker-zh" x="33" y="68" text-anchor="middle">${word}</text></svg>`;
  }
  const rank = rankLabel(card.rank);
  // The rank big in the corner and a large suit opposite: readable even when cards
  // overlap on a phone, where only the left edge of a card shows.
  const narrow = rank.length > 1 ? ' textLength="21" lengthAdjust="spacingAndGlyphs"' : "";
  return open
    + `<text class="card-rank" x="4" y="22"${narrow}>${rank}</text>`
    + suitAt(card.suit, 5, 27, 14)
    + suitAt(card.suit, 23, 43, 32)
    + (second ? SECOND_MARK : "")
    + "</svg>";
}

/** The back of a card: what the table shows of cards not yet revealed. */
export function cardBackSVG() {
  return '<svg class="card-back" viewBox="0 0 60 84" aria-hidden="true">'
    + '<rect class="card-back-paper" x="0.75" y="0.75" width="58.5" height="82.5" rx="5"/>'
    + '<rect class="card-back-pattern" x="5" y="5" width="50" height="74" rx="3"/>'
    + '<path class="card-back-mark" d="M30 22 44 42 30 62 16 42Z"/>'
    + '<circle class="card-back-dot" cx="30" cy="42" r="5"/></svg>';
}

function escapeText(text) {
  const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
  return String(text).replace(/[&<>"]/g, (c) => entities[c]);
}
