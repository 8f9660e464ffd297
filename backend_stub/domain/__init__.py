"""The service's rules. Nothing here knows about HTTP."""
