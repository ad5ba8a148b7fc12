"""OCTGN set cards into card entries of our schema (cards.py): types, numbers, traits, the
Superstar logo, deterministic ids, and the card text read by cardtext.py (with effects of one
type of a hybrid, choices and several Superstar abilities, RD-3.7 to RD-3.12, RD-7.10 to
RD-7.14).

A card becomes one entry (a mapping, as in a card file) and the sentences of its text that
the rules do not enforce. A sentence is applied whole or not at all: when one of its parts
cannot be enforced on this card, the sentence is reported and nothing of it is applied.
"""

from __future__ import annotations

import copy
import hashlib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cardtable.core.importer import ImportFileError

from .cards import CardRule, Effect, abilities_problem, not_for_reversals, title_key
from .cardtext import Piece, read_text
from .octgn import SetCard

SUBTYPE_WORDS = {
    "strike": "strike",
    "grapple": "grapple",
    "submission": "submission",
    "high risk": "high_risk",
    "high-risk": "high_risk",
    "trademark finisher": "trademark_finisher",
}
KNOWN_TYPES = "Superstar Card, Action, Strike, Grapple, Submission, High Risk, " + (
    "Trademark Finisher, Reversal: <Strike|Grapple|Submission|Action|Special>..."
)
EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)
CARD_RULE: TypeAdapter[CardRule] = TypeAdapter(CardRule)
REQUIRES = {
    "after_damage",
    "after_maneuver",
    "fortitude_over_opponent",
    "after_name",
    "hand_at_least",
}
NO_NUMBER = ("", "-", "\u2014", "n/a", "none")
SOUGHT = "@"  # a searched card's title, before it is resolved into an id


@dataclass(frozen=True)
class CardType:
    """A CardType read: the Superstar, or the ways to play the card with its maneuver
    types, and what it reverses (``special``: its text says)."""

    superstar: bool = False
    plays: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    reverses_types: tuple[str, ...] = ()
    reverses_subtypes: tuple[str, ...] = ()
    special: bool = False
    midmatch: bool = False  # a Mid-match card of the Backlash deck (RD-1.6)
    prematch_kind: str = ""  # a Pre-match card of that kind (RD-1.6)


@dataclass
class Draft:
    """A card on its way to a card file: its entry, the sentences not enforced, how many
    sentences are, and what is left to resolve once every card is known."""

    source: SetCard
    entry: dict[str, Any]
    unenforced: list[str] = field(default_factory=list)
    enforced: int = 0
    logo: str = ""
    after_names: list[tuple[str, str, str]] = field(default_factory=list)  # field, name, sentence

    @property
    def status(self) -> str:
        """``full`` (every sentence enforced, or no text), ``partly`` or ``none``."""
        if not self.unenforced:
            return "full"
        return "partly" if self.enforced else "none"


