"""Third-party checkers read the served document as a merchant's developer would: Redocly's
linter (recommended rules), Postman's converter and openapi-spec-validator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openapi_spec_validator import validate

from backend_stub.testkit import Sandbox
from tests.openapi.conftest import NODE_BIN, run_tool

POSTMAN = Path(__file__).resolve().parent / "postman_convert.cjs"


def test_redocly_lint_recommended_finds_nothing(served_document: Path):
    output = run_tool(
        [NODE_BIN / "redocly", "lint", "--extends=recommended", "--format=json", served_document],
        cwd=served_document.parent,
    )
    report = json.loads(output[output.index("{") : output.rindex("}") + 1])
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, report["problems"]


@pytest.mark.parametrize("entry", ["convert", "convertV2"])
def test_postman_converts_silently_to_the_server_url(served_document: Path, service: Sandbox, entry: str):
    report = json.loads(run_tool(["node", POSTMAN, served_document, entry], cwd=served_document.parent))
    assert report["converted"], report["reason"]
    assert report["messages"] == []
    assert report["baseUrl"] == service.url


def test_openapi_spec_validator_accepts_it(served_document: Path):
    validate(json.loads(served_document.read_text(encoding="utf-8")))
