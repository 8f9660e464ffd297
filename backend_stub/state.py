"""What a running server holds: its settings, its database and the stores over it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .api.slow_readers import SlowReaders
from .config import Config
from .storage import Database
from .storage.clock import SandboxClock
from .storage.idempotency import IdempotencyStore
from .storage.merchants import MerchantStore

__all__ = ["ServerState", "STATE", "state_of"]


@dataclass
class ServerState:
    """One server's state; kept in one object because the app mapping freezes at startup."""

    config: Config
    db: Database
    fixture: dict[str, Any]
    merchants: MerchantStore = field(init=False)
    idempotency: IdempotencyStore = field(init=False)
    slow_readers: SlowReaders = field(init=False)
    clock: SandboxClock = field(init=False)
    # (merchant id, idempotency key) of the requests running now (api.idempotency).
    keys_running: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.merchants = MerchantStore(self.db)
        self.idempotency = IdempotencyStore(self.db, self.config.idempotency_lifetime)
        self.slow_readers = SlowReaders(self.config.write_timeout)
        self.clock = SandboxClock(self.db)


STATE = web.AppKey("state", ServerState)


def state_of(request: web.Request) -> ServerState:
    """The state of the server that received the request."""
    return request.app[STATE]
