"""A Brython runtime for precompiled code: ``brython.js`` with only what the SDK reaches.

Every module of the SDK is compiled to JavaScript at build time, and the bridge runs nothing
else, so most of Brython's runtime is never called there: its Python compiler (the tokenizer,
the parser chain with its 420 kB grammar, the AST classes and the code generator; ``exec``,
``eval`` and ``compile`` need them), ``bytes``, ``bytearray`` and ``memoryview``, ``float`` and
``complex``, ``open`` and its io classes, code objects, ``match`` statements. Those sections
move to a second file (:data:`LAZY_GROUPS`), loaded the first time anything of theirs is
touched (sdk/tooling/lazy_sections.js); the bridge's start downloads, parses and runs only the
rest. Where a moved section stood, a call names what it would have set: the traps. Which
names those are is measured, not read: the build runs the complete ``brython.js`` section by
section in Chromium (:mod:`sdk.tooling.runtime_effects`) and hands the report to :func:`trim`.
The builtins' docstrings are dropped (``len.__doc__`` and ``str.__doc__`` are None); tracebacks
keep no ``^^^`` markers. The core is patched where its start would touch moved parts or do work
the SDK never uses: ``browser.html`` (a class per HTML tag) is made on first import,
``browser.document`` on first read; ``localStorage`` (about 50 ms in a cross-site iframe) and the
time-zone name (about 20 ms of ``Intl``) are probed on first read; and precompiled modules may be
functions, not only source text for ``new Function`` (see :mod:`sdk.tooling.build`).

How sections are found: Brython's make_dist.py ends every minified source file with a line that
is exactly ``;``, so the file splits into its sources, each named by a signature only it
contains. A missing, ambiguous or reordered section, patched text not found exactly once, or a
moved section whose effects reach beyond what a trap can stand for, stops the build with
:class:`TrimError` instead of producing a broken runtime. Before any of that, the runtime's hash
is compared with the one this recipe was written for (:func:`check_recipe`, which the build
calls first; :func:`trim` itself takes any runtime, so its checks stay testable): another
``brython.js`` stops the build with "this trimming recipe is for Brython 3.15.0", and
sdk/tooling/UPGRADING.md says how to check the recipe against a new one. The build also proves
the bundle starts on the result without loading any moved section.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "LAZY_GROUPS",
    "RECIPE_BRYTHON",
    "RECIPE_SHA256",
    "TrimError",
    "Trimmed",
    "check_recipe",
    "sections",
    "trim",
]


class TrimError(RuntimeError):
    """brython.js is not the file this recipe was written for."""


# The brython.js this recipe was written and checked against: brython==3.15.0's data/brython.js.
# An upgrade moves both, on purpose, by the runbook (UPGRADING.md).
RECIPE_BRYTHON = "3.15.0"
RECIPE_SHA256 = "686eb4ef3fbb5dfa6acf932469a6a6e6c105fc9ad074f1bc5053e53f98ee3198"
RUNBOOK = "sdk/tooling/UPGRADING.md"


def check_recipe(source: bytes) -> str:
    """The sha256 of ``source`` (brython.js); :class:`TrimError` unless it is the runtime this
    recipe is for. Its signatures and patches may still match another runtime by chance: only
    the runbook's checks say whether the result is right."""
    found = hashlib.sha256(source).hexdigest()
    if found != RECIPE_SHA256:
        raise TrimError(
            f"this trimming recipe is for Brython {RECIPE_BRYTHON} (brython.js sha256"
            f" {RECIPE_SHA256[:16]}...), not this brython.js (sha256 {found[:16]}...); read {RUNBOOK}"
        )
    return found


