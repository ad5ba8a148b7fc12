"""Drawing a Raw Deal observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation

from .cards import RawDealCard, Requires, Reverses

if TYPE_CHECKING:
    from .game import RawDealGame

COLOR = {"maneuver": "yellow", "action": "blue", "reversal": "red"}


def _reverses(r: Reverses, overturned_text: str) -> str:
    """What a reversal reverses (RD-6), and when its effects apply (RD-5.7)."""
    cond = "/".join(r.subtypes) or "/".join(r.types)
    if r.max_damage is not None:
        cond += f" of {r.max_damage}D or less"
    if r.after:
        cond += f" after {r.after}"
    if r.titles:
        cond = " or ".join(r.titles)
    if r.alignment:
        cond = f"{r.alignment} {cond}"
    if r.from_hand:
        cond += " played from the hand"
    if r.ring_at_least:
        cond += f" while the opponent has {r.ring_at_least}+ {r.alignment} cards in the Ring"
    where = ""
    if r.hand_only:
        where = " (from hand only)"
    elif r.overturned_only:
        where = " (only when overturned, then " + (
            "it only stops the damage: its effects never apply)"
            if overturned_text == "seed"
            else "its effects apply)"
        )
    elif r.effects_when_overturned and overturned_text == "official":
        where = " (its effects apply also when overturned)"
    return f"reverses {cond}{where}"


def _needs(q: Requires) -> str:
    """What a card needs before it may be played."""
    need = [
        f"after {q.after}" if q.after else "",
        f"after {q.after_damage}D+" if q.after_damage else "",
        "your F above the opponent's" if q.fortitude_over_opponent else "",
    ]
    return "needs " + ", ".join(n for n in need if n)


def _traits(c: RawDealCard) -> list[str]:
    """A card's traits, alignment, brand and Superstar, as words."""
    traits = [k for k in ("unique", "setup", "follow_up", "multi", "active") if getattr(c, k)]
    traits += [v for v in (c.alignment, c.brand, c.superstar and f"only {c.superstar}") if v]
    if c.cannot_be_reversed:
        traits.append("cannot be reversed")
    return traits


def _effect(e: Any) -> str:
    amount = getattr(e, "amount", "")
    sub = getattr(e, "subtype", None)
    return {
        "draw": f"draw {amount}",
        "opp_discard": f"opponent discards {amount}",
        "next_bonus": f"next {sub or 'maneuver'} +{amount}D",
        "next_reversal_cost": f"reversals to your next maneuver +{amount}F",
        "overturn_self": f"you overturn {amount}",
        "recover": f"{amount} Ringside card(s) under your Arsenal",
        "end_turn": "ends your turn",
        "pin_opponent": "your opponent is pinned",
    }[e.do]


def _prematch(c: RawDealCard) -> str:
    p = c.prematch
    if p is None:
        return ""
    out = []
    if p.damage_bonus:
        out.append(f"your {p.subtype or 'maneuvers'} +{p.damage_bonus}D")
    if p.fortitude:
        out.append(f"+{p.fortitude} Fortitude")
    if p.draw:
        out.append(f"draw {p.draw}")
    if p.opp_damage_reduction:
        out.append(f"damage to you -{p.opp_damage_reduction}")
    return ", ".join(out)


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

    def describe_card(self, card_id: str, lang: Lang = "en") -> str:
        """One line: name, types, F/D/SV, conditions, effects and traits; ``overturned_text``
        is the option that says whether a reversal's effects may apply when overturned
        (RD-5.7)."""
        c = self.game.card_pool.get(card_id)
        overturned_text = self.game.options.overturned_text
        name = escape(c.name)
        if c.type in ("superstar", "enforcer"):
            return (
                f"[bold magenta]{name}[/] ({c.type}) hand {c.hand_size}, value "
                f"{c.superstar_value}" + (f", ability {c.ability}" if c.ability else "")
            )
        if c.type == "prematch":
            return f"[bold purple]{name}[/] (pre-match {c.prematch_kind}) {escape(_prematch(c))}"
        style = COLOR[c.plays_as[0]]
        types = "/".join(c.plays_as) + (f" ({', '.join(c.subtypes)})" if c.subtypes else "")
        damage = "#" if c.damage_as_reversed else c.damage
        bits = [f"{c.fortitude}F/{damage}D" + (f" SV{c.stun}" if c.stun else "")]
        if c.reverses:
            bits.append(_reverses(c.reverses, overturned_text))
        if c.requires:
            bits.append(_needs(c.requires))
        effects = [_effect(e) for e in c.effects]
        if effects:
            bits.append("; ".join(effects))
        if c.reversal_effects:
            bits.append("when it reverses: " + "; ".join(_effect(e) for e in c.reversal_effects))
        traits = _traits(c)
        mid = "mid-match " if c.type == "midmatch" else ""
        return f"[bold {style}]{name}[/] ({mid}{types}) {escape(' · '.join(bits))}" + (
            f" [dim]{escape(', '.join(traits))}[/]" if traits else ""
        )

    def render(self, obs: dict[str, Any]) -> str:
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
