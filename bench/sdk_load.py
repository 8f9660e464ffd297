"""How fast the SDK shows buttons on a merchant page, next to the floor, in one run.

The same merchant page (on ``localhost``) is loaded with this SDK (loader + bridge on the
service origin, ``127.0.0.1``) and with ``bench/baseline.js``, a plain-JavaScript in-page
script that does nothing but the fast path: the floor. Runs alternate between the two, so a
busy machine slows both alike, and the report gives medians and their ratios:

- a third variant, the bridge floor (``bench/bridge_floor/``): the SDK's architecture with
  nothing in it (the iframe, the same Brython runtime, postMessage, fetch in JavaScript), served
  by a second server as its ``/sdk.js``; it tells the architecture's cost from the SDK's own;
- time from navigation start until the first button is visible, and until all are settled,
  for 1, 10 and 100 buttons (all with distinct amounts), with a cold cache (a new incognito
  context) and a warm one (the third load in a browser profile on disk, where V8 keeps compiled
  code);
- bytes transferred; long tasks on the merchant page's main thread; globals added;
- first visible and all settled in Firefox and WebKit too, against the in-page floor measured in
  the same engine (``bench/engine_load.py``; ``--engines ''`` leaves them out).

Usage: ``python bench/sdk_load.py [--runs N] [--sizes 1,10,100] [--engines firefox,webkit]
[--out bench/RESULTS.md]``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine_load  # noqa: E402 (bench/, beside this file)
from load_page import PROBE, RESULT, page_body  # noqa: E402

from backend_stub.config import Config  # noqa: E402
from backend_stub.testkit import ServiceProcess  # noqa: E402
from backend_stub.testkit.chromium import launch_options  # noqa: E402
from tests.e2e.merchant_site import SDK_QUERY, MerchantSite  # noqa: E402

WARM_LOAD = 3  # V8 caches compiled code from the second load on; the third is warm


class Variant:
    """One way of putting buttons on the page: this SDK (its script tag), or a floor's script."""

    def __init__(self, name: str, site: MerchantSite, script: str | None = None) -> None:
        self.name, self.site, self.script = name, site, script
        self.urls: dict[int, str] = {}

    def url(self, count: int) -> str:
        if count not in self.urls:
            if self.script is None:
                self.urls[count] = self.site.page(page_body(count))
            else:
                self.urls[count] = self.site.page(page_body(count), head=self.script, sdk=False)
        return self.urls[count]


def bridge_floor_dir(folder: Path) -> Path:
    """An SDK folder for a second server (``--sdk-dir``) whose ``/sdk.js`` is the bridge floor:
    bench/bridge_floor/ around the very Brython runtime file the SDK's bridge loads."""
    dist = Config().sdk_dir
    built = json.loads((dist / "manifest.json").read_text(encoding="utf-8"))
    runtime = built["brython"]
    for name in (runtime, built["brython_lazy"]):  # the runtime, and the parts it loads on first use
        for suffix in ("", ".br", ".gz"):
            shutil.copy(dist / (name + suffix), folder / (name + suffix))
    source = ROOT / "bench" / "bridge_floor"
    page = source.joinpath("bridge.html").read_text(encoding="utf-8")
    page = page.replace("__BRYTHON__", runtime).replace("__BRIDGE_SCRIPT__", "bridge-floor.js")
    (folder / "bridge-floor.html").write_text(page, encoding="utf-8")
    shutil.copy(source / "bridge.js", folder / "bridge-floor.js")
    loader = source.joinpath("loader.js").read_text(encoding="utf-8")
    (folder / "loader.js").write_text(loader.replace("__BRIDGE__", "bridge-floor.html"), encoding="utf-8")
    manifest = {
        "brython": runtime,
        "brython_lazy": built["brython_lazy"],
        "bundle": "bridge-floor.js",
        "bridge": "bridge-floor.html",
        "loader": "loader.js",
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def load(context: BrowserContext, url: str) -> dict:
    """Load ``url`` once in ``context`` and wait until every button is settled."""
    page = context.new_page()
    finished: list = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url)
    page.wait_for_function("window.__bench && window.__bench.all !== null", timeout=30_000)
    result = page.evaluate(RESULT)
    result["bytes"] = sum(
        sizes["responseBodySize"] + sizes["responseHeadersSize"]
        for sizes in (request.sizes() for request in finished)
    )
    result["requests"] = len(finished)
    page.close()
    return result


