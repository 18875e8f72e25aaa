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
        # 十三道 (RULES.md §8): the bank, the exchange, agreements, the pot and the fees.
        "hand.banker": _("banker (庄)"),
        "hand.agreed": _("agreed (谈判)"),
        "hand.held": _("After the exchange"),
        "hand.held_tag": _("new"),
        "hand.held_new": _("came in by the exchange"),
        "step.bank": _("{name} takes the bank with a bid of {points} 道."),
        "step.bid": _("{name} bid {points} 道"),
        "step.bank_tied": _("{names} tied for the highest bid: the seed drew the banker."),
        "step.pot": _("The pot: {pot} 道"),
        "step.exchange_put_in": _("{name} puts {card} into the pool."),
        "step.exchange_put_in_auto": _("Time is up: {name}'s lowest card, {card}, goes into the "
                                       "pool."),
        "step.exchange_take": _("{name} takes {from}'s {card} from the pool."),
        "step.exchange_take_auto": _("{name} is left {from}'s {card}, the last one offered."),
        "step.exchange_keep": _("{name} keeps their own {card}: it is the only card left."),
        "step.exchange_swap": _("{name} pays {banker} 1 道 and takes the spare hand."),
        "step.exchange_swap_banker": _("{name}, the banker, pays each player 1 道 and swaps for "
                                       "the spare hand."),
        "step.exchange_decline": _("{name} declines the spare hand."),
        "step.exchange_decline_auto": _("Time is up: {name} declines the spare hand."),
        "step.agreed_banker": _("{name} and the banker agree: the banker wins {points} 道."),
        "step.agreed_player": _("{name} and the banker agree: {name} wins {points} 道."),
        "step.agreed_even": _("{name} and the banker agree on 0 道."),
        "step.adjustments": _("Bids, the pot and the spare hand"),
        "step.adjust_bid": _("bid {points}"),
        "step.adjust_pot": _("pot {points}"),
        "step.adjust_swap": _("spare hand {points}"),
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
        "verify.ok_banker": _("Checked in your browser: SHA-256 of the seed is the published "
                              "commitment, and every player's rows are exactly the cards this "
                              "seed dealt them, after the exchange."),
        "verify.ok_banker_bids": _("Checked in your browser: SHA-256 of the seed is the published "
                                   "commitment, every player's rows are exactly the cards this "
                                   "seed dealt them after the exchange, and the bank went to the "
                                   "highest bid (a tie drawn from the seed)."),
        "verify.bad_deal_exchange": _("{name}'s rows are NOT the cards this seed deals to seat "
                                      "{position}, after the exchange."),
        "verify.bad_bank": _("The bank went to {banker}, but the bids and the seed give it to "
                             "{name}."),
    }
    strings.update(rule_label_strings())
    return strings
