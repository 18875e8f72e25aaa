// Row evaluation for the table's live labels and foul warning: a mirror of the engine's
// rules/engine/rows.py (RULES.md §2) so the page can say "同花 Flush" and "front is
// higher than the middle" before the server is asked. The server stays the judge; a
// mismatch here only changes a label, never a result.
//
// A row's key is [strength, ranks…]: ranks grouped by count (larger groups first), then
// by rank (higher first); straights list only their top card; flushes and high cards
// list all ranks. Keys compare element by element; equal keys tie.

import { ACE, JOKER_RANK, SUITS, parseCard, rankLabel } from "./cards.js";

export const CATEGORIES = [
  "high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
  "full_house", "four_of_a_kind", "straight_flush", "five_of_a_kind",
];
export const [HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE,
  FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_OF_A_KIND] = CATEGORIES.map((_, i) => i);

export const CATEGORY_NAMES_ZH = {
  five_of_a_kind: "五同", straight_flush: "同花顺", four_of_a_kind: "铁支",
  full_house: "葫芦", flush: "同花", straight: "顺子", three_of_a_kind: "三条",
  two_pair: "两对", pair: "一对", high_card: "乌龙",
};
export const ROW_SIZES = { front: 3, middle: 5, back: 5 };
export const ROWS = ["front", "middle", "back"];
// The wheel A-2-3-4-5 just below T-J-Q-K-A when the rule set says `wheel: second`.
export const WHEEL_SECOND_TOP = 13.5;

/** Compare two keys: 1 if a is higher, -1 if b is, 0 for a tie. */
export function compareKeys(a, b) {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    if (a[i] !== b[i]) return a[i] > b[i] ? 1 : -1;
  }
  return Math.sign(a.length - b.length);
}

/** Key of a 3-card front row from its ranks sorted high to low. */
export function key3([a, b, c]) {
  if (a === c) return [THREE_OF_A_KIND, a];
  if (a === b) return [PAIR, a, c];
  if (b === c) return [PAIR, b, a];
  return [HIGH_CARD, a, b, c];
}

/** Key of a 5-card row from its ranks sorted high to low and whether it is one suit. */
export function key5(ranks, flush, wheel = "lowest") {
  const groups = groupRanks(ranks);
  const shape = groups.map(([, count]) => count).join("");
  const grouped = groups.map(([rank]) => rank);
  const top = groups.length === 5 ? straightTop(ranks, wheel) : null;
  if (shape === "5") return [FIVE_OF_A_KIND, ranks[0]];
  if (top !== null && flush) return [STRAIGHT_FLUSH, top];
  if (shape === "41") return [FOUR_OF_A_KIND, ...grouped];
  if (shape === "32") return [FULL_HOUSE, ...grouped];
  if (flush) return [FLUSH, ...ranks];
  if (top !== null) return [STRAIGHT, top];
  if (shape === "311") return [THREE_OF_A_KIND, ...grouped];
  if (shape === "221") return [TWO_PAIR, ...grouped];
  if (shape === "2111") return [PAIR, ...grouped];
  return [HIGH_CARD, ...ranks];
}

// [[rank, count]…], larger groups first, then higher rank first.
function groupRanks(ranks) {
  const counts = new Map();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) || 0) + 1);
  return [...counts].sort((x, y) => (y[1] - x[1]) || (y[0] - x[0]));
}

// Top card of five distinct ranks (high to low) if consecutive; J-Q-K-A-2 is not.
function straightTop(ranks, wheel) {
  if (ranks[0] - ranks[4] === 4) return ranks[0];
  if (ranks.join(",") === [ACE, 5, 4, 3, 2].join(",")) return wheel === "lowest" ? 5 : WHEEL_SECOND_TOP;
  return null;
}

const STANDARD = [];
for (const suit of SUITS) for (let rank = 2; rank <= ACE; rank += 1) STANDARD.push({ rank, suit });

