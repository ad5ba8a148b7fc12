"""Drawing a wheelchair rugby observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import N_, Lang, translator
from cardtable.core.presentation import Presentation

from .cards import STATUSES, Player, RugbyCard
from .lineup import LIMIT_HALVES, allowance_halves
from .text import card_text, joined, kind_name, player_stats
from .words import POSITIONS
from .zones import SLOTS

if TYPE_CHECKING:
    from .game import RugbyGame


RULES = {
    "wwr-2025": N_("wwr-2025"),
    "seed-1.5-none": N_("seed-1.5-none"),
    "seed-1.5-full": N_("seed-1.5-full"),
    "legacy": N_("legacy"),
}
"""The female allowance rules (the option's values) by name."""

PHASES = {
    "lineup": N_("lineup"),
    "positions": N_("positions"),
    "order": N_("order"),
    "strategy": N_("strategy"),
    "substitution window": N_("substitution window"),
    "fatigue": N_("fatigue"),
    "over": N_("over"),
}
"""The phases (the observation's ``phase``) in words."""

BEFORE_REVEAL = frozenset({"lineup", "positions", "fatigue"})
"""The phases before a period's reveal: a team's line shows nothing of the last period."""

_SHORT = {
    "chair": N_("Ch"),
    "throw": N_("Th"),
    "catch": N_("Ca"),
    "keep": N_("Ke"),
    "passion": N_("Pa"),
}


def _marks(c: RugbyCard) -> str:
    return ("F" if c.female else "") + ("+" if c.over_age else "")


def _player(g: RugbyGame, cid: str, sideways: bool, mods: dict[str, int], lang: Lang) -> str:
    _ = translator(__package__, lang)
    c = g.card_pool.get(cid)
    assert c.statuses is not None
    atk, dfn = (c.def_atk, c.def_def) if sideways else (c.atk, c.def_)
    st = " ".join(f"{_(_SHORT[s])}{getattr(c.statuses, s) + mods.get(s, 0)}" for s in STATUSES)
    side = _("sideways")
    pos = f" [reverse]{side}[/]" if sideways else ""
    name = escape(g.card_name(cid, lang) or cid)
    return (
        f"[bold cyan]{name}[/] [yellow]{c.player_class}{_marks(c)}[/] {st} ATK "
        f"{(atk or 0) + mods.get('atk', 0)} DEF {(dfn or 0) + mods.get('def', 0)}{pos}"
    )


def _skills(g: RugbyGame, cid: str, lang: Lang) -> str:
    """The player's special skills, one dim line each, in the words of its card text."""
    return "".join(f"\n        [dim]{escape(k)}[/]" for k in card_text(g.card_pool.get(cid), lang))


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


def _slot(g: RugbyGame, obs: dict[str, Any], t: int, s: int, lang: Lang) -> str:
    """One court place: the player (or face down), sideways, and the position it fills."""
    _ = translator(__package__, lang)
    z = obs["zones"]
    team = obs["teams"][t]
    roles = [_(POSITIONS[r]) for r in ("inbounder", "target") if team[r] == s]
    role = f" [green]{'/'.join(roles)}[/]" if roles else ""
    court, lineup = z[f"t{t}.court.{s}"], z[f"t{t}.lineup.{s}"]
    side = s in team["sideways"]
    if court:
        mods = team["modifiers"].get(str(s), {})
        return _player(g, court[0], side, mods, lang) + role + _skills(g, court[0], lang)
    if isinstance(lineup, list) and lineup:
        shown = _player(g, lineup[0], side, {}, lang) + role + _skills(g, lineup[0], lang)
        return _("(face down)") + " " + shown
    if lineup:
        down = _("face down")
        return f"[dim]{down}[/]" + (" " + _("sideways") if side else "") + role
    empty = _("empty")
    return f"[dim]{empty}[/]" + role


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
        _ = translator(__package__, lang)
        lines = [self._header(obs, lang)]
        for t in (0, 1):
            periods = " ".join(str(x) for x in obs["scores"][t]) or "-"
            you = _(" (you)") if t == obs["player"] else ""
            head = _(
                "{team}{you}: score by period {periods}",
                team=_("T{team}", team=t),
                you=you,
                periods=periods,
            )
            lines.append(
                f" {head} = [bold]{obs['totals'][t]}[/] · TOP {obs['top'][t]} · "
                f"ATK {obs['atk'][t]} DEF {obs['def'][t]}"
            )
        for t in (0, 1):
            lines.append(self._court_line(obs, t, lang))
            lines += [f"   {s}. {_slot(self.game, obs, t, s, lang)}" for s in range(1, SLOTS + 1)]
        for t in (0, 1):
            lines += self._hand_lines(obs, t, lang)
        if obs["winner"] is not None:
            w = obs["winner"]
            over = (
                _("Game over: a draw")
                if w == "draw"
                else _("Game over: {team} wins", team=_("T{team}", team=w))
            )
            lines.append(f"[bold green]{over}[/]")
        return "\n".join(lines)

    def _header(self, obs: dict[str, Any], lang: Lang) -> str:
        """The period, its phase, who is first in strategy time, a held ball."""
        _ = translator(__package__, lang)
        phase = _(PHASES.get(obs["phase"], obs["phase"]))
        first = _("first: {team}", team=_("T{team}", team=obs["first"]))
        held = _(" · held ball: order swaps next period") if obs["held_ball"] else ""
        period = _("Period {period}", period=obs["period"])
        return f"[bold]{period}[/] · {phase} · {first}{held}"

    def _court_line(self, obs: dict[str, Any], t: int, lang: Lang) -> str:
        """A team's court: class points and limit, specials used, skills blocked, substituted
        (before the reveal nothing of the last period: no special used yet, no substitution)."""
        _ = translator(__package__, lang)
        g = self.game
        team = obs["teams"][t]
        fresh = obs["phase"] in BEFORE_REVEAL
        total, limit = _class_points(g, obs, t)
        rule = g.options.female_allowance
        points = _(
            "class {total} / limit {limit} ({rule} allowance)",
            total=f"{total:.1f}",
            limit=f"{limit:.1f}",
            rule=_(RULES.get(rule, rule)),
        )
        used = _("specials used {used}/2", used=0 if fresh else team["specials_used"])
        blocked = _(" · skills blocked") if team["skills_blocked"] and not fresh else ""
        subbed = _(" · substituted") if team["substituted"] and not fresh else ""
        court = _("{team} court", team=_("T{team}", team=t))
        return f" [bold]{court}[/] {points} · {used}{blocked}{subbed}"

    def _hand_lines(self, obs: dict[str, Any], t: int, lang: Lang) -> list[str]:
        """The pool or hand the viewer sees, a card a line, then the team's counts."""
        _ = translator(__package__, lang)
        z = obs["zones"]
        label = _("T{team}", team=t)
        lines = []
        for zone in ("pool", "hand"):
            cards = z[f"t{t}.{zone}"]
            if isinstance(cards, list) and cards:
                if zone == "pool":
                    lines.append(" " + _("{team} deck to pick the lineup from:", team=label))
                else:
                    lines.append(" " + _("{team} hand:", team=label))
                lines += [f"   {self.card_line(c, lang)}" for c in sorted(set(cards))]
        hand = z[f"t{t}.hand"]
        count = len(hand) if isinstance(hand, list) else hand
        counts = _(
            "{team}: {count} cards in hand · deck {deck} · discard {discard}",
            team=label,
            count=count,
            deck=z[f"t{t}.deck"],
            discard=len(z[f"t{t}.discard"]),
        )
        return [*lines, " " + counts]
