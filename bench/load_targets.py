"""The load benchmark's targets, named by what they guard, and the verdicts a run gives them.

Each verdict is a row of bench/RESULTS.md's summary (results_file): its area says whose
figures it holds and in which profile ("SDK, phone", "Worker floor, busy desktop page"), its
target the ceiling, so a later run's verdict replaces the row of the same area and target.
"""

from __future__ import annotations

from dataclasses import dataclass

from load_clicks import CLICK_MOMENTS, ClickFigures, click_row
from load_figures import LONG_TASK_MS, Measure, ProfileFigures
from load_profiles import PROFILES
from load_sampling import Cell, ServedBytes
from results_file import Verdict

__all__ = [
    "COLD_LOAD_BYTES",
    "OWN_CODE_CEILING",
    "RUNTIME_BYTES",
    "SHOWN_CEILINGS",
    "SLOW_AND_BUSY_PAGES",
    "START_UP",
    "RatioTarget",
    "bytes_verdicts",
    "click_verdicts",
    "sdk_area",
    "verdicts",
]

MEASURES: tuple[Measure, ...] = ("first", "all")
WHAT = {"first": "first visible", "all": "all settled"}


@dataclass(frozen=True)
class RatioTarget:
    """A ceiling on a variant's time over the in-page floor's, in one cell."""

    buttons: int
    cache: str
    measure: Measure
    ceiling: float

    @property
    def text(self) -> str:
        """The target as the summary names it."""
        buttons = f"{self.buttons} button{'s' if self.buttons > 1 else ''}"
        return f"{buttons}, {self.cache}, {WHAT[self.measure]}: ≤ {self.ceiling}x the in-page floor"


# The SDK's start-up (its runtime downloaded, compiled and started for the bridge) kept small:
# the SDK against the in-page floor, in the profiles where that cost was first measured.
START_UP = [
    RatioTarget(1, "cold", "first", 3.0),
    RatioTarget(1, "warm", "first", 2.5),
    RatioTarget(100, "cold", "all", 1.2),
    RatioTarget(100, "warm", "all", 1.3),
]
START_UP_PROFILES = ("desktop", "desktop-60ms", "phone")
# Slow links and busy pages: the first buttons shown without waiting for the runtime. The worker
# floor is held to them too: can that architecture meet them at all?
SLOW_AND_BUSY_PAGES = {
    "desktop-60ms": [RatioTarget(1, "cold", "first", 1.4), RatioTarget(1, "warm", "first", 1.3)],
    "mobile": [
        RatioTarget(1, "cold", "first", 1.3),
        RatioTarget(1, "warm", "first", 1.2),
        RatioTarget(100, "cold", "all", 1.1),
    ],
    "busy": [RatioTarget(1, "cold", "first", 1.3), RatioTarget(1, "warm", "first", 1.3)],
    "phone-busy": [RatioTarget(1, "cold", "first", 1.5), RatioTarget(1, "warm", "first", 1.5)],
}
# The SDK's own code: the SDK over the bridge floor (its architecture with nothing in it), in every cell.
OWN_CODE_CEILING = 1.10
# A shown button at the in-page floor's time: first visible over it, in every cell, cold and warm.
SHOWN_CEILINGS = {"desktop": 1.1, "phone": 1.1, "mobile": 1.1, "busy": 1.2, "phone-busy": 1.2}
# A cold load's bytes, brotli as served: every part, and the runtime alone.
COLD_LOAD_BYTES, RUNTIME_BYTES = 170_000, 120_000


def ratio_targets(name: str) -> list[RatioTarget]:
    """The SDK's ratio targets in profile ``name``."""
    return (START_UP if name in START_UP_PROFILES else []) + SLOW_AND_BUSY_PAGES.get(name, [])


def sdk_area(name: str, whose: str = "SDK") -> str:
    """The summary's area of ``whose`` figures (the SDK's, or a floor's) in profile ``name``."""
    return f"{whose}, {PROFILES[name].area}"


