"""bench/RESULTS.md: its title, one table of the latest figure against every target, then each
run's report under its date, oldest first.

Every benchmark records through :func:`record`: its report goes after the others, and its
verdicts replace the summary rows of the same targets (rows of other benchmarks stay).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["Verdict", "record"]

TITLE = "# Benchmark results"
SUMMARY = "## Latest figures against the targets"
INTRO = (
    "Each row is the latest run's figure for one target; the run's report, under its date below,"
    " says how it was measured and how busy the machine was. `make bench` runs every benchmark;"
    " bench/README.md gives each one's command and options (for the SDK's load profiles:"
    " `python bench/sdk_load.py --profiles mobile,busy --runs 3 --engines ''`)."
)
HEADER = "| area | target | latest | verdict | run |"
RULE = "|---|---|---|---|---|"


@dataclass(frozen=True)
class Verdict:
    """One target's latest figure: ``area`` and ``target`` name the row it replaces."""

    area: str
    target: str
    figure: str
    met: bool

    def row(self, run: str) -> str:
        verdict = "met" if self.met else "MISSED"
        return f"| {self.area} | {self.target} | {self.figure} | {verdict} | {run} |"


def _key(row: str) -> tuple[str, str]:
    cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
    return cells[0], cells[1]


def _parse(text: str) -> tuple[list[str], str]:
    """The summary's rows, and the reports after it."""
    lines = text.splitlines()
    if not lines or lines[0] != TITLE:
        raise ValueError(f"not a results file: its first line is not {TITLE!r}")
    if SUMMARY not in lines:
        return [], "\n".join(lines[1:]).strip("\n")
    start = lines.index(SUMMARY)
    rows, index = [], start + 1
    while index < len(lines) and not lines[index].startswith("## "):
        line = lines[index]
        if line.startswith("| ") and line not in (HEADER, RULE):
            rows.append(line)
        index += 1
    return rows, "\n".join(lines[index:]).strip("\n")


def record(path: Path, report: str, verdicts: list[Verdict], run: str) -> None:
    """Append ``report`` (Markdown starting with its ``## `` heading) to ``path``, and put each
    verdict in the summary, labelled ``run``, in place of the row of the same area and target."""
    rows, reports = _parse(path.read_text(encoding="utf-8")) if path.exists() else ([], "")
    fresh = {(verdict.area, verdict.target): verdict.row(run) for verdict in verdicts}
    kept = [fresh.pop(_key(row), row) for row in rows]
    # New targets go after the last row of their area, or at the end.
    for (area, _), row in fresh.items():
        same_area = [index for index, old in enumerate(kept) if _key(old)[0] == area]
        kept.insert(same_area[-1] + 1 if same_area else len(kept), row)
    parts = [TITLE, "", SUMMARY, "", INTRO, "", HEADER, RULE, *kept, ""]
    if reports:
        parts += [reports, ""]
    if report.strip():
        parts += [report.strip("\n"), ""]
    path.write_text("\n".join(parts), encoding="utf-8")
