"""Both sides of the bridge protocol against its one table, ``sdk/protocol.json``.

tsc checks the JavaScript's types against ``sdk/protocol.d.ts`` (``make lint``); here the table
is held to what the code does: every message the Python sends (its ``op`` and ``type`` dict
literals, read with ``ast``) and every message it handles, every command and message the loader
handles, and every message the loader, the bridge page and the hosted checkout send (read from
their text), with their fields and the channel names. A message one side sends and the other
does not know fails here, and so does a handler for a message nobody sends. The last tests make
such a change in a copy of the sources and watch it fail: here, and under tsc with the loader's
types (a command handler too many or too few, a message posted or handled that the table lacks).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sdk.tooling.loader_text import LOADER_DIR, joined
from sdk.tooling.protocol import DECLARATIONS, Group, Protocol, declarations, load

ROOT = Path(__file__).resolve().parents[2]
# The Python that builds the loader's commands and the bridge's messages.
PYTHON_SENDERS = (
    *(f"sdk/{name}.py" for name in ("bridge", "checkout", "key_verdict", "options", "backlog", "messages")),
    *(
        f"backend_stub/sdk_rules/{name}.py"
        for name in ("page", "attributes", "availability", "pairing", "settings")
    ),
    "backend_stub/web/bridge_page.py",
)
BRIDGE = "sdk/bridge.py"
CHECKOUTS = "sdk/checkout.py"
LOADER = "sdk/loader"  # its parts, read as the one function the build makes of them
BRIDGE_PAGE = "sdk/bridge_page.js"
HOSTED = "backend_stub/web/static/checkout.js"
LOADER_PARTS = tuple(f"{LOADER}/{path.name}" for path in sorted(LOADER_DIR.glob("*.js")))
SOURCES = (*PYTHON_SENDERS, *LOADER_PARTS, BRIDGE_PAGE, HOSTED)


def _tree(root: Path, path: str) -> ast.Module:
    return ast.parse((root / path).read_text(encoding="utf-8"), filename=path)


def _literal_dicts(tree: ast.AST, tag: str) -> list[tuple[int, str, set[str]]]:
    """``(line, value of tag, keys)`` of every dict literal with a constant string ``tag`` key."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        keys = {
            key.value for key in node.keys if isinstance(key, ast.Constant) and isinstance(key.value, str)
        }
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and key.value == tag and isinstance(value, ast.Constant):
                found.append((node.lineno, value.value, keys - {tag}))
    return found


def _method(tree: ast.Module, cls: str, name: str) -> ast.FunctionDef:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == name:
                    return item
    raise AssertionError(f"no {cls}.{name}")


def _compared_to(function: ast.FunctionDef, name: str) -> set[str]:
    """The strings ``name`` is compared with (``==`` or ``in`` a tuple) in ``function``."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == name:
            for right in node.comparators:
                items = right.elts if isinstance(right, ast.Tuple) else [right]
                found |= {item.value for item in items if isinstance(item, ast.Constant)}
    return found


def _handlers(tree: ast.Module) -> dict[str, str]:
    """The bridge's ``self.handlers``: message type -> method name."""
    init = _method(tree, "Bridge", "__init__")
    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            target = node.targets[0]
            if isinstance(target, ast.Attribute) and target.attr == "handlers":
                return {
                    key.value: value.attr
                    for key, value in zip(node.value.keys, node.value.values, strict=True)
                    if isinstance(key, ast.Constant) and isinstance(value, ast.Attribute)
                }
    raise AssertionError("no self.handlers in Bridge.__init__")


def _reads(function: ast.FunctionDef) -> set[str]:
    """The fields a handler reads from its message: ``data.get("x")`` and ``data["x"]``."""
    param = function.args.args[1].arg
    found: set[str] = set()
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == param
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(node.args[0].value)
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id == param
            and isinstance(node.slice, ast.Constant)
        ):
            found.add(node.slice.value)
    return found


def _field_problems(where: str, group: Group, member: str, keys: set[str]) -> list[str]:
    required, optional = group.fields(member)
    problems = [f"{where}: {group.name} {member!r} lacks field {name!r}" for name in sorted(required - keys)]
    unknown = keys - required - optional
    problems += [
        f"{where}: {group.name} {member!r} has field {name!r} the table does not" for name in sorted(unknown)
    ]
    return problems


def _literal_problems(path: str, tree: ast.Module, group: Group, sent: set[str]) -> list[str]:
    """Problems of the dict literals of ``tree`` tagged as ``group``'s; adds what they send to ``sent``."""
    problems: list[str] = []
    for line, member, keys in _literal_dicts(tree, group.tag):
        sent.add(member)
        if member not in group.members:
            problems.append(f"{path}:{line}: sends {group.name} {member!r}, which the table does not have")
        else:
            problems += _field_problems(f"{path}:{line}", group, member, keys)
    return problems


