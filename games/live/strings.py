"""Every sentence the table page's JavaScript shows, translated by Django's catalogue.

The table view embeds `table_strings()` with `json_script`, so the page speaks the
language the player chose (the site's language switch) without a JavaScript catalogue
of its own. `{name}` placeholders are filled by static/js/rows.js's `fill`. Keys are
what the scripts ask for; a key missing here shows as itself, which tests catch.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.vocabulary import card_strings, rule_label_strings


def table_strings() -> dict[str, str]:
    strings = {
        # Row words (RULES.md §2); a Chinese catalogue starts each with the category name.
        "row.five_of_a_kind": _("Five {rank}s"),
        "row.straight_flush": _("Straight flush to {rank}"),
        "row.four_of_a_kind": _("Four {rank}s"),
        "row.full_house": _("Full house, {rank}s over {rank2}s"),
        "row.flush": _("Flush, {rank} high"),
        "row.straight": _("Straight to {rank}"),
        "row.three_of_a_kind": _("Three {rank}s"),
        "row.two_pair": _("Two pair, {rank}s and {rank2}s"),
        "row.pair": _("Pair of {rank}s"),
        "row.high_card": _("{rank} high"),
        # Short category names for hint patterns ("Pair / Flush / Full house").
        "cat.five_of_a_kind": _("Five of a kind"),
        "cat.straight_flush": _("Straight flush"),
        "cat.four_of_a_kind": _("Four of a kind"),
        "cat.full_house": _("Full house"),
        "cat.flush": _("Flush"),
        "cat.straight": _("Straight"),
        "cat.three_of_a_kind": _("Three of a kind"),
        "cat.two_pair": _("Two pair"),
        "cat.pair": _("Pair"),
        "cat.high_card": _("High card"),
        "row_name.front": _("front"),
        "row_name.middle": _("middle"),
        "row_name.back": _("back"),
        "row_title.front": _("Front · 头墩"),
        "row_title.middle": _("Middle · 中墩"),
        "row_title.back": _("Back · 尾墩"),
        "row_title.hand": _("Your cards"),
        # 多三张 (RULES.md §7.3): 13 dealt plus 3 candidates; the 3 left out are discards.
        "row_title.dealt": _("Your 13 cards"),
        "row_title.candidates": _("Candidates · 候选牌"),
        "row_title.discards": _("Discards · 弃牌"),
        "tray.candidates": _("Each can replace one of your 13."),
        "tray.candidates_used": _("All in your rows or discarded."),
        "tray.discards_waiting": _("The {count} cards you leave out land here once the rows are "
                                   "full."),
        "tray.discards": _("Left out of your rows: these are not played."),
        "card.candidate": _("candidate card"),
        "card.candidate_tag": _("extra"),
        "row.missing": _("{count} to go"),
        "row.empty": _("empty"),
        "foul.higher": _("the {upper} ({upper_hand}) is higher than the {lower} ({lower_hand})"),
        # Cards, for screen readers.
        **card_strings(),
        # Connection.
        "status.reconnecting": _("Connection lost — reconnecting…"),
        "status.closed": _("Disconnected from the table. Reload the page to come back."),
        "status.unauthorized": _("Your session has ended: log in again to play."),
        "status.offline": _("Not connected: your move was not sent. Reconnecting…"),
        # Seats.
        "seat.empty": _("Empty seat"),
        "seat.sit": _("Sit here"),
        "seat.you": _("you"),
        "seat.ready": _("Ready"),
        "seat.not_ready": _("Not ready"),
        "seat.arranging": _("Arranging…"),
        "seat.submitted": _("Submitted"),
        "seat.auto": _("Auto-submitted"),
        "seat.disconnected": _("Disconnected"),
        "seat.session": _("Session: {points}"),
        # The table's phases.
        "phase.waiting": _("Waiting for players: the round starts when everyone seated is ready "
                           "(at least {min} players)."),
        "phase.watching": _("You are watching. Take a free seat to play."),
        "phase.ready_wait": _("You are ready. Waiting for the others…"),
        "phase.arranging": _("Arrange your 13 cards: front 3, middle 5, back 5."),
        "phase.arranging_extra": _("Keep 13 of your {count} cards: front 3, middle 5, back 5."),
        "phase.submitted": _("Your rows are in. Waiting for the others…"),
        "phase.auto": _("Auto-submitted: the timer played your first hint."),
        "phase.watch_round": _("Round {number} is being played."),
        "phase.settled": _("Round {number} is settled. Press Ready for the next one."),
        "action.sit": _("Take a seat"),
        "action.stand": _("Leave the seat"),
        "action.ready": _("Ready"),
        "action.submit": _("Submit rows"),
        "action.declare": _("Declare {name} (+{points} from each player)"),
        "action.clear": _("Clear"),
        "action.clear_all": _("Clear all"),
        "action.to_row": _("To {row}"),
        "action.to_hand": _("Back to hand"),
        "action.sort_rank": _("Sort by rank"),
        "action.sort_suit": _("Sort by suit"),
        "action.mute": _("Sound off"),
        "action.unmute": _("Sound on"),
        "action.skip_reveal": _("Show all"),
        "action.copy": _("Copy"),
        "action.copied": _("Copied"),
        "action.copy_failed": _("Could not copy: select the code and copy it by hand."),
        "arrange.help": _("Tap cards, then a row (or press 1, 2, 3). Tap a card in another row to "
                          "swap. Cards can be dragged too."),
        "arrange.help_extra": _("Any 13 of your 16 go in the rows; the {count} left out are your "
                                "discards. Tap a discard, then a card in a row, to trade them."),
        "arrange.row_full": _("The {row} holds {size} cards: take one out first, or tap one of its "
                              "cards to swap."),
        "arrange.not_your_card": _("That hint holds {code}, which is not one of your cards."),
        "arrange.bad_rows": _("That hint does not fill the {row}."),
        "submit.incomplete": _("Place all 13 cards first: {count} left."),
        "submit.foul_refused": _("Fouled (倒水): {reason}. This rule set refuses fouled hands."),
        "submit.foul_allowed": _("Fouled (倒水): {reason}. A fouled hand loses every row and is "
                                 "scooped."),
        "submit.sending": _("Sending…"),
        "hints.title": _("Hints"),
        "hints.bonus": _("+{bonus} bonus"),
        "hints.no_bonus": _("no bonus"),
        "hints.special": _("Special hand: {name}"),
        "hints.none": _("No hints for this hand."),
        "hints.discards": _("Leaves out"),
        "special.offer": _("Your cards form a special hand: {name}, worth {points} from each "
                           "player."),
        "clock.left": _("{seconds} s"),
        "clock.up": _("Time is up"),
        "clock.label": _("Time left to arrange"),
        # The reveal.
        "reveal.title": _("Round {number}: the reveal"),
        "reveal.special": _("{name} declares {special}"),
        "reveal.foul": _("{name} fouled (倒水)"),
        "reveal.scoop": _("{winner} scoops {loser} — 打枪!"),
        "reveal.home_run": _("{name} scoops everyone — home run, 全垒打!"),
        "reveal.tie": _("tie"),
        "reveal.wins": _("{name} +{points}"),
        "reveal.special_pair": _("{winner} collects {points} from {loser} with {special}"),
        "reveal.special_tie": _("equal specials: 0"),
        "reveal.totals": _("This round"),
        "reveal.session": _("Table total"),
        "reveal.pairs": _("Every pair"),
        "reveal.auto": _("auto"),
        "reveal.points_for": _("{name}: {points}"),
        "reveal.replay": _("Watch the replay"),
        "reveal.discards": _("Discards"),
        "error.generic": _("Refused: {message}"),
        "error.rate_limited": _("Too many messages: the table closed the connection. "
                                "Reconnecting…"),
    }
    # Category and special names in the player's language (the rule-set admin's labels).
    strings.update(rule_label_strings())
    return strings
