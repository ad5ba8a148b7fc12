"""Every line of each seed's English translation is traced in its game's rule book.

Each docs/rules/<game>.md ends with a *Seed trace*: one table row for every paragraph or
bullet of ../shared/seeds/en/<seed>.en.md (headings, the translator's opening line and notes
excepted), naming the line, its section ("(opening)" before the first heading), the first
words of its text and the rules that implement it, or "not a rule: <why>". A row must quote
its line truly and name only rules the book defines.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds" / "en"
SEED_OF = {
    "rawdeal": "000_f6c2d98db1500711.en.md",
    "looney": "001_6ad4e7072c4a70e1.en.md",
    "shamanking": "003_69842da33f7b5b37.en.md",
    "wcrugby": "004_3c5b0ece5e1757bc.en.md",
}
PREFIX = {"rawdeal": "RD", "looney": "LT", "shamanking": "SK", "wcrugby": "WR"}
HEADER = "| Line | Section | Seed text | Rules | Japanese |"
MIN_QUOTE = 24  # characters a row quotes at least (or the whole line, if shorter)


class SeedLine(NamedTuple):
    number: int
    section: str
    text: str


class Row(NamedTuple):
    number: int
    section: str
    text: str
    rules: str


def _plain(text: str) -> str:
    """A line or a cell as compared: list markers, emphasis and runs of spaces taken out."""
    text = re.sub(r"^(?:[-*]\s+|※\s*|○\s*|\d+\.\s+)", "", text.strip())
    return re.sub(r"\s+", " ", text.replace("**", "").replace("\\|", "|")).strip()


def _heading(line: str) -> str:
    return line.lstrip("#").strip().lstrip("●○◇").strip()


def seed_lines(path: Path) -> list[SeedLine]:
    """The paragraphs and bullets of a seed translation, each with its nearest heading."""
    lines, section = [], "(opening)"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = raw.strip()
        if stripped.startswith("#"):
            section = _heading(stripped)
        elif stripped and not stripped.startswith((">", "English translation of the seed")):
            lines.append(SeedLine(number, section, _plain(stripped)))
    return lines


def _cells(line: str) -> list[str]:
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def trace_rows(doc: str) -> list[Row]:
    """The rows of the book's *Seed trace* table."""
    assert "\n## Seed trace\n" in doc, "the rule book has no '## Seed trace' section"
    part = doc.split("\n## Seed trace\n", 1)[1].split("\n## ", 1)[0]
    assert HEADER in part, f"the seed trace table's header is not {HEADER!r}"
    rows = []
    for line in part.split(HEADER, 1)[1].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = _cells(line)
        assert len(cells) == 5, f"a trace row needs 5 cells: {line!r}"
        assert cells[0].isdigit(), f"a trace row's first cell is a line number: {line!r}"
        rows.append(Row(int(cells[0]), cells[1], _plain(cells[2]).rstrip("…").strip(), cells[3]))
    return rows


def _problems(seed: SeedLine, row: Row, defined: set[str]) -> list[str]:
    where = f"line {seed.number}"
    problems = []
    if not seed.section.startswith(row.section) or not row.section:
        problems.append(f"{where}: section {row.section!r} is not a prefix of {seed.section!r}")
    if len(row.text) < min(MIN_QUOTE, len(seed.text)) or not seed.text.startswith(row.text):
        problems.append(f"{where}: {row.text!r} does not quote the start of {seed.text!r}")
    if row.rules.startswith("not a rule:"):
        if not row.rules.removeprefix("not a rule:").strip():
            problems.append(f"{where}: 'not a rule:' must say why")
        return problems
    ids = [r.strip() for r in row.rules.split(",")]
    problems += [f"{where}: rule {r!r} is not defined in the book" for r in ids if r not in defined]
    return problems


@pytest.mark.parametrize("game", sorted(SEED_OF))
def test_every_seed_line_is_traced(game: str) -> None:
    seed_path = SEEDS / SEED_OF[game]
    if not seed_path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{seed_path} is missing: CI lays shared/ beside the project")
        pytest.skip(f"the seeds are not beside the project ({seed_path})")
    doc = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    defined = set(re.findall(rf"^\*\*({PREFIX[game]}-\d+\.\d+)\b", doc, re.MULTILINE))
    rows = {row.number: row for row in trace_rows(doc)}
    seeds = seed_lines(seed_path)
    missing = [s.number for s in seeds if s.number not in rows]
    assert not missing, f"seed lines with no trace row: {missing}"
    extra = sorted(set(rows) - {s.number for s in seeds})
    assert not extra, f"trace rows for lines that are no paragraph or bullet: {extra}"
    problems = [p for s in seeds for p in _problems(s, rows[s.number], defined)]
    assert not problems, "\n".join(problems)
