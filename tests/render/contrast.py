"""Pictures of every game drawn as the bot draws them, for the high-contrast checks
(``tests/render/test_contrast.py``): random games played to sample positions, each position's
public pictures and the private pictures of a seat that decides, with every text the
renderers drew (:func:`render.fonts.recording`: its colour and the colour under it)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.core import ActionChoice, deciders
from plugins import GamePlugin
from render import fonts, palette, png

NAMES = ["Aurelia", "Brutus", "Cornelia", "Decimus"]


@dataclass(frozen=True)
class Drawn:
    """One picture: its key, whose (``-1``: public), its PNG, and the texts drawn on it."""

    key: str
    seat: int
    png: bytes
    texts: tuple[fonts.Drawn, ...]

    def image(self) -> Image.Image:
        return Image.open(io.BytesIO(self.png)).convert("RGB")


def states(plugin: GamePlugin, players: int, seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th state of a random game (its start and end included)."""
    game = plugin.engine
    rng = random.Random(seed)
    state = game.new_game(seed, players)
    step = 0
    while True:
        seats = sorted(deciders(game, state))
        if step % every == 0 or not seats:
            yield state
        if not seats:
            return
        seat = rng.choice(seats)
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat)))).state
        step += 1


def choices(plugin: GamePlugin, state: Any, seat: int) -> list[ActionChoice]:
    game = plugin.engine
    return [
        ActionChoice(game.format_action(a), game.describe_action(state, seat, a))
        for a in game.legal_actions(state, seat)
    ]


def pictures(plugin: GamePlugin, state: Any, name: str = palette.STANDARD) -> list[Drawn]:
    """Every picture of ``state`` in palette ``name``: the public ones, and each private one
    of the first seat that decides (when it shows something)."""
    game, shown = plugin.engine, plugin.presentation
    public = game.view(state, None)
    names = NAMES[: len(public.get("seats") or NAMES)]
    out: list[Drawn] = []
    seats = sorted(deciders(game, state))
    with palette.using(name):
        for picture in shown.pictures:
            with fonts.recording() as log:
                if picture.public is not None:
                    image = picture.public(public, names)
                    seat = -1
                elif seats:
                    seat = seats[0]
                    own = game.view(state, seat)
                    drawn = picture.private
                    assert drawn is not None
                    found = drawn(own, names[seat], choices(plugin, state, seat))
                    if found is None:
                        continue
                    image = found
                else:
                    continue
            out.append(Drawn(picture.key, seat, image.png, tuple(log)))
    return out


def shown(rgb: tuple[int, int, int], table: png.Palette, name: str) -> tuple[int, int, int]:
    """``rgb`` as a player sees it in palette ``name``: mapped to the PNG palette's nearest
    entry the way ``png.encode`` maps it, then that entry's colour in ``name``'s table."""
    pixel = Image.new("RGB", (1, 1), rgb).quantize(palette=table.image(), dither=Image.Dither.NONE)
    index = pixel.getpixel((0, 0))
    assert isinstance(index, int)
    colours = table.table(name)
    r, g, b = colours[3 * index : 3 * index + 3]
    return r, g, b
