"""The Raw Deal state: Pre-match, the turn, playing a card, reversals, damage, winning.

Rule numbers (RD-x.y) refer to docs/rules/rawdeal.md. :class:`RawDealState` tops the rules' parts, a
chain of classes over :class:`~.match.MatchState` (the fields and the facts read off the zones),
each in the module named for it and extending the one below (one line of classes, not mixins: mypyc
compiles no multiple inheritance, docs/performance.md): prematch.py (setup: RD-2.3, RD-2.4), turn.py
(RD-4.1, RD-4.2, RD-4.7), playing.py (RD-4.3 to RD-4.6, RD-5.1, RD-5.3), reversals.py (which fit:
RD-5.2, RD-5.6), damage.py (RD-5.4, RD-5.5, RD-8.1), effects.py (RD-7), winning.py (RD-8) and
multiplayer.py (RD-9). Here: the legal actions and applying an action by phase, the notation and the
public view.

For speed, the hot paths look up per-definition tables computed once per game
(:class:`~.hot.HotTables`, with the reversals that fit each card worked out on first use);
what a player's Ring and Pre-match cards add up to (:class:`~.match.RingFacts`) and the
Mid-match cards of a Backlash deck are kept with the zone tuples they were worked out from;
the Superstars' abilities are looked up once per state; the legal actions found while
deciding whether a reversal window opens or the Pre-match goes on are kept as the state's
legal actions; and ``push`` builds no events (the rules take ``Events``, None for none).
"""
# cardtable: compile

from __future__ import annotations

from typing import Any

from cardtable.core.errors import ActionNotationError
from cardtable.core.events import Event, move, note
from cardtable.core.i18n import N_, named, reason
from cardtable.core.state import TERMINAL

from .actions import ABILITY, AS, END, HAND, STUN
from .explain import explain
from .hot import Answers, HotTables
from .match import (
    BOTH_LOSE,
    CHOICE_PHASES,
    DRAW,
    MATCHES,
    PH_BURY,
    PH_DISCARD,
    PH_MAIN,
    PH_MAY,
    PH_OVER,
    PH_PREMATCH,
    PH_RECOVER,
    PH_RETRIEVE,
    PH_REVERSAL,
    PH_STUN,
    PH_TARGET,
    PHASES,
    Events,
    RingFacts,
)
from .prematch import PrematchRules
from .tables import V_JUMP, V_KEEP_BONUS, V_MAY, V_SHUFFLE, Effect, effect_data
from .zones import ARSENAL, BACKLASH, PER_PLAYER, PLAYING, pbase
from .zones import HAND as HAND_ZONE

# the word of a card chosen, by phase; and the phase each word of a choice answers
CHOICE_WORDS = {
    PH_BURY: "bury",
    PH_DISCARD: "discard",
    PH_RETRIEVE: "retrieve",
    PH_RECOVER: "recover",
}
CHOICE_VERB_PHASES: dict[str, frozenset[int]] = {
    **{word: frozenset({phase}) for phase, word in CHOICE_WORDS.items()},
    "accept": frozenset({PH_MAY}),
    "decline": CHOICE_PHASES,
}

__all__ = [
    "BOTH_LOSE",
    "DRAW",
    "PHASES",
    "Answers",
    "HotTables",
    "RawDealState",
    "RingFacts",
]


