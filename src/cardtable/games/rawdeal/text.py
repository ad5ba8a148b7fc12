"""Raw Deal card text: the rules sentences of a card, generated from its data (cards.py) the
way its printed card would read, in English or Japanese (the catalogue
``locale/ja/LC_MESSAGES/messages.po``). Every sentence says what the engine does (the rules
ids are those of docs/rules/rawdeal.md); the words are the seed's (マニューバー, リバーサル,
メインデッキ, リングサイド, 不屈の精神値, 逆転デッキ, ...).

Effects are worded as clauses (``draw 1 card``) that a timing sentence wraps (``If successful,
draw 1 card.``); everything else is a whole sentence of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.core.i18n import Lang, Translate, translator

from .cards import (
    Discard,
    DiscardHand,
    DiscardSelf,
    Draw,
    Effect,
    Either,
    EndTurn,
    LookHand,
    May,
    NextBonus,
    NextReversalCost,
    NextTurnBonus,
    NextUnreversible,
    NoArsenalReversals,
    OppDiscard,
    OppDiscardAll,
    OppDraw,
    OppOverturn,
    OverturnSelf,
    PinOpponent,
    PrematchEffect,
    RawDealCard,
    Recover,
    Requires,
    Retrieve,
    Reverses,
    Search,
    ShuffleIn,
    Superstar,
    TurnBonus,
)


@dataclass(frozen=True)
class Words:
    """What card text needs of a language and a game: the translator ``_``, the language,
    card names in it, and whether ``overturned_text=official`` (RD-5.7)."""

    _: Translate
    lang: Lang
    name: Callable[[str], str]
    official: bool


def words(name: Callable[[str, Lang], str], lang: Lang, official: bool) -> Words:
    """The :class:`Words` of ``lang``; ``name(card_id, lang)`` names a card."""
    return Words(translator(__package__, lang), lang, lambda cid: name(cid, lang), official)


def or_list(w: Words, items: list[str]) -> str:
    """``a, b or c`` in English, ``a、bまたはc`` in Japanese."""
    if len(items) < 2:
        return "".join(items)
    if w.lang == "ja":
        return "、".join(items[:-1]) + "または" + items[-1]
    return ", ".join(items[:-1]) + " or " + items[-1]


def sentence(text: str) -> str:
    """A clause-led sentence with its first letter in capitals (English)."""
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- words of the game


def subtype_word(_: Translate, subtype: str) -> str:
    """A maneuver type (RD-3.1)."""
    return {
        "strike": _("Strike"),
        "grapple": _("Grapple"),
        "submission": _("Submission"),
        "high_risk": _("High Risk"),
        "trademark_finisher": _("Trademark Finisher"),
    }[subtype]


def type_word(_: Translate, play_type: str) -> str:
    """A card type a card is played as (RD-3.1)."""
    return {"maneuver": _("Maneuver"), "action": _("Action"), "reversal": _("Reversal")}[play_type]


def alignment_word(_: Translate, alignment: str) -> str:
    """Face or Heel (RD-1.4)."""
    return {"face": _("Face"), "heel": _("Heel")}[alignment]


def brand_word(_: Translate, brand: str) -> str:
    """Raw or SmackDown! (RD-1.5)."""
    return {"raw": _("Raw"), "smackdown": _("SmackDown!")}[brand]


def prematch_kind_word(_: Translate, kind: str) -> str:
    """A Pre-match card's kind (RD-2.3)."""
    return {
        "venue": _("Venue"),
        "feud": _("Feud"),
        "stipulation": _("Stipulation"),
        "manager": _("Manager"),
        "title_belt": _("Title Belt"),
        "event": _("Event"),
    }[kind]


# ---------------------------------------------------------------- effects (RD-7)


def draw_clause(_: Translate, e: Draw) -> str:
    """RD-7.1: the player draws (RD-7.22: as many as they choose)."""
    if e.up_to:
        return _("draw up to {amount} cards, as many as you choose", amount=e.amount)
    return _("draw 1 card") if e.amount == 1 else _("draw {amount} cards", amount=e.amount)


