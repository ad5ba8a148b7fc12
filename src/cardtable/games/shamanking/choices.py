"""The Shaman King menu in words (a part of its Presentation): each legal action as what it
does, in English and Japanese.

Every decision is about the card just flipped (or the Signature Move, or who sends the Opening
Attack), so each line names that card and says where it goes: passed to the discard pile
(SK-4.6), focused into the zone's furyoku (SK-4.7), played as an Advantage or a Teamwork card
(SK-5.1 to SK-5.3) or sent back as a counterattack (SK-4.5, SK-3.4). A counterattack's line
shows its Intercept against the incoming Force and the Force it sends back, each bonus spelled
out (figures.py). A line names only what the defender sees: the flipped card, the cards in
play, the costs after a Teamwork card's underpay (SK-7.7). The notation stays as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardtable.core.i18n import Lang, translator
from cardtable.core.presentation import Presentation

from .actions import COUNTER_EXTRA, FIRST, FOCUS, PASS, PLAY, SIGNATURE
from .cards import ZONES, Cost, character_of
from .cardtext import short_name
from .figures import force_words, intercept_words, signature_figures, strike_figures
from .tables import TEAMWORK_CARD, Price
from .text import colour_word, cost_words
from .words import signature_name

if TYPE_CHECKING:
    from cardtable.core.state import State

    from .game import SKGame
    from .rules import SKState


def paying(cost: Price, lang: Lang) -> str:
    """What a choice pays: "paying 1 green and 1 red furyoku", "paying no furyoku"."""
    _ = translator(__package__, lang)
    words = cost_words(Cost.model_construct(green=cost[0], yellow=cost[1], red=cost[2]), lang)
    return _("paying {cost} furyoku", cost=words) if words else _("paying no furyoku")


class SKChoices(Presentation):
    """``describe_action``: the menu of Shaman King (a part of its Presentation)."""

    game: SKGame

    def describe_action(self, state: State, action: int, lang: Lang = "en") -> str:
        """The legal ``action`` of the player to act, as what it does with the flipped card
        (or the Signature Move, or the Opening Attack)."""
        st = cast("SKState", state)
        _ = translator(__package__, lang)
        p = st.current_player()
        obs = st.observation(p)
        if obs["phase"] == "opening choice":
            if action == FIRST:
                return _(
                    "Send the Opening Attack yourself: P{opponent} defends first, against Force 4",
                    opponent=1 - p,
                )
            return _(
                "Let P{opponent} send the Opening Attack: you defend first, against Force 4, "
                "and gain 1 green furyoku",
                opponent=1 - p,
            )
        if obs["phase"] == "signature step":
            return self._signature_step(st, obs, action, lang)
        if action in (PASS, FOCUS):
            return _let_go(self.game, obs, action == FOCUS, lang)
        if action == PLAY:
            return self._play(st, obs, lang)
        return self._counter(st, obs, action == COUNTER_EXTRA, lang)

    def _signature_step(self, st: SKState, obs: dict[str, Any], action: int, lang: Lang) -> str:
        """SK-4.3: the Signature Move, or going on to the flips."""
        _ = translator(__package__, lang)
        p = obs["defender"]
        if action != SIGNATURE:
            return _(
                "Keep the Signature Move for later: flip into the green zone (the charges stay)"
            )
        shaman = self.game.card_pool.get(obs["zones"][f"p{p}.shaman"][0])
        face = shaman.front if obs["shaman_side"][p] == "front" else shaman.back
        assert face is not None
        f = signature_figures(self.game, obs)
        return _(
            "Make the Signature Move {name}, {paying} and all three charges: {comparison}; it "
            "sends back {force} at P{opponent}",
            name=signature_name(self.game, face.signature.name, lang),
            paying=paying(st._signature_values(p)[2], lang),
            comparison=intercept_words(f, lang),
            force=force_words(f, lang),
            opponent=1 - p,
        )

    def _play(self, st: SKState, obs: dict[str, Any], lang: Lang) -> str:
        """SK-5.1 to SK-5.3: the flipped Advantage or Teamwork card played."""
        _ = translator(__package__, lang)
        g, p = self.game, obs["defender"]
        card = g.card_pool.get(obs["flipped"])
        d = g.card_pool.index[card.id]
        fields = {
            "card": g.card_name(card.id, lang),
            "paying": paying(st._price(p, g.tables.cost[d]), lang),
            "zone": colour_word(obs["zone"], lang),
        }
        if g.tables.kind[d] == TEAMWORK_CARD:
            line = _teamwork(g, obs, fields, lang)
        elif not card.immediate:
            line = _(
                "Play the Advantage {card}, {paying}: it goes to your advantage area and "
                "charges your {zone} zone",
                **fields,
            )
        elif g.options.immediate_charge:
            line = _(
                "Use the Advantage {card} at once, {paying}: it charges your {zone} zone, then "
                "goes to your discard pile",
                **fields,
            )
        else:
            line = _(
                "Use the Advantage {card} at once, {paying}: it goes to your discard pile "
                "without charging your {zone} zone",
                **fields,
            )
        if not st.active(p, d):
            return _(
                "{choice} (its text does not work: its trait is not your Shaman's)", choice=line
            )
        return line

    def _counter(self, st: SKState, obs: dict[str, Any], extra: bool, lang: Lang) -> str:
        """SK-4.5, SK-3.4: the flipped Strike sent back, with its figures."""
        _ = translator(__package__, lang)
        g, p = self.game, obs["defender"]
        d = g.card_pool.index[obs["flipped"]]
        f = strike_figures(g, obs, extra)
        assert f is not None
        cost = st._with_extra(d) if extra else g.tables.cost[d]
        fields = {
            "card": g.card_name(obs["flipped"], lang),
            "paying": paying(st._price(p, cost), lang),
            "comparison": intercept_words(f, lang),
            "force": force_words(f, lang),
            "opponent": 1 - p,
        }
        if extra:
            return _(
                "Counterattack with {card} and its extra-cost ability, {paying}: {comparison}; "
                "it sends back {force} at P{opponent}",
                **fields,
            )
        return _(
            "Counterattack with {card}, {paying}: {comparison}; it sends back {force} at "
            "P{opponent}",
            **fields,
        )


def _teamwork(g: SKGame, obs: dict[str, Any], fields: dict[str, Any], lang: Lang) -> str:
    """SK-5.3, SK-5.7: a Teamwork card placed in the zone, replacing the one there."""
    _ = translator(__package__, lang)
    card = g.card_pool.get(obs["flipped"])
    character = short_name(character_of(card), card.name_ja, lang)
    there = obs["zones"][f"p{obs['defender']}.teamwork.{obs['zone']}"]
    if there:
        return _(
            "Place the Teamwork card {card} in your {zone} zone, {paying}, replacing {old}: "
            "the zone becomes {character}'s zone",
            old=g.card_name(there[0], lang),
            character=character,
            **fields,
        )
    return _(
        "Place the Teamwork card {card} in your {zone} zone, {paying}: the zone becomes "
        "{character}'s zone",
        character=character,
        **fields,
    )


def _let_go(g: SKGame, obs: dict[str, Any], focus: bool, lang: Lang) -> str:
    """SK-4.6 pass, SK-4.7 focus: where the flipped card goes, and where the attack goes."""
    _ = translator(__package__, lang)
    z = ZONES.index(obs["zone"])
    fields = {
        "card": g.card_name(obs["flipped"], lang),
        "colour": colour_word(obs["zone"], lang),
        "opponent": 1 - obs["defender"],
    }
    if z < 2:
        fields["zone"] = colour_word(ZONES[z + 1], lang)
        if focus:
            return _(
                "Focus: {card} goes face down into your {colour} furyoku, and the attack moves "
                "on to your {zone} zone",
                **fields,
            )
        return _(
            "Pass: {card} goes to your discard pile, and the attack moves on to your {zone} zone",
            **fields,
        )
    if focus:
        return _(
            "Focus: {card} goes face down into your {colour} furyoku, and the attack gets past "
            "your red zone: P{opponent} scores a point",
            **fields,
        )
    return _(
        "Pass: {card} goes to your discard pile, and the attack gets past your red zone: "
        "P{opponent} scores a point",
        **fields,
    )
