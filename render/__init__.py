"""Render game views as PNG images and words (Pillow). Reads views only, never raw state.

Each game has a package here (``render/downfall/``, ``render/cardcity/``) whose
``PRESENTATION`` (:class:`render.presentation.Presentation`) is the game's images, words and
controls; the game plugins (``plugins/``) list them. Renderers are pure and thread-safe: the
bot calls them through ``asyncio.to_thread``. Fonts, sprites, the static board and the
palette are cached for the process (see ``docs/render.md``).
"""
