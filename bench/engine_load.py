"""bench/sdk_load.py's part in Firefox and WebKit: the SDK against the in-page floor, measured in
the same engine in the same run: first visible, all settled, and when the SDK is usable (the
page's queued function has run) against the floor's first visible.

The engines are driven as the cross-engine tests drive them (backend_stub/testkit/engines:
Firefox over WebDriver BiDi, WebKitGTK over WebDriver classic). WebDriver classic cannot run a script before
the page's own, so here the probe is the page's first script, in every engine alike. One sample
is a tab with an empty cache: its first load is the cold figure, its third the warm one (the HTTP
cache full, as for a returning shopper). The SDK and the floor take turns, each run starting with
another, so a busy machine slows both alike.
"""

from __future__ import annotations

import functools
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from load_page import CACHES, PROBE, QUEUED, RESULT, WARM_LOAD, page_body

from backend_stub.testkit.engines.driver import Engine, Tab
from backend_stub.testkit.engines.firefox import Firefox
from backend_stub.testkit.engines.webkit import WebKit
from backend_stub.testkit.merchant_site import MerchantSite

__all__ = ["ENGINES", "EngineSamples", "run", "report"]

ENGINES: dict[str, Callable[[], Engine]] = {"firefox": Firefox, "webkit": WebKit}
LABELS = {"firefox": "Firefox", "webkit": "WebKitGTK"}
EngineSamples = dict[Any, Any]
SETTLED = "() => window.__bench && window.__bench.all !== null && window.__bench.usable !== null"


def variants(site: MerchantSite, floor_script: str) -> dict[str, Callable[[int], str]]:
    """Page URL per button count, for the SDK (its script tag) and the in-page floor, each after
    the page's function queued for the SDK."""
    probe = f"<script>{PROBE}</script>{QUEUED}"
    urls: dict[tuple[str, int], str] = {}

    def page(name: str, count: int) -> str:
        if (name, count) not in urls:
            if name == "sdk":
                urls[name, count] = site.page(page_body(count), head=probe)
            else:
                urls[name, count] = site.page(page_body(count), head=probe + floor_script, sdk=False)
        return urls[name, count]

    return {name: functools.partial(lambda name, count: page(name, count), name) for name in ("sdk", "floor")}


def load(tab: Tab, url: str) -> dict[Any, Any]:
    tab.goto(url)
    tab.wait_for(SETTLED, timeout=30, what="every button settled and the queued function run")
    return tab.call(RESULT)


def sample(engine: Engine, url: str, caches: Sequence[str] = CACHES) -> dict[str, dict[Any, Any]]:
    """{cache: figures} for each of ``caches``. Cold: the first load in a tab with an empty cache;
    warm: the third in that tab (the tab loads the page once when only cold is asked for)."""
    tab = engine.fresh_tab()
    try:
        loads = [load(tab, url) for _ in range(WARM_LOAD if "warm" in caches else 1)]
    finally:
        tab.close()
    return {cache: loads[0] if cache == "cold" else loads[-1] for cache in caches}


def run(
    names: list[str],
    runs: int,
    sizes: list[int],
    site: MerchantSite,
    floor_script: str,
    *,
    untimed: int = 1,
    caches: Sequence[str] = CACHES,
) -> dict[Any, Any]:
    """{(engine label with version, buttons, cache): {"sdk": [samples], "floor": [samples]}} for
    each of ``caches``, after ``untimed`` samples of each page (server and browser warm-up)."""
    pages = variants(site, floor_script)
    results: dict[Any, Any] = {}
    for name in names:
        engine = ENGINES[name]()
        label = f"{LABELS[name]} {engine.version}"
        try:
            for _ in range(untimed):
                for url in pages.values():
                    sample(engine, url(1), caches)
            for count in sizes:
                samples: dict[str, list[dict[Any, Any]]] = {"sdk": [], "floor": []}
                order = list(pages)
                for index in range(runs):
                    for variant in order[index % 2 :] + order[: index % 2]:
                        samples[variant].append(sample(engine, pages[variant](count), caches))
                for cache in caches:
                    cell = {variant: [s[cache] for s in taken] for variant, taken in samples.items()}
                    results[label, count, cache] = cell
                    print(f"  {label}, {count:>3} buttons, {cache}: {' | '.join(row(cell))}", file=sys.stderr)
        finally:
            engine.close()
    return results


def median(samples: list[dict[Any, Any]], key: str) -> float:
    return statistics.median(s[key] for s in samples)


def report(results: dict[Any, Any], runs: int) -> str:
    """The Markdown section: one row per engine, button count and cache."""
    engines = sorted({label for label, _, _ in results})
    lines = [
        "",
        f"In other engines ({', '.join(engines)}; `bench/engine_load.py`): the same pages, the probe"
        f" as the page's first script, medians of {runs} runs; cold is a tab with an empty cache,"
        " warm its third load.",
        "",
        "| engine | buttons | cache | first visible: SDK / floor (ratio)"
        " | all settled: SDK / floor (ratio) | usable: SDK (÷ the floor's first visible) |",
        "|---|---|---|---|---|---|",
    ]
    for (label, count, cache), samples in results.items():
        lines.append(f"| {label} | {count} | {cache} | " + " | ".join(row(samples)) + " |")
    return "\n".join(lines) + "\n"


def row(samples: dict[Any, Any]) -> list[str]:
    """First visible and all settled: SDK / floor (ratio); the SDK usable (over the floor's first
    visible); medians in milliseconds."""
    cells = []
    for key in ("first", "all"):
        sdk, floor = median(samples["sdk"], key), median(samples["floor"], key)
        cells.append(f"{sdk:,.0f} / {floor:,.0f} ({sdk / floor:.2f}x)")
    usable, floor_first = median(samples["sdk"], "usable"), median(samples["floor"], "first")
    cells.append(f"{usable:,.0f} ({usable / floor_first:.2f}x)")
    return cells
