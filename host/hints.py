"""Hints for learning players (``/game hint``): the normal AI's choice for a player's decision
and why, in the game's terms (:mod:`engine.ai.hints`), computed in an AI worker process like
every AI decision, never on the event loop.

Who may ask: every player of an unrated table, and at a rated table a player who joined to learn
(the game is unrated for them: ``storage.ratings``); never for a decision the player does not
have. Hints are counted per player, once per decision (asking again for the same decision
counts nothing), in the game's stored options, so the count outlives a restart and the final
board shows it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from engine.ai.hints import Explain, Hint, Reason, advise
from engine.core import JSON, Game, Seat
from host.ai import AiRunner, HeuristicsFactory
from host.errors import HostError, StaleVersionError
from host.games import Loaded, Store
from host.model import Coach, TableOptions
from host.scheduler import ai_seed
from render.i18n import N_


class HintsOffError(HostError):
    """Hints are off for this player: a rated game they did not join to learn."""


@dataclass(frozen=True)
class HintGiven:
    """A hint for ``seat`` of game ``game_id`` (of ``kind``): the action's ``notation`` and
    ``label`` (the engine's words, said by the game's catalog), its ``reason``, the seat's own
    ``view`` (what the presentation words the reason from) and the hints the player has now
    used in this game (``used``)."""

    game_id: int
    kind: str
    seat: Seat
    notation: str
    label: str
    reason: Reason
    view: dict[str, JSON]
    used: int


def hints_allowed(options: TableOptions, coach: Coach | None) -> bool:
    """Whether a player may ask for hints: an unrated table, or they joined to learn."""
    return not options.rated or (coach is not None and coach.learning)


def hint_in_worker(
    game: Game[Any, Any],
    heuristics: HeuristicsFactory,
    explain: Explain | None,
    state: Any,
    seat: Seat,
    seed: int,
) -> Hint:
    """One hint (what an AI worker process runs)."""
    return advise(game, state, seat, seed, heuristics(), explain)


class Hints:
    """``host.hints``: a player's hint (see the module)."""

    def __init__(self, store: Store, ai: AiRunner) -> None:
        self.store = store
        self.ai = ai

    async def hint(
        self,
        game_id: int,
        user: int,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> HintGiven:
        """The normal AI's choice for ``user``'s decision now, and why; counted once per
        decision. Refused (:class:`HintsOffError`) at a rated table the player did not join to
        learn, and as a move would be for a player without a decision."""
        lg = await self.store.get(game_id, channel_id, guild_id)
        self.store.require_player(lg, user)
        if not hints_allowed(lg.options, lg.coaching.get(user)):
            raise HintsOffError(
                N_(
                    "Hints are off in a rated game. Join a game with `/game join learning:True` "
                    "to learn with hints (the game is then not rated for you), or open an unrated "
                    "table with `/game new rated:False`."
                )
            )
        seat = self.store.require_mover(lg, user)
        token = seat.token
        plugin = lg.plugin
        hint = await self.ai.run(
            hint_in_worker,
            lg.game,
            plugin.heuristics,
            plugin.explain,
            lg.state,
            seat.seat,
            ai_seed(lg, seat.seat),
        )
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id)
            now = self.store.require_mover(lg, user)
            if now.token != token or hint.action not in lg.legal_of(now.seat):
                raise StaleVersionError(
                    N_("The game moved on while I was thinking: ask for a hint again."),
                    lg.row.version,
                )
            coach = lg.coaching.get(user, Coach())
            if coach.token != token:  # one hint counted per decision
                coach = dataclasses.replace(coach, hints=coach.hints + 1, token=token)
                await self.store.set_coach(lg, user, coach)
            return self._given(lg, now.seat, hint, coach.hints)

    @staticmethod
    def _given(lg: Loaded, seat: Seat, hint: Hint, used: int) -> HintGiven:
        game = lg.game
        return HintGiven(
            game_id=lg.row.id,
            kind=lg.row.kind,
            seat=seat,
            notation=game.format_action(hint.action),
            label=game.describe_action(lg.state, seat, hint.action),
            reason=hint.reason,
            view=game.view(lg.state, seat),
            used=used,
        )
