"""The Shaman King action space: every decision is about the card just flipped (or the
Signature Move, or who sends the Opening Attack), so eight actions are enough.

=====  =================  ==========================================================
int    notation           meaning
=====  =================  ==========================================================
0      ``pass``           let the flipped card go to the discard pile (or: no signature)
1      ``counter``        pay the flipped Strike and counterattack
2      ``counter+``       the same, also paying the Strike's extra-cost ability
3      ``play``           pay the flipped Advantage or Teamwork card and place it
4      ``focus``          put the flipped card face down as furyoku of this zone
5      ``signature``      use the Signature Move
6, 7   ``first``/``second``  choose to send the Opening Attack, or to receive it
=====  =================  ==========================================================
"""

from __future__ import annotations

from cardtable.core.errors import ActionNotationError
from cardtable.core.i18n import N_, reason
from cardtable.core.notation import action_number, check_action_number, notation_words

PASS, COUNTER, COUNTER_EXTRA, PLAY, FOCUS, SIGNATURE, FIRST, SECOND = range(8)
NAMES = ("pass", "counter", "counter+", "play", "focus", "signature", "first", "second")


def to_string(a: int) -> str:
    """The notation of action ``a``."""
    return NAMES[check_action_number(a, len(NAMES))]


def parse(text: str) -> int:
    """Parse notation (or a plain integer)."""
    w = notation_words(text)
    number = action_number(w, len(NAMES), text)
    if number is not None:
        return number
    if len(w) == 1 and w[0] in NAMES:
        return NAMES.index(w[0])
    names = ", ".join(NAMES)
    raise ActionNotationError(
        reason(N_("cannot read this; write one of: {names}"), names=names), text
    )