def opp_discard_clause(_: Translate, e: OppDiscard) -> str:
    """RD-7.2: the opponent discards at random to Ringside; RD-7.15: cards of their choice."""
    if e.choice and e.amount == 1:
        return _("your opponent discards 1 card of their choice from their hand")
    if e.choice:
        return _(
            "your opponent discards {amount} cards of their choice from their hand",
            amount=e.amount,
        )
    if e.amount == 1:
        return _("your opponent discards 1 card at random from their hand")
    return _("your opponent discards {amount} cards at random from their hand", amount=e.amount)


def next_bonus_clause(_: Translate, e: NextBonus) -> str:
    """RD-7.3, RD-6.2: a set-up bonus for the next card this turn, if it is a maneuver (of
    the type); RD-7.18: for the next maneuver, whatever is played before it."""
    if e.maneuver and e.subtype is None:
        return _("your next maneuver this turn gets +{amount}D", amount=e.amount)
    if e.maneuver:
        return _(
            "your next {subtype} maneuver this turn gets +{amount}D",
            amount=e.amount,
            subtype=subtype_word(_, e.subtype or "strike"),
        )
    if e.subtype is None:
        return _("your next card this turn gets +{amount}D if it is a maneuver", amount=e.amount)
    return _(
        "your next card this turn gets +{amount}D if it is a {subtype} maneuver",
        amount=e.amount,
        subtype=subtype_word(_, e.subtype),
    )


def next_reversal_cost_clause(_: Translate, e: NextReversalCost) -> str:
    """RD-7.4: reversals to the next maneuver this turn cost more Fortitude."""
    return _("reversals to your next maneuver this turn cost +{amount}F", amount=e.amount)


def overturn_self_clause(_: Translate, e: OverturnSelf) -> str:
    """RD-7.5: a cost, overturning one's own Arsenal to Ringside."""
    if e.amount == 1:
        return _("overturn the top card of your Arsenal to your Ringside pile")
    return _(
        "overturn the top {amount} cards of your Arsenal to your Ringside pile", amount=e.amount
    )


def recover_clause(_: Translate, e: Recover) -> str:
    """RD-7.6: the newest Ringside cards go under the Arsenal; RD-7.14: cards of the
    player's choice."""
    if e.choice and e.amount == 1:
        return _("put 1 card of your choice from your Ringside pile on the bottom of your Arsenal")
    if e.choice:
        return _(
            "put {amount} cards of your choice from your Ringside pile on the bottom of your "
            "Arsenal",
            amount=e.amount,
        )
    if e.amount == 1:
        return _("put your newest Ringside card on the bottom of your Arsenal")
    return _(
        "put your {amount} newest Ringside cards on the bottom of your Arsenal", amount=e.amount
    )


def opp_draw_clause(_: Translate, e: OppDraw) -> str:
    """RD-7.16: the opponent draws cards."""
    if e.amount == 1:
        return _("your opponent draws 1 card")
    return _("your opponent draws {amount} cards", amount=e.amount)


def search_clause(_: Translate, e: Search, name: Callable[[str], str] = str) -> str:
    """RD-7.17: a card fetched by its title, shown, then the Arsenal shuffled."""
    if e.ringside:
        return _(
            "put a {card} from your Ringside pile or your Arsenal into your hand, shown, then "
            "shuffle your Arsenal",
            card=name(e.title),
        )
    return _(
        "put a {card} from your Arsenal into your hand, shown, then shuffle your Arsenal",
        card=name(e.title),
    )


def shuffle_in_clause(_: Translate, e: ShuffleIn) -> str:
    """RD-7.19: Ringside cards of the player's choice into the Arsenal, then shuffled."""
    if e.up_to:
        return _(
            "shuffle up to {amount} cards of your choice from your Ringside pile into your Arsenal",
            amount=e.amount,
        )
    if e.amount == 1:
        return _("shuffle 1 card of your choice from your Ringside pile into your Arsenal")
    return _(
        "shuffle {amount} cards of your choice from your Ringside pile into your Arsenal",
        amount=e.amount,
    )


