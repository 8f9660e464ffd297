"""Checking ``ts`` runnable blocks: each one a merchant's TypeScript file, type-checked with ``tsc``.

The declarations come from the sandbox server's ``/sdk.d.ts``, as a merchant fetches them; the
compiler is the project's own (``typescript`` in package.json, installed by ``make install``),
run with ``--strict``. A block marked ``tsc-error=TS<code>`` shows a mistake the declarations
catch: it must fail to type-check with that error, and with no other.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.docs.snippets import ROOT, Snippet

__all__ = ["TSC", "TypeCheck", "type_check"]

TSC = ROOT / "node_modules" / ".bin" / "tsc"
# What a browser project's tsconfig.json would say: the DOM's types, a modern target, strict.
OPTIONS = ["--noEmit", "--strict", "--target", "es2020", "--lib", "es2020,dom", "--pretty", "false"]
_ERROR = re.compile(r"^\S+\(\d+,\d+\): error (TS\d+): .*$", re.MULTILINE)


@dataclass(frozen=True)
class TypeCheck:
    returncode: int
    output: str

    @property
    def errors(self) -> list[str]:
        """The error codes tsc reported, in order (``TS2561``)."""
        return _ERROR.findall(self.output)


def type_check(snippet: Snippet, declarations: str, folder: Path) -> TypeCheck:
    """``tsc`` over the block, as ``merchant.ts``, beside the declarations."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "service-sdk.d.ts").write_text(declarations, encoding="utf-8")
    (folder / "merchant.ts").write_text(snippet.code, encoding="utf-8")
    result = subprocess.run(
        [str(TSC), *OPTIONS, "service-sdk.d.ts", "merchant.ts"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return TypeCheck(result.returncode, result.stdout + result.stderr)