def slug(text: str) -> str:
    """Text as the words of a card id: ASCII letters and digits joined by ``-`` (at most 60
    characters; a hash of the text when nothing is left)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:60].strip("-")
    return words or "x" + hashlib.sha1(text.encode()).hexdigest()[:8]


def card_id(name: str, set_name: str) -> str:
    """The id of a card: its name and its set (``chair-shot-premiere``), never its place."""
    return f"{slug(name)}-{slug(set_name)}"


PREMATCH_WORDS = {
    "venue": "venue",
    "feud": "feud",
    "stipulation": "stipulation",
    "manager": "manager",
    "title belt": "title_belt",
    "event": "event",
}


def read_card_type(value: str, where: str) -> CardType:
    """A CardType property: types and subtypes joined by `` / `` and ``:``; ``Mid-match``
    before the types of a Backlash deck's Mid-match card, ``Pre-match <kind>`` for a
    Pre-match card (RD-1.6)."""
    low = " ".join(value.lower().split())
    if low.startswith("pre-match "):
        return _prematch_type(low.removeprefix("pre-match "), value, where)
    if low.startswith("mid-match "):
        played = read_card_type(value.strip()[len("mid-match ") :], where)
        return replace(played, midmatch=True)
    return _card_type(value, where)


def _prematch_type(kind: str, value: str, where: str) -> CardType:
    """RD-1.6: a Pre-match card of a kind the rules know."""
    if kind not in PREMATCH_WORDS:
        known = ", ".join(f"Pre-match {k.title()}" for k in PREMATCH_WORDS)
        raise ImportFileError(
            f"{where}: property 'CardType' {value!r}: unknown Pre-match kind {kind!r}; "
            f"known: {known}"
        )
    return CardType(prematch_kind=PREMATCH_WORDS[kind])


def _card_type(value: str, where: str) -> CardType:
    """A CardType of the Arsenal (or the Superstar): types and subtypes."""
    star, special = False, False
    plays: list[str] = []
    subs: list[str] = []
    rev_types: list[str] = []
    rev_subs: list[str] = []
    for segment in value.split("/"):
        chain = [" ".join(w.split()).lower() for w in segment.split(":")]
        head, rest = chain[0], chain[1:]
        if plays[-1:] == ["reversal"] and head in SUBTYPE_WORDS and set(rest) <= {"special"}:
            # "Reversal: Strike/High Risk: Special": one more subtype the reversal reverses
            rev_subs.append(SUBTYPE_WORDS[head])
            rev_types.append("maneuver")
            special = special or bool(rest)
        elif head in ("superstar card", "superstar") and not rest:
            star = True
        elif head in SUBTYPE_WORDS and not rest:
            plays.append("maneuver")
            subs.append(SUBTYPE_WORDS[head])
        elif head == "action" and not rest:
            plays.append("action")
        elif head == "reversal" and all(
            r in SUBTYPE_WORDS or r in ("action", "special") for r in rest
        ):
            plays.append("reversal")
            special = special or not rest or "special" in rest
            rev_subs += [SUBTYPE_WORDS[r] for r in rest if r in SUBTYPE_WORDS]
            rev_types += ["action" if r == "action" else "maneuver" for r in rest if r != "special"]
        else:
            raise ImportFileError(
                f"{where}: property 'CardType' {value!r}: unknown type {segment.strip()!r}; "
                f"known: {KNOWN_TYPES}"
            )
    if star and plays:
        raise ImportFileError(
            f"{where}: property 'CardType' {value!r}: a Superstar Card is played as nothing else"
        )
    order = ("maneuver", "action", "reversal")
    return CardType(
        star,
        tuple(p for p in order if p in plays),
        tuple(dict.fromkeys(subs)),
        tuple(dict.fromkeys(rev_types)),
        tuple(dict.fromkeys(rev_subs)),
        special,
    )


TRAIT_FIELDS: dict[str, tuple[str, Any]] = {
    "unique": ("unique", True),
    "universally unique": ("universally_unique", True),
    "face": ("alignment", "face"),
    "heel": ("alignment", "heel"),
    "raw": ("brand", "raw"),
    "smackdown": ("brand", "smackdown"),
    "smackdown!": ("brand", "smackdown"),
    "set-up": ("setup", True),
    "setup": ("setup", True),
    "active": ("active", True),
    "follow-up": ("follow_up", True),
}


STAR_TRAITS = ("alignment", "brand", "unique")  # the trait fields a Superstar card has


def read_traits(value: str, kind: CardType) -> tuple[dict[str, Any], list[str]]:
    """The Traits comma list: the fields it sets, and the traits the rules do not read
    (kept in ``traits``). High Risk on a maneuver is its subtype."""
    fields: dict[str, Any] = {}
    rest: list[str] = []
    for trait in (t.strip() for t in value.split(",")):
        low = " ".join(trait.lower().split())
        if not low:
            continue
        if low in TRAIT_FIELDS and (not kind.superstar or TRAIT_FIELDS[low][0] in STAR_TRAITS):
            key, val = TRAIT_FIELDS[low]
            fields[key] = val
        elif low in ("high risk", "high-risk") and "maneuver" in kind.plays:
            fields["high_risk"] = True
        else:
            rest.append(trait)
    return fields, rest


def number(card: SetCard, key: str, required: bool) -> int:
    """A number property (0 for an empty one, or a missing one that is not ``required``)."""
    raw = card.props.get(key)
    if raw is None:
        if required:
            raise ImportFileError(f"{card.where}: property {key!r} is missing")
        return 0
    text = raw.strip().lower()
    if text in NO_NUMBER and not required:
        return 0
    if not re.fullmatch(r"[+-]?\d{1,3}", text):
        raise ImportFileError(f"{card.where}: property {key!r}: {raw!r} is not a whole number")
    return int(text)


def draft_card(card: SetCard) -> Draft:
    """A set card as a draft of our schema (ImportFileError for what cannot be read)."""
    if "CardType" not in card.props:
        raise ImportFileError(f"{card.where}: property 'CardType' is missing")
    kind = read_card_type(card.props["CardType"], card.where)
    if not kind.plays and not kind.superstar and not kind.prematch_kind:
        raise ImportFileError(f"{card.where}: property 'CardType' is empty")
    fields, rest = read_traits(card.props.get("Traits", ""), kind)
    text = card.props.get("Card Text", "")
    entry: dict[str, Any] = {"id": card_id(card.name, card.set_name), "name": card.name}
    if kind.superstar:
        entry |= _superstar_fields(card)
    elif kind.prematch_kind:  # its lasting effect is in its text, read by nothing yet
        entry |= {"type": "prematch", "prematch_kind": kind.prematch_kind, "prematch": {}}
    else:
        entry |= _played_fields(card, kind, fields.pop("high_risk", False))
    entry |= fields
    if rest:
        entry["traits"] = rest
    if text:
        entry["text"] = text
    if re.fullmatch(r"[0-9a-f-]{1,64}", card.guid.lower()):
        entry["octgn_id"] = card.guid.lower()
    draft = Draft(card, entry, logo=" ".join(card.props.get("SS Logos", "").split()))
    _read_sentences(draft, kind, text)
    return draft


def _superstar_fields(card: SetCard) -> dict[str, Any]:
    return {
        "type": "superstar",
        "hand_size": number(card, "Hand Size", True),
        "superstar_value": number(card, "SSV", True),
        "ability": "none",
    }


def _played_fields(card: SetCard, kind: CardType, high_risk: bool) -> dict[str, Any]:
    subtypes = list(kind.subtypes)
    if high_risk and "high_risk" not in subtypes:
        subtypes.append("high_risk")
    out: dict[str, Any] = {
        "type": "midmatch" if kind.midmatch else "arsenal",
        "plays_as": list(kind.plays),
    }
    if subtypes:
        out["subtypes"] = subtypes
    out["fortitude"] = number(card, "Fortitude", True)
    damage = card.props.get("Damage")
    if damage is not None and damage.strip() == "#" and "reversal" in kind.plays:
        out["damage"], out["damage_as_reversed"] = 0, True
    else:
        out["damage"] = number(card, "Damage", "maneuver" in kind.plays)
    out["stun"] = number(card, "Stun", False)
    if "reversal" in kind.plays and not kind.special:
        out["reverses"] = {"types": list(kind.reverses_types or ("maneuver",))}
        if kind.reverses_subtypes:
            out["reverses"]["subtypes"] = list(kind.reverses_subtypes)
    return out


def _read_sentences(draft: Draft, kind: CardType, text: str) -> None:
    """Apply each sentence of the card's text to its entry, whole or not at all (a Pre-match
    card's lasting effects are not read: every sentence is reported)."""
    for sentence, pieces in read_text(text).sentences:
        if kind.prematch_kind:
            draft.unenforced.append(sentence)
            continue
        trial = copy.deepcopy(draft.entry)
        names: list[tuple[str, str, str]] = []
        said = Said(names, sentence)
        if pieces is not None and all(_apply(trial, kind, p, said) for p in pieces):
            draft.entry = trial
            draft.after_names += names
            draft.enforced += 1
        else:
            draft.unenforced.append(sentence)
    if kind.superstar or "reversal" not in kind.plays or "reverses" in draft.entry:
        return
    draft.entry["reverses"] = {"types": []}  # reverses nothing: its text says what, unread
    if not text:
        draft.unenforced.append("(Reversal: Special, with no text saying what it reverses)")


