"""The suggestions of ``cardtable balance --suggest`` as a section of balance.html: per
target why it is off, and per proposal its changes, the verified effect on the target and
on every deck, and where the changed card folder and the patch were written; in the page's
language (``Words``: a target's *why* is said again from the base run, in that language)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from cardtable.core.i18n import N_
from cardtable.sim.balance_tables import INTERVAL, card_label, pct, table
from cardtable.sim.balance_words import Words
from cardtable.sim.card_edit import DECKS
from cardtable.sim.suggest import Target, why

Json = dict[str, Any]


def suggestions_section(result: Json, base: Json, w: Words) -> str:
    """The whole section: an introduction, then one part per target (``base``: the base
    run of the report, which the targets' *why* is told from)."""
    intro = w(
        N_("For each deck or seat outside 50% ± {band} and each flagged card: the smallest "
           "changes to the numbers of the card files found to bring it back, each verified by "
           "playing the round robin again with the change (docs/balance.md, Suggestions)."),
        band=f"{result['band']:.0%}",
    )  # fmt: skip
    parts = [f"<h2>{escape(w(N_('Suggestions')))}</h2>", f"<p>{escape(intro)}</p>"]
    for t in result["targets"]:
        parts.append(_target(t, base, w))
    return "\n".join(parts)


def why_said(t: Json, base: Json, w: Words) -> str:
    """Why a target is off: as the report says it in English, else told again in the page's
    language."""
    if w.english:
        return str(t["why"])
    return why(base, Target(t["kind"], t["name"], t["direction"]), w.lang, w.card_name)


def target_heading(t: Json, w: Words) -> str:
    """A target's heading: what it is, its name, its flag and its win rate."""
    b = t["before"]
    return w(
        N_("{kind} {name}: {direction} ({rate}, {low} to {high})"),
        kind=w.term(t["kind"]), name=w.item(t["kind"], t["name"]),
        direction=w.term(t["direction"]), rate=pct(b["score"]), low=pct(b["low"]),
        high=pct(b["high"]),
    )  # fmt: skip


def _target(t: Json, base: Json, w: Words) -> str:
    """One target: its heading, why, and its proposals (or that none was found)."""
    head = f"<h3>{escape(target_heading(t, w))}</h3><p>{escape(why_said(t, base, w))}</p>"
    if not t["proposals"]:
        none = w(N_("No change of its numbers moved it toward the band."))
        return head + f"<p>{escape(none)}</p>"
    return head + "".join(_proposal(k, t, p, w) for k, p in enumerate(t["proposals"], 1))


def field_said(change: Json, w: Words) -> str:
    """The number a change moves, as written (``effects[0].amount``), or for a deck's count
    ``copies in starter-x`` (``decks/starter-x.yaml``)."""
    deck = Path(str(change["file"]))
    if deck.parent.name == DECKS:
        return w(N_("copies in {deck}"), deck=deck.stem)
    return str(change["field"])


def _proposal(k: int, t: Json, p: Json, w: Words) -> str:
    """One proposal: a table of changes and one of the decks before and after."""
    changes = [  # fields and files as written
        [card_label(c["card"], w.card_name(c["card"])), f"<code>{escape(field_said(c, w))}</code>",
         str(c["from"]), str(c["to"]), f"<code>{escape(c['file'])}</code>"]
        for c in p["changes"]
    ]  # fmt: skip
    head = [w(h) for h in (N_("card"), N_("number"), N_("from"), N_("to"), N_("file"))]
    out = table(w(N_("Proposal {k}: the changes"), k=k), head, changes)
    if p["verified"]:
        out += _verified(t, p, w)
    where = w(
        N_("Changed cards: {folder}; patch: {patch}"),
        folder=f"<code>{escape(p['folder'])}</code>",
        patch=f"<code>{escape(p['patch'])}</code>",
    )
    return out + f"<p>{where}</p>"


def verdict(v: Json) -> str:
    """A verified proposal's verdict on its target, untranslated: in the band, closer to it,
    or not closer over the verifying games (reports made before ``closer`` say closer)."""
    if v["in_band"]:
        return N_("in the band")
    if v.get("closer", True):
        return N_("closer, not yet in the band")
    return N_("not closer over the verifying games")


def verified_line(t: Json, v: Json, w: Words) -> str:
    """A verified proposal's effect on its target ``t``: the new win rate and interval,
    whether it is in the band (or closer to it), and how many items the new run flags."""
    state = w(verdict(v))
    return w(
        N_("Verified: {name} {before} → {after} ({low} to {high}, {n} player-games): {state}; "
           "{flags} flagged items in the new run."),
        name=w.item(t["kind"], t["name"]), before=pct(t["before"]["score"]),
        after=pct(v["score"]), low=pct(v["low"]), high=pct(v["high"]), n=v["n"], state=state,
        flags=v["flags"],
    )  # fmt: skip


def _verified(t: Json, p: Json, w: Words) -> str:
    """A verified proposal: the target's new win rate, and every deck before and after."""
    text = verified_line(t, p["verified"], w)
    rows = [
        [escape(w.deck_name(d["deck"])), pct(d["before"]), pct(d["after"]),
         w(N_("{low} to {high}"), low=pct(d["low"]), high=pct(d["high"]))]
        for d in p["decks"]
    ]  # fmt: skip
    head = [w(h) for h in (N_("deck"), N_("before"), N_("after"), INTERVAL)]
    return f"<p>{escape(text)}</p>" + table(w(N_("Every deck before and after")), head, rows)
