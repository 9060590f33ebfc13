# ruff: noqa: E501
"""Rules topics for ``/game rules``: key -> (title, text). Each text fits one Discord message;
rulings are named W… (docs/rules/workers.md)."""

from __future__ import annotations

from render.workers.lang import N_

RULES: dict[str, tuple[str, str]] = {
    "overview": (
        N_("Overview"),
        N_(
            "Pompeii by Michiel Siebelt, 1–4 players (solo mode included). Place workers to collect "
            "goods, convert them in buildings, build, trade and train specialists. Once the Foro "
            "stands, Vesuvius wakes and every round ends with an offering: give too little and the "
            "volcano destroys goods, or the Apocalypse buries everyone. The first player to march "
            "an army into the Castrum wins."
        ),
    ),
    "setup": (
        N_("Setup"),
        N_(
            "Each player gets 6 specialist cards in hand and 3 workers. In reverse seating order "
            "each takes one unbuilt red building for free (`start red 7`); then everyone places 6 "
            "starting units on value-I goods at once (`start grain 2`, W23). The volcano deck has 9 "
            "cards of the chosen set (A easy, B, C hard) plus the Apocalypse."
        ),
    ),
    "placement": (
        N_("Placement and actions"),
        N_(
            "In turn, place one worker at a time until all are placed. A **field**: collect 1 of "
            "its good (your second worker there this round: 2 more). A **built building**: produce "
            "(1 of each input → 1 output, any number of times; the owner gets 1 input as a bonus). "
            "**Costruzione**: build. **Porta**: trade. **Piazza**: train or swap specialists. "
            "**Foro**: activate a city card or recover. **Terme**: recruit the army. **18**: hire a "
            "worker (3 wine). A worker may use one of your activated cards of that place instead "
            "of the standard action, one card only: a worker at a full blue building is there by "
            "C17 and uses no other card (W13), and S35 counts only without another card (W22). "
            "Spaces other than fields have limits by player count."
        ),
    ),
    "buildings": (
        N_("Buildings and recipes"),
        N_(
            "Buildings 1–10 (red) turn value-I goods into better ones, 11–16 (blue) refine further: "
            "grain →7→ flour →10→ bread →2→ gold →15 (+coal)→ gold coin; deer →5→ meat →11→ iron "
            "→16 (+coal)→ swords; grass →9→ sheep →12→ wool →13→ fabric →14→ tunics; wood →1→ "
            "planks, wood →3→ coal, stone →4→ pillars, olives →6→ olive oil, grapes →8→ wine. 17 "
            "Foro, 18 Caupona (workers), 19 Terme (army), 20 Castrum. Before the Foro only red "
            "buildings and the Foro can be built (W9). Face-down tiles show their cost."
        ),
    ),
    "trade": (
        N_("Trade (Porta)"),
        N_(
            "Give one good type for one other type, any amount: into a lower value 1 : 1, the same "
            "value 2 : 1, a higher value 4 : 1 (the `trade_steps` house rule: 4 per value step), "
            "pearls into a value-III good 1 : 1. Nothing is traded into pearls: they come only "
            "from cards (W44). `trade gold 4 meat`, then `done`."
        ),
    ),
    "piazza_foro": (
        N_("Piazza and Foro"),
        N_(
            "**Piazza**: train hand specialists, paying each card's cost (`train S30`), then `done`; "
            "or swap one for a new draw paying 1 value-I good (`swap S30 grain`): one swap a "
            "worker, and never with training (W46). Activated cards "
            "lie beside your tablet. **Foro** (once built): activate one city card from your hand "
            "for free (`activate C12`) or pay to recover from C12 / C14 / C28 / C31 (`recover C12`)."
        ),
    ),
    "offerings": (
        N_("Offerings"),
        N_(
            "From the round the Foro is built, every round ends with an offering. It needs as much "
            "value as all players have workers (injured ones too), and you decide together who "
            "gives what: pledges are open, so everyone sees each pledge and the total against "
            "what is needed as they change (`pledge bread 2`); revise, then `lock` (W4). The "
            "variant `secret_pledges` keeps each pledge secret until everyone has locked. "
            "Offering cards (`play C04`) are "
            "played openly and let others revise (W5). Enough: the round ends, and whoever gave "
            "more than their own workers draws one card per extra point and keeps one (W6). Too "
            "little: a volcano card is turned up."
        ),
    ),
    "volcano": (
        N_("The volcano"),
        N_(
            "A regular volcano card destroys every unit of each good it shows, for everyone "
            "(temples protect their holder, W7). The Apocalypse ends the game at once: everybody "
            "loses. It hides among 9 cards at every difficulty: a first failure finds it one time in "
            "ten, the next one in nine, and so on. The set decides what a failure costs: A a few "
            "field goods, B most of a tablet, C every store in the city (12–15 kinds, values II–V; "
            "the rulebook's own card VC01 takes grass too; W42). The board shows Vesuvius' side "
            "(A asleep, B awake), the top revealed card and how many cards are left."
        ),
    ),
    "winning": (
        N_("Winning"),
        N_(
            "Build the Castrum (anyone may; it serves everyone), recruit your army at the Terme, "
            "and the army marches into the Castrum by itself when your turn comes: you win at once "
            "(W1). C28 injures another player's recruited army (W33): it must be healed at the Foro "
            "first. C31 can halt a "
            "Castrum's construction (W16, W17). The others rank by an army, then their goods' value, "
            "then their workers (W43)."
        ),
    ),
    "solo": (
        N_("Solo"),
        N_(
            "Get your army into the Castrum within 18 rounds. Five specialists lie on display each "
            "round: use one at its place as the action's card, or a one-time one with `use S25` "
            "(W24). The top revealed volcano card's goods cannot be collected, produced or gained "
            "from a card that round, only traded for at the Porta (W25). "
            "Rounds 1–9 are the Founding phase; then the Foro comes free and every round ends with "
            "an offering of your own workers' worth. Titles: Duumvir ≤ 15 rounds, Aedile 16, "
            "Decurion 17, Quaestor 18. House rule †: alone on the board you pay more for the army, "
            "the Terme and the Castrum (the board and the action labels mark these prices †; W41). "
            "The rulebook prints one set of costs for every game, but with ours the solo game "
            "ends by round 11–13, a Duumvir's nearly every time."
        ),
    ),
    "notation": (
        N_("Moves (notation)"),
        N_(
            "Buttons and menus offer every move; typed with `/move`: `collect grain [S14]` · "
            "`produce 7 3 [S30]` · `build 17` · `port` then `trade gold 4 meat` / `done` · "
            "`piazza` then `train S30` … `done` or `swap S30 grain` · `activate C12` · `recover C12` "
            "· `army` · `hire` · `pledge bread 2` · `lock` · `play C04` · `draw city` · `keep C05` "
            "· `pass`. Goods by name (`olive_oil`, also `oil`), buildings by number, seats from 0."
        ),
    ),
    "adaptations": (
        N_("Our adaptations (†)"),
        N_(
            "The rulebook does not print every card, cost and limit. Where we had to fill a gap "
            'the item is marked **†** and the images say "† adapted: original card or board text '
            "not public\": most card effects and costs, several buildings' names and recipes, the "
            "values of some goods, worker-space limits, the army, worker and recovery costs, and "
            "the volcano cards (set C holds the rulebook's example card; how much each set destroys "
            "was tuned by simulation, W42). The army, Terme and "
            "Castrum costs were tuned by simulation; the solo game's dearer ones are a house rule (†, "
            "W41). "
            "Rulings W1–W46 in docs/rules/workers.md say how we read the rules where they leave "
            "room."
        ),
    ),
}
