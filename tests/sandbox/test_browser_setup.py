"""Without Chromium the browser tests skip on a developer's machine, but fail where
``.ci/run`` requires them (it installs Debian's chromium and sets VESUVIUS_REQUIRE_CHROMIUM)."""

from __future__ import annotations

import shutil

import pytest

from tests.sandbox import browser


def test_a_missing_chromium_skips_unless_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv(browser.REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception):
        browser.chromium_path()
    monkeypatch.setenv(browser.REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        browser.chromium_path()
