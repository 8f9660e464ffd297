"""Sandbox controls under ``/_sandbox/``: not part of the service document."""