function keyOf(cards, wheel) {
  const ranks = cards.map((c) => c.rank).sort((x, y) => y - x);
  if (cards.length === 3) return key3(ranks);
  const flush = cards.every((c) => c.suit === cards[0].suit);
  return key5(ranks, flush, wheel);
}

/**
 * Evaluate a full 3-card front or 5-card middle / back row of card codes:
 * {category, strength, key}. A joker stands for any card, even one already in the row
 * (§2.2), and the row takes the highest key over every substitution.
 */
export function evaluate(codes, wheel = "lowest") {
  if (codes.length !== 3 && codes.length !== 5) {
    throw new Error(`a row has 3 or 5 cards, not ${codes.length}`);
  }
  const cards = codes.map(parseCard);
  const plain = cards.filter((c) => !c.joker);
  const jokers = cards.length - plain.length;
  const key = jokers ? bestWithJokers(plain, jokers, wheel) : keyOf(cards, wheel);
  return { category: CATEGORIES[key[0]], strength: key[0], key };
}

function bestWithJokers(plain, jokers, wheel) {
  let best = [-1];
  // Combinations with replacement: the second joker never takes an earlier substitute.
  const choose = (start, chosen) => {
    if (chosen.length === jokers) {
      const key = keyOf([...plain, ...chosen], wheel);
      if (compareKeys(key, best) > 0) best = key;
      return;
    }
    for (let i = start; i < STANDARD.length; i += 1) choose(i, [...chosen, STANDARD[i]]);
  };
  choose(0, []);
  return best;
}

/**
 * What an unfinished row holds so far: the made hand of its rank groups (a pair, two
 * pair, trips, quads) — straights and flushes need the whole row. Jokers join the
 * biggest group. {category, key, missing}; null for an empty row.
 */
export function evaluatePartial(codes, size) {
  if (codes.length === 0) return null;
  const cards = codes.map(parseCard);
  const ranks = cards.filter((c) => !c.joker).map((c) => c.rank).sort((x, y) => y - x);
  const jokers = cards.length - ranks.length;
  const groups = groupRanks(ranks);
  if (groups.length === 0) groups.push([ACE, 0]);
  groups[0][1] += jokers;
  const counts = groups.map(([, count]) => count);
  const grouped = groups.map(([rank]) => rank);
  let strength = HIGH_CARD;
  if (counts[0] >= 5) strength = FIVE_OF_A_KIND;
  else if (counts[0] === 4) strength = FOUR_OF_A_KIND;
  else if (counts[0] === 3 && counts[1] >= 2) strength = FULL_HOUSE;
  else if (counts[0] === 3) strength = THREE_OF_A_KIND;
  else if (counts[0] === 2 && counts[1] === 2) strength = TWO_PAIR;
  else if (counts[0] === 2) strength = PAIR;
  return { category: CATEGORIES[strength], strength, key: [strength, ...grouped],
    missing: size - codes.length };
}

/** §2.1's foul check for front against middle: compare over the front's length only. */
export function frontNotAboveMiddle(front, middle) {
  return compareKeys(front, middle.slice(0, front.length)) <= 0;
}

/**
 * Whether full rows foul (倒水, RULES.md §3): null when front ≤ middle ≤ back, else
 * {pairs: [["front", "middle"], …]} naming each row that is higher than the next.
 */
export function foulCheck(front, middle, back) {
  const pairs = [];
  if (!frontNotAboveMiddle(front.key, middle.key)) pairs.push(["front", "middle"]);
  if (compareKeys(middle.key, back.key) > 0) pairs.push(["middle", "back"]);
  return pairs.length ? { pairs } : null;
}

// --- words for players -----------------------------------------------------------------

/**
 * The words of a row's key as a string-table entry and its parameters:
 * {id: "row.pair", params: {rank: "7"}}. The page's table (Django's translations) turns
 * it into "Pair of 7s" or "一对 7"; `formatRow` does that.
 */