def measure(playwright: Playwright, browser: Browser, variant: Variant, count: int, warm: bool) -> dict:
    """One sample. Cold: a fresh incognito context. Warm: a profile on disk, as a returning
    shopper's browser has, loaded three times (V8 keeps compiled code only in a real profile:
    an incognito context never reuses it)."""
    if not warm:
        context = browser.new_context()
        context.add_init_script(PROBE)
        try:
            return load(context, variant.url(count))
        finally:
            context.close()
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch_options())
        context.add_init_script(PROBE)
        try:
            result = None
            for _ in range(WARM_LOAD):
                result = load(context, variant.url(count))
            return result
        finally:
            context.close()


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def run(runs: int, sizes: list[int], engines: list[str]) -> tuple[dict, dict]:
    """Chromium's figures, then those of the other ``engines`` (bench/engine_load.py)."""
    results: dict = {}
    with (
        tempfile.TemporaryDirectory() as folder,
        ServiceProcess() as service,
        ServiceProcess(extra_args=["--sdk-dir", str(bridge_floor_dir(Path(folder)))]) as floor_service,
        sync_playwright() as playwright,
    ):
        site = MerchantSite(service.url, static={"/bench/": ROOT / "bench"}).start()
        browser = playwright.chromium.launch(**launch_options())
        baseline = f"/bench/baseline.js?api={service.url}&{SDK_QUERY}"
        floor_script = f'<script src="{baseline}" defer></script>'
        variants = [
            Variant("sdk", site),
            Variant("floor", site, floor_script),
            Variant("bridge", site, f'<script src="{floor_service.url}/sdk.js?{SDK_QUERY}" async></script>'),
        ]
        for variant in variants:  # one untimed load each: server and browser warm-up
            measure(playwright, browser, variant, 1, warm=False)
        for count in sizes:
            for warm in (False, True):
                samples: dict[str, list[dict]] = {variant.name: [] for variant in variants}
                for index in range(runs):
                    # Each run starts with another variant, so a busy machine slows all alike.
                    order = variants[index % len(variants) :] + variants[: index % len(variants)]
                    for variant in order:
                        samples[variant.name].append(measure(playwright, browser, variant, count, warm))
                results[(count, "warm" if warm else "cold")] = samples
                print(
                    f"  {count:>3} buttons, {'warm' if warm else 'cold'}: {summary_line(samples)}",
                    file=sys.stderr,
                )
        browser.close()
        other_engines = engine_load.run(engines, runs, sizes, site, floor_script)
        site.stop()
    return results, other_engines


def stats(samples: list[dict]) -> dict:
    return {
        "first": median([s["first"] for s in samples]),
        "all": median([s["all"] for s in samples]),
        "bytes": median([s["bytes"] for s in samples]),
        "requests": median([s["requests"] for s in samples]),
        "long_max": max((max(s["longTasks"], default=0) for s in samples), default=0),
        "long_over_50": sum(sum(1 for d in s["longTasks"] if d > 50) for s in samples),
        "globals": sorted({name for s in samples for name in s["globals"]}),
    }


def summary_line(samples: dict) -> str:
    sdk, floor, bridge = (stats(samples[name]) for name in ("sdk", "floor", "bridge"))
    return (
        f"first {sdk['first']:.0f} vs {floor['first']:.0f} ms ({sdk['first'] / floor['first']:.2f}x;"
        f" bridge floor {bridge['first']:.0f}), "
        f"all {sdk['all']:.0f} vs {floor['all']:.0f} ms ({sdk['all'] / floor['all']:.2f}x;"
        f" bridge floor {bridge['all']:.0f})"
    )


TARGETS = [
    # (buttons, cache, measure, ceiling of the ratio to the floor)
    (1, "cold", "first", 2.5),
    (1, "warm", "first", 1.8),
    (100, "cold", "all", 1.2),
    (100, "warm", "all", 1.2),
]