def _sent_by_python(root: Path, protocol: Protocol) -> tuple[list[str], set[str], set[str]]:
    """Problems of the Python's op and type literals, and the ops and types it sends."""
    problems: list[str] = []
    ops: set[str] = set()
    types: set[str] = set()
    for path in PYTHON_SENDERS:
        tree = _tree(root, path)
        problems += _literal_problems(path, tree, protocol.groups["Command"], ops)
        if path.startswith("sdk/"):  # the server renders commands only; the worker sends messages
            problems += _literal_problems(path, tree, protocol.groups["BridgeMessage"], types)
    return problems, ops, types


def _handled_by_python(root: Path, protocol: Protocol) -> list[str]:
    """Problems of what the worker handles: the loader's messages, the hosted checkout's events."""
    problems: list[str] = []
    tree = _tree(root, BRIDGE)
    page = protocol.groups["PageMessage"]
    handlers = _handlers(tree)
    handled = set(handlers) | _compared_to(_method(tree, "Bridge", "dispatch"), "kind")
    for kind in sorted(handled - set(page.members)):
        problems.append(f"{BRIDGE}: handles message {kind!r}, which the table does not have")
    for kind in sorted(set(page.members) - handled):
        problems.append(f"{BRIDGE}: does not handle the loader's message {kind!r}")
    for kind, method in handlers.items():
        if kind in page.members:
            required, optional = page.fields(kind)
            for name in sorted(_reads(_method(tree, "Bridge", method)) - required - optional):
                problems.append(f"{BRIDGE}: {method} reads field {name!r}, which {kind!r} does not have")
    events = protocol.groups["CheckoutMessage"]
    known = _compared_to(_method(_tree(root, CHECKOUTS), "Checkouts", "event"), "kind")
    for kind in sorted(known ^ set(events.members)):
        side = "handles" if kind in known else "does not handle"
        problems.append(f"{CHECKOUTS}: Checkouts.event {side} the hosted checkout's {kind!r}")
    channel = re.search(r'^CHANNEL = "([^"]+)"', (root / BRIDGE).read_text(encoding="utf-8"), re.MULTILINE)
    if channel is None or channel.group(1) != protocol.channels["sdk"]:
        problems.append(f"{BRIDGE}: CHANNEL is not {protocol.channels['sdk']!r}")
    return problems


def _set_problems(where: str, what: str, found: set[str], table: set[str]) -> list[str]:
    return [f"{where}: {what} {name!r}, which the table does not have" for name in sorted(found - table)] + [
        f"{where}: no {what} {name!r}, which the table has" for name in sorted(table - found)
    ]


def _javascript(root: Path, protocol: Protocol) -> list[str]:
    """Problems of the JavaScript: what the loader handles and sends, what the bridge page and the
    hosted checkout send, and their channel names."""
    loader = joined(root / LOADER, comments=True)
    table = {name: set(group.members) for name, group in protocol.groups.items()}
    block = loader[loader.index("var COMMANDS = {") : loader.index("\n};", loader.index("var COMMANDS = {"))]
    problems = _set_problems(
        LOADER, "command handler", set(re.findall(r"^  (\w+): function", block, re.M)), table["Command"]
    )
    handler = loader[
        loader.index("function onBridgeMessage") : loader.index("window.addEventListener('message'")
    ]
    problems += _set_problems(
        LOADER, "case for message", set(re.findall(r"case '([\w-]+)':", handler)), table["BridgeMessage"]
    )
    # Posted at once, or held for the bridge (the outbox, the first answers to adopt).
    posted = set(re.findall(r"(?:post\(|unshift\(|adopt = )\{\s*type: '([\w-]+)'", loader))
    problems += _set_problems(LOADER, "post of message", posted, table["PageMessage"])
    hosted = (root / HOSTED).read_text(encoding="utf-8")
    told = set(re.findall(r"tell\(\{ type: '([\w-]+)'", hosted)) | set(re.findall(r"type: '(close)'", loader))
    problems += _set_problems(HOSTED, "message", told, table["CheckoutMessage"])
    relay = (root / BRIDGE_PAGE).read_text(encoding="utf-8")
    for kind in sorted(set(re.findall(r"type: '([\w-]+)'", relay)) - table["BridgeMessage"]):
        problems.append(f"{BRIDGE_PAGE}: sends message {kind!r}, which the table does not have")
    channels = [
        (LOADER, loader, "CHANNEL", "sdk"),
        (LOADER, loader, "CHECKOUT_CHANNEL", "checkout"),
        (BRIDGE_PAGE, relay, "CHANNEL", "sdk"),
        (HOSTED, hosted, "CHANNEL", "checkout"),
    ]
    for path, text, name, key in channels:
        if f"var {name} = '{protocol.channels[key]}';" not in text:
            problems.append(f"{path}: {name} is not {protocol.channels[key]!r}")
    return problems


