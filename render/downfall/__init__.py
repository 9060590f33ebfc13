"""The Downfall of Pompeii on screen: the board and hand images (``board``) and its words
(``narrate``)."""

from render.downfall.board import render_board, render_hand

__all__ = ["render_board", "render_hand"]
