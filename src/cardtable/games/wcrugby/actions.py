"""The wheelchair rugby action space and its notation.

With ``D`` card definitions (slots ``s`` are 1 to 4 in notation, 0 to 3 inside):

=============================  ===========================  ================================
action                         integers                     notation
=============================  ===========================  ================================
end / pass / done              0                            ``end``
go first / second (tie)        1, 2                         ``first``, ``second``
inbounder, target              3..6, 7..10                  ``inbounder 2``, ``target 3``
pick a player for the lineup   11 + 2d + o                  ``pick <id>`` / ``pick <id> sideways``
drop a player (fatigue)        11 + 2D + d                  ``fatigue <id>``
bench-work card                11 + 3D + d                  ``bench <id>``
substitution                   11 + 4D + 2(4d + s) + o      ``sub <id> for 2`` [``sideways``]
special card                   11 + 12D + 3(4d + s) + k     ``special <id> on 2 skill 1``
=============================  ===========================  ================================
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.errors import ActionNotationError
from cardtable.core.i18n import N_, reason
from cardtable.core.notation import action_number, check_action_number, notation_words

END, FIRST, SECOND, INBOUNDER, TARGET, PICK = 0, 1, 2, 3, 7, 11
SKILLS = 3


@dataclass(frozen=True)
class Codec:
    """Encodes and parses actions for a pool of ``n`` card definitions."""

    n: int
    ids: tuple[str, ...]

    @property
    def fatigue(self) -> int:
        """First FATIGUE action."""
        return PICK + 2 * self.n

    @property
    def bench(self) -> int:
        """First BENCH action."""
        return PICK + 3 * self.n

    @property
    def sub(self) -> int:
        """First SUB action."""
        return PICK + 4 * self.n

    @property
    def special(self) -> int:
        """First SPECIAL action."""
        return PICK + 12 * self.n

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        return PICK + 24 * self.n

    def to_string(self, a: int) -> str:
        """The notation of action ``a``."""
        check_action_number(a, self.size)
        if a < INBOUNDER:
            return ("end", "first", "second")[a]
        if a < PICK:
            return f"{'inbounder' if a < TARGET else 'target'} {(a - INBOUNDER) % 4 + 1}"
        if a < self.fatigue:
            d, o = divmod(a - PICK, 2)
            return f"pick {self.ids[d]}" + (" sideways" if o else "")
        if a < self.bench:
            return f"fatigue {self.ids[a - self.fatigue]}"
        if a < self.sub:
            return f"bench {self.ids[a - self.bench]}"
        if a < self.special:
            x, o = divmod(a - self.sub, 2)
            d, s = divmod(x, 4)
            return f"sub {self.ids[d]} for {s + 1}" + (" sideways" if o else "")
        x, k = divmod(a - self.special, SKILLS)
        d, s = divmod(x, 4)
        return f"special {self.ids[d]} on {s + 1} skill {k + 1}"

    def parse(self, text: str, index: dict[str, int]) -> int:
        """Parse notation (or a plain integer); ``index`` maps card id to pool index."""
        w = notation_words(text)
        number = action_number(w, self.size, text)
        if number is not None:
            return number
        if w in (["end"], ["first"], ["second"]):
            return ("end", "first", "second").index(w[0])
        if len(w) == 2 and w[0] in ("inbounder", "target"):
            return (INBOUNDER if w[0] == "inbounder" else TARGET) + self._slot(w[1], text)
        side = 1 if w[-1:] == ["sideways"] else 0
        core = w[:-1] if side else w
        if len(core) == 2 and core[0] == "pick":
            return PICK + 2 * self._card(core[1], index, text) + side
        if len(w) == 2 and w[0] in ("fatigue", "bench"):
            base = self.fatigue if w[0] == "fatigue" else self.bench
            return base + self._card(w[1], index, text)
        if len(core) == 4 and core[0] == "sub" and core[2] == "for":
            d, s = self._card(core[1], index, text), self._slot(core[3], text)
            return self.sub + 2 * (4 * d + s) + side
        if len(w) == 6 and w[0] == "special" and w[2] == "on" and w[4] == "skill":
            d, s = self._card(w[1], index, text), self._slot(w[3], text)
            if w[5] not in ("1", "2", "3"):
                raise ActionNotationError(N_("a skill number is 1, 2 or 3"), text)
            return self.special + SKILLS * (4 * d + s) + int(w[5]) - 1
        raise ActionNotationError(
            N_(
                "cannot read this; write e.g. 'pick <id> [sideways]', 'inbounder 2', 'target 3', "
                "'sub <id> for 2 [sideways]', 'bench <id>', 'special <id> on 1 skill 1', "
                "'fatigue <id>', 'first', 'second' or 'end'"
            ),
            text,
        )

    @staticmethod
    def _slot(word: str, text: str) -> int:
        if word not in ("1", "2", "3", "4"):
            raise ActionNotationError(N_("a court position is a number from 1 to 4"), text)
        return int(word) - 1

    @staticmethod
    def _card(word: str, index: dict[str, int], text: str) -> int:
        if word not in index:
            raise ActionNotationError(reason(N_("no card with id {card}"), card=repr(word)), text)
        return index[word]
