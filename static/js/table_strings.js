// The felt table's own sentences (issue 14), in English until the server's string table
// (games/live/strings.py, translated by Django) carries them: the table page merges these
// under the server's strings, so a translated id wins and a missing one still reads well.
// Scripts ask for them with `felt(t, "mute")`: the id "felt.mute" of the page's translator.

export const FELT_STRINGS = {
  "felt.mute": "Mute sounds",
  "felt.unmute": "Turn sounds on",
  "felt.bot": "Bot",
  "felt.bot_level": "Bot · {level}",
  "felt.cards_down": "{count} cards face down",
  "felt.hint_ev": "Expected points: {ev}",
  "felt.hint_best": "Best value",
  "felt.line_scoop": "打枪 scoop",
  "felt.line_home_run": "全垒打 home run",
  "felt.line_horse": "马牌 horse card ×2",
  "felt.line_agreed": "Agreed (谈判)",
  "felt.line_foul": "{name} fouled (倒水)",
  "felt.total": "Round total",
  "felt.breakdown": "Where {name}'s points come from",
  "felt.compare_row": "{row}: {winner} beats {loser} +{points}",
  "felt.compare_tie": "{row}: {a} and {b} tie",
  "felt.avatar": "{name}'s avatar",
};

/** t("felt.<id>", params): the page's translator, with these English defaults under it. */
export function felt(t, id, params = {}) {
  return t(`felt.${id}`, params);
}
