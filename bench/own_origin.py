"""What a merchant gains on a busy page by serving the SDK's loader from its own origin, in one run.

On a page busy with its own start-up work, Chromium runs an ``async`` script from another site
later than the page's own scripts. The same merchant page (on ``localhost``, busy with 1.5 s of
work in 100 ms tasks before the SDK's tag: load_page.busy_script), with one button, is loaded
in rotation with the loader:

- ``service, async``: from the service's origin (``127.0.0.1``), ``async``, as the quick start
  writes it: the reference every ratio is taken against;
- ``service, defer``: the same tag with ``defer``, as docs/sdk.md advises for busy pages;
- ``own copy, async``: the pinned loader's bytes served by the merchant's origin at
  ``/js/sdk.js``, configured by ``service.init({api_url})`` from the page's queue;
- ``service-js/bundled``: the npm package's bundled entry in the app's own bundle, one module
  file a bundler made (Rolldown, the React example's, examples/react_shop: ``make install``) and
  the page loads as Vite's output is (``<script type="module">``), ``loadService()`` running the
  loader the package carries.

For each, from navigation start (medians): when the loader ran (the function the page queued
before it has run), when the loader's first-answers request started (resource timing of
``/sdk/first``), and when the button was first visible; cold (a new incognito context) and warm
(the third load in a profile on disk). Desktop Chromium (the full browser), loopback.

Usage: ``python bench/own_origin.py [--runs 5] [--caches cold,warm] [--untimed 1]
[--out bench/RESULTS.md]`` (about a minute a run on two busy cores).
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from load_page import PROBE, QUEUED, RESULT, busy_script, page_body  # noqa: E402
from results_file import record  # noqa: E402

from backend_stub.chromium import launch_options  # noqa: E402
from backend_stub.testkit import ServiceProcess  # noqa: E402
from backend_stub.testkit.merchant_site import SDK_QUERY, MerchantSite  # noqa: E402
from sdk.tooling import npm_package, releases  # noqa: E402

WARM_LOAD = 3  # V8 caches compiled code from the second load on; the third is warm
LOADED = "window.__bench && window.__bench.first !== null && window.__bench.usable !== null"
FIRST_REQUEST = """() => {
  const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/sdk/first'));
  return entry ? entry.startTime : null;
}"""
REFERENCE = "service, async"
BUNDLER = ROOT / "examples" / "react_shop" / "node_modules" / ".bin" / "rolldown"


def app_bundle(folder: Path, service: str) -> str:
    """A merchant's app bundle that loads the SDK with ``service-js/bundled``: one minified module."""
    package = npm_package.stage(folder / "service-js")
    entry = folder / "app.js"
    entry.write_text(
        f"import {{ loadService }} from '{package}/src/bundled.js';\n"
        f"loadService({{ publicKey: 'pk_test_demo', sandbox: true, apiUrl: '{service}' }});\n",
        encoding="utf-8",
    )
    if not BUNDLER.exists():
        raise SystemExit(f"no bundler at {BUNDLER.relative_to(ROOT)}: run `make install`")
    bundle = folder / "bundle.js"
    options = ["--format", "esm", "--minify", "--file", str(bundle)]
    subprocess.run([str(BUNDLER), str(entry), *options], check=True, capture_output=True)
    return bundle.read_text(encoding="utf-8")


def variants(site: MerchantSite, service: str, bundle: str) -> dict[str, str]:
    """Each variant's page URL: the busy page's own work, its queued function, then the loader."""
    site.file("/js/sdk.js", releases.current().decode("utf-8"))
    init = (
        "<script>(window.service = window.service || []).push(function (service) {"
        f" service.init({{public_key: 'pk_test_demo', sandbox: true, api_url: '{service}'}}); }});</script>"
    )
    site.file("/assets/app.js", bundle)
    tags = {
        REFERENCE: f'<script src="{service}/sdk.js?{SDK_QUERY}" async></script>',
        "service, defer": f'<script src="{service}/sdk.js?{SDK_QUERY}" defer></script>',
        "own copy, async": init + '<script src="/js/sdk.js" async></script>',
        "service-js/bundled": '<script type="module" src="/assets/app.js"></script>',
    }
    own = busy_script() + QUEUED
    return {name: site.page(page_body(1), head=own + tag, sdk=False) for name, tag in tags.items()}


