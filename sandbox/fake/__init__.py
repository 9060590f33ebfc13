"""A loopback fake of Discord (gateway + REST) with simulated users who drive the bot: the
stand-in the sandbox runs the real bot against, and the one end-to-end tests use.

See docs/sandbox.md, docs/testing.md ("End-to-end tests") and
/work/shared/testing/fake-discord.md.
"""

from .basics import Attachment, Choice, Role
from .model import Channel, Guild, Message
from .ratelimits import Limit, RateLimitHit, RateLimits
from .runner import RunningBot, bot_running, redirect_discord, start_bot
from .server import FakeClock, FakeDiscord, Rejection, RequestRecord
from .users import DriverError, FakeUser, InteractionFailed, InteractionResult
from .wire import Sent

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
    "Limit",
    "Message",
    "RateLimitHit",
    "RateLimits",
    "Rejection",
    "RequestRecord",
    "Role",
    "RunningBot",
    "Sent",
    "bot_running",
    "redirect_discord",
    "start_bot",
]
