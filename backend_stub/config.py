"""The server's settings, and the keys under which the app keeps its state."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .storage.fixture import DEFAULT_FIXTURE

__all__ = ["Config", "DEFAULT_HOST", "DEFAULT_PORT", "DEFAULT_SDK_DIR"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8400
# Where `make build` (python -m sdk.build) writes the compiled SDK bundle the server serves.
DEFAULT_SDK_DIR = Path(__file__).resolve().parent / "web" / "dist"


@dataclass(frozen=True)
class Config:
    """Everything a server instance needs to know; tests build their own."""

    db: str = ":memory:"
    fixture: Path = DEFAULT_FIXTURE
    sdk_dir: Path = field(default_factory=lambda: Path(os.environ.get("SERVICE_SDK_DIR", DEFAULT_SDK_DIR)))
    # Without a token the sandbox controls answer loopback clients only.
    admin_token: str | None = None
    # Simultaneous API requests one key may have in flight before it gets 429.
    concurrency_limit: int = 64
    # The URL clients reach the server at (a proxy's, say), which /openapi.json names as its
    # server; without it, the address the server is bound to. Never taken from a request.
    public_url: str | None = None
