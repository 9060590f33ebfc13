"""A loopback fake of Discord (gateway + REST) and a driver for end-to-end tests.

See docs/testing.md ("End-to-end tests") and /work/shared/testing/fake-discord.md.
"""

from .model import (
    Attachment,
    Channel,
    Choice,
    DriverError,
    FakeUser,
    Guild,
    InteractionFailed,
    InteractionResult,
    Message,
    Role,
)
from .runner import RunningBot, bot_running, redirect_discord, start_bot
from .server import FakeClock, FakeDiscord, Rejection, RequestRecord

__all__ = [
    "Attachment",
    "Channel",
    "Choice",
    "DriverError",
    "FakeClock",
    "FakeDiscord",
    "FakeUser",
    "Guild",
    "InteractionFailed",
    "InteractionResult",
    "Message",
    "Rejection",
    "RequestRecord",
    "Role",
    "RunningBot",
    "bot_running",
    "redirect_discord",
    "start_bot",
]
