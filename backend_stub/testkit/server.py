"""A sandbox server in its own process, as merchants' CI and our end-to-end tests run it."""

from __future__ import annotations

import sys
from pathlib import Path

from ..child_process import ChildProcess
from .sandbox import DEMO_KEYS, Keys, Sandbox, check_sdk

__all__ = ["ServiceProcess"]

START_TIMEOUT_S = 30
ANNOUNCEMENT = "service-stub listening on "  # what backend_stub.cli prints once it listens


class ServiceProcess(ChildProcess):
    """``python -m backend_stub`` on a free port; a context manager that stops it on exit.

    It only runs the server: its controls are those of :attr:`sandbox`, the client merchants use.
    """

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        db: str | Path = ":memory:",
        extra_args: list[str] | None = None,
        admin_token: str | None = None,
        startup_timeout: float = START_TIMEOUT_S,
        require_sdk: bool = True,
        *,
        echo: bool = False,
        own_session: bool = False,
    ) -> None:
        super().__init__("sandbox server", ANNOUNCEMENT, echo=echo, own_session=own_session)
        self.host, self.port, self.db = host, port, str(db)
        self.extra_args = list(extra_args or [])
        # With a token the server lets any client use the controls that send it; ``sandbox`` does.
        self.admin_token = admin_token
        self.startup_timeout = startup_timeout
        # Browser tests need the compiled SDK: without it, start() fails rather than they time out.
        self.require_sdk = require_sdk

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
        self.launch(command, self.startup_timeout)
        try:
            health = self.sandbox().health()
            if self.require_sdk:
                check_sdk(self.url, health)
        except BaseException:
            self.stop()
            raise
        return self

    def sandbox(self, keys: Keys = DEMO_KEYS) -> Sandbox:
        """The client of this server's API and sandbox controls, with its admin token."""
        return Sandbox(self.url, admin_token=self.admin_token, keys=keys, process=self)

    def __enter__(self) -> ServiceProcess:
        return self if self.alive else self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
