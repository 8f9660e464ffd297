"""A server in a child process that announces its URL on a line of its output.

The one process runner of the project: the test kit's
:class:`~backend_stub.testkit.server.ServiceProcess` and the demo launcher
(``demo_store/launch.py``) both start, watch and stop their servers with it.
"""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Mapping, Sequence

__all__ = ["ChildProcess"]

STOP_TIMEOUT_S = 10


class ChildProcess:
    """One child process, its output kept in ``output`` (and echoed when ``echo``), its URL in
    ``url`` once it printed ``announcement`` followed by it.

    ``own_session`` puts it in a session of its own, so a Ctrl-C in the terminal reaches only the
    parent, which then stops its children in the order it chooses.
    """

    def __init__(
        self, name: str, announcement: str, *, echo: bool = False, own_session: bool = False
    ) -> None:
        self.name, self.announcement = name, announcement
        self.echo, self.own_session = echo, own_session
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: list[str] = []
        self.ended = threading.Event()  # set when the child's output ends: it stopped
        self._announced = threading.Event()
        self._reader: threading.Thread | None = None

    def launch(self, command: Sequence[str], timeout: float, env: Mapping[str, str] | None = None) -> None:
        """Start ``command`` and return once it announced its URL; raises :class:`RuntimeError`
        (the child stopped, with its last lines) if it does not within ``timeout`` seconds."""
        self.process = subprocess.Popen(
            list(command),
            # Our end of stdin closes when this process ends, however it ends: a child that
            # watches its stdin (the sandbox server's --stop-when-stdin-closes) follows.
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"},
            start_new_session=self.own_session,
        )
        self._reader = threading.Thread(target=self._read_output, name=f"{self.name}-output", daemon=True)
        self._reader.start()
        if not self._announced.wait(timeout) or not self.url:
            self.stop()
            last_words = "\n".join(self.output[-30:]) or f"it printed nothing within {timeout:g} s"
            raise RuntimeError(f"the {self.name} did not start:\n{last_words}")

    def _read_output(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.output.append(line)
            if line.startswith(self.announcement) and not self.url:
                self.url = line[len(self.announcement) :].strip()
                self._announced.set()
            elif self.echo:
                print(f"  [{self.name}] {line}", flush=True)
        self.ended.set()
        self._announced.set()  # wake the waiter, which sees no URL

    @property
    def alive(self) -> bool:
        """Whether the process is still running (it may have crashed since it started)."""
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """Stop the process (SIGTERM, then SIGKILL if it does not go)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._reap()

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.process and self.process.poll() is None:
            self.process.kill()
        self._reap()

    def _reap(self) -> None:
        if self.process:
            self.process.wait()
            if self._reader is not None:
                self._reader.join(STOP_TIMEOUT_S)
            for pipe in (self.process.stdin, self.process.stdout):
                if pipe:
                    pipe.close()
