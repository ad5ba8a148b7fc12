"""The State protocol: what every game's state offers, and the generic parts of it.

A game subclasses :class:`State` and implements the underscored hooks. The base class caches
legal actions, checks legality before anything changes, records the history, and derives
observations, event views and ``resample`` from the zone declarations.
"""
# cardtable: compile

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any, TypeAlias

from cardtable.core.action_list import NO_ACTIONS, ActionList
from cardtable.core.errors import CardtableError, IllegalActionError, brief
from cardtable.core.events import EVERYONE, Event
from cardtable.core.i18n import N_
from cardtable.core.notation import check_action_number
from cardtable.core.rng import Rng

if TYPE_CHECKING:
    from cardtable.core.game import Game

TERMINAL = -4
"""What ``current_player()`` returns once the game is over."""

History: TypeAlias = "tuple[Any, int] | None"
"""The actions applied so far as a persistent linked list: ``(earlier, last action)``, ``None``
for none. A clone shares it, so copying a state does not copy its history. (The ``Any`` is a
``History``: mypyc cannot compile a recursive alias.)"""


def actions_of(history: History) -> list[int]:
    """The actions of a persistent history, first to last."""
    out: list[int] = []
    while history is not None:
        history, action = history
        out.append(action)
    out.reverse()
    return out


def _field_names(cls: type) -> list[str]:
    """The attributes a state of class ``cls`` may hold: the slots of its classes, or in the
    compiled build the attributes mypyc lists for it."""
    compiled: tuple[str, ...] | None = getattr(cls, "__mypyc_attrs__", None)
    if compiled is not None:
        return [n for n in compiled if n != "__dict__"]
    return [n for k in cls.__mro__ for n in getattr(k, "__slots__", ())]


def history_of(actions: Iterable[int]) -> History:
    """A persistent history holding ``actions`` in order."""
    history: History = None
    for action in actions:
        history = (history, action)
    return history