@dataclass(frozen=True)
class Said:
    """Where a piece was read: the sentence, and the card names it leaves to resolve once
    every card is known (field, name, sentence), added to as pieces apply."""

    names: list[tuple[str, str, str]]
    sentence: str

    def later(self, field: str, name: str) -> None:
        """A card ``name`` for ``field``, to resolve once every card is read."""
        self.names.append((field, name, self.sentence))


Apply = Callable[[dict[str, Any], CardType, Piece, Said], bool]


def _apply(
    entry: dict[str, Any],
    kind: CardType,
    piece: Piece,
    said: Said,
) -> bool:
    """Apply one piece of a sentence to ``entry``; False when this card cannot enforce it."""
    how = APPLY.get(piece.kind)
    return how is not None and how(entry, kind, piece, said)


def _effect(
    entry: dict[str, Any],
    kind: CardType,
    piece: Piece,
    said: Said,
) -> bool:
    """An effect: ``effects`` of a maneuver or action, ``reversal_effects`` of a reversal
    (no turn effect, RD-5.3); one said of a type (``As an action, …``) in that type's
    ``effects_as`` (RD-3.7); not on a hybrid that is also a reversal unless the type is said
    (which way it works is unsaid)."""
    if kind.superstar:
        return False
    if "title_name" in piece.data:  # a search (RD-7.17): the title resolved once all are read
        data = dict(piece.data)
        data["title"] = SOUGHT + data.pop("title_name")
        said.later("search", data["title"])
        piece = Piece(piece.kind, data, piece.play_as)
    try:
        effect = EFFECT.validate_python(piece.data)
    except ValidationError:
        return False
    if piece.play_as:
        return _effect_as(entry, kind, piece)
    if "reversal" in kind.plays and len(kind.plays) > 1:
        return False
    if kind.plays == ("reversal",):
        if not_for_reversals((effect,)):
            return False
        entry.setdefault("reversal_effects", []).append(piece.data)
    else:
        entry.setdefault("effects", []).append(piece.data)
    return True


