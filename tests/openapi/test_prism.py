"""Stoplight Prism, as a validating proxy in front of the server, over a scripted sequence that
covers every operation (the document's example exchanges, a replayed retry, the error statuses
a request can get), in JSON and in XML: Prism forwards each request and checks the request and
the answer (status, headers, body) against the served document.

JSON goes through Prism with ``--errors``: a violation turns into an error answer of Prism's
own, and the test fails on one and on any violation Prism logs. Prism does not parse XML bodies
(it validates the raw text against the schema: stoplightio/prism#2050), so XML goes through a
second Prism without ``--errors`` that forwards every answer; there the one violation allowed is
that, ``response.body Response body must be object``. XML bodies are checked against the
schemas by tests/api/test_openapi.py instead."""

from __future__ import annotations

import dataclasses
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend_stub.api.idempotency import KEY_HEADER, REPLAYED_HEADER
from backend_stub.api.openapi_examples import OPERATIONS
from backend_stub.testkit import Sandbox
from tests.api.exchanges import replay, send
from tests.openapi.conftest import NODE_BIN

START_TIMEOUT_S = 120
# The error statuses whose requests the document allows, so Prism forwards them: a 406 (an
# Accept the document does not offer), 413 and 415 (bodies it does not describe) are refused
# by Prism itself before they reach the server.
ERRORS = (400, 401, 403, 404, 408, 409, 429, 500, 503)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Prism:
    """Prism proxying to a server, its output collected as it comes (a pipe nobody reads would
    fill and stop it)."""

    def __init__(self, document: Path, upstream: str, *, errors: bool) -> None:
        self.url = f"http://127.0.0.1:{_free_port()}"
        port = self.url.rpartition(":")[2]
        command = [NODE_BIN / "prism", "proxy", document, upstream, "--host", "127.0.0.1"]
        command += ["--errors"] if errors else []
        self.process = subprocess.Popen(
            [str(part) for part in [*command, "--port", port]],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.log: list[str] = []
        self.listening = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.log.append(line)
            if "Prism is listening" in line:
                self.listening.set()
        self.listening.set()  # it exited: nobody waits in vain

    def stop(self) -> str:
        """Stop it; all it logged."""
        self.process.terminate()
        self.process.wait(timeout=30)
        self.reader.join(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return "".join(self.log)


@pytest.fixture
def proxies(served_document: Path, service: Sandbox) -> Iterator[tuple[Prism, Prism]]:
    """Two Prisms in front of the session's server, listening: with ``--errors`` and without."""
    strict, lenient = (Prism(served_document, service.url, errors=errors) for errors in (True, False))
    try:
        for proxy in (strict, lenient):  # started side by side: each takes seconds
            ready = proxy.listening.wait(START_TIMEOUT_S) and proxy.process.poll() is None
            assert ready, "".join(proxy.log)
        yield strict, lenient
    finally:
        for proxy in (strict, lenient):
            proxy.stop()  # again after the test stopped it: closes what is left


def _mismatches(prism: Prism, service: Sandbox, accept: str | None) -> list[tuple]:
    service.reset()
    return [
        (name, reply.status, reply.body[:300])
        for name, exchange, reply in replay(prism.url, service.url, accept, ERRORS)
        if reply.status != exchange.status  # Prism's own error answer, or the server's
    ]


def _violations(log: str) -> list[str]:
    return [line for line in log.splitlines() if "violation" in line.lower() or "✖" in line]


def test_prism_finds_no_violation_in_any_exchange(proxies: tuple[Prism, Prism], service: Sandbox):
    strict, lenient = proxies
    assert _mismatches(strict, service, None) == []
    # A retry under one key: the replayed answer, with its header, is checked as well.
    retry = dataclasses.replace(OPERATIONS["refundOrder"], headers={KEY_HEADER: "prism-retry"})
    first, again = (send(strict.url, service.url, retry, {}, None) for _ in range(2))
    assert (again.status, again.headers[REPLAYED_HEADER]) == (first.status, "true")
    assert _mismatches(lenient, service, "application/xml") == []

    exchanges = len(OPERATIONS) + len(ERRORS)
    log = strict.stop()
    assert log.count("Received forward response") == exchanges + 2, log
    assert _violations(log) == []
    log = lenient.stop()
    assert log.count("Received forward response") == exchanges, log
    unparsed_xml = "Violation: response.body Response body must be object"
    assert [line for line in _violations(log) if not line.endswith(unparsed_xml)] == []
