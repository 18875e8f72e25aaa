"""Every sentence the replay page's JavaScript shows, translated by Django's catalogue.

The replay view embeds `replay_strings()` with `json_script` (as the table page does with
games.live.strings), so static/js/replay/ speaks the player's language without a
catalogue of its own. `{name}` placeholders are filled by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.vocabulary import card_strings, rule_label_strings


def replay_strings() -> dict[str, str]:
    strings = {
        "row.front": _("Front · 头墩"),
        "row.middle": _("Middle · 中墩"),
        "row.back": _("Back · 尾墩"),
        **card_strings(),
        "hand.dealt": _("Dealt"),
        # 多三张 (RULES.md §7.3): 13 dealt plus 3 candidates; the 3 left out are discards.
        "hand.candidates": _("Candidates · 候选牌"),
        "hand.discards": _("Discards · 弃牌"),
        "hand.candidate": _("candidate card"),
        "hand.candidate_tag": _("extra"),
        "hand.waiting": _("Not submitted yet"),
        "hand.auto": _("submitted by the timer"),
        "hand.by_hand": _("submitted by hand"),
        "hand.foul": _("foul (倒水)"),
        "hand.special": _("declares {special}"),
        "hand.score": _("Score so far"),
        # What each step says, in the narration and the step list.
        "step.deal": _("The cards are dealt. Commitment published before the deal: {commitment}…"),
        "step.submit": _("{name} submits by hand."),
        "step.submit_auto": _("Time is up: the timer submits {name}'s first hint."),
        "step.submit_special": _("{name} declares {special}."),
        "step.submit_special_auto": _("Time is up: the timer declares {special} for {name}."),
        "step.submit_foul": _("{name} submits a fouled hand (倒水)."),
        "step.row": _("The {row} rows are compared."),
        "step.row_result": _("{winner} beats {loser}: +{points}"),
        "step.row_tie": _("{a} and {b} tie"),
        "step.special": _("{winner} collects {points} from {loser} with {special}."),
        "step.special_tie": _("{a} and {b} hold equal specials: 0."),
        "step.scoop": _("{winner} scoops {loser} — 打枪! +{points}"),
        "step.home_run": _("{name} scoops everyone — home run, 全垒打! +{points} in all"),
        "step.totals": _("Totals"),
        "player.step": _("Step {step} of {count}"),
        "player.play": _("Play"),
        "player.pause": _("Pause"),
        "player.copied": _("Link copied"),
        "player.copy_failed": _("Copy this link: {url}"),
        # The in-browser check of the deal.
        "verify.running": _("Checking the deal in your browser…"),
        "verify.ok": _("Checked in your browser: SHA-256 of the seed is the published "
                       "commitment, and every player's rows are exactly the cards this seed "
                       "dealt them."),
        "verify.ok_discards": _("Checked in your browser: SHA-256 of the seed is the published "
                                "commitment, and every player's rows plus discards are exactly "
                                "the {count} cards this seed dealt them."),
        "verify.bad_commitment": _("The seed does NOT match the published commitment "
                                   "(SHA-256 gives {actual})."),
        "verify.bad_deal": _("{name}'s rows are NOT the cards this seed deals to seat "
                             "{position}."),
        "verify.bad_deal_discards": _("{name}'s rows plus discards are NOT the cards this seed "
                                      "deals to seat {position}."),
        "verify.error": _("Your browser could not check the deal: {error}"),
    }
    strings.update(rule_label_strings())
    return strings
