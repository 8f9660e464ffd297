"""``make demo`` ends with both servers answering and the URLs printed: its last step,
``python -m demo_store.launch``, run with ``--check`` (start, verify, print, stop) on free ports."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]


def refuses_connections(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=5):
            return False
    except OSError:
        return True


def test_launch_starts_both_prints_the_urls_and_stops(tmp_path: Path):
    data = tmp_path / "demo-data"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "demo_store.launch",
            "--check",
            "--quiet",
            "--service-port",
            "0",
            "--store-port",
            "0",
            "--data-dir",
            str(data),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    store = re.search(r"Demo store\s+(http://localhost:\d+)/", done.stdout)
    office = re.search(r"Back office\s+(http://localhost:\d+/backoffice)", done.stdout)
    service = re.search(r"Sandbox API\s+(http://127\.0\.0\.1:\d+)/", done.stdout)
    assert store and office and service, done.stdout
    assert "sample orders" in done.stdout  # a new data folder gets an order history
    assert (data / "service.sqlite3").is_file()  # where the demo keeps its data between runs
    # --check stops both servers before it returns.
    assert refuses_connections(store[1]) and refuses_connections(service[1])
