"""Every runnable code block of README.md and docs/*.md does what the text around it says.

See docs/README.md for the marker and for what each language's check does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page

from backend_stub.testkit import ServiceProcess
from backend_stub.testkit.sandbox import Sandbox, SandboxError
from tests.docs.http_exchange import parse_exchange, run_exchange
from tests.docs.python_snippets import Outcome, run_python_snippets, with_conftests
from tests.docs.snippet_page import check_csp_snippet, check_page_snippet
from tests.docs.snippets import DOCUMENTS, ROOT, Snippet, all_snippets

SNIPPETS = all_snippets()
RUNNABLE = [snippet for snippet in SNIPPETS if snippet.runnable]
# Code a reader runs or pastes: every such block must be runnable, so every one is checked.
MUST_RUN = {"python", "html", "js", "javascript", "http", "csp"}
KNOWN = MUST_RUN | {"json", "text", "sh"}


def of(*languages: str, kind: str | None = None) -> list:
    """The runnable blocks of these languages (and ``kind=`` option), as test parameters."""
    return [
        pytest.param(s, id=s.name)
        for s in RUNNABLE
        if s.language in languages and s.options.get("kind") == kind
    ]


def test_every_block_a_reader_would_run_is_marked_runnable():
    unmarked = [s.name for s in SNIPPETS if s.language in MUST_RUN and not s.runnable]
    assert unmarked == []
    assert [s.name for s in RUNNABLE if s.language not in KNOWN] == []


def test_the_readme_and_every_guide_have_runnable_blocks():
    documents = {s.document.relative_to(ROOT).as_posix() for s in RUNNABLE}
    assert {"README.md", "docs/sdk.md", "docs/sandbox-server.md", "docs/testing-in-ci.md"} <= documents
    assert {d.relative_to(ROOT).as_posix() for d in DOCUMENTS} >= documents


# -- python: test modules, each in a pytest session of its own ------------------------------------
@pytest.fixture(scope="module")
def python_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    blocks = [s for s in RUNNABLE if s.language == "python"]
    return run_python_snippets(blocks, tmp_path_factory.mktemp("python-snippets"))


PYTHON_MODULES = [
    pytest.param(s, id=s.name) for s in RUNNABLE if s.language == "python" and "file" not in s.options
]


@pytest.mark.parametrize("snippet", PYTHON_MODULES)
def test_python_block_passes_as_a_test_module(snippet: Snippet, python_outcomes: dict[str, Outcome]):
    outcome = python_outcomes[snippet.name]
    assert outcome.returncode == 0, outcome.output
    assert " passed" in outcome.output and "skipped" not in outcome.output, outcome.output


def test_every_conftest_block_is_used_by_a_test_block():
    blocks = [s for s in RUNNABLE if s.language == "python"]
    used = {conftest.name for _, conftest in with_conftests(blocks) if conftest is not None}
    assert {s.name for s in blocks if s.options.get("file") == "conftest.py"} <= used


# -- http: exchanges with the sandbox, in document order --------------------------------------------
@pytest.mark.parametrize(
    "document", sorted({s.document for s in RUNNABLE if s.language == "http"}), ids=lambda p: p.name
)
def test_http_blocks_show_what_the_server_answers(document: Path, sandbox: Sandbox):
    captured: dict = {}
    for snippet in (s for s in RUNNABLE if s.language == "http" and s.document == document):
        problems = run_exchange(parse_exchange(snippet.code), sandbox.url, captured, sandbox.admin_token)
        assert problems == [], f"{snippet.name}: {problems}"


# -- json kind=fixture: a fixture file the server starts from -----------------------------------------
@pytest.mark.parametrize("snippet", of("json", kind="fixture"))
def test_fixture_file_block_starts_a_server(snippet: Snippet, tmp_path: Path):
    fixture = tmp_path / "fixture.json"
    fixture.write_text(snippet.code)
    data = json.loads(snippet.code)
    with ServiceProcess(extra_args=["--fixture", str(fixture)]) as server:
        started = Sandbox(server.url)
        for merchant in data["merchants"]:  # both keys of every merchant are accepted
            orders = started.call("GET", "/orders", key=merchant["private_key"])
            shown = [order for order in data.get("orders", []) if order["merchant_id"] == merchant["id"]]
            assert orders["paging"]["count"] == len(shown)
            try:  # the public key is known too: offered (201) or not (403), never 401
                started.call("GET", "/checkout/button?amount=5000&currency=EUR", key=merchant["public_key"])
            except SandboxError as error:
                assert error.status == 403, error


# -- text kind=cli-help: the server's --help, word for word --------------------------------------------
@pytest.mark.parametrize("snippet", of("text", kind="cli-help"))
def test_command_line_help_block_is_current(snippet: Snippet):
    env = {**os.environ, "COLUMNS": snippet.options.get("columns", "100")}
    shown = subprocess.run(
        [sys.executable, "-m", "backend_stub", "--help"], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert snippet.code.strip() == shown.strip()


# -- html, js, csp: merchant pages in Chromium -----------------------------------------------------------
@pytest.mark.parametrize("snippet", of("html", "js", "javascript"))
def test_page_block_works_in_a_merchant_page(page: Page, snippet: Snippet, sandbox: Sandbox, merchant):
    check_page_snippet(page, snippet, sandbox, merchant)


@pytest.mark.parametrize("snippet", of("csp"))
def test_csp_block_lets_the_sdk_work(page: Page, snippet: Snippet, sandbox: Sandbox, merchant):
    check_csp_snippet(page, snippet, sandbox, merchant)