def _effect_as(entry: dict[str, Any], kind: CardType, piece: Piece) -> bool:
    """RD-3.7: an effect of one type the card is played as: in ``effects_as`` of a hybrid,
    in ``effects`` of a card of that type only; not enforced on a card not played so."""
    if piece.play_as not in kind.plays:
        return False
    if piece.play_as == "reversal":
        return _reversal_effect(entry, piece)
    if [p for p in kind.plays if p != "reversal"] == [piece.play_as]:
        entry.setdefault("effects", []).append(piece.data)  # its one way of being played
    else:
        entry.setdefault("effects_as", {}).setdefault(piece.play_as, []).append(piece.data)
    return True


def _reversal_effect(entry: dict[str, Any], piece: Piece) -> bool:
    """An effect said ``As a reversal``: in ``reversal_effects``, unless it is a turn's."""
    if not_for_reversals((EFFECT.validate_python(piece.data),)):
        return False
    entry.setdefault("reversal_effects", []).append(piece.data)
    return True


def _reverses(
    entry: dict[str, Any],
    kind: CardType,
    piece: Piece,
    said: Said,
) -> bool:
    """What a reversal reverses (its text is more precise than its CardType)."""
    if "reversal" not in kind.plays:
        return False
    data = dict(piece.data)
    rev: dict[str, Any] = {"types": list(data.pop("types"))}
    subs = data.pop("subtypes")
    if subs:
        rev["subtypes"] = list(subs)
    elif kind.reverses_subtypes and rev["types"] == ["maneuver"]:
        rev["subtypes"] = list(kind.reverses_subtypes)
    _name_later(data, "reverses", said)
    entry["reverses"] = rev | data
    return True


def _name_later(data: dict[str, Any], field: str, said: Said) -> None:
    """Take a card named in ``data`` out of it, to be resolved into ``field`` once every card
    is read."""
    name = data.pop("after_name", None)
    if name is not None:
        said.later(field, name)
    title = data.pop("title_name", None)
    if title is not None:
        said.later(f"{field}.titles", title)


def _requires(
    entry: dict[str, Any],
    kind: CardType,
    piece: Piece,
    said: Said,
) -> bool:
    """A condition for playing the card (after a card named: resolved once all are read)."""
    if kind.superstar or set(piece.data) - REQUIRES:
        return False
    data = dict(piece.data)
    _name_later(data, "requires", said)
    entry["requires"] = entry.get("requires", {}) | data
    return True


