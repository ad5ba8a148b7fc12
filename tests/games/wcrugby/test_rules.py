"""Wheelchair rugby rules beyond the scenario files: lineups stay secret, and the scenario
runner's observation expectation. (tests/test_scenarios.py runs the scenario files.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cardtable
from cardtable.scenario import run_scenario


def test_lineup_secret_from_the_opponent_until_reveal() -> None:
    """WR-3.1: team 1 places without seeing team 0's sideways cards or positions."""
    g = cardtable.load_game("wcrugby")
    st = g.new_initial_state(seed=0)
    st.pin_zones(
        {
            "t0.pool": ["kaito-mori", "daichi-hoshino", "sota-yamabuki", "tetsuo-ibaraki"],
            "t1.pool": ["ryota-kusunoki", "lin-jia-hao", "wiremu-tane", "sota-yamabuki"],
        }
    )
    for text in ("pick kaito-mori", "pick daichi-hoshino sideways", "pick sota-yamabuki"):
        st.apply_action(st.string_to_action(text))
    for text in ("pick tetsuo-ibaraki", "inbounder 4", "target 2"):
        st.apply_action(st.string_to_action(text))
    assert st.current_player() == 1
    own = st.observation(0)["teams"][0]
    assert (own["sideways"], own["inbounder"], own["target"]) == ([2], 4, 2)
    theirs = st.observation(1)["teams"][0]
    assert (theirs["sideways"], theirs["inbounder"], theirs["target"]) == ([], None, None)
    assert st.observation(1)["zones"]["t0.lineup.2"] == 1


def test_observation_expectation_reports_a_mismatch(tmp_path: Path) -> None:
    """The runner's ``observation:`` check matches listed keys only and names what differs."""
    p = tmp_path / "s.yaml"
    base = "name: x\nrule: WR-4.2\ngame: wcrugby\nsteps:\n  - expect:\n      observation: "
    p.write_text(base + "{period: 1, teams: [{inbounder: null}, {}]}\n")
    assert run_scenario(p).ok
    p.write_text(base + "{period: 2}\n")
    result = run_scenario(p)
    assert not result.ok and "observation period is 1, expected 2" in result.message
    p.write_text(base + "{teams: [{}]}\n")
    assert not run_scenario(p).ok
    p.write_text(base + "{colour: red}\n")
    assert "no observation key 'colour'" in run_scenario(p).message


def test_resample_draws_the_hidden_lineup_again() -> None:
    """WR-3.1: a state resampled for one team does not keep the other team's face-down
    orientation, inbounder and target; the observation stays the same."""
    from cardtable.core.rng import Rng
    from cardtable.games.wcrugby.zones import LINEUP, SLOTS, tbase

    g = cardtable.load_game("wcrugby")
    st = g.new_initial_state(seed=3)
    rng = Rng(2)
    placed = [tbase(0) + LINEUP + s for s in range(SLOTS)]
    while not (st.current_player() == 1 and st.inb[0] >= 0 and all(st.zones[z] for z in placed)):
        st.apply_action(rng.choice(st.legal_actions()))
    truth = (st.side[0], st.inb[0], st.tgt[0])
    drawn = set()
    for k in range(20):
        other = st.resample(1, Rng(k))
        assert other.observation(1) == st.observation(1)
        drawn.add((other.side[0], other.inb[0], other.tgt[0]))
    assert len(drawn) > 3 and drawn != {truth}


def test_resample_keeps_the_hidden_lineup_legal() -> None:
    """WR-2, WR-3.1: a state resampled for team 1 puts on team 0's face-down lineup only
    players the rules let on court together, drawn again (not the true lineup each time),
    in every period; the hidden cards stay the team's, and the observation the same."""
    from collections import Counter

    from cardtable.core.rng import Rng
    from cardtable.games.wcrugby.zones import LINEUP, PER_TEAM, SLOTS

    g = cardtable.load_game("wcrugby")
    rng = Rng(5)
    periods: Counter[int] = Counter()
    for seed in range(6):
        st = g.new_initial_state(seed=seed)
        while not st.is_terminal():
            placed = [st.zones[PER_TEAM * 0 + LINEUP + s] for s in range(SLOTS)]
            if st.current_player() == 1 and all(placed) and st.court(0) == [-1] * SLOTS:
                periods[st.period] += _check_hidden_lineups(st, rng)
            st.apply_action(rng.choice(st.legal_actions()))
    assert periods[1] > 0 and periods[2] > 0 and periods[3] > 0