def turn_bonus_clause(_: Translate, e: TurnBonus) -> str:
    """RD-7.20: bonuses for the rest of the turn."""
    parts = []
    if e.amount and e.subtype:
        word = subtype_word(_, e.subtype)
        parts.append(_("your {subtype} maneuvers get +{amount}D", subtype=word, amount=e.amount))
    elif e.amount:
        parts.append(_("your maneuvers get +{amount}D", amount=e.amount))
    if e.reversal_cost:
        parts.append(_("reversals to them cost +{amount}F", amount=e.reversal_cost))
    return _("for the rest of this turn, {what}", what=_(", and ").join(parts))


def opp_overturn_clause(_: Translate, e: OppOverturn) -> str:
    """RD-7.21: the opponent overturns cards, no damage."""
    if e.amount == 1:
        return _("your opponent overturns the top card of their Arsenal")
    return _("your opponent overturns the top {amount} cards of their Arsenal", amount=e.amount)


def next_turn_bonus_clause(_: Translate, e: NextTurnBonus) -> str:
    """RD-7.23: bonuses for the player's next turn."""
    parts = []
    if e.amount:
        parts.append(_("your maneuvers get +{amount}D", amount=e.amount))
    if e.reversal_cost:
        parts.append(_("reversals to them cost +{amount}F", amount=e.reversal_cost))
    return _("during your next turn, {what}", what=_(", and ").join(parts))


def discard_hand_clause(_: Translate, e: DiscardHand) -> str:
    """RD-7.24: whole hands to the Ringside piles."""
    return {
        "own": _("discard your whole hand"),
        "opponent": _("your opponent discards their whole hand"),
        "both": _("you and your opponent discard your whole hands"),
    }[e.whose]


def next_unreversible_clause(_: Translate, e: NextUnreversible) -> str:
    """RD-7.25: the next card, if a maneuver (of at most some damage), cannot be reversed."""
    if e.max_damage is None:
        return _("if your next card this turn is a maneuver, it cannot be reversed")
    return _(
        "if your next card this turn is a maneuver of {damage}D or less, it cannot be reversed",
        damage=e.max_damage,
    )


def look_hand_clause(_: Translate, e: LookHand) -> str:
    """RD-7.26: the player sees the opponent's hand."""
    return _("look at your opponent's hand")


def opp_discard_all_clause(_: Translate, e: OppDiscardAll, name: Callable[[str], str] = str) -> str:
    """RD-7.27: the opponent discards every card of an alignment or a title."""
    if e.alignment is not None:
        word = alignment_word(_, e.alignment)
        return _("your opponent discards every {alignment} card in their hand", alignment=word)
    return _("your opponent discards every {card} in their hand", card=name(e.title or ""))


def no_arsenal_reversals_clause(_: Translate, e: NoArsenalReversals) -> str:
    """RD-7.28: no overturned reversal stops the player's maneuvers this turn."""
    return _(
        "for the rest of this turn, no reversal overturned from an Arsenal stops your maneuvers"
    )


def either_clause(_: Translate, e: Either) -> str:
    """RD-7.29: one of two effects, the player's choice (or neither, if optional)."""
    first, second = effect_clauses(_, e.first), effect_clauses(_, e.second)
    if e.optional:
        return _("you may either {first} or {second}", first=first, second=second)
    return _("either {first} or {second}, as you choose", first=first, second=second)


def end_turn_clause(_: Translate, e: EndTurn) -> str:
    """RD-7.7: the turn ends after the card's damage."""
    return _("your turn ends after its damage")


def pin_opponent_clause(_: Translate, e: PinOpponent) -> str:
    """RD-7.9: the opponent is pinned at once."""
    return _("your opponent is pinned at once and loses")


def discard_self_clause(_: Translate, e: DiscardSelf) -> str:
    """RD-7.11: the card goes to Ringside instead of the Ring."""
    return _("put this card in your Ringside pile instead of your Ring")


