"""bench/RESULTS.md keeps its title once, one summary of the latest figure per target, and every
run's report in the order the runs came."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from results_file import SUMMARY, TITLE, Verdict, record  # noqa: E402


def test_a_run_replaces_its_rows_and_keeps_the_others(tmp_path: Path):
    results = tmp_path / "RESULTS.md"
    record(
        results,
        "## Server — day 1\n\nfirst server run",
        [Verdict("Server", "rate ≥ 70%", "65%", False)],
        "day 1",
    )
    record(
        results, "## Plugin — day 1\n\nplugin run", [Verdict("Plugin", "start < 2 s", "0.3 s", True)], "day 1"
    )
    record(
        results,
        "## Server — day 2\n\nsecond server run",
        [Verdict("Server", "rate ≥ 70%", "72%", True), Verdict("Server", "p50 < 50 ms", "28 ms", True)],
        "day 2",
    )
    text = results.read_text(encoding="utf-8")
    assert text.count(TITLE + "\n") == 1 and text.startswith(TITLE + "\n\n" + SUMMARY)
    summary = text.split("\n## ", 2)[1]
    assert summary.splitlines()[-3:] == [
        "| Server | rate ≥ 70% | 72% | met | day 2 |",
        "| Server | p50 < 50 ms | 28 ms | met | day 2 |",
        "| Plugin | start < 2 s | 0.3 s | met | day 1 |",
    ]
    assert text.index("first server run") < text.index("plugin run") < text.index("second server run")
