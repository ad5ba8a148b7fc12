"""The suggestions of ``cardtable balance --suggest`` as a section of balance.html: per
target why it is off, and per proposal its changes, the verified effect on the target and
on every deck, and where the changed card folder and the patch were written."""

from __future__ import annotations

from html import escape
from typing import Any

from cardtable.sim.balance_tables import pct, table

Json = dict[str, Any]


def suggestions_section(result: Json) -> str:
    """The whole section: an introduction, then one part per target."""
    parts = [
        "<h2>Suggestions</h2>",
        "<p>For each deck or seat outside 50% ± "
        f"{result['band']:.0%} and each flagged card: the smallest changes to the numbers of "
        "the card files found to bring it back, each verified by playing the round robin "
        "again with the change (docs/balance.md, Suggestions).</p>",
    ]
    for t in result["targets"]:
        parts.append(_target(t))
    return "\n".join(parts)


def _target(t: Json) -> str:
    """One target: its heading, why, and its proposals (or that none was found)."""
    b = t["before"]
    head = (
        f"<h3>{escape(t['kind'])} {escape(t['name'])}: {escape(t['direction'])} "
        f"({pct(b['score'])}, {pct(b['low'])} to {pct(b['high'])})</h3>"
        f"<p>{escape(t['why'])}</p>"
    )
    if not t["proposals"]:
        return head + "<p>No change of its numbers moved it toward the band.</p>"
    return head + "".join(_proposal(k, t, p) for k, p in enumerate(t["proposals"], 1))


def _proposal(k: int, t: Json, p: Json) -> str:
    """One proposal: a table of changes and one of the decks before and after."""
    changes = [
        [escape(c["card"]), escape(c["field"]), str(c["from"]), str(c["to"]), escape(c["file"])]
        for c in p["changes"]
    ]
    out = table(f"Proposal {k}: the changes", ["card", "number", "from", "to", "file"], changes)
    v = p["verified"]
    if v:
        state = "in the band" if v["in_band"] else "closer, not yet in the band"
        out += (
            f"<p>Verified: {escape(t['name'])} {pct(t['before']['score'])} → {pct(v['score'])} "
            f"({pct(v['low'])} to {pct(v['high'])}, {v['n']} player-games): {state}; "
            f"{v['flags']} flagged items in the new run.</p>"
        )
        rows = [
            [escape(d["deck"]), pct(d["before"]), pct(d["after"]), f"{pct(d['low'])} to "
             f"{pct(d['high'])}"]
            for d in p["decks"]
        ]  # fmt: skip
        out += table("Every deck before and after", ["deck", "before", "after", "95%"], rows)
    out += (
        f"<p>Changed cards: <code>{escape(p['folder'])}</code>; patch: "
        f"<code>{escape(p['patch'])}</code></p>"
    )
    return out
