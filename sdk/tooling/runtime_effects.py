"""What each section of ``brython.js`` does to the runtime, measured by running it.

:mod:`sdk.tooling.trim_runtime` moves sections the SDK never calls out of the runtime the bridge
loads, and leaves at their place traps that load them on first use. To know what to trap, the
build runs the complete ``brython.js`` in its headless Chromium with a snapshot after each
section, and reports, per section, what it added or replaced:

- ``B``: names on ``__BRYTHON__`` (``$B``), each with its JavaScript type;
- ``b``: names on ``__BRYTHON__.builtins`` (``_b_``, Python's builtins), each with its type;
- ``objects``: properties it set on objects that existed before it, the builtin classes of
  ``_b_``, ``$B.builtin_types`` and ``$B.created_types``, keyed ``"<root>:<name>"``;
- ``origin``: the section that made each such object.

Measured, not read from the source: the build fails rather than trapping the wrong names when
Brython changes.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

__all__ = ["SNAPSHOT", "instrumented", "measure"]

# Runs before brython.js: after(name) compares the runtime with the previous snapshot.
SNAPSHOT = Path(__file__).with_name("runtime_effects.js").read_text(encoding="utf-8")


def instrumented(parts: list[tuple[str, str]]) -> str:
    """brython.js again, with a snapshot after each section (the sections end with ``;``)."""
    return "".join(f"{text}__runtime_effects__.after({json.dumps(name)});\n" for name, text in parts)


def measure(page: Page) -> dict:
    """The report of a page that ran :data:`SNAPSHOT`, then :func:`instrumented`."""
    return page.evaluate("__runtime_effects__.report()")