def load(context: BrowserContext, url: str) -> dict[str, Any]:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(LOADED, timeout=60_000)
    result = page.evaluate(RESULT)
    result["request"] = page.evaluate(FIRST_REQUEST)
    page.close()
    return result


def sample(playwright: Playwright, browser: Browser, url: str, warm: bool) -> dict[str, Any]:
    """One load: cold in a new incognito context; warm, the third in a profile on disk."""
    if not warm:
        context = browser.new_context()
        context.add_init_script(PROBE)
        try:
            return load(context, url)
        finally:
            context.close()
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(folder, **launch_options(full_browser=True))
        context.add_init_script(PROBE)
        try:
            for _ in range(WARM_LOAD - 1):
                load(context, url)
            return load(context, url)
        finally:
            context.close()


def run(runs: int, caches: list[str], untimed: int) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """{variant: {cache: samples}}, the variants in rotation (each run starts with another), after
    ``untimed`` cold loads of each that warm the servers and the browser up."""
    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        service = ServiceProcess().start()
        site = MerchantSite(service.url).start()
        try:
            pages = variants(site, service.url, app_bundle(Path(folder), service.url))
            names = list(pages)
            with closing(playwright.chromium.launch(**launch_options(full_browser=True))) as browser:
                for name in names * untimed:
                    sample(playwright, browser, pages[name], warm=False)
                for index in range(runs):
                    for name in names[index % len(names) :] + names[: index % len(names)]:
                        for cache in caches:
                            figures = sample(playwright, browser, pages[name], warm=cache == "warm")
                            results.setdefault(name, {}).setdefault(cache, []).append(figures)
        finally:
            site.stop()
            service.stop()
    return results


def median(samples: list[dict[str, Any]], key: str) -> float | None:
    values = [s[key] for s in samples if s[key] is not None]
    return statistics.median(values) if values else None


def ms(value: float | None) -> str:
    return "–" if value is None else f"{value:,.0f}"


def report(results: dict[str, dict[str, list[dict[str, Any]]]], runs: int, load: tuple[float, float]) -> str:
    stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines = [
        f"## {stamp}: the loader from the merchant's own origin, busy desktop page",
        "",
        f"`python bench/own_origin.py --runs {runs}`: desktop Chromium (full browser), loopback, the"
        " page busy with 1.5 s of its own work in 100 ms tasks before the loader's tag, one button;"
        f" medians of {runs} loads in rotation, ms from navigation start (load average"
        f" {load[0]:.1f} at the start, {load[1]:.1f} at the end). Loader ran: the function the page"
        " queued before it has run; request: the first answers' `/sdk/first` started; ratios: first"
        f" visible over `{REFERENCE}`'s.",
        "",
        "| loader | cache | loader ran | request | first visible | ÷ service, async |",
        "|---|---|---|---|---|---|",
    ]
    for cache in next(iter(results.values())):
        reference = median(results[REFERENCE][cache], "first")
        for name, caches in results.items():
            samples = caches[cache]
            first = median(samples, "first")
            ratio = f"{first / reference:.2f}x" if first and reference else "–"
            lines.append(
                f"| {name} | {cache} | {ms(median(samples, 'usable'))} | {ms(median(samples, 'request'))}"
                f" | {ms(first)} | {ratio} |"
            )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--caches", default="cold,warm", help="cold, warm, or both")
    parser.add_argument(
        "--untimed", type=int, default=1, help="cold loads of each page first (0: a smoke run's figures)"
    )
    parser.add_argument("--out", type=Path, default=None, help="record the report in this Markdown file")
    args = parser.parse_args()
    start_load = os.getloadavg()[0]
    caches = [cache for cache in args.caches.split(",") if cache]
    if not caches or set(caches) - {"cold", "warm"}:
        parser.error("--caches takes cold and warm, or either")
    text = report(run(args.runs, caches, args.untimed), args.runs, (start_load, os.getloadavg()[0]))
    print(text)
    if args.out:
        record(args.out, text, [], datetime.date.today().isoformat())


if __name__ == "__main__":
    main()