# name -> a regular expression found in that section only (checked: exactly one match)
SIGNATURES = {
    "brython_builtins": r"^// brython\.js brython\.info",
    "builtin_types_data": r"\$B\.builtin_types=\{\}",
    "unicode_data": r"^\$B\.unicode=\{",
    "version_info": r"__BRYTHON__\.version_info=\[",
    "py_tokens": r"\(function\(\$B\)\{const tokens=\['ENDMARKER'",
    "python_tokenizer": r"\$B\.tokenizer=function",
    "loaders": r"\$B\.idb_open_promise=",
    "py_utils": r"\$B\.parse_args=function",
    "py_object": r"\$B\.object_getattribute=",
    "py_type": r"\$B\.\$class_constructor=function",
    "py_functions_wrappers": r"var method_wrapper=\$B\.method_wrapper",
    "py_function": r"\$B\.make_function_infos=",
    "py_io": r"\$B\._TextIOWrapper=",
    "py_builtin_functions": r"\$B\.\$comps=\{",
    "py_code": r"var co_attrs=\[",
    "py_eval": r"var \$\$eval=_b_\.eval=function",
    "py_sort": r"\$B\.\$TimSort=",
    "py_exceptions": r"\$B\.del_exc=function",
    "py_range_slice": r"range\.\$match_sequence_pattern=",
    "py_bytes": r"\$B\.bytes_decode=",
    "py_memoryview": r"\$B\.memory_iterator\.tp_iter=",
    "py_set": r"function make_new_set\(type\)",
    "py_string": r"\$B\.escape2cp=",
    "py_int": r"\$B\.max_printable=",
    "py_float": r"\$B\.fast_float=",
    "py_complex": r"function conv_complex\(",
    "py_dict": r"const VERSION=Symbol\('VERSION'\)",
    "py_list": r"function check_not_tuple\(self,attr\)",
    "py_sentinel": r"_b_\.sentinel\.tp_richcompare=",
    "js_objects": r"\$B\.jsobj2pyobj=function",
    "py_generator": r"\$B\.generator_return=function",
    "py_dom": r"\$B\.DOMNode=DOMNode",
    "py_pattern_matching": r"\$B\.pattern_match=function",
    "async": r"var coroutine=\$B\.coroutine",
    "py_import": r"\$B\.\$__import__=function",
    "builtin_modules": r"\$B\.lazy_modules=",
    "py2js": r"\$B\.py2js=function",
    "py_ast_classes": r"^__BRYTHON__\.ast_classes=\{",
    "py_ast": r"\$B\.create_python_ast_classes=",
    "finalize_types": r"\$B\.finalize_type=function",
    "ast_to_js": r"\$B\.js_from_root=function",
    "symtable": r"\$B\._PySymtable_Build=",
    "action_helpers": r"\$B\._PyPegen=\{",
    "string_parser": r"\$B\.prepare_string=function",
    "number_parser": r"\$B\.prepare_number=function",
    "pegen_parser": r"\$B\.Parser=function",
    "pegen": r"\$B\.PyPegen=\{",
    "python_parser_peg_version": r"\$B\._PyPegen\.parse=function\(p\)",
    "builtins_docstrings": r"^var docs=\{ArithmeticError:",
    "brython_ready": r"\$B\.whenReady=new Promise",
}


def split(source: str) -> list[str]:
    """The sections of brython.js, each ending with its ';' line (they join back to source)."""
    parts = re.split(r"(?<=\n;\n)", source)
    if "".join(parts) != source:
        raise TrimError("split does not round-trip")
    return [p for p in parts if p]


def name_sections(sections: list[str]) -> list[str]:
    """A name per section; raises if a signature is missing or ambiguous."""
    names: list[str | None] = [None] * len(sections)
    for name, pattern in SIGNATURES.items():
        hits = [i for i, s in enumerate(sections) if re.search(pattern, s, re.M)]
        if len(hits) != 1:
            raise TrimError(f"signature of {name!r} found in {len(hits)} sections")
        if names[hits[0]] is not None:
            raise TrimError(f"section {hits[0]} matches {names[hits[0]]!r} and {name!r}")
        names[hits[0]] = name
    unknown = [i for i, n in enumerate(names) if n is None]
    if unknown:
        raise TrimError(f"unnamed sections: {unknown}")
    return names  # type: ignore[return-value]  # no None is left: `unknown` is empty


def sections(source: str) -> list[tuple[str, str]]:
    parts = split(source)
    return list(zip(name_sections(parts), parts, strict=True))


