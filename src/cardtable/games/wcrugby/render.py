"""Drawing a wheelchair rugby observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation

from .cards import STATUSES, Player, RugbyCard
from .lineup import LIMIT_HALVES, allowance_halves
from .text import card_text, joined, kind_name, player_stats
from .zones import SLOTS

if TYPE_CHECKING:
    from .game import RugbyGame


def _marks(c: RugbyCard) -> str:
    return ("F" if c.female else "") + ("+" if c.over_age else "")


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


def _skills(g: RugbyGame, cid: str) -> str:
    """The player's special skills, one dim line each, in the words of its card text."""
    return "".join(f"\n        [dim]{escape(k)}[/]" for k in card_text(g.card_pool.get(cid), "en"))


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
        mods = team["modifiers"].get(str(s), {})
        return _player(g, court[0], side, mods) + role + _skills(g, court[0])
    if isinstance(lineup, list) and lineup:
        return "(face down) " + _player(g, lineup[0], side, {}) + role + _skills(g, lineup[0])
    if lineup:
        return "[dim]face down[/]" + (" sideways" if side else "") + role
    return "[dim]empty[/]" + role


class RugbyDrawing(Presentation):
    """The wheelchair rugby table and card lines, with rich markup (a part of its Presentation)."""

    game: RugbyGame

    def card_text(self, card_id: str, lang: Lang = "en") -> list[str]:
        """The card's rules text (text.py): a player's skills, or a card's sentences."""
        return card_text(self.game.card_pool.get(card_id), lang)

    def card_line(self, card_id: str, lang: Lang = "en") -> str:
        """One line without flavour text: name, kind, printed stats and rules text."""
        c = self.game.card_pool.get(card_id)
        name = escape(self.game.card_name(card_id, lang) or card_id)
        stats = player_stats(c, lang) if isinstance(c, Player) else []
        rules = escape(joined([*stats, *card_text(c, lang)], lang))
        colour = "bold cyan" if isinstance(c, Player) else "bold magenta"
        return f"[{colour}]{name}[/] [dim]{escape(kind_name(c, lang))}[/] {rules}"

    def describe_card(self, card_id: str, lang: Lang = "en") -> str:
        """One line: name, kind, printed stats (class and marks, statuses, ATK/DEF upright
        and sideways), the rules text, then the flavour text."""
        flavour = self.flavour_text(card_id, lang)
        line = self.card_line(card_id, lang)
        return line + (f" [i]{escape(flavour)}[/i]" if flavour else "")

    def render(self, obs: dict[str, Any], lang: Lang = "en") -> str:
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
                    lines += [f"   {self.card_line(c)}" for c in sorted(set(cards))]
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
