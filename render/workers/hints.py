"""A hint's reason in the worker game's words (``/game hint``; the reasons are
:mod:`engine.workers.hints`'s)."""

from __future__ import annotations

from engine.ai.hints import Reason
from engine.workers import hints as H
from render.presentation import View
from render.workers.lang import N_, _, ngettext

_MILESTONES = (
    N_("This builds the Foro."),
    N_("This builds the Terme."),
    "",
    N_("This raises your army."),
)


def reason(why: Reason, view: View) -> str:
    """One sentence for ``why`` in the reader's language; ``""``: the bot's own."""
    count, goal = why.figure("count"), why.figure("goal", -1)
    key = why.key
    if key == H.WINS:
        return _("This wins the game.")
    if key == H.MILESTONE and goal in (0, 1, 3):
        return _(_MILESTONES[goal])
    if key == H.COMPLETE:
        return (
            _("With this you hold every good the Foro needs."),
            _("With this you hold every good the Terme needs."),
            _("With this you hold every good the Castrum needs."),
            _("With this you hold every good your army needs."),
        )[goal]
    if key == H.TOWARDS and 0 <= goal <= 3:
        return (
            ngettext(
                "This builds towards the Foro: goods worth {count} value point still missing.",
                "This builds towards the Foro: goods worth {count} value points still missing.",
                count,
            ),
            ngettext(
                "This builds towards the Terme: goods worth {count} value point still missing.",
                "This builds towards the Terme: goods worth {count} value points still missing.",
                count,
            ),
            ngettext(
                "This builds towards the Castrum: goods worth {count} value point still missing.",
                "This builds towards the Castrum: goods worth {count} value points still missing.",
                count,
            ),
            ngettext(
                "This builds towards your army: goods worth {count} value point still missing.",
                "This builds towards your army: goods worth {count} value points still missing.",
                count,
            ),
        )[goal].format(count=count)
    if key == H.HIRE:
        return _("Another worker gives you one more placement each round.")
    if key == H.ENGINE:
        return _("This specialist adds to every collect or conversion it names, from now on.")
    if key == H.GOODS:
        return ngettext(
            "This gains goods worth {count} value point.",
            "This gains goods worth {count} value points.",
            count,
        ).format(count=count)
    if key == H.COVERED:
        return _("With this pledge the offering should succeed.")
    if key == H.SHARE:
        return ngettext(
            "Your pledge is then worth {count} of the {need} the offering needs.",
            "Your pledge is then worth {count} of the {need} the offering needs.",
            count,
        ).format(count=count, need=why.figure("need"))
    if key == H.LOCK:
        return _("Your pledge stands as it should: lock it.")
    return ""
