"""Message texts: pure functions of the host's values, a game's words and the seats' names.

Nothing here sends anything. Every user-supplied string (display names, AI names) is escaped
for Discord's Markdown before it goes into a message, so ``cool_guy_99`` does not italicise
and a backtick cannot break a code span; images get the names unescaped.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from discord.utils import escape_markdown

from engine.text import Text
from host import GameStatus, HostError, LogEntry, SeatInfo, TableOptions, notes
from host.ai import parse_ai_name
from plugins import GamePlugin
from render import i18n
from render.i18n import N_, _, fill, ngettext
from render.presentation import Presentation
from render.text import clip_lines, duration

CONTENT_LIMIT = 2000
MARKS = {"timeout": "⏰ ", "ai": "🤖 ", "auto": "⚙️ "}
"""How moves not made by their player are marked in the channel (the mover's own line only)."""
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""The AI levels as a player reads them (``AI 2, hard``)."""
KIND_TITLES = {
    "turn": N_("Your move"),
    "window": N_("Your chance to act (optional)"),
    "option": N_("You may act out of turn"),
    "simultaneous": N_("Everyone decides at once: your choice"),
}
"""The title of a private message by the kind of decision it offers (``_()`` when shown)."""
REMINDED = {
    "turn": N_("⏳ Reminder: {left} left for your move"),
    "window": N_("⏳ Reminder: {left} left for your chance to act (optional)"),
    "option": N_("⏳ Reminder: {left} left for your chance to act out of turn"),
    "simultaneous": N_("⏳ Reminder: {left} left for your choice"),
}
"""A reminder's title, by the kind of decision (``_()`` when shown)."""


def md(text: str) -> str:
    """``text`` safe to show as itself in a Discord message (Markdown escaped, no line
    breaks, no code-span breakers)."""
    flat = " ".join(text.split())
    return escape_markdown(flat.replace("`", "ˋ"))


AI_NAME = re.compile(r"^AI (\d+)\b")
"""The stored name of an AI seat (``host.ai.ai_name``): ``AI 2 (hard)``."""


def ai_base(name: str) -> str:
    """An AI seat's name without its level, in the current language: ``AI 2`` -> ``IA 2``."""
    base = re.sub(r"\s*\((easy|normal|hard)\)\s*$", "", name, flags=re.IGNORECASE)
    match = AI_NAME.match(base)
    if match is None:
        return base
    return _("AI {number}").format(number=match.group(1)) + base[match.end() :]


def ai_display(name: str) -> str:
    """An AI seat's name as the table reads it, in the current language: ``AI 2 (hard)`` ->
    ``KI 2 (schwer)`` (a name that is not an AI's as it is)."""
    if not AI_NAME.match(name):
        return name
    level = parse_ai_name(name)
    base = ai_base(name)
    return base if level is None else f"{base} ({_(LEVELS.get(level, level))})"


def ai_label(name: str) -> str:
    """``"AI 2 (hard)"`` -> ``"AI 2, hard"`` (so a colour can follow in brackets), in the
    current language (``"IA 2, difícil"``)."""
    level = parse_ai_name(name)
    if level is None:
        return ai_base(name)
    return f"{ai_base(name)}, {_(LEVELS.get(level, level))}"


def who(seat: SeatInfo, names: Sequence[str], *, mention: bool, game: str | None = None) -> str:
    """``<@id> (red)`` / ``Alice (red)`` / ``AI 1, normal (yellow)``; names come escaped; the
    colour in the words of ``game`` (its key) where it has its own."""
    if seat.user_id is not None and mention:
        text = f"<@{seat.user_id}>"
    elif seat.user_id is None:
        text = md(ai_label(seat.ai or "AI"))
    else:
        text = md(names[seat.seat]) if seat.seat < len(names) else seat_text(seat.seat)
    return f"{text} ({colour(seat.colour, game)})" if seat.colour else text


def seat_text(seat: int) -> str:
    """A seat without a name: ``Seat 2``."""
    return _("Seat {number}").format(number=seat + 1)


def colour(name: str, game: str | None = None) -> str:
    """A seat's colour as the reader's language says it: the game gives it as data, in
    English (``presentation.colours``, kept by the host whoever's language it ran in), and
    its catalog translates it here (``game``'s first: a piece's colour may agree with the
    game's own word for a piece, *la ficha roja*; then the bot's and the other games'; itself
    when none knows it)."""
    return i18n.translate(name, game)


def title_of(game: GameStatus | GamePlugin) -> str:
    """A game's title in the current language (``Pompeya — el juego de los trabajadores``)."""
    kind = game.kind if isinstance(game, GameStatus) else game.key
    return i18n.translate(game.title, kind)


def refusal(error: HostError) -> str:
    """The host's refusal in the current language: its catalog message with its values, or a
    game's own refusal (an engine's words) by that game's catalog."""
    if isinstance(error.message, Text):
        return i18n.say(error.message, error.game)
    if not error.message:
        return str(error)
    return fill(error.message, error.values)


def note_text(note: str) -> str:
    """A move's stored note (why it was not its player's: ``host.notes``) in the current
    language; a note stored as plain text before issue 28 as it is."""
    message, values = notes.decode(note)
    return fill(message, values) if values else _(message)


def deadline_text(deadline: float | None) -> str:
    return "" if deadline is None else _(" · deadline <t:{time}:R>").format(time=int(deadline))


def bank_text(options: TableOptions) -> str:
    """The time per move and the time bank: ``24 hours + 3 days reserve (+1 hour a move)``."""
    text = duration(options.turn_time or 0)
    if options.reserve > 0:
        text += " " + _("+ {time} reserve").format(time=duration(options.reserve))
    if options.increment > 0:
        text += " " + _("(+{time} a move)").format(time=duration(options.increment))
    return text


def reserve_text(reserve: float | None, remaining: float) -> str:
    """A reminder's word on the time bank (issue 46): the reserve left, counting down once
    the time per move is used up (nothing on a table without reserve)."""
    if reserve is None:
        return ""
    if remaining <= reserve + 60:
        return " " + _("(time per move used up: your reserve runs, {time} left)").format(
            time=duration(reserve)
        )
    return " " + _("(your reserve: {time})").format(time=duration(reserve))


def lobby_text(status: GameStatus, names: Sequence[str], creator: str) -> str:
    """The lobby message: who sits, the options, how to join and start; once the table has
    started or ended, what became of it (the message keeps no buttons then)."""
    players = status.options.players or status.max_players
    marks = [" 🎓" if s.learning else "" for s in status.seats] + [""] * len(names)
    seated = ", ".join(md(n) + mark for n, mark in zip(names, marks, strict=False)) or _("nobody")
    opts = [_("{time} per move").format(time=bank_text(status.options))]
    if not status.options.away:
        opts.append(_("no away"))
    if (status.options.timeout_policy or "ai") == "skip":
        opts.append(_("on timeout the turn is skipped"))
    else:
        opts.append(_("on timeout an AI moves"))
    for key, value in status.options.variants.items():
        opts.append(md(f"{key}={value}".replace("=True", "").replace("_", " ")))
    if status.options.auto_forced:
        opts.append(_("forced moves play themselves"))
    if status.options.claimable_ai:
        opts.append(_("AI seats may be claimed"))
    if not status.options.rated:
        opts.append(_("not rated: hints for everyone"))
    if status.options.ai_seats:
        opts.append(
            ngettext("{count} AI seat", "{count} AI seats", status.options.ai_seats).format(
                count=status.options.ai_seats
            )
        )
    values = {
        "title": md(title_of(status)),
        "game": status.game_id,
        "seated": seated,
        "options": " · ".join(opts),
        "count": len(status.seats),
        "players": players,
        "creator": md(creator),
    }
    if status.status != "lobby":
        verdicts = {
            "active": N_("🌋 **{title}** — game #{game} has started."),
            "finished": N_("🌋 **{title}** — game #{game} is over."),
            "cancelled": N_("🌋 **{title}** — game #{game} was cancelled."),
        }
        verdict = _(verdicts.get(status.status, verdicts["finished"]))
        rest = _("Players: {seated}\nOptions: {options}")
        return (verdict + "\n" + rest).format(**values)
    return _(
        "🌋 **{title}** — game #{game}, waiting for players\n"
        "Players ({count}/{players}): {seated}\n"
        "Options: {options}\n"
        "Join with **Join** or `/game join`; {creator} starts with **Start** or `/game start`."
    ).format(**values)


def seating_line(status: GameStatus, names: Sequence[str], *, replay: bool = False) -> str:
    """The seats in turn order (seat order, as ``/game status`` and the lobby list them),
    from the one who begins, and who that is (``replay``: the replay's first step, "the game
    begins")."""
    seats = list(status.seats)
    if len(status.waiting_on) == 1:
        at = next((i for i, s in enumerate(seats) if s.seat == status.waiting_on[0].seat), 0)
        seats = seats[at:] + seats[:at]
    listed = ", ".join(who(s, names, mention=False, game=status.kind) for s in seats)
    if replay:
        line = _("🌋 The game begins! Seating, in turn order: {seats}.").format(seats=listed)
    else:
        line = _("🌋 The game has started! Seating, in turn order: {seats}.").format(seats=listed)
    if len(status.waiting_on) == 1 and len(status.seats) > 1:
        first = who(status.waiting_on[0], names, mention=False, game=status.kind)
        line += " " + _("{name} begins.").format(name=first)
    return line


def waiting_line(
    status: GameStatus,
    decision: str,
    names: Sequence[str],
    *,
    dms_closed: set[int],
) -> str:
    """``➡️ Waiting for <@1> (red): play a card · deadline in 3 hours``."""
    if not status.waiting_on:
        return ""
    whos = []
    for s in status.waiting_on:
        text = who(s, names, mention=True, game=status.kind)
        if s.user_id is not None and s.user_id in dms_closed:
            text += " " + _("(DMs closed: use `/hand` here)")
        if s.ai_controlled and s.user_id is not None:
            text += " " + _("(an AI plays for them)")
        elif s.reserve is not None:
            text += " " + _("(reserve {time})").format(time=duration(s.reserve))
        whos.append(text)
    line = _("➡️ Waiting for {names}").format(names=", ".join(whos))
    if decision:
        line += f": {decision}"
    line += deadline_text(status.deadline)
    for s in status.waiting_on:
        if s.away_until is not None:
            line += "\n" + _("⏸ {name} is away until <t:{time}:F>").format(
                name=who(s, names, mention=False, game=status.kind), time=int(s.away_until)
            )
    return line


def narration(
    presentation: Presentation,
    entries: Sequence[LogEntry],
    names: Sequence[str],
    *,
    notes: Mapping[int, str] | None = None,
) -> list[str]:
    """The channel's words for consecutive moves: each run of moves made the same way (by the
    player, an AI, a timeout) is narrated together, so a card and the relatives it brought read
    as one; a run not made by its player is marked on its first line only. A run the game's
    words say nothing about is told by its moves' labels, but a move whose note (``notes``, by
    version, shown with these lines) names it already is not told twice (a window that timed
    out: "did not answer in time, so the rules apply: <its label>"). A secret move is
    narrated alone, from its events as the public may see them, and not at all when they say
    nothing (a revision in a step everyone decides at once: its result is told when it
    ends). An undo says what it took back ("↩ bob took back: …"; issue 46)."""
    lines: list[str] = []
    group: list[LogEntry] = []
    words = presentation.words
    safe = [md(n) for n in names]
    noted = notes or {}
    for entry in [*entries, None]:
        undone = entry is not None and entry.undoes is not None
        if group and (entry is None or entry.by != group[0].by or entry.secret or undone):
            events = [e for g in group for e in g.events]
            said = words.narrate(events, safe)
            if not said:
                said = [_plain(g, names) for g in group if g.label not in noted.get(g.version, "")]
            # A run whose move has a note is marked there ("⏰ bob did not answer in time"),
            # not twice.
            mark = "" if group[0].version in noted else MARKS.get(group[0].by, "")
            lines.extend(f"• {mark if i == 0 else ''}{line}" for i, line in enumerate(said))
            group = []
        if entry is not None and entry.undoes is not None:  # issue 46
            who_ = safe[entry.seat] if entry.seat < len(safe) else _("Someone")
            said_ = _("↩ {name} took back: {move}").format(name=who_, move=i18n.say(entry.label))
            lines.append(f"• {said_}")
        elif entry is not None and entry.secret:
            # Its events are already redacted for the public: what they tell ("alice kept a
            # card", the round that began) is said, and nothing when they say nothing (a
            # revision in a step everyone decides at once: its result is told when it ends).
            said = words.narrate(list(entry.events), safe)
            mark = MARKS.get(entry.by, "")
            lines.extend(f"• {mark if i == 0 else ''}{line}" for i, line in enumerate(said))
        elif entry is not None:
            group.append(entry)
    return lines


def _plain(entry: LogEntry, names: Sequence[str]) -> str:
    who_ = md(names[entry.seat]) if entry.seat < len(names) else _("Someone")
    return f"{who_}: {i18n.say(entry.label)}"


def board_caption(
    status: GameStatus,
    presentation: Presentation,
    view: Mapping[str, Any],
    names: Sequence[str],
    lines: Sequence[str],
    *,
    notes: Sequence[str] = (),
    waiting: str = "",
) -> str:
    """The text posted with a board: the game and move, what happened, why (notes), and whom
    the game waits for or the final result."""
    head = _("**Game #{game}** · {title} · move {version}").format(
        game=status.game_id, title=md(title_of(status)), version=status.version
    )
    tail = [n for n in notes if n]
    if status.outcome is not None:
        display = [who(s, names, mention=False, game=status.kind) for s in status.seats]
        tail.append(final_heading(status))
        tail.extend(presentation.words.final(status.outcome.to_json(), view, display))
        tail.extend(learning_lines(status, names))
    elif waiting:
        tail.append(waiting)
    budget = CONTENT_LIMIT - len(head) - sum(len(t) + 1 for t in tail) - 2
    body = clip_lines(lines, max(0, budget))
    content = "\n".join(part for part in (head, body, *tail) if part)
    return content[:CONTENT_LIMIT]


def learning_lines(status: GameStatus, names: Sequence[str]) -> list[str]:
    """Under the final result: whom the game did not rate (an unrated table, players who
    joined to learn: 🎓) and the hints each player used (💡)."""
    named = {
        s.seat: md(names[s.seat]) if s.seat < len(names) else seat_text(s.seat)
        for s in status.seats
    }
    out = []
    learners = [named[s.seat] for s in status.seats if s.learning]
    if not status.options.rated:
        out.append(_("🎓 This game was not rated."))
    elif learners:
        out.append(_("🎓 Not rated for: {names}").format(names=", ".join(learners)))
    used = [
        ngettext("{name} used {count} hint", "{name} used {count} hints", s.hints).format(
            name=named[s.seat], count=s.hints
        )
        for s in status.seats
        if s.hints
    ]
    if used:
        out.append("💡 " + " · ".join(used))
    return out


def final_heading(status: GameStatus) -> str:
    """The line above the final result, by how the game ended."""
    outcome = status.outcome
    if outcome is None:
        return ""
    reason = md(i18n.say(outcome.reason, status.kind)) if outcome.reason else ""
    if outcome.kind == "all_lose":
        if reason:
            return _("🌋 **Everybody lost**: {reason}").format(reason=reason)
        return _("🌋 **Everybody lost**")
    if outcome.kind == "shared_win":
        return _("🏁 **A shared victory**")
    if outcome.kind == "solo":
        if outcome.winners:
            if outcome.title:
                title = i18n.translate(outcome.title, status.kind)
                return _("🏁 **Solo game won**: **{title}**").format(title=md(title))
            return _("🏁 **Solo game won**")
        if reason:
            return _("🌋 **Solo game lost**: {reason}").format(reason=reason)
        return _("🌋 **Solo game lost**")
    return _("🏁 **Final ranking**")


def log_lines(
    presentation: Presentation,
    entries: Sequence[LogEntry],
    names: Sequence[str],
    game_id: int,
    *,
    orders: Collection[int] = (),
) -> str:
    """``/game log``: one line per move, newest last, within Discord's limit; another player's
    secret move is told by what its public events say, in the game's words ("kept a card"),
    or as a secret move when they say nothing. ``orders``: the versions a standing order
    answered (the outbox's quiet moves), marked as such, not as forced moves."""
    lines = [
        ngettext(
            "**Game #{game}** · the last move",
            "**Game #{game}** · the last {count} moves",
            len(entries),
        ).format(game=game_id, count=len(entries))
    ]
    marks = {"timeout": N_("⏰ timeout"), "ai": N_("🤖 AI"), "auto": N_("⚙️ forced")}
    for e in entries:
        who_ = md(names[e.seat]) if e.seat < len(names) else seat_text(e.seat)
        mark = " " + _(marks[e.by]) if e.by in marks else ""
        if e.by == "auto" and e.version in orders:
            mark = " " + _("📋 standing order")
        if e.secret:
            said = presentation.words.narrate(list(e.events), [md(n) for n in names])
            told = "; ".join(said) or _("{name}: a secret move").format(name=who_)
            lines.append(f"`{e.version:>3}` {told}{mark}")
            continue
        if e.undoes is not None:  # issue 46: the moves from `undoes` on were taken back
            said_ = _("↩ {name} took back: {move}").format(name=who_, move=md(i18n.say(e.label)))
            lines.append(f"`{e.version:>3}` {said_} (`{e.undoes}`…)")
            continue
        move = f"`{e.notation}` — " if e.notation else ""
        lines.append(f"`{e.version:>3}` {who_}: {move}{md(i18n.say(e.label))}{mark}")
    text = "\n".join(lines)
    while len(text) > CONTENT_LIMIT and len(lines) > 1:
        lines.pop(1)
        text = "\n".join(lines)
    return text


def status_lines(status: GameStatus, names: Sequence[str], waiting: str, *, lobby: str = "") -> str:
    """``/game status``: the seats, whose turn, the time per decision, and the result."""
    if status.status == "lobby":
        return lobby
    states = {
        "active": N_("in play"),
        "finished": N_("finished"),
        "cancelled": N_("cancelled"),
    }
    state = _(states[status.status]) if status.status in states else status.status
    game = _("Game #{game}").format(game=status.game_id)
    lines = [f"**{game}** · {md(title_of(status))} · {state}"]
    for s in status.seats:
        flags = []
        if s.ai_controlled and s.user_id is not None:
            flags.append(_("an AI plays for them"))
        if s.resigned:
            flags.append(_("resigned"))
        if s.timeouts:
            flags.append(
                ngettext(
                    "{count} timeout in a row", "{count} timeouts in a row", s.timeouts
                ).format(count=s.timeouts)
            )
        if s.reserve is not None and status.status == "active":
            flags.append(_("reserve {time}").format(time=duration(s.reserve)))
        if s.away_until is not None and s not in status.waiting_on:  # else: the waiting line
            flags.append(_("⏸ away until <t:{time}:F>").format(time=int(s.away_until)))
        if s in status.open_seats:
            flags.append(
                _("🪑 looks for a player: `/game seat claim seat:{seat}`").format(seat=s.seat + 1)
            )
        extra = f" — {', '.join(flags)}" if flags else ""
        lines.append(f"{s.seat + 1}. {who(s, names, mention=False, game=status.kind)}{extra}")
    move = _("Move {version}.").format(version=status.version)
    if status.status == "active":
        lines.append(waiting or move)
    else:
        lines.append(move)
        if status.outcome is not None:
            lines.append(final_heading(status))
            lines.extend(ranking_lines(status, names))
    lines.append(_("Time per decision: {time}.").format(time=bank_text(status.options)))
    return "\n".join(lines)[:CONTENT_LIMIT]


def ranking_lines(status: GameStatus, names: Sequence[str]) -> list[str]:
    """Places best first, from the outcome alone (``/game status`` after the end): medals for a
    ranking among players; where all share one result (solo, a shared win, everybody lost),
    🏁 for a win and ▫️ for a loss, with no place."""
    outcome = status.outcome
    if outcome is None:
        return []
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    ranked = outcome.kind == "ranking" and len(outcome.places) > 1
    order = sorted(range(len(outcome.places)), key=lambda s: (outcome.places[s], s))
    out = []
    for seat in order:
        info = next((s for s in status.seats if s.seat == seat), None)
        name = (
            who(info, names, mention=False, game=status.kind)
            if info is not None
            else seat_text(seat)
        )
        place = outcome.places[seat]
        if not ranked:
            out.append(f"{'🏁' if seat in outcome.winners else '▫️'} {name}")
            continue
        out.append(f"{medals.get(place, '▫️')} {place}. {name}")
    return out