export function describeKey(key) {
  const [strength, first, second] = key;
  const rank = rankWord(first);
  const rank2 = second === undefined ? "" : rankWord(second);
  return { id: `row.${CATEGORIES[strength]}`, params: { rank, rank2 } };
}

function rankWord(rank) {
  if (rank === WHEEL_SECOND_TOP) return "5";
  return rankLabel(rank);
}

/** Fill a string-table template: "Pair of {rank}s" with {rank: "7"} → "Pair of 7s". */
export function fill(template, params = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? params[name] : whole));
}

/**
 * A row's label for the page: the Chinese category name (the game's own vocabulary,
 * shown in every language) and the words from the string table `strings`.
 * {category, zh, words, text}. `value` is evaluate()'s or evaluatePartial()'s result.
 */
export function rowLabel(value, strings) {
  const { id, params } = describeKey(value.key);
  const words = fill(strings[id] || id, params);
  const zh = CATEGORY_NAMES_ZH[value.category];
  // A Chinese string table already starts with the category name ("一对 7").
  const text = words.startsWith(zh) ? words : `${zh} ${words}`;
  return { category: value.category, zh, words, text };
}

/** The foul warning in words: "the front (一对 K) is higher than the middle (一对 7)". */
export function foulText(foul, values, strings) {
  return foul.pairs.map(([upper, lower]) => {
    let upperHand = rowLabel(values[upper], strings).text;
    let lowerHand = rowLabel(values[lower], strings).text;
    if (upperHand === lowerHand) {
      // Same words ("一对 K" twice): the kickers decide, so name them.
      upperHand += ` ${kickers(values[upper].key)}`;
      lowerHand += ` ${kickers(values[lower].key)}`;
    }
    return fill(strings["foul.higher"]
      || "the {upper} ({upper_hand}) is higher than the {lower} ({lower_hand})", {
      upper: strings[`row_name.${upper}`] || upper,
      lower: strings[`row_name.${lower}`] || lower,
      upper_hand: upperHand,
      lower_hand: lowerHand,
    });
  }).join("; ");
}

function kickers(key) {
  return key.slice(1).map(rankWord).join("-");
}

export { JOKER_RANK };

/**
 * A row's cards in the order players read them (RULES.md §7.1, seed 000 §5): a straight
 * low to high (the wheel with its ace first, A-2-3-4-5); anything else grouped cards
 * first, bigger groups then higher ranks (33322, 22KJ3), equal ranks by suit ♠ ♥ ♣ ♦.
 * Unfinished rows use the same grouping. Jokers lead. Items are codes or {code} objects.
 */
export function displayOrder(items, wheel = "lowest") {
  const codeOf = (item) => (typeof item === "string" ? item : item.code);
  const cards = items.map((item) => ({ item, card: parseCard(codeOf(item)) }));
  const full = items.length === 3 || items.length === 5;
  const value = full ? evaluate(items.map(codeOf), wheel) : null;
  const suitIndex = (card) => SUITS.indexOf(card.suit);
  if (value && (value.category === "straight" || value.category === "straight_flush")
      && cards.every(({ card }) => !card.joker)) {
    const wheelRow = value.key[1] === 5 || value.key[1] === WHEEL_SECOND_TOP;
    const low = (card) => (wheelRow && card.rank === ACE ? 1 : card.rank);
    return cards.sort((a, b) => low(a.card) - low(b.card)).map(({ item }) => item);
  }
  const counts = new Map();
  for (const { card } of cards) counts.set(card.rank, (counts.get(card.rank) || 0) + 1);
  return cards.sort((a, b) => {
    if (a.card.joker || b.card.joker) return (b.card.joker ? 1 : 0) - (a.card.joker ? 1 : 0);
    return (counts.get(b.card.rank) - counts.get(a.card.rank)) || (b.card.rank - a.card.rank)
      || (suitIndex(a.card) - suitIndex(b.card));
  }).map(({ item }) => item);
}
