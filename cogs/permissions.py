"""The permissions the bot needs in a channel to run a game there (or to open a thread for
one), and the sentence that names those it lacks."""

from __future__ import annotations

from typing import Any

import discord

from render.i18n import N_, _

NEEDED = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "attach_files": N_("Attach Files"),
}
"""Discord's names of the permissions (``_()`` when shown: Discord's own words in each language)."""
NEEDED_IN_THREADS = {
    "view_channel": N_("View Channel"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
}
NEEDED_FOR_THREAD = {
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
}


def missing_permissions(
    interaction: discord.Interaction[Any], *, new_thread: bool = False
) -> str | None:
    """A sentence naming the permissions the bot lacks in the interaction's channel to run a
    game there (``new_thread``: to open a thread for it), or ``None``."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = dict(NEEDED_IN_THREADS if in_thread or new_thread else NEEDED)
    if new_thread and not in_thread:
        needed |= NEEDED_FOR_THREAD
    perms = interaction.app_permissions
    missing = [_(label) for attr, label in needed.items() if not getattr(perms, attr)]
    if not missing:
        return None
    many = len(missing) > 1
    listed = ", ".join(f"**{m}**" for m in missing)
    if many:
        text = _(
            "I can't run a game here: I'm missing the {permissions} permissions in this channel. "
            "Ask a moderator to grant them."
        )
    else:
        text = _(
            "I can't run a game here: I'm missing the {permissions} permission in this channel. "
            "Ask a moderator to grant it."
        )
    return text.format(permissions=listed)
