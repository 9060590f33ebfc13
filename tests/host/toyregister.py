"""Importing this registers the toy game with the engine registry (for ``storage.check``)."""

from engine import registry
from tests.host.toygame import TOY

registry.all_games()  # load the built-in games first
registry.register(TOY)
