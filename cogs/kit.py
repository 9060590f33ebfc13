"""What the flows share, built once by :class:`cogs.flows.Flows` and handed to each flow that
needs it: a player's messages, their inbox, the delivery of the outbox, the count of flows in
progress and the words for what cannot go on."""

from __future__ import annotations

from dataclasses import dataclass

from cogs.delivery import Delivery
from cogs.inbox import Inbox
from cogs.private import Private
from cogs.progress import Progress
from cogs.refusals import Refusals


@dataclass(frozen=True)
class Kit:
    """The shared parts of the flows (see the module)."""

    private: Private
    inbox: Inbox
    delivery: Delivery
    progress: Progress
    refusals: Refusals
