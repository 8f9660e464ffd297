"""Build-time tools for the SDK (CPython only; never bundled for the browser)."""
