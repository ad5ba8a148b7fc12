"""Drawing a wheelchair rugby observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from rich.markup import escape

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation

from .cards import STATUSES, RugbyCard, When
from .lineup import LIMIT_HALVES, allowance_halves
from .zones import SLOTS

if TYPE_CHECKING:
    from .game import RugbyGame


def _marks(c: RugbyCard) -> str:
    return ("F" if c.female else "") + ("+" if c.over_age else "")


def effect_text(e: BaseModel) -> str:
    """A short text for one effect, e.g. 'TOP +2' or 'opponents' chair -1'."""
    do = str(getattr(e, "do"))  # noqa: B009
    amount = getattr(e, "amount", 0)
    who = getattr(e, "who", "self")
    whom = "" if who == "self" else f"{who}' " if who == "opponents" else "team "
    if do == "top":
        return f"TOP +{amount}"
    if do == "opp_top":
        return f"opponent TOP {amount}"
    if do == "status":
        return f"{whom}{getattr(e, 'stat')} {amount:+d}"  # noqa: B009
    if do in ("atk", "def"):
        return f"{whom}{do.upper()} {amount:+d}"
    if do == "draw":
        return f"draw {amount}"
    return do.replace("_", " ")


def _when(w: When | None) -> str:
    return f"if {w.status} {w.min}+: " if w is not None else ""


def _effects(when: When | None, effects: tuple[BaseModel, ...]) -> str:
    return _when(when) + ", ".join(effect_text(e) for e in effects)


def _player(g: RugbyGame, cid: str, sideways: bool, mods: dict[str, int]) -> str:
    c = g.card_pool.get(cid)
    assert c.statuses is not None
    atk, dfn = (c.def_atk, c.def_def) if sideways else (c.atk, c.def_)
    st = " ".join(f"{s[:2].title()}{getattr(c.statuses, s) + mods.get(s, 0)}" for s in STATUSES)
    pos = " [reverse]sideways[/]" if sideways else ""
    return (
        f"[bold cyan]{escape(c.name)}[/] [yellow]{c.player_class}{_marks(c)}[/] {st} ATK "
        f"{(atk or 0) + mods.get('atk', 0)} DEF {(dfn or 0) + mods.get('def', 0)}{pos}"
    )


def _class_points(g: RugbyGame, obs: dict[str, Any], team: int) -> tuple[float, float]:
    """Class total and limit of the court, or of the lineup when the viewer may see it."""
    z = obs["zones"]
    index = g.card_pool.index
    defs = []
    for s in range(1, SLOTS + 1):
        for key in (f"t{team}.court.{s}", f"t{team}.lineup.{s}"):
            if isinstance(z[key], list) and z[key]:
                defs.append(index[z[key][0]])
    t = g.tables
    rule = g.options.female_allowance
    limit = LIMIT_HALVES + sum(allowance_halves(t, d, rule) for d in defs)
    return sum(t.halves[d] for d in defs) / 2, limit / 2


def _slot(g: RugbyGame, obs: dict[str, Any], t: int, s: int) -> str:
    """One court place: the player (or face down), sideways, and the position it fills."""
    z = obs["zones"]
    team = obs["teams"][t]
    roles = [r for r in ("inbounder", "target") if team[r] == s]
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
    return who + role


class RugbyDrawing(Presentation):
    """The wheelchair rugby table and card lines, with rich markup (a part of its Presentation)."""

    game: RugbyGame

    def describe_card(self, card_id: str, lang: Lang = "en") -> str:
        """One line: name, class and marks, statuses, ATK/DEF, skills; or a card's effects."""
        c = self.game.card_pool.get(card_id)
        if c.type != "player":
            extra = _effects(c.when, c.effects)
            what = (
                "activates a skill" + (f"; {extra}" if extra else "")
                if c.type == "special"
                else extra
            )
            return f"[bold magenta]{escape(c.name)}[/] [dim]({c.type})[/] {escape(what)}"
        assert c.statuses is not None
        st = " ".join(f"{s[:2].title()}{getattr(c.statuses, s)}" for s in STATUSES)
        skills = "; ".join(f"{k.name} ({_effects(k.when, k.effects)})" for k in c.skills)
        marks = _marks(c)
        return (
            f"[bold cyan]{escape(c.name)}[/] [yellow]{c.player_class}{marks}[/] {st} ATK "
            f"{c.atk}/DEF {c.def_} (sideways {c.def_atk}/{c.def_def}) [dim]skills: "
            f"{escape(skills)}[/]"
        )

    def render(self, obs: dict[str, Any]) -> str:
        """Both courts with classes and allowance, statuses, TOP, the score sheet, the hand."""
        g = self.game
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
                f"[bold]{obs['totals'][t]}[/] · TOP {obs['top'][t]} · ATK {obs['atk'][t]} DEF "
                f"{obs['def'][t]}"
            )
        for t in (0, 1):
            team = obs["teams"][t]
            total, limit = _class_points(g, obs, t)
            lines.append(
                f" [bold]T{t} court[/] class {total:.1f} / limit {limit:.1f} "
                f"({g.options.female_allowance} allowance) · specials used "
                f"{team['specials_used']}/2"
                + (" · skills blocked" if team["skills_blocked"] else "")
                + (" · substituted" if team["substituted"] else "")
            )
            for s in range(1, SLOTS + 1):
                lines.append(f"   {s}. {_slot(g, obs, t, s)}")
        for t in (0, 1):
            for zone in ("pool", "hand"):
                cards = z[f"t{t}.{zone}"]
                if isinstance(cards, list) and cards:
                    title = "deck to pick the lineup from" if zone == "pool" else "hand"
                    lines.append(f" T{t} {title}:")
                    lines += [f"   {self.describe_card(c)}" for c in sorted(set(cards))]
            hand = z[f"t{t}.hand"]
            count = len(hand) if isinstance(hand, list) else hand
            lines.append(
                f" T{t}: {count} cards in hand · deck {z[f't{t}.deck']} · discard "
                f"{len(z[f't{t}.discard'])}"
            )
        if obs["winner"] is not None:
            w = obs["winner"]
            lines.append(
                "[bold green]Game over: " + ("a draw" if w == "draw" else f"T{w} wins") + "[/]"
            )
        return "\n".join(lines)
