"""A test run that is killed (a CI timeout sends SIGKILL) leaves no sandbox server behind.

SIGKILL gives the test process no chance to stop its servers, so each server watches its
standard input, a pipe the test process holds: the pipe ends when the test process dies.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import urllib.request

from tests.plugin.inner_pytest import child_environment

# A stand-in for a test run: it starts a server, says where it is, and waits to be killed.
RUN = """
import sys
from backend_stub.testkit import ServiceProcess

server = ServiceProcess().start()
print(server.process.pid, server.url, flush=True)
sys.stdin.read()
"""


def test_a_killed_test_run_leaves_no_server_behind():
    run = subprocess.Popen(
        [sys.executable, "-c", RUN],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=child_environment(),
    )
    try:
        pid, url = run.stdout.readline().split()
        with urllib.request.urlopen(url + "/_sandbox/health", timeout=10) as answer:
            assert answer.status == 200
        # The server is the run's child, not ours: a pidfd lets us wait for its end all the same.
        server = os.pidfd_open(int(pid))
    finally:
        run.kill()
        run.wait()
        run.stdin.close()
        run.stdout.close()
    try:
        ended, _, _ = select.select([server], [], [], 20)
        assert ended, f"the server (pid {pid}) outlived the killed test run"
    finally:
        os.close(server)
