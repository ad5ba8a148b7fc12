"""What the rules' hot paths look up per decision, computed once per game.

:class:`HotTables` holds the options the hot paths test and, per card definition, its actions
(RD-4.3), the Fortitude its plays need (RD-3.5), whether it needs more checks (RD-4.5
requirements, RD-6.1 uniqueness) or ends the turn (RD-7.7), and the reversals that fit it
when played as a maneuver or an action (RD-5.2, RD-6.6, RD-5.4, RD-5.6, RD-5.7;
:class:`Answers`, worked out on first use).
"""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import ACTION, HAND, MANEUVER
from .tables import (
    ARSENAL_CARD,
    MIDMATCH_CARD,
    NO_LIMIT,
    PREMATCH_CARD,
    V_END_TURN,
    AfterBonusTable,
    CardTables,
)

if TYPE_CHECKING:
    from .game import RawDealGame

NEVER = 1 << 62  # a Fortitude no player has: what a card not played as maneuver or action needs


def _plays(first: int, plays: int) -> tuple[int, ...]:
    """The actions ``first + MANEUVER`` and ``first + ACTION`` that a card with the play-type
    mask ``plays`` has, in action order."""
    return tuple(first + k for k in (MANEUVER, ACTION) if plays >> k & 1)


class Answers(NamedTuple):
    """The reversals that fit a card played one way as far as the two cards decide (RD-5.2:
    the type played as, subtypes, named titles, Cannot be reversed), by where they may come
    from: the hand, the Backlash deck (Mid-match cards) and the Arsenal (RD-5.4, not the
    reversals played only from the hand); and the Arsenal cards of ``hand`` with those of
    ``backlash``, the smallest F first: the reversals a defender could hold (RD-5.1)."""

    hand: frozenset[int]
    backlash: frozenset[int]
    arsenal: frozenset[int]
    playable: tuple[int, ...]


