"""A bounded property-based run of schemathesis against a real server process.

Schemathesis reads ``/openapi.json`` from the server and, for every operation, sends the
document's examples, its coverage cases (boundaries, missing and wrong-typed values) and
generated requests, then a short stateful run follows the document's links (a capture created,
then refunded). Every answer must be no 5xx and match the document: status code, content type,
headers and body.

The run is the ``st run`` command in a subprocess: schemathesis' pytest integration does not
work with this pytest (9.x), and the command runs every phase exactly as a merchant's CI would.
It is deterministic (``--generation-deterministic``: no random seed, no example database), so a
failure reproduces, and bounded by ``--max-examples``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from backend_stub.api.openapi import build_document
from backend_stub.testkit import Sandbox, ServiceProcess
from tests.conftest import DEMO_PRIVATE

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
    ]
)
# positive_data_acceptance (ST202) sends requests valid by the document and expects no 400. These
# operations refuse some for business rules no schema can say; any other failure of any check,
# or ST202 on another operation, fails the run.
BUSINESS_RULES = {
    "GET /orders": "at most 20 filters in one request (a count of parameters)",
    "GET /me/campaigns/{campaign_id}/articles": "at most 20 filters in one request",
    "POST /orders/{order_id}/refund": "the amount may not exceed what stays refundable of the order",
    "POST /orders/{order_id}/captures": "the captures of an order may not exceed its total",
    "POST /orders/{order_id}/captures/{capture_id}/refunds": "the amount may not exceed what the"
    " capture and the order still have to refund",
    "POST /checkout": "an id's letters and digits are Unicode classes the pattern's ECMA dialect"
    " cannot name, and the amount must be within the product's limits",
    "POST /me/campaigns/{campaign_id}/articles": "an id's letters and digits are Unicode classes"
    " the pattern's ECMA dialect cannot name",
}
ACCEPTED = "ST202 Schema-valid request rejected"
_OPERATION = re.compile(r"^_{3,} ([A-Z]+ \S+) _{3,}$")
_FAILURE = re.compile(r"^- (ST\d+ .+)$")


def failures(report: str) -> set[tuple[str, str]]:
    """Each (operation, failed check) a schemathesis report lists."""
    found, operation = set(), ""
    for line in report.splitlines():
        if heading := _OPERATION.match(line):
            operation = heading[1]
        elif (failure := _FAILURE.match(line)) and operation:
            found.add((operation, failure[1]))
    return found


# A bound against a hung run, not a measure: on a 2-core machine shared with other test runs (load
# average 30) a run of 1,900 cases took 116 s, and one with every check up to 4 minutes.
RUN_TIMEOUT_S = 600


@pytest.fixture(scope="module")
def fuzzed_service() -> Iterator[Sandbox]:
    """A server process of its own: the run changes its data."""
    with ServiceProcess() as server:
        yield server.sandbox()


def schemathesis_run(
    server: Sandbox,
    base_path: str,
    accept: str,
    examples: int,
    workdir: Path,
    *,
    checks: str = CHECKS,
    hooks: Path | None = None,
    accepted: Callable[[str], bool] | None = None,
) -> str:
    """Run ``st run`` against the server; its report, and an AssertionError when it failed.

    ``hooks`` is a module of schemathesis hooks to load (SCHEMATHESIS_HOOKS); ``accepted`` tells
    which failures its report may list (operation, check), or none may."""
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "run",
        f"{server.url}/openapi.json",
        "--url",
        server.url + base_path,
        "--header",
        f"Authorization: Bearer {DEMO_PRIVATE}",
        "--header",
        f"Accept: {accept}",
        "--checks",
        checks,
        "--max-examples",
        str(examples),
        "--generation-deterministic",
        "--workers",
        "1",
        "--no-color",
    ]
    # The command keeps caches in its working directory: a temporary one keeps the tree clean.
    env = {**os.environ, "SCHEMATHESIS_HOOKS": str(hooks)} if hooks else None
    finished = subprocess.run(
        command, cwd=workdir, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False
    )
    report = finished.stdout + finished.stderr
    if accepted is not None and finished.returncode != 0:
        found = failures(report)
        assert found, report  # it failed without a failure listed: an error of the run itself
        assert [failure for failure in found if not accepted(*failure)] == [], report
    else:
        assert finished.returncode == 0, report
    return report


@pytest.mark.parametrize(
    ("base_path", "accept", "examples", "checks"),
    [
        # The default answers, where the body is checked against the schemas too, with every
        # check schemathesis has.
        ("", "application/vnd.service.v1+json", 10, "all"),
        # Version by path and XML answers: statuses, content types and headers.
        ("/v1", "application/vnd.service.v1+xml", 10, CHECKS),
    ],
    ids=["json-all-checks", "v1-xml"],
)
def test_schemathesis_finds_no_server_error_and_no_divergence(
    fuzzed_service: Sandbox, tmp_path: Path, base_path: str, accept: str, examples: int, checks: str
) -> None:
    fuzzed_service.reset()
    report = schemathesis_run(
        fuzzed_service,
        base_path,
        accept,
        examples,
        tmp_path,
        checks=checks,
        accepted=lambda operation, check: check == ACCEPTED and operation in BUSINESS_RULES,
    )
    operations = sum(len(item) for item in build_document(fuzzed_service.url)["paths"].values())
    assert f"Tested: {operations}" in report, report


def test_hostile_payloads_on_every_operation_get_no_server_error(
    fuzzed_service: Sandbox, tmp_path: Path
) -> None:
    """Every operation, every phase, with the payload classes of issue 11 (tests/api/fuzz_hostile.py):
    JSON past the nesting limit, huge integers, wrong types, out-of-range timestamps, too many
    filters, pathological regexes, control characters, unaddressable ids. Refusals only: no 5xx."""
    fuzzed_service.reset()
    hooks = Path(__file__).with_name("fuzz_hostile.py")
    report = schemathesis_run(
        fuzzed_service,
        "",
        "application/vnd.service.v1+json",
        10,
        tmp_path,
        checks="not_a_server_error",
        hooks=hooks,
    )
    operations = sum(len(item) for item in build_document(fuzzed_service.url)["paths"].values())
    assert f"Tested: {operations}" in report, report
