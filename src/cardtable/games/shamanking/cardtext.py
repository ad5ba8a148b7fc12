"""Shaman King cards as their printed cards read, in English and Japanese (a part of its
Presentation): the rules text of each kind of card (SK-1.5) and the one-line description with
the stats a card shows. The sentences of effects, conditions and costs are in text.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from cardtable.core.i18n import Lang, join_list, translator
from cardtable.core.presentation import Presentation

from .cards import Effect, ShamanSide, SKCard, character_of
from .text import Characters, Reach, cost_phrase, cost_sentence, effect_sentence

if TYPE_CHECKING:
    from .game import SKGame

TRAIT_NAMES = {
    "x-laws": "X-Laws",
    "yoh": "Yoh",
    "zeke": "Zeke",
    "mind": "Mind",
    "body": "Body",
    "soul": "Soul",
    "melee": "Melee",
    "ranged": "Ranged",
    "guardian": "Guardian",
}
"""The trait icons as the seed writes them, in both languages (X-Laws, Mind, Melee...)."""


def name_in(name: str, name_ja: str, lang: Lang) -> str:
    """A name in ``lang``: the Japanese one when there is one, else the English one."""
    return name_ja if lang == "ja" and name_ja else name


def joined(sentences: list[str], lang: Lang) -> str:
    """Sentences one after another: with a space in English, without in Japanese."""
    return ("" if lang == "ja" else " ").join(sentences)


def short_name(name: str, name_ja: str, lang: Lang) -> str:
    """A character's name without its title ("Sera Okabe, Lantern Keeper": "Sera Okabe";
    "セラ・オカベ、灯籠守り": "セラ・オカベ")."""
    return name_ja.split("、")[0] if lang == "ja" and name_ja else name.split(",")[0].strip()


class SKCardText(Presentation):
    """The rules text and card lines of Shaman King (a part of its Presentation)."""

    game: SKGame

    def characters(self, lang: Lang) -> Characters:
        """SK-5.7: each Teamwork card's character (as ``zone_of`` names it) in ``lang``."""
        cards = (c for c in self.game.card_pool.cards if c.type == "teamwork")
        return {character_of(c): short_name(character_of(c), c.name_ja, lang) for c in cards}

    def _effects(self, effects: tuple[Effect, ...], reach: Reach, lang: Lang) -> list[str]:
        chars = self.characters(lang)
        return [effect_sentence(e, reach, lang, chars) for e in effects]

    def card_text(self, card_id: str, lang: Lang = "en") -> list[str]:
        """The card's rules text: a Shaman's traits and its two Signatures; another card's
        cost, what playing it does and its effects (SK-1.5, SK-5, SK-7)."""
        c = self.game.card_pool.get(card_id)
        if c.type == "shaman":
            return self._shaman(c, lang)
        lines = [cost_sentence(c.cost, lang)]
        if c.type == "advantage":
            lines.append(self._advantage_use(c.immediate, lang))
        if c.type == "teamwork":
            lines += self._teamwork_place(c, lang)
        lines += self._effects(c.effects, _REACH[c.type], lang)
        if c.extra_cost is not None:
            lines.append(self._extra_ability(c, lang))
        return lines

    def _shaman(self, c: SKCard, lang: Lang) -> list[str]:
        """SK-1.5, SK-1.6: a Shaman's trait entries, then its front and back Signatures (the
        browser shows the second or third line as the Signature of the face up)."""
        _ = translator(__package__, lang)
        assert c.traits is not None and c.front is not None and c.back is not None
        traits = {k: TRAIT_NAMES[v] for k, v in c.traits.items()}
        return [
            _("Traits: Teamwork {teamwork}, Advantage {advantage}, Strike {strike}.", **traits),
            self._signature(c.front, True, lang),
            self._signature(c.back, False, lang),
        ]

    def _signature(self, side: ShamanSide, front: bool, lang: Lang) -> str:
        """SK-4.3: one face's Signature strike, its cost, Intercept and Force and its effects."""
        _ = translator(__package__, lang)
        s = side.signature
        fields = {
            "face": name_in(side.name, side.name_ja, lang),
            "signature": name_in(s.name, s.name_ja, lang),
            "cost": cost_phrase(s.cost, lang),
            "intercept": s.intercept,
            "force": s.force,
        }
        if front:
            head = _(
                "Front ({face}), Signature {signature} ({cost}): Intercept {intercept}, "
                "Force {force}.",
                **fields,
            )
        else:
            head = _(
                "Back ({face}), Signature {signature} ({cost}): Intercept {intercept}, "
                "Force {force}.",
                **fields,
            )
        return joined([head, *self._effects(s.effects, "strike", lang)], lang)

    def _advantage_use(self, immediate: bool, lang: Lang) -> str:
        """SK-5.1, SK-5.2: what playing an Advantage does besides its effects."""
        _ = translator(__package__, lang)
        if not immediate:
            return _("Place it in your advantage area and charge the zone it was flipped in.")
        if self.game.options.immediate_charge:
            return _(
                "Immediate: used at once, it charges the zone it was flipped in and then goes "
                "to your discard pile."
            )
        return _(
            "Immediate: used at once, it goes to your discard pile without charging the zone "
            "it was flipped in."
        )

    def _teamwork_place(self, c: SKCard, lang: Lang) -> list[str]:
        """SK-5.6, SK-5.7: who may place a guardian spirit, and whose zone it makes."""
        _ = translator(__package__, lang)
        lines = []
        if c.shamans:
            pool = self.game.card_pool
            names = [short_name(s.name, s.name_ja, lang) for s in map(pool.get, c.shamans)]
            lines.append(
                _("Only {shamans} can place this guardian spirit.", shamans=join_list(names, lang))
            )
        name = short_name(character_of(c), c.name_ja, lang)
        lines.append(_("The zone you place it in also becomes {character}'s zone.", character=name))
        return lines

    def _extra_ability(self, c: SKCard, lang: Lang) -> str:
        """SK-3.4: the optional extra-cost ability, paid before the card's own cost."""
        _ = translator(__package__, lang)
        assert c.extra_cost is not None
        effects = joined(self._effects(c.extra_effects, "strike", lang), lang)
        cost = cost_phrase(c.extra_cost, lang)
        return _(
            "Optional extra cost ({cost}, paid before its own cost): {effects}",
            cost=cost,
            effects=effects,
        )

    def card_stats(self, card_id: str, lang: Lang = "en") -> list[str]:
        """What a printed card shows besides its text: its kind, its trait (or generic, or
        guardian spirit) and a Strike's Intercept and Force."""
        _ = translator(__package__, lang)
        c = self.game.card_pool.get(card_id)
        kinds = {
            "shaman": _("Shaman"),
            "strike": _("Strike"),
            "advantage": _("Advantage"),
            "teamwork": _("Teamwork"),
        }
        stats = [kinds[c.type]]
        if c.type != "shaman":
            generic = _("Guardian spirit") if c.shamans else _("Generic")
            stats.append(TRAIT_NAMES[c.trait] if c.trait else generic)
        if c.intercept is not None and c.force is not None:
            stats.append(_("Intercept {value}", value=c.intercept))
            stats.append(_("Force {value}", value=c.force))
        return stats

    def describe_card(self, card_id: str, lang: Lang = "en") -> str:
        """One line: the card's name in ``lang``, its stats, its rules text and its flavour
        text, with rich markup."""
        name = escape(self.game.card_name(card_id, lang) or card_id)
        stats = escape(" · ".join(self.card_stats(card_id, lang)))
        rules = escape(joined(self.card_text(card_id, lang), lang))
        flavour = escape(self.flavour_text(card_id, lang))
        return f"[bold]{name}[/] ({stats}) {rules}" + (f" [i]{flavour}[/i]" if flavour else "")


_REACH: dict[str, Reach] = {"strike": "strike", "advantage": "advantage", "teamwork": "teamwork"}