def discard_clause(_: Translate, e: Discard) -> str:
    """RD-7.12: the player discards cards of their choice."""
    if e.amount == 1:
        return _("discard 1 card of your choice from your hand")
    return _("discard {amount} cards of your choice from your hand", amount=e.amount)


def retrieve_clause(_: Translate, e: Retrieve) -> str:
    """RD-7.13: Ringside cards of the player's choice go into the hand."""
    if e.up_to:
        return _(
            "put up to {amount} cards of your choice from your Ringside pile into your hand",
            amount=e.amount,
        )
    if e.amount == 1:
        return _("put 1 card of your choice from your Ringside pile into your hand")
    return _(
        "put {amount} cards of your choice from your Ringside pile into your hand",
        amount=e.amount,
    )


def may_clause(_: Translate, e: May) -> str:
    """RD-7.10: the player may take the effects, or decline them all."""
    return _("you may {effects}", effects=effect_clauses(_, e.effects))


CLAUSES: dict[str, Callable[[Translate, Any], str]] = {
    "draw": draw_clause,
    "opp_discard": opp_discard_clause,
    "next_bonus": next_bonus_clause,
    "next_reversal_cost": next_reversal_cost_clause,
    "overturn_self": overturn_self_clause,
    "recover": recover_clause,
    "end_turn": end_turn_clause,
    "pin_opponent": pin_opponent_clause,
    "opp_draw": opp_draw_clause,
    "search": search_clause,
    "shuffle_in": shuffle_in_clause,
    "turn_bonus": turn_bonus_clause,
    "opp_overturn": opp_overturn_clause,
    "next_turn_bonus": next_turn_bonus_clause,
    "discard_hand": discard_hand_clause,
    "next_unreversible": next_unreversible_clause,
    "look_hand": look_hand_clause,
    "either": either_clause,
    "opp_discard_all": opp_discard_all_clause,
    "no_arsenal_reversals": no_arsenal_reversals_clause,
    "discard_self": discard_self_clause,
    "discard": discard_clause,
    "retrieve": retrieve_clause,
    "may": may_clause,
}
"""The clause of each effect verb (``do``) of the card schema."""


def effect_clauses(
    _: Translate,
    effects: tuple[Effect, ...],
    maneuver: bool = True,
    name: Callable[[str], str] = str,
) -> str:
    """The effects, in order, as one clause: ``a, then b``; a card that deals no damage
    (not played as a maneuver) ends the turn without waiting for it (RD-7.7). ``name``: a
    card's name by its id."""
    text = ""
    for e in effects:
        if isinstance(e, Search):
            clause = search_clause(_, e, name)
        elif isinstance(e, OppDiscardAll):
            clause = opp_discard_all_clause(_, e, name)
        elif e.do == "end_turn" and not maneuver:
            clause = _("your turn ends")
        else:
            clause = CLAUSES[e.do](_, e)
        text = _("{first}, then {then}", first=text, then=clause) if text else clause
    return text


def success_effects(_: Translate, c: RawDealCard, name: Callable[[str], str] = str) -> list[str]:
    """RD-4.6: what a card's effects do when it is played successfully (a maneuver's before
    its damage; a hybrid's whichever type it is played as, RD-3.3; then those of the type it
    is played as, RD-3.7)."""
    out = []
    if c.effects:
        clauses = effect_clauses(_, c.effects, "maneuver" in c.plays_as, name)
        if "maneuver" in c.plays_as:
            out.append(_("If successful, {effects}.", effects=clauses))
        elif c.is_hybrid:
            out.append(_("As an action, {effects}.", effects=clauses))
        else:
            out.append(sentence(_("{effects}.", effects=clauses)))
    if c.effects_as is not None and c.effects_as.maneuver:
        clauses = effect_clauses(_, c.effects_as.maneuver, name=name)
        out.append(_("As a maneuver, if successful, {effects}.", effects=clauses))
    if c.effects_as is not None and c.effects_as.action:
        clauses = effect_clauses(_, c.effects_as.action, maneuver=False, name=name)
        out.append(_("As an action, {effects}.", effects=clauses))
    return out


