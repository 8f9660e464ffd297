"""Running the sandbox server from tests: a real process, its URLs, keys and controls."""

from .server import ServiceProcess

__all__ = ["ServiceProcess"]
