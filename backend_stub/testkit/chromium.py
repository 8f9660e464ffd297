"""Which Chromium the test kit drives, under the name merchants' conftest.py imports
(docs/testing-in-ci.md): the package's one rule (:mod:`backend_stub.chromium`), which the SDK
build uses too without reaching into the test kit."""

from ..chromium import DEBIAN_CHROMIUM, LAUNCH_ARGS, executable, launch_options, problem

__all__ = ["LAUNCH_ARGS", "DEBIAN_CHROMIUM", "executable", "launch_options", "problem"]
