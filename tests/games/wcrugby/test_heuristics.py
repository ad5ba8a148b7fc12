"""Wheelchair rugby game knowledge for agents (heuristics.py): the action values read the
observation only and value every legal action; lineups keep to the class-point limit and
fill the positions; ``evaluate`` estimates the returns within their range and adding up like
them; and the greedy agent they drive beats random play."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, combinations

import pytest

import cardtable
from cardtable.core.conformance import check_heuristics, random_states
from cardtable.core.events import Event
from cardtable.core.rng import Rng
from cardtable.games.wcrugby import heuristics
from cardtable.games.wcrugby.facts import observed_facts, state_facts
from cardtable.games.wcrugby.fields import PH_STRATEGY, PH_WINDOW, PHASES
from cardtable.games.wcrugby.heuristics import HeuristicTables
from cardtable.games.wcrugby.rules import RugbyState
from cardtable.sim.runner import SimConfig, run


def test_a_finite_value_for_every_legal_action() -> None:
    """The generic check (conformance.check_heuristics: finite values read from the
    observation alone, evaluate in range) over random games that reach every phase."""
    game = cardtable.load_game("wcrugby")
    check_heuristics(game, range(4))
    phases = {
        obs["phase"]
        for state in random_states(game, range(4))
        if not state.is_terminal()
        for obs in [state.observation(state.current_player())]
    }
    assert {"lineup", "positions", "strategy", "substitution window", "fatigue"} <= phases


def greedy_game(seed: int) -> Iterator[tuple[RugbyState, str, int, list[Event]]]:
    """A greedy self-play game: after each action, the state, the phase the action was
    taken in, the action and its events."""
    game = cardtable.load_game("wcrugby")
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, RugbyState)
    rng = Rng(seed)
    while not state.is_terminal():
        p = state.current_player()
        obs = state.observation(p)
        legal = state.legal_actions()
        values = game.hints.heuristic_values(obs, legal)
        top = max(values)
        action = rng.choice([a for a, v in zip(legal, values, strict=True) if v == top])
        events = state.apply_action(action)
        yield state, obs["phase"], action, events


def test_greedy_lineups_are_full_and_fill_the_positions() -> None:
    """WR-2, WR-3: four players within the limit (the starter decks always allow it), an
    inbounder who throws 3 or more and a target who catches 3 or more: a position penalty
    is rare."""
    penalties = reveals = 0
    for seed in range(6):
        for state, _, _, events in greedy_game(seed):
            for e in events:
                if e.kind == "position_penalty":
                    penalties += 1
                if e.kind == "period_start":
                    reveals += 2
                    for team in (0, 1):
                        assert sum(c >= 0 for c in state.court(team)) == 4
    assert reveals >= 48
    assert penalties <= reveals // 10


def test_fatigue_drops_one_player_only() -> None:
    """WR-7.2: a team that must drop a player drops one, then stops (END is legal only once
    one is dropped, and then it is worth more than dropping another)."""
    game = cardtable.load_game("wcrugby")
    seen = 0
    for state in random_states(game, range(6)):
        if state.is_terminal():
            continue
        p = state.current_player()
        obs = state.observation(p)
        legal = state.legal_actions()
        if obs["phase"] != "fatigue" or legal[0] != 0:
            continue
        values = game.hints.heuristic_values(obs, legal)
        assert values[0] > max(values[1:])
        seen += 1
    assert seen > 0


def test_evaluate_is_in_range_and_adds_up_like_the_returns() -> None:
    game = cardtable.load_game("wcrugby")
    for state in random_states(game, range(6), every=5):
        assert isinstance(state, RugbyState)
        values = game.hints.evaluate(state)
        assert values is not None and len(values) == 2
        if state.is_terminal():
            assert values == state.returns()
            continue
        assert all(-1.0 <= v <= 1.0 for v in values)
        assert values[0] == -values[1]


def test_evaluate_follows_the_score() -> None:
    """A team ahead by many points late in the game is the clear favourite; level at the
    start, neither is."""
    game = cardtable.load_game("wcrugby")
    state = game.new_initial_state(seed=2)
    assert isinstance(state, RugbyState)
    assert game.hints.evaluate(state) == [0.0, -0.0]
    state.scores = [[14, 12, 13], [6, 8, 7]]
    state.period = 4
    v = game.hints.evaluate(state)
    assert v is not None and v[0] > 0.9


def test_a_player_who_had_a_special_brings_none_by_another_card() -> None:
    """WR-5.4: a special counts for the player, not the card, so substituting
    kaito-mori-captain for kaito-mori after his special gains no special of his; the same
    substitution is worth more when he had none."""
    game = cardtable.load_game("wcrugby")
    state = game.new_initial_state(seed=0)
    state.pin_zones(
        {
            "t0.pool": [
                "kaito-mori",
                "daichi-hoshino",
                "sota-yamabuki",
                "tetsuo-ibaraki",
                "kaito-mori-captain",
                *["set-play"] * 3,
            ],
            "t1.pool": ["ryota-kusunoki", "lin-jia-hao", "wiremu-tane", "sota-yamabuki"],
        }
    )
    for text in ("pick kaito-mori", "pick daichi-hoshino", "pick sota-yamabuki"):
        state.apply_action(state.string_to_action(text))
    for text in ("pick tetsuo-ibaraki", "inbounder 2", "target 3", "pick ryota-kusunoki"):
        state.apply_action(state.string_to_action(text))
    for text in ("pick lin-jia-hao", "pick wiremu-tane", "pick sota-yamabuki", "inbounder 2"):
        state.apply_action(state.string_to_action(text))
    state.apply_action(state.string_to_action("target 1"))
    state.apply_action(state.string_to_action("special set-play on 1 skill 1"))
    sub = state.string_to_action("sub kaito-mori-captain for 1")
    obs = state.observation(0)
    assert obs["teams"][0]["special_slots"] == [1]
    after = game.hints.heuristic_values(obs, [sub])[0]
    obs["teams"][0]["special_slots"] = []  # as if the special had gone to another player
    assert game.hints.heuristic_values(obs, [sub])[0] > after


@pytest.mark.parametrize(("seed", "at_least"), [(1, 190)])
def test_greedy_beats_random(seed: int, at_least: int) -> None:
    """Seeded, seats swapping (measured: 199 of 200)."""
    config = SimConfig("wcrugby", {}, 200, ("greedy", "random"), seed=seed)
    wins = 0
    for r in run(config):
        assert not r.error
        if max(r.returns) > 0 and r.seats[r.returns.index(max(r.returns))] == 0:
            wins += 1
    assert wins >= at_least


def test_rollout_values_read_from_the_state_match_the_observations() -> None:
    """``rollout_values`` reads what the values read straight from the state (search
    rollouts skip the observation): over greedy games, which reach specials, modifiers and
    substitutions, and random ones, which reach fatigue, it gives exactly the values of
    ``heuristic_values`` for the player to act, for the state and for a resample of it; in
    strategy times and windows its facts are those of the observation."""
    game = cardtable.load_game("wcrugby")
    hints = game.hints
    assert hints is not None
    rng = Rng(5)
    phases: set[str] = set()
    modified = 0
    greedy = (state for seed in range(6) for state, _, _, _ in greedy_game(seed))
    for state in chain(greedy, random_states(game, range(3))):
        if state.is_terminal():
            continue
        assert isinstance(state, RugbyState)
        p = state.current_player()
        legal = state.legal_actions()
        for view in (state, state.resample(p, rng)):
            assert isinstance(view, RugbyState)
            obs = view.observation(p)
            expected = hints.heuristic_values(obs, legal)
            assert hints.rollout_values(view, p, legal) == expected, obs
            if state.phase in (PH_STRATEGY, PH_WINDOW):
                facts = state_facts(view, p)
                assert facts == observed_facts(game.card_pool.index, obs)
                modified += any(facts.mods)
        phases.add(PHASES[state.phase])
    assert {"lineup", "positions", "strategy", "substitution window", "fatigue"} <= phases
    assert modified


def _plain_lineups(
    k: HeuristicTables,
    chosen: tuple[int, ...],
    avail: tuple[int, ...],
    specials: float,
    opp: tuple[int, int],
) -> tuple[float, dict[int, float], tuple[int, ...]]:
    """``HeuristicTables.lineups`` as plainly as it can be written: every combination of
    the players that fit, the most players first, each summed from the start."""
    play = k.placements(specials)
    pos, roles_value = heuristics.POSITIVE, heuristics.ROLES

    def value(defs: tuple[int, ...]) -> float:
        atk = sum(play[d][0] for d in defs)
        dfn = sum(play[d][1] for d in defs)
        extra = 0.0
        for d in defs:
            extra += play[d][2]
        roles = sum(k.role[d] for d in defs)
        return pos[dfn - opp[0]] - pos[opp[1] - atk] + extra + roles_value[roles]

    def fits(combo: tuple[int, ...]) -> bool:  # one by one, as players are placed
        taken, free = k.lt.room(chosen)
        for d in combo:
            if k.lt.clash[d] & taken or k.lt.net[d] > free:
                return False
            taken, free = taken | k.lt.clash[d], free - k.lt.net[d]
        return True

    top, best, members = -1e9, {}, chosen
    if k.lt.room(chosen)[0] >= 0:
        top = value(chosen)
    cands = [d for d in avail if fits((d,))]
    for n in range(min(4 - len(chosen), len(cands)), 0, -1):
        for combo in combinations(cands, n):
            if fits(combo):
                total = value(chosen + combo)
                if total > top:
                    top, members = total, combo
                for d in combo:
                    best[d] = max(best.get(d, -1e9), total)
        if best:
            break
    return top, best, members


def test_the_lineup_search_finds_what_every_combination_gives() -> None:
    """The lineup search of the heuristics (combinations, or four loops sharing the sums
    of pairs and threes for a whole lineup) gives exactly what a plain walk through every
    combination gives: the same floats, the same first best lineup; and the futures' own
    search (``_top_lineup``) agrees with it, as do the futures (what each player of the
    best lineup adds to it)."""
    game = cardtable.load_game("wcrugby")
    assert game.hints is not None
    k = game.hints.heur
    rng = Rng(8)
    players = k.players
    for _ in range(400):
        pool = tuple(sorted(players[rng.below(len(players))] for _ in range(3 + rng.below(9))))
        chosen: tuple[int, ...] = ()
        if rng.below(3) == 0:
            chosen = (players[rng.below(len(players))],)
        specials = (0.0, 0.15, 0.2, 0.3)[rng.below(4)]
        opp = (5 + rng.below(25), 5 + rng.below(25))
        k.cache.clear()
        got = k.lineups(chosen, pool, specials, opp)
        assert got == _plain_lineups(k, chosen, pool, specials, opp), (chosen, pool)
        if not chosen:
            k.cache.clear()
            assert k._top_lineup(pool, specials, opp) == (got[0], got[2])
            whole, _, members = got
            rest = [d for d in pool if d not in members]
            losses = {}
            for d in members:
                others = tuple(e for e in members if e != d)
                room = k.lt.room(others)
                lineups = [others] + [(*others, e) for e in rest if k.lt.fits(room, e)]
                losses[d] = whole - max(k.total(x, specials, opp) for x in lineups)
            assert k.future(pool, specials, opp) == losses
