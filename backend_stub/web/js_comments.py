"""JavaScript without its comments, for the scripts a browser downloads: the loader, the bridge page
and its worker (sdk/tooling/build.py), and the scripts of the service's own pages (page_files.py).

Their sources carry comments that say why, and JSDoc types that tsc checks (`make lint`); none
of it need cross the network. ``/*! ... */`` comments stay (a file's header). This is not a
minifier: code, strings and line breaks stay as they are, and a comment that held a line break
leaves one, so automatic semicolon insertion reads the code as before. What it cannot read
safely it refuses (a template literal, an unterminated string, comment or regular expression):
the caller fails loudly rather than ship a changed script.
"""

from __future__ import annotations

import re

__all__ = ["ScriptError", "without_comments"]

# After these a `/` starts a regular expression; after anything else it divides.
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_KEYWORDS_BEFORE_REGEX = {
    "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
    "instanceof", "yield", "await",
}  # fmt: skip
_WORD = re.compile(r"[\w$]+$")


class ScriptError(ValueError):
    """The script holds what :func:`without_comments` does not read safely."""


def _regex_allowed(out: list[str]) -> bool:
    """Whether a ``/`` after the code written so far starts a regular expression."""
    text = "".join(out[-200:]).rstrip()  # pieces are characters or literals: enough to see a word
    if not text:
        return not "".join(out).strip()
    if text[-1] in _BEFORE_REGEX:
        return True
    word = _WORD.search(text)
    return word is not None and word.group() in _KEYWORDS_BEFORE_REGEX


def _end_of_string(source: str, start: int) -> int:
    """The index after the string literal that starts at ``start``."""
    quote, index = source[start], start + 1
    while index < len(source):
        char = source[index]
        if char == "\\":
            if source[index + 1 : index + 2] in ("\n", "\r"):
                raise ScriptError(f"a string continues on the next line at offset {index}")
            index += 2
            continue
        if char == quote:
            return index + 1
        if char in "\n\r":
            break
        index += 1
    raise ScriptError(f"unterminated string at offset {start}")


def _end_of_regex(source: str, start: int) -> int:
    """The index after the regular expression literal (flags included) that starts at ``start``."""
    index, in_class = start + 1, False
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if char in "\n\r":
            break
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            index += 1
            while index < len(source) and (source[index].isalnum() or source[index] in "_$"):
                index += 1
            return index
        index += 1
    raise ScriptError(f"unterminated regular expression at offset {start}")


def without_comments(source: str) -> str:
    """``source`` with every comment but ``/*! ... */`` removed, and the lines left empty by them."""
    out: list[str] = []
    index, length = 0, len(source)
    if "\r" in source:
        raise ScriptError("carriage returns: the script's lines must end with \\n alone")
    while index < length:
        char = source[index]
        pair = source[index : index + 2]
        if char in "'\"":
            end = _end_of_string(source, index)
            out.append(source[index:end])
            index = end
        elif char == "`":
            raise ScriptError(f"a template literal at offset {index}: not read by this stripper")
        elif pair == "//":
            end = source.find("\n", index)
            index = length if end < 0 else end
        elif pair == "/*":
            end = source.find("*/", index + 2)
            if end < 0:
                raise ScriptError(f"unterminated comment at offset {index}")
            comment = source[index : end + 2]
            if comment.startswith("/*!"):
                out.append(comment)
            elif "\n" in comment:
                out.append("\n")  # a line break to the parser (automatic semicolons): kept
            elif out and out[-1] not in " \t\n":
                if source[end + 2 : end + 3] not in (" ", "\t", "\n", "\r"):
                    out.append(" ")  # tokens it separated stay apart
            else:
                while source[end + 2 : end + 3] in (" ", "\t"):  # no run of blanks where it stood
                    end += 1
            index = end + 2
        elif char == "/" and _regex_allowed(out):
            end = _end_of_regex(source, index)
            out.append(source[index:end])
            index = end
        else:
            out.append(char)
            index += 1
    lines = (line.rstrip() for line in "".join(out).split("\n"))
    return "\n".join(line for line in lines if line) + "\n"
