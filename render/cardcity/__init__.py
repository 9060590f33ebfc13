"""Pompeji (the card game) on screen: the board and hand images (``board``, drawn with the
card art of ``art``) and its words (``narrate``)."""

from render.cardcity.board import render_board, render_hand

__all__ = ["render_board", "render_hand"]
