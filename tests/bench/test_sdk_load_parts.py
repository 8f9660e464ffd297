"""The parts of bench/sdk_load.py that need no whole run: its report and verdicts from figures
made up here, the busy page's own tasks left out of the long-task figures, and a warm sample on
a page of its own. The smoke run in test_benchmarks_run.py shows the whole script runs, in the
quickest profile, cold only."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from load_figures import profile_figures  # noqa: E402
from load_floors import VARIANTS  # noqa: E402
from load_page import PROBE, QUEUED, RESULT, busy_script, merchant_tasks, page_body  # noqa: E402
from load_profiles import PROFILES  # noqa: E402
from load_report import report  # noqa: E402
from load_sampling import Cell, CellSamples, Plan, Sample, ServedBytes, measure  # noqa: E402
from load_targets import verdicts  # noqa: E402

from backend_stub.testkit.merchant_site import MerchantSite  # noqa: E402

# Times of first visible per variant (and all settled, usable) in a made-up cell.
FIRSTS = {"sdk": 240.0, "bridge": 900.0, "worker": 800.0, "answers": 200.0, "floor": 160.0}
BUSY_TASKS = [110.0] * 15  # the busy page's own tasks, as the probe saw them, left out


def sample(variant: str, long_tasks: list[float]) -> Sample:
    first = FIRSTS[variant]
    return Sample(first, first, first - 10, long_tasks, ["service"], bytes=9_000, requests=4)


def cell(sdk_tasks: list[float]) -> CellSamples:
    return {name: [sample(name, sdk_tasks if name == "sdk" else [])] for name in VARIANTS}


def test_the_busy_pages_own_tasks_are_left_out_of_the_long_tasks():
    own = [[0.0, 100.0], [100.0, 200.0], [400.0, 500.0]]
    long_tasks = [
        [0.0, 101.0],  # the first busy task (its parse task around it)
        [100.5, 99.0],  # the second
        [250.0, 70.0],  # a script's task between them: kept
        [399.0, 102.0],  # the page's third task, seen to start a little early
        [500.0, 60.0],  # starting where a busy task ended: kept
    ]
    assert merchant_tasks(long_tasks, own) == [70.0, 60.0]
    assert merchant_tasks(long_tasks, []) == [101.0, 99.0, 70.0, 102.0, 60.0]


def test_the_probe_hands_over_every_long_task_and_the_busy_pages_spans(page):
    # The browser's side of the above: the page's own tasks reach the probe as spans, and a task
    # of a script's own is reported among the long tasks and kept.
    script_task = "const t = window.scriptTask = performance.now(); while (performance.now() - t < 80) {}"
    html = (
        f"<!doctype html><head>{busy_script(tasks=3, task_ms=60)}"
        f"<script>setTimeout(() => {{ {script_task} }}, 600);</script></head><body></body>"
    )
    page.add_init_script(PROBE)
    page.route("http://merchant.test/", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto("http://merchant.test/")
    reported = "window.__bench.longTasks.some(([start, took]) => start + took > window.scriptTask)"
    page.wait_for_function(f"window.scriptTask && {reported}", timeout=10_000)
    result, script_began = page.evaluate(RESULT), page.evaluate("window.scriptTask")
    kept = merchant_tasks(result["longTasks"], result["own"])
    assert len(result["own"]) == 3, result
    # The page's own tasks seen (the first, inside the task that ran the probe's observer, not
    # always) are left out; the script's own is kept.
    scripts = [took for start, took in result["longTasks"] if start + took > script_began]
    assert kept == scripts and len(scripts) == 1 and len(result["longTasks"]) >= 3, result


@pytest.fixture
def busy_report() -> tuple[str, list[Any]]:
    results = {"busy": {Cell(1, "cold"): cell([70.0]), Cell(1, "warm"): cell([])}}
    plan = Plan(
        runs=1, sizes=[1], profiles=["busy"], clicks=0, click_profiles=["phone"], tag="defer", untimed=0
    )
    sizes = ServedBytes(runtime=119_000, bundle=35_000, loader=6_000, bridge_page=700, lazy=111_000)
    return report(results, {}, sizes, plan, "made up", (1.0, 1.0))


def test_a_busy_page_gets_every_target_for_the_sdk_and_the_floors_held_to_them(busy_report):
    text, found = busy_report
    rows = {(v.area, v.target): v for v in found}
    area = "SDK, busy desktop page, defer tag"  # a row per target, apart from the contract's tag
    assert (area, "SDK ≤ 1.1x the bridge floor in every cell") in rows
    lacks = rows[area, "no task over 50 ms on the merchant's main thread that the in-page floor lacks"]
    assert lacks.figure.startswith("the SDK has 1 more per load in the worst cell (1 cold)") and not lacks.met
    usable = rows[area, "usable ≤ first visible in every cell"]
    assert usable.figure.startswith("usable ÷ the in-page floor's first visible: 1 cold 1.44x, 1 warm 1.44x")
    shown = "first visible ≤ 1.2x the in-page floor in every cell, cold and warm"
    assert rows[area, shown].figure == (
        "worst 1.50x (1 cold): 1.20x the first-answers floor, which is 1.25x the in-page floor"
    )
    assert rows["First-answers floor, busy desktop page, defer tag", shown].figure == "worst 1.25x (1 cold)"
    busy_page = "1 button, cold, first visible: ≤ 1.3x the in-page floor"
    for held in ("SDK", "Worker floor"):  # a slow or busy page's target holds both
        assert (f"{held}, busy desktop page, defer tag", busy_page) in rows
    assert ("SDK bytes", "runtime ≤ 120 kB brotli") in rows
    assert " — made up\n" in text and "--tag defer --untimed 0` on " in text
    # Under the table, the contract tag's area names: the profile's own, and each floor's.
    assert "\n- First-answers floor: first visible ≤ 1.2x the in-page floor" in text
    assert "\n- Worker floor: 1 button, cold, first visible: ≤ 1.3x the in-page floor: 5.00x" in text


def test_a_busy_pages_table_has_a_column_per_figure_and_a_figure_per_variant(busy_report):
    text, _ = busy_report
    section = text.split("### desktop, loopback, busy page", 1)[1]
    header = section.split("\n")[2]
    every = "SDK / bridge / worker / first-answers / floor"
    first = "first visible, ms: SDK / bridge floor / worker floor / first-answers floor / in-page floor"
    assert f"| buttons | cache | {first} |" in header
    assert "| SDK ÷ first-answers | first-answers ÷ floor |" in header
    assert f"| usable, ms: {every} | SDK usable ÷ floor's first visible |" in header
    assert f"| longest merchant task, ms, median (worst): {every} |" in header
    cold = section.split("| 1 | cold | ", 1)[1].split("\n", 1)[0].split(" | ")
    assert len(cold) == header.count(" | ") - 1
    assert cold[:7] == ["240 / 900 / 800 / 200 / 160", "1.50x", "0.27x", "5.62x", "5.00x", "1.20x", "1.25x"]
    assert cold[-1].rstrip(" |") == "1 / 0 / 0 / 0 / 0"  # tasks over 50 ms per load
    assert "| 1 | warm | " in section


def test_the_desktop_profile_checks_the_globals_and_every_long_task():
    found = verdicts("desktop", profile_figures({Cell(1, "cold"): cell([]), Cell(1, "warm"): cell([])}))
    targets = {v.target: v for v in found if v.area == "SDK, desktop"}
    assert targets["one global on the merchant's window"].figure == "service"
    assert targets["no long task over 50 ms on the merchant's main thread"].figure == "0"
    assert "1 button, warm, first visible: ≤ 2.5x the in-page floor" in targets  # the start-up's
    assert not any(v.area.startswith("Worker floor") for v in found)  # no slow or busy page here


# A page that shows its button and runs its queue once parsed, as a floor does, and counts its
# loads in the profile's storage, naming a global after each (the probe reports new globals).
COUNTED = """<script>
var loads = Number(localStorage.getItem('loads') || 0) + 1;
localStorage.setItem('loads', String(loads));
window['load' + loads] = true;
document.addEventListener('DOMContentLoaded', function () {
  document.querySelector('[data-service-button]').hidden = false;
  window.service.forEach(function (fn) { fn({}); });
});
</script>"""


def test_a_warm_sample_is_the_third_load_in_a_profile_on_disk(playwright, browser):
    site = MerchantSite("").start()
    try:
        url = site.page(page_body(1), head=QUEUED + COUNTED, sdk=False)
        warm = measure(playwright, browser, PROFILES["desktop"], url, warm=True)
        cold = measure(playwright, browser, PROFILES["desktop"], url, warm=False)
    finally:
        site.stop()
    assert "load3" in warm.globals and "load2" not in warm.globals, warm
    assert "load1" in cold.globals, cold  # a new incognito context: nothing kept
    assert warm.first is not None and warm.usable is not None and warm.bytes > 0
