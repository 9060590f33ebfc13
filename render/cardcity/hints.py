"""A hint's reason in Pompeji's words (``/game hint``; the reasons are
:mod:`engine.cardcity.hints`'s)."""

from __future__ import annotations

from engine.ai.hints import Reason
from engine.cardcity import hints as H
from render.cardcity.lang import _, ngettext
from render.presentation import View


def reason(why: Reason, view: View) -> str:
    """One sentence for ``why`` in the reader's language; ``""``: the bot's own."""
    count, value = why.figure("count"), why.figure("value")
    key = why.key
    if key == H.POINTS:
        return ngettext("This scores {count} point.", "This scores {count} points.", count).format(
            count=count
        )
    if key == H.POINTS_SHED:
        return ngettext(
            "This scores {count} point and takes a card worth {value} out of your hand before "
            "it counts against you.",
            "This scores {count} points and takes a card worth {value} out of your hand before "
            "it counts against you.",
            count,
        ).format(count=count, value=value)
    if key == H.SHED:
        return _(
            "This takes a card worth {value} out of your hand before it counts against you."
        ).format(value=value)
    if key == H.KEEP_STATUE:
        return _("This scores little now and keeps your better cards for a richer city.")
    if key == H.STATUE:
        return ngettext(
            "Your statue scores {count} point here.",
            "Your statue scores {count} points here.",
            count,
        ).format(count=count)
    if key == H.DISCARD:
        return _("None of your cards fits: this is the one you need least.")
    if key == H.CLAIM:
        return ngettext(
            "Your building permit gives you another placement, worth about {count} point now.",
            "Your building permit gives you another placement, worth about {count} points now.",
            count,
        ).format(count=count)
    if key == H.KEEP_PERMIT:
        return _("Your building permit is worth more kept for a richer city.")
    if key == H.DRAW:
        return _("Another card to place is worth the risk of holding it at the end.")
    if key == H.NO_DRAW:
        return _("A card drawn now would likely count against you at the end.")
    return ""
