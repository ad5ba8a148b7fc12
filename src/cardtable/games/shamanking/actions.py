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

from cardtable.core.errors import IllegalActionError

PASS, COUNTER, COUNTER_EXTRA, PLAY, FOCUS, SIGNATURE, FIRST, SECOND = range(8)
NAMES = ("pass", "counter", "counter+", "play", "focus", "signature", "first", "second")


def to_string(a: int) -> str:
    """The notation of action ``a``."""
    if not 0 <= a < len(NAMES):
        raise IllegalActionError("not an action of this game", a)
    return NAMES[a]


def parse(text: str) -> int:
    """Parse notation (or a plain integer)."""
    w = text.strip().lower()
    if w.isdigit() and int(w) < len(NAMES):
        return int(w)
    if w in NAMES:
        return NAMES.index(w)
    raise IllegalActionError(f"cannot read this; write one of: {', '.join(NAMES)}", text)
