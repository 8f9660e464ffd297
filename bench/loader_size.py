"""What pinning the loader costs a merchant's page: the loader's bytes at ``/sdk.js`` and at the
pinned address ``/sdk.json`` names, as a browser downloads them (brotli, gzip, plain).

A sandbox server process serves the built SDK; both addresses are fetched with each
``Accept-Encoding`` a browser sends. The target: the pinned loader is the same loader, not a byte
more in any encoding (the tag only gains its ``integrity`` and ``crossorigin`` attributes,
reported beside). Usage: ``python bench/loader_size.py [--out bench/RESULTS.md]``.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import urllib.request
from pathlib import Path

from results_file import Verdict, record  # bench/, beside this file

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from backend_stub.testkit.server import ServiceProcess  # noqa: E402 (after the path above)

ENCODINGS = ("br", "gzip", "identity")
QUERY = "?public-key=pk_test_demo&sandbox=true"


def downloaded(url: str, encoding: str) -> int:
    """Bytes of the answer's body as sent (not decoded)."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return len(answer.read())


def measure() -> tuple[dict[str, dict[str, int]], dict[str, int], str]:
    """Bytes per address and encoding, the two tags' lengths, and the pinned version."""
    with ServiceProcess() as server:
        sandbox = server.sandbox()
        pins = sandbox.sdk_pins()
        addresses = {"unpinned (`/sdk.js`)": sandbox.sdk_url, "pinned (`url` of `/sdk.json`)": pins["url"]}
        sizes = {
            label: {encoding: downloaded(url + QUERY, encoding) for encoding in ENCODINGS}
            for label, url in addresses.items()
        }
        tags = {"unpinned": len(sandbox.script_tag()), "pinned": len(sandbox.pinned_script_tag())}
    return sizes, tags, pins["version"]


def report(sizes: dict[str, dict[str, int]], tags: dict[str, int], version: str) -> tuple[str, Verdict]:
    unpinned, pinned = sizes.values()
    more = max(pinned[encoding] - unpinned[encoding] for encoding in ENCODINGS)
    today = datetime.date.today().isoformat()
    lines = [
        f"## Loader size, pinned and unpinned — {today}",
        "",
        f"`python bench/loader_size.py`: loader version {version}, fetched from a sandbox server"
        " process with each `Accept-Encoding`; bytes as sent.",
        "",
        "| address | " + " | ".join(ENCODINGS) + " |",
        "|---|" + "---|" * len(ENCODINGS),
    ]
    for label, row in sizes.items():
        lines.append(f"| {label} | " + " | ".join(str(row[encoding]) for encoding in ENCODINGS) + " |")
    lines += [
        "",
        f"- pinned minus unpinned, worst encoding: {more:+d} bytes (target: no byte more) — "
        + ("met" if more <= 0 else "MISSED"),
        f"- the tag itself: {tags['unpinned']} characters short, {tags['pinned']} pinned"
        " (its `integrity` and `crossorigin` attributes, in the page's HTML)",
    ]
    verdict = Verdict(
        "Loader", "pinned loader: no byte more than `/sdk.js`, any encoding", f"{more:+d} bytes", more <= 0
    )
    return "\n".join(lines) + "\n", verdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "bench" / "RESULTS.md",
        help="Markdown file to record the report in",
    )
    args = parser.parse_args()
    text, verdict = report(*measure())
    print(text)
    record(args.out, text, [verdict], datetime.date.today().isoformat())


if __name__ == "__main__":
    main()
