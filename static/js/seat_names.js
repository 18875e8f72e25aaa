// A seat's name as every page shows it: the table, its reveal and the replay. Bots'
// accounts are named "Bot · Normal 3" by the server (games.live.services.bot_seats); the
// pages call that seat "Bot 3" in the reader's language (issue 24: on a phone three bots
// were all "Bot · Norm…") and show its level apart, so a player who met "Bot 3" at the
// table finds "Bot 3" in the replay too. games/record/names.py says the same for the
// history pages the server draws (tests/js/test_seat_names_mirror.py holds them together).

// The bot accounts' names, as the server makes them.
export const BOT_NAME = /^Bot · (Easy|Normal|Strong) (\d+)$/;

/** A player's name as the pages show it; `t` absent: the name as it is. */
export function shownName(name, t) {
  const bot = t && typeof name === "string" ? BOT_NAME.exec(name) : null;
  return bot ? t("felt.bot_name", { number: bot[2] }) : name;
}

/** A bot account's level from its name (easy, normal, strong); null for a person. */
export function botLevelOf(name) {
  const bot = typeof name === "string" ? BOT_NAME.exec(name) : null;
  return bot ? bot[1].toLowerCase() : null;
}

/** A bot's level in the page's language (the server's levels: easy, normal, strong). */
export function botLevel(level, t) {
  const names = { easy: t("felt.level_easy"), normal: t("felt.level_normal"), strong: t("felt.level_strong") };
  return names[level] || level;
}
