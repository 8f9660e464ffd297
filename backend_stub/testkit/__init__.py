"""Running the sandbox server from tests: a real process, and the client of its API and controls."""

from .sandbox import DEMO_KEYS, Keys, Sandbox, SandboxError
from .server import ServiceProcess

__all__ = ["DEMO_KEYS", "Keys", "Sandbox", "SandboxError", "ServiceProcess"]