# ---------------------------------------------------------------- reversals (RD-5)


def reversal_kind(w: Words, r: Reverses) -> str:
    """The type of card a reversal reverses: maneuver (of some types), action, or both."""
    _ = w._
    if "maneuver" not in r.types:
        return _("action")
    if r.subtypes:
        subtypes = or_list(w, [subtype_word(_, s) for s in r.subtypes])
        kind = _("{subtypes} maneuver", subtypes=subtypes)
        return _("{maneuver} or action", maneuver=kind) if "action" in r.types else kind
    return _("maneuver or action") if "action" in r.types else _("maneuver")


def reversal_target(w: Words, r: Reverses) -> str:
    """What a reversal reverses, with every condition of the card (RD-5.2, RD-5.6)."""
    _ = w._
    what = or_list(w, [w.name(t) for t in r.titles]) if r.titles else reversal_kind(w, r)
    if r.alignment:
        what = _("{alignment} {what}", alignment=alignment_word(_, r.alignment), what=what)
    if r.max_damage is not None:
        what = _("{what} of {max}D or less", what=what, max=r.max_damage)
    if r.after:
        what = _("{what} played right after {card}", what=what, card=w.name(r.after))
    if r.from_hand:
        what = _("{what} played from their hand", what=what)
    return what


def reversal_sentences(w: Words, c: RawDealCard) -> list[str]:
    """A reversal's sentences: what it reverses, where from, its Ring condition, ``#D``, a
    carried set-up and its reversal effects."""
    r = c.reverses
    if r is None:
        return []
    _ = w._
    what = reversal_target(w, r)
    if r.overturned_only:
        out = [overturned_only_sentence(w, what)]
    elif r.titles:
        out = [_("Reverse {what} and end your opponent's turn.", what=what)]
    else:
        out = [_("Reverse any {what} and end your opponent's turn.", what=what)]
    if r.hand_only:
        out.append(_("It reverses only from your hand or Backlash deck, never when overturned."))
    if r.ring_at_least is not None and r.alignment:
        out.append(ring_sentence(_, r.ring_at_least, r.alignment))
    if c.damage_as_reversed:
        out.append(
            _(
                "It deals #D: your opponent takes the damage the card it reverses would have "
                "dealt; in your Ring it counts as 0D."
            )
        )
    if c.setup:
        out.append(carried_setup_sentence(_))
    return out + reversal_effects(w, c)


def overturned_only_sentence(w: Words, what: str) -> str:
    """RD-5.7: a reversal that is never played: it reverses only when overturned."""
    return w._(
        "Requirement: overturned. It is never played; when it is overturned from your Arsenal "
        "while you take the damage of any {what}, it stops the damage and ends your "
        "opponent's turn.",
        what=what,
    )


def ring_sentence(_: Translate, count: int, alignment: str) -> str:
    """RD-5.6: a reversal only while the attacker's Ring holds enough cards of an
    alignment."""
    return _(
        "It reverses only while your opponent has {count} or more {alignment} cards in their Ring.",
        count=count,
        alignment=alignment_word(_, alignment),
    )


def carried_setup_sentence(_: Translate) -> str:
    """RD-6.4: a Set-up card played as a reversal carries into its player's next turn."""
    return _(
        "As a reversal, it carries into your next turn; your first card counts as played "
        "right after it, with its set-up."
    )


def reversal_effects(w: Words, c: RawDealCard) -> list[str]:
    """RD-5.3, RD-5.7: when a reversal's effects apply, by the ``overturned_text`` option."""
    r = c.reverses
    _ = w._
    if r is None:
        return []
    if r.overturned_only and not w.official:
        return [_("Overturned, it only stops the damage; its effects never apply.")]
    if not c.reversal_effects:
        return []
    effects = effect_clauses(_, c.reversal_effects, maneuver=False, name=w.name)
    if r.overturned_only:
        return [_("When it stops the damage, {effects}.", effects=effects)]
    if r.effects_when_overturned and w.official:
        return [
            _("When it reverses, even overturned from your Arsenal, {effects}.", effects=effects)
        ]
    return [_("If it reverses from your hand or Backlash deck, {effects}.", effects=effects)]


