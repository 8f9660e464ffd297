"""The parts of bench/sdk_load.py that need no whole run: the busy page's own tasks left out of
the long-task figures."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from load_page import PROBE, RESULT, busy_script, merchant_tasks  # noqa: E402


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
