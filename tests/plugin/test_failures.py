"""When the sandbox server is not there, the tests say so plainly instead of timing out."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.plugin.inner_pytest import run_pytest


def test_a_server_that_does_not_answer_fails_the_tests_clearly(tmp_path: Path):
    (tmp_path / "test_suite.py").write_text("def test_x(sandbox):\n    pass\n")
    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}"
    result = run_pytest(tmp_path, "--service-url", url)
    assert result.returncode == 1
    assert f"no sandbox server answers at {url}" in result.stdout


def test_a_server_that_died_is_named_with_its_log(tmp_path: Path):
    (tmp_path / "test_suite.py").write_text(
        "def test_crash(sandbox):\n"
        "    sandbox.process.kill()  # as a crash would\n\n\n"
        "def test_after(sandbox):\n"
        "    pass\n"
    )
    result = run_pytest(tmp_path)
    assert result.returncode == 1
    assert "1 passed, 1 error" in result.stdout
    assert "has stopped" in result.stdout
    assert "service-stub listening on" in result.stdout  # the server's own last words
