"""Which Chromium a launch gets (backend_stub.chromium): a headless run takes Debian's headless
shell when it is there (a third of the CPU per page), a headed run or a benchmark the full
browser, and ``$CHROMIUM`` always wins."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend_stub import chromium


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A machine with both of Debian's packages (stand-in executables) and no $CHROMIUM."""
    paths = {"shell": tmp_path / "chromium-headless-shell", "full": tmp_path / "chromium"}
    for path in paths.values():
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)
    monkeypatch.setattr(chromium, "DEBIAN_HEADLESS_SHELL", str(paths["shell"]))
    monkeypatch.setattr(chromium, "DEBIAN_CHROMIUM", str(paths["full"]))
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-on-path"))
    return paths


def test_a_headless_launch_takes_the_headless_shell(machine: dict[str, Path]):
    assert chromium.launch_options()["executable_path"] == str(machine["shell"])
    assert chromium.launch_options(headless=True)["executable_path"] == str(machine["shell"])


def test_a_headed_launch_and_a_benchmark_take_the_full_browser(machine: dict[str, Path]):
    headed = chromium.launch_options(headless=False)
    assert (headed["executable_path"], headed["headless"]) == (str(machine["full"]), False)
    measured = chromium.launch_options(full_browser=True)
    assert (measured["executable_path"], measured["headless"]) == (str(machine["full"]), True)


def test_without_the_shell_a_headless_launch_takes_chromium(machine: dict[str, Path]):
    machine["shell"].unlink()
    assert chromium.launch_options()["executable_path"] == str(machine["full"])
    assert chromium.problem() is None


def test_chromium_variable_wins_over_both(machine: dict[str, Path], tmp_path: Path, monkeypatch):
    own = tmp_path / "my-chromium"
    own.write_text("#!/bin/sh\n")
    own.chmod(0o755)
    monkeypatch.setenv("CHROMIUM", str(own))
    assert chromium.launch_options()["executable_path"] == str(own)
    assert chromium.launch_options(headless=False)["executable_path"] == str(own)


def test_pytest_playwright_s_arguments_come_last(machine: dict[str, Path]):
    options = chromium.launch_options(headless=True, slow_mo=50, args=["--mine"])
    assert (options["args"], options["slow_mo"]) == (["--mine"], 50)
