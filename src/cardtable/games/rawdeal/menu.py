"""Raw Deal's legal actions as menu lines (``describe_action``), in English and Japanese: what
each choice does in the game's words (play a card as a maneuver for its damage, reverse with a
card, let the card through, place a Pre-match card or pass, draw for Stun Value, ...).

A line is read from the action's notation (actions.py) and the acting player's own
observation, so it names only what that player sees: their hand and Backlash deck, the card
being played and the Superstars, all of them theirs to see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import N_, Lang, Translate
from cardtable.core.presentation import Presentation

from .cards import EFFECT_LIST
from .text import effect_clauses

if TYPE_CHECKING:
    from cardtable.core.state import State

    from .game import RawDealGame

CHOICE_PHASES = ("may", "discard", "retrieve", "recover")  # the observation's phases


class RawDealMenu(Presentation):
    """The menu lines of Raw Deal's actions (a part of its Presentation)."""

    game: RawDealGame

    def describe_action(self, state: State, action: int, lang: Lang = "en") -> str:
        """A legal action of the player to act, in words: "Play Clothesline as a maneuver
        (3D)", "Reverse it with Duck Under", "Don't reverse: take 4 damage from Punch",
        "Place Sold-Out Dome as a Pre-match card", "Pass: place no Pre-match card", "End your
        turn", "Aim Punch at P2 (Mako Stormrider)", "Accept: put this card in your Ringside
        pile instead of your Ring, then draw 1 card", "Discard Punch from your hand to your
        Ringside pile", ..."""
        _ = self.translator(lang)
        obs = state.observation(state.current_player())
        words = state.action_to_string(action).split()
        verb, card_id = words[0], (words[1] if len(words) > 1 else "")
        card = self.game.card_name(card_id, lang) or card_id
        if verb in ("end", "decline"):
            if obs["phase"] in CHOICE_PHASES:
                return _decline(_, obs["phase"], obs["choice"].get("instead"))
            return _end(_, obs, self._playing(obs, lang))
        if verb == "accept":
            return self._accept(_, obs)
        if verb == "ability":
            return self._ability(_, obs)
        if verb in CHOSEN_LINES:
            return _(CHOSEN_LINES[verb], card=card)
        if verb == "stun":
            return _stun(_, int(card_id))
        if verb == "target":
            return self._target(_, obs, int(card_id), lang)
        if verb == "tag":
            return _("Tag in your partner P{partner}", partner=(obs["turn_player"] + 2) % 4)
        if verb == "reverse":
            return _("Reverse it with {card}", card=card)
        if verb == "backlash" and len(words) == 2:
            return _("Place {card} from your Backlash deck as a Pre-match card", card=card)
        return self._play(_, card_id, card, words[-1], verb == "backlash")

    def _ability(self, _: Translate, obs: dict[str, Any]) -> str:
        """RD-4.3: the acting player's Superstar ability used with ``ability``."""
        star = self.game.card_pool.get(obs["superstars"][obs["current_player"]])
        if "discard_to_retrieve" in star.abilities:
            return _(
                "Use your Superstar ability: discard 2 cards, then put 1 card of your choice "
                "from your Ringside pile into your hand"
            )
        if "discard_to_opp_discard" in star.abilities:
            return _(
                "Use your Superstar ability: discard 1 card, then your opponent discards 1 "
                "card of their choice"
            )
        return _(
            "Use your Superstar ability: draw 1 card, then put 1 card from your hand at "
            "the bottom of your Arsenal"
        )

    def _accept(self, _: Translate, obs: dict[str, Any]) -> str:
        """RD-7.10: take what a card (or an ability) offers."""
        effects = effect_clauses(_, EFFECT_LIST.validate_python(obs["choice"]["offer"]))
        return _("Accept: {effects}", effects=effects)

    def _playing(self, obs: dict[str, Any], lang: Lang) -> str:
        """The name of the card being played, or "" for none."""
        playing = obs["playing"]
        return (self.game.card_name(playing["card"], lang) or "") if playing else ""

    def _target(self, _: Translate, obs: dict[str, Any], q: int, lang: Lang) -> str:
        """RD-9.2: aim the card being played at player ``q`` (named with their Superstar)."""
        star = self.game.card_name(obs["superstars"][q], lang) or ""
        return _(
            "Aim {card} at P{target} ({superstar})",
            card=self._playing(obs, lang),
            target=q,
            superstar=star,
        )

    def _play(self, _: Translate, card_id: str, card: str, as_type: str, backlash: bool) -> str:
        """RD-4.3: play a card from the hand or the Backlash deck (a Mid-match card) as a
        maneuver (with its printed damage), an action, or a reversal."""
        damage = getattr(self.game.card_pool.get(card_id), "damage", 0)
        if as_type == "reversal":
            return _("Reverse it with {card} from your Backlash deck", card=card)
        if as_type == "action":
            if backlash:
                return _("Play {card} from your Backlash deck as an action", card=card)
            return _("Play {card} as an action", card=card)
        if backlash:
            return _(
                "Play {card} from your Backlash deck as a maneuver ({damage}D)",
                card=card,
                damage=damage,
            )
        return _("Play {card} as a maneuver ({damage}D)", card=card, damage=damage)


def _end(_: Translate, obs: dict[str, Any], card: str) -> str:
    """``end`` in each phase: pass in Pre-match, let the card through, end the turn."""
    phase = obs["phase"]
    if phase == "pre-match":
        return _("Pass: place no Pre-match card now")
    if phase == "reversal window":
        playing = obs["playing"] or {}
        if playing.get("as") == "maneuver" and playing.get("damage"):
            return _(
                "Don't reverse: take {damage} damage from {card}",
                damage=playing["damage"],
                card=card,
            )
        return _("Don't reverse: let {card} through", card=card)
    return _("End your turn")


# a card chosen (RD-4.3 bury; RD-7.12 to RD-7.14), by the word of its notation
CHOSEN_LINES = {
    "bury": N_("Put {card} from your hand at the bottom of your Arsenal"),
    "discard": N_("Discard {card} from your hand to your Ringside pile"),
    "retrieve": N_("Put {card} from your Ringside pile into your hand"),
    "recover": N_("Put {card} from your Ringside pile at the bottom of your Arsenal"),
}


def _decline(_: Translate, phase: str, instead: list[dict[str, Any]] | None = None) -> str:
    """RD-7.10: decline what a card offers (in a choice: choose no card); RD-7.29: the second
    of two effects instead."""
    if instead:
        effects = effect_clauses(_, EFFECT_LIST.validate_python(instead))
        return _("Decline: {effects} instead", effects=effects)
    if phase == "may":
        return _("Decline: none of it happens")
    return _("Decline: choose no card, and none of it happens")


def _stun(_: Translate, n: int) -> str:
    """RD-5.5: the Stun Value lets the turn player draw up to its number."""
    if n == 0:
        return _("Draw no card and end your turn")
    if n == 1:
        return _("Draw 1 card for the Stun Value and end your turn")
    return _("Draw {n} cards for the Stun Value and end your turn", n=n)
