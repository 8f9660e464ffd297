"""SQLite storage. Nothing here knows about HTTP."""

from .database import Database

__all__ = ["Database"]
