"""Raw Deal rules beyond the scenario files: the rule book gives every rule a source and a
test, hidden zones stay hidden, and the uniqueness rules no shipped card exercises are tested
with a card file of their own. (tests/test_scenarios.py runs the scenario files.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import cardtable
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import Game
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.games import rawdeal
from cardtable.games.rawdeal.rules import RawDealState

CARD_DIR = Path(rawdeal.__file__).parent / "cards"
DOC = Path(__file__).parents[3] / "docs" / "rules" / "rawdeal.md"


def test_every_rule_has_a_source_and_a_test() -> None:
    """Each RD-x.y entry of the rule book says where it comes from and what tests it, and
    every rule id the code reports or names is in the rule book."""
    doc = DOC.read_text()
    ids = []
    for block in doc.split("\n\n"):
        m = re.match(r"\*\*(RD-\d+\.\d+) ", block)
        if m:
            ids.append(m.group(1))
            assert "Source:" in block, f"{m.group(1)} has no Source"
            assert "Test:" in block, f"{m.group(1)} has no Test"
    assert len(ids) == len(set(ids)) >= 40
    code = "".join(p.read_text() for p in Path(CARD_DIR).parent.glob("*.py"))
    for rule in set(re.findall(r"RD-\d+\.\d+", code)):
        assert rule in ids, f"the code names {rule}, which the rule book lacks"


def test_hidden_zones() -> None:
    """RD-3.6: the hand and Backlash deck are seen by their owner only, the Arsenal by
    nobody; the Ring, Ringside pile, Backstage area and Pre-match cards by everyone."""
    g = cardtable.load_game("rawdeal")
    st = g.new_initial_state(seed=2)
    own, other, spectator = (st.observation(p)["zones"] for p in (0, 1, None))
    assert isinstance(own["p0.hand"], list) and isinstance(own["p0.backlash"], list)
    assert other["p0.hand"] == spectator["p0.hand"] == len(own["p0.hand"])
    assert other["p0.backlash"] == len(own["p0.backlash"])
    assert own["p0.arsenal"] == other["p0.arsenal"] == 55
    assert other["p0.backstage"] == ["regina-sterling", "archibald-finch"]
    for key in ("p0.ring", "p0.ringside", "p0.prematch", "p0.playing"):
        assert other[key] == []


def _play(st: State, *actions: str) -> None:
    for a in actions:
        st.apply_action(st.string_to_action(a))


EXTRA = """\
set: test
cards:
  - id: crowd-chant
    name: Crowd Chant
    type: arsenal
    plays_as: [action]
    active: true
    fortitude: 0
    effects: [{do: draw, amount: 1}]
    text: "Active. Draw 1 card."
  - id: golden-microphone
    name: The Golden Microphone
    type: arsenal
    plays_as: [action]
    universally_unique: true
    fortitude: 0
    text: "Universally Unique."
  - id: grapple-chaser
    name: Grapple Chaser
    type: arsenal
    plays_as: [maneuver]
    subtypes: [strike]
    fortitude: 0
    damage: 1
    requires: {after_maneuver: grapple}
  - id: any-chaser
    name: Any Chaser
    type: arsenal
    plays_as: [action]
    fortitude: 0
    requires: {after_maneuver: any}
