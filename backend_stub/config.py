"""The server's settings."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .sandbox.journal import DEFAULT_MAX_BYTES
from .storage.fixture import DEFAULT_FIXTURE

__all__ = ["Config", "DEFAULT_HOST", "DEFAULT_PORT", "DEFAULT_SDK_DIR"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8400
# Where `make build` (python -m sdk.tooling.build) writes the compiled SDK bundle the server serves.
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
    # Host names (lower case) the controls and the hosted checkout's decision answer under,
    # besides loopback names and IP addresses (backend_stub.api.hosts): no DNS rebinding.
    allowed_hosts: frozenset[str] = frozenset()
    # Seconds a list query may take before it is stopped with 408 (storage.database).
    query_timeout: float = 5.0
    # Seconds a client may take to send a request body before it gets 408 (api.bodies).
    body_timeout: float = 10.0
    # Seconds an Idempotency-Key's answer is kept for a retry (api.idempotency): 24 hours.
    idempotency_lifetime: float = 24 * 3600.0
    # Seconds a connection may stay open without a whole request head, from its start or from
    # the end of its last answer, before it is closed (backend_stub.app): a client trickling
    # its headers a byte at a time, or holding idle connections, cannot keep them forever.
    header_timeout: float = 10.0
    # Seconds a client has to take an answer, from its first byte, before its connection is
    # closed and the answer freed (api.slow_readers).
    write_timeout: float = 30.0
    # Bytes the request journal keeps at most (sandbox.journal).
    journal_max_bytes: int = DEFAULT_MAX_BYTES