COMPILER_CHAIN = [
    "symtable",
    "action_helpers",
    "string_parser",
    "number_parser",
    "pegen_parser",
    "pegen",
    "python_parser_peg_version",
]
MARK_START = "// >>> brython compiler chain\n"
MARK_END = "// <<< brython compiler chain\n"

# Sections the SDK never calls, by group: a group moves to the lazy file and loads whole, its
# sections in their original order, the first time anything of theirs is touched.
LAZY_GROUPS = {
    "compiler": [
        "py_tokens",
        "python_tokenizer",
        "py_eval",
        "py_ast_classes",
        "py_ast",
        "ast_to_js",
        *COMPILER_CHAIN,
    ],
    "io": ["py_io"],
    "code": ["py_code"],
    "bytes": ["py_bytes"],
    "memoryview": ["py_memoryview"],
    "float": ["py_float"],
    "complex": ["py_complex"],
    "pattern_matching": ["py_pattern_matching"],
    "dom": ["py_dom"],
}
LAZY_SECTIONS = {section for members in LAZY_GROUPS.values() for section in members}
# Documentation only: the builtins' docstrings (the builtin classes' go too, see _drop_type_docs).
DROPPED = ["builtins_docstrings"]

_DOM_TESTS = re.compile(r"^\$B\.\$isNode=function\(o\)\{.*?(?=^var \$DOMEventAttrs_W3C=)", re.S | re.M)
_TOKENIZER_HEAD = re.compile(r"\A.*?(?=^const FT_START=)", re.S | re.M)
_SCOPE_NAME = re.compile(r"^\$B\.scope_name=function\(name\)\{[^\n]*\}\n", re.M)
_DECODE_POSITION = re.compile(r"^\$B\.decode_position=function\(pos\)\{[^\n]*\nreturn pos\}\}\n", re.M)


def _one(pattern: re.Pattern, text: str, what: str) -> str:
    found = pattern.findall(text)
    if len(found) != 1:
        raise TrimError(f"cannot keep {what}: found {len(found)} times")
    return found[0]


def _tokenizer_head(text: str) -> str:
    # str.isalpha, isdigit, isidentifier... use these Unicode helpers; the tokenizer itself moves.
    return _one(_TOKENIZER_HEAD, text, "the tokenizer's Unicode helpers") + "})(__BRYTHON__);\n;\n"


def _ast_to_js_helpers(text: str) -> str:
    # Imports name their modules' namespaces with scope_name; tracebacks decode positions.
    helpers = _one(_SCOPE_NAME, text, "scope_name") + _one(_DECODE_POSITION, text, "decode_position")
    return "(function($B){\n" + helpers + "})(__BRYTHON__)\n;\n"


def _dom_tests(text: str) -> str:
    # Converting any JavaScript object to Python asks whether it is a DOM node.
    return "(function($B){\n" + _one(_DOM_TESTS, text, "the DOM node tests") + "})(__BRYTHON__)\n;\n"


# What the core keeps of a moved section because the start calls it, and the $B names that
# keeps defined (the lazy copy defines them again, alike).
CORE_PARTS = {
    "python_tokenizer": (_tokenizer_head, ["is_XID_Start", "is_XID_Continue", "in_unicode_category"]),
    "ast_to_js": (_ast_to_js_helpers, ["scope_name", "decode_position"]),
    "py_dom": (_dom_tests, ["$isNode", "$isNodeList"]),
}

LAZY_FILE = "__LAZY_FILE__"
LAZY_RUNTIME = Path(__file__).with_name("lazy_sections.js").read_text(encoding="utf-8")
# finalize_types leaves the classes a moved section completes to that section's load.
FINALIZE_DEFERRED = (
    "var cls=ns[name]\n$B.finalize_type(cls)}}",
    "var cls=ns[name]\nif(!$B.lazy.deferred(cls)){$B.finalize_type(cls)}}}",
    "finalize_types' loop",
)


