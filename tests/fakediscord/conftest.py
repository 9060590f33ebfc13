from typing import Any

import pytest

from tests.fakediscord.plugin import fake_discord, start_bot

__all__ = ["fake_discord", "fake_discord_options", "start_bot"]


@pytest.fixture
def fake_discord_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The fake's options, from a test's ``parametrize(..., indirect=True)`` (default: none)."""
    return getattr(request, "param", {})
