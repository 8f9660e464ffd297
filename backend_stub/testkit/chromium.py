"""Which Chromium the test kit drives, under the name merchants' conftest.py imports
(docs/testing-in-ci.md): the package's one rule (:mod:`backend_stub.chromium`), which the SDK
build uses too without reaching into the test kit."""

from ..chromium import LAUNCH_ARGS, executable, launch_options

__all__ = ["LAUNCH_ARGS", "executable", "launch_options"]