"""


def _game_with_extra_cards(tmp_path: Path) -> Game:
    for f in CARD_DIR.glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "zz-test.yaml").write_text(EXTRA)
    return cardtable.load_game("rawdeal", cards=str(tmp_path))


def _start(tmp_path: Path) -> State:
    g = _game_with_extra_cards(tmp_path)
    st: State = g.new_initial_state(seed=1)
    st.pin_zones(
        {
            "p0.backlash": [],
            "p1.backlash": [],
            "p1.backstage": ["dex-quintero"],
            "p0.hand": ["crowd-chant", "crowd-chant", "golden-microphone"],
            "p1.hand": ["crowd-chant", "golden-microphone"],
            "p0.arsenal": ["punch"] * 6,
            "p1.arsenal": ["punch"] * 6,
        }
    )
    _play(st, "end")  # Pre-match: nothing to place; p0 (Superstar Value 4) starts
    assert st.current_player() == 0
    return st


def test_active_card_once_in_your_own_ring(tmp_path: Path) -> None:
    """RD-6.1: no second card of an Active title while one is in your Ring; the opponent's
    Ring does not count."""
    st = _start(tmp_path)
    _play(st, "play crowd-chant as action")
    assert "play crowd-chant as action" not in [st.action_to_string(a) for a in st.legal_actions()]
    with pytest.raises(IllegalActionError, match="Active is already in your Ring"):
        st.apply_action(st.string_to_action("play crowd-chant as action"))
    _play(st, "end")
    assert st.current_player() == 1
    _play(st, "play crowd-chant as action")  # p1's own Ring has none
    assert st.observation(None)["zones"]["p1.ring"] == ["crowd-chant"]


def test_universally_unique_card_once_in_all_rings(tmp_path: Path) -> None:
    """RD-6.1: a Universally Unique card in any Ring keeps every player from playing it."""
    st = _start(tmp_path)
    _play(st, "play golden-microphone as action", "end")
    assert st.current_player() == 1
    legal = [st.action_to_string(a) for a in st.legal_actions()]
    assert "play golden-microphone as action" not in legal
    with pytest.raises(IllegalActionError, match="Universally Unique card is already in a Ring"):
        st.apply_action(st.string_to_action("play golden-microphone as action"))


def test_a_card_needing_a_maneuver_of_a_type_played_right_before(tmp_path: Path) -> None:
    """RD-4.5: a card that must be played right after a maneuver of a type (or any maneuver)
    is legal only when the card played last this turn was one, played as a maneuver."""
    st = _game_with_extra_cards(tmp_path).new_initial_state(seed=1)
    st.pin_zones(
        {
            "p0.backlash": [],
            "p1.backlash": [],
            "p1.backstage": ["dex-quintero"],
            "p0.hand": ["grapple-chaser", "any-chaser", "punch", "headlock-takedown"],
            "p1.hand": ["crowd-chant"],
            "p0.arsenal": ["punch"] * 20,
            "p1.arsenal": ["punch"] * 20,
        }
    )
    _play(st, "end")

    def legal() -> list[str]:
        return [st.action_to_string(a) for a in st.legal_actions()]

    def play(card: str) -> None:
        _play(st, f"play {card} as maneuver")
        while st.current_player() == 1:  # the reversal window: let it through
            _play(st, "end")

    assert "play grapple-chaser as maneuver" not in legal()
    assert "play any-chaser as action" not in legal()
    with pytest.raises(IllegalActionError, match="right after a Grapple maneuver"):
        st.apply_action(st.string_to_action("play grapple-chaser as maneuver"))
    play("punch")
    assert "play any-chaser as action" in legal()
    assert "play grapple-chaser as maneuver" not in legal()
    play("headlock-takedown")
    assert "play grapple-chaser as maneuver" in legal()
    play("grapple-chaser")
    assert st.observation(None)["zones"]["p0.ring"][-1] == "grapple-chaser"
    words = st.game.presentation.card_text
    assert "Play it only right after a Grapple maneuver." in words("grapple-chaser")
    assert "グラップルのマニューバーの直後にだけ使用できる。" in words("grapple-chaser", "ja")
    assert "Play it only right after a maneuver." in words("any-chaser")


def test_resample_keeps_backlash_cards_apart() -> None:
    """RD-1.6, RD-3.4: a state resampled for search deals the opponent's hidden cards again
    but keeps Arsenal cards in the hand and Arsenal and Backlash cards in the Backlash deck;
    the observation stays the same, and the hidden cards do change."""
    from cardtable.core.rng import Rng
    from cardtable.games.rawdeal.zones import ARSENAL, BACKLASH, HAND, pbase

    g = cardtable.load_game("rawdeal")
    kinds = g.card_kinds
    rng = Rng(4)
    changed = 0
    for seed in range(4):
        st = g.new_initial_state(seed=seed)
        for _ in range(40):
            if st.is_terminal():
                break
            p = st.current_player()
            other = st.resample(p, rng)
            assert other.observation(p) == st.observation(p)
            b = pbase(1 - p)
            for zone, allowed in ((HAND, {"arsenal"}), (ARSENAL, {"arsenal"})):
                assert {kinds[other.cards[c]] for c in other.zones[b + zone]} <= allowed
            assert {kinds[other.cards[c]] for c in other.zones[b + BACKLASH]} <= {
                "prematch",
                "midmatch",
            }
            changed += other.zones[b + HAND] != st.zones[b + HAND]
            st.apply_action(rng.choice(st.legal_actions()))
    assert changed > 20


def _pinned(pins: dict[str, list[str]], steps: list[str]) -> State:
    """A new game with ``pins`` set, then ``steps`` played."""
    st: State = cardtable.load_game("rawdeal").new_initial_state(seed=1)
    st.pin_zones({"p0.backlash": [], "p1.backlash": [], "p1.backstage": ["dex-quintero"], **pins})
    for a in steps:
        _play(st, a)
    return st


def _bottoms(st: State, player: int, rng_seed: int, n: int) -> set[tuple[int, ...]]:
    """The two bottom cards of P0's Arsenal in ``n`` states resampled for ``player``."""
    from cardtable.core.rng import Rng
    from cardtable.games.rawdeal.zones import ARSENAL

    rng = Rng(rng_seed)
    return {st.resample(player, rng).zones[ARSENAL][:2] for _ in range(n)}


