"""One failure, one wording: every way the SDK can fail to start begins its message the same,
whether the Python (bad settings), the loader (service unreachable, no answer) or the bridge page
(a worker that does not start) finds it."""

from __future__ import annotations

import re
from pathlib import Path

from backend_stub.sdk_rules.settings import CANNOT_START, parse_settings
from sdk.tooling.loader_text import joined

BRIDGE_PAGE = Path(__file__).resolve().parents[2] / "sdk" / "bridge_page.js"


def test_the_loader_words_its_start_failures_as_the_settings_do():
    text = joined(comments=True)
    # Every failure the loader finds itself goes through cannotStart(code, why), one wording.
    assert f"fail({{ code: code, message: '{CANNOT_START}' + why }});" in text
    codes = re.findall(r"cannotStart\('(\w+)', ", text)
    assert sorted(set(codes)) == ["csp", "timeout", "unreachable"], codes
    assert "could not start" not in text


def test_bad_settings_begin_with_the_same_words():
    settings, problem = parse_settings({"sandbox": "true"})
    assert settings is None and problem is not None and problem.startswith(CANNOT_START)


def test_the_bridge_page_words_its_worker_failures_as_the_settings_do():
    text = BRIDGE_PAGE.read_text(encoding="utf-8")
    failures = re.findall(r"type: 'failed',\s*code: 'worker_failed',\s*message: '([^']*)'", text)
    assert len(failures) == 2 and all(message.startswith(CANNOT_START) for message in failures), failures
    assert "could not start" not in text
