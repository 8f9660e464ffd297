"""How fast the SDK shows buttons on a merchant page, next to four floors, in one run.

The same merchant page (on ``localhost``) is loaded with this SDK (loader + bridge on the
service origin, ``127.0.0.1``) and with four floors, in rotation, so a busy machine slows all
alike; the report gives medians and their ratios. What it measures:

- time from navigation start until the first button is visible, until all are settled, and
  until the SDK is usable (a function the page pushed on the ``service`` queue before the SDK's
  tag has run), for 1 and 100 buttons (distinct amounts), with a cold cache and a warm one;
- bytes of a cold load as the build serves them (brotli) and as transferred; the longest task on
  the merchant page's main thread that is not the page's own busy work, until every button is
  settled and the SDK usable, for the SDK and every floor; globals added;
- in the click profiles, clicks on a pay button wired in the page's queued function, the moment
  it shows and after ``await service.ready`` (load_clicks);
- first visible and all settled in Firefox and WebKit too, against the in-page floor measured
  in the same engine (engine_load).

This script is the command line; the parts are modules beside it: load_profiles (where the
browser is), load_floors (the floors and their servers), load_page (the page and its probes),
load_sampling (the loads), load_clicks (the clicks), load_figures (medians and ratios),
load_targets (the targets and their verdicts) and load_report (the Markdown).

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
import sys
import tempfile
from contextlib import ExitStack, closing
from dataclasses import dataclass
from pathlib import Path

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
    ClickFigures,
    ClickSample,
    click_row,
    sample_clicks,
)
from load_figures import CellFigures, summary_line  # noqa: E402
from load_floors import FLOORS, TAGS, in_page_floor, start_servers, variants  # noqa: E402
from load_page import CACHES  # noqa: E402
from load_profiles import PROFILES  # noqa: E402
from load_report import report  # noqa: E402
from load_sampling import Plan, ProfileSamples, sample_profile, served_bytes  # noqa: E402
from results_file import record  # noqa: E402

from backend_stub.testkit.merchant_site import MerchantSite  # noqa: E402


@dataclass(frozen=True)
class Run:
    """A run's samples: Chromium's loads and clicks by profile, and the other engines' loads."""

    loads: dict[str, ProfileSamples]
    clicks: dict[str, dict[str, list[ClickSample]]]  # profile -> moment -> its clicks
    engines: engine_load.EngineSamples


def run(plan: Plan) -> Run:
    """Every sample ``plan`` asks for, the servers and browsers started and stopped here."""
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
    return Run(results, click_results, other_engines)


def main() -> None:
    """Run the benchmark as the command line says, print its report and record it (``--out``)."""
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
        "--tag", choices=TAGS, default="async", help="the SDK's tag attribute (async: the README's)"
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
    measured = run(plan)
    load = (start_load, os.getloadavg()[0])
    text, found = report(measured.loads, measured.clicks, served_bytes(), plan, args.note, load)
    if plan.engines:
        text += engine_load.report(measured.engines, plan.runs)
    print(text)
    if args.out:
        record(args.out, text, found, datetime.date.today().isoformat())


if __name__ == "__main__":
    main()
