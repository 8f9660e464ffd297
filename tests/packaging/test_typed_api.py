"""The test kit ships ``py.typed``: every public function and method of it says its types."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator

import pytest

from backend_stub.testkit import pytest_plugin

MODULES = ["sandbox", "server", "checkout_overlay", "chromium", "pytest_plugin"]
# Parameters typed by what pytest and pytest-playwright hand a fixture (a Playwright Page).
UNTYPED_BY_DESIGN = {"checkout_overlay": {"page"}}


def public_callables() -> Iterator[tuple[str, Callable]]:
    for module_name in MODULES:
        module = importlib.import_module(f"backend_stub.testkit.{module_name}")
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value):
                for attribute, member in vars(value).items():
                    function = member.fget if isinstance(member, property) else member
                    if callable(function) and (attribute == "__init__" or not attribute.startswith("_")):
                        yield f"{module_name}.{name}.{attribute}", function
            elif callable(value):
                yield f"{module_name}.{name}", value
    for name, value in vars(pytest_plugin).items():  # the fixtures merchants request
        if hasattr(value, "_fixture_function_marker") or hasattr(value, "_pytestfixturefunction"):
            yield f"pytest_plugin.{name}", getattr(value, "__wrapped__", value)


PUBLIC = dict(public_callables())


@pytest.mark.parametrize(("name", "function"), PUBLIC.items(), ids=list(PUBLIC))
def test_the_public_api_is_annotated(name: str, function: Callable):
    signature = inspect.signature(function)
    exempt = UNTYPED_BY_DESIGN.get(name.rsplit(".", 1)[-1], set()) | {"self", "cls"}
    untyped = [p for p, v in signature.parameters.items() if v.annotation is inspect.Parameter.empty]
    assert not set(untyped) - exempt, f"{name}: parameters without a type: {untyped}"
    if not name.endswith("__init__"):
        assert signature.return_annotation is not inspect.Signature.empty, f"{name} has no return type"