# --- lazy storage probing -------------------------------------------------------------------
STORAGE_ORIGINAL = """var has_storage=typeof(Storage)!=="undefined"
if(has_storage){$B.has_local_storage=false
try{
if(localStorage){$B.local_storage=localStorage
$B.has_local_storage=true}}catch(err){}
$B.has_session_storage=false
try{
if(sessionStorage){$B.session_storage=sessionStorage
$B.has_session_storage=true}}catch(err){}}else{
$B.has_local_storage=false
$B.has_session_storage=false}
"""
# Lazy properties stay hidden from for...in until read: builtin_modules walks $B at start.
LAZY_HELPER = (
    "function $lazy(name,compute){Object.defineProperty($B,name,{configurable:true,enumerable:false,\n"
    "get(){var v=compute();"
    "Object.defineProperty($B,name,{value:v,writable:true,configurable:true,enumerable:true});return v},\n"
    "set(v){Object.defineProperty($B,name,{value:v,writable:true,configurable:true,enumerable:true})}})}\n"
)
STORAGE_LAZY = """function $storage(kind){if(typeof(Storage)==="undefined"){return undefined}
try{return globalThis[kind]||undefined}catch(err){return undefined}}
$lazy('local_storage',()=>$storage('localStorage'))
$lazy('has_local_storage',()=>$storage('localStorage')!==undefined)
$lazy('session_storage',()=>$storage('sessionStorage'))
$lazy('has_session_storage',()=>$storage('sessionStorage')!==undefined)
"""

# --- lazy time zone name --------------------------------------------------------------------
TZ_RE = re.compile(
    r"var date=new Date\(\)\nvar formatter=new Intl\.DateTimeFormat\(.*?\n"
    r"\$B\.tz_name=(long\.substr\(ix\)\.trim\(\))\n",
    re.S,
)


def _patch_once(text: str, old: str, new: str, what: str) -> str:
    if text.count(old) != 1:
        raise TrimError(f"cannot patch {what}: expected text found {text.count(old)} times")
    return text.replace(old, new)


def _patch_builtins(text: str) -> str:
    """Make the storage probe and the time-zone name lazy (computed on first read)."""
    anchor = "(function($B){\n"
    text = _patch_once(text, anchor, anchor + LAZY_HELPER, "the brython_builtins IIFE")
    text = _patch_once(text, STORAGE_ORIGINAL, STORAGE_LAZY, "storage probing")
    matches = list(TZ_RE.finditer(text))
    if len(matches) != 1:
        raise TrimError(f"cannot patch tz_name: found {len(matches)} matches")
    match = matches[0]
    body = match.group(0)[: match.start(1) - match.start(0)].replace("\n$B.tz_name=", "\nreturn ")
    lazy = "$lazy('tz_name',function(){" + body + match.group(1) + "})\n"
    return text[: match.start()] + lazy + text[match.end() :]


# --- browser.html, browser.document: made on first use --------------------------------------
# browser.html makes a class per HTML tag (about 120, each then finalized) at start: it is made
# when first imported instead. browser.document and the DOM classes are the py_dom group's.
BROWSER_PATCHES = [
    (
        "modules['browser.html']=(function($B){var _b_=$B.builtins\n",
        "var make_html=(function($B){var _b_=$B.builtins\n",
        "browser.html's definition",
    ),
    (
        "return html})(__BRYTHON__)}\nmodules['browser']=browser",
        "return html})}\nmodules['browser']=browser",
        "its call",
    ),
    (
        "if(!($B.isWebWorker ||$B.isNode)){modules['browser'].html=modules['browser.html']\n",
        "if(!($B.isWebWorker ||$B.isNode)){$B.lazy.module('browser.html',function(){var html=make_html($B)\n"
        "load('browser.html',html)\nmodules['browser'].html=html})\n",
        "its registration",
    ),
    (
        '"document":$B.DOMNode.$factory(document),doc:$B.DOMNode.$factory(document),\n'
        "DOMEvent:$B.DOMEvent,DOMNode:$B.DOMNode,",
        '"document":$B.lazy.attribute(browser,"document",()=>$B.DOMNode.$factory(document)),'
        'doc:$B.lazy.attribute(browser,"doc",()=>$B.DOMNode.$factory(document)),\n'
        'DOMEvent:$B.lazy.attribute(browser,"DOMEvent",()=>$B.DOMEvent),'
        'DOMNode:$B.lazy.attribute(browser,"DOMNode",()=>$B.DOMNode),',
        "browser.document and the DOM classes",
    ),
]


