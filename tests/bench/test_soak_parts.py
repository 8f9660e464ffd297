"""bench/soak.py's schedule: when its resets run (a 60-second soak once ran none)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from soak import reset_times  # noqa: E402


@pytest.mark.parametrize(
    ("seconds", "every", "expected"),
    [
        (600, 60, [60, 120, 180, 240, 300, 360, 420, 480, 540]),  # the documented run: 9 under load
        (60, 60, [30]),  # as long as one interval: one, halfway, while the clients run
        (4, 1.5, [1.5, 3.0]),
        (10, 60, [5]),
    ],
)
def test_every_soak_resets_while_its_clients_run(seconds: float, every: float, expected: list[float]):
    times = reset_times(1000.0, 1000.0 + seconds, every)
    assert [at - 1000.0 for at in times] == pytest.approx(expected)
    assert all(1000.0 < at < 1000.0 + seconds for at in times)
