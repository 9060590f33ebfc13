"""Tests of the loopback Discord (``sandbox.fake``) and the pytest plugin that end-to-end tests
use: ``from tests.fakediscord.plugin import fake_discord, fake_discord_options, start_bot``."""
