"""What a user asks to see of the bot beside a game: ``/help``, their notify setting, their
open games (``/game mine``) and the server's tables (``/game list``). Pure functions of the
host's values, as :mod:`cogs.texts` (which words a game's own messages)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cogs.texts import CONTENT_LIMIT, deadline_text, md, title_of, who
from host import GameStatus, UserGame
from plugins import GamePlugin
from render.i18n import N_, _, ngettext

HELP_COMMANDS = (
    ("/game new", N_("open a table here (or in a thread): game, players, AI seats, time bank")),
    (
        "/game join · /game leave · /game start",
        N_("take or give up a seat; the creator starts (also buttons on the lobby)"),
    ),
    ("/move", N_("make your move: the list shows exactly what is legal now")),
    ("/hand", N_("your hand and your decision, only for you (also **My hand** on every board)")),
    (
        "/game status · /game board · /game log",
        N_("who plays and whose turn; the board (`text:True`: as text); the moves"),
    ),
    ("/game list", N_("this server's open tables and running games, with links")),
    ("/game mine", N_("your games everywhere, yours to move first")),
    ("/game hint", N_("in a game you learn in: the AI's move for you now, and why")),
    (
        "/game notify",
        N_(
            "how you are told it is your turn; your time zone and quiet hours; `palette:` high "
            "contrast for your own pictures"
        ),
    ),
    ("/game away", N_("be away for some days: your deadlines in every game wait")),
    ("/game rules", N_("the rules in short, by topic, with our rulings")),
    ("/game replay", N_("watch a game again step by step, or as an animation")),
    (
        "/game stats · /game leaderboard · /game history",
        N_("results and ratings; the best players of a game; the latest finished games"),
    ),
    ("/game interrupts", N_("when to ask you about optional out-of-turn chances")),
    (
        "/game undo",
        N_(
            "take back your last move while nothing was revealed (also **Undo** on a board); "
            "after another player moved, the table votes"
        ),
    ),
    (
        "/game resign · /game back · /game cancel",
        N_("leave a game to an AI, return, call it off"),
    ),
    (
        "/game seat replace · /game seat seek · /game seat claim",
        N_("hand your seat to someone; look for a player for a left seat; take such a seat"),
    ),
    (
        "/game settings",
        N_(
            "the server's turn time, timeout policy, language, away days and palette "
            "(Manage Server)"
        ),
    ),
    ("/help", N_("this message")),
)


def help_pages(games: Sequence[GamePlugin]) -> list[str]:
    """``/help`` (and the answer to a plain DM): the commands and the games, in as few messages
    as Discord's 2,000 characters allow, each cut between lines (never inside one)."""
    lines = [_("🌋 **Vesuvius** hosts Pompeii board games in this server's channels."), ""]
    lines += [f"`{name}` — {_(what)}" for name, what in HELP_COMMANDS]
    lines += ["", _("**The games**")]
    for plugin in games:
        sizes = plugin.capabilities.player_counts
        low, high = min(sizes), max(sizes)
        values = {"title": md(title_of(plugin)), "key": plugin.key, "low": low, "high": high}
        if low != high:
            line = _("• **{title}** (`{key}`), {low}–{high} players").format(**values)
        else:
            line = ngettext(
                "• **{title}** (`{key}`), {high} player",
                "• **{title}** (`{key}`), {high} players",
                high,
            ).format(**values)
        lines.append(line + (" " + _("(1 = solo)") if 1 in sizes else ""))
    lines += [
        "",
        _(
            "When it is your move you get one DM with your choices as buttons (or use `/hand` and "
            "`/move` here). Everyone in the channel can watch the board."
        ),
    ]
    return pages(lines)


