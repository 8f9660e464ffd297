"""bench/own_origin.py runs from a clean checkout and reports every loader it compares (the
figures are for bench/RESULTS.md, never asserted here)."""

from __future__ import annotations

from pathlib import Path

from tests.bench.test_benchmarks_run import run_bench


def test_own_origin_compares_each_way_of_serving_the_loader(tmp_path: Path):
    report = run_bench(
        "own_origin.py", tmp_path / "results.md", "--runs", "1", "--caches", "cold", "--untimed", "0"
    )
    assert "the loader from the merchant's own origin, busy desktop page" in report
    for loader in ("service, async", "service, defer", "own copy, async", "service-js/bundled"):
        assert f"| {loader} | cold | " in report
    assert "| service, async | cold | " in report and " | 1.00x |" in report
    assert "| – |" not in report, "every loader ran, asked for its first answers and showed the button"
