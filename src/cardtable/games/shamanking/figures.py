"""Intercept against Force, from what everyone sees: the figures a defender weighs before it
counterattacks (SK-4.5) or makes its Signature Move (SK-4.3), with each bonus spelled out.

Read from an observation alone (the flipped card, the zone's Teamwork card, this turn's
Advantage bonuses, the incoming Force and the opponent's Teamwork cards are all public), so the
table (render.py) and the menu (choices.py) show the same figures the rules compute
(``_strike_values``, ``_signature_values``): the printed values, the Teamwork card of the
defended zone (SK-5.4), this turn's Advantages (SK-7.9) and the card's own text (SK-1.6, with
its extra-cost ability for ``counter+``, SK-3.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import Lang, translator

from .cards import ZONES
from .tables import STRIKE, V_FORCE, V_INTERCEPT, V_PER_TEAMWORK, Effect

if TYPE_CHECKING:
    from .game import SKGame


@dataclass(frozen=True)
class Bonus:
    """What effects add to Intercept and Force."""

    intercept: int = 0
    force: int = 0


@dataclass(frozen=True)
class Figures:
    """A counterattack's Intercept and Force, part by part, and the incoming Force."""

    printed: Bonus
    teamwork: Bonus
    advantage: Bonus
    own: Bonus
    incoming: int

    @property
    def intercept(self) -> int:
        """The Intercept that must reach the incoming Force."""
        parts = (self.printed, self.teamwork, self.advantage, self.own)
        return sum(b.intercept for b in parts)

    @property
    def force(self) -> int:
        """The Force the counterattack sends back (never below 0)."""
        parts = (self.printed, self.teamwork, self.advantage, self.own)
        return max(0, sum(b.force for b in parts))

    @property
    def stops(self) -> bool:
        """Whether the Intercept reaches the incoming Force."""
        return self.intercept >= self.incoming


class _Seen:
    """The facts of an observation that conditions and bonuses read (SK-7.8)."""

    def __init__(self, game: SKGame, obs: dict[str, Any]) -> None:
        z, index = obs["zones"], game.card_pool.index
        self.game = game
        self.p: int = obs["defender"]
        self.zone = ZONES.index(obs["zone"])
        self.incoming: int = obs["incoming_force"]
        self.shaman = index[z[f"p{self.p}.shaman"][0]]
        team = z[f"p{self.p}.teamwork.{obs['zone']}"]
        self.teamwork = index[team[0]] if team else -1
        self.opp_teamwork = sum(1 for c in ZONES if z[f"p{1 - self.p}.teamwork.{c}"])

    def works(self, d: int) -> bool:
        """SK-1.6: whether card ``d``'s text works for the defender's Shaman."""
        return self.game.tables.works[self.shaman][d]

    def holds(self, cond: tuple[int, int, int, int, int]) -> bool:
        """SK-7.8: as ``EffectRules._holds``."""
        inc_max, inc_min, zone, tw_here, zone_of = cond
        t = self.game.tables
        character = t.character[self.teamwork] if self.teamwork >= 0 else -1
        return (
            inc_min <= self.incoming <= inc_max
            and zone in (-1, self.zone)
            and zone_of in (-1, character)
            and tw_here in (-1, int(self.teamwork >= 0))
        )

    def bonus(self, effects: tuple[Effect, ...]) -> Bonus:
        """What ``effects`` add, where their conditions hold."""
        intercept = force = 0
        for verb, amount, _zone, cond in effects:
            if self.holds(cond):
                if verb == V_INTERCEPT:
                    intercept += amount
                elif verb == V_FORCE:
                    force += amount
                elif verb == V_PER_TEAMWORK:
                    force += amount * self.opp_teamwork
        return Bonus(intercept, force)


def strike_figures(game: SKGame, obs: dict[str, Any], extra: bool = False) -> Figures | None:
    """The flipped Strike's figures (``extra``: with its extra-cost ability), or ``None`` when
    no Strike is flipped."""
    flipped = obs.get("flipped")
    if not flipped or obs["phase"] != "flip":
        return None
    t, seen = game.tables, _Seen(game, obs)
    d = game.card_pool.index[flipped]
    if t.kind[d] != STRIKE:
        return None
    team: tuple[Effect, ...] = ()
    if seen.teamwork >= 0 and seen.works(seen.teamwork):
        team = t.effects[seen.teamwork]
    own = t.effects[d] + (t.extra_effects[d] if extra else ()) if seen.works(d) else ()
    bonus = obs["turn_bonus"]
    return Figures(
        printed=Bonus(t.intercept[d], t.force[d]),
        teamwork=seen.bonus(team),
        advantage=Bonus(bonus["intercept"], bonus["force"]),
        own=seen.bonus(own),
        incoming=seen.incoming,
    )


def signature_figures(game: SKGame, obs: dict[str, Any]) -> Figures:
    """The defender's Signature's figures: its printed values and its own effects (it uses no
    zone, so no Teamwork card adds to it, SK-4.3)."""
    t, seen = game.tables, _Seen(game, obs)
    side = 0 if obs["shaman_side"][seen.p] == "front" else 1
    s = seen.shaman
    return Figures(
        printed=Bonus(t.sig_intercept[s][side], t.sig_force[s][side]),
        teamwork=Bonus(),
        advantage=Bonus(),
        own=seen.bonus(t.sig_effects[s][side]),
        incoming=seen.incoming,
    )


def _parts(f: Figures, which: str, lang: Lang) -> str:
    """The printed value and each bonus of one figure, "printed 4, Teamwork +1"."""
    _ = translator(__package__, lang)
    amounts = [getattr(b, which) for b in (f.printed, f.teamwork, f.advantage, f.own)]
    if not any(amounts[1:]):
        return ""
    parts = [_("printed {value}", value=amounts[0])]
    names = (_("Teamwork {amount}"), _("Advantage {amount}"), _("own text {amount}"))
    for name, amount in zip(names, amounts[1:], strict=True):
        if amount:
            parts.append(name.format(amount=f"{amount:+d}"))
    return ("、" if lang == "ja" else ", ").join(parts)


def intercept_words(f: Figures, lang: Lang) -> str:
    """ "Intercept 6 (printed 4, Teamwork +1, Advantage +1) against Force 5"."""
    _ = translator(__package__, lang)
    parts = _parts(f, "intercept", lang)
    if parts:
        return _(
            "Intercept {intercept} ({parts}) against Force {incoming}",
            intercept=f.intercept,
            parts=parts,
            incoming=f.incoming,
        )
    return _(
        "Intercept {intercept} against Force {incoming}", intercept=f.intercept, incoming=f.incoming
    )


def force_words(f: Figures, lang: Lang) -> str:
    """ "Force 7 (printed 5, Advantage +2)": what the counterattack sends back."""
    _ = translator(__package__, lang)
    parts = _parts(f, "force", lang)
    if parts:
        return _("Force {force} ({parts})", force=f.force, parts=parts)
    return _("Force {value}", value=f.force)
