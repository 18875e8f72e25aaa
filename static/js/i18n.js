// The page's string table: Django translates it (games/live/strings.py) and the
// template embeds it as JSON; `translator` turns it into t("id", {params}).

import { fill } from "./rows.js";

export function translator(strings) {
  const t = (id, params = {}) => fill(id in strings ? strings[id] : id, params);
  t.strings = strings;
  return t;
}

/** A signed number as players read points: +3, −2 (a true minus sign), 0. */
export function signed(points) {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${Math.abs(points)}`;
  return "0";
}
