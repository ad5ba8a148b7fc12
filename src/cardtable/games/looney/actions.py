"""The Looney Tunes action space, and its notation.

Every decision is one integer. With ``P`` personal card definitions:

==========================  =====================  ===========================
action                      integers               notation
==========================  =====================  ===========================
choose the first player     0..3                   ``first 1``
refill a scene from movie   4                      ``refill``
play a Role                 5                      ``role``
done placing                6                      ``done``
put the Role on a slot      7..10                  ``role on 2``
scene from hand             11 + p                 ``scene <card-id>``
special effect              11 + P + p             ``effect <card-id>``
actor from hand on a slot   11 + 2P + 4p + s       ``place <card-id> on 3``
location on a slot          11 + 6P + 4p + s       ``location <card-id> on 1``
==========================  =====================  ===========================

Slots are numbered 1 to 4 in notation (``s`` is 0 to 3 inside).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.errors import ActionNotationError
from cardtable.core.i18n import N_, reason
from cardtable.core.notation import action_number, check_action_number, notation_words

SLOTS = 4
SLOT_RANGE = range(SLOTS)  # the slots, 0 to 3
FIRST = 0
REFILL = 4
ROLE = 5
DONE = 6
ROLE_SLOT = 7
SCENE = 11


@dataclass(frozen=True)
class Codec:
    """Encodes and parses actions for a pool with ``n`` personal card definitions."""

    n: int
    ids: tuple[str, ...]  # card id by personal index

    @property
    def effect_base(self) -> int:
        """First EFFECT action."""
        return SCENE + self.n

    @property
    def place_base(self) -> int:
        """First PLACE action."""
        return SCENE + 2 * self.n

    @property
    def location_base(self) -> int:
        """First LOCATION action."""
        return SCENE + 6 * self.n

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        return SCENE + 10 * self.n

    def to_string(self, a: int) -> str:
        """The notation of action ``a``."""
        check_action_number(a, self.size)
        if a < REFILL:
            return f"first {a}"
        if a < ROLE_SLOT:
            return ("refill", "role", "done")[a - REFILL]
        if a < SCENE:
            return f"role on {a - ROLE_SLOT + 1}"
        if a < self.effect_base:
            return f"scene {self.ids[a - SCENE]}"
        if a < self.place_base:
            return f"effect {self.ids[a - self.effect_base]}"
        if a < self.location_base:
            p, s = divmod(a - self.place_base, SLOTS)
            return f"place {self.ids[p]} on {s + 1}"
        p, s = divmod(a - self.location_base, SLOTS)
        return f"location {self.ids[p]} on {s + 1}"

    def parse(self, text: str, index: dict[str, int]) -> int:
        """Parse notation; ``index`` maps card id to personal index."""
        words = notation_words(text)
        number = action_number(words, self.size, text)
        if number is not None:
            return number
        if words in (["refill"], ["role"], ["done"]):
            return REFILL + ("refill", "role", "done").index(words[0])
        if len(words) == 2 and words[0] == "first" and words[1] in ("0", "1", "2", "3"):
            return FIRST + int(words[1])
        if len(words) == 3 and words[:2] == ["role", "on"]:
            return ROLE_SLOT + self._slot(words[2], text)
        if len(words) == 2 and words[0] in ("scene", "effect"):
            base = SCENE if words[0] == "scene" else self.effect_base
            return base + self._card(words[1], index, text)
        if len(words) == 4 and words[0] in ("place", "location") and words[2] == "on":
            base = self.place_base if words[0] == "place" else self.location_base
            return base + SLOTS * self._card(words[1], index, text) + self._slot(words[3], text)
        raise ActionNotationError(
            N_(
                "cannot read this; write e.g. 'place <card-id> on 2', 'effect <card-id>', "
                "'scene <card-id>', 'location <card-id> on 1', 'role', 'role on 3', 'refill', "
                "'done' or 'first 0'"
            ),
            text,
        )

    @staticmethod
    def _slot(word: str, text: str) -> int:
        if word not in ("1", "2", "3", "4"):
            raise ActionNotationError(N_("a storyboard slot is a number from 1 to 4"), text)
        return int(word) - 1

    @staticmethod
    def _card(word: str, index: dict[str, int], text: str) -> int:
        if word not in index:
            why = reason(N_("no personal card with id {card}"), card=repr(word))
            raise ActionNotationError(why, text)
        return index[word]
