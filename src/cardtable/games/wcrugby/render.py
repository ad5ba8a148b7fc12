"""Drawing a wheelchair rugby observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from .cards import STATUSES, RugbyCard
from .zones import SLOTS

if TYPE_CHECKING:
    from .game import RugbyGame


def _marks(c: RugbyCard) -> str:
    return ("F" if c.female else "") + ("+" if c.over_age else "")


def describe(c: RugbyCard) -> str:
    """One line: name, class and marks, statuses, ATK/DEF, skills; or a card's effects."""
    if c.type != "player":
        return f"[bold magenta]{escape(c.name)}[/] [dim]({c.type})[/] — {escape(c.text)}"
    assert c.statuses is not None
    st = " ".join(f"{s[:2].title()}{getattr(c.statuses, s)}" for s in STATUSES)
    skills = "; ".join(k.name for k in c.skills)
    marks = _marks(c)
    return (
        f"[bold cyan]{escape(c.name)}[/] [yellow]{c.player_class}{marks}[/] {st} "
        f"ATK {c.atk}/DEF {c.def_} (sideways {c.def_atk}/{c.def_def}) [dim]skills: "
        f"{escape(skills)}[/]"
    )


def _player(g: RugbyGame, cid: str, sideways: bool, mods: dict[str, int]) -> str:
    c = g.card_pool.get(cid)
    assert c.statuses is not None
    atk, dfn = (c.def_atk, c.def_def) if sideways else (c.atk, c.def_)
    st = " ".join(f"{s[:2].title()}{getattr(c.statuses, s) + mods.get(s, 0)}" for s in STATUSES)
    pos = " [reverse]sideways[/]" if sideways else ""
    return (
        f"[bold cyan]{escape(c.name)}[/] [yellow]{c.player_class}{_marks(c)}[/] {st} "
        f"ATK {(atk or 0) + mods.get('atk', 0)} DEF {(dfn or 0) + mods.get('def', 0)}{pos}"
    )


def render(g: RugbyGame, obs: dict[str, Any]) -> str:
    """Both courts with classes and allowance, statuses, TOP, the score sheet, the hand."""
    z = obs["zones"]
    me = obs["player"]
    lines = [
        f"[bold]Period {obs['period']}[/] · {obs['phase']} · first: T{obs['first']}"
        + (" · held ball: order swaps next period" if obs["held_ball"] else "")
    ]
    for t in (0, 1):
        periods = " ".join(str(x) for x in obs["scores"][t]) or "-"
        lines.append(
            f" T{t}{' (you)' if t == me else ''}: score by period {periods} = "
            f"[bold]{obs['totals'][t]}[/] · TOP {obs['top'][t]} · ATK {obs['atk'][t]} "
            f"DEF {obs['def'][t]}"
        )
    for t in (0, 1):
        team = obs["teams"][t]
        lines.append(
            f" [bold]T{t} court[/] class {team['class_total']:.1f} / limit "
            f"{team['class_limit']:.1f} · specials used {team['specials_used']}/2"
            + (" · skills blocked" if team["skills_blocked"] else "")
            + (" · substituted" if team["substituted"] else "")
        )
        for s in range(1, SLOTS + 1):
            roles = []
            if team["inbounder"] == s:
                roles.append("inbounder")
            if team["target"] == s:
                roles.append("target")
            role = f" [green]{'/'.join(roles)}[/]" if roles else ""
            court, lineup = z[f"t{t}.court.{s}"], z[f"t{t}.lineup.{s}"]
            side = s in team["sideways"]
            if court:
                who = _player(g, court[0], side, team["modifiers"].get(str(s), {}))
            elif isinstance(lineup, list) and lineup:
                who = "(face down) " + _player(g, lineup[0], side, {})
            elif lineup:
                who = "[dim]face down[/]" + (" sideways" if side else "")
            else:
                who = "[dim]empty[/]"
            lines.append(f"   {s}. {who}{role}")
    for t in (0, 1):
        hand = z[f"t{t}.hand"]
        shown = (
            ", ".join(escape(g.card_pool.get(c).name) for c in hand)
            if isinstance(hand, list)
            else f"{hand} cards"
        )
        lines.append(
            f" T{t} hand: {shown or '(empty)'} · deck {z[f't{t}.deck']} · "
            f"discard {len(z[f't{t}.discard'])}"
        )
    if obs["winner"] is not None:
        w = obs["winner"]
        lines.append(
            "[bold green]Game over: " + ("a draw" if w == "draw" else f"T{w} wins") + "[/]"
        )
    return "\n".join(lines)