def _ability(entry: dict[str, Any], kind: CardType, piece: Piece, *_: Any) -> bool:
    """A Superstar's ability; a second one makes a list (RD-3.8), unless the two cannot go
    together (two used with ``ability``, two ways of one thing): then it is not enforced."""
    if not kind.superstar:
        return False
    had = entry.get("ability", "none")
    names = (*([] if had == "none" else [had] if isinstance(had, str) else had),)
    names += (piece.data["ability"],)
    if abilities_problem(names):
        return False
    entry["ability"] = names[0] if len(names) == 1 else list(names)
    return True


def _carry(entry: dict[str, Any], kind: CardType, piece: Piece, *_: Any) -> bool:
    """RD-6.4 said on the card: a Set-up reversal's next turn starts as if after this card
    (named by its own title), with the set-up bonus its ``effects`` hold."""
    if not entry.get("setup") or "reversal" not in kind.plays:
        return False
    if "title_name" in piece.data:
        return bool(piece.data["title_name"] == entry["name"].lower())
    return piece.data["bonus"] in entry.get("effects", [])


def _stat(
    entry: dict[str, Any],
    kind: CardType,
    piece: Piece,
    said: Said,
) -> bool:
    """RD-5.9 ``reversal_bonus`` of a maneuver, RD-6.7 ``after_bonus`` (a damage bonus for a
    maneuver; a Fortitude cut for any card played as a maneuver or an action)."""
    data = dict(piece.data)
    bonus = dict(data.pop("after_bonus", {}))
    damages = "reversal_bonus" in data or "ring_bonus" in data or bonus.get("damage")
    if kind.superstar or (damages and "maneuver" not in kind.plays):
        return False
    if not bonus.get("damage") and not {"maneuver", "action"} & set(kind.plays):
        return False
    if bonus and "after_bonus" in entry:  # one bonus a card (RD-6.7): the second reported
        return False
    if bonus:
        _name_later(bonus, "after_bonus", said)
        data["after_bonus"] = bonus
    entry.update(data)
    return True


def _star(
    entry: dict[str, Any],
    kind: CardType,
    piece: Piece,
    said: Said,
) -> bool:
    """RD-3.14, RD-1.9: a Superstar's rule about cards named by title (names kept as printed
    in the sentence; a title no imported card has is kept: such a card may come later)."""
    if not kind.superstar:
        return False
    data = dict(piece.data)
    if "card_rule" not in data:
        ((key, name),) = data.items()
        entry.setdefault(key, []).append(_as_printed(said.sentence, name))
        return True
    rule = dict(data["card_rule"])
    rule["title"] = _as_printed(said.sentence, rule["title"])
    effects = []
    for e in rule.get("effects", []):
        if "title_name" in e:
            e = {k: v for k, v in e.items() if k != "title_name"} | {
                "title": SOUGHT + e["title_name"]
            }
            said.later("search", e["title"])
        effects.append(e)
    rule["effects"] = effects
    try:
        CARD_RULE.validate_python(rule)
    except ValidationError:
        return False
    entry.setdefault("card_rules", []).append({k: v for k, v in rule.items() if v})
    return True


def _as_printed(sentence: str, name: str) -> str:
    """A name the grammar read in lower case, as the sentence prints it."""
    found = re.search(re.escape(name), sentence, re.IGNORECASE)
    return found.group(0) if found else name


def _note(entry: dict[str, Any], kind: CardType, piece: Piece, *_: Any) -> bool:
    """A sentence that says what the rules do anyway: an action deals no damage (RD-3.3); a
    reversal ends the turn (RD-5.3); a reversal of no printed damage whose text says "#" is
    the reversed maneuver's damage is a "#D" reversal (RD-5.8)."""
    if piece.data.get("as_reversed"):  # the "#" may be in the text alone
        if "reversal" not in kind.plays or entry.get("damage"):
            return False
        entry["damage_as_reversed"] = True
        return True
    return ("reversal" if piece.data.get("reversal") else "action") in kind.plays


