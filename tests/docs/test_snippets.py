"""Every runnable code block of README.md and docs/*.md does what the text around it says.

See docs/README.md for the marker and for what each language's check does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page

from backend_stub.testkit import ServiceProcess
from backend_stub.testkit.sandbox import Sandbox, SandboxError
from tests.docs.excerpts import unquoted
from tests.docs.http_exchange import parse_exchange, run_exchange
from tests.docs.python_snippets import Outcome, shared_outcomes, with_conftests
from tests.docs.snippet_page import check_csp_snippet, check_page_snippet, file_blocks
from tests.docs.snippets import DOCUMENTS, ROOT, Snippet, all_snippets
from tests.docs.typescript_snippets import type_check
from tests.plugin.inner_pytest import run_pytest

SNIPPETS = all_snippets()
RUNNABLE = [snippet for snippet in SNIPPETS if snippet.runnable]
# Code a reader runs or pastes: every such block must be runnable, so every one is checked.
MUST_RUN = {"python", "html", "js", "javascript", "http", "csp", "ts", "typescript", "tsx", "jsx", "vue"}
KNOWN = MUST_RUN | {"json", "text", "sh", "toml"}
PAGE_LANGUAGES = ("html", "js", "javascript")


def of(*languages: str, kind: str | None = None) -> list:
    """The runnable blocks of these languages (and ``kind=`` option), as test parameters; a
    script file (``file=``) is checked through the pages that load it, and a quote of an example
    (``example=``) against that example's file, not on their own."""
    return [
        pytest.param(s, id=s.name)
        for s in RUNNABLE
        if s.language in languages
        and s.options.get("kind") == kind
        and "file" not in s.options
        and "example" not in s.options
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
@pytest.fixture(scope="session")
def python_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    # Once per session, whatever the order: an xdist worker's base temp sits in the session's own
    # (pytest-N/popen-gwK); without xdist the base temp is the session's.
    session_temp = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        session_temp = session_temp.parent
    blocks = [s for s in RUNNABLE if s.language == "python"]
    return shared_outcomes(blocks, session_temp / "python-snippets")


# On one xdist worker: the other need not wait on the fixture's lock while the blocks run.
PYTHON_MODULES = [
    pytest.param(s, id=s.name, marks=pytest.mark.xdist_group("python-blocks"))
    for s in RUNNABLE
    if s.language == "python" and "file" not in s.options
]


@pytest.mark.parametrize("snippet", PYTHON_MODULES)
def test_python_block_passes_as_a_test_module(snippet: Snippet, python_outcomes: dict[str, Outcome]):
    outcome = python_outcomes[snippet.name]
    assert outcome.returncode == 0, outcome.output
    assert " passed" in outcome.output and "skipped" not in outcome.output, outcome.output


def test_every_conftest_block_is_used_by_a_test_block():
    blocks = [s for s in RUNNABLE if s.language == "python"]
    used = {conftest.name for _, conftests in with_conftests(blocks) for conftest in conftests}
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
def test_every_script_file_block_is_loaded_by_a_page_block():
    pages = [s for s in RUNNABLE if s.language in PAGE_LANGUAGES and "file" not in s.options]
    loaded = {
        script.name
        for page in pages
        for script in file_blocks(page)
        if f'src="{script.options["file"]}"' in page.code
    }
    scripts = {s.name for s in RUNNABLE if s.language in PAGE_LANGUAGES and "file" in s.options}
    assert scripts and scripts <= loaded


@pytest.mark.parametrize("snippet", of(*PAGE_LANGUAGES))
def test_page_block_works_in_a_merchant_page(page: Page, snippet: Snippet, sandbox: Sandbox, merchant):
    check_page_snippet(page, snippet, sandbox, merchant)


@pytest.mark.parametrize("snippet", of("csp"))
def test_csp_block_lets_the_sdk_work(page: Page, snippet: Snippet, sandbox: Sandbox, merchant):
    check_csp_snippet(page, snippet, sandbox, merchant)


# -- ts: merchant TypeScript against the declarations the server serves ----------------------------------
@pytest.fixture(scope="module")
def served_declarations(sandbox_server: Sandbox) -> str:
    """``/sdk.d.ts`` as a merchant downloads it: the build's copy of sdk/service.d.ts."""
    with urllib.request.urlopen(sandbox_server.url + "/sdk.d.ts", timeout=30) as answer:
        assert answer.headers["Content-Type"] == "application/typescript; charset=utf-8"
        text = answer.read().decode("utf-8")
    assert text == (ROOT / "sdk" / "service.d.ts").read_text(encoding="utf-8")
    return text


@pytest.mark.parametrize("snippet", of("ts", "typescript"))
def test_typescript_block_type_checks_against_the_served_declarations(
    snippet: Snippet, served_declarations: str, tmp_path: Path
):
    checked = type_check(snippet, served_declarations, tmp_path)
    if "tsc-error" in snippet.options:  # a mistake the declarations must catch, and nothing else
        assert checked.returncode != 0 and checked.errors == [snippet.options["tsc-error"]], checked.output
    else:
        assert checked.returncode == 0, checked.output


def test_the_documents_show_a_typescript_mistake_being_caught():
    blocks = [s for s in RUNNABLE if s.language in ("ts", "typescript")]
    assert any("tsc-error" in s.options for s in blocks)
    assert any("tsc-error" not in s.options for s in blocks)


# -- example=<path>: quotes of an example app (React, Vue), which its own suite builds and runs -------
QUOTES = [pytest.param(s, id=s.name) for s in RUNNABLE if "example" in s.options]


@pytest.mark.parametrize("snippet", QUOTES)
def test_quoted_block_is_the_example_s_text(snippet: Snippet):
    assert (ROOT / snippet.options["example"]).is_file(), f"{snippet.options['example']} is not a file"
    assert unquoted(snippet) is None, f"not in {snippet.options['example']}:\n{unquoted(snippet)}"


def test_every_framework_block_quotes_an_example():
    apps = [s.name for s in RUNNABLE if s.language in ("tsx", "jsx", "vue") and "example" not in s.options]
    assert apps == []
    assert QUOTES, "the documents quote no example app"


# -- toml kind=warnings-filter: the configuration that keeps warnings as errors without the stand-in's --
WARNINGS_SUITE = """
import warnings


def test_browser_context_settings(browser_context_args):
    # What every `page` test sets up first, and where pytest-playwright's stand-in base_url warns.
    assert "base_url" not in browser_context_args


def test_any_other_warning_is_still_an_error():
    warnings.warn("a warning of the merchant's own code", UserWarning)
"""


@pytest.mark.parametrize("snippet", of("toml", kind="warnings-filter"))
def test_warnings_filter_block_silences_only_the_stand_in_warning(snippet: Snippet, tmp_path: Path):
    (tmp_path / "test_suite.py").write_text(WARNINGS_SUITE)
    # Without pytest-base-url, as the block is for; the first run has no filter but -W error.
    bare = run_pytest(tmp_path, "-p", "playwright", "-W", "error", "-rA")
    assert bare.returncode == 1
    assert "ERROR test_suite.py::test_browser_context_settings" in bare.stdout, bare.stdout
    assert "PytestRemovedIn10Warning: Session-scoped fixtures defined as instance methods" in bare.stdout

    (tmp_path / "pyproject.toml").write_text(snippet.code)
    configured = run_pytest(tmp_path, "-p", "playwright", "-rA")
    assert "PASSED test_suite.py::test_browser_context_settings" in configured.stdout, configured.stdout
    assert "FAILED test_suite.py::test_any_other_warning_is_still_an_error" in configured.stdout
    assert "UserWarning: a warning of the merchant's own code" in configured.stdout
