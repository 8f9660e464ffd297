"""A sandbox server without the compiled SDK stops the session at once, saying so, instead of
letting browser tests wait for payment buttons that never come."""

from __future__ import annotations

from pathlib import Path

from backend_stub.testkit import ServiceProcess
from tests.plugin.inner_pytest import run_pytest

SUITE = "def test_buttons(sandbox):\n    pass\n\n\ndef test_checkout(sandbox):\n    pass\n"


def test_a_server_the_plugin_starts_without_the_sdk_fails_the_session_with_the_reason(tmp_path: Path):
    empty = tmp_path / "no-sdk"
    empty.mkdir()
    (tmp_path / "conftest.py").write_text(
        "import pytest\n\n\n"
        "@pytest.fixture(scope='session')\n"
        "def sandbox_server_args():\n"
        f"    return ['--sdk-dir', {str(empty)!r}]\n"
    )
    (tmp_path / "test_suite.py").write_text(SUITE)
    result = run_pytest(tmp_path)
    assert result.returncode == 1
    assert "2 errors" in result.stdout
    assert "cannot serve the SDK" in result.stdout
    assert f"no manifest.json in {empty.name}" in result.stdout  # the folder's name: no absolute path
    assert "Traceback" not in result.stdout  # the reason, not the test kit's insides


def test_a_running_server_without_the_sdk_is_refused_with_the_reason(tmp_path: Path):
    empty = tmp_path / "no-sdk"
    empty.mkdir()
    (tmp_path / "test_suite.py").write_text(SUITE)
    with ServiceProcess(extra_args=["--sdk-dir", str(empty)], require_sdk=False) as server:
        result = run_pytest(tmp_path, "--service-url", server.url)
    assert result.returncode == 1
    assert f"the sandbox server at {server.url} cannot serve the SDK" in result.stdout
    assert f"no manifest.json in {empty.name}" in result.stdout  # the folder's name: no absolute path