class RawDealState(PrematchRules):
    """A game of Raw Deal in progress: a singles match, a free-for-all of 3 or 4 players, or
    a 2-on-2 tag team match (RD-9)."""

    __slots__ = ()

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_MAIN:
            return self._main_actions()
        if ph == PH_REVERSAL:
            return [END, *self._reversal_actions()]
        if ph == PH_STUN:
            return [STUN + k for k in range(self.stun_max + 1)]
        if ph == PH_BURY:
            return sorted(
                {HAND + 3 * self.cards[c] for c in self.zones[pbase(self.actor) + HAND_ZONE]}
            )
        if ph == PH_TARGET:
            first = self.game.codec.target
            return [first + q for q in self._targets(self.tp, self.pending_def)]
        if ph in CHOICE_PHASES:
            return self._choice_actions()
        return [END, *self._prematch_actions()]

    def action_to_string(self, action: int) -> str:
        """The notation; in the bury step a card from the hand reads ``bury <id>``, and in
        a choice phase (RD-7.10 to RD-7.14) ``end`` reads ``decline``, ``ability`` reads
        ``accept`` and a card ``discard <id>``, ``retrieve <id>`` or ``recover <id>``."""
        verb = CHOICE_WORDS.get(self.phase)
        if verb is not None and HAND <= action < self.game.codec.backlash:
            return f"{verb} {self.game.card_ids[(action - HAND) // 3]}"
        if self.phase in CHOICE_PHASES and action in (END, ABILITY):
            return "decline" if action == END else "accept"
        return self.game.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The notation (see ``action_to_string``); a word of a choice (``bury``,
        ``discard``, ``accept``, ...) is an action only in the phase that asks for it."""
        word = text.split()[0].lower() if text.split() else ""
        phases = CHOICE_VERB_PHASES.get(word)
        if phases is not None and self.phase not in phases:
            raise ActionNotationError(
                reason(
                    N_("'{word}' answers a choice the game is not asking now"), word=named(word)
                ),
                text,
            )
        return self.game.string_to_action(text)

    def _explain_illegal(self, action: int) -> str:
        return explain(self, action)

    def _apply(self, action: int) -> list[Event]:
        ev: list[Event] = []
        self._push(action, ev)
        return ev

    def _push(self, action: int, ev: Events = None) -> None:
        """Apply a legal action, its events added to ``ev`` (None: built not at all)."""
        ph = self.phase
        if ph == PH_MAIN:
            hot = self.hot
            if action >= hot.target:
                self._tag_in(ev)
            elif action >= hot.backlash:
                d, k = divmod(action - hot.backlash, 3)
                self._play(PER_PLAYER * self.tp + BACKLASH, d, k, ev)
            elif action >= HAND:
                d, k = divmod(action - HAND, 3)
                self._play(PER_PLAYER * self.tp + HAND_ZONE, d, k, ev)
            elif action == END:
                self._end_turn(ev)
            else:  # ABILITY
                self._use_ability(ev)
        elif ph == PH_REVERSAL:
            if action == END:
                self._resolve(ev)
            else:
                backlash = self.hot.backlash
                zone = HAND_ZONE if action < backlash else BACKLASH
                first = HAND if action < backlash else backlash
                self._reverse(PER_PLAYER * self.actor + zone, (action - first) // 3, ev)
        else:
            self._apply_other(ph, action, ev)
        if self.gone >> self.tp & 1 and self.phase != PH_OVER:
            self._end_turn(ev)  # RD-9.3: the turn player is out: the turn ends at once

    def _apply_other(self, ph: int, action: int, ev: Events) -> None:
        """``_apply`` in the phases but the main segment and the reversal window."""
        if ph == PH_PREMATCH:
            self._prematch(action, ev)
        elif ph == PH_STUN:
            self._draw(self.tp, action - STUN, ev)
            self._end_turn(ev)
        elif ph == PH_TARGET:
            q = action - self.game.codec.target
            if ev is not None:
                ev.append(note("target", self.tp, target=q))
            self._aim(q, ev)
        elif ph in CHOICE_PHASES:
            self._choose(action, ev)
        else:  # PH_BURY
            b = PER_PLAYER * self.actor
            card = self._take(b + HAND_ZONE, (action - HAND) // 3)
            self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
            self._learn(card, self.actor)
            if ev is not None:
                ev.append(move(card, b + HAND_ZONE, b + ARSENAL, self.actor))
            self.phase = PH_MAIN

    def _public_view(self, player: int | None) -> dict[str, Any]:
        cur = self.current_player()
        ids = self.game.card_ids
        playing = self.zones[pbase(self.tp) + PLAYING]
        seats = range(self.game.num_players)
        tag = self.hot.tag
        aimed = self.phase != PH_TARGET
        view: dict[str, Any] = {
            "game": "rawdeal",
            "player": player,
            "num_players": len(seats),
            "match": MATCHES[tag],
            "phase": PHASES[self.phase],
            "turn": self.turn_no,
            "turn_player": self.tp,
            "current_player": None if cur == TERMINAL else cur,
            "superstars": [ids[self.superstar(p)] for p in seats],
            "superstar_values": [self.superstar_value(p) for p in seats],
            "fortitude": [self.fortitude(p) for p in seats],
            "eliminated": [p for p in seats if self.gone >> p & 1],
            "active": list(self.active) if tag else None,
            "tagged": self.tagged,
            "playing": {
                "card": ids[self.cards[playing[0]]],
                "as": AS[self.pending_as],
                "target": self.target if aimed else None,
                "damage": self.pending_damage if aimed else None,
                "reversals_needed": self.reversals_left,
            }
            if playing
            else None,
            "last_played": ids[self.last_played] if self.last_played >= 0 else None,
            "setup_bonus": self.bonus[0],
            "ability_used": self.ability_used,
            "stun_max": self.stun_max if self.phase == PH_STUN else 0,
            "winner": self._winner_name(),
        }
        if self.phase == PH_OVER:  # RD-8: how the match ended (pinfall, count-out, ...)
            view["ended"] = self.how_ended
        seen = self._seen_hands(player)
        if seen:  # RD-7.26, RD-7.17: cards of other hands this player knows
            view["seen_hands"] = seen
        if self.phase in CHOICE_PHASES:  # RD-7.10: what the decision is about
            view["choice"] = self._choice_view()
        return view

    def _seen_hands(self, player: int | None) -> dict[str, list[str]]:
        """The cards of the other players' hands that ``player`` has seen with ``look_hand``
        (RD-7.26), by seat; nothing for a spectator."""
        if player is None:
            return {}
        known = self.known[player]
        ids = self.game.card_ids
        out = {}
        for q in range(self.game.num_players):
            hand = self.zones[pbase(q) + HAND_ZONE] if q != player else ()
            cards = [ids[self.cards[c]] for c in hand if c in known]
            if cards:
                out[str(q)] = cards
        return out

    def _choice_view(self) -> dict[str, Any]:
        """The decision asked now: the card (or Superstar) whose effects ask it, the effects
        a ``may`` offers (as in a card file), the cards still to choose, and whether it may
        be declined."""
        offer = self.queue[: self.skip] if self.phase == PH_MAY else ()
        out = {
            "card": self.game.card_ids[self.source] if self.source >= 0 else None,
            "offer": _offered(offer, self.game.card_ids),
            "left": self.choice_left,
            "decline": self.skip >= 0,
        }
        if offer and offer[-1][0] == V_JUMP:  # RD-7.29: declined, the second instead
            out["instead"] = _offered(
                self.queue[self.skip : self.skip + offer[-1][1]], self.game.card_ids
            )
        return out


def _offered(effects: tuple[Effect, ...], ids: tuple[str, ...]) -> list[dict[str, object]]:
    """Compiled effects as a card file writes them, for a choice's words: the offers one at a
    time (RD-7.22) and the second of two (RD-7.29) read as the effects they hold."""
    shown = [e for e in effects if e[0] < V_SHUFFLE or e[0] == V_KEEP_BONUS]
    return [effect_data(e, ids) for e in shown if e[0] != V_MAY]
