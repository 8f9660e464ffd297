"""The sandbox server: the whole service API, the SDK files and the sandbox controls."""

__version__ = "0.1.0"
