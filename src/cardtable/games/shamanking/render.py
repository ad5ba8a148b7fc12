"""Drawing a Shaman King observation as text with rich markup, in English and Japanese: the
attack, both players' Shamans and zones, the flipped card and, before a counterattack or a
Signature Move, its Intercept against the incoming Force (figures.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardtable.core.i18n import Lang, Translate, translator
from cardtable.core.presentation import Presentation

from .cards import ZONES, SKCard, character_of
from .cardtext import name_in, short_name
from .figures import Figures, force_words, intercept_words, signature_figures, strike_figures
from .text import colour_word, cost_phrase
from .words import signature_name

if TYPE_CHECKING:
    from .game import SKGame

STYLE = {"green": "bold green", "yellow": "bold yellow", "red": "bold red"}


def attack_name(game: SKGame, attack: object, lang: Lang) -> str:
    """The attack the defender faces: a Strike's name, the Opening Attack or a Signature
    Move."""
    _ = translator(__package__, lang)
    if attack == "opening-attack":
        return _("the Opening Attack")
    if attack == "signature":
        return _("a Signature Move")
    return game.card_name(attack, lang) or str(attack)


def name_list(game: SKGame, cards: list[str], lang: Lang) -> str:
    """Card names one after another: "A, B" (「A」「B」 in Japanese, whose names hold commas)."""
    names = [game.card_name(c, lang) or c for c in cards]
    return "".join(f"「{n}」" for n in names) if lang == "ja" else ", ".join(names)


def _teamwork(c: SKCard, lang: Lang) -> str:
    """A Teamwork card in place, and the character whose zone it makes of its zone (SK-5.7)."""
    _ = translator(__package__, lang)
    character = short_name(character_of(c), c.name_ja, lang)
    return escape(
        _("{card} ({character}'s zone)", card=name_in(c.name, c.name_ja, lang), character=character)
    )


def figures_line(title: str, f: Figures, lang: Lang) -> str:
    """A counterattack's figures in one line: its Intercept against the incoming Force and,
    if it stops it, the Force it sends back (``title``: the card or Signature, plain text)."""
    _ = translator(__package__, lang)
    fields = {"card": title, "comparison": intercept_words(f, lang)}
    if f.stops:
        return _(
            "{card}: {comparison}: it stops the attack, and a counterattack sends back {force}",
            force=force_words(f, lang),
            **fields,
        )
    return _("{card}: {comparison}: too low to stop the attack", **fields)


class SKDrawing(Presentation):
    """The Shaman King table and card lines, with rich markup (a part of its Presentation)."""

    game: SKGame

    def render(self, obs: dict[str, Any], lang: Lang = "en") -> str:
        """Both players' zones with furyoku, charges, teamwork and play areas, the incoming attack,
        the points and the discard piles; the flipped card and what it could do."""
        _ = translator(__package__, lang)
        g = self.game
        points = _("points {a}-{b}", a=obs["points"][0], b=obs["points"][1])
        lines = [f"{self._head(obs, _, lang)} · {points}"]
        for p in (0, 1):
            lines += _player_lines(g, obs, p, lang)
        if obs["flipped"]:
            card = self.describe_card(obs["flipped"], lang)
            flipped = _("Flipped:")
            lines.append(f" [bold]{flipped}[/] {card}")
        lines += self._figures(obs, lang)
        if obs["winner"] is not None:
            w = obs["winner"]
            over = (
                _("Game over: a draw") if w == "draw" else _("Game over: P{player} wins", player=w)
            )
            lines.append(f"[bold green]{over}[/]")
        return "\n".join(lines)

    def _head(self, obs: dict[str, Any], _: Translate, lang: Lang) -> str:
        """The first line: who chooses the Opening Attack, or the turn and the attack."""
        if obs["phase"] == "opening choice":
            chooses = _(
                "P{player} chooses who sends the Opening Attack (Force 4)",
                player=obs["current_player"],
            )
            before = _("Before the match")
            return f"[bold]{before}[/] · {chooses}"
        defends = _(
            "P{player} defends in the {zone} zone against Force {force} ({attack})",
            player=obs["defender"],
            zone=colour_word(obs["zone"], lang),
            force=obs["incoming_force"],
            attack=attack_name(self.game, obs["attack"], lang),
        )
        turn = _("Turn {turn}", turn=obs["turn"])
        return f"[bold]{turn}[/] · {escape(defends)}"

    def _figures(self, obs: dict[str, Any], lang: Lang) -> list[str]:
        """Before a counterattack or a Signature Move: its Intercept against the incoming
        Force, each bonus spelled out (figures.py)."""
        _ = translator(__package__, lang)
        g = self.game
        title = _("Intercept against Force:")
        head = f" [bold]{title}[/] "
        if obs["phase"] == "signature step":
            p = obs["defender"]
            shaman = g.card_pool.get(obs["zones"][f"p{p}.shaman"][0])
            face = shaman.front if obs["shaman_side"][p] == "front" else shaman.back
            assert face is not None
            name = signature_name(g, face.signature.name, lang)
            return [head + escape(figures_line(name, signature_figures(g, obs), lang))]
        plain = strike_figures(g, obs)
        if plain is None:
            return []
        name = g.card_name(obs["flipped"], lang) or ""
        lines = [head + escape(figures_line(name, plain, lang))]
        card = g.card_pool.get(obs["flipped"])
        extra = strike_figures(g, obs, extra=True)
        if card.extra_cost is not None and extra is not None and extra != plain:
            title = _("{card} with its extra-cost ability", card=name)
            lines.append("   " + escape(figures_line(title, extra, lang)))
        return lines


def _shaman_line(g: SKGame, obs: dict[str, Any], p: int, lang: Lang) -> str:
    """Player ``p``'s Shaman: the face up and its Signature, the deck and the discard pile."""
    _ = translator(__package__, lang)
    z = obs["zones"]
    shaman = g.card_pool.get(z[f"p{p}.shaman"][0])
    face = shaman.front if obs["shaman_side"][p] == "front" else shaman.back
    assert face is not None
    s = face.signature
    you = _(" (you)") if p == obs["player"] else ""
    signature = _(
        "Signature {name}: Intercept {intercept}, Force {force}, {cost}",
        name=name_in(s.name, s.name_ja, lang),
        intercept=s.intercept,
        force=s.force,
        cost=cost_phrase(s.cost, lang),
    )
    discard = z[f"p{p}.discard"]
    piles = _("deck {deck} · discard {discard}", deck=z[f"p{p}.deck"], discard=len(discard))
    if discard:
        piles += _(" (top: {card})", card=g.card_name(discard[-1], lang))
    shown = escape(name_in(face.name, face.name_ja, lang))
    return f" [bold magenta]P{p}{you} {shown}[/] · {escape(signature)} · {escape(piles)}"