# Every Python value handed to JavaScript is asked whether it is a DOM node: none is before the
# DOM classes load (making one loads them).
DOM_CHECK = (
    "if(has_type(klass,$B.DOMNode)){return pyobj}",
    "if($B.lazy.done('dom')&&has_type(klass,$B.DOMNode)){return pyobj}",
    "pyobj2jsobj's DOM node test",
)


# The SDK bundle registers its modules as functions, not as source text for `new Function`: the
# bridge's script is then parsed once, and V8 keeps the compiled code for the shopper's next visit.
PRECOMPILED_FUNCTIONS = (
    'mod_js+="return "+prefix+parent_id\nvar $module=new Function(prefix+parent_id,mod_js)(\nmod)}',
    'var $module=typeof mod_js=="function" ? mod_js(mod) :\n'
    'new Function(prefix+parent_id,mod_js+"return "+prefix+parent_id)(mod)}',
    "the import of precompiled modules",
)


def _patch_browser(text: str) -> str:
    for old, new, what in BROWSER_PATCHES:
        text = _patch_once(text, old, new, what)
    return text


_TYPE_DOC = re.compile(r"`[^`]*`(?=,\[)")


def _drop_type_docs(text: str) -> str:
    """The builtin classes' docstrings (``str.__doc__``), 4 kB of brotli: documentation only."""
    text, count = _TYPE_DOC.subn('""', text)
    if count == 0 or "`" in text:
        raise TrimError(f"cannot drop the builtin classes' docstrings ({count} found)")
    return text


@dataclass(frozen=True)
class Trimmed:
    """The runtime the bridge loads, the file of moved sections, and what was done."""

    core: str  # names the lazy file by LAZY_FILE until linked
    lazy: str
    lazy_names: dict[str, str]  # "$B.name" or "_b_.name" -> the group that defines it
    report: dict

    def linked(self, lazy_file: str) -> str:
        """The core, loading its moved sections from ``lazy_file`` (beside it)."""
        return _patch_once(self.core, LAZY_FILE, lazy_file, "the lazy file's name")


def _section_traps(name: str, effects: dict, after: list[str], provided: list[str]) -> dict:
    """What the traps of a moved section stand for, checked against what the core does."""
    measured = effects["sections"][name]
    missing = sorted(set(provided) - set(measured["B"]))
    if missing:
        raise TrimError(f"{name} no longer defines {missing}, which the core keeps of it")
    names = sorted(set(measured["B"]) - set(provided))
    builtins = sorted(measured["b"])
    not_functions = [b for b in builtins if measured["b"][b] != "function"]
    if not_functions:
        raise TrimError(f"{name} defines builtins that are not functions: {not_functions}")
    finalized = effects["sections"]["finalize_types"]["objects"]
    objects = {}
    for path, props in sorted(measured["objects"].items()):
        maker = effects["origin"].get(path)
        if maker is None or maker in LAZY_SECTIONS or maker in DROPPED:
            raise TrimError(f"{name} completes {path}, which no section of the core makes")
        objects[path] = sorted(set(props) | set(finalized.get(path, [])))
    # A later core section setting the same thing would have won; after a lazy load it would not.
    for later in after:
        other = effects["sections"][later]
        clash = set(other["B"]) & set(names) | set(other["b"]) & set(builtins)
        for path, props in other["objects"].items():
            if path in objects and later != "finalize_types":
                clash |= {f"{path}.{prop}" for prop in set(props) & set(objects[path])}
        if clash:
            raise TrimError(f"{later} sets what {name} sets after it: {sorted(clash)}")
    return {"names": names, "builtins": builtins, "objects": objects}


def _stub(group: str, traps: dict) -> str:
    objects = [[*path.split(":", 1), props] for path, props in traps["objects"].items()]
    arguments = ",".join(
        json.dumps(value, separators=(",", ":"))
        for value in (group, traps["names"], traps["builtins"], objects)
    )
    return f";__BRYTHON__.lazy.section({arguments})\n;\n"


