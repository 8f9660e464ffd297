"""A sandbox server in its own process, as merchants' CI and our end-to-end tests run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .sandbox import SdkMissingError, check_sdk

__all__ = ["ServiceProcess", "ControlError"]

START_TIMEOUT_S = 30


class ControlError(RuntimeError):
    """A sandbox control answered with an error."""


class ServiceProcess:
    """``python -m backend_stub`` on a free port; a context manager that stops it on exit."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        db: str | Path = ":memory:",
        extra_args: list[str] | None = None,
        admin_token: str | None = None,
        startup_timeout: float = START_TIMEOUT_S,
        require_sdk: bool = True,
    ) -> None:
        self.host, self.port, self.db = host, port, str(db)
        self.extra_args = list(extra_args or [])
        # With a token the server lets any client use the controls that send it; control() does.
        self.admin_token = admin_token
        self.startup_timeout = startup_timeout
        # Browser tests need the compiled SDK: without it, start() fails rather than they time out.
        self.require_sdk = require_sdk
        self.process: subprocess.Popen | None = None
        self._reader: threading.Thread | None = None
        self.url = ""
        self.output: list[str] = []

    # -- life -----------------------------------------------------------------------------------
    def start(self) -> ServiceProcess:
        """Start the server and return once it answers its health check; raises
        :class:`~.sandbox.SdkMissingError` if it cannot serve the SDK (unless ``require_sdk`` is
        false)."""
        command = [
            sys.executable,
            "-m",
            "backend_stub",
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--db",
            self.db,
            # Our end of stdin closes when this process ends, however it ends: the server follows.
            "--stop-when-stdin-closes",
            *(["--admin-token", self.admin_token] if self.admin_token else []),
            *self.extra_args,
        ]
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        announced = threading.Event()
        self._reader = threading.Thread(target=self._read_output, args=(announced,), daemon=True)
        self._reader.start()
        if not announced.wait(self.startup_timeout) or not self.url:
            self.stop()
            raise RuntimeError("the sandbox server did not start:\n" + "\n".join(self.output[-30:]))
        health = self.control("GET", "/_sandbox/health")
        if self.require_sdk:
            try:
                check_sdk(self.url, health)
            except SdkMissingError:
                self.stop()
                raise
        return self

    def _read_output(self, announced: threading.Event) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.output.append(line)
            if line.startswith("service-stub listening on ") and not self.url:
                self.url = line.rsplit(" ", 1)[1]
                announced.set()
        announced.set()  # the process ended: wake the waiter, which sees no URL

    @property
    def alive(self) -> bool:
        """Whether the server process is still running (it may have crashed between tests)."""
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL if it does not go)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
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
                self._reader.join(5)
            for pipe in (self.process.stdin, self.process.stdout):
                if pipe:
                    pipe.close()

    def __enter__(self) -> ServiceProcess:
        return self if self.alive else self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- controls -------------------------------------------------------------------------------
    def control(self, method: str, path: str, body: Any = None, headers: dict | None = None) -> Any:
        """Call a sandbox control (or any endpoint) and return its JSON answer."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.admin_token:
            request.add_header("X-Sandbox-Token", self.admin_token)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as error:
            raise ControlError(f"{method} {path} -> {error.code}: {error.read().decode()}") from None
        return json.loads(text) if text else None

    def reset(self) -> None:
        """Back to the fixture."""
        self.control("POST", "/_sandbox/reset")

    def requests(self, **filters: str) -> list[dict]:
        """The request journal, optionally filtered (see the server's /_sandbox/requests)."""
        query = "&".join(f"{key}={urllib.request.quote(str(value))}" for key, value in filters.items())
        return self.control("GET", "/_sandbox/requests" + (f"?{query}" if query else ""))["requests"]
