"""The load benchmark's report: Markdown for bench/RESULTS.md, and the verdicts of its summary.

One section per run: how it was run and how busy the machine was, a cold load's bytes, then per
profile a table (a row per button count and cache, :data:`COLUMNS`), the click figures where
clicks were measured, and each target's verdict under them (load_targets).
"""

from __future__ import annotations

import datetime
import os
import platform
from dataclasses import replace

from load_clicks import CLICK_MOMENTS, OVERLAY_WAIT_MS, ClickFigures, ClickSample, click_row
from load_figures import LONG_TASK_MS, CellFigures, Measure, ProfileFigures, profile_figures
from load_profiles import PROFILES
from load_sampling import Plan, ProfileSamples, ServedBytes
from load_targets import COLD_LOAD_BYTES, RUNTIME_BYTES, bytes_verdicts, click_verdicts, sdk_area, verdicts
from results_file import Verdict

from backend_stub.web.first_answers import FIRST_TRIPLES

__all__ = ["COLUMNS", "report"]


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


def command(plan: Plan) -> str:
    """The command line of a run of ``plan``, as the report quotes it."""
    return (
        f"python bench/sdk_load.py --runs {plan.runs} --sizes {','.join(map(str, plan.sizes))}"
        f" --profiles {','.join(plan.profiles)} --caches {','.join(plan.caches)}"
        f" --clicks {plan.clicks} --click-profiles {','.join(plan.click_profiles)} --tag {plan.tag}"
        f" --untimed {plan.untimed}"
    )


def report(
    loads: dict[str, ProfileSamples],
    clicks: dict[str, dict[str, list[ClickSample]]],
    sizes: ServedBytes,
    plan: Plan,
    note: str,
    load: tuple[float, float],
) -> tuple[str, list[Verdict]]:
    """The run's Markdown section, and its verdicts for the summary: ``loads`` and ``clicks`` by
    profile, run as ``plan`` says, ``note`` after the date, the machine's ``load`` average at the
    start and the end."""
    now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    total = sizes.total
    lines = [
        f"## SDK load — {now}" + (f" — {note}" if note else ""),
        "",
        f"`{command(plan)}` on {platform.machine()}, Python {platform.python_version()},"
        f" {os.cpu_count()} CPUs, Chromium headless; machine load average (1 min) at the start:"
        f" {load[0]:.1f}, at the end: {load[1]:.1f} (the machine is shared: other work slows every variant"
        " alike, not the ratios)."
        f" Medians of {plan.runs} runs per cell, the SDK and the four floors in rotation; times in"
        f" milliseconds from navigation start. The SDK's tag is `{plan.tag}` (the bridge, worker"
        " and first-answers floors' too; the in-page floor's is `defer`). The bridge floor is the SDK's"
        " architecture with no Python: the SDK over it is what the SDK's own code costs, it over the"
        " in-page floor what the architecture costs. The worker floor is the worker architecture with no"
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
    for name, profile_loads in loads.items():
        figures = profile_figures(profile_loads)
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
        if plan.tag != "async":  # its own summary rows: the README's tag keeps its figures
            profile_verdicts = [replace(v, area=f"{v.area}, {plan.tag} tag") for v in profile_verdicts]
        found += profile_verdicts
    return "\n".join(lines), found
