"""How long the pytest plugin's ``sandbox_server`` fixture takes to start, next to a baseline.

Measured in the same run, alternating, ``--rounds`` times each:

- **fixture**: a child ``pytest`` runs one test that asks for ``sandbox_server``; a hook wrapper
  around ``pytest_fixture_setup`` in the child times that fixture alone, from the moment pytest
  sets it up to the moment it is ready (process started, URL announced, ``/_sandbox/health``
  answered). pytest's own start-up is not counted.
- **baseline**: a bare ``python -c "import aiohttp"`` process, start to exit: the least any
  aiohttp server process costs on this machine.
- **server imports**: how long the server process spends importing its modules (``import
  backend_stub.cli``, timed inside a fresh process): what of the fixture's time is imports (the
  rest: starting the interpreter, the app, SQLite, the socket, the health check).

The report gives medians and the fixture/baseline ratio, checks the target (fixture < 2 s), and
is appended to ``bench/RESULTS.md``. Usage: ``python bench/plugin_start.py [--rounds 9]
[--out bench/RESULTS.md]``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from results_file import Verdict, record  # bench/, beside this file

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 2.0

# A plugin of the child session: the wall time of the sandbox_server fixture's setup.
TIMER = """
import json, os, time
import pytest


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef, request):
    if fixturedef.argname != "sandbox_server":
        return (yield)
    started = time.perf_counter()
    result = yield
    with open(os.environ["FIXTURE_TIMES"], "a") as out:
        out.write(json.dumps(time.perf_counter() - started) + "\\n")
    return result
"""
SUITE = "def test_started(sandbox_server):\n    assert sandbox_server.health()['status'] == 'ok'\n"


def child_env(**extra: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith("SERVICE_SANDBOX_")}
    # Only the plugins the measurement needs: autoloading every plugin of the environment costs
    # seconds of pytest start-up, which is not the fixture's.
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    env.update(extra)
    return env


def time_fixture(folder: Path, times: Path) -> float:
    """One child pytest session; the fixture's setup time it recorded."""
    before = times.read_text().count("\n") if times.exists() else 0
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "service_sandbox"]
    command += ["-p", "fixture_timer", str(folder / "test_start.py")]
    subprocess.run(
        command,
        cwd=folder,
        env=child_env(FIXTURE_TIMES=str(times), PYTHONPATH=str(folder)),
        check=True,
        capture_output=True,
    )
    lines = times.read_text().splitlines()
    assert len(lines) == before + 1, "the child did not record the fixture's setup"
    return json.loads(lines[-1])


def time_process(code: str) -> float:
    """Wall time of ``python -c code``, start to exit."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=child_env())
    return time.perf_counter() - started


def time_server_imports() -> float:
    """Seconds a fresh process spends importing the server's modules (as ``python -m`` would)."""
    probe = "import time; t = time.perf_counter(); import backend_stub.cli; print(time.perf_counter() - t)"
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, cwd=ROOT, env=child_env(), capture_output=True, text=True
    )
    return float(out.stdout)


def verdicts(samples: dict[str, list[float]]) -> list[Verdict]:
    """The target, for the summary of bench/RESULTS.md."""
    fixture = statistics.median(samples["fixture"])
    return [
        Verdict(
            "Plugin",
            f"`sandbox_server` fixture: request to ready < {TARGET_S:.0f} s",
            f"{fixture:.2f} s ({fixture / statistics.median(samples['baseline']):.1f}x `import aiohttp`)",
            fixture < TARGET_S,
        )
    ]


def report(samples: dict[str, list[float]], rounds: int, load: float) -> str:
    median = {name: statistics.median(values) for name, values in samples.items()}
    fixture, baseline, imports = median["fixture"], median["baseline"], median["imports"]
    today = datetime.date.today().isoformat()
    rows = [
        ("`sandbox_server` fixture: request to ready", "fixture"),
        ('baseline: `python -c "import aiohttp"`', "baseline"),
        ("of which the server's imports (`import backend_stub.cli`, in-process)", "imports"),
    ]
    lines = [
        f"## Plugin fixture start — {today}",
        "",
        f"`python bench/plugin_start.py --rounds {rounds}` on {platform.machine()},"
        f" Python {platform.python_version()}, {os.cpu_count()} CPUs; the three measured alternately,"
        " each in a new process; the fixture timed inside a child pytest session by a"
        " `pytest_fixture_setup` wrapper (pytest's own start-up excluded).",
        "",
        "| what | median s | min s | max s | vs baseline |",
        "|---|---|---|---|---|",
    ]
    for label, name in rows:
        values = samples[name]
        lines.append(
            f"| {label} | {median[name]:.3f} | {min(values):.3f} | {max(values):.3f}"
            f" | {median[name] / baseline:.2f}x |"
        )
    lines += [
        "",
        f"- fixture start {fixture:.2f} s (target < {TARGET_S:.0f} s) — "
        + ("met" if fixture < TARGET_S else "MISSED"),
        f"- the fixture is {fixture / baseline:.1f}x a bare aiohttp process; {imports / fixture:.0%} of it"
        " is the server process importing its modules (aiohttp's client and jinja2 the largest)",
        f"- machine load average (1 min) at the start: {load:.1f}",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "bench" / "RESULTS.md",
        help="Markdown file to record the report in",
    )
    args = parser.parse_args()
    load = os.getloadavg()[0]  # other work on the machine skews every figure: say how busy it was
    samples: dict[str, list[float]] = {"fixture": [], "baseline": [], "imports": []}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "fixture_timer.py").write_text(TIMER)
        (folder / "test_start.py").write_text(SUITE)
        times = folder / "times.jsonl"
        for round_number in range(args.rounds):
            samples["baseline"].append(time_process("import aiohttp"))
            samples["fixture"].append(time_fixture(folder, times))
            samples["imports"].append(time_server_imports())
            print(
                f"round {round_number + 1}: "
                + ", ".join(f"{key} {values[-1]:.3f} s" for key, values in samples.items()),
                file=sys.stderr,
            )
    text = report(samples, args.rounds, load)
    print(text)
    record(args.out, text, verdicts(samples), datetime.date.today().isoformat())


if __name__ == "__main__":
    main()
