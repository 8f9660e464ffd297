"""The catalogs' completeness, checked by ``make lint``: a shopper never reads English in a page
of another language, nor a text whose figures went missing.

- ``messages.pot`` is what the code marks now (extracting again finds no text it lacks, and it
  holds none the code no longer says): ``make catalogs`` was run after the last change of a text;
- every language's catalog holds exactly the ``.pot``'s texts, each translated (every plural
  form), none fuzzy, none obsolete;
- each translation quotes the same placeholders as its English (``%(amount)s``, ``%(count)d``;
  every plural form those of the plural), with no stray ``%``: the code formats every text with
  ``%``, so a missing or misspelt name would be a figure lost or a page that fails to render.

``python -m backend_stub.language.completeness [folder]`` prints each problem, one a line, and
exits 1 when there is any.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import PYTHON_FORMAT, Catalog, Message
from babel.messages.pofile import read_po

from .catalogs import CATALOGS, DOMAIN
from .extraction import extracted

__all__ = ["placeholders", "template_problems", "catalog_problems", "problems"]

Key = str | tuple[str, ...]


def _key(message: Message) -> Key:
    return tuple(message.id) if isinstance(message.id, list | tuple) else message.id


def _shown(key: Key) -> str:
    return repr(key[0] if isinstance(key, tuple) else key)


def placeholders(text: str) -> Counter[str] | None:
    """The ``%`` placeholders of ``text`` (``%(amount)s``, ``%d``; not ``%%``), counted; None when
    a ``%`` starts no placeholder at all (formatting the text would fail)."""
    found: Counter[str] = Counter()
    for match in PYTHON_FORMAT.finditer(text):
        name, _width, kind = match.groups()
        if kind != "%":
            found[f"%({name}){kind}" if name else f"%{kind}"] += 1
    if "%" in PYTHON_FORMAT.sub("", text):
        return None
    return found


def _placeholder_problem(english: str, translated: str) -> str | None:
    wanted, said = placeholders(english), placeholders(translated)
    if said is None:
        return f"{translated!r} has a % that starts no placeholder"
    if wanted is not None and said != wanted:
        missing = sorted((wanted - said).elements())
        extra = sorted((said - wanted).elements())
        parts = ([f"lacks {', '.join(missing)}"] if missing else []) + (
            [f"adds {', '.join(extra)}"] if extra else []
        )
        return f"{translated!r} {' and '.join(parts)}"
    return None


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def template_problems(template: Catalog, code: Catalog) -> list[str]:
    """What the ``.pot`` lacks or holds too many of, against what the code marks."""
    said, kept = {_key(m) for m in code if m.id}, {_key(m) for m in template if m.id}
    new = sorted(said - kept, key=str)
    gone = sorted(kept - said, key=str)
    found = [f"messages.pot lacks {_shown(key)}, which the code says" for key in new]
    found += [f"messages.pot holds {_shown(key)}, which the code no longer says" for key in gone]
    if found:
        found.append("run `make catalogs`, then translate what it adds to each catalog")
    return found


def _translation_problems(message: Message, plurals: int) -> Iterable[str]:
    key = _key(message)
    if message.fuzzy:
        yield f"{_shown(key)} is fuzzy: check its translation, then remove the flag"
    if isinstance(key, tuple):
        strings = message.string if isinstance(message.string, list | tuple) else (message.string,)
        if len(strings) != plurals:
            yield f"{_shown(key)} has {len(strings)} plural forms, the language has {plurals}"
        # Every form against the plural's: a language's form "one" may also serve 0 or 21, so it
        # quotes the count as the plural does.
        pairs = [(key[1], str(string or "")) for string in strings]
    else:
        pairs = [(key, str(message.string or ""))]
    if not all(translated for _, translated in pairs):
        yield f"{_shown(key)} is not translated"
    for english, translated in pairs:
        problem = _placeholder_problem(english, translated) if translated else None
        if problem:
            yield f"{_shown(key)}: {problem}"


def catalog_problems(path: Path, template: Catalog) -> list[str]:
    """What is wrong with one language's catalog against the ``.pot``, each line naming it."""
    catalog = _read(path)
    name = f"{path.parent.parent.name}/{path.name}"
    keys = {_key(m) for m in catalog if m.id}
    wanted = {_key(m) for m in template if m.id}
    found = [f"lacks {_shown(key)}: run `make catalogs`" for key in sorted(wanted - keys, key=str)]
    found += [f"holds {_shown(key)}, which is no longer said" for key in sorted(keys - wanted, key=str)]
    found += [f"keeps obsolete {_shown(key)}" for key in catalog.obsolete]
    for message in catalog:
        if message.id:
            found += _translation_problems(message, catalog.num_plurals)
    return [f"{name}: {problem}" for problem in found]


def problems(folder: Path = CATALOGS, code: Catalog | None = None) -> list[str]:
    """Every problem of the catalogs under ``folder`` (the ``.pot`` and each language's ``.po``),
    against ``code``: what the code marks now, extracted when not given."""
    template = _read(folder / f"{DOMAIN}.pot")
    found = template_problems(template, extracted() if code is None else code)
    for path in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        found += catalog_problems(path, template)
    return found


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else CATALOGS
    said = problems(folder)
    for line in said:
        print(line)
    languages = len(list(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))
    if said:
        print(f"{len(said)} problems in the message catalogs", file=sys.stderr)
        sys.exit(1)
    print(f"message catalogs complete: {languages} languages", file=sys.stderr)