def ratio_verdict(area: str, figures: ProfileFigures, variant: str, target: RatioTarget) -> Verdict | None:
    """``variant`` (the SDK or a floor) against ``target``, if the run measured its cell."""
    cell = figures.get(Cell(target.buttons, target.cache))
    if cell is None:
        return None
    mine, floor = cell.variants[variant].time(target.measure), cell.floor.time(target.measure)
    ratio = cell.ratios(target.measure).over_floor(variant)
    return Verdict(
        area, target.text, f"{ratio:.2f}x ({mine:,.0f} vs {floor:,.0f} ms)", ratio <= target.ceiling
    )


def own_code_verdict(area: str, figures: ProfileFigures) -> Verdict:
    """The SDK within :data:`OWN_CODE_CEILING` of the bridge floor in every cell and measure."""
    worst = max(
        (cell.ratios(key).sdk_bridge, count, cache, key)
        for (count, cache), cell in figures.items()
        for key in MEASURES
    )
    return Verdict(
        area,
        f"SDK ≤ {OWN_CODE_CEILING}x the bridge floor in every cell",
        f"worst {worst[0]:.2f}x ({worst[1]} {worst[2]}, {WHAT[worst[3]]})",
        worst[0] <= OWN_CODE_CEILING,
    )


def long_task_verdict(area: str, figures: ProfileFigures) -> Verdict:
    """The SDK adds no task over 50 ms to the merchant's main thread: in no cell has it more per
    load (median) than the in-page floor has there."""
    (count, cache), worst = max(
        figures.items(),
        key=lambda item: (item[1].sdk.long_over - item[1].floor.long_over, item[1].sdk.long_median),
    )
    sdk, floor = worst.sdk, worst.floor
    added = sdk.long_over - floor.long_over
    listed = ", ".join(f"{d:.0f}" for d in sdk.over)
    return Verdict(
        area,
        f"no task over {LONG_TASK_MS} ms on the merchant's main thread that the in-page floor lacks",
        (f"the SDK has {added:g} more per load" if added > 0 else "none more per load")
        + f" in the worst cell ({count} {cache}): SDK {sdk.long_over:g} per load, longest"
        f" {sdk.long_median:,.0f} ms (worst {sdk.long_max:,.0f}); in-page floor"
        f" {floor.long_over:g}, {floor.long_median:,.0f} ms"
        + (f"; the SDK's tasks over {LONG_TASK_MS} ms there, all loads: {listed} ms" if sdk.over else ""),
        all(cell.sdk.long_over <= cell.floor.long_over for cell in figures.values()),
    )


def usable_verdict(area: str, figures: ProfileFigures) -> Verdict:
    """Nothing is shown before it works: in every cell the SDK is usable (the page's queued function
    has run) no later than its first button is visible; the figure gives usable over the in-page
    floor's first visible per cell."""
    ratios = ", ".join(
        f"{count} {cache} {cell.usable_ratio:.2f}x" for (count, cache), cell in figures.items()
    )
    (count, cache), worst = max(figures.items(), key=lambda item: item[1].sdk.usable - item[1].sdk.first)
    return Verdict(
        area,
        "usable ≤ first visible in every cell",
        f"usable ÷ the in-page floor's first visible: {ratios}; worst cell ({count} {cache}): usable"
        f" {worst.sdk.usable:,.0f} vs first visible {worst.sdk.first:,.0f} ms",
        all(cell.sdk.usable <= cell.sdk.first for cell in figures.values()),
    )


