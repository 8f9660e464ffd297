"""The test kit's client keeps copies of two server rules, so that the pytest plugin every
merchant session loads imports no server module: the copies are the server's."""

from __future__ import annotations

import subprocess
import sys

from backend_stub.domain import checkouts
from backend_stub.testkit import sandbox


def test_the_client_decides_and_names_urls_as_the_server_does():
    assert sandbox.DECISIONS == checkouts.DECISIONS
    assert sandbox.CHECKOUT_URLS == checkouts.URL_FIELDS


def test_loading_the_plugin_imports_no_server_module():
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, backend_stub.testkit.pytest_plugin;"
            " print(sorted(m for m in sys.modules if m.startswith('backend_stub.')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "backend_stub.domain" not in loaded and "backend_stub.api" not in loaded, loaded
