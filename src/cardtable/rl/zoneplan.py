"""The zone blocks of a layout, from the game's zone declarations (``ZoneSpec``).

Shared zones come first, in declaration order. Then each player's zones, **counted from the
viewer**: the viewer's own zones, then those of the next seat, and so on, when every player
declares the same zones in the same order (same visibility, kinds and stacking; true of
every built-in game). Otherwise the zones stay in declaration order for every viewer.

Each zone gets a ``size`` entry (its number of cards, which everyone may know) and, if the
viewer may see its cards, a count per card definition (only the definitions of the kinds the
zone may hold, when it declares ``kinds``). A zone the viewer may not see is read from the
observation as an int and gives only its size, so hidden cards cannot reach the tensor.
"""

from __future__ import annotations

from cardtable.core.game import Game
from cardtable.core.zones import ZoneSpec
from cardtable.rl.layout import Builder

ZoneEntry = tuple[str, dict[str, int] | None, int]


def _owned(game: Game) -> tuple[list[int], list[list[int]]] | None:
    """Shared zone indices and each player's zone indices, or ``None`` if the players'
    declarations do not line up."""
    n = game.num_players
    shared: list[int] = []
    owned: list[list[int]] = [[] for _ in range(n)]
    for i, spec in enumerate(game.zone_specs):
        if spec.owner is None:
            shared.append(i)
        elif 0 <= spec.owner < n:
            owned[spec.owner].append(i)
        else:
            return None
    specs = game.zone_specs

    def shape(i: int) -> tuple[object, ...]:
        s: ZoneSpec = specs[i]
        return (s.visibility, s.kinds, s.stack)

    first = [shape(i) for i in owned[0]]
    if any([shape(i) for i in zones] != first for zones in owned[1:]):
        return None
    return shared, owned


def _slots(game: Game) -> tuple[list[tuple[str, tuple[int, ...]]], bool]:
    """Each zone block as (label, zone index for each viewer), and whether player zones are
    counted from the viewer."""
    n = game.num_players
    specs = game.zone_specs
    split = _owned(game) if n > 1 else None
    if split is None:
        return [(s.key, (i,) * n) for i, s in enumerate(specs)], False
    shared, owned = split
    slots = [(specs[i].key, (i,) * n) for i in shared]
    for r in range(n):
        for k, i0 in enumerate(owned[0]):
            label = f"{'self' if r == 0 else f'+{r}'} {specs[i0].key}"
            slots.append((label, tuple(owned[(v + r) % n][k] for v in range(n))))
    return slots, True


def plan_zones(game: Game, b: Builder) -> tuple[tuple[tuple[ZoneEntry, ...], ...], bool]:
    """Add the zone blocks to ``b``; return, per viewer, ``(zone key, card positions or None,
    size position)`` for each zone block, and whether player zones are counted from the
    viewer."""
    n = game.num_players
    vis = game.visibility
    ids = game.card_ids
    kinds = game.card_kinds
    slots, relative = _slots(game)
    plans: list[list[ZoneEntry]] = [[] for _ in range(n)]
    for label, zone_of in slots:
        seen_by = [vis[v][zone_of[v]] for v in range(n)]
        cards: dict[str, int] | None = None
        if any(seen_by):
            allowed = game.zone_specs[zone_of[0]].kinds
            cols = [c for c in range(len(ids)) if allowed is None or kinds[c] in allowed]
            what = "all cards" if allowed is None else ", ".join(sorted(allowed))
            off = b.block(
                f"zone {label}: cards ({what})", "card counts", len(cols), 0, float("inf")
            )
            cards = {ids[c]: off + j for j, c in enumerate(cols)}
        size = b.block(f"zone {label}: size", "number", 1, 0, float("inf"))
        for v in range(n):
            key = game.zone_specs[zone_of[v]].key
            plans[v].append((key, cards if seen_by[v] else None, size))
    return tuple(tuple(p) for p in plans), relative
