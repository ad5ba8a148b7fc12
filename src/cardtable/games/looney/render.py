"""Drawing a Looney Tunes observation as text with rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import N_, Lang, Translate
from cardtable.core.presentation import Presentation

from .actions import SLOTS
from .text import card_sentences, color_word, kind_word, stats_words

if TYPE_CHECKING:
    from .game import LooneyGame

STYLE = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "green": "bold green",
    "gray": "bold grey62",
}


PHASES = {
    "choose-first": N_("choosing who goes first"),
    "storyboard": N_("building the storyboard"),
    "placement": N_("placing actors"),
    "over": N_("game over"),
}
"""Each phase of the observation (``phase``) in words."""


def _name(g: LooneyGame, cid: str, _: Translate, lang: Lang) -> str:
    c = g.card_pool.get(cid)
    color = color_word(c.color, _)
    if c.type == "actor":
        extra = _("({color} {rank})", color=color, rank=c.rank)
    else:
        extra = _("({color} {kind})", color=color, kind=kind_word(c.type, _))
    name = escape(g.card_name(cid, lang) or cid)
    space = "" if lang == "ja" else " "
    return f"[{STYLE[c.color]}]{name}[/][dim]{space}{escape(extra)}[/]"


def _cards(g: LooneyGame, zone: Any, _: Translate, lang: Lang) -> str:
    if isinstance(zone, int):
        down = _("{count} face down", count=zone)
        return f"[dim]{escape(down)}[/]" if zone else ""
    return ("、" if lang == "ja" else ", ").join(_name(g, cid, _, lang) for cid in zone)


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
        _ = self.translator(lang)
        z = obs["zones"]
        n = obs["num_players"]
        lines = [_header(obs, _)]
        for s in range(1, SLOTS + 1):
            lines += _slot_lines(g, obs, s, _, lang)
        lines += _player_lines(g, z, n, _, lang)
        movie = _(
            "Movie deck {deck} · movie discard {discard}",
            deck=z["movie_deck"],
            discard=len(z["movie_discard"]),
        )
        lines.append(" " + escape(movie))
        if obs["winner"] is not None:
            w = obs["winner"]
            over = (
                _("Game over: a draw") if w == "draw" else _("Game over: P{player} wins", player=w)
            )
            lines.append(f"[bold green]{escape(over)}[/]")
        return "\n".join(lines)


def _header(obs: dict[str, Any], _: Translate) -> str:
    """The round, the round player, the phase, the scores and the target."""
    me = obs["player"]
    out = " [red]" + escape(_("out")) + "[/]"
    scores = "  ".join(
        escape(
            _("P{player} (you): {score}", player=p, score=obs["scores"][p])
            if p == me
            else _("P{player}: {score}", player=p, score=obs["scores"][p])
        )
        + (out if p in obs["eliminated"] else "")
        for p in range(obs["num_players"])
    )
    phase = _(PHASES[obs["phase"]])
    rest = _(
        "round player P{player} · phase {phase} · scores {scores} (target {target})",
        player=obs["round_player"],
        phase=escape(phase),
        scores=scores,
        target=obs["target"],
    )
    heading = _("Round {round}", round=obs["round"])
    return f"[bold]{escape(heading)}[/] · {rest}"


def _slot_lines(g: LooneyGame, obs: dict[str, Any], s: int, _: Translate, lang: Lang) -> list[str]:
    """Slot ``s`` (1-4): its scene and location, then each player's cards placed there."""
    z = obs["zones"]
    scene = z[f"storyboard.{s}"]
    used_word = _("used")
    used = f" [reverse] {escape(used_word)} [/]" if s in obs["used_slots"] else ""
    loc = z[f"location.{s}"]
    at = _("at {location}", location=_cards(g, loc, _, lang))
    loc_s = f"  [italic]{at}[/]" if loc else ""  # LT-9.2 it stays
    if not scene:
        empty = _("(empty)")
        return [f" [{s}] [dim]{escape(empty)}[/]{loc_s}"]
    c = g.card_pool.get(scene[0])
    name = escape(g.card_name(scene[0], lang) or scene[0])
    looks = _(
        "{color}, rank {rank}, {points} pts",
        color=color_word(c.color, _),
        rank=c.rank,
        points=c.points,
    )
    lines = [f" [{s}] [{STYLE[c.color]}]{name}[/] {escape(looks)}{loc_s}{used}"]
    for p in range(obs["num_players"]):
        fx = z[f"p{p}.slot{s}.effects"]
        parts = [
            part
            for part in (
                _cards(g, z[f"p{p}.slot{s}.up"], _, lang),
                _cards(g, z[f"p{p}.slot{s}.down"], _, lang),
                _("fx: {cards}", cards=_cards(g, fx, _, lang)) if fx else "",
            )
            if part
        ]
        if parts:
            lines.append(f"      P{p}: " + " | ".join(parts))
    return lines


def _player_lines(g: LooneyGame, z: dict[str, Any], n: int, _: Translate, lang: Lang) -> list[str]:
    """The Roles turned over, then each player's hand, deck, discard pile and scenes won."""
    lines = [
        " "
        + _(
            "P{player} turned over a Role: {cards}",
            player=p,
            cards=_cards(g, z[f"p{p}.role"], _, lang),
        )
        for p in range(n)
        if z[f"p{p}.role"]
    ]
    for p in range(n):
        hand = z[f"p{p}.hand"]
        hand_s = (
            _cards(g, hand, _, lang)
            if not isinstance(hand, int)
            else escape(_("{count} cards", count=hand))
        )
        line = _(
            "P{player} hand: {hand} · deck {deck} · discard {discard} · won {won} scenes",
            player=p,
            hand=hand_s or escape(_("(empty)")),
            deck=z[f"p{p}.deck"],
            discard=len(z[f"p{p}.discard"]),
            won=len(z[f"p{p}.score"]),
        )
        lines.append(" " + line)
    return lines
