"""Drawing a Shaman King observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation

from .cards import ZONES, Cost, SKCard, character_of

if TYPE_CHECKING:
    from .game import SKGame

STYLE = {"green": "bold green", "yellow": "bold yellow", "red": "bold red"}


def cost_text(c: Cost | None) -> str:
    """'1G 1R' style cost."""
    if c is None:
        return "-"
    parts = [
        f"{n}{z[0].upper()}"
        for z, n in (("green", c.green), ("yellow", c.yellow), ("red", c.red))
        if n
    ]
    return " ".join(parts) or "free"


def _teamwork(c: SKCard) -> str:
    """A Teamwork card in place, and the character whose zone it makes of its zone (SK-5.7)."""
    return f"{escape(c.name)} ({escape(character_of(c))}'s zone)"


class SKDrawing(Presentation):
    """The Shaman King table and card lines, with rich markup (a part of its Presentation)."""

    game: SKGame

    def render(self, obs: dict[str, Any], lang: Lang = "en") -> str:
        """Both players' zones with furyoku, charges, teamwork and play areas, the incoming attack,
        the points and the discard piles."""
        g = self.game
        if obs["phase"] == "opening choice":
            head = (
                f"[bold]Before the match[/] · P{obs['current_player']} chooses who sends the "
                "Opening Attack (Force 4)"
            )
        else:
            head = (
                f"[bold]Turn {obs['turn']}[/] · P{obs['defender']} defends in {obs['zone']} "
                f"against Force [bold]{obs['incoming_force']}[/] ({escape(str(obs['attack']))})"
            )
        lines = [f"{head} · points {obs['points'][0]}-{obs['points'][1]}"]
        for p in (0, 1):
            lines += _player_lines(g, obs, p)
        if obs["flipped"]:
            lines.append(f" [bold]Flipped:[/] {self.describe_card(obs['flipped'])}")
        if obs["winner"] is not None:
            w = obs["winner"]
            lines.append(
                "[bold green]Game over: " + ("a draw" if w == "draw" else f"P{w} wins") + "[/]"
            )
        return "\n".join(lines)


def _player_lines(g: SKGame, obs: dict[str, Any], p: int) -> list[str]:
    """Player ``p``'s lines: their Shaman's side shown, deck and discard pile, then per zone
    furyoku, charge, Teamwork and play area, and their advantages."""
    z = obs["zones"]
    shaman = g.card_pool.get(z[f"p{p}.shaman"][0])
    side = obs["shaman_side"][p]
    face = shaman.front if side == "front" else shaman.back
    assert face is not None
    you = " (you)" if p == obs["player"] else ""
    lines = [
        f" [bold magenta]P{p}{you} {escape(face.name)}[/] · Signature "
        f"{escape(face.signature.name)} {face.signature.intercept}/{face.signature.force} "
        f"({cost_text(face.signature.cost)}) · deck {z[f'p{p}.deck']} · discard "
        f"{len(z[f'p{p}.discard'])}"
        + (
            f" (top: {escape(g.card_pool.get(z[f'p{p}.discard'][-1]).name)})"
            if z[f"p{p}.discard"]
            else ""
        )
    ]
    for zone in ZONES:
        charged = " [reverse]charged[/]" if zone in obs["charges"][p] else ""
        team = z[f"p{p}.teamwork.{zone}"]
        play = z[f"p{p}.play.{zone}"]
        lines.append(
            f"   [{STYLE[zone]}]{zone:6}[/] furyoku {z[f'p{p}.furyoku.{zone}']}{charged}"
            + (f" · teamwork {_teamwork(g.card_pool.get(team[0]))}" if team else "")
            + (
                f" · play: {', '.join(escape(g.card_pool.get(c).name) for c in play)}"
                if play
                else ""
            )
        )
    adv = z[f"p{p}.advantage"]
    if adv:
        lines.append(f"   advantages: {', '.join(escape(g.card_pool.get(c).name) for c in adv)}")
    return lines
