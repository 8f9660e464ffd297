"""How far the state machines explore: a few sequences in ``make test`` (seconds), many more in
``make explore`` (which sets ``EXPLORE=1``), where a new money bug is worth minutes of search."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

__all__ = ["EXPLORING", "budget"]

EXPLORING = os.environ.get("EXPLORE") == "1"


def budget(*, examples: int, steps: int, explore_examples: int, explore_steps: int) -> settings:
    """Settings for a state machine: ``examples`` sequences of at most ``steps`` steps each in
    the suite, the ``explore_`` figures under ``make explore``. Every step is a real request to a
    real server, so a step's time is not a property's failure."""
    return settings(
        max_examples=explore_examples if EXPLORING else examples,
        stateful_step_count=explore_steps if EXPLORING else steps,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
