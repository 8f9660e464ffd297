"""The bridge protocol's table (``sdk/protocol.json``) and the TypeScript declarations made from it:
``python -m sdk.tooling.protocol`` writes ``sdk/protocol.d.ts``, which ``make lint``'s tsc checks
the JavaScript against (tests/unit/test_bridge_protocol.py fails while the file is not what the
table gives, and checks the Python side against the table).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["DECLARATIONS", "TABLE", "Group", "Protocol", "declarations", "load", "main"]

SDK_DIR = Path(__file__).resolve().parent.parent
TABLE = SDK_DIR / "protocol.json"
DECLARATIONS = SDK_DIR / "protocol.d.ts"
_NAME = re.compile(r"^[A-Za-z_$][\w$]*$")


@dataclass(frozen=True)
class Group:
    """Messages told apart by one field (``tag``), each with its fields (``name?``: optional)."""

    name: str
    about: str
    tag: str
    channel: str | None
    members: dict[str, dict[str, str]]

    def fields(self, member: str) -> tuple[set[str], set[str]]:
        """The required and the optional field names of ``member`` (without the tag)."""
        names = self.members[member]
        return {n for n in names if not n.endswith("?")}, {n[:-1] for n in names if n.endswith("?")}


@dataclass(frozen=True)
class Protocol:
    channels: dict[str, str]
    types: dict[str, str]
    groups: dict[str, Group]
    records: dict[str, dict[str, object]]


def load(path: Path = TABLE) -> Protocol:
    """The table, read."""
    data = json.loads(path.read_text(encoding="utf-8"))
    groups = {
        name: Group(name, group["about"], group["tag"], group.get("channel"), group["members"])
        for name, group in data["groups"].items()
    }
    return Protocol(data["channels"], data["types"], groups, data["records"])


def _key(name: str) -> str:
    return name if _NAME.match(name) else json.dumps(name)


def _fields(fields: dict[str, str], indent: str) -> list[str]:
    lines = []
    for name, kind in fields.items():
        optional = name.endswith("?")
        lines.append(f"{indent}{_key(name.removesuffix('?'))}{'?' if optional else ''}: {kind};")
    return lines


def declarations(protocol: Protocol) -> str:
    """``sdk/protocol.d.ts``: a namespace ``ServiceProtocol`` with a type per message and group."""
    out = [
        "/* Generated from sdk/protocol.json by `python -m sdk.tooling.protocol`: do not edit. */",
        "",
        "declare namespace ServiceProtocol {",
    ]
    for key, channel in protocol.channels.items():
        out.append(f"  type {key.capitalize()}Channel = {json.dumps(channel)};")
    for name, kind in protocol.types.items():
        out.append(f"  type {name} = {kind};")
    for group in protocol.groups.values():
        out += ["", f"  /** {group.about} */"]
        names = []
        for member, fields in group.members.items():
            type_name = group.name + "".join(part.capitalize() for part in re.split(r"[-_]", member))
            names.append(type_name)
            out.append(f"  interface {type_name} {{")
            out.append(f"    {group.tag}: {json.dumps(member)};")
            if group.channel is not None:
                # Optional: the sending function adds it; a listener checks it before anything else.
                channel = protocol.channels[group.channel]
                out.append(f"    channel?: {json.dumps(channel)};")
            out += _fields(fields, "    ")
            out.append("  }")
        out.append(f"  type {group.name} = {' | '.join(names)};")
        # One handler per member, none more: a handler table typed so has every message and no other.
        out.append(
            f"  type {group.name}Handlers = {{ [K in {group.name}[{json.dumps(group.tag)}]]:"
            f" (message: Extract<{group.name}, {{ {group.tag}: K }}>) => void }};"
        )
    for name, record in protocol.records.items():
        record_fields = record["fields"]
        assert isinstance(record_fields, dict)
        out += ["", f"  /** {record['about']} */", f"  interface {name} {{"]
        out += _fields(record_fields, "    ")
        out.append("  }")
    out += ["}", ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Write ``sdk/protocol.d.ts`` from the table."""
    DECLARATIONS.write_text(declarations(load()), encoding="utf-8")
    print(f"wrote {DECLARATIONS.relative_to(SDK_DIR.parent)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
