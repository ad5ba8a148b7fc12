"""Drawing a Looney Tunes observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation

from .actions import SLOTS
from .text import card_sentences, stats_words

if TYPE_CHECKING:
    from .game import LooneyGame

STYLE = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "green": "bold green",
    "gray": "bold grey62",
}


def _name(g: LooneyGame, cid: str) -> str:
    c = g.card_pool.get(cid)
    extra = f" {c.color} {c.rank}" if c.type == "actor" else f" {c.color} {c.type}"
    return f"[{STYLE[c.color]}]{escape(c.name)}[/][dim] ({extra.strip()})[/]"


def _cards(g: LooneyGame, zone: Any) -> str:
    if isinstance(zone, int):
        return f"[dim]{zone} face down[/]" if zone else ""
    return ", ".join(_name(g, cid) for cid in zone)


class LooneyDrawing(Presentation):
    """The Looney Tunes table and card lines, with rich markup (a part of its Presentation)."""

    game: LooneyGame

    def describe_card(self, card_id: str, lang: Lang = "en") -> str:
        """One line in ``lang``: the coloured name, the printed stats in words, the rules
        text, and the flavour text in italics."""
        c = self.game.card_pool.get(card_id)
        name = escape(self.game.card_name(card_id, lang) or card_id)
        ja = lang == "ja"
        stats = escape(("、" if ja else ", ").join(stats_words(c, lang)))
        rules = escape(("" if ja else " ").join(self.card_text(card_id, lang)))
        flavour = escape(self.flavour_text(card_id, lang))
        shown = f"（{stats}）" if ja else f" ({stats})"
        parts = [f"[{STYLE[c.color]}]{name}[/][dim]{shown}[/]"]
        parts += [rules] if rules else []
        parts += [f"[i]{flavour}[/i]"] if flavour else []
        return " — ".join(parts)

    def card_text(self, card_id: str, lang: Lang = "en") -> list[str]:
        """The card's rules text: a sentence per effect (LT-9), and a location's reminder
        that it stays on its slot (LT-9.2)."""
        return card_sentences(self.game.card_pool.get(card_id), lang)

    def flavour_text(self, card_id: str, lang: Lang = "en") -> str:
        """The card file's text of a card without effects; a card with effects has none, its
        file's text being the reminder of its effects that :meth:`card_text` now words."""
        if self.game.card_pool.get(card_id).effects:
            return ""
        return super().flavour_text(card_id, lang)

    def render(self, obs: dict[str, Any], lang: Lang = "en") -> str:
        """The storyboard with every player's placements, the scores and the viewer's hand."""
        g = self.game
        z = obs["zones"]
        n = obs["num_players"]
        me = obs["player"]
        scores = "  ".join(
            f"P{p}{' (you)' if p == me else ''}: {obs['scores'][p]}"
            + (" [red]out[/]" if p in obs["eliminated"] else "")
            for p in range(n)
        )
        lines = [
            f"[bold]Round {obs['round']}[/] · round player P{obs['round_player']} · phase "
            f"{obs['phase']} · scores {scores} (target {obs['target']})"
        ]
        for s in range(1, SLOTS + 1):
            lines += _slot_lines(g, obs, s)
        lines += _player_lines(g, z, n)
        lines.append(f" Movie deck {z['movie_deck']} · movie discard {len(z['movie_discard'])}")
        if obs["winner"] is not None:
            w = obs["winner"]
            lines.append(
                "[bold green]Game over: " + ("a draw" if w == "draw" else f"P{w} wins") + "[/]"
            )
        return "\n".join(lines)


def _slot_lines(g: LooneyGame, obs: dict[str, Any], s: int) -> list[str]:
    """Slot ``s`` (1-4): its scene and location, then each player's cards placed there."""
    z = obs["zones"]
    scene = z[f"storyboard.{s}"]
    used = " [reverse] used [/]" if s in obs["used_slots"] else ""
    loc = z[f"location.{s}"]
    loc_s = f"  [italic]at {_cards(g, loc)}[/]" if loc else ""  # LT-9.2 it stays
    if not scene:
        return [f" [{s}] [dim](empty)[/]{loc_s}"]
    c = g.card_pool.get(scene[0])
    lines = [
        f" [{s}] [{STYLE[c.color]}]{escape(c.name)}[/] {c.color}, rank {c.rank}, "
        f"{c.points} pts{loc_s}{used}"
    ]
    for p in range(obs["num_players"]):
        parts = [
            part
            for part in (
                _cards(g, z[f"p{p}.slot{s}.up"]),
                _cards(g, z[f"p{p}.slot{s}.down"]),
                ("fx: " + _cards(g, z[f"p{p}.slot{s}.effects"]))
                if z[f"p{p}.slot{s}.effects"]
                else "",
            )
            if part
        ]
        if parts:
            lines.append(f"      P{p}: " + " | ".join(parts))
    return lines


def _player_lines(g: LooneyGame, z: dict[str, Any], n: int) -> list[str]:
    """The Roles turned over, then each player's hand, deck, discard pile and scenes won."""
    lines = [
        f" P{p} turned over a Role: {_cards(g, z[f'p{p}.role'])}"
        for p in range(n)
        if z[f"p{p}.role"]
    ]
    for p in range(n):
        hand = z[f"p{p}.hand"]
        hand_s = _cards(g, hand) if not isinstance(hand, int) else f"{hand} cards"
        lines.append(
            f" P{p} hand: {hand_s or '(empty)'} · deck {z[f'p{p}.deck']} · discard "
            f"{len(z[f'p{p}.discard'])} · won {len(z[f'p{p}.score'])} scenes"
        )
    return lines