class HotTables:
    """What the hot paths look up per decision, computed once per game (options are frozen):
    the options they test and, per card definition, its actions and the facts that decide
    whether it may be played or reverse."""

    __slots__ = (
        "_reversals",
        "_tables",
        "backlash",
        "barred",
        "conditional",
        "ends_turn",
        "fortitude",
        "hand_plays",
        "known_answers",
        "max_turns",
        "midmatch_defs",
        "midmatch_limit",
        "midmatch_plays",
        "n",
        "need",
        "pinfall_seed",
        "prematch_defs",
        "prematch_limit",
        "rev_after",
        "rev_max_damage",
        "rev_moment",
        "rev_overturned",
        "tag",
        "target",
        "window_always",
    )

    @classmethod
    def of(cls, game: RawDealGame) -> HotTables:
        """The tables, computed. (No ``__init__``: in the compiled build, a class without
        one pickles.)"""
        tables = cls()
        tables._fill(game)
        return tables

    def _fill(self, game: RawDealGame) -> None:
        t = game.tables
        opts = game.options
        n = len(t.kind)
        self.backlash = backlash = game.codec.backlash
        self.prematch_limit = opts.prematch_limit
        self.max_turns = opts.max_turns
        self.midmatch_limit = opts.midmatch_limit
        self.pinfall_seed = opts.pinfall == "seed"
        self.n = opts.players
        self.tag = opts.match == "tag"
        self.window_always = opts.reversal_window == "always"  # RD-5.1
        self.target = game.codec.target  # the first TARGET action; TAG is the last action
        self.fortitude = t.fortitude
        self.prematch_defs = frozenset(d for d in range(n) if t.kind[d] == PREMATCH_CARD)
        self.midmatch_defs = frozenset(d for d in range(n) if t.kind[d] == MIDMATCH_CARD)
        # RD-4.3: each definition's plays as a maneuver and/or an action from the hand, and
        # (Mid-match cards only) from the Backlash deck
        self.hand_plays = tuple(_plays(HAND + 3 * d, t.plays[d]) for d in range(n))
        self.midmatch_plays = tuple(
            _plays(backlash + 3 * d, t.plays[d]) if t.kind[d] == MIDMATCH_CARD else ()
            for d in range(n)
        )
        self._fill_needs(t, n)
        # RD-7.7: whether a success ends the turn, by the type played as (RD-3.7)
        self.ends_turn = tuple(
            tuple(any(e[0] == V_END_TURN for e in effects) for effects in t.success[d])
            for d in range(n)
        )
        # RD-5.2: the reversals, what of them the moment decides, and (filled in as cards
        # are played) the Answers to each definition played as a maneuver or an action
        self._tables = t
        self._reversals = tuple(d for d in range(n) if t.plays[d] & 4 and t.reversal[d] is not None)
        self.rev_max_damage = tuple(r.max_damage if r else NO_LIMIT for r in t.reversal)
        self.rev_after = tuple(r.after if r else -1 for r in t.reversal)
        # RD-5.6: reversals with conditions on where the card came from or on the Ring
        self.rev_moment = frozenset(
            d for d, r in enumerate(t.reversal) if r and (r.from_hand or r.ring_at_least)
        )
        # RD-5.7: reversals whose effects apply when overturned from the Arsenal; none with
        # overturned_text=seed, where an overturned reversal only cuts off the damage
        official = opts.overturned_text == "official"
        self.rev_overturned = tuple(
            bool(official and r and r.effects_when_overturned) for r in t.reversal
        )
        # by 2 * d + played_as: the Answers worked out so far (see answers)
        self.known_answers: list[Answers | None] = [None] * (2 * n)

    def _fill_needs(self, t: CardTables, n: int) -> None:
        """RD-3.5 the least Fortitude each definition's plays need (with the cuts of RD-6.7
        and RD-3.14), and the definitions that need more checks than that."""
        # RD-3.5: the Fortitude a play needs (NEVER: the card is not played so), the least of
        # it: with an RD-6.7 cut, whose condition _requirements_met checks
        star_cut = _star_cuts(t)
        self.need = tuple(
            t.fortitude[d] - _cut(t.after_bonus[d]) - star_cut.get(d, 0)
            if t.plays[d] & 3
            else NEVER
            for d in range(n)
        )
        # RD-3.14: the cards some Superstar forbids its opponents; and the cards that need more
        # checks (RD-4.5 requirements, RD-6.1 uniqueness, RD-6.7 and RD-3.14 cuts, bars)
        self.barred = barred = frozenset(d for r in t.star_rules if r for d in r.barred)
        self.conditional = frozenset(
            d for d in range(n) if _conditional(t, d) or d in star_cut or d in barred
        )

    def answers(self, d: int, played_as: int) -> Answers:
        """The reversals that fit definition ``d`` played as ``played_as`` (MANEUVER or
        ACTION) by the cards alone; worked out the first time it is asked for."""
        answers = self.known_answers[2 * d + played_as]
        if answers is None:
            answers = self.known_answers[2 * d + played_as] = self._work_out_answers(d, played_as)
        return answers

    def _work_out_answers(self, d: int, played_as: int) -> Answers:
        t = self._tables
        fit = []
        for rev in () if t.unreversible[d] else self._reversals:
            r = t.reversal[rev]
            assert r is not None
            if not r.types >> played_as & 1:
                continue
            if played_as == MANEUVER and r.subtypes and not r.subtypes & t.subtypes[d]:
                continue
            if r.titles and d not in r.titles:
                continue
            if r.alignment >= 0 and t.alignment[d] != r.alignment:
                continue
            fit.append((rev, r))
        hand = frozenset(rev for rev, r in fit if not r.overturned_only)
        backlash = frozenset(rev for rev, _ in fit if t.kind[rev] == MIDMATCH_CARD)
        playable = {rev for rev in hand if t.kind[rev] == ARSENAL_CARD} | backlash
        return Answers(
            hand,
            backlash,
            frozenset(rev for rev, r in fit if t.kind[rev] == ARSENAL_CARD and not r.hand_only),
            tuple(sorted(playable, key=lambda rev: (t.fortitude[rev], rev))),
        )


def _cut(bonus: AfterBonusTable | None) -> int:
    """RD-6.7: how much less Fortitude a card needs right after the card its bonus names."""
    return 0 if bonus is None else bonus.fortitude


def _conditional(t: CardTables, d: int) -> bool:
    """Whether definition ``d`` needs more checks than its Fortitude to be played: a
    requirement (RD-4.5), uniqueness in play (RD-6.1) or a cut of its Fortitude (RD-6.7)."""
    return bool(
        t.req_after[d] != -1
        or t.req_after_damage[d]
        or t.req_fort_over[d]
        or t.req_after_maneuver[d]
        or t.req_hand[d]
        or t.active[d]
        or t.universal[d]
        or _cut(t.after_bonus[d])
    )


def _star_cuts(t: CardTables) -> dict[int, int]:
    """RD-3.14: the most Fortitude any Superstar's card rule takes off each definition."""
    out: dict[int, int] = {}
    for rules in t.star_rules:
        for d, cut in (rules.cut if rules else {}).items():
            out[d] = max(out.get(d, 0), cut)
    return out