def pages(lines: Sequence[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """``lines`` joined into messages of at most ``limit`` characters, cut between lines (a
    line longer than that alone is cut); a page neither starts nor ends with an empty line."""
    out: list[str] = []
    page: list[str] = []
    for line in lines:
        if page and len("\n".join([*page, line])) > limit:
            out.append("\n".join(page).rstrip("\n"))
            page = []
        if page or line:
            page.append(line[:limit])
    if page:
        out.append("\n".join(page).rstrip("\n"))
    return out


NOTIFY_WORDS = {
    "dm": N_(
        "one DM per decision, with your choices (a mention in the channel only while your "
        "DMs are closed)"
    ),
    "mention": N_("a mention in the game's channel (no DMs: use **My hand** or `/hand` there)"),
    "both": N_("a DM per decision and a mention in the game's channel"),
    "none": N_(
        "nothing: look with `/game mine`, **My hand** or `/hand` (no DMs, no mentions, no "
        "reminders)"
    ),
}


def notify_text(setting: str, *, changed: bool) -> str:
    """The answer to ``/game notify``."""
    what = _(NOTIFY_WORDS[setting]) if setting in NOTIFY_WORDS else setting
    if changed:
        return _("✅ From now on, in all your games, you get {what}.").format(what=what)
    return _(
        "🔔 In all your games you get {what}. Change it with `/game notify how:` "
        "(DM, mention, both or none)."
    ).format(what=what)


def my_games(games: list[UserGame], titles: Mapping[str, str], away: str | None = None) -> str:
    """``/game mine``: the user's open games, theirs to move first, with links (``away``: the
    line that says the user is away, under the heading)."""
    games = sorted(games, key=lambda g: (not g.is_waiting_on_you, g.deadline or 0.0, g.game_id))
    lines = [_("**Your games**"), *([away] if away else [])]
    heads = len(lines)
    for g in games[:20]:
        state = _("lobby") if g.status == "lobby" else _("waiting for others")
        if g.is_waiting_on_you:
            state = _("**your move**") + deadline_text(g.deadline)
        link = f"https://discord.com/channels/{g.guild_id}/{g.channel_id}"
        title = md(titles.get(g.kind, g.kind))
        lines.append(
            _("• game #{game} ({title}) in {where} — {state} — {link}").format(
                game=g.game_id, title=title, where=f"<#{g.channel_id}>", state=state, link=link
            )
        )
    while len("\n".join(lines)) > CONTENT_LIMIT - 40:
        lines.pop()
    more = len(games) - (len(lines) - heads)
    if more > 0:
        lines.append(ngettext("… and {count} more", "… and {count} more", more).format(count=more))
    return "\n".join(lines)


def game_list(games: Sequence[tuple[GameStatus, Sequence[str]]]) -> str:
    """``/game list``: the server's open tables and games in play, with links."""
    if not games:
        return _("No game is open on this server. Start one with `/game new`.")
    lines = [_("**Games on this server**")]
    for status, names in games:
        link = f"https://discord.com/channels/{status.guild_id}/{status.channel_id}"
        seated = ", ".join(md(n) for n in names) or _("nobody yet")
        if status.status == "lobby":
            players = status.options.players or status.max_players
            state = _("open table, {count}/{players} seated ({seated}): join there").format(
                count=len(status.seats), players=players, seated=seated
            )
        else:
            waiting = ", ".join(
                who(s, names, mention=False, game=status.kind) for s in status.waiting_on
            )
            state = _("in play, move {version} ({seated})").format(
                version=status.version, seated=seated
            )
            if waiting:
                state += " · " + _("waiting for {names}").format(names=waiting)
            free = [
                _("seat {seat} ({who})").format(
                    seat=s.seat + 1, who=who(s, names, mention=False, game=status.kind)
                )
                for s in status.open_seats
            ]
            if free:
                state += "\n  " + _("🪑 looking for a player: {seats}").format(
                    seats=", ".join(free)
                )
        lines.append(
            _("• game #{game} {title} in {where} — {state} — {link}").format(
                game=status.game_id,
                title=md(title_of(status)),
                where=f"<#{status.channel_id}>",
                state=state,
                link=link,
            )
        )
    text = "\n".join(lines)
    while len(text) > CONTENT_LIMIT and len(lines) > 2:
        lines.pop()
        text = "\n".join(lines) + "\n…"
    return text