def _lazy_file(groups: dict[str, list[str]]) -> str:
    """Each group's sections, as functions run in order when the group loads (strict, as the
    whole of brython.js is)."""
    table = ",\n".join(
        json.dumps(group) + ":[" + ",\n".join(f"function($B){{\n{text}}}" for text in texts) + "]"
        for group, texts in groups.items()
    )
    return (
        '"use strict";\n/* Sections of brython.js moved out of the runtime by the SDK build (see '
        "sdk/tooling/trim_runtime.py), loaded on first use. Generated: do not edit. */\n"
        f"__BRYTHON__.lazy.define({{\n{table}}})\n"
    )


# The core sections' patches, by section.
CORE_PATCHES = {
    "brython_builtins": _patch_builtins,
    "builtin_types_data": _drop_type_docs,
    "js_objects": lambda text: _patch_once(text, *DOM_CHECK),
    "py_import": lambda text: _patch_once(text, *PRECOMPILED_FUNCTIONS),
    "builtin_modules": _patch_browser,
    "finalize_types": lambda text: _patch_once(text, *FINALIZE_DEFERRED),
}


def trim(source: str, effects: dict) -> Trimmed:
    """Split ``source`` (brython.js) into the core and the lazy file, by ``effects``: the report
    of :func:`sdk.tooling.runtime_effects.measure` on the same ``source``."""
    parts = sections(source)
    names = [name for name, _ in parts]
    # The chain must be contiguous and in this order, or this is not the brython.js we know.
    first = names.index(COMPILER_CHAIN[0])
    if names[first : first + len(COMPILER_CHAIN)] != COMPILER_CHAIN:
        raise TrimError(f"unexpected section order around the compiler chain: {names}")
    if MARK_START in source or MARK_END in source:
        chain_text = "".join(text for _, text in parts[first : first + len(COMPILER_CHAIN)])
        after = parts[first + len(COMPILER_CHAIN)][1]
        if not (chain_text.startswith(MARK_START) and after.startswith(MARK_END)):
            raise TrimError("the compiler-chain markers do not delimit the expected sections")
    if sorted(effects["sections"]) != sorted(names):
        raise TrimError("the measured effects are not those of this brython.js")
    group_of = {section: group for group, members in LAZY_GROUPS.items() for section in members}
    core: list[str] = []
    lazy: dict[str, list[str]] = {group: [] for group in LAZY_GROUPS}
    lazy_names: dict[str, str] = {}
    moved, dropped = {}, {}
    for index, (name, text) in enumerate(parts):
        if name in DROPPED:
            dropped[name] = len(text)
            continue
        if name in group_of:
            group = group_of[name]
            keep, provided = CORE_PARTS.get(name, (None, []))
            later = [n for n in names[index + 1 :] if n not in group_of and n not in DROPPED]
            traps = _section_traps(name, effects, later, provided)
            for prefix, key in (("$B.", "names"), ("_b_.", "builtins")):
                for trapped in traps[key]:
                    if lazy_names.setdefault(prefix + trapped, group) != group:
                        raise TrimError(f"{prefix}{trapped} is set by two groups")
            lazy[group].append(text)
            kept = keep(text) if keep else ""
            core.append(kept + _stub(group, traps))
            moved[name] = len(text) - len(kept)
            continue
        core.append(CORE_PATCHES[name](text) if name in CORE_PATCHES else text)
        if name == "brython_builtins":
            # Its file name stays LAZY_FILE until Trimmed.linked, which finds it exactly once.
            core.append(LAZY_RUNTIME)
    result = "".join(core)
    lazy_text = _lazy_file(lazy)
    report = {
        "input_bytes": len(source.encode("utf-8")),
        "output_bytes": len(result.encode("utf-8")),
        "lazy_bytes": len(lazy_text.encode("utf-8")),
        "input_sha256": hashlib.sha256(source.encode("utf-8")).hexdigest(),
        "moved_sections": moved,
        "dropped_sections": dropped,
    }
    return Trimmed(result, lazy_text, lazy_names, report)
