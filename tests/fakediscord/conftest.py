from tests.fakediscord.plugin import fake_discord, fake_discord_options, start_bot

__all__ = ["fake_discord", "fake_discord_options", "start_bot"]
