"""bench/sdk_load.py's part in Firefox and WebKit: the SDK against the in-page floor, measured in
the same engine in the same run: first visible, all settled, and when the SDK is usable (the
page's queued function has run) against the floor's first visible.

The engines are driven as the cross-engine tests drive them (backend_stub/testkit/engines:
Firefox over WebDriver BiDi, WebKitGTK over WebDriver classic). WebDriver classic cannot run a
script before the page's own, so here the probe is the page's first script, in every engine alike. One sample
is a tab with an empty cache: its first load is the cold figure, its third the warm one (the HTTP
cache full, as for a returning shopper). The SDK and the floor take turns, each run starting with
another, so a busy machine slows both alike.
"""

from __future__ import annotations

import functools
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import NamedTuple

from load_page import CACHES, PROBE, QUEUED, RESULT, WARM_LOAD, Probed, page_body

from backend_stub.testkit.engines.driver import Engine, Tab
from backend_stub.testkit.engines.firefox import Firefox
from backend_stub.testkit.engines.webkit import WebKit
from backend_stub.testkit.merchant_site import MerchantSite

__all__ = ["ENGINES", "EngineSamples", "run", "report"]

ENGINES: dict[str, Callable[[], Engine]] = {"firefox": Firefox, "webkit": WebKit}
LABELS = {"firefox": "Firefox", "webkit": "WebKitGTK"}


class EngineCell(NamedTuple):
    """One row of the other engines' table."""

    engine: str  # its label with its version: "Firefox 153.0"
    buttons: int
    cache: str


VariantSamples = dict[str, list[Probed]]  # "sdk" or "floor" -> its loads
EngineSamples = dict[EngineCell, VariantSamples]
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


def load(tab: Tab, url: str) -> Probed:
    """Load ``url`` in ``tab`` and wait until every button is settled and the queued function run."""
    tab.goto(url)
    tab.wait_for(SETTLED, timeout=30, what="every button settled and the queued function run")
    return Probed.read(tab.call(RESULT))


def sample(engine: Engine, url: str, caches: Sequence[str] = CACHES) -> dict[str, Probed]:
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
) -> EngineSamples:
    """{(engine label with version, buttons, cache): {"sdk": [samples], "floor": [samples]}} for
    each of ``caches``, after ``untimed`` samples of each page (server and browser warm-up)."""
    pages = variants(site, floor_script)
    results: EngineSamples = {}
    for name in names:
        engine = ENGINES[name]()
        label = f"{LABELS[name]} {engine.version}"
        try:
            for _ in range(untimed):
                for url in pages.values():
                    sample(engine, url(1), caches)
            for count in sizes:
                samples: dict[str, list[dict[str, Probed]]] = {"sdk": [], "floor": []}
                order = list(pages)
                for index in range(runs):
                    for variant in order[index % 2 :] + order[: index % 2]:
                        samples[variant].append(sample(engine, pages[variant](count), caches))
                for cache in caches:
                    cell = {variant: [s[cache] for s in taken] for variant, taken in samples.items()}
                    results[EngineCell(label, count, cache)] = cell
                    print(f"  {label}, {count:>3} buttons, {cache}: {' | '.join(row(cell))}", file=sys.stderr)
        finally:
            engine.close()
    return results


class Medians(NamedTuple):
    """One variant's median times in one cell, in milliseconds from navigation start."""

    first: float
    all: float
    usable: float

    @classmethod
    def of(cls, samples: list[Probed]) -> Medians:
        """The medians of ``samples``."""
        return cls(
            first=statistics.median(s.first for s in samples),
            all=statistics.median(s.all for s in samples),
            usable=statistics.median(s.usable for s in samples),
        )


def report(results: EngineSamples, runs: int) -> str:
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


def row(samples: VariantSamples) -> list[str]:
    """First visible and all settled: SDK / floor (ratio); the SDK usable (over the floor's first
    visible); medians in milliseconds."""
    sdk, floor = Medians.of(samples["sdk"]), Medians.of(samples["floor"])
    pairs = ((sdk.first, floor.first), (sdk.all, floor.all))
    cells = [f"{mine:,.0f} / {theirs:,.0f} ({mine / theirs:.2f}x)" for mine, theirs in pairs]
    cells.append(f"{sdk.usable:,.0f} ({sdk.usable / floor.first:.2f}x)")
    return cells
