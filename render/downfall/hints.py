"""A hint's reason in the Downfall's words (``/game hint``; the reasons are
:mod:`engine.downfall.hints`'s)."""

from __future__ import annotations

from engine.ai.hints import Reason
from engine.downfall import hints as H
from render.downfall.lang import _, ngettext
from render.downfall.terms import COLOURS
from render.presentation import View


def reason(why: Reason, view: View) -> str:
    """One sentence for ``why`` in the reader's language; ``""``: the bot's own."""
    count = why.figure("count")
    key = why.key
    if key == H.SAVED:
        return ngettext(
            "This saves {count} piece: it leaves the city.",
            "This saves {count} pieces: they leave the city.",
            count,
        ).format(count=count)
    if key == H.NEXT_OUT:
        return _("This puts a piece where its next move can take it out through a gate.")
    if key == H.TOWARD_GATE:
        if count == 0:
            return _("This puts a piece right at an open gate.")
        return ngettext(
            "This puts a piece {count} square from an open gate.",
            "This puts a piece {count} squares from an open gate.",
            count,
        ).format(count=count)
    if key == H.RELATIVES:
        return ngettext(
            "This card brings {count} relative into the city.",
            "This card brings {count} relatives into the city.",
            count,
        ).format(count=count)
    if key == H.LAVA_BURIES:
        return ngettext(
            "This lava tile buries {count} piece of your opponents.",
            "This lava tile buries {count} pieces of your opponents.",
            count,
        ).format(count=count)
    if key == H.LAVA_BLOCKS:
        return _("This lava tile closes your opponents' ways out more than yours.")
    if key == H.LAVA_SPARES:
        return _("This lava tile stays as far from your pieces as it can.")
    if key in (H.OMEN_LEADER, H.OMEN):
        seat = why.figure("seat")
        colour = _(COLOURS[seat]) if 0 <= seat < len(COLOURS) else ""
        if key == H.OMEN_LEADER:
            return _("The Omen takes a {colour} piece: that player is ahead of the others.").format(
                colour=colour
            )
        return _("The Omen takes the {colour} piece that costs its player most.").format(
            colour=colour
        )
    if key == H.PASS:
        return _("Passing is best: every other choice leaves you worse off.")
    if key == H.ERUPT:
        return _("Calling the eruption now suits you better than playing on.")
    return ""