# ---------------------------------------------------------------- traits and needs (RD-6)


def deck_traits(w: Words, c: RawDealCard) -> list[str]:
    """The traits that rule how a card is packed: Superstar-specific, Unique, Universally
    Unique, Set-up, Follow-up (RD-1.2, RD-1.3; Universally Unique also in play, RD-6.1)."""
    _ = w._
    out = []
    if c.universally_unique:
        out.append(
            _(
                "Universally Unique (only 1 copy in a deck; none is played or placed while "
                "one is in any player's Ring or Pre-match area)."
            )
        )
    elif c.unique:
        out.append(_("Unique (only 1 copy in a deck)."))
    if c.setup:
        out.append(_("Set-up (any number of copies in a deck)."))
    if c.follow_up:
        out.append(
            _("Follow-up.") if c.unique else _("Follow-up (any number of copies in a deck).")
        )
    if c.superstar:
        out.append(_("Only {superstar} may use this card.", superstar=w.name(c.superstar)))
    return out


def play_traits(_: Translate, c: RawDealCard) -> list[str]:
    """The traits that rule a card in play: Active, Multi, Cannot be reversed (RD-6)."""
    out = []
    if c.active:
        out.append(_("Active (not played while a card of its title is in your Ring)."))
    if c.multi:
        out.append(_("Multi: it must be reversed twice, and the first reversal does not stop it."))
    if c.cannot_be_reversed:
        out.append(_("Cannot be reversed."))
    return out


def requirement_sentences(w: Words, q: Requires | None) -> list[str]:
    """RD-4.5: what a card needs before it may be played, besides its Fortitude."""
    if q is None:
        return []
    _ = w._
    out = []
    if q.after:
        out.append(_("Play it only right after {card}.", card=w.name(q.after)))
    if q.after_damage:
        out.append(
            _("Play it only right after a maneuver of {damage}D or more.", damage=q.after_damage)
        )
    if q.after_maneuver == "any":
        out.append(_("Play it only right after a maneuver."))
    elif q.after_maneuver:
        word = subtype_word(_, q.after_maneuver)
        out.append(_("Play it only right after a {subtype} maneuver.", subtype=word))
    if q.fortitude_over_opponent:
        out.append(_("Play it only if your Fortitude Rating is higher than your opponent's."))
    if q.hand_at_least:
        out.append(
            _("Play it only with {amount} or more cards in your hand.", amount=q.hand_at_least)
        )
    return out


def bonus_sentences(w: Words, c: RawDealCard) -> list[str]:
    """RD-5.9 and RD-6.7: what reversing the card costs more, and its bonus right after
    another card."""
    _ = w._
    out = []
    if c.reversal_bonus:
        out.append(_("Reversals to it deal +{amount}D.", amount=c.reversal_bonus))
    if c.ring_bonus is not None:
        out.append(
            _(
                "It gets +{amount}D for each maneuver with '{word}' in its title in your Ring.",
                amount=c.ring_bonus.damage,
                word=c.ring_bonus.word,
            )
        )
    ab = c.after_bonus
    if ab is None:
        return out
    if ab.after:
        after = w.name(ab.after)
    elif ab.after_word:
        after = _("a card with '{word}' in its title", word=ab.after_word)
    elif ab.after_damage:
        after = _("a maneuver of {damage}D or more", damage=ab.after_damage)
    elif ab.after_maneuver == "any":
        after = _("a maneuver")
    else:
        after = _("a {subtype} maneuver", subtype=subtype_word(_, ab.after_maneuver or "strike"))
    if ab.damage:
        out.append(_("Right after {card}, it gets +{amount}D.", card=after, amount=ab.damage))
    if ab.fortitude:
        out.append(
            _("Right after {card}, it needs {amount}F less.", card=after, amount=ab.fortitude)
        )
    return out


# ---------------------------------------------------------------- stars and Pre-match


