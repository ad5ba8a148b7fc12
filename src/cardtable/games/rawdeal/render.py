"""Drawing a Raw Deal observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import N_, Lang, Translate
from cardtable.core.presentation import Presentation

from .cards import RawDealCard
from .match import DRAW, NO_WINNER, TEAMS
from .text import Words, card_sentences, stat_words, type_line, words

if TYPE_CHECKING:
    from .game import RawDealGame

COLOR = {"maneuver": "yellow", "action": "blue", "reversal": "red"}


def _style(c: RawDealCard) -> str:
    """The colour of a card's name: by the first type it is played as."""
    if c.type in ("superstar", "enforcer"):
        return "magenta"
    return COLOR[c.plays_as[0]] if c.plays_as else "purple"


def _names(g: RawDealGame, zone: Any, _: Translate, lang: Lang) -> str:
    if isinstance(zone, int):
        return _("{n} cards", n=zone)
    names = (escape(g.card_name(c, lang) or c) for c in zone)
    return ("、" if lang == "ja" else ", ").join(names) or "-"


def _status(obs: dict[str, Any], p: int, _: Translate) -> str:
    """' [out]' for a player out of the match; in a tag team match ' [in the ring]' or
    ' [on the apron]'."""
    if p in obs["eliminated"]:
        out = _("out")
        return f" [red]\\[{out}][/]"
    if obs["active"] is None:
        return ""
    if p in obs["active"]:
        ring = _("in the ring")
        return f" [green]\\[{ring}][/]"
    apron = _("on the apron")
    return f" [dim]\\[{apron}][/]"


PHASE_WORDS = {
    "pre-match": N_("pre-match"),
    "main": N_("main"),
    "reversal window": N_("reversal window"),
    "stun draw": N_("stun draw"),
    "bury": N_("bury"),
    "over": N_("over"),
    "target": N_("target"),
    "may": N_("may"),
    "discard": N_("discard"),
    "retrieve": N_("retrieve"),
    "recover": N_("recover"),
}
"""The phases of the observation (match.PHASES) in words."""


def phase_word(_: Translate, phase: str) -> str:
    """The observation's phase in the language of ``_``."""
    return _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase


def as_word(_: Translate, as_type: str) -> str:
    """What a card is played as: maneuver, action or reversal (RD-3.1)."""
    words = {"maneuver": _("maneuver"), "action": _("action"), "reversal": _("reversal")}
    return words.get(as_type, as_type)


