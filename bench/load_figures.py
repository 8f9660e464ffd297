"""The load benchmark's figures: each variant's medians in a cell, and their ratios, computed once.

The table (load_report), the verdicts (load_targets) and the line printed as the run goes all
read the same :class:`CellFigures`: no ratio is taken twice.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from load_floors import VARIANTS
from load_sampling import Cell, CellSamples, ProfileSamples, Sample

__all__ = [
    "LONG_TASK_MS",
    "CellFigures",
    "Figures",
    "Measure",
    "ProfileFigures",
    "Ratios",
    "profile_figures",
    "summary_line",
]

Measure = Literal["first", "all"]  # first visible, all settled: the times ratios are taken of
LONG_TASK_MS = 50  # a task that delays input (INP) and counts towards Total Blocking Time


def median(values: list[float]) -> float:
    """The median, or NaN for no values."""
    return statistics.median(values) if values else float("nan")


@dataclass(frozen=True)
class Figures:
    """One variant's figures in one cell: medians over its samples, in milliseconds and bytes."""

    first: float
    all: float
    usable: float
    bytes: float
    requests: float
    long_median: float  # the longest merchant task of a load
    long_max: float  # the longest merchant task of all loads
    long_over: float  # merchant tasks over LONG_TASK_MS in a load
    over: list[float]  # every merchant task over LONG_TASK_MS, all loads, shortest first
    globals: list[str]  # every name added to the window, in any load

    @classmethod
    def of(cls, samples: list[Sample]) -> Figures:
        """The figures of ``samples``."""
        longest = [max(s.long_tasks, default=0) for s in samples]
        return cls(
            first=median([s.first for s in samples]),
            all=median([s.all for s in samples]),
            usable=median([s.usable for s in samples]),
            bytes=median([s.bytes for s in samples]),
            requests=median([s.requests for s in samples]),
            long_median=median(longest),
            long_max=max(longest, default=0),
            long_over=median([sum(1 for d in s.long_tasks if d > LONG_TASK_MS) for s in samples]),
            over=sorted(d for s in samples for d in s.long_tasks if d > LONG_TASK_MS),
            globals=sorted({name for s in samples for name in s.globals}),
        )

    def time(self, measure: Measure) -> float:
        """First visible or all settled."""
        return self.first if measure == "first" else self.all


@dataclass(frozen=True)
class Ratios:
    """One measure's ratios in one cell: each variant against the one below it. The first-answers
    floor's mean something for first visible only (past one answer's bounds, its all settled is
    no floor of the SDK's: load_floors)."""

    sdk_floor: float  # the SDK over the in-page floor
    sdk_bridge: float  # the SDK's own code
    bridge_floor: float  # the bridge architecture's
    worker_floor: float  # the worker architecture's
    sdk_answers: float  # the loader's own code on the first-answers path
    answers_floor: float  # the first-answers path's

    @classmethod
    def of(cls, variants: Mapping[str, Figures], measure: Measure) -> Ratios:
        """The ratios of ``measure`` between ``variants``' figures."""
        sdk, bridge, worker, answers, floor = (variants[name].time(measure) for name in VARIANTS)
        return cls(
            sdk_floor=sdk / floor,
            sdk_bridge=sdk / bridge,
            bridge_floor=bridge / floor,
            worker_floor=worker / floor,
            sdk_answers=sdk / answers,
            answers_floor=answers / floor,
        )

    def over_floor(self, variant: str) -> float:
        """``variant`` (the SDK or a floor) over the in-page floor."""
        ratios = {
            "sdk": self.sdk_floor,
            "bridge": self.bridge_floor,
            "worker": self.worker_floor,
            "answers": self.answers_floor,
        }
        return ratios[variant]


@dataclass(frozen=True)
class CellFigures:
    """Every variant's figures in one cell, and the ratios between them."""

    variants: dict[str, Figures]  # in VARIANTS' order
    first: Ratios
    all: Ratios
    usable_ratio: float  # the SDK's usable over the in-page floor's first visible (a working button)

    @classmethod
    def of(cls, samples: CellSamples) -> CellFigures:
        """The figures of one cell's samples, each variant's."""
        variants = {name: Figures.of(samples[name]) for name in VARIANTS}
        return cls(
            variants=variants,
            first=Ratios.of(variants, "first"),
            all=Ratios.of(variants, "all"),
            usable_ratio=variants["sdk"].usable / variants["floor"].first,
        )

    @property
    def sdk(self) -> Figures:
        """The SDK's figures."""
        return self.variants["sdk"]

    @property
    def floor(self) -> Figures:
        """The in-page floor's figures."""
        return self.variants["floor"]

    def ratios(self, measure: Measure) -> Ratios:
        """The ratios of first visible or all settled."""
        return self.first if measure == "first" else self.all


ProfileFigures = dict[Cell, CellFigures]


def profile_figures(samples: ProfileSamples) -> ProfileFigures:
    """Each cell's figures, in the order the cells were measured."""
    return {cell: CellFigures.of(taken) for cell, taken in samples.items()}


def summary_line(cell: CellFigures) -> str:
    """One cell's figures on one line, as the run goes: each measure of every variant, in
    :data:`VARIANTS`' order, with the ratios of the table."""

    def measure(key: Measure) -> str:
        ratios = cell.ratios(key)
        said = [
            f"{ratios.sdk_floor:.2f}x the floor",
            f"{ratios.sdk_bridge:.2f}x the bridge floor",
            f"worker floor {ratios.worker_floor:.2f}x",
        ]
        if key == "first":
            said.append(
                f"{ratios.sdk_answers:.2f}x the first-answers floor, which is"
                f" {ratios.answers_floor:.2f}x the floor"
            )
        times = " / ".join(f"{f.time(key):.0f}" for f in cell.variants.values())
        return f"{key} {times} ms ({', '.join(said)})"

    usable = " / ".join(f"{f.usable:.0f}" for f in cell.variants.values())
    return ", ".join(
        [measure("first"), measure("all")]
        + [f"usable {usable} ms ({cell.usable_ratio:.2f}x the floor's first visible)"]
    )