def ability_sentence(_: Translate, ability: str) -> str:
    """RD-3.2: a Superstar's ability, for the whole game."""
    return {
        "none": _("This Superstar has no special ability."),
        "draw_two": _("Draw 2 cards instead of 1 in your Draw Segment."),
        "start_overturn": _(
            "Before your Draw Segment, your opponent overturns the top card of their Arsenal "
            "to their Ringside pile."
        ),
        "start_recycle": _(
            "Before your Draw Segment, put the newest card of your Ringside pile on the "
            "bottom of your Arsenal."
        ),
        "tough": _("Damage you take from your opponent's maneuvers is reduced by 1."),
        "draw_and_bury": _(
            "Once during each of your turns, you may draw 1 card, then put 1 card from your "
            "hand on the bottom of your Arsenal."
        ),
        "enforcer": _(
            "You may reveal an Enforcer at the start of the game; its Hand Size and "
            "Superstar Value are added to this Superstar's."
        ),
        "damage_reduction": _(
            "All damage this Superstar takes, from maneuvers and from reversals, is reduced "
            "by 1 (never below 0)."
        ),
        "start_recycle_choice": _(
            "Before your Draw Segment, you may put a card of your choice from your Ringside "
            "pile on the bottom of your Arsenal."
        ),
        "discard_to_retrieve": _(
            "Once during each of your turns, you may discard 2 cards of your choice, then put "
            "1 card of your choice from your Ringside pile into your hand."
        ),
        "start_recover": _(
            "Before your Draw Segment, put a card of your choice from your Ringside pile on "
            "the bottom of your Arsenal."
        ),
        "discard_to_opp_discard": _(
            "Once during each of your turns, you may discard 1 card of your choice; then "
            "your opponent discards 1 card of their choice from their hand."
        ),
    }[ability]


def star_rule_sentences(w: Words, c: Superstar) -> list[str]:
    """RD-3.14, RD-1.9: a Superstar's rules about cards named by title."""
    _ = w._
    out = []
    for rule in c.card_rules:
        if rule.fortitude:
            out.append(
                _(
                    "Your cards named {card} need {amount}F less.",
                    card=rule.title,
                    amount=rule.fortitude,
                )
            )
        if rule.effects:
            effects = effect_clauses(_, rule.effects, name=w.name)
            out.append(
                _("When you play {card} successfully, {effects}.", card=rule.title, effects=effects)
            )
    out += [_("Your opponents may not play {card}.", card=n) for n in c.opponent_cannot_play]
    return out + [_("Your deck may not hold {card}.", card=n) for n in c.cannot_pack]


def enforcer_sentences(_: Translate, hand_size: int, value: int) -> list[str]:
    """RD-2.1, RD-1.7: an Enforcer adds its numbers to its Superstar's."""
    out = [_("Only a Superstar whose ability allows an Enforcer may reveal it.")]
    if hand_size:
        out.append(_("Adds {amount} to your Superstar's Hand Size.", amount=hand_size))
    if value > 0:
        out.append(_("Adds {amount} to your Superstar's Superstar Value.", amount=value))
    if value < 0:
        out.append(_("Takes {amount} from your Superstar's Superstar Value.", amount=-value))
    return out


def prematch_kind_sentence(_: Translate, kind: str) -> str:
    """RD-2.3, RD-6.1: how many Pre-match cards of a kind may be placed."""
    return {
        "venue": _("Venue: none is placed while any Venue is in play."),
        "feud": _("Feud: you place at most 1 Feud."),
        "stipulation": _("Stipulation: you place at most 1 Stipulation."),
        "manager": _("Manager: you place at most 1 Manager."),
        "title_belt": _("Title Belt: none is placed while any Title Belt is in play."),
        "event": _("Event: you may place any number of Events."),
    }[kind]


