"""Each legal action of the player to act as a menu line in the game's words, in English and
Japanese (``describe_action``): what the choice does ("Go first", "Place Taz face down on
scene 2 (Honey Heist)"), naming only what that player sees: their own hand (the action's
card), the scenes of the storyboard and their Role, which are public."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardtable.core.i18n import Lang, Translate
from cardtable.core.presentation import Presentation
from cardtable.core.state import State

from .actions import DONE, REFILL, ROLE, ROLE_SLOT, SCENE, SLOTS
from .base import PH_STORY
from .zones import ROLE as ROLE_ZONE
from .zones import STORY, pbase

if TYPE_CHECKING:
    from .game import LooneyGame
    from .rules import LooneyState


class LooneyMenu(Presentation):
    """The menu lines of Looney Tunes (a part of its Presentation)."""

    game: LooneyGame

    def describe_action(self, state: State, action: int, lang: Lang = "en") -> str:
        """The action in words: the first player, a refill, a scene, an actor, a special
        effect, a Role, a location, or done."""
        st = cast("LooneyState", state)
        _ = self.translator(lang)
        if action < REFILL:
            if action == st.current_player():
                return _("Go first")
            return _("Let P{player} go first", player=action)
        if action == REFILL:
            return _refill(st, _)
        if action == ROLE:
            return _("Play a Role: turn over your deck until an actor comes up")
        if action == DONE:
            if st.phase == PH_STORY:
                return _("Done: go on to placing actors")
            return _("Done: place no more actors")
        if action < SCENE:
            role = st.zones[pbase(st.actor) + ROLE_ZONE]
            card = self._name(st, role[0], lang) if role else _("your Role")
            where = _scene(self.game, st, action - ROLE_SLOT, _, lang)
            return _("Place {card} from your Role face up on {scene}", card=card, scene=where)
        return self._card_action(st, action, _, lang)

    def _card_action(self, st: LooneyState, action: int, _: Translate, lang: Lang) -> str:
        """An action with a card of the hand: a scene, a special effect, an actor, a
        location."""
        codec = self.game.codec
        if action < codec.effect_base:
            card = self.game.card_name(codec.ids[action - SCENE], lang)
            return _(
                "Play the scene {card} from your hand as scene {place}",
                card=card,
                place=st._empty_slot() + 1,
            )
        if action < codec.place_base:
            card = self.game.card_name(codec.ids[action - codec.effect_base], lang)
            where = _scene(self.game, st, st.pending_effect, _, lang)
            return _("Add {card} face down to your actor on {scene}", card=card, scene=where)
        if action < codec.location_base:
            p, s = divmod(action - codec.place_base, SLOTS)
            card = self.game.card_name(codec.ids[p], lang)
            where = _scene(self.game, st, s, _, lang)
            return _("Place {card} face down on {scene}", card=card, scene=where)
        p, s = divmod(action - codec.location_base, SLOTS)
        card = self.game.card_name(codec.ids[p], lang)
        where = _scene(self.game, st, s, _, lang)
        return _(
            "Put the location {card} at {scene} for the rest of the game",
            card=card,
            scene=where,
        )

    def _name(self, st: LooneyState, instance: int, lang: Lang) -> str:
        """The name of a card instance of the state."""
        return self.game.card_name(self.game.card_ids[st.cards[instance]], lang) or ""


def _refill(st: LooneyState, _: Translate) -> str:
    """Refilling the storyboard from the Movie deck: every empty scene (one source), or the
    next one (``refill: mix``)."""
    if st.game.hot.refill_mix:
        return _(
            "Turn over the next scene of the Movie deck as scene {place}",
            place=st._empty_slot() + 1,
        )
    return _("Fill the empty scenes from the Movie deck")


def _scene(game: LooneyGame, st: LooneyState, s: int, _: Translate, lang: Lang) -> str:
    """Slot ``s`` (0-3) as its scene: ``scene 2 (Honey Heist)`` (``scene 2`` when empty)."""
    scene = st.zones[STORY + s] if 0 <= s < SLOTS else ()
    if not scene:
        return _("scene {place}", place=s + 1)
    name = game.card_name(game.card_ids[st.cards[scene[0]]], lang)
    return _("scene {place} ({scene})", place=s + 1, scene=name)