def shown_verdict(area: str, figures: ProfileFigures, ceiling: float, variant: str = "sdk") -> Verdict:
    """``variant``'s first button visible within ``ceiling`` times the in-page floor's, in every
    cell, cold and warm. The SDK's worst cell is split at the first-answers floor: the loader's
    own code on that path, then the path's own cost."""
    (count, cache), worst = max(figures.items(), key=lambda item: item[1].first.over_floor(variant))
    ratios = worst.first
    figure = f"worst {ratios.over_floor(variant):.2f}x ({count} {cache})"
    if variant == "sdk":
        figure += (
            f": {ratios.sdk_answers:.2f}x the first-answers floor, which is"
            f" {ratios.answers_floor:.2f}x the in-page floor"
        )
    return Verdict(
        area,
        f"first visible ≤ {ceiling}x the in-page floor in every cell, cold and warm",
        figure,
        ratios.over_floor(variant) <= ceiling,
    )


def quiet_page_verdicts(area: str, figures: ProfileFigures) -> list[Verdict]:
    """On a quiet desktop page: no long task at all from the SDK, and one global."""
    over = sum(len(cell.sdk.over) for cell in figures.values())
    added = sorted({name for cell in figures.values() for name in cell.sdk.globals})
    return [
        Verdict(area, "no long task over 50 ms on the merchant's main thread", f"{over}", over == 0),
        Verdict(
            area, "one global on the merchant's window", ", ".join(added) or "none", added == ["service"]
        ),
    ]


def verdicts(name: str, figures: ProfileFigures) -> list[Verdict]:
    """Every target of profile ``name``: the SDK's, then the floors held to them."""
    area = sdk_area(name)
    found = [v for target in ratio_targets(name) if (v := ratio_verdict(area, figures, "sdk", target))]
    found += [
        own_code_verdict(area, figures),
        long_task_verdict(area, figures),
        usable_verdict(area, figures),
    ]
    if name in SHOWN_CEILINGS:
        found.append(shown_verdict(area, figures, SHOWN_CEILINGS[name]))
    if name == "desktop":
        found += quiet_page_verdicts(area, figures)
    worker_area = sdk_area(name, "Worker floor")
    found += [
        v
        for target in SLOW_AND_BUSY_PAGES.get(name, [])
        if (v := ratio_verdict(worker_area, figures, "worker", target))
    ]
    if name in SHOWN_CEILINGS:  # can the first-answers path meet its target at all?
        answers_area = sdk_area(name, "First-answers floor")
        found.append(shown_verdict(answers_area, figures, SHOWN_CEILINGS[name], "answers"))
    return found


def click_verdicts(name: str, figures: dict[str, ClickFigures]) -> list[Verdict]:
    """A click on a shown button opens the checkout, at each moment; the figures say how fast."""
    found = []
    for moment, taken in figures.items():
        _, _, opened, overlay, interactive, _ = click_row(taken)
        queue = taken.to_usable
        ran = (
            "never"
            if queue is None
            else f"{abs(queue):,.0f} ms {'after' if queue > 0 else 'before'} the click"
        )
        found.append(
            Verdict(
                sdk_area(name),
                f"a click {CLICK_MOMENTS[moment]} opens the checkout (click → overlay visible, → hosted page"
                " interactive; goal: one frame plus the loader's task)",
                f"overlay in {opened}; click → overlay {overlay} ms, → hosted page interactive"
                f" {interactive} ms; the queued function ran {ran}",
                taken.lost == 0,
            )
        )
    return found


def bytes_verdicts(sizes: ServedBytes) -> list[Verdict]:
    """A cold load's bytes, and the runtime's, against their ceilings."""
    return [
        Verdict(
            "SDK bytes",
            f"cold load ≤ {COLD_LOAD_BYTES // 1000} kB brotli (runtime + bundle + loader + bridge page)",
            f"{sizes.total / 1000:.1f} kB",
            sizes.total <= COLD_LOAD_BYTES,
        ),
        Verdict(
            "SDK bytes",
            f"runtime ≤ {RUNTIME_BYTES // 1000} kB brotli",
            f"{sizes.runtime / 1000:.1f} kB",
            sizes.runtime <= RUNTIME_BYTES,
        ),
    ]