def prematch_sentences(_: Translate, p: PrematchEffect) -> list[str]:
    """RD-7.8: a placed Pre-match card's effects, for the rest of the game."""
    out = []
    if p.draw:
        one = _("When you place it, draw 1 card.")
        out.append(
            one if p.draw == 1 else _("When you place it, draw {amount} cards.", amount=p.draw)
        )
    if p.damage_bonus and p.subtype:
        word = subtype_word(_, p.subtype)
        out.append(
            _("Your {subtype} maneuvers get +{amount}D.", subtype=word, amount=p.damage_bonus)
        )
    elif p.damage_bonus:
        out.append(_("All your maneuvers get +{amount}D.", amount=p.damage_bonus))
    if p.fortitude:
        out.append(_("Your Fortitude Rating gets +{amount}.", amount=p.fortitude))
    if p.superstar_value > 0:
        out.append(
            _("Adds {amount} to your Superstar's Superstar Value.", amount=p.superstar_value)
        )
    if p.superstar_value < 0:
        out.append(
            _("Takes {amount} from your Superstar's Superstar Value.", amount=-p.superstar_value)
        )
    if p.opp_damage_reduction:
        out.append(
            _(
                "Damage you take from your opponent's maneuvers is reduced by {amount}.",
                amount=p.opp_damage_reduction,
            )
        )
    return out


# ---------------------------------------------------------------- whole cards


def card_sentences(w: Words, c: RawDealCard) -> list[str]:
    """The rules text of a card: one sentence per ability, trait, requirement and effect."""
    _ = w._
    if isinstance(c, Superstar):
        abilities = [ability_sentence(_, a) for a in c.abilities or ("none",)]
        if c.card_rules or c.opponent_cannot_play or c.cannot_pack:
            abilities = [a for a in abilities if c.abilities] + star_rule_sentences(w, c)
        return abilities
    if c.type == "enforcer":
        return enforcer_sentences(_, c.hand_size or 0, c.superstar_value or 0)
    if c.prematch is not None and c.prematch_kind is not None:
        kind = prematch_kind_sentence(_, c.prematch_kind)
        return [kind, *prematch_sentences(_, c.prematch), *deck_traits(w, c)]
    out = []
    if c.is_hybrid:
        types = or_list(w, [type_word(_, t) for t in c.plays_as])
        out.append(_("Hybrid: play it as {types}.", types=types))
    out += requirement_sentences(w, c.requires) + play_traits(_, c) + bonus_sentences(w, c)
    return out + success_effects(_, c, w.name) + reversal_sentences(w, c) + deck_traits(w, c)


def type_line(_: Translate, c: RawDealCard) -> str:
    """A card's type as its printed card shows it: ``Mid-match Maneuver/Reversal (Strike)``,
    ``Pre-match (Venue)``, ``Superstar``."""
    if c.type == "superstar":
        return _("Superstar")
    if c.type == "enforcer":
        return _("Enforcer")
    if c.type == "prematch" and c.prematch_kind:
        return _("Pre-match ({kind})", kind=prematch_kind_word(_, c.prematch_kind))
    types = "/".join(type_word(_, t) for t in c.plays_as)
    if c.subtypes:
        subs = ", ".join(subtype_word(_, s) for s in c.subtypes)
        types = _("{types} ({subtypes})", types=types, subtypes=subs)
    return _("Mid-match {types}", types=types) if c.type == "midmatch" else types


def stat_words(_: Translate, c: RawDealCard) -> list[str]:
    """The numbers and marks a printed card shows: Hand Size and Superstar Value, or
    Fortitude, Damage and Stun Value; Face or Heel; Raw or SmackDown!."""
    out = [alignment_word(_, c.alignment)] if c.alignment else []
    out += [brand_word(_, c.brand)] if c.brand else []
    if c.type in ("superstar", "enforcer"):
        out.append(_("Hand Size {n}", n=c.hand_size))
        out.append(_("Superstar Value {n}", n=c.superstar_value))
    elif c.plays_as:
        out.append(_("Fortitude {n}", n=c.fortitude))
        out.append(_("Damage {n}", n="#" if c.damage_as_reversed else c.damage))
        out += [_("Stun Value {n}", n=c.stun)] if c.stun else []
    return out
