"""The Raw Deal action space and its notation.

With ``D`` card definitions; ``as`` is 0 maneuver, 1 action, 2 reversal:

=============================  ======================  ====================================
action                         integers                notation
=============================  ======================  ====================================
end turn / pass / no reversal  0                       ``end``
use the Superstar ability      1                       ``ability``
draw k for Stun Value          2..5                    ``stun 2``
a card from the hand           6 + 3d + as             ``play <id> as maneuver``
a card from the Backlash deck  6 + 3D + 3d + as        ``backlash <id> as reversal``
target opponent q              6 + 6D + q (q < 4)      ``target 2``
tag in the partner             6 + 6D + 4              ``tag``
=============================  ======================  ====================================

A reversal is written ``reverse <id>`` (from the hand) or ``backlash <id> as reversal``; a
Pre-match card ``backlash <id>``; the card put under the Arsenal after ``ability`` is
``bury <id>``. A choice (RD-7.10 to RD-7.14) takes ``accept`` (the ``ability`` action) or
``decline`` (``end``), and a card chosen is ``discard <id>``, ``retrieve <id>`` or
``recover <id>`` (``6 + 3d``, like ``bury``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.errors import ActionNotationError
from cardtable.core.i18n import N_, reason
from cardtable.core.notation import action_number, check_action_number, notation_words

from .cards import PLAY_TYPES

END, ABILITY, STUN, HAND = 0, 1, 2, 6
MAX_PLAYERS = 4
SEATS = tuple(str(p) for p in range(MAX_PLAYERS))  # the seats of "target 2"
AS = PLAY_TYPES  # by the offset of a card's action: MANEUVER, ACTION, REVERSAL
MANEUVER, ACTION, REVERSAL = range(len(AS))
# the words of a card chosen from a zone (after ``ability``, RD-4.3; in a choice, RD-7.12 to
# RD-7.14): ``HAND + 3d``, whatever the zone
CHOSEN = ("bury", "discard", "retrieve", "recover")


@dataclass(frozen=True)
class Codec:
    """Encodes and parses actions for a pool of ``n`` card definitions."""

    n: int
    ids: tuple[str, ...]
    prematch: frozenset[int]  # definitions that are Pre-match cards

    @property
    def backlash(self) -> int:
        """First BACKLASH action."""
        return HAND + 3 * self.n

    @property
    def target(self) -> int:
        """First TARGET action: ``target + q`` aims the card being played at player q."""
        return HAND + 6 * self.n

    @property
    def tag(self) -> int:
        """The TAG action: the active member of a tag team tags in the partner."""
        return self.target + MAX_PLAYERS

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        return self.tag + 1

    def to_string(self, a: int) -> str:
        """The notation of action ``a``."""
        check_action_number(a, self.size)
        if a == END:
            return "end"
        if a == ABILITY:
            return "ability"
        if a < HAND:
            return f"stun {a - STUN}"
        if a >= self.target:
            return "tag" if a == self.tag else f"target {a - self.target}"
        if a < self.backlash:
            d, k = divmod(a - HAND, 3)
            return f"reverse {self.ids[d]}" if k == REVERSAL else f"play {self.ids[d]} as {AS[k]}"
        d, k = divmod(a - self.backlash, 3)
        if d in self.prematch:
            return f"backlash {self.ids[d]}"
        return f"backlash {self.ids[d]} as {AS[k]}"

    def parse(self, text: str, index: dict[str, int]) -> int:
        """Parse notation (or a plain integer)."""
        w = notation_words(text)
        number = action_number(w, self.size, text)
        if number is not None:
            return number
        if w == ["end"]:
            return END
        if w in (["ability"], ["accept"]):
            return ABILITY
        if w == ["decline"]:
            return END
        if w == ["tag"]:
            return self.tag
        if len(w) == 2 and w[0] == "target" and w[1] in SEATS:
            return self.target + int(w[1])
        if len(w) == 2 and w[0] == "stun" and w[1] in ("0", "1", "2", "3"):
            return STUN + int(w[1])
        if len(w) == 2 and w[0] in ("reverse", *CHOSEN):
            k = REVERSAL if w[0] == "reverse" else MANEUVER
            return HAND + 3 * self._card(w[1], index, text) + k
        if len(w) == 4 and w[0] == "play" and w[2] == "as" and w[3] in AS[:2]:
            return HAND + 3 * self._card(w[1], index, text) + AS.index(w[3])
        if w[:1] == ["backlash"] and len(w) in (2, 4):
            d = self._card(w[1], index, text)
            if len(w) == 2:
                return self.backlash + 3 * d
            if w[2] == "as" and w[3] in AS:
                return self.backlash + 3 * d + AS.index(w[3])
        raise ActionNotationError(
            N_(
                "cannot read this; write e.g. 'play <id> as maneuver', 'play <id> as action', "
                "'reverse <id>', 'backlash <id> [as maneuver|action|reversal]', 'ability', "
                "'bury <id>', 'discard <id>', 'retrieve <id>', 'recover <id>', 'accept', "
                "'decline', 'stun 2', 'target 2', 'tag' or 'end'"
            ),
            text,
        )

    @staticmethod
    def _card(word: str, index: dict[str, int], text: str) -> int:
        if word not in index:
            raise ActionNotationError(reason(N_("no card with id {card}"), card=repr(word)), text)
        return index[word]
