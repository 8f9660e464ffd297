"""A Brython runtime for precompiled code only: ``brython.js`` without its Python compiler.

Every module of the SDK is compiled to JavaScript at build time, so the bridge never parses
Python: the parser chain (symtable, action helpers, string and number parsers, the PEG parser
and its generated grammar; 519 kB of the 1,464 kB) only costs download, parse and start-up
time. Removing it halves the runtime's start in the bridge's cross-site iframe (measured in
bench/sdk_load.py). Two start-up probes are made lazy as well: ``localStorage`` (about 50 ms in a
cross-site iframe) and the time-zone name (about 20 ms of ``Intl``); nothing Brython runs at
start reads them.

How sections are found: Brython's make_dist.py ends every minified source file with a line that
is exactly ``;``, so the file splits into its sources, each named by a signature only it
contains. A missing, ambiguous or reordered section, or patched text not found exactly once,
stops the build with :class:`TrimError` instead of producing a broken runtime: upgrading the
pinned Brython means checking this recipe again.

Kept on purpose: ``py2js`` (it also holds ``brython()``'s start-up and options), ``py_ast``
and ``ast_to_js`` (run-time helpers generated code calls), the tokenizer
(``str.isidentifier``). With the trimmed runtime ``exec``, ``eval`` and ``compile`` raise
``NotImplementedError`` and tracebacks lose their ``^^^`` markers.
"""

from __future__ import annotations

import hashlib
import json
import re

__all__ = ["TrimError", "trim", "sections"]


class TrimError(RuntimeError):
    """brython.js is not the file this recipe was written for."""


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

# $B names defined by the removed sections that the kept runtime may still reach.
STUB = r""";(function($B){"use strict";
var _b_=$B.builtins
function no_compiler(){
$B.RAISE(_b_.NotImplementedError,"this Brython runtime was trimmed at build time: "+
"it runs precompiled code only and cannot compile Python source")}
$B.Parser=function(){no_compiler()}
$B._PyPegen={run_parser:no_compiler}
$B._PySymtable_Build=no_compiler
$B.prepare_string=no_compiler
$B.prepare_number=no_compiler
$B.trimmed_runtime=%s})(__BRYTHON__)
;
"""

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


def trim(source: str) -> tuple[str, dict]:
    """The trimmed runtime, and a report of what was removed (deterministic)."""
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
    out, removed = [], {}
    for name, text in parts:
        if name in COMPILER_CHAIN:
            removed[name] = len(text)
            if name == COMPILER_CHAIN[0]:
                out.append(STUB % json.dumps(COMPILER_CHAIN))
            continue
        out.append(_patch_builtins(text) if name == "brython_builtins" else text)
    result = "".join(out)
    report = {
        "input_bytes": len(source.encode("utf-8")),
        "output_bytes": len(result.encode("utf-8")),
        "input_sha256": hashlib.sha256(source.encode("utf-8")).hexdigest(),
        "removed_sections": removed,
    }
    return result, report
