"""examples/merchant_ci: the Lamp Shop's suite runs with this repository's tests (pyproject.toml's
``testpaths``: in this process, on the session's browser) and covers what its README promises,
a click before the SDK is ready included. tests/packaging runs it against the installed package."""

from __future__ import annotations

import ast
import tomllib

from tests.docs.snippets import ROOT

EXAMPLE = ROOT / "examples" / "merchant_ci"
PROMISED = {
    "test_instalments_button_is_shown_with_its_information",
    "test_pay_later_button_stays_hidden_above_its_limit",
    "test_buttons_stay_hidden_while_the_service_is_down",
    "test_decided_checkout_lands_on_its_result_page",
    "test_dismissed_checkout_keeps_the_shopper_on_the_checkout_page",
    "test_expired_checkout_lands_on_the_error_page",
    "test_a_click_before_the_sdk_is_ready_opens_the_checkout_once_it_is",
}


def test_the_repository_runs_the_example_suite():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "examples/merchant_ci/tests" in config["tool"]["pytest"]["ini_options"]["testpaths"]


def test_the_example_suite_covers_what_its_readme_promises():
    modules = sorted((EXAMPLE / "tests").glob("test_*.py"))
    names = {
        node.name
        for module in modules
        for node in ast.parse(module.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }
    assert names == PROMISED
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    for module in modules:
        assert f"`tests/{module.name}`" in readme
