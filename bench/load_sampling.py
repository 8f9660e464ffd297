"""What one run of the load benchmark samples: page loads in Chromium, and the build's bytes.

A sample is one load of one variant's page (load_floors) in a profile (load_profiles): with a
cold cache, a new incognito context; with a warm one, the third load in a browser profile on
disk, where V8 keeps compiled code. The variants take turns, each run starting with another,
so a busy machine slows all alike.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import NamedTuple

from load_floors import Variant
from load_page import CACHES, PROBE, RESULT, WARM_LOAD, Probed
from load_profiles import Profile
from playwright.sync_api import Browser, BrowserContext, Playwright, Request

from backend_stub.config import Config

__all__ = [
    "Cell",
    "CellSamples",
    "Plan",
    "ProfileSamples",
    "Sample",
    "ServedBytes",
    "measure",
    "sample_profile",
    "served_bytes",
]


@dataclass(frozen=True)
class Plan:
    """What one run measures: its command line's choices."""

    runs: int  # samples per cell and variant
    sizes: list[int]  # button counts
    profiles: list[str]
    caches: list[str] = field(default_factory=lambda: list(CACHES))
    engines: list[str] = field(default_factory=list)  # other engines (bench/engine_load.py)
    clicks: int = 0  # clicks at each moment, in each of ``click_profiles``
    click_profiles: list[str] = field(default_factory=list)
    tag: str = "async"  # the SDK's tag attribute (and the floors' served as its /sdk.js)
    untimed: int = 1  # loads (and clicks) before the timed ones, to warm servers and browsers up


class Cell(NamedTuple):
    """One row of a profile's table: a button count and a cache."""

    buttons: int
    cache: str


@dataclass(frozen=True)
class Sample(Probed):
    """One load in Chromium: what the probe saw, and what the load transferred."""

    bytes: int  # response bodies and headers of every request, as transferred
    requests: int


CellSamples = dict[str, list[Sample]]  # a variant's name -> its samples in one cell
ProfileSamples = dict[Cell, CellSamples]

LOADED = "window.__bench && window.__bench.all !== null && window.__bench.usable !== null"


def load(context: BrowserContext, url: str, profile: Profile) -> Sample:
    """Load ``url`` once in ``context`` and wait until every button is settled and the function
    the page queued has run."""
    page = context.new_page()
    profile.emulate(context, page)
    finished: list[Request] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url)
    page.wait_for_function(LOADED, timeout=60_000)
    probed = Probed.read(page.evaluate(RESULT))
    transferred = sum(
        sizes["responseBodySize"] + sizes["responseHeadersSize"]
        for sizes in (request.sizes() for request in finished)
    )
    page.close()
    return Sample(**asdict(probed), bytes=transferred, requests=len(finished))


def measure(playwright: Playwright, browser: Browser, profile: Profile, url: str, warm: bool) -> Sample:
    """One sample. Cold: a fresh incognito context. Warm: a profile on disk, as a returning
    shopper's browser has, loaded three times (V8 keeps compiled code only in a real profile:
    an incognito context never reuses it)."""
    if not warm:
        context = browser.new_context()
        context.add_init_script(PROBE)
        try:
            return load(context, url, profile)
        finally:
            context.close()
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(folder, **profile.launch())
        context.add_init_script(PROBE)
        try:
            for _ in range(WARM_LOAD - 1):
                load(context, url, profile)
            return load(context, url, profile)
        finally:
            context.close()


def sample_profile(
    playwright: Playwright,
    browser: Browser,
    profile: Profile,
    pages: list[Variant],
    plan: Plan,
) -> Iterator[tuple[Cell, CellSamples]]:
    """Each cell of one profile (``browser`` launched for it) as it is measured: every variant's
    samples, the variants in rotation, after ``plan.untimed`` loads of each page."""
    for _ in range(plan.untimed):  # server and browser warm-up
        for variant in pages:
            measure(playwright, browser, profile, variant.url(1), warm=False)
    for count in plan.sizes:
        for cache in plan.caches:
            samples: CellSamples = {variant.name: [] for variant in pages}
            for index in range(plan.runs):
                # Each run starts with another variant, so a busy machine slows all alike.
                for variant in pages[index % len(pages) :] + pages[: index % len(pages)]:
                    samples[variant.name].append(
                        measure(playwright, browser, profile, variant.url(count), cache == "warm")
                    )
            yield Cell(count, cache), samples


@dataclass(frozen=True)
class ServedBytes:
    """What a cold load of the SDK downloads, brotli as the build compresses it."""

    runtime: int
    bundle: int
    loader: int
    bridge_page: int
    lazy: int  # the rest of Brython, loaded only if code uses what the build moved out of the runtime

    @property
    def parts(self) -> dict[str, int]:
        """Each part a cold load downloads, by the name the report gives it."""
        return {
            "runtime": self.runtime,
            "bundle": self.bundle,
            "loader": self.loader,
            "bridge page": self.bridge_page,
        }

    @property
    def total(self) -> int:
        """A cold load's bytes, every part together."""
        return sum(self.parts.values())


def served_bytes() -> ServedBytes:
    """The build's parts (backend_stub/web/dist), as served."""
    dist = Config().sdk_dir
    built = json.loads((dist / "manifest.json").read_text(encoding="utf-8"))

    def size(key: str) -> int:
        return (dist / (built[key] + ".br")).stat().st_size

    return ServedBytes(
        runtime=size("brython"),
        bundle=size("bundle"),
        loader=size("loader"),
        bridge_page=size("bridge"),
        lazy=size("brython_lazy"),
    )