class RawDealDrawing(Presentation):
    """The Raw Deal table and card lines, with rich markup (a part of its Presentation)."""

    game: RawDealGame

    def card_text(self, card_id: str, lang: Lang = "en") -> list[str]:
        """The card's rules text in ``lang``, one sentence per ability, trait, requirement
        and effect (text.py); a reversal's sentences follow the ``overturned_text`` option
        (RD-5.7)."""
        return card_sentences(self._words(lang), self.game.card_pool.get(card_id))

    def describe_card(self, card_id: str, lang: Lang = "en") -> str:
        """One line: the name, the type, Face or Heel, the brand and the printed numbers
        (Hand Size and Superstar Value, or Fortitude, Damage and Stun Value), the rules
        text and the flavour text."""
        c = self.game.card_pool.get(card_id)
        w = self._words(lang)
        stats = " · ".join([type_line(w._, c), *stat_words(w._, c)])
        rules = ("" if lang == "ja" else " ").join(card_sentences(w, c))
        flavour = self.flavour_text(card_id, lang)
        name = escape(self.game.card_name(card_id, lang) or card_id)
        return (
            f"[bold {_style(c)}]{name}[/] ({escape(stats)})"
            + (f" {escape(rules)}" if rules else "")
            + (f" [dim]{escape(flavour)}[/]" if flavour else "")
        )

    def _words(self, lang: Lang) -> Words:
        return words(
            lambda cid, lg: self.game.card_name(cid, lg) or cid,
            lang,
            self.game.options.overturned_text == "official",
        )

    def render(self, obs: dict[str, Any], lang: Lang = "en") -> str:
        """Every Superstar (out of the match, or in the ring in a tag team match), Fortitude,
        Arsenal sizes, Rings, Ringside, the card being played and its target, and the viewer's
        hand and Backlash deck."""
        _ = self.translator(lang)
        turn = _("Turn {turn}", turn=obs["turn"])
        to_play = _("P{player} to play", player=obs["turn_player"])
        lines = [f"[bold]{turn}[/] · {to_play} · {phase_word(_, obs['phase'])}"]
        active = obs["active"]
        if active is not None:
            lines.append(
                " "
                + _(
                    "Tag team match: P0 & P2 (team 0) against P1 & P3 (team 1); "
                    "in the ring: P{a} and P{b}",
                    a=active[0],
                    b=active[1],
                )
            )
        for p in range(obs["num_players"]):
            lines += self._player_lines(obs, p, _, lang)
        if obs["playing"]:
            lines.append(self._playing_line(obs["playing"], _, lang))
        me = obs["player"]
        if me is not None:
            for key, title in (("hand", _("Your hand:")), ("backlash", _("Your Backlash deck:"))):
                cards = obs["zones"][f"p{me}.{key}"]
                if cards:
                    lines.append(f" {title}")
                    lines += [f"   {self.describe_card(c, lang)}" for c in sorted(set(cards))]
        if obs["winner"] is not None:
            lines.append(f"[bold green]{_game_over(obs['winner'], _)}[/]")
        return "\n".join(lines)

    def _player_lines(self, obs: dict[str, Any], p: int, _: Translate, lang: Lang) -> list[str]:
        """A player's Superstar, numbers, Ring and Pre-match cards."""
        g = self.game
        z = obs["zones"]
        star = escape(g.card_name(obs["superstars"][p], lang) or "")
        you = _(" (you)") if p == obs["player"] else ""
        hand = z[f"p{p}.hand"]
        numbers = " · ".join(
            [
                _("value {n}", n=obs["superstar_values"][p]),
                _("Fortitude [bold]{n}[/]", n=obs["fortitude"][p]),
                _("Arsenal {n}", n=z[f"p{p}.arsenal"]),
                _("hand {n}", n=len(hand) if isinstance(hand, list) else hand),
                _("Ringside {n}", n=len(z[f"p{p}.ringside"])),
            ]
        )
        lines = [f" [bold magenta]P{p}{you} {star}[/]{_status(obs, p, _)} {numbers}"]
        lines.append("   " + _("Ring: {cards}", cards=_names(g, z[f"p{p}.ring"], _, lang)))
        if z[f"p{p}.prematch"]:
            cards = _names(g, z[f"p{p}.prematch"], _, lang)
            lines.append("   " + _("Pre-match: {cards}", cards=cards))
        seen = obs.get("seen_hands", {}).get(str(p))
        if seen:  # RD-7.26: cards of this hand the viewer knows
            lines.append("   " + _("In hand, seen: {cards}", cards=_names(g, seen, _, lang)))
        return lines

    def _playing_line(self, playing: dict[str, Any], _: Translate, lang: Lang) -> str:
        """The card being played, what as, its target and damage."""
        card = escape(self.game.card_name(playing["card"], lang) or "")
        what = as_word(_, playing["as"])
        if playing["target"] is not None:
            text = _(
                "{card} as {type} at P{target}, {damage}D",
                card=card,
                type=what,
                target=playing["target"],
                damage=playing["damage"],
            )
        else:
            text = _("{card} as {type} (choosing its target)", card=card, type=what)
        multi = _(" (Multi: needs 2 reversals)") if playing["reversals_needed"] > 1 else ""
        title = _("Being played:")
        return f" [bold]{title}[/] {text}{multi}"


def _game_over(winner: int | str, _: Translate) -> str:
    """The last line of a finished match: who won (a player or a tag team), or none."""
    if isinstance(winner, int):
        return _("Game over: P{player} wins", player=winner)
    if winner in TEAMS:
        return _("Game over: team {team} wins", team=TEAMS.index(winner))
    if winner == NO_WINNER[DRAW]:
        return _("Game over: draw")
    return _("Game over: both lose")
