"""How fast the SDK shows buttons on a merchant page, next to four floors, in one run.

The same merchant page (on ``localhost``) is loaded with this SDK (loader + bridge on the
service origin, ``127.0.0.1``) and with four floors, in rotation, so a busy machine slows all
alike; the report gives medians and their ratios:

- the in-page floor, ``bench/baseline.js``: a plain-JavaScript script in the page that does
  nothing but the fast path (one fetch per distinct button, a CORS preflight each);
- the bridge floor (``bench/bridge_floor/``): the SDK's architecture with nothing in it (the
  iframe on the service origin, the same Brython runtime, postMessage, fetch in JavaScript),
  served by a second server as its ``/sdk.js``; the SDK over it is what the SDK's own code
  costs, it over the in-page floor what the architecture costs;
- the worker floor (``bench/worker_floor/``): the architecture of issue 22 with nothing in it
  (the buttons' queries in the iframe's URL, the same Brython runtime started in a Web Worker,
  which fetches them and answers all in one message, applied in one task), served by a third
  server: what that architecture cannot go below when its first answers wait for the runtime;
- the first-answers floor (``bench/answers_floor/``): the SDK's path to its first visible button
  with nothing else in it (issue 31's: the watched elements read as the loader reads them, one
  CORS simple ``GET /sdk/first`` with the loader's query, answered by the sandbox's own rules, the
  show and hide commands applied in one task; no bridge), served as ``/sdk.js`` by a fourth
  sandbox server, the one it asks: the SDK over it (first visible) is what the loader's own code
  costs on that path, it over the in-page floor what the path costs (a cross-origin script, the
  server's rules); past one answer's bounds (20 distinct buttons) it asks again for the rest, one
  request after the other, where the SDK's bridge checks them, so its all settled at 100 buttons
  is no floor of the SDK's;
- time from navigation start until the first button is visible, until all are settled, and
  until the SDK is usable (a function the page pushed on the ``service`` queue before the SDK's
  tag has run; each floor runs its queue when it shows its first button), for 1 and 100 buttons
  (distinct amounts), with a cold cache (a new incognito context) and a warm one (the third load
  in a browser profile on disk, where V8 keeps compiled code);
- in six profiles (``--profiles``): ``desktop``, on loopback; ``desktop-60ms``, with a 60 ms
  round trip between the browser and every server (bench/latency.py, a delay line below HTTP
  that reaches the bridge's own renderer too); ``phone``, Chromium's emulation of a phone
  (CPU 4x slower, 60 ms of latency, 10 Mbit/s each way) through Playwright's CDP session, with
  the cross-site iframe in the page's renderer as Chrome on Android keeps it (it isolates only
  sites a user logs in to), so the emulation covers the bridge too; ``mobile``, Lighthouse's
  mobile profile the same way (CPU 4x, 150 ms, 1.6 Mbit/s down, 750 kbit/s up); ``busy`` and
  ``phone-busy``, the desktop and phone profiles on a page busy with its own start-up work
  (1.5 s as back-to-back 100 ms tasks, from before the SDK's script tag: load_page.busy_script);
- Chromium slows a page's renderer but not the dedicated workers it starts (CDP answers
  "Operation is only supported for pages, not workers"): in the CPU 4x profiles, work done in a
  worker runs at the machine's speed, so those figures flatter a worker by up to 3x its CPU time;
- bytes of a cold load as the build serves them (brotli) and as transferred; the longest task on
  the merchant page's main thread that is not the page's own busy work (PerformanceObserver
  longtask), until every button is settled and the SDK usable, for the SDK and every floor;
  globals added;
- in the phone profile (``--click-profiles``), clicks on a pay button wired in the page's queued function
  (``service.checkout`` on a checkout made with the private key), the moment it shows and after
  ``await service.ready``: from the click to the loader's overlay visible and to the hosted
  page interactive; a click that opens nothing within 5 s is counted as lost (``--clicks N``
  of each, 0 for none);
- first visible and all settled in Firefox and WebKit too, on loopback, against the in-page
  floor measured in the same engine (``bench/engine_load.py``; ``--engines ''`` leaves them out).

Usage: ``python bench/sdk_load.py [--runs N] [--sizes 1,100]
[--profiles desktop,desktop-60ms,phone,mobile,busy,phone-busy] [--caches cold,warm] [--clicks 3]
[--click-profiles phone] [--engines firefox,webkit] [--untimed 1] [--tag async] [--note TEXT]
[--out bench/RESULTS.md]`` (bench/README.md says what each does). Time grows with runs x profiles x sizes:
every profile at ``--runs 3 --sizes 1,100 --engines ''`` took about 33 minutes on two cores
shared with other work; the click figures add about a minute at ``--clicks 3``; one profile at
``--runs 3 --sizes 1`` takes a few minutes.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import tempfile
from contextlib import ExitStack, closing
from dataclasses import replace
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
# sdk/ holds the SDK's build inputs, which nothing installs: the first-answers floor reads what the
# build's loader watches from there (load_floors).
sys.path.insert(0, str(ROOT))

import engine_load  # noqa: E402 (bench/, beside this file)
from latency import Delayed  # noqa: E402
from load_clicks import (  # noqa: E402
    CLICK_MOMENTS,
    CLICK_PROFILES,
    OVERLAY_WAIT_MS,
    ClickFigures,
    ClickSample,
    click_row,
    sample_clicks,
)
from load_figures import (  # noqa: E402
    LONG_TASK_MS,
    CellFigures,
    Measure,
    ProfileFigures,
    profile_figures,
    summary_line,
)
from load_floors import FLOORS, TAGS, in_page_floor, start_servers, variants  # noqa: E402
from load_page import (  # noqa: E402
    CACHES,
)
from load_profiles import PROFILES  # noqa: E402
from load_sampling import Plan, ProfileSamples, ServedBytes, sample_profile, served_bytes  # noqa: E402
from load_targets import COLD_LOAD_BYTES, RUNTIME_BYTES, bytes_verdicts, click_verdicts, sdk_area, verdicts  # noqa: E402
from results_file import Verdict, record  # noqa: E402

from backend_stub.testkit.merchant_site import MerchantSite  # noqa: E402
from backend_stub.web.first_answers import FIRST_TRIPLES  # noqa: E402


def run(plan: Plan) -> tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]]:
    """{profile: Chromium's figures}, {profile: click figures}, then the figures of the other
    engines (bench/engine_load.py), as ``plan`` says."""
    results: dict[str, ProfileSamples] = {}
    click_results: dict[str, dict[str, list[ClickSample]]] = {}
    with ExitStack() as servers:
        folder = Path(servers.enter_context(tempfile.TemporaryDirectory()))
        service, floor_urls = start_servers(servers, folder)
        playwright = servers.enter_context(sync_playwright())
        site = MerchantSite(service.url, static={"/bench/": ROOT / "bench"}).start()
        for name in plan.profiles:
            profile = PROFILES[name]
            with ExitStack() as in_profile:
                origins = [site.url, service.url, *floor_urls.values()]
                if profile.rtt_ms:  # each server behind a delay line, under the same host name
                    origins = [in_profile.enter_context(Delayed(url, profile.rtt_ms)).url for url in origins]
                merchant, service_url, *floor_origins = origins
                floors = dict(zip(FLOORS, floor_origins, strict=True))
                pages = variants(site, merchant, service_url, floors, profile.busy, plan.tag)
                # One browser for the profile's loads and its clicks after them.
                browser = in_profile.enter_context(closing(playwright.chromium.launch(**profile.launch())))
                results[name] = {}
                for cell, samples in sample_profile(playwright, browser, profile, pages, plan):
                    results[name][cell] = samples
                    progress = (
                        f"{cell.buttons:>3} buttons, {cell.cache}: {summary_line(CellFigures.of(samples))}"
                    )
                    print(f"  {profile.label}, {progress}", file=sys.stderr)
                if plan.clicks and name in plan.click_profiles:
                    clicked = sample_clicks(browser, profile, pages[0].url(1), service.sandbox(), plan)
                    click_results[name] = clicked
                    for moment, taken in clicked.items():
                        row = " | ".join(click_row(ClickFigures.of(taken)))
                        print(f"  {profile.label}, click {CLICK_MOMENTS[moment]}: {row}", file=sys.stderr)
        other_engines = engine_load.run(
            plan.engines,
            plan.runs,
            plan.sizes,
            site,
            in_page_floor(service.url),
            untimed=plan.untimed,
            caches=plan.caches,
        )
        site.stop()
    return results, click_results, other_engines


def _times(cell: CellFigures, key: Measure) -> list[str]:
    """A measure's cells: every variant's median, then the ratios of the table's header; the
    first-answers floor's for first visible only (past 20 distinct buttons, its all settled is no
    floor of the SDK's: load_floors)."""
    ratios = cell.ratios(key)
    cells = [
        " / ".join(f"{f.time(key):,.0f}" for f in cell.variants.values()),
        f"{ratios.sdk_floor:.2f}x",
        f"{ratios.sdk_bridge:.2f}x",
        f"{ratios.bridge_floor:.2f}x",
        f"{ratios.worker_floor:.2f}x",
    ]
    if key == "first":
        cells += [f"{ratios.sdk_answers:.2f}x", f"{ratios.answers_floor:.2f}x"]
    return cells


ALL = "SDK / bridge / worker / first-answers / floor"  # every variant, in a column's header
RATIOS = ["SDK ÷ floor", "SDK ÷ bridge", "bridge ÷ floor", "worker ÷ floor"]
COLUMNS = [
    "buttons",
    "cache",
    "first visible, ms: SDK / bridge floor / worker floor / first-answers floor / in-page floor",
    *RATIOS,
    "SDK ÷ first-answers",
    "first-answers ÷ floor",
    f"all settled, ms: {ALL}",
    *RATIOS,
    f"usable, ms: {ALL}",
    "SDK usable ÷ floor's first visible",
    "SDK shown but not usable, ms",
    "bytes: SDK / floor",
    f"longest merchant task, ms, median (worst): {ALL}",
    f"tasks over {LONG_TASK_MS} ms per load: {ALL}",
]


def profile_section(name: str, figures: ProfileFigures) -> list[str]:
    """One profile's table: a row per button count and cache (:data:`COLUMNS`)."""
    lines = [
        f"### {PROFILES[name].label}",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for (count, cache), cell in figures.items():
        variants = cell.variants.values()
        cells = [
            *_times(cell, "first"),
            *_times(cell, "all"),
            " / ".join(f"{f.usable:,.0f}" for f in variants),
            f"{cell.usable_ratio:.2f}x",
            f"{max(cell.sdk.usable - cell.sdk.first, 0):,.0f}",
            f"{cell.sdk.bytes:,.0f} / {cell.floor.bytes:,.0f}",
            " / ".join(f"{f.long_median:,.0f} ({f.long_max:,.0f})" for f in variants),
            " / ".join(f"{f.long_over:g}" for f in variants),
        ]
        lines.append(f"| {count} | {cache} | " + " | ".join(cells) + " |")
    lines += [""]
    return lines


def click_section(name: str, figures: dict[str, ClickFigures]) -> list[str]:
    """The click figures of one profile: a table, one row per moment of the click."""
    return [
        f"Clicks, {PROFILES[name].label}: the 1-button page, its button wired by the page's queued"
        " function (`service.checkout(id, callbacks)`, on a checkout made with the private key for each"
        " click), a fresh incognito context each. The moment the button shows, the page clicks it itself"
        " (`button.click()` in the task after the one that showed it: a driver's click lands up to a second"
        " later here); after `service.ready` (and the queued function), Playwright's mouse clicks it."
        " Medians, in milliseconds from the click event. Overlay visible: the animation frame after the"
        f" loader's `dialog[data-service-overlay]` opened; none within {OVERLAY_WAIT_MS / 1000:g} s is a lost"
        " click. Hosted page interactive: its approve control enabled, in the overlay's frame. The goal:"
        " the overlay one frame plus the loader's task after the click.",
        "",
        "| clicked | clicks | clicked after first visible, ms | overlay shown | click → overlay visible, ms"
        " | click → hosted page interactive, ms | click → queued function ran, ms (negative: before) |",
        "|---|---|---|---|---|---|---|",
        *(
            f"| {CLICK_MOMENTS[moment]} | " + " | ".join(click_row(taken)) + " |"
            for moment, taken in figures.items()
        ),
        "",
    ]


def report(
    results: dict[str, ProfileSamples],
    clicks: dict[str, dict[str, list[ClickSample]]],
    sizes: ServedBytes,
    args: argparse.Namespace,
    load: tuple[float, float],
) -> tuple[str, list[Verdict]]:
    """The run's Markdown section, and its verdicts for the summary."""
    now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    command = (
        f"python bench/sdk_load.py --runs {args.runs} --sizes {args.sizes} --profiles {args.profiles}"
        f" --caches {args.caches}"
        f" --clicks {args.clicks} --click-profiles {args.click_profiles} --tag {args.tag}"
        f" --untimed {args.untimed}"
    )
    total = sizes.total
    lines = [
        f"## SDK load — {now}" + (f" — {args.note}" if args.note else ""),
        "",
        f"`{command}` on {platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} CPUs,"
        f" Chromium headless; machine load average (1 min) at the start: {load[0]:.1f}, at the end:"
        f" {load[1]:.1f} (the machine is shared: other work slows every variant alike, not the ratios)."
        f" Medians of {args.runs} runs per cell, the SDK and the four floors in rotation; times in"
        f" milliseconds from navigation start. The SDK's tag is `{args.tag}` (the bridge, worker"
        " and first-answers floors' too; the in-page floor's is `defer`). The bridge floor is the SDK's"
        " architecture with no Python: the SDK over it is what the SDK's own code costs, it over the"
        " in-page floor what the architecture costs. The worker floor is issue 22's architecture with no"
        " Python (the queries in the iframe's URL, the runtime started in a Web Worker, one answer applied in"
        " one task), its first answers waiting for the runtime. The first-answers floor is the SDK's path to"
        " its first visible button with nothing else (the elements read as the loader reads them, one `GET"
        " /sdk/first` to the sandbox that served it, the commands applied in one task, no bridge): the SDK"
        " over it is what the loader's own code costs on that path, it over the in-page floor what the path"
        f" costs; past {FIRST_TRIPLES} distinct buttons it asks again for the rest, where the SDK's bridge"
        " checks them, so its ratios are for first visible only. Busy pages run the merchant's own 1.5 s"
        " of start-up work as 100 ms tasks from before the SDK's script tag; those tasks are left out of"
        " the long-task columns."
        " Usable: a function the page pushed on the `service` queue before the SDK's tag has run (a floor"
        " runs its queue when it shows its first button); the long-task columns count until every button is"
        " settled and that function has run. Chromium's CPU throttling does not reach dedicated workers: in"
        " the CPU 4x profiles, a worker's work runs at desktop speed.",
        "",
        "Bytes of a cold load, brotli as served: "
        + " + ".join(f"{part} {size:,}" for part, size in sizes.parts.items())
        + f" = {total:,} (target ≤ {COLD_LOAD_BYTES:,}; the runtime ≤ {RUNTIME_BYTES:,})."
        f" The rest of Brython, {sizes.lazy:,} more, loads only if code uses what the build moved out of the"
        " runtime: never in these pages. The bytes column adds headers and the availability answers.",
        "",
    ]
    found = bytes_verdicts(sizes)
    for name, profile_results in results.items():
        figures = profile_figures(profile_results)
        lines += profile_section(name, figures)
        profile_verdicts = verdicts(name, figures)
        if name in clicks:
            moments = {moment: ClickFigures.of(taken) for moment, taken in clicks[name].items()}
            lines += click_section(name, moments)
            profile_verdicts += click_verdicts(name, moments)
        lines += [
            f"- {'' if v.area == sdk_area(name) else v.area.split(',')[0] + ': '}{v.target}: {v.figure}"
            f" — {'met' if v.met else 'MISSED'}"
            for v in profile_verdicts
        ]
        lines += [""]
        if args.tag != "async":  # its own summary rows: the contract's tag keeps its figures
            profile_verdicts = [replace(v, area=f"{v.area}, {args.tag} tag") for v in profile_verdicts]
        found += profile_verdicts
    return "\n".join(lines), found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sizes", default="1,100")
    parser.add_argument("--profiles", default=",".join(PROFILES), help=f"any of {', '.join(PROFILES)}")
    parser.add_argument(
        "--caches", default=",".join(CACHES), help="cold (a new incognito context), warm (a profile on disk)"
    )
    parser.add_argument(
        "--clicks",
        type=int,
        default=3,
        help="clicks at each moment, in each of --click-profiles (0: no click figures)",
    )
    parser.add_argument(
        "--click-profiles", default=",".join(CLICK_PROFILES), help="the profiles measured with clicks too"
    )
    parser.add_argument(
        "--tag", choices=TAGS, default="async", help="the SDK's tag attribute (async: CONTRACT 3's)"
    )
    parser.add_argument("--note", default="", help="what this run measures, after the report's date")
    parser.add_argument("--out", type=Path, default=None, help="record the report in this Markdown file")
    parser.add_argument(
        "--engines", default=",".join(engine_load.ENGINES), help="other engines to measure too ('' for none)"
    )
    parser.add_argument(
        "--untimed",
        type=int,
        default=1,
        help="loads of each page (and clicks) before the timed ones, in each profile and engine:"
        " servers and browsers warmed up (0: none, for a smoke run whose figures do not count)",
    )
    args = parser.parse_args()

    def names(text: str) -> list[str]:
        return [name for name in text.split(",") if name]

    plan = Plan(
        runs=args.runs,
        sizes=[int(size) for size in args.sizes.split(",")],
        profiles=names(args.profiles),
        caches=names(args.caches),
        engines=names(args.engines),
        clicks=args.clicks,
        click_profiles=names(args.click_profiles),
        tag=args.tag,
        untimed=args.untimed,
    )
    unknown = sorted(set(plan.profiles + plan.click_profiles) - set(PROFILES))
    if unknown:
        parser.error(f"unknown profile {', '.join(unknown)}: choose from {', '.join(PROFILES)}")
    if not plan.caches or set(plan.caches) - set(CACHES):
        parser.error(f"--caches takes {' and '.join(CACHES)}, or either")
    start_load = os.getloadavg()[0]  # other work on the machine skews every figure: say how busy it was
    results, clicks, other_engines = run(plan)
    text, found = report(results, clicks, served_bytes(), args, (start_load, os.getloadavg()[0]))
    if plan.engines:
        text += engine_load.report(other_engines, args.runs)
    print(text)
    if args.out:
        record(args.out, text, found, datetime.date.today().isoformat())


if __name__ == "__main__":
    main()
