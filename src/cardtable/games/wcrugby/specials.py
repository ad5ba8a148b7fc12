"""Specials (WR-5.4): a special card activates a skill of an upright player, at most two
players a period and never one player twice (by name), not while the team's skills are blocked
(WR-8.8); the inbounder's skills add 1 less TOP (WR-3.5, in effects.py)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import Event

from .cards import NSTATS
from .effects import apply_effects
from .scoring import Scoring
from .zones import DISCARD, HAND, PER_TEAM, SLOTS


class Specials(Scoring):
    """Special cards: which are legal, and a skill activated."""

    __slots__ = ()

    def _special_actions(self, specials: list[int], court: list[int]) -> list[int]:
        """WR-5.4: a special card on an upright player's skill; at most 2 players a period,
        never one player twice (by name: any card of the player counts), not while the team's
        skills are blocked. Sorted: by card, by slot, then by skill. ``specials``: the
        distinct special cards in hand, sorted; ``court``: the team's ``_court_defs``."""
        h = self.hot
        t = self.game.tables
        team = self.team
        if self.blocked[team] or len(self.specials[team]) >= 2 or not specials:
            return []
        # The upright players not used yet, each with the mask of its skills that may be used,
        # its stats and where its modifiers start. cond_holds(self, team, s, cond) is written
        # out below: a condition names a status (not ATK or DEF), so sideways does not matter.
        usable: list[tuple[int, int, tuple[int, ...], int]] = []
        mods = self.mods
        used = self.specials[team]
        side = self.side[team]
        free, conds = h.free_skills, h.skill_conds
        for s, d in enumerate(court):
            if d < 0 or side >> s & 1:
                continue
            if used and t.name[d] in used:
                continue
            row = t.stats[d]
            mb = (team * SLOTS + s) * NSTATS
            mask = free[d]
            for bit, stat, need in conds[d]:
                if row[stat] + mods[mb + stat] >= need:
                    mask |= bit
            if mask:
                usable.append((s, mask, row, mb))
        out: list[int] = []
        for d in specials:
            cond = t.cond[d]
            at = h.special_at[d]
            for s, mask, row, mb in usable:
                if cond is None or row[cond[0]] + mods[mb + cond[0]] >= cond[1]:
                    out += at[s][mask]
        return out

    def _special(self, d: int, s: int, k: int, ev: list[Event] | None) -> None:
        """WR-5.4: activate skill ``k`` of the player on slot ``s`` with special card ``d``."""
        team = self.team
        b = PER_TEAM * team
        t = self.game.tables
        card = self._take(b + HAND, d)
        self._put(card, b + HAND, b + DISCARD, ev, team)
        player = self.court(team)[s]
        # WR-5.4: the limits count players by name, whichever of the player's cards is on court
        self.specials[team] = (*self.specials[team], t.name[self.cards[player]])
        if ev is not None:
            # the player on court is public: the event names it, so the log names the skill
            ev.append(Event("special", team, player, data={"slot": s + 1, "skill": k + 1}))
        _, effects = t.skills[self.cards[player]][k]
        apply_effects(self, team, s, effects, self.inb[team] == s, ev)
        apply_effects(self, team, s, t.effects[d], False, ev)
