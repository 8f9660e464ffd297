"""Names the SDK reads, said the same in every place a merchant reads them: the product types
(the API's, ``backend_stub.domain.value_rules``) in the TypeScript declarations, docs/sdk.md and
the SDK's warning; the script tag's parameters in the loader and docs/sdk.md's table."""

from __future__ import annotations

import re

from backend_stub.domain.value_rules import PRODUCT_TYPES
from backend_stub.sdk_rules.attributes import PRODUCT_TYPE, parse_button, product_type_problem
from sdk.options import parse_button_options
from sdk.tooling.loader_text import LOADER_DIR
from tests.docs.snippets import ROOT

SDK_DOCS = ROOT / "docs" / "sdk.md"


def _row(text: str, first_cell: str) -> str:
    """The table row of docs/sdk.md whose first cell is ``first_cell``."""
    found = re.search(rf"^\| {re.escape(first_cell)} \|(.*)$", text, re.M)
    assert found, first_cell
    return found.group(1)


def test_the_product_types_are_the_apis_in_the_declarations_the_docs_and_the_warning():
    declarations = (ROOT / "sdk" / "service.d.ts").read_text(encoding="utf-8")
    union = re.search(r"type ProductType = ([^;]+);", declarations)
    assert union and set(re.findall(r"'(\w+)'", union.group(1))) == set(PRODUCT_TYPES)
    docs = SDK_DOCS.read_text(encoding="utf-8")
    for row in (_row(docs, "`data-product-type`"), _row(docs, "`product`")):
        assert all(kind in row for kind in PRODUCT_TYPES), row
    warning = product_type_problem("pay_in_12", PRODUCT_TYPE) or ""
    assert all(kind in warning for kind in PRODUCT_TYPES), warning


def test_instalments_may_be_written_out_or_left_out():
    attrs = {"data-service-button": "", "data-amount": "5000", "data-currency": "EUR"}
    left_out, _ = parse_button(attrs)
    written, problem = parse_button({**attrs, PRODUCT_TYPE: "instalments"})
    assert problem is None and written == left_out
    call, problem = parse_button_options(
        {"amount": 5000, "currency": "EUR", "product": {"type": "instalments"}}
    )
    assert problem is None and call.triple == left_out.triple


def test_the_script_tags_parameters_are_the_loaders_in_the_docs_table():
    service = (LOADER_DIR / "service.js").read_text(encoding="utf-8")
    settings = re.search(r"var TAG_SETTINGS = \[([^\]]*)\];", service)
    assert settings
    names = re.findall(r"'([\w-]+)'", settings.group(1))
    section = SDK_DOCS.read_text(encoding="utf-8").split("## Loading the script", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^\| `([\w-]+)` \|", section, re.M) == names
