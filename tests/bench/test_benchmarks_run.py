"""The benchmarks behind the speed targets run from a clean checkout and report every figure.

Each runs once, as briefly as it allows, in a process of its own; the figures themselves are
for ``make bench``, never asserted here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bench(script: str, out: Path, *args: str, timeout: float = 300) -> str:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--out", str(out), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return out.read_text(encoding="utf-8")


def test_sdk_load_compares_the_sdk_with_every_floor_in_a_profile_and_engine(tmp_path: Path):
    # One profile and one other engine keep it short (47 s on a quiet machine, against 106 s for
    # the phone on a busy page with Firefox and WebKit): the busy desktop page has the page's own
    # long tasks, left out of everyone's figures; WebKit runs bench/engine_load.py as Firefox does.
    # One click of each kind there (the phone's by default) checks the click figures run.
    report = run_bench(
        "sdk_load.py",
        tmp_path / "results.md",
        "--runs",
        "1",
        "--sizes",
        "1",
        "--profiles",
        "busy",
        "--engines",
        "webkit",
        "--clicks",
        "1",
        "--click-profiles",
        "busy",
        "--tag",
        "defer",  # docs/sdk.md's tag for a page busy at load
        "--note",
        "smoke run",
        timeout=1200,  # a hang guard: on two cores shared with other suites it took 565 s
    )
    summary, runs = report.split("\n## SDK load — ", 1)
    assert runs.split("\n", 1)[0].endswith(" — smoke run")  # --note labels the run
    assert "--tag defer` on " in runs and "The SDK's tag is `defer`" in runs
    area = "SDK, busy desktop page, defer tag"  # a row per target, apart from the contract's tag
    assert f"| {area} | SDK ≤ 1.1x the bridge floor in every cell |" in summary
    lacks = "no task over 50 ms on the merchant's main thread that the in-page floor lacks"
    assert f"| {area} | {lacks} | " in summary and " per load in the worst cell (1 " in summary
    # Usable (the page's queued function run) against the first button shown, issue 31's targets.
    usable = "usable ≤ first visible in every cell | usable ÷ the in-page floor's first visible: 1 cold "
    assert f"| {area} | {usable}" in summary
    shown = "first visible ≤ 1.2x the in-page floor in every cell, cold and warm | worst "
    assert f"| {area} | {shown}" in summary and " the first-answers floor, which is " in summary
    # Can the first-answers path meet issue 31's target at all?
    assert f"| First-answers floor, busy desktop page, defer tag | {shown}" in summary
    for area in (
        "SDK, busy desktop page, defer tag",
        "Worker floor, busy desktop page, defer tag",
    ):  # issue 22's, for both
        assert f"| {area} | 1 button, cold, first visible: ≤ 1.3x the in-page floor |" in summary
    assert "| SDK bytes | runtime ≤ 120 kB brotli |" in summary
    section = runs.split("### desktop, loopback, busy page", 1)[1].split("###", 1)[0]
    assert "| 1 | cold |" in section and "| 1 | warm |" in section
    # The busy page's own fifteen 100 ms tasks are not counted against anyone.
    busy_row = section.split("| 1 | cold |", 1)[1].split("\n", 1)[0]
    over_50_per_load = [float(count) for count in busy_row.strip(" |").rsplit("|", 1)[1].split("/")]
    assert len(over_50_per_load) == 5 and over_50_per_load[-1] < 15, busy_row
    assert "SDK / bridge floor / worker floor / first-answers floor / in-page floor" in runs
    assert "| SDK ÷ first-answers | first-answers ÷ floor |" in runs
    every = "SDK / bridge / worker / first-answers / floor"
    assert f"usable, ms: {every} | SDK usable ÷ floor's first visible" in runs
    # A click once the SDK says it is ready opens the checkout; one the moment the button shows
    # gets its figure either way (today's loader may not have run the page's function yet).
    assert "| the moment the button shows | 1 | " in section
    ready_row = section.split("| after `await service.ready` | 1 | ", 1)[1].split("\n", 1)[0]
    assert ready_row.split(" | ")[1] == "1 of 1", ready_row
    ready = "a click after `await service.ready` opens the checkout "
    assert f"| SDK, busy desktop page, defer tag | {ready}" in summary
    assert f"longest merchant task, ms, median (worst): {every}" in runs
    # Against the floor in that engine.
    assert "| WebKitGTK " in runs and "| 1 | cold |" in runs.split("| WebKitGTK ", 1)[1]
    assert "| usable: SDK (÷ the floor's first visible) |" in runs


def test_server_compares_the_button_check_with_the_floor(tmp_path: Path):
    report = run_bench(
        "server.py",
        tmp_path / "results.md",
        *("--rounds", "1", "--duration", "0.3", "--warmup", "0.1"),
        *("--orders", "2000"),  # seeding 120,000 orders is most of a full run's set-up
    )
    assert "| GET /orders, 3 filters over 2,000 orders |" in report
    assert "| GET /checkout/button (public key) |" in report
    assert "- /checkout/button at" in report and "of the floor's rate" in report
    assert "- filtered list p50" in report


def test_plugin_start_compares_the_fixture_with_a_bare_process(tmp_path: Path):
    report = run_bench("plugin_start.py", tmp_path / "results.md", "--rounds", "1")
    assert "`sandbox_server` fixture: request to ready" in report
    assert "- fixture start" in report


def test_loader_size_reports_the_pinned_loader_beside_the_short_url(tmp_path: Path):
    report = run_bench("loader_size.py", tmp_path / "results.md")
    assert "| unpinned (`/sdk.js`) |" in report and "| pinned (`url` of `/sdk.json`) |" in report
    assert "| Loader | pinned loader: no byte more than `/sdk.js`, any encoding |" in report


def test_soak_reports_5xx_latency_and_sizes_after_each_reset(tmp_path: Path):
    report = run_bench("soak.py", tmp_path / "results.md", "--seconds", "4", "--reset-every", "1.5")
    assert "| Server soak | 0 5xx in 10 minutes of mixed load, 8 clients |" in report
    assert "- after each reset, RSS MiB: " in report and "- button checks: " in report
    assert "| keyed refund | 200: " in report


def test_the_soak_floor_checks_buttons_alone_and_sets_no_target(tmp_path: Path):
    results = tmp_path / "results.md"
    report = run_bench("soak.py", results, "--seconds", "2", "--floor")
    assert "--floor` on " in report and "- button checks: " in report
    assert "| button | 201: " in report and "| reset |" not in report and "| refund |" not in report
    assert "| Server soak |" not in report.split("## Server soak", 1)[0]  # the report only, no verdict row
