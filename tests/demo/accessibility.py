"""axe-core in a page or a frame: the violations that matter (serious and critical)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Frame, Page

__all__ = ["AXE", "serious_violations"]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def serious_violations(target: Page | Frame) -> list[str]:
    """Run axe on the whole document of ``target``; one line per serious or critical rule broken.

    The page's CSP refuses injected scripts: the test's browser context bypasses CSP.
    """
    if not target.evaluate("typeof window.axe !== 'undefined'"):
        target.add_script_tag(path=str(AXE))
    results = target.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} -> "
        + ", ".join(str(node["target"]) for node in violation["nodes"][:5])
        for violation in results["violations"]
        if violation["impact"] in SERIOUS
    ]
