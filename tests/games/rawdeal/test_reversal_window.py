"""RD-5.1: the reversal window tells nobody what the defender holds (issue 27, item 9).

Whether the window opens must not depend on the defender's hand or Backlash deck: a
spectator, and the turn player, see the same thing whether or not the defender holds a
reversal that fits, up to the defender's own choice. With ``reversal_window=when_able`` the
window opens only for a defender who holds one, as before; that option leaks, by design."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.games.rawdeal.actions import ABILITY

SETUP = {
    "p0.backlash": [],
    "p1.backlash": [],
    "p1.backstage": ["dex-quintero"],
    "p0.hand": ["punch"],
    "p0.arsenal": ["elbow-drop", "punch", "punch"],
    "p1.arsenal": ["punch"] * 6,
}
FITS = ["duck-under", "rope-break"]  # duck-under reverses a Strike such as punch
FITS_NOT = ["slip-the-hold", "rope-break"]  # a Grapple's and a Submission's reversal


def _views(hand: list[str], **options: Any) -> list[tuple[Any, ...]]:
    """What a spectator and the turn player see, step by step, of a punch played at a
    defender holding ``hand`` who lets it through (in a window, if one opens)."""
    st = cardtable.load_game("rawdeal", **options).new_initial_state(seed=1)
    st.pin_zones({**SETUP, "p1.hand": hand})
    st.apply_action(st.string_to_action("end"))  # the Pre-match: nothing to place
    seen: list[tuple[Any, ...]] = []
    for text in ("play punch as maneuver", "end"):
        if text == "end" and st.current_player() != 1:
            break  # no window: nothing to let through
        events = st.apply_action(st.string_to_action(text))
        for viewer in (None, 0):
            obs = _public(st.observation(viewer))
            seen.append((viewer, obs, [st.event_view(e, viewer) for e in events]))
    return seen


def _public(obs: dict[str, Any]) -> dict[str, Any]:
    """An observation without the defender's hand, which differs between the two games by
    construction (its size does not)."""
    zones = dict(obs["zones"])
    zones["p1.hand"] = len(zones["p1.hand"]) if isinstance(zones["p1.hand"], list) else 0
    return {**obs, "zones": zones}


def test_rd_5_1_the_window_shows_nothing_of_the_hand() -> None:
    """Two games differing only in the defender's hidden hand, one with a reversal that
    fits the punch and one without: a spectator and the turn player see the same
    observations and events, the window included, when the defender lets it through."""
    with_one = _views(FITS)
    without = _views(FITS_NOT)
    assert [s[1]["phase"] for s in with_one] == [s[1]["phase"] for s in without]
    assert with_one == without


def test_rd_5_1_when_able_opens_only_for_a_defender_who_can_reverse() -> None:
    """The option ``reversal_window=when_able``: the window opens only when the defender
    holds a fitting reversal (what the engine did before issue 27), so the views differ."""
    assert _views(FITS, reversal_window="when_able") != _views(
        FITS_NOT, reversal_window="when_able"
    )


def _window_after(st: State, action: int) -> bool:
    after = st.clone()
    after.apply_action(action)
    return after.observation(None)["phase"] == "reversal window"


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 3}, {"players": 4, "match": "tag"}],
    ids=["singles", "three", "tag"],
)
def test_rd_5_1_the_window_depends_on_no_hidden_card(options: dict[str, Any]) -> None:
    """In random games, every card the turn player plays (or aims) opens a window or not
    the same way in every state the turn player cannot tell from the true one (the
    defender's hand and Backlash deck dealt again): the window is decided by what everyone
    sees."""
    game = cardtable.load_game("rawdeal", **options)
    rng = Rng(27)
    checked = 0
    for seed in range(4):
        st = game.new_initial_state(seed=seed)
        while not st.is_terminal() and st.turn_no < 60:
            legal = st.legal_actions()
            action = legal[rng.below(len(legal))]
            p = st.current_player()
            phase = st.observation(None)["phase"]
            if p == st.tp and phase in ("main", "target") and action > ABILITY:
                window = _window_after(st, action)
                for _ in range(3):
                    twin = st.resample(p, rng)
                    assert _window_after(twin, action) == window, (seed, st.turn_no)
                checked += 1
            st.apply_action(action)
    assert checked > 50
