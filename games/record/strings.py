"""Every sentence the replay and verification pages' JavaScript shows, translated by
Django's catalogue.

The replay view embeds `replay_strings()`, the public verification page
`verify_strings()`, with `json_script` (as the table page does with games.live.strings),
so static/js/replay/ and static/js/verify/ speak the player's language without a
catalogue of their own. `{name}` placeholders are filled by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.vocabulary import bot_seat_strings, card_strings, rule_label_strings


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
        # v2: the seed the cards came from, and an exchange record that does not hold up.
        "verify.round_seed": _("The cards came from round {round}'s seed, HMAC-SHA256 of the "
                               "server seed over the round number and the {count} client "
                               "seeds: {seed}."),
        "verify.bad_exchange_put_not_held": _("The exchange record has {name} put {card} into "
                                              "the pool without holding it."),
        "verify.bad_exchange_take_not_put": _("The exchange record has {name} take a pool card "
                                              "{source} never put in."),
        "verify.bad_exchange_swap_not_playing": _("The exchange record has {name} take the spare "
                                                  "hand without playing."),
        "verify.bad_bank": _("The bank went to {banker}, but the bids and the seed give it to "
                             "{name}."),
    }
    strings.update(rule_label_strings())
    strings.update(bot_seat_strings())  # "Bot 3", as the table names the seat
    return strings


def verify_strings() -> dict[str, str]:
    """The verification page's words (static/js/verify/): its status, each check of a
    transcript (docs/fairness.md) passed or failed, what is wrong with a transcript's form,
    and why a round's transcript could not be fetched. A {seat} is numbered from 1, as at
    the table (static/js/verify/view.js adds 1 to the transcript's seat)."""
    return {
        "status.idle": _("Paste a transcript, or enter a round number, and press Check."),
        "status.fetching": _("Fetching round {round}'s transcript…"),
        "status.running": _("Checking in your browser…"),
        "result.ok": _("Verified: every check below passed, in your browser. This deal is "
                       "the one the server committed to before the round."),
        "result.bad": _("Rejected: this transcript does not check out. The failed checks "
                        "below say why."),
        "result.form": _("Rejected: this is not a transcript the page can check."),
        # The transcript's facts, as the page read them.
        "fact.algorithm": _("Algorithm"),
        "fact.commitment": _("Commitment"),
        "fact.seed": _("Server seed"),
        "fact.round_number": _("Round number"),
        "fact.client_seeds": _("Client seeds"),
        "fact.seat": _("Seat {seat}"),
        "fact.derived": _("(sent none: fixed by the server seed)"),
        "fact.deal": _("Deal"),
        "fact.round_seed": _("Round seed"),
        "rules.standard": _("52-card deck"),
        "rules.extra_suit": _("65-card deck (多一色)"),
        "rules.jokers": _("with 2 jokers"),
        "rules.hands": _("{seats} seats of {size} cards"),
        "rules.exchange": _("十三道 exchange"),
        "rules.bank": _("十三道 bids for the bank"),
        # Each check (docs/fairness.md, "A round's transcript").
        "check.commitment_ok": _("Commitment: SHA-256 of the server seed is the published "
                                 "commitment."),
        "check.commitment_bad": _("Commitment: SHA-256 of the server seed is {actual}, NOT the "
                                  "published commitment."),
        "check.round_seed_v2": _("Round seed: HMAC-SHA256 of the server seed over round "
                                 "{round} and the {count} client seeds is {seed}; the deal "
                                 "runs on it."),
        "check.round_seed_derived": _("Round seed: HMAC-SHA256 of the server seed over round "
                                      "{round} and the {count} client seeds is {seed}; the "
                                      "deal runs on it. Seats {seats} sent no seed: theirs is "
                                      "the one the server seed fixed before anyone was ready "
                                      "(hmac-sha256-fy-v3), worked out here."),
        "check.round_seed_v1": _("Deal seed: under hmac-sha256-fy-v1 the server seed itself "
                                 "is the deal."),
        "check.deal_ok": _("Deal: the shuffle of this seed deals each of the {seats} seats "
                           "exactly the {size} cards it played."),
        "check.deal_ok_discards": _("Deal: the shuffle of this seed deals each of the {seats} "
                                    "seats exactly the {size} cards it played, its rows plus "
                                    "its 3 discards (多三张)."),
        "check.deal_ok_exchange": _("Deal: the shuffle of this seed deals each of the {seats} "
                                    "seats exactly the cards it played, once the exchange "
                                    "record has moved them."),
        "check.deal_bad": _("Deal: the cards played are NOT the ones this seed deals, at "
                            "these seats: {seats}."),
        "check.deal_bad_exchange": _("Deal: the cards played are NOT the ones this seed deals, "
                                     "moved by the exchange record, at these seats: {seats}."),
        "check.exchange_ok": _("Exchange (十三道): each of the {moved} cards put into the pool "
                               "was held by its seat and taken once."),
        "check.exchange_ok_swap": _("Exchange (十三道): seat {seat} swapped its hand for the "
                                    "spare hand, the 13 shuffled cards after the three hands."),
        "check.exchange_put_not_held": _("Exchange: seat {seat} put {card} into the pool "
                                         "without holding it."),
        "check.exchange_take_not_put": _("Exchange: seat {seat} took a pool card seat {source} "
                                         "never put in."),
        "check.exchange_swap_not_playing": _("Exchange: seat {seat} took the spare hand "
                                             "without playing."),
        "check.bank_ok": _("Bank (十三道): seat {banker} made the highest bid."),
        "check.bank_ok_tie": _("Bank (十三道): seats {tied} tied for the highest bid, and the "
                               "seed's bank stream drew seat {banker}."),
        "check.bank_bad_banker": _("Bank: the bids and the seed give the bank to seat "
                                   "{expected}, NOT seat {banker}."),
        "check.pot_ok": _("Pot: {pot} 道, the sum of the bids."),
        "check.pot_bad": _("Pot: {pot} 道, but the bids add up to {sum}."),
        "check.passed": _("passed"),
        "check.failed": _("failed"),
        "check.error": _("Your browser could not check the deal: {error}"),
        # A transcript the page cannot read.
        "form.not_json": _("This is not JSON. A transcript is one JSON object, as the replay "
                           "page's line or the round's transcript API gives it."),
        "form.not_object": _("This JSON is not a transcript: a transcript is one object "
                             "({...})."),
        "form.missing": _("The transcript has no \"{field}\"."),
        "form.unknown_key": _("\"{field}\" is not part of a transcript."),
        "form.v1_only_server": _("\"{field}\" has no place in a hmac-sha256-fy-v1 transcript, "
                                 "whose deal is the server seed alone."),
        "form.bad_field": _("The transcript's \"{field}\" should be {expected}."),
        "expect.algorithm": _("hmac-sha256-fy-v1, hmac-sha256-fy-v2 or hmac-sha256-fy-v3"),
        "expect.hex64": _("64 lowercase hexadecimal digits"),
        "expect.round_number": _("a whole number from 1"),
        "expect.client_seeds": _("one client seed of 32 lowercase hexadecimal digits per seat"),
        "expect.client_seeds_v3": _("one client seed per seat: 32 lowercase hexadecimal "
                                    "digits, or null for a seat that sent none"),
        "expect.rules": _("{\"deck\": \"standard\" or \"extra_suit\", \"jokers\": true or "
                          "false, \"extra_cards\": 0 or 3}"),
        "expect.hands": _("one list of card codes (such as As, Td, BJ) per seat, 13 each or "
                          "16 in 多三张, no more than the deck holds"),
        "expect.exchange": _("{\"put\": {seat: card}, \"takes\": [[chooser, seat], …], "
                             "\"swapped_by\": seat or null}, seats numbered from 0, every "
                             "pool card taken once, the spare hand only with 3 seats"),
        "expect.bank": _("{\"bids\": {seat: 道}, \"banker\": seat, \"pot\": 道} with one "
                         "bid per seat, numbered from 0"),
        # Fetching a round's transcript by its number.
        "fetch.bad_round": _("A round number is a whole number, such as 42."),
        "fetch.not_logged_in": _("Round {round}'s transcript is only for logged-in players: "
                                 "log in (as one of its players, or anyone for a public "
                                 "table's round) and try again, or paste its transcript."),
        "fetch.not_settled": _("Round {round} is not settled yet: its seed is revealed, and "
                               "its transcript made, only at the settlement."),
        "fetch.not_found": _("There is no round {round} you may see: it does not exist, or it "
                             "was played at a private table you did not play at. Its players "
                             "can give you its transcript to paste."),
        "fetch.failed": _("The transcript could not be fetched ({status}). Paste it instead."),
        # The form asks for the round's id — the number in its replay's address — not its
        # number at the table (the transcript's round_number); issue 24, item 8.
        "status.idle_id": _("Paste a transcript, or enter a round's id, and press Check."),
        "status.fetching_id": _("Fetching the transcript of the round with id {round}…"),
        "fetch.bad_round_id": _("A round's id is a whole number, such as 42: the number in its "
                                "replay's address, /replays/42/."),
        "fetch.not_logged_in_id": _("The transcript of the round with id {round} is only for "
                                    "logged-in players: log in (as one of its players, or "
                                    "anyone for a public table's round) and try again, or "
                                    "paste its transcript."),
        "fetch.not_settled_id": _("The round with id {round} is not settled yet: its seed is "
                                  "revealed, and its transcript made, only at the settlement."),
        "fetch.not_found_id": _("There is no round with id {round} that you may see: it does "
                                "not exist, or it was played at a private table you did not "
                                "play at. Its players can give you its transcript to paste."),
    }
