"""Wheelchair rugby choices in words (``describe_action``): each legal action as a menu line
saying what it does, in English and Japanese, naming only what the team to act sees: its own
pool, hand, lineup and tired players, and the courts (public after the reveal)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import Lang, Translate, translator
from cardtable.core.presentation import Presentation

from .cards import Player
from .fields import PH_FATIGUE, PH_LINEUP, PH_WINDOW
from .text import skill_name
from .zones import COURT, LINEUP, SLOTS, tbase

if TYPE_CHECKING:
    from cardtable.core.state import State

    from .game import RugbyGame


def _at(state: Any, zone: int) -> str | None:
    """The card id in a place (a lineup or court zone), or None when it is empty."""
    cards = state.zones[zone]
    return state.card_id(cards[0]) if cards else None


def _free_place(state: Any, team: int) -> int:
    """The lineup place (1 to 4) the next pick goes to: the first empty one (WR-3.1)."""
    b = tbase(team) + LINEUP
    return next((s + 1 for s in range(SLOTS) if not state.zones[b + s]), SLOTS)


class RugbyMenu(Presentation):
    """Each legal action as a menu line in the game's words (a part of its Presentation)."""

    game: RugbyGame

    def describe_action(self, state: State, action: int, lang: Lang = "en") -> str:
        """A legal action of the team to act, as a menu line: "Put Kaito Mori face down in
        place 1 of your lineup", "Play Set Play on Kaito Mori (place 2) to activate Long Bomb"."""
        _ = translator(__package__, lang)
        st: Any = state
        w = state.action_to_string(action).split()
        team = st.team
        if w[0] == "end":
            return self._end(st.phase, _)
        if w[0] in ("first", "second"):
            if w[0] == "first":
                return _("Go first: take your strategy time first")
            return _("Let the opponent go first in strategy time")
        if w[0] in ("inbounder", "target"):
            return self._position(st, team, w[0], int(w[1]), lang)
        name = self.game.card_name(w[1], lang) or w[1]
        if w[0] == "pick":
            fields = {"card": name, "place": _free_place(st, team)}
            if w[-1] == "sideways":
                return _(
                    "Put {card} face down in place {place} of your lineup, sideways (defensive)",
                    **fields,
                )
            return _("Put {card} face down in place {place} of your lineup", **fields)
        if w[0] == "fatigue":
            return _("Drop {card} for fatigue", card=name)
        if w[0] == "bench":
            return _("Play the bench-work card {card}", card=name)
        if w[0] == "sub":
            return self._sub(st, team, name, int(w[3]), w[-1] == "sideways", lang)
        return self._special(st, team, name, int(w[3]), int(w[5]), lang)

    @staticmethod
    def _end(phase: int, _: Translate) -> str:
        """``end`` in each phase: a lineup with no pick left, strategy time, the window to
        substitute in the opponent's strategy time, dropping tired players."""
        if phase == PH_LINEUP:
            return _("Finish the lineup with the players placed")
        if phase == PH_WINDOW:
            return _("Make no more substitutions now")
        if phase == PH_FATIGUE:
            return _("Drop no more tired players")
        return _("End your strategy time")

    def _position(self, st: Any, team: int, role: str, place: int, lang: Lang) -> str:
        """WR-3.2: the inbounder (Throw 3 or more) or the target (Catch 3 or more)."""
        _ = translator(__package__, lang)
        cid = _at(st, tbase(team) + LINEUP + place - 1)
        card = (self.game.card_name(cid, lang) if cid else None) or _("your player")
        if role == "inbounder":
            return _(
                "Make {card} (place {place}) the inbounder: Throw 3 or more, else the "
                "opponent's TOP +1",
                card=card,
                place=place,
            )
        return _(
            "Make {card} (place {place}) the target: Catch 3 or more, else the opponent's TOP +1",
            card=card,
            place=place,
        )

    def _sub(self, st: Any, team: int, name: str, place: int, side: bool, lang: Lang) -> str:
        """WR-5.2: a player from the hand for the one on court in ``place``."""
        _ = translator(__package__, lang)
        cid = _at(st, tbase(team) + COURT + place - 1)
        out = (self.game.card_name(cid, lang) if cid else None) or _("your player")
        fields = {"card": name, "out": out, "place": place}
        if side:
            return _("Bring on {card} for {out} in place {place}, sideways (defensive)", **fields)
        return _("Bring on {card} for {out} in place {place}", **fields)

    def _special(self, st: Any, team: int, name: str, place: int, k: int, lang: Lang) -> str:
        """WR-5.4: a special card on the player in ``place``, activating its skill ``k``."""
        _ = translator(__package__, lang)
        cid = _at(st, tbase(team) + COURT + place - 1)
        player = self.game.card_pool.get(cid) if cid else None
        if not isinstance(player, Player) or not 0 < k <= len(player.skills):
            return _(
                "Play {card} on your player in place {place} to activate skill {skill}",
                card=name,
                place=place,
                skill=k,
            )
        return _(
            "Play {card} on {player} (place {place}) to activate {skill}",
            card=name,
            player=self.game.card_name(cid, lang),
            place=place,
            skill=skill_name(player.skills[k - 1], lang),
        )
