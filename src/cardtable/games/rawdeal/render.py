"""Drawing a Raw Deal observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation

from .cards import RawDealCard
from .text import Words, card_sentences, stat_words, type_line, words

if TYPE_CHECKING:
    from .game import RawDealGame

COLOR = {"maneuver": "yellow", "action": "blue", "reversal": "red"}


def _style(c: RawDealCard) -> str:
    """The colour of a card's name: by the first type it is played as."""
    if c.type in ("superstar", "enforcer"):
        return "magenta"
    return COLOR[c.plays_as[0]] if c.plays_as else "purple"


def _names(g: RawDealGame, zone: Any) -> str:
    if isinstance(zone, int):
        return f"{zone} cards"
    return ", ".join(escape(g.card_pool.get(c).name) for c in zone) or "-"


def _status(obs: dict[str, Any], p: int) -> str:
    """' [out]' for a player out of the match; in a tag team match ' [in the ring]' or
    ' [on the apron]'."""
    if p in obs["eliminated"]:
        return " [red]\\[out][/]"
    if obs["active"] is None:
        return ""
    return " [green]\\[in the ring][/]" if p in obs["active"] else " [dim]\\[on the apron][/]"


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
        g = self.game
        z = obs["zones"]
        me = obs["player"]
        lines = [f"[bold]Turn {obs['turn']}[/] · P{obs['turn_player']} to play · {obs['phase']}"]
        active = obs["active"]
        if active is not None:
            lines.append(
                " Tag team match: P0 & P2 (team 0) against P1 & P3 (team 1); in the ring: "
                f"P{active[0]} and P{active[1]}"
            )
        for p in range(obs["num_players"]):
            star = g.card_pool.get(obs["superstars"][p])
            you = " (you)" if p == me else ""
            status = _status(obs, p)
            lines.append(
                f" [bold magenta]P{p}{you} {escape(star.name)}[/]{status} value "
                f"{obs['superstar_values'][p]} · Fortitude [bold]{obs['fortitude'][p]}[/] · "
                f"Arsenal {z[f'p{p}.arsenal']} · hand "
                f"{len(z[f'p{p}.hand']) if isinstance(z[f'p{p}.hand'], list) else z[f'p{p}.hand']} "
                f"· Ringside {len(z[f'p{p}.ringside'])}"
            )
            lines.append(f"   Ring: {_names(g, z[f'p{p}.ring'])}")
            if z[f"p{p}.prematch"]:
                lines.append(f"   Pre-match: {_names(g, z[f'p{p}.prematch'])}")
        playing = obs["playing"]
        if playing:
            card = g.card_pool.get(playing["card"])
            aim = (
                f" at P{playing['target']}, {playing['damage']}D"
                if playing["target"] is not None
                else " (choosing its target)"
            )
            lines.append(
                f" [bold]Being played:[/] {escape(card.name)} as {playing['as']}{aim}"
                + (" (Multi: needs 2 reversals)" if playing["reversals_needed"] > 1 else "")
            )
        if me is not None:
            for key, title in (("hand", "Your hand"), ("backlash", "Your Backlash deck")):
                cards = z[f"p{me}.{key}"]
                if cards:
                    lines.append(f" {title}:")
                    lines += [f"   {self.describe_card(c)}" for c in sorted(set(cards))]
        if obs["winner"] is not None:
            w = obs["winner"]
            lines.append(
                "[bold green]Game over: "
                + (f"P{w} wins" if isinstance(w, int) else w + (" wins" if "team" in w else ""))
                + "[/]"
            )
        return "\n".join(lines)
