"""Options and the deal: a fresh game waiting for the first red-building choice.

W35: the deal is not an event: ``new_game(seed, …)`` shuffles (specialists, city cards, the volcano
set, then the start player when random), so a replay recreates it from the seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from engine.core import OptionSpec, OptionValue, RuleError
from engine.rng import Rng
from engine.text import Term
from engine.workers.board import BOARD
from engine.workers.catalog import CATALOG
from engine.workers.state import SETUP_RED, Options, State, zero_goods

WINDOWS = (0, 300, 900, 3600, 14400, 86400)
OPTIONS = (
    OptionSpec(
        "difficulty",
        Term(
            "Volcano cards: A easy (a failure costs a few goods), B medium, C hard (every store)."
        ),
        "B",
        ("A", "B", "C"),
    ),
    OptionSpec(
        "all_cards",
        Term("Gentler: use all 18 volcano cards of the set (instead of 9) with the Apocalypse."),
        False,
    ),
    OptionSpec(
        "apocalypse_bottom",
        Term("Gentler: put the Apocalypse at the bottom of the volcano deck."),
        False,
    ),
    OptionSpec(
        "foro_wait",
        Term(
            "Pacing tip: 9 coins on the Foro, one removed per round; it can be built once all "
            "are gone."
        ),
        False,
    ),
    OptionSpec(
        "trade_steps",
        Term("House rule: trading up costs 4 per value step (the rulebook says a flat 4)."),
        False,
    ),
    OptionSpec(
        "no_textoria",
        Term("Advanced: leave out building 14 Officina Textoria."),
        False,
    ),
    OptionSpec(
        "offering_window",
        Term("Seconds the offering (and reward) step stays open (0 = the table's time per move)."),
        3600,
        WINDOWS,
    ),
    OptionSpec(
        "first_seat",
        Term("Start player: -1 = drawn from the seed, else that seat."),
        -1,
        (-1, 0, 1, 2, 3),
    ),
    OptionSpec(
        "secret_pledges",
        Term("Variant: pledges stay secret until everyone has locked (the rulebook's are open)."),
        False,
        (False, True),
    ),
)


def parse_options(players: int, values: Mapping[str, OptionValue]) -> Options:
    """The table's options (checked by the engine's base) as the state keeps them."""
    if int(values["first_seat"]) >= players:
        raise RuleError(
            "Option `first_seat` must be below the number of players ({players}).", players=players
        )
    return Options(**cast(dict[str, Any], values))  # the base checked every type


def volcano_set(difficulty: str) -> tuple[str, ...]:
    return tuple(c.id for c in CATALOG.volcano.values() if c.set == difficulty)


APOCALYPSE = next(c.id for c in CATALOG.volcano.values() if c.apocalypse)


def setup(seed: int, players: int, options: Mapping[str, OptionValue]) -> State:
    """The deal (the engine's base has checked the table size and the options)."""
    opts = parse_options(players, options)
    rng = Rng(seed)
    specialists, rng = rng.shuffle(CATALOG.specialists)
    city, rng = rng.shuffle(CATALOG.city)
    cards, rng = rng.shuffle(volcano_set(opts.difficulty))
    solo = players == 1
    setup = BOARD.setup
    lower_left = 0
    revealed: tuple[str, ...] = ()
    unused: tuple[str, ...] = ()
    if solo:  # two decks of 9: lower first; the Apocalypse lies face up under the upper deck
        size = BOARD.solo["deck"]
        volcano = cards[: 2 * size]
        revealed, volcano = volcano[:1], volcano[1:]
        lower_left = size - 1
    else:
        kept = cards if opts.all_cards else cards[: setup["volcano_cards"]]
        unused = tuple(sorted(cards[len(kept) :]))
        if opts.apocalypse_bottom:
            volcano = (*kept, APOCALYPSE)
        else:
            volcano, rng = rng.shuffle((*kept, APOCALYPSE))
    first = opts.first_seat
    if first < 0:
        first, rng = rng.below(players)
    dealt = 0 if solo else setup["specialists"]
    hands = tuple(specialists[dealt * s : dealt * (s + 1)] for s in range(players))
    spec_deck = specialists[dealt * players :]
    display: tuple[str, ...] = ()
    if solo:
        display, spec_deck = spec_deck[: BOARD.solo["display"]], spec_deck[BOARD.solo["display"] :]
    n = players
    empty: tuple[tuple[str, ...], ...] = ((),) * n
    return State(
        players=n,
        seed=seed,
        options=opts,
        rng=rng,
        version=0,
        stage=SETUP_RED,
        round=1,
        prosperity=False,
        start=first,
        turn=(first - 1) % n,  # reverse seating order: the start player picks last [R]
        busy=False,
        goods=(zero_goods(),) * n,
        workers=(BOARD.workers_start,) * n,
        placed=(0,) * n,
        fresh=(0,) * n,
        injured=(0,) * n,
        held28=(0,) * n,
        held31=(0,) * n,
        army=(0,) * n,
        board=(),
        owners=(-1,) * len(CATALOG.buildings),
        marks=(),
        tokens=(),
        porta_owner=-1,
        castrum_halt=-1,
        foro_coins=setup["foro_wait_coins"] if opts.foro_wait else 0,
        next_start=-1,
        extras=(),
        spec_deck=spec_deck,
        spec_discard=(),
        spec_out=(),
        display=display,
        city_deck=city,
        city_discard=(),
        hand_s=hands,
        hand_c=empty,
        active_s=empty,
        active_c=empty,
        volcano=volcano,
        lower_left=lower_left,
        revealed=revealed,
        volcano_unused=unused,
        known=(0,) * n,
        prompts=(),
        window=(),
        pledges=(zero_goods(),) * n,
        locked=(False,) * n,
        exempt=(False,) * n,
        boosted=(False,) * n,
        cut=0,
        draws=(0,) * n,
        drawn=empty,
        searching=(),
        setup_left=(setup["starting_goods"],) * n,
        last_seat=-1,
        last_action="",
        result="",
        winner=-1,
        turn_log=(),
        round_log=(),
        round_newer=False,
    )