def test_resample_keeps_cards_everyone_saw_go_back() -> None:
    """RD-7.6: the cards taken back from the Ringside pile under the Arsenal are seen by
    everyone, so a resample for either player leaves them at the bottom of the Arsenal."""
    from cardtable.games.rawdeal.zones import ARSENAL

    pins = {
        "p0.hand": ["catch-your-breath"],
        "p0.ringside": ["punch", "kick", "superkick"],
        "p0.arsenal": ["elbow-drop", "jab", "chop", "chop", "arm-drag", "dropkick"],
        "p1.hand": ["jab", "chop"],
        "p1.arsenal": ["punch"] * 5,
    }
    st = _pinned(pins, ["end", "play catch-your-breath as action"])
    truth = st.zones[ARSENAL][:2]
    assert [st.card_id(c) for c in truth] == ["kick", "superkick"]
    assert _bottoms(st, 0, 1, 20) == {truth} == _bottoms(st, 1, 2, 20)


def test_resample_keeps_a_buried_card_for_its_owner_alone() -> None:
    """RD-4.3: the card a player buries is known to that player, not to the opponent: a
    resample for the player leaves it at the bottom of their Arsenal, one for the opponent
    deals it again."""
    from cardtable.games.rawdeal.zones import ARSENAL

    pins = {
        "p0.backstage": ["vesna-kordova"],
        "p0.hand": ["punch"],
        "p0.arsenal": ["elbow-drop", "jab", "kick", "chop", "arm-drag", "dropkick"],
        "p1.hand": [],
        "p1.arsenal": ["punch"] * 4,
    }
    st = _pinned(pins, ["end", "ability", "bury punch"])
    assert st.card_id(st.zones[ARSENAL][0]) == "punch"
    mine = {b[0] for b in _bottoms(st, 0, 1, 20)}
    theirs = {st.card_id(b[0]) for b in _bottoms(st, 1, 2, 40)}
    assert mine == {st.zones[ARSENAL][0]} and len(theirs) > 1


def test_a_look_at_the_hand_is_seen_by_the_player_alone() -> None:
    """RD-7.26: after Peek (a made-up scenario card) P0's observation and event show P1's
    hand; P1's observation and a spectator's show nothing more; a card that leaves the hand
    leaves what P0 sees; a resample for P0 keeps the cards seen in P1's hand."""
    here = Path(__file__).parent / "scenario-cards"
    game = cardtable.load_game("rawdeal", cards=str(here / "cards.yaml"), tie_first="p0")
    plain = game.load_deck(here / "decks" / "plain.yaml")
    st = game.new_initial_state(seed=1, decks=[plain, plain])
    st.pin_zones(
        {
            "p0.hand": ["peek", "mind-games"],
            "p1.hand": ["heavy-boot", "counter-shove", "filler-jab"],
            "p0.backlash": [],
            "p1.backlash": [],
        }
    )
    events = st.apply_action(st.string_to_action("play peek as action"))
    assert st.observation(0)["seen_hands"] == {"1": ["heavy-boot", "counter-shove", "filler-jab"]}
    assert "seen_hands" not in st.observation(1) and "seen_hands" not in st.observation(None)
    seen = [e for e in events if e.kind == "seen_hand"]
    assert [st.event_view(e, 0) for e in seen] == [
        {
            "kind": "seen_hand",
            "player": 0,
            "target": 1,
            "cards": ["heavy-boot", "counter-shove", "filler-jab"],
        }
    ]
    assert [st.event_view(e, 1) for e in seen] == [None]
    for seed in range(5):
        again = st.resample(0, Rng(seed))
        assert again.observation(0)["seen_hands"] == st.observation(0)["seen_hands"]
    hidden = st.clone()  # P1 hides a card of the hand P0 saw: P0 forgets the hand whole
    assert isinstance(hidden, RawDealState)
    hidden._learn(hidden.zones[hidden.game.zone_keys["p1.hand"]][0], 1)
    assert "seen_hands" not in hidden.observation(0)
    st.apply_action(st.string_to_action("play mind-games as action"))  # P1 discards 2
    for card in ("counter-shove", "filler-jab"):
        st.apply_action(st.string_to_action(f"discard {card}"))
    assert st.observation(0)["seen_hands"] == {"1": ["heavy-boot"]}