def problems(root: Path) -> list[str]:
    """Everything in the tree at ``root`` that disagrees with its ``sdk/protocol.json``."""
    protocol = load(root / "sdk" / "protocol.json")
    found, ops, types = _sent_by_python(root, protocol)
    for op in sorted(set(protocol.groups["Command"].members) - ops):
        found.append(f"the loader handles op {op!r}, which no Python sends")
    # `first` comes from the bridge page, whose JavaScript is checked below.
    for kind in sorted(set(protocol.groups["BridgeMessage"].members) - types - {"first"}):
        found.append(f"the loader handles message {kind!r}, which the worker never sends")
    return found + _handled_by_python(root, protocol) + _javascript(root, protocol)


def test_both_sides_speak_the_table():
    assert problems(ROOT) == []


def test_the_declarations_are_generated_from_the_table():
    assert DECLARATIONS.read_text(encoding="utf-8") == declarations(load()), (
        "sdk/protocol.d.ts is not what sdk/protocol.json gives: run `python -m sdk.tooling.protocol`"
    )


@pytest.mark.parametrize(
    ("path", "old", "new", "problem"),
    [
        (CHECKOUTS, '{"op": "overlay_loaded"}', '{"op": "overlay_ready"}', "sends Command 'overlay_ready'"),
        (
            CHECKOUTS,
            '{"op": "navigate", "url": url}',
            '{"op": "navigate", "url": url, "target": "_top"}',
            "field 'target'",
        ),
        (
            BRIDGE,
            '"started": self.on_started,',
            '"started": self.on_started, "paused": self.on_started,',
            "handles message 'paused'",
        ),
        (
            f"{LOADER}/start.js",
            "    case 'failed':",
            "    case 'paused':\n    case 'failed':",
            "case for message 'paused'",
        ),
        (
            f"{LOADER}/commands.js",
            "  close_overlay: function",
            "  blink: function () {},\n  close_overlay: function",
            "command handler 'blink'",
        ),
        (HOSTED, "tell({ type: 'loaded' })", "tell({ type: 'shown' })", "message 'shown'"),
        (BRIDGE_PAGE, "type: 'first'", "type: 'initial'", "sends message 'initial'"),
        (
            f"{LOADER}/start.js",
            "var CHANNEL = 'service-sdk';",
            "var CHANNEL = 'service-bridge';",
            "CHANNEL is not 'service-sdk'",
        ),
    ],
)
def test_a_message_added_on_one_side_only_fails(tmp_path: Path, path: str, old: str, new: str, problem: str):
    for source in (*SOURCES, "sdk/protocol.json"):
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / source, tmp_path / source)
    edited = (tmp_path / path).read_text(encoding="utf-8")
    assert old in edited
    (tmp_path / path).write_text(edited.replace(old, new, 1), encoding="utf-8")
    assert [line for line in problems(tmp_path) if problem in line], problems(tmp_path)


TSC = ROOT / "node_modules" / ".bin" / "tsc"
# The loader's messages as tsc sees them: each edit, in a copy of its own, must be a type error.
TYPED_EDITS = {
    "extra_command.js": (
        "  close_overlay: function",
        "  blink: function () {},\n  close_overlay: function",
    ),
    "missing_command.js": ("  forget_checkout: function (cmd) { delete checkouts[cmd.checkout]; }", ""),
    "unknown_post.js": ("post({ type: 'started' });", "post({ type: 'paused' });"),
    "unknown_case.js": ("    case 'failed':", "    case 'paused':\n    case 'failed':"),
    "wrong_field.js": (
        "post({ type: 'button', call: id, options: plain });",
        "post({ type: 'button', id: id, options: plain });",
    ),
}


def test_tsc_refuses_a_loader_that_strays_from_the_table(tmp_path: Path):
    loader = joined(comments=True)
    (tmp_path / "as_is.js").write_text(loader, encoding="utf-8")  # the same checks pass it
    for name, (old, new) in TYPED_EDITS.items():
        assert old in loader, name
        (tmp_path / name).write_text(loader.replace(old, new, 1), encoding="utf-8")
    typings = [str(ROOT / "sdk" / name) for name in ("service.d.ts", "protocol.d.ts", "page_globals.d.ts")]
    options = ["--noEmit", "--strict", "--allowJs", "--checkJs", "--target", "es2020"]
    result = subprocess.run(
        [
            str(TSC),
            *options,
            "--lib",
            "es2020,dom,dom.iterable",
            "--pretty",
            "false",
            *typings,
            *TYPED_EDITS,
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    failing = {line.split("(")[0] for line in result.stdout.splitlines() if ": error TS" in line}
    assert failing == set(TYPED_EDITS), result.stdout