def _player_lines(g: SKGame, obs: dict[str, Any], p: int, lang: Lang) -> list[str]:
    """Player ``p``'s lines: their Shaman's side shown, deck and discard pile, then per zone
    furyoku, charge, Teamwork and play area, and their advantages."""
    _ = translator(__package__, lang)
    z = obs["zones"]
    lines = [_shaman_line(g, obs, p, lang)]
    words = {
        "charged": _("charged"),
        "teamwork": _("teamwork"),
        "play": _("play:"),
        "advantages": _("advantages:"),
    }
    for zone in ZONES:
        charged = f" [reverse]{words['charged']}[/]" if zone in obs["charges"][p] else ""
        team = z[f"p{p}.teamwork.{zone}"]
        play = z[f"p{p}.play.{zone}"]
        furyoku = _("furyoku {count}", count=z[f"p{p}.furyoku.{zone}"])
        line = f"   [{STYLE[zone]}]{colour_word(zone, lang):6}[/] {furyoku}{charged}"
        if team:
            line += f" · {words['teamwork']} {_teamwork(g.card_pool.get(team[0]), lang)}"
        if play:
            names = escape(name_list(g, play, lang))
            line += f" · {words['play']} {names}"
        lines.append(line)
    adv = z[f"p{p}.advantage"]
    if adv:
        names = escape(name_list(g, adv, lang))
        lines.append(f"   {words['advantages']} {names}")
    return lines
