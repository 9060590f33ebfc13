"""A game's options as ``/game new`` takes them: ``variant`` text parsed and checked against the
game's :class:`~engine.core.OptionSpec` list, and the autocomplete that offers them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cogs import texts
from cogs.components import clip
from engine.core import RuleError
from host import BadOptionError
from host.errors import from_rule
from plugins import GamePlugin
from render import i18n
from render.i18n import L_, N_, _


def parse_variants(plugin: GamePlugin, text: str | None) -> dict[str, Any]:
    """``"dual_vent"`` / ``"dual_vent=true, x=2"`` -> engine options, each value parsed and
    checked by its game's :class:`~engine.core.OptionSpec`."""
    out: dict[str, Any] = {}
    specs = {o.name: o for o in plugin.options}
    for part in re.split(r"[,\s]+", (text or "").strip()):
        if not part:
            continue
        key, _sep, raw = part.partition("=")
        spec = specs.get(key.strip().lower())
        if spec is None:
            known = ", ".join(f"`{name}`" for name in specs) or L_("none")
            raise BadOptionError(
                N_("`{key}` is not an option of {title}. Options: {known}."),
                key=texts.md(key),
                title=texts.title_of(plugin),
                known=known,
            )
        try:
            out[spec.name] = spec.parse(raw)
        except RuleError as error:
            raise from_rule(BadOptionError, error, plugin.key) from None
    return out


def variant_choices(plugins: Sequence[GamePlugin], current: str) -> list[tuple[str, str]]:
    """``(name, value)`` for the variant autocomplete: every value of every option of
    ``plugins`` written as it is typed (``difficulty=C``, ``dual_vent=true``; a switch only
    the other way from its default), a choice's default marked, matching what is typed after
    the last comma; the value keeps the options typed before it (``difficulty=C,
    all_cards=true``)."""
    before, _sep, typed = current.rpartition(",")
    prefix = f"{before.strip()}, " if before.strip() else ""
    needle = typed.strip().lower()
    out = []
    for plugin in plugins:
        for spec in plugin.options:
            # A switch is offered turned the other way from its default; a choice with each
            # of its values, the default marked.
            switch = isinstance(spec.default, bool)
            values: Sequence[Any] = (not spec.default,) if switch else spec.samples
            for value in values:
                shown = str(value).lower() if switch else str(value)
                text = f"{spec.name}={shown}"
                shown_text = text
                if value == spec.default and not switch:
                    shown_text = _("{option} (default)").format(option=text)
                said = i18n.translate(spec.description, plugin.key)
                name = f"{shown_text} — {said}"
                if needle in name.lower():
                    # Discord's 100 characters: a description cut shows it ("…").
                    out.append((clip(f"{prefix}{name}", 100), f"{prefix}{text}"[:100]))
    return out[:25]