def _check_hidden_lineups(st: Any, rng: Any) -> int:
    """Resample ``st`` for team 1 ten times; check each; return how many drew another lineup."""
    from cardtable.games.wcrugby.zones import LINEUP, PER_TEAM, SLOTS

    def lineup(s: Any) -> list[int]:
        return [s.cards[s.zones[PER_TEAM * 0 + LINEUP + k][0]] for k in range(SLOTS)]

    def hidden(s: Any) -> list[int]:
        return sorted(s.cards[c] for z in range(PER_TEAM) for c in s.zones[z])

    other_lineups = 0
    for _ in range(10):
        other = st.resample(1, rng)
        assert st.hot.lineup.ok(lineup(other)), lineup(other)
        assert hidden(other) == hidden(st)
        assert other.observation(1) == st.observation(1)
        other_lineups += sorted(lineup(other)) != sorted(lineup(st))
    return other_lineups


def test_resample_keeps_players_back_from_court_out_of_the_deck() -> None:
    """WR-7.2: team 1 saw team 0's court players go back to the tired players, then to the
    fatigue pile or the hand, and on to a lineup. A state resampled for team 1 never deals
    one of them into team 0's deck, and the tired players and the fatigue pile hold none but
    them. What team 1 saw is followed from the events, not from the state's own record."""
    from cardtable.core.rng import Rng

    g = cardtable.load_game("wcrugby")
    keys = [spec.key for spec in g.zone_specs]
    rng, checked = Rng(7), 0
    for seed in range(4):
        st, seen = g.new_initial_state(seed=seed), set()
        while not st.is_terminal():
            if st.current_player() == 1 and seen & _hidden_of_team_0(st):
                checked += _check_seen(st, seen, rng)
            for event in st.apply_action(rng.choice(st.legal_actions())):
                if event.kind == "move" and keys[event.dst] == "t0.tired":
                    seen.add(event.card)
                elif event.kind == "move" and keys[event.dst] == "t0.deck":
                    seen.discard(event.card)  # a reshuffle: the deck holds it now
    assert checked > 50


def _hidden_of_team_0(st: Any) -> set[int]:
    """Team 0's cards out of team 1's sight."""
    from cardtable.games.wcrugby.zones import PER_TEAM

    visible = st.game.visibility[1]
    return {c for z in range(PER_TEAM) if not visible[z] for c in st.zones[z]}


def _check_seen(st: Any, seen: set[int], rng: Any) -> int:
    """Resample ``st`` for team 1 five times; check where team 0's seen players went."""
    from cardtable.games.wcrugby.zones import DECK, FATIGUED, POOL, TIRED

    for _ in range(5):
        other = st.resample(1, rng)
        assert not seen & {c for z in (DECK, POOL) for c in other.zones[z]}
        assert {c for z in (TIRED, FATIGUED) for c in other.zones[z]} <= seen
        assert other.observation(1) == st.observation(1)
    return 1


def test_resample_deals_a_player_reshuffled_into_the_deck_again() -> None:
    """WR-5.5, WR-7.2: a player everyone saw come off court who is then shuffled back into
    the deck with the discard pile is a deck card like any other: a state resampled for the
    other team may deal it into the deck again."""
    from cardtable.core.rng import Rng
    from cardtable.games.wcrugby.zones import DECK, DISCARD, HAND

    g = cardtable.load_game("wcrugby")
    rng, st = Rng(7), g.new_initial_state(seed=0)
    while not st.seen[0]:
        st.apply_action(rng.choice(st.legal_actions()))
    player = next(c for c in st.zones[HAND] if c in st.seen[0])
    st.zones[HAND] = tuple(c for c in st.zones[HAND] if c != player)
    st.zones[DISCARD] += st.zones[DECK] + (player,)
    st.zones[DECK] = ()
    assert st._reshuffle(0, None)
    assert player in st.zones[DECK]
    dealt = [player in st.resample(1, rng).zones[DECK] for _ in range(20)]
    assert any(dealt)