def _unreversible(entry: dict[str, Any], kind: CardType, *_: Any) -> bool:
    if kind.superstar:
        return False
    entry["cannot_be_reversed"] = True
    return True


APPLY: dict[str, Apply] = {
    "effect": _effect,
    "reverses": _reverses,
    "requires": _requires,
    "ability": _ability,
    "unreversible": _unreversible,
    "note": _note,
    "carry": _carry,
    "stat": _stat,
    "star": _star,
}


def resolve(drafts: list[Draft]) -> list[tuple[Draft, str]]:
    """Second pass, with every card known: card names in conditions become ids (a name of
    no played card leaves its sentence not enforced), and each Superstar logo its
    Superstar's id. Returns the drafts whose logo names no Superstar, with the problem."""
    ordered = sorted(drafts, key=_order)
    played = {
        title_key(d.source.name): d.entry["id"] for d in ordered if d.entry["type"] == "arsenal"
    }
    stars: dict[str, str] = {}
    for d in ordered:
        if d.entry["type"] == "superstar":
            for key in filter(None, (d.logo.lower(), d.source.name.lower())):
                stars.setdefault(key, d.entry["id"])
    bad = []
    for d in drafts:
        _resolve_names(d, played)
        if d.entry["type"] == "superstar" or not d.logo:
            continue
        star = _logo_star(d.logo, stars)
        if star is None:
            why = (
                f"{d.source.where}: property 'SS Logos' {d.logo!r} names no Superstar of the "
                "imported sets (import that Superstar's set too)"
            )
            bad.append((d, why))
        else:
            d.entry["superstar"] = star
    return bad


def _logo_star(logo: str, stars: dict[str, str]) -> str | None:
    """The Superstar a logo names: ``SS Logos`` may list a Superstar's other names
    (``Mankind, Cactus Jack, Dude Love``); the first that names an imported Superstar."""
    names = (n.strip().lower() for n in logo.split(","))
    return next((stars[n] for n in names if n in stars), None)


def _resolve_search(d: Draft, sought: str, target: str | None) -> None:
    """An effect's title as an id (``search``, RD-7.17; ``opp_discard_all``, RD-7.27); with
    no such card, the effect is taken out."""
    for where, key in _effect_lists(d.entry):
        effects = where[key]
        for e in [e for e in effects if e.get("title") == sought]:
            if target is None:
                effects.remove(e)
            else:
                e["title"] = target
        if not effects:
            del where[key]
    if d.entry.get("effects_as") == {}:
        del d.entry["effects_as"]


def _effect_lists(entry: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Every list of effects of a card entry, as the mapping that holds it and its key (a
    Superstar's card rules too, RD-3.14)."""
    out = [(entry, k) for k in ("effects", "reversal_effects") if k in entry]
    held = entry.get("effects_as", {})
    rules = [(r, "effects") for r in entry.get("card_rules", []) if "effects" in r]
    return out + [(held, k) for k in list(held)] + rules


def _order(d: Draft) -> tuple[str, str]:
    return d.source.set_name.lower(), d.entry["id"]


def _resolve_names(d: Draft, played: dict[str, str]) -> None:
    """The card names of a draft's conditions as ids."""
    for where, name, sentence in d.after_names:
        target = played.get(title_key(name.removeprefix(SOUGHT)))
        if where == "search":
            _resolve_search(d, name, target)
            if target is None:
                _not_enforced(d, sentence)
            continue
        if target is not None and where.endswith(".titles"):
            d.entry["reverses"].setdefault("titles", []).append(target)
            continue
        if target is not None:
            d.entry[where]["after"] = target
            continue
        where = where.removesuffix(".titles")
        d.entry[where].pop("after", None)
        if where == "requires" and not d.entry[where]:
            del d.entry[where]
        if where == "reverses":
            d.entry[where] = {"types": []}
        if where == "after_bonus":
            del d.entry[where]
        _not_enforced(d, sentence)


def _not_enforced(d: Draft, sentence: str) -> None:
    """A sentence found not enforced once every card is known."""
    if sentence not in d.unenforced:
        d.unenforced.append(sentence)
        d.enforced -= 1