class State(ABC):
    """A game in progress. ``zones[i]`` is a tuple of card instances; ``cards[inst]`` is the
    index of that instance's definition in the game's card pool."""

    __slots__ = ("_history", "_legal", "cards", "game", "rng", "zones")

    game: Game
    zones: list[tuple[int, ...]]
    cards: tuple[int, ...]
    rng: Rng
    _history: History
    _legal: list[int] | None

    def _init_base(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.zones = [() for _ in game.zone_specs]
        self.cards = ()
        self._history = None
        self._legal = None

    # ----- hooks a game implements -------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The index of the player to act, or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted legal actions of a non-terminal state; never empty."""

    @abstractmethod
    def _apply(self, action: int) -> list[Event]:
        """Apply a legal action; return its events."""

    def _push(self, action: int) -> None:
        """Apply a legal action for :meth:`push`, whose caller wants no events. Default:
        ``_apply``, its events dropped; a game may skip building them."""
        self._apply(action)

    @abstractmethod
    def _explain_illegal(self, action: int) -> str:
        """Say in words why ``action`` is not legal now, in English: a message (marked with
        ``N_``) or a :class:`~cardtable.core.i18n.Reason` (``reason``) that
        :func:`~cardtable.core.i18n.say` gives in the other languages too."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each player's result; all 0.0 before the end."""

    @abstractmethod
    def _public_view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know besides zone contents (scores, phase, ...)."""

    @abstractmethod
    def _copy_into(self, other: State) -> None:
        """Copy the game's own fields into a fresh clone (zones etc. are done)."""

    def _after_resample(self, player: int) -> None:  # noqa: B027
        """Fix derived fields after hidden cards were redistributed; default: nothing."""

    def _known_hidden(self, player: int) -> AbstractSet[int]:
        """Cards in zones ``player`` cannot see whose identity ``player`` knows all the same
        (everyone saw them before they were put face down): ``resample`` leaves them where
        they lie. Default: none."""
        return frozenset()

    # ----- the public contract --------------------------------------------------------------
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted; empty only when the game is over. The list is the
        state's own cache, shared and read-only (an :class:`ActionList`): copy it to change
        it."""
        legal = self._legal
        if legal.__class__ is not ActionList:
            # computed (or taken as the game left it) and kept, in this one frame: this
            # runs once per decision of every playout
            if legal is None:
                legal = NO_ACTIONS if self.is_terminal() else self._legal_actions()
            if legal.__class__ is not ActionList:
                legal = ActionList(legal)
            self._legal = legal
        return legal

    def apply_action(self, action: object) -> list[Event]:
        """Apply ``action``; return its events. A value that is no action of the game (not
        an int, or outside ``0..num_distinct_actions()-1``) raises
        :class:`ActionNotationError`; an action the rules refuse now raises
        :class:`IllegalActionError` with the reason. Either changes nothing."""
        if type(action) is not int:  # 0.0 == 0 would pass for a legal action: only ints do
            number = check_action_number(action, self.game.num_distinct_actions())
            return self.apply_action(int(number))  # int(): exactly an int, so no second round
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        if action not in legal:
            check_action_number(action, self.game.num_distinct_actions())
            if self.is_terminal():
                raise IllegalActionError(N_("the game is over"), action)
            raise IllegalActionError(self._explain_illegal(action), self._safe_str(action))
        self._legal = None
        self._history = (self._history, action)
        return self._apply(action)

    def push(self, action: int) -> None:
        """Apply ``action`` for a trusted caller (search, batch simulation, replaying a
        history this library recorded): no legality check and no events. ``action`` must be
        one of ``legal_actions()``; anything else leaves the state undefined (it may raise,
        or go on in a state no game could reach). Otherwise it reaches exactly the state
        ``apply_action(action)`` reaches: the same zones, fields, generator and history."""
        self._legal = None
        self._history = (self._history, action)
        self._push(action)

    def _safe_str(self, action: int) -> str | int:
        try:
            return self.action_to_string(action)
        except CardtableError:
            return action

    def action_to_string(self, action: int) -> str:
        """The game's notation for an action."""
        return self.game.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse the game's notation (or a plain integer); only parses, does not check
        legality: raises ActionNotationError for text that is not an action."""
        return self.game.string_to_action(text)

    def history(self) -> list[int]:
        """The actions applied so far (a new list)."""
        return actions_of(self._history)

    def card_id(self, inst: int) -> str:
        """The card id of a card instance."""
        return self.game.card_ids[self.cards[inst]]

    def card_kind(self, inst: int) -> str:
        """The kind (type) of a card instance."""
        return self.game.card_kinds[self.cards[inst]]

    def observation(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready view of exactly what ``player`` may know (``None``: a spectator).

        ``zones`` maps each zone key to the list of its card ids (decks top first) when the
        player may see the zone, else to the number of cards in it."""
        if player is not None and not 0 <= player < self.game.num_players:
            raise ValueError(f"player must be in 0..{self.game.num_players - 1} or None")
        viewer = self.game.num_players if player is None else player
        visible = self.game.visibility[viewer]
        ids = self.game.card_ids
        cards = self.cards
        zones: dict[str, Any] = {}
        for i, spec in enumerate(self.game.zone_specs):
            z = self.zones[i]
            if visible[i]:
                names = [ids[cards[c]] for c in z]
                zones[spec.key] = names[::-1] if spec.stack else names
            else:
                zones[spec.key] = len(z)
        view = self._public_view(player)
        view["zones"] = zones
        return view

    def event_view(self, event: Event, player: int | None) -> dict[str, Any] | None:
        """What ``player`` (``None``: a spectator) may see of an event; ``None`` if nothing."""
        if event.private_to != EVERYONE and event.private_to != player:
            return None
        out: dict[str, Any] = {"kind": event.kind}
        if event.player != EVERYONE:
            out["player"] = event.player
        if event.kind == "move":
            specs = self.game.zone_specs
            viewer = self.game.num_players if player is None else player
            vis = self.game.visibility[viewer]
            out["from"] = specs[event.src].key
            out["to"] = specs[event.dst].key
            out["card"] = self.card_id(event.card) if vis[event.src] or vis[event.dst] else None
        elif event.card >= 0:
            out["card"] = self.card_id(event.card)
        if event.data:
            out.update(event.data)
        return out

    def clone(self) -> State:
        """An independent copy; card definitions are shared."""
        cls = type(self)
        other = cls.__new__(cls)
        other.game = self.game
        other.zones = self.zones[:]
        other.cards = self.cards
        other.rng = self.rng.copy()
        other._history = self._history  # persistent: shared, never changed in place
        other._legal = self._legal
        self._copy_into(other)
        return other

    def __getstate__(self) -> object:
        """For pickle and ``copy.deepcopy``: the slots, with the history as a flat list (a
        linked one as deep as a long game would pass their recursion limit)."""
        slots = {n: getattr(self, n) for n in _field_names(type(self)) if hasattr(self, n)}
        slots["_history"] = actions_of(self._history)
        return (getattr(self, "__dict__", None) or None, slots)

    def __setstate__(self, state: Any) -> None:
        """Restore what :meth:`__getstate__` gave."""
        attrs, slots = state
        for name, value in slots.items():
            if name != "_history":
                setattr(self, name, value)
        if attrs:
            for name, value in attrs.items():
                setattr(self, name, value)
        self._history = history_of(slots["_history"])

    def resample(self, player: int, rng: Rng) -> State:
        """A full state ``player`` cannot tell apart from this one.

        Every card the player cannot see is dealt again at random among the zones the player
        cannot see that have the same owner (so an opponent's hidden cards stay the opponent's),
        keeping each zone's size and the kinds of card it may hold; the state's own generator is
        reseeded so that future shuffles are unknown too. The history is kept as it was and
        does not replay the new state. The hidden cards are put in a canonical order (by
        definition, then instance) before the deal, so where they really were does not
        change the result. Cards the game names as known (``_known_hidden``) stay where they
        lie, and the others are dealt into the places left."""
        other = self.clone()
        known = self._known_hidden(player)
        for hidden in self._hidden_zones(player).values():
            self._redeal(other, hidden, rng, known)
        other.rng = Rng(rng.next64())
        other._legal = None
        other._after_resample(player)
        return other

    def _hidden_zones(self, player: int) -> dict[int | None, list[int]]:
        """The zones holding cards that ``player`` cannot see, by owner (``None``: shared):
        the groups ``resample`` deals again, each among its own zones."""
        visible = self.game.visibility[player]
        specs = self.game.zone_specs
        groups: dict[int | None, list[int]] = {}
        for i, v in enumerate(visible):
            if not v and self.zones[i]:
                groups.setdefault(specs[i].owner, []).append(i)
        return groups

    def _redeal(self, other: State, hidden: list[int], rng: Rng, known: AbstractSet[int]) -> None:
        """Deal the cards of zones ``hidden`` again at random into ``other``, but those of
        ``known``, which keep their places."""
        specs = self.game.zone_specs
        kind_of = self.game.card_kinds  # kind_of[cards[c]] is card_kind(c)
        cards = self.cards
        zones = self.zones
        if known:
            places = {i: sum(1 for c in zones[i] if c not in known) for i in hidden}
            pool = [c for i in hidden for c in zones[i] if c not in known]
        else:
            places = {i: len(zones[i]) for i in hidden}
            pool = [c for i in hidden for c in zones[i]]
        # A canonical order before the shuffle (by definition, then instance), so that the
        # deal depends on which cards are hidden, not on where they really are.
        pool.sort()
        pool.sort(key=cards.__getitem__)
        rng.shuffle(pool)
        dealt: dict[int, list[int]] = {}
        for i in hidden:
            kinds = specs[i].kinds
            if kinds is None:
                continue
            need = places[i]
            taken: list[int] = []
            rest: list[int] = []
            for c in pool:
                if len(taken) < need and kind_of[cards[c]] in kinds:
                    taken.append(c)
                else:
                    rest.append(c)
            dealt[i] = taken
            pool = rest
        pos = 0
        for i in hidden:
            if specs[i].kinds is None:
                n = places[i]
                dealt[i] = pool[pos : pos + n]
                pos += n
        for i in hidden:
            new = dealt[i]
            if known and len(new) < len(zones[i]):
                rest_of = iter(new)
                other.zones[i] = tuple(c if c in known else next(rest_of) for c in zones[i])
            else:
                other.zones[i] = tuple(new)

    def pin_zones(self, pins: dict[str, list[str]]) -> None:
        """Set zones to exactly the given cards (by card id; decks listed top first), for
        scenarios and tests. The cards are new instances; what the zones held is removed from
        play. Raises KeyError naming an unknown zone or card."""
        index = self.game.card_pool.index
        cards = list(self.cards)
        for key, ids in pins.items():
            if key not in self.game.zone_keys:
                raise KeyError(f"no zone {brief(key)}; zones: {', '.join(self.game.zone_keys)}")
            i = self.game.zone_keys[key]
            new = []
            for cid in ids:
                if cid not in index:
                    raise KeyError(f"zone {brief(key)}: no card with id {brief(cid)}")
                new.append(len(cards))
                cards.append(index[cid])
            self.cards = tuple(cards)
            self._pinned(i, new)
            self.zones[i] = tuple(new[::-1] if self.game.zone_specs[i].stack else new)
        self._legal = None

    def _pinned(self, zone: int, new: list[int]) -> None:  # noqa: B027
        """Hook: new card instances were created for ``zone``; default: nothing."""

    def pin_fields(self, fields: dict[str, Any]) -> None:
        """Set game fields (such as scores) for scenarios; raises KeyError for unknown ones."""
        if fields:
            raise KeyError(f"this game takes no state fields; got {sorted(fields)}")

    def zone_index(self, key: str) -> int:
        """The index of the zone with this key; ``KeyError`` if none."""
        return self.game.zone_keys[key]

    def __str__(self) -> str:
        return f"<{self.game.name} state after {len(self.history())} actions>"


def compiled() -> bool:
    """Whether the rules run compiled: the build docs/performance.md describes, in which mypyc
    turned the core state and the games' rules into C extensions. Same results, faster."""
    return hasattr(State, "__mypyc_attrs__")