def _pair(sdk: dict, floor: dict, key: str, unit: str = "", ratio: bool = False) -> str:
    text = f"{sdk[key]:,.0f} / {floor[key]:,.0f}{unit}"
    return text + (f" ({sdk[key] / floor[key]:.2f}x)" if ratio else "")


def report(results: dict, runs: int) -> str:
    today = datetime.date.today().isoformat()
    lines = [
        f"## SDK load — {today}",
        "",
        f"`python bench/sdk_load.py --runs {runs}` on {platform.machine()}, {platform.python_version()},"
        f" Chromium headless; medians of {runs} runs per cell, the SDK and both floors in rotation.",
        "Times are milliseconds from navigation start.",
        "",
        "| buttons | cache | first visible: SDK / floor (ratio) | all settled: SDK / floor (ratio) "
        "| bytes: SDK / floor | requests: SDK / floor | longest merchant task: SDK / floor |",
        "|---|---|---|---|---|---|---|",
    ]
    for (count, cache), samples in results.items():
        sdk, floor = stats(samples["sdk"]), stats(samples["floor"])
        cells = [
            _pair(sdk, floor, "first", ratio=True),
            _pair(sdk, floor, "all", ratio=True),
            _pair(sdk, floor, "bytes"),
            _pair(sdk, floor, "requests"),
            _pair(sdk, floor, "long_max", " ms"),
        ]
        lines.append(f"| {count} | {cache} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "The bridge floor (bench/bridge_floor/) is the least the SDK's architecture can do: the same"
        " iframe on the service origin loading the same Brython runtime, postMessage both ways, no"
        " Python. The SDK over it is what the SDK's own code costs; it over the in-page floor is what"
        " the architecture costs.",
        "",
        "| buttons | cache | first visible: SDK / bridge floor (ratio)"
        " | all settled: SDK / bridge floor (ratio) | bridge floor / in-page floor: first, all |",
        "|---|---|---|---|---|",
    ]
    for (count, cache), samples in results.items():
        sdk, floor, bridge = (stats(samples[name]) for name in ("sdk", "floor", "bridge"))
        lines.append(
            f"| {count} | {cache} | {_pair(sdk, bridge, 'first', ratio=True)}"
            f" | {_pair(sdk, bridge, 'all', ratio=True)}"
            f" | {bridge['first'] / floor['first']:.2f}x, {bridge['all'] / floor['all']:.2f}x |"
        )
    lines += ["", "Targets:", ""]
    for count, cache, what, ceiling in TARGETS:
        if (count, cache) not in results:
            continue
        samples = results[(count, cache)]
        floor, bridge = stats(samples["floor"])[what], stats(samples["bridge"])[what]
        ratio = stats(samples["sdk"])[what] / floor
        verdict = "met" if ratio <= ceiling else "MISSED"
        lines.append(
            f"- {count} button(s), {cache}, {what}: {ratio:.2f}x (target ≤ {ceiling}x) — {verdict};"
            f" the bridge floor alone: {bridge / floor:.2f}x"
        )
    sdk_all = [s for samples in results.values() for s in samples["sdk"]]
    over = sum(1 for s in sdk_all for d in s["longTasks"] if d > 50)
    lines.append(
        f"- long tasks over 50 ms on the merchant's main thread with the SDK: {over} — "
        f"{'met' if over == 0 else 'MISSED'}"
    )
    globals_added = sorted({name for s in sdk_all for name in s["globals"]})
    lines.append(f"- globals the SDK added to the merchant's window: {', '.join(globals_added) or 'none'}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--sizes", default="1,10,100")
    parser.add_argument("--out", type=Path, default=None, help="append the report to this Markdown file")
    parser.add_argument(
        "--engines", default=",".join(engine_load.ENGINES), help="other engines to measure too ('' for none)"
    )
    args = parser.parse_args()
    engines = [name for name in args.engines.split(",") if name]
    results, other_engines = run(args.runs, [int(size) for size in args.sizes.split(",")], engines)
    text = report(results, args.runs) + (engine_load.report(other_engines, args.runs) if engines else "")
    print(text)
    if args.out:
        previous = args.out.read_text(encoding="utf-8") if args.out.exists() else "# Benchmark results\n\n"
        args.out.write_text(previous.rstrip("\n") + "\n\n" + text, encoding="utf-8")


if __name__ == "__main__":
    main()
