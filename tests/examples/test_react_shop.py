"""examples/react_shop: the React shop's Playwright Test suite passes, run as a merchant's CI runs
it, and covers what the example promises.

One test for the whole suite (its run builds the app with Vite and starts ``service-stub`` and the
shop once). ``make install`` and ``make build`` install the example's packages from its lock and
then the npm package ``service-js`` from the tarball the build packs, as a merchant's app installs
it; this test first checks that the installed package is the one this tree packs now, so the
suite never runs yesterday's loader or types.
"""

from __future__ import annotations

from pathlib import Path

from sdk.tooling import npm_package
from tests.docs.snippets import ROOT
from tests.examples.playwright_suites import run_suite

EXAMPLE = ROOT / "examples" / "react_shop"
# Prices that come after the SDK has started, a quantity that crosses a limit, a route change, a
# checkout whose callbacks move the router (decided, and dismissed), a component that unmounts
# while its checkout is open, and the app under tsc --strict.
PROMISED = {
    "prices loaded late: the buttons they bring are checked, with one pinned SDK tag",
    "a quantity change: the buttons follow the total, pay in 15 days hidden above its limit",
    "a route change: the new route's buttons are checked and none of the old are left",
    "a checkout from a component: success moves the router to the thank-you page",
    "a checkout from a component: dismissed, the shopper stays on the page",
    "leaving the page during a checkout closes its overlay",
    "the app type-checks with tsc --strict",
}


def _differences(installed: Path, packed: Path) -> list[str]:
    """The files of the package as packed now that the installed copy lacks or holds otherwise."""
    files = sorted(path.relative_to(packed) for path in packed.rglob("*") if path.is_file())
    return [
        str(name)
        for name in files
        if not (installed / name).is_file() or (installed / name).read_bytes() != (packed / name).read_bytes()
    ]


def test_the_react_example_suite_passes(tmp_path: Path):
    installed = EXAMPLE / "node_modules" / "service-js"
    differences = _differences(installed, npm_package.stage(tmp_path / "service-js"))
    assert not differences, (
        f"examples/react_shop has another service-js than this tree packs ({', '.join(differences)}):"
        " run `make build`"
    )

    run, outcomes = run_suite(EXAMPLE, tmp_path / "report.json")
    assert run.returncode == 0, run.stdout + run.stderr
    assert set(outcomes) == PROMISED
    assert set(outcomes.values()) == {"expected"}
