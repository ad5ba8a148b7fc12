"""What every player may know of a wheelchair rugby state, besides the zones."""

from __future__ import annotations

from typing import Any

from cardtable.core.state import TERMINAL

from .cards import NSTATS, STATS
from .fields import PHASES, RugbyFields
from .lineup import LIMIT_HALVES, allowance_halves
from .zones import SLOTS


def public_view(st: RugbyFields, player: int | None) -> dict[str, Any]:
    """Scores by period, TOP, totals, and per team the public facts of its lineup."""
    cur = st.current_player()
    return {
        "game": "wcrugby",
        "player": player,
        "num_players": 2,
        "period": st.period,
        "phase": PHASES[st.phase],
        "current_player": None if cur == TERMINAL else cur,
        "first": st.first,
        "held_ball": st.held,
        "scores": [st.scores[0][:], st.scores[1][:]],
        "totals": [st.total(0), st.total(1)],
        "top": [st.top_of(0), st.top_of(1)],
        "atk": st.atk_tot[:],
        "def": st.def_tot[:],
        "teams": [_team(st, t, player) for t in (0, 1)],
        "winner": None if st.winner == -1 else (st.winner if st.winner >= 0 else "draw"),
    }


def _team(st: RugbyFields, team: int, player: int | None) -> dict[str, Any]:
    t = st.game.tables
    court = st.court(team)
    # WR-3.1: until the reveal, a lineup's orientation and positions are the team's secret,
    # as both teams place at the same time in the physical game
    hidden = player != team and all(c < 0 for c in court)
    defs = [st.cards[c] for c in court if c >= 0]
    rule = st.game.options.female_allowance
    used = st.specials[team]
    mods: dict[str, dict[str, int]] = {}
    for s in range(SLOTS):
        base = (team * SLOTS + s) * NSTATS
        row = st.mods[base : base + NSTATS]
        if any(row):
            mods[str(s + 1)] = {STATS[i]: v for i, v in enumerate(row) if v}
    return {
        "sideways": [] if hidden else [s + 1 for s in range(SLOTS) if st.side[team] >> s & 1],
        "inbounder": st.inb[team] + 1 if st.inb[team] >= 0 and not hidden else None,
        "target": st.tgt[team] + 1 if st.tgt[team] >= 0 and not hidden else None,
        "specials_used": len(st.specials[team]),
        # WR-5.4: the places of players (by name) who had a special this period
        "special_slots": [
            s + 1 for s, c in enumerate(court) if c >= 0 and t.name[st.cards[c]] in used
        ],
        "skills_blocked": st.blocked[team],
        "substituted": st.subs[team],
        "strategy_done": st.ended[team],
        "modifiers": mods,
        "class_total": sum(t.halves[d] for d in defs) / 2,
        "class_limit": (LIMIT_HALVES + sum(allowance_halves(t, d, rule) for d in defs)) / 2,
    }
