"""requirements/test.lock covers what pyproject.toml asks for: a requirement added without
`make lock` would install nowhere (`make install` takes the lock's packages and nothing else)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def _locked() -> dict[str, str]:
    text = (ROOT / "requirements" / "test.lock").read_text(encoding="utf-8")
    return {
        canonicalize_name(name): version
        for name, version in re.findall(r"^([\w.-]+)==([^\s;\\]+)", text, re.M)
    }


def test_every_requirement_of_the_project_and_its_test_extra_is_locked_within_its_range():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    locked = _locked()
    problems = []
    for line in project["dependencies"] + project["optional-dependencies"]["test"]:
        requirement = Requirement(line)
        version = locked.get(canonicalize_name(requirement.name))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            problems.append(f"{line}: the lock has {version or 'nothing'}")
    assert not problems, "run `make lock`:\n" + "\n".join(problems)


def test_every_locked_package_is_hash_checked():
    text = (ROOT / "requirements" / "test.lock").read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[\w.-]+==)", text.split("\n", 2)[2])
    assert len(blocks) > 50
    assert all("--hash=sha256:" in block for block in blocks)
