"""The Downfall of Pompeii: the public board image and a player's hand image.

Drawn from the views only (``engine.downfall.views``), never from the state. The static art
(grid, wall, buildings, spaces, first-lava squares, volcano, coordinates) is drawn once per
process into a cached background; each render copies it and draws what changes: pieces, lava,
closed gates, the last move and the side panel.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, png, shapes
from render.fonts import RGB

# ------------------------------------------------------------------ layout (px)

W, H = 1600, 1000
CELL = 100
GX, GY = 52, 50  # top-left corner of square a1
GW, GH = B.COLS * CELL, B.ROWS * CELL
PANEL_X = GX + GW + 48  # the side panel, right of the row numbers
STRIP_Y = GY + GH + 46  # the strip under the board (bag and discard)

# ------------------------------------------------------------------ colours

CANVAS = (36, 29, 24)  # dark warm surround: works on Discord's dark and light themes
CARD = (52, 43, 36)
CARD_HI = (70, 56, 44)
TEXT = (246, 236, 214)
MUTED = (190, 174, 148)
PAVING = (236, 226, 203)
GRIDLINE = (206, 190, 158)
GARDEN = (222, 214, 182)
TREE = (150, 160, 104)
COUNTRY = (122, 132, 86)
COUNTRY_DARK = (98, 108, 66)
WALL = (150, 134, 112)
WALL_DARK = (66, 54, 42)
ROAD = (214, 196, 160)
HIGHLIGHT = (255, 43, 214)  # last move: a colour used nowhere else on the board
HIGHLIGHT_EDGE = (40, 0, 34)
SEETHE = (232, 70, 30)
GOLD = (250, 200, 70)

BUILDING_FILL: dict[str, RGB] = {
    "grey": (160, 160, 156),
    "purple": (160, 128, 200),
    "turquoise": (72, 178, 168),
    "brown": (176, 122, 78),
    "neutral": (218, 198, 152),
}
BUILDING_EDGE: dict[str, RGB] = {
    "grey": (92, 92, 90),
    "purple": (90, 62, 128),
    "turquoise": (24, 104, 98),
    "brown": (104, 64, 34),
    "neutral": (150, 128, 84),
}
NUMBER_INK = (22, 18, 16)
NUMBER_HALO = (255, 250, 236)
MUTED_INK = (96, 84, 70)

# gate square -> side of the square the gate opens on
GATE_SIDE: dict[str, str] = {
    "a1": "w",
    "f1": "n",
    "j2": "n",
    "a5": "w",
    "k5": "e",
    "g7": "s",
    "i7": "s",
}

PIECE_SIZE = 34  # phase 1 piece sprite
HOUSE_NUMBER_SIZE = 40  # px; digits ≈ 29 px tall, ≈ 7 px in a 400 px wide preview
COORD_SIZE = 36
TOKEN_SIZE = 46  # phase 2 stack token


def square_xy(square: str) -> tuple[int, int]:
    """Top-left pixel of a square."""
    i = B.square_index(square)
    row, col = divmod(i, B.COLS)
    return GX + col * CELL, GY + row * CELL


def square_centre(square: str) -> tuple[int, int]:
    x, y = square_xy(square)
    return x + CELL // 2, y + CELL // 2


def _building_label_anchor(b: B.Building) -> tuple[float, float]:
    """Where a building's house number goes: its square's upper part, or on the shared edge."""
    if len(b.squares) == 1:
        sq, n = b.squares[0]
        cx, cy = square_centre(sq)
        return (cx, cy) if n == 4 else (cx, cy - 20)
    gate = _gate_square_of(b)
    if gate is not None:  # the gate's plaque needs room: the number goes on the other square
        other = next(sq for sq, _ in b.squares if sq != gate)
        ox, oy = square_centre(other)
        return ox, oy - 16
    (a, _), (c, _) = b.squares[0], b.squares[1]
    ax, ay = square_centre(a)
    cx, cy = square_centre(c)
    return (ax + cx) / 2, (ay + cy) / 2


def _gate_square_of(b: B.Building) -> str | None:
    return next((sq for sq, _ in b.squares if sq in GATE_SIDE), None)


def _space_offsets(b: B.Building, square: str, n: int) -> list[tuple[float, float]]:
    """Centres of the round spaces on one square of a building, relative to the square centre."""
    if len(b.squares) == 1:
        if n == 1:
            return [(0, 24)]
        if n == 2:
            return [(-22, 22), (22, 22)]
        if n == 3:
            return [(-29, 22), (0, 22), (29, 22)]
        return [(-26, -26), (26, -26), (-26, 26), (26, 26)]
    other = next(s for s, _ in b.squares if s != square)
    sx, sy = square_centre(square)
    ox, oy = square_centre(other)
    dx, dy = (ox > sx) - (ox < sx), (oy > sy) - (oy < sy)  # towards the shared edge
    away = -18 if _gate_square_of(b) is None else 22  # towards the shared edge by a gate
    if n == 1:
        return [(dx * away, dy * away)]
    if dy:
        return [(-22, dy * away), (22, dy * away)]
    return [(dx * away, -22), (dx * away, 22)]


SPACE_CENTRES: dict[str, list[tuple[int, int]]] = {}
for _b in B.BUILDINGS:
    for _sq, _n in _b.squares:
        _cx, _cy = square_centre(_sq)
        SPACE_CENTRES[_sq] = [
            (round(_cx + ox), round(_cy + oy)) for ox, oy in _space_offsets(_b, _sq, _n)
        ]


def _building_box(b: B.Building) -> tuple[int, int, int, int]:
    xs, ys = [], []
    for sq, _ in b.squares:
        x, y = square_xy(sq)
        xs += [x, x + CELL]
        ys += [y, y + CELL]
    inset = 7
    return min(xs) + inset, min(ys) + inset, max(xs) - inset, max(ys) - inset


# ------------------------------------------------------------------ the static background


def _wall_segments() -> list[tuple[str, str]]:
    """(square, side) for every side of a city square that faces outside the city."""
    out = []
    for sq in B.CITY:
        row, col = divmod(B.square_index(sq), B.COLS)
        for side, (dr, dc) in (("n", (-1, 0)), ("e", (0, 1)), ("s", (1, 0)), ("w", (0, -1))):
            r, c = row + dr, col + dc
            inside = (
                0 <= r < B.ROWS
                and 0 <= c < B.COLS
                and B.square_name(r * B.COLS + c) not in B.OUTSIDE
            )
            if not inside:
                out.append((sq, side))
    return out


def _side_line(square: str, side: str) -> tuple[int, int, int, int]:
    x, y = square_xy(square)
    return {
        "n": (x, y, x + CELL, y),
        "s": (x, y + CELL, x + CELL, y + CELL),
        "w": (x, y, x, y + CELL),
        "e": (x + CELL, y, x + CELL, y + CELL),
    }[side]


GATE_GAP = 46


def gate_gap_box(square: str) -> tuple[int, int, int, int]:
    """The opening in the wall of a gate (a box straddling the wall line)."""
    x0, y0, x1, y1 = _side_line(square, GATE_SIDE[square])
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    h, t = GATE_GAP // 2, 9
    if y0 == y1:
        return mx - h, my - t, mx + h, my + t
    return mx - t, my - h, mx + t, my + h


def _draw_static(img: Image.Image, faded: bool) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W - 1, H - 1), fill=CANVAS)
    d.rounded_rectangle(
        (GX - 14, GY - 14, GX + GW + 14, GY + GH + 14), radius=10, fill=COUNTRY_DARK
    )

    # squares: city paving, gardens on decorative squares, countryside outside
    for sq in B.ALL_SQUARES:
        x, y = square_xy(sq)
        if sq in B.OUTSIDE:
            d.rectangle((x, y, x + CELL, y + CELL), fill=COUNTRY)
            continue
        d.rectangle((x, y, x + CELL, y + CELL), fill=PAVING, outline=GRIDLINE, width=2)
        if sq in B.DECORATIVE:
            d.rounded_rectangle(
                (x + 14, y + 14, x + CELL - 14, y + CELL - 14), radius=10, fill=GARDEN
            )
            for tx, ty in ((32, 34), (66, 40), (46, 66)):
                d.ellipse((x + tx - 8, y + ty - 8, x + tx + 8, y + ty + 8), fill=TREE)
    for sq in B.OUTSIDE:  # tufts of grass
        x, y = square_xy(sq)
        for tx, ty in ((22, 30), (70, 24), (48, 72), (84, 80)):
            d.line(
                [(x + tx, y + ty), (x + tx + 6, y + ty - 8), (x + tx + 12, y + ty)],
                fill=COUNTRY_DARK,
                width=2,
            )

    # buildings, their round spaces and house numbers
    number_font = fonts.font("bold", HOUSE_NUMBER_SIZE)
    for b in B.BUILDINGS:
        fill = BUILDING_FILL[b.colour]
        edge = BUILDING_EDGE[b.colour]
        if faded:
            fill = _mix(fill, PAVING, 0.55)
            edge = _mix(edge, PAVING, 0.55)
        box = _building_box(b)
        short = min(box[2] - box[0], box[3] - box[1])
        radius = (
            short // 2
            if b.id in ("B1", "B11b")
            else 30
            if b.id in ("B4a", "B4b", "B8a", "B8b")
            else 14
        )
        d.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=3)
        if not faded:
            space_fill = _mix(fill, (255, 255, 255), 0.45)
            for sq, _n in b.squares:
                for cx, cy in SPACE_CENTRES[sq]:
                    d.ellipse(
                        (cx - 14, cy - 14, cx + 14, cy + 14), fill=space_fill, outline=edge, width=2
                    )
        if b.number is not None:
            lx, ly = _building_label_anchor(b)
            ink = NUMBER_INK if not faded else _mix(NUMBER_INK, PAVING, 0.72)
            d.text(
                (lx, ly),
                str(b.number),
                font=number_font,
                fill=ink,
                anchor="mm",
                stroke_width=0 if faded else 3,
                stroke_fill=NUMBER_HALO,
            )

    # first-lava squares: their symbol, in lava colours, on a scorched square
    for symbol, sq in B.FIRST_LAVA.items():
        x, y = square_xy(sq)
        d.rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), fill=(244, 208, 180))
        d.rectangle((x + 5, y + 5, x + CELL - 5, y + CELL - 5), outline=shapes.LAVA, width=3)
        sprite = shapes.symbol_sprite(symbol, 58, shapes.LAVA, (244, 208, 180))
        img.paste(sprite, (x + 21, y + 14), sprite)
        small = fonts.font("cond", 14)
        d.text(
            (x + CELL // 2, y + CELL - 11), symbol, font=small, fill=shapes.LAVA_DARK, anchor="ms"
        )

    # the city wall, with its gates
    for sq, side in _wall_segments():
        x0, y0, x1, y1 = _side_line(sq, side)
        d.line((x0, y0, x1, y1), fill=WALL_DARK, width=16)
    for sq, side in _wall_segments():
        x0, y0, x1, y1 = _side_line(sq, side)
        ext = 4
        if y0 == y1:
            d.line((x0 - ext, y0, x1 + ext, y1), fill=WALL, width=10)
        else:
            d.line((x0, y0 - ext, x1, y1 + ext), fill=WALL, width=10)
    for _gid, sq, _name in B.GATES:
        gx0, gy0, gx1, gy1 = gate_gap_box(sq)
        d.rectangle((gx0, gy0, gx1, gy1), fill=ROAD)
        side = GATE_SIDE[sq]
        # towers either side of the opening
        if side in "ns":
            for tx in (gx0 - 8, gx1 + 8):
                d.rectangle(
                    (tx - 8, gy0 - 3, tx + 8, gy1 + 3), fill=WALL, outline=WALL_DARK, width=2
                )
        else:
            for ty in (gy0 - 8, gy1 + 8):
                d.rectangle(
                    (gx0 - 3, ty - 8, gx1 + 3, ty + 8), fill=WALL, outline=WALL_DARK, width=2
                )
        _gate_plaque(img, sq)

    x1, y1 = square_xy("k1")
    fonts.label(
        img,
        (x1 + CELL - 8, y1 + CELL + 24),
        "Vesuvius",
        fonts.font("serif_bold", 17),
        TEXT,
        anchor="rs",
    )
    _draw_static_panel(img, faded)

    # coordinates all around
    coord = fonts.font("bold", COORD_SIZE)
    for c in range(B.COLS):
        letter = chr(97 + c)
        cx = GX + c * CELL + CELL // 2
        d.text((cx, GY - 30), letter, font=coord, fill=TEXT, anchor="mm")
        d.text((cx, GY + GH + 30), letter, font=coord, fill=TEXT, anchor="mm")
    for r in range(B.ROWS):
        cy = GY + r * CELL + CELL // 2
        d.text((GX - 32, cy), str(r + 1), font=coord, fill=TEXT, anchor="mm")
        d.text((GX + GW + 32, cy), str(r + 1), font=coord, fill=TEXT, anchor="mm")


PLAQUE_FONT = 13
PLAQUE_H = 20


def plaque_box(square: str) -> tuple[float, float, float, float]:
    """Where a gate's name plaque sits on its square: a corner by the gate, clear of the
    phase-2 count badge (top right)."""
    x, y = square_xy(square)
    name = B.GATE_AT[square].removeprefix("Porta ").removeprefix("di ")
    width = fonts.font("cond_bold", PLAQUE_FONT).getlength(name) + 8
    if GATE_SIDE[square] == "n":
        return x + 8, y + 10, x + 8 + width, y + 10 + PLAQUE_H
    if GATE_SIDE[square] == "e":
        return x + CELL - 10 - width, y + CELL - 10 - PLAQUE_H, x + CELL - 10, y + CELL - 10
    return x + 10, y + CELL - 10 - PLAQUE_H, x + 10 + width, y + CELL - 10


def _gate_plaque(img: Image.Image, square: str) -> None:
    """The gate's name ("Porta di Stabia" -> "Stabia") on a small plaque just inside the wall."""
    box = plaque_box(square)
    ImageDraw.Draw(img).rounded_rectangle(
        box, radius=5, fill=(250, 244, 228), outline=WALL, width=1
    )
    name = B.GATE_AT[square].removeprefix("Porta ").removeprefix("di ")
    f = fonts.font("cond_bold", PLAQUE_FONT)
    fonts.label(img, ((box[0] + box[2]) / 2, box[3] - 5), name, f, WALL_DARK, anchor="ms")


VOLCANO_W, VOLCANO_H = 3 * CELL, CELL  # squares i1–k1, outside the wall
MOUNTAIN = [(6, 98), (48, 78), (88, 52), (118, 36), (130, 40), (150, 37), (170, 40), (182, 35),
            (214, 54), (252, 78), (294, 98)]  # fmt: skip
CRATER = (128, 32, 184, 44)
CRATER_CALM = (150, 70, 40)
CRATER_ERUPTING = (255, 190, 80)


def _volcano(state: str) -> Image.Image:
    """Vesuvius as a sprite: ``calm`` (a wisp), ``seething`` (smoke and glow), ``erupting``."""

    def paint(_im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        def pts(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
            return [(x * s, y * s) for x, y in points]

        def blob(x: float, y: float, r: float, fill: tuple[int, ...]) -> None:
            d.ellipse(((x - r) * s, (y - r) * s, (x + r) * s, (y + r) * s), fill=fill)

        smoke = {"calm": (150, 146, 140, 200), "seething": (104, 98, 94, 235)}.get(
            state, (70, 62, 60, 245)
        )
        puffs = {
            "calm": [(160, 24, 7), (168, 14, 6)],
            "seething": [(150, 26, 11), (166, 16, 13), (184, 10, 11), (140, 14, 9), (200, 6, 8)],
        }.get(state, [(156, 22, 14), (136, 12, 13), (178, 10, 15), (204, 8, 12), (112, 6, 10),
                      (226, 6, 9), (158, 4, 11)])  # fmt: skip
        for x, y, r in puffs:
            blob(x, y, r, smoke)
        d.polygon(pts(MOUNTAIN), fill=(104, 88, 76))
        d.polygon(
            pts([(6, 98), (48, 78), (88, 52), (118, 36), (130, 40), (112, 98)]), fill=(124, 106, 92)
        )
        d.polygon(pts([(214, 54), (252, 78), (294, 98), (220, 98)]), fill=(88, 74, 64))
        glow = {"calm": CRATER_CALM, "seething": shapes.LAVA_GLOW}.get(state, CRATER_ERUPTING)
        d.ellipse(tuple(v * s for v in CRATER), fill=glow)
        if state == "erupting":
            for x, y, r in ((150, 22, 4), (162, 14, 3), (140, 12, 3), (172, 24, 3), (156, 6, 2)):
                blob(x, y, r, (255, 150, 50, 255))
            for path in (
                [(140, 40), (124, 58), (112, 80), (100, 98)],
                [(168, 40), (186, 62), (204, 98)],
            ):
                d.line(pts(path), fill=shapes.LAVA, width=round(5 * s), joint="curve")
        elif state == "seething":
            d.line(pts([(142, 41), (132, 52), (128, 62)]), fill=shapes.LAVA, width=round(4 * s))

    return shapes.cached_sprite(("volcano", state), (VOLCANO_W, VOLCANO_H), paint)


def _draw_volcano(img: Image.Image, view: Mapping[str, Any]) -> None:
    """Vesuvius in the north-east cut-out of the board, in the state the game is in."""
    phase = view.get("phase", "build")
    state = "calm" if phase == "build" and not view.get("seething") else "seething"
    if phase in ("lava_setup", "escape", "over"):
        state = "erupting"
    x0, y0 = square_xy("i1")
    sprite = _volcano(state)
    img.paste(sprite, (x0, y0), sprite)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


_bg_lock = threading.Lock()
_backgrounds: dict[bool, Image.Image] = {}


def background(faded: bool) -> Image.Image:
    """The cached static board (``faded``: buildings dimmed for phase 2). Never modify it."""
    hit = _backgrounds.get(faded)
    if hit is not None:
        return hit
    with _bg_lock:
        hit = _backgrounds.get(faded)
        if hit is None:
            hit = Image.new("RGB", (W, H), CANVAS)
            _draw_static(hit, faded)
            _backgrounds[faded] = hit
    return hit


def clear_caches() -> None:
    """Forget the cached backgrounds and palette (tests use it after changing the fonts)."""
    with _bg_lock:
        _backgrounds.clear()
    PALETTE.reset()


# ------------------------------------------------------------------ the last turn


@dataclass
class LastTurn:
    """What the last turn did (``view["last_turn"]``, see docs/views.md), reduced to what the
    board highlights and the panel tells."""

    placed: list[str] = field(default_factory=list)  # squares where pieces were placed
    lava: list[str] = field(default_factory=list)  # squares where lava tiles were placed
    lost: dict[str, dict[int, int]] = field(default_factory=dict)  # square -> seat -> pieces
    paths: list[tuple[int, list[str], str | None]] = field(default_factory=list)  # seat, path, gate
    lines: list[str] = field(default_factory=list)  # the turn in words

    def lose(self, square: str | None, seat: int, count: int = 1) -> None:
        if square is not None and count > 0:
            per_seat = self.lost.setdefault(square, {})
            per_seat[seat] = per_seat.get(seat, 0) + count


def _s(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _i(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _counts(value: object) -> list[int]:
    """A per-seat list of counts (``lost``), tolerating anything else as no counts."""
    if not isinstance(value, list):
        return []
    return [v if isinstance(v, int) and not isinstance(v, bool) else 0 for v in value]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _where(building: object, square: object) -> str:
    b, sq = _s(building), _s(square)
    if b and sq:
        return f"{sq} ({b})"
    return sq or b or "?"


def read_last_turn(view: Mapping[str, Any], names: Sequence[str]) -> LastTurn:
    """Highlights and sentences from ``view["last_turn"]["events"]`` (docs/views.md)."""
    out = LastTurn()
    last = view.get("last_turn") or {}
    events = last.get("events") or []

    def who(seat: object) -> str:
        s = _i(seat)
        return display_name(view, names, s) if s is not None else "?"

    def say(text: str) -> None:
        out.lines.append(text)

    for ev in events:
        if not isinstance(ev, Mapping):
            continue
        kind = ev.get("type")
        seat = ev.get("seat")
        sq = _s(ev.get("square"))
        if kind == "CardPlayed":
            card = ev.get("card", "?")
            if sq is None:
                say(f"{who(seat)} played {card} and placed no piece")
                continue
            out.placed.append(sq)
            how = " as a joker" if ev.get("joker") else ""
            building = _s(ev.get("building"))
            where = sq if building in (None, str(card)) else f"{sq} ({building})"
            say(f"{who(seat)} played {card}{how} → {where}")
        elif kind == "RelativesEarned":
            say(f"… and may bring {_plural(_i(ev.get('count')) or 0, 'relative')}")
        elif kind == "RelativePlaced":
            if sq is not None:
                out.placed.append(sq)
            say(f"+ a relative → {_where(ev.get('building'), sq)}")
        elif kind == "RelativesEnded":
            unused = _i(ev.get("unused")) or 0
            if unused:
                say(f"{_plural(unused, 'relative')} stayed home")
        elif kind == "VesuviusSeethes":
            say(f"{who(seat)} drew A.D. 79: Vesuvius seethes!")
        elif kind == "OmenDrawn":
            say(f"{who(seat)} drew an Omen")
        elif kind == "PieceThrown":
            victim = _i(ev.get("victim"))
            if victim is not None:
                out.lose(sq, victim)
            say(f"Omen: {who(victim)} loses a piece on {sq}")
        elif kind == "OmenNoVictim":
            say("the Omen found no victim")
        elif kind == "VesuviusErupted":
            if ev.get("called"):
                say(f"{who(seat)} called the eruption!")
            else:
                say(f"{who(seat)} drew A.D. 79 again: Vesuvius erupts!")
        elif kind == "LavaPlaced":
            if sq is not None:
                out.lava.append(sq)
            lost = _counts(ev.get("lost"))
            for victim, n in enumerate(lost):
                out.lose(sq, victim, n)
            text = f"{who(seat)} placed {ev.get('symbol', 'lava')} lava on {sq}"
            if sum(lost):
                text += f": {sum(lost)} lost"
            say(text)
            gate = _s(ev.get("gate_closed"))
            if gate:
                say(f"{gate} is closed")
        elif kind == "LavaOutOfPlay":
            say(f"the {ev.get('tile', 'lava')} tile had nowhere to go")
        elif kind == "PiecesEnclosed":
            squares = ev.get("squares")
            for entry in squares if isinstance(squares, list) else []:
                if isinstance(entry, Mapping):
                    for victim, n in enumerate(_counts(entry.get("lost"))):
                        out.lose(_s(entry.get("square")), victim, n)
            say(f"{_plural(sum(_counts(ev.get('lost'))), 'piece')} cut off from every gate")
        elif kind == "EscapeBegan":
            say(f"Run for your lives! {who(seat)} begins")
        elif kind == "PieceMoved":
            path = [p for p in (ev.get("path") or []) if isinstance(p, str)]
            frm, to = _s(ev.get("from")), _s(ev.get("to"))
            if len(path) < 2 and frm and to:
                path = [frm, to]
            out.paths.append((_i(seat) or 0, path, None))
            say(f"{who(seat)} moved {frm} → {to}")
        elif kind == "PieceSaved":
            path = [p for p in (ev.get("path") or []) if isinstance(p, str)]
            frm, gate = _s(ev.get("from")), _s(ev.get("gate"))
            if not path and frm:
                path = [frm] if gate in (None, frm) else [frm, gate]
            out.paths.append((_i(seat) or 0, path, gate))
            name = _s(ev.get("gate_name")) or gate
            say(f"{who(seat)} escaped {frm} → {name}")
        elif kind == "MovesSkipped":
            say(f"{who(seat)} had nothing to move")
        elif kind == "GameEnded":
            left = sum(_counts(ev.get("lost")))
            if left:
                say(f"{_plural(left, 'piece')} left in the city were lost")
            reason = _s(ev.get("reason"))
            say(f"Game over: {reason}" if reason else "Game over")
    return out


# ------------------------------------------------------------------ dynamic drawing


def _colour_of(view: Mapping[str, Any], seat: int) -> str:
    seats = view.get("seats") or []
    if 0 <= seat < len(seats):
        return str(seats[seat].get("colour", "red"))
    return B.COLOURS[seat % len(B.COLOURS)]


def _paste_centered(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def _draw_lava(img: Image.Image, view: Mapping[str, Any]) -> None:
    for sq, symbol in (view.get("lava") or {}).items():
        if sq not in B.NEIGHBOURS:
            continue
        x, y = square_xy(sq)
        tile = shapes.lava_tile(str(symbol), CELL - 4)
        img.paste(tile, (x + 2, y + 2), tile)


def _draw_gates(img: Image.Image, view: Mapping[str, Any]) -> None:
    d = ImageDraw.Draw(img)
    lava = view.get("lava") or {}
    for gate in view.get("gates") or []:
        sq = gate.get("square")
        if sq not in GATE_SIDE:
            continue
        closed = not gate.get("open", True) or sq in lava
        if closed:
            x0, y0, x1, y1 = gate_gap_box(sq)
            d.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), fill=shapes.LAVA_DARK)
            d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=shapes.LAVA)
            d.line((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=shapes.LAVA_INK, width=3)
            d.line((x0 + 3, y1 - 3, x1 - 3, y0 + 3), fill=shapes.LAVA_INK, width=3)


def _draw_pieces_on_spaces(img: Image.Image, view: Mapping[str, Any]) -> None:
    for sq, seats in (view.get("squares") or {}).items():
        if sq not in B.NEIGHBOURS:
            continue
        spots = list(SPACE_CENTRES.get(sq, []))
        cx, cy = square_centre(sq)
        extra = len(seats) - len(spots)
        if extra > 0:  # more pieces than spaces: spill around the centre
            spots += [(cx - 30 + (i % 4) * 20, cy - 30 + (i // 4) * 20) for i in range(extra)]
        for seat, (px, py) in zip(seats, spots, strict=False):
            _paste_centered(
                img, shapes.piece_sprite(_colour_of(view, int(seat)), PIECE_SIZE), px, py
            )


STACK_SPOTS: dict[int, list[tuple[int, int]]] = {
    1: [(-4, 8)],
    2: [(-22, 10), (20, 10)],
    3: [(-22, -6), (20, -6), (-1, 28)],
    4: [(-22, -8), (20, -8), (-22, 26), (20, 26)],
}


def _total_badge(total: int) -> Image.Image:
    """The dark tag in a square's corner: pieces on the square (= their move points)."""

    def make() -> Image.Image:
        f = fonts.font("bold", 22)
        text = str(total)
        w = max(26, 14 + round(f.getlength(text)))
        im = Image.new("RGBA", (w, 25), (0, 0, 0, 0))
        ImageDraw.Draw(im).rounded_rectangle((0, 0, w - 1, 24), radius=7, fill=NUMBER_INK)
        fonts.label(im, (w / 2, 12.5), text, f, NUMBER_HALO, anchor="mm")
        return im

    return shapes.cached(("total badge", total), make)


def _count_badge(n: int) -> Image.Image:
    """The small white disc on a token: pieces of that colour on the square."""

    def make() -> Image.Image:
        f = fonts.font("bold", 17)
        text = str(n)
        w = max(23, 8 + round(f.getlength(text)))
        im = Image.new("RGBA", (w, 23), (0, 0, 0, 0))
        ImageDraw.Draw(im).rounded_rectangle(
            (0, 0, w - 1, 22), radius=11, fill=NUMBER_HALO, outline=NUMBER_INK, width=2
        )
        fonts.label(im, (w / 2, 11.5), text, f, NUMBER_INK, anchor="mm")
        return im

    return shapes.cached(("count badge", n), make)


def _draw_stacks(img: Image.Image, view: Mapping[str, Any]) -> None:
    for sq, seats in (view.get("squares") or {}).items():
        if sq not in B.NEIGHBOURS or not seats:
            continue
        counts: dict[int, int] = {}
        for s in seats:
            counts[int(s)] = counts.get(int(s), 0) + 1
        cx, cy = square_centre(sq)
        spots = STACK_SPOTS[min(4, len(counts))]
        if sq in GATE_SIDE:  # keep clear of the gate's name plaque
            cy += 8 if GATE_SIDE[sq] == "n" else -12
        for (seat, n), (ox, oy) in zip(sorted(counts.items()), spots, strict=False):
            tx, ty = cx + ox, cy + oy
            _paste_centered(img, shapes.piece_sprite(_colour_of(view, seat), TOKEN_SIZE), tx, ty)
            if n > 1:
                _paste_centered(img, _count_badge(n), tx + 16, ty + 14)
        x, y = square_xy(sq)
        badge = _total_badge(len(seats))
        img.paste(badge, (x + CELL - 5 - badge.width, y + 5), badge)


def _ring(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], width: int = 6) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(
        (x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=12, outline=HIGHLIGHT_EDGE, width=width + 4
    )
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=HIGHLIGHT, width=width)


def _gate_exit_point(gate: str) -> tuple[float, float]:
    x0, y0, x1, y1 = _side_line(gate, GATE_SIDE[gate])
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    out = {"n": (0, -16), "s": (0, 16), "w": (-16, 0), "e": (16, 0)}[GATE_SIDE[gate]]
    return mx + out[0], my + out[1]


def _arrow(d: ImageDraw.ImageDraw, pts: list[tuple[float, float]], colour: RGB, edge: RGB) -> None:
    if len(pts) < 2:
        return
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    head = [
        (bx + ux * 6, by + uy * 6),
        (bx - ux * 20 - uy * 14, by - uy * 20 + ux * 14),
        (bx - ux * 20 + uy * 14, by - uy * 20 - ux * 14),
    ]
    for width, col in ((14, edge), (7, colour)):
        d.line([*pts[:-1], (bx - ux * 12, by - uy * 12)], fill=col, width=width, joint="curve")
    d.polygon(head, fill=colour, outline=edge, width=3)


def _draw_last_turn(img: Image.Image, view: Mapping[str, Any], last: LastTurn) -> None:
    d = ImageDraw.Draw(img)
    for sq in dict.fromkeys(last.placed):  # the building the piece went into
        building = B.BUILDING_AT.get(sq)
        if building is not None:
            x0, y0, x1, y1 = _building_box(building)
            _ring(d, (x0 - 4, y0 - 4, x1 + 4, y1 + 4))
        elif sq in B.NEIGHBOURS:
            x, y = square_xy(sq)
            _ring(d, (x + 3, y + 3, x + CELL - 3, y + CELL - 3))
    for sq in dict.fromkeys([*last.lava, *last.lost]):  # new lava; pieces lost elsewhere
        if sq in B.NEIGHBOURS:
            x, y = square_xy(sq)
            _ring(d, (x + 3, y + 3, x + CELL - 3, y + CELL - 3))
    for _seat, path, gate in last.paths:
        pts: list[tuple[float, float]] = [square_centre(s) for s in path if s in B.NEIGHBOURS]
        if gate in GATE_SIDE:
            pts.append(_gate_exit_point(gate))
        elif len(pts) >= 2:  # stop short of the centre: the moved piece stays visible
            (ax, ay), (bx, by) = pts[-2], pts[-1]
            pts[-1] = (bx - (bx - ax) * 0.3, by - (by - ay) * 0.3)
        _arrow(d, pts, HIGHLIGHT, HIGHLIGHT_EDGE)
    for sq, per_seat in last.lost.items():
        if sq not in B.NEIGHBOURS or not per_seat:
            continue
        x, y = square_xy(sq)
        shown = sorted(per_seat.items())[:3]
        d.rounded_rectangle(
            (x + 6, y + CELL - 42, x + CELL - 6, y + CELL - 6), radius=8, fill=NUMBER_INK
        )
        for i, (seat, n) in enumerate(shown):
            gx = x + 8 + i * 29
            ghost = shapes.ghost_sprite(_colour_of(view, seat), 36)
            img.paste(ghost, (gx, y + CELL - 44), ghost)
            if n > 1:
                _paste_centered(img, _count_badge(n), gx + 26, y + CELL - 14)


# ------------------------------------------------------------------ side panel


def _decision(view: Mapping[str, Any]) -> str:
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind == "play":
        return "plays a card and places a piece"
    if kind == "relative":
        left = pending.get("relatives_left", 0)
        frm = pending.get("relatives_from")
        src = f" (from {frm})" if frm else ""
        return f"may place {left} more relative{'s' if left != 1 else ''}{src}"
    if kind == "omen":
        return "Omen: throws a piece into the volcano"
    if kind == "lava":
        tile = str(pending.get("lava_tile") or "lava")
        if "/" in tile:
            return f"places the dual vent tile: {tile.replace('/', ' or ')}"
        return f"places a {tile} lava tile"
    if kind == "move":
        left = pending.get("moves_left", 0)
        return f"moves a piece ({left} move{'s' if left != 1 else ''} left)"
    return str(pending.get("prompt", ""))


PHASE_TITLE = {
    "build": "Phase 1 · To Pompeii",
    "lava_setup": "The lava comes",
    "escape": "Phase 2 · Escape!",
    "over": "Game over",
}

PANEL_R = W - 14
TURN_TOP = 130  # the "whose turn" box
ROWS_TOP = 262  # the first player row
ROW_H = 86
NAME_X = PANEL_X + 56  # where a player's name starts; it is cut to end before PANEL_R - 12
NAME_R = PANEL_R - 12
COLS = (("supply", 128), ("city", 190), ("saved", 252), ("volcano", 318), ("hand", 370))
LEGEND_Y = H - 70
BAG_X = GX - 34
STOCK_X = BAG_X + 6 * 66 + 14
DISCARD_X = STOCK_X + 80
DISCARD_KEYS = (*(str(n) for n in range(1, 12)), "omen")


def display_name(view: Mapping[str, Any], names: Sequence[str], seat: int) -> str:
    """The seat's display name, or its colour when the name is missing or blank."""
    raw = names[seat] if 0 <= seat < len(names) else None
    name = fonts.clean(raw) if isinstance(raw, str) else ""
    return name or _colour_of(view, seat).capitalize()


def _draw_static_panel(img: Image.Image, stacked: bool) -> None:
    """The parts of the panel and strip that never change (drawn into the background)."""
    d = ImageDraw.Draw(img)
    x0 = PANEL_X
    fonts.role_label(img, (x0, 34), "THE DOWNFALL OF POMPEII", "serif_bold", 20, MUTED)
    for label, cx in COLS:
        fonts.role_label(img, (x0 + cx, ROWS_TOP - 8), label, "cond", 16, MUTED, "ms")
    ly = LEGEND_Y
    d.rounded_rectangle((x0, ly, x0 + 30, ly + 22), radius=5, outline=HIGHLIGHT, width=4)
    fonts.role_label(img, (x0 + 40, ly + 18), "last turn", "cond", 16, MUTED)
    if stacked:
        d.rounded_rectangle((x0 + 130, ly, x0 + 156, ly + 24), radius=7, fill=NUMBER_INK)
        fonts.role_label(img, (x0 + 143, ly + 12), "5", "bold", 18, NUMBER_HALO, "mm")
        fonts.role_label(
            img, (x0 + 164, ly + 18), "pieces on square = move points", "cond", 16, MUTED
        )

    y0 = STRIP_Y
    fonts.role_label(img, (BAG_X, y0 + 14), "Lava tiles in the bag", "bold", 18, MUTED)
    for i, symbol in enumerate(B.SYMBOLS):
        tile = shapes.lava_tile(symbol, 56)
        img.paste(tile, (BAG_X + i * 66, y0 + 26), tile)
    fonts.role_label(img, (STOCK_X, y0 + 14), "Stock", "bold", 18, MUTED)
    d.rounded_rectangle(
        (STOCK_X, y0 + 26, STOCK_X + 56, y0 + 82),
        radius=6,
        fill=(80, 66, 54),
        outline=MUTED,
        width=2,
    )
    fonts.role_label(img, (STOCK_X + 28, y0 + 110), "cards", "cond", 16, MUTED, "ms")
    fonts.role_label(img, (DISCARD_X, y0 + 14), "Discard pile", "bold", 18, MUTED)
    for i, key in enumerate(DISCARD_KEYS):
        _discard_card(img, DISCARD_X + i * 50, y0 + 26, key, bright=False)
    fonts.role_label(img, (DISCARD_X + 11 * 50 + 21, y0 + 130), "omen", "cond", 14, MUTED, "ms")


def _discard_card(img: Image.Image, x: int, y: int, key: str, *, bright: bool) -> None:
    d = ImageDraw.Draw(img)
    colour = BUILDING_FILL[B.CARD_COLOURS[int(key)]] if key.isdigit() else (92, 52, 52)
    ink = NUMBER_INK if key.isdigit() else TEXT
    if not bright:
        colour, ink = _mix(colour, CANVAS, 0.65), _mix(ink, CANVAS, 0.5)
    d.rounded_rectangle((x, y, x + 42, y + 56), radius=6, fill=colour, outline=(20, 16, 14))
    fonts.role_label(img, (x + 21, y + 28), key if key.isdigit() else "Ω", "bold", 24, ink, "mm")


def _bright_card(key: str) -> Image.Image:
    """A discard-pile card face (with the canvas around its corners), cached."""

    def make() -> Image.Image:
        im = Image.new("RGB", (43, 57), CANVAS)
        _discard_card(im, 0, 0, key, bright=True)
        return im

    return shapes.cached(("discard card", key), make)


def _draw_panel(
    img: Image.Image, view: Mapping[str, Any], names: Sequence[str], last: LastTurn
) -> None:
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    phase = str(view.get("phase", "build"))
    fonts.role_label(img, (x0, 74), PHASE_TITLE.get(phase, phase), "bold", 28, TEXT)
    chip = _phase_chip(view)
    if chip:
        text, chip_fill = chip
        cf = fonts.font("bold", 21)
        d.rounded_rectangle((x0, 86, x0 + 24 + cf.getlength(text), 120), radius=8, fill=chip_fill)
        fonts.label(img, (x0 + 12, 111), text, cf, (255, 255, 255))

    # whose turn, and what they must decide
    pending = view.get("pending") or {}
    seat = pending.get("seat")
    y = TURN_TOP
    d.rounded_rectangle((x0, y, x1, y + 100), radius=10, fill=CARD_HI, outline=HIGHLIGHT, width=2)
    if phase == "over" or not isinstance(seat, int):
        line1, line2 = _outcome_lines(view, names)
        winners = (view.get("outcome") or {}).get("winners") or []
        lx = x0 + 16
        if len(winners) == 1 and isinstance(winners[0], int):
            _paste_centered(
                img, shapes.piece_sprite(_colour_of(view, winners[0]), 44), x0 + 34, y + 32
            )
            lx = x0 + 64
        fonts.fitted_line(img, (lx, y + 42), line1, "bold", 28, TEXT, x1 - 16)
        fonts.fitted_line(img, (x0 + 16, y + 80), line2, "regular", 20, MUTED, x1 - 16)
    else:
        colour = _colour_of(view, seat)
        _paste_centered(img, shapes.piece_sprite(colour, 44), x0 + 34, y + 32)
        right = x1 - 14
        tile = pending.get("lava_tile")
        if pending.get("kind") == "lava" and isinstance(tile, str):
            for i, symbol in enumerate(reversed(tile.split("/"))):  # the drawn tile (dual: both)
                sprite = shapes.lava_tile(symbol, 44)
                img.paste(sprite, (round(x1 - 56 - i * 48), y + 10), sprite)
            right = x1 - 66 - 48 * tile.count("/")
        fonts.fitted_line(
            img, (x0 + 64, y + 42), display_name(view, names, seat), "bold", 28, TEXT, right
        )
        fonts.fitted_line(img, (x0 + 16, y + 82), _decision(view), "regular", 20, TEXT, x1 - 16)

    # players: colour, name, and where their pieces are
    outcome = view.get("outcome") or {}
    places = [p for p in outcome.get("places") or [] if isinstance(p, int)]
    y = ROWS_TOP
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = seat == s and phase != "over"
        d.rounded_rectangle(
            (x0, y, x1, y + ROW_H - 8), radius=10, fill=CARD_HI if on_turn else CARD
        )
        if on_turn:
            d.rounded_rectangle((x0, y, x0 + 7, y + ROW_H - 8), radius=3, fill=HIGHLIGHT)
        colour = str(sv.get("colour", "red"))
        _paste_centered(img, shapes.piece_sprite(colour, 40), x0 + 30, y + 27)
        right = NAME_R
        if phase == "over" and s < len(places):  # the finishing place, gold for the winners
            place = f"#{places[s]}"
            fonts.role_label(
                img, (NAME_R, y + 34), place, "bold", 24, GOLD if places[s] == 1 else MUTED, "rs"
            )
            right = NAME_R - 48
        fonts.fitted_line(
            img, (NAME_X, y + 34), display_name(view, names, s), "bold", 24, TEXT, right
        )
        fonts.role_label(img, (x0 + 30, y + 70), colour, "cond", 16, MUTED, "ms")
        values = [sv.get(k, 0) for k in ("supply", "in_city", "saved", "volcano", "hand_size")]
        for (_label, cx), v in zip(COLS, values, strict=True):
            fonts.role_label(img, (x0 + cx, y + 70), str(v), "bold", 27, TEXT, "ms")
        y += ROW_H

    # the last turn in words
    y += 8
    fonts.role_label(img, (x0, y + 18), "Last turn", "bold", 20, MUTED)
    y += 28
    lines = last.lines or ["—"]
    room = (LEGEND_Y - 20 - y) // 30
    if len(lines) > room:  # a long turn (many relatives): its end matters most
        lines = ["…", *lines[len(lines) - room + 1 :]]
    for line in lines:
        fonts.fitted_line(img, (x0 + 4, y + 22), line, "cond", 22, TEXT, x1 - 4)
        y += 30

    tiles = view.get("tiles_placed", 0)
    out = len(view.get("tiles_out_of_play") or [])
    lava_line = f"lava tiles placed: {tiles}" + (f" · out of play: {out}" if out else "")
    fonts.role_label(img, (x0, LEGEND_Y + 50), lava_line, "cond", 16, MUTED)


def _phase_chip(view: Mapping[str, Any]) -> tuple[str, RGB] | None:
    phase = view.get("phase")
    if phase == "build" and view.get("seething"):
        return "Vesuvius seethes!", SEETHE
    if phase == "lava_setup":
        return f"Vesuvius erupts! {view.get('tiles_placed', 0)} of 6 tiles", SEETHE
    return None


def _outcome_lines(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str]:
    outcome = view.get("outcome") or {}
    winners = [w for w in outcome.get("winners", []) if isinstance(w, int)]
    scores = outcome.get("scores") or []
    who = " & ".join(display_name(view, names, w) for w in winners) or "nobody"
    verb = "win" if len(winners) > 1 else "wins"
    detail = ""
    if winners and winners[0] < len(scores):
        sc = scores[winners[0]]
        detail = f"{sc.get('saved', '?')} saved, {sc.get('volcano', '?')} in the volcano"
    return f"{who} {verb}!", detail


def _draw_strip(img: Image.Image, view: Mapping[str, Any]) -> None:
    """Under the board: lava tiles left in the bag, the stock and the discard pile."""
    y0 = STRIP_Y
    bag = view.get("bag") or {}
    for i, symbol in enumerate(B.SYMBOLS):
        n = int(bag.get(symbol, 0))
        fonts.role_label(
            img, (BAG_X + i * 66 + 28, y0 + 110), str(n), "bold", 22, TEXT if n else MUTED, "ms"
        )
    duals = sum(int(v) for k, v in bag.items() if "/" in k)
    if duals:
        fonts.role_label(img, (BAG_X, y0 + 138), f"+ {duals} dual vent", "cond", 16, MUTED)
    fonts.role_label(
        img, (STOCK_X + 28, y0 + 54), str(view.get("stock_size", 0)), "bold", 22, TEXT, "mm"
    )

    discard = view.get("discard") or {}
    top = view.get("discard_top")
    d = ImageDraw.Draw(img)
    for i, key in enumerate(DISCARD_KEYS):
        x = DISCARD_X + i * 50
        n = int(discard.get(key, 0))
        if n:
            img.paste(_bright_card(key), (x, y0 + 26))
        if key == top:
            d.rounded_rectangle(
                (x - 3, y0 + 23, x + 45, y0 + 85), radius=8, outline=HIGHLIGHT, width=4
            )
        fonts.role_label(img, (x + 21, y0 + 110), str(n), "bold", 22, TEXT if n else MUTED, "ms")


# ------------------------------------------------------------------ public entry points


def draw_board(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The public board as an RGB image (``W`` × ``H``)."""
    phase = view.get("phase", "build")
    stacked = phase in ("escape", "over")
    img = background(stacked).copy()
    last = read_last_turn(view, names)
    _draw_volcano(img, view)
    _draw_lava(img, view)
    _draw_gates(img, view)
    if stacked:
        _draw_stacks(img, view)
    else:
        _draw_pieces_on_spaces(img, view)
    _draw_last_turn(img, view, last)
    _draw_panel(img, view, names, last)
    _draw_strip(img, view)
    return img


def _sample_view(phase: str) -> dict[str, Any]:
    """A crowded synthetic position that shows every dynamic colour (for the palette)."""
    squares: dict[str, list[int]] = {}
    lava = {sq: sym for sym, sq in B.FIRST_LAVA.items()}
    if phase == "escape":  # late phase 2: lava on every other square, as often in play
        lava |= {
            sq: B.SYMBOLS[i % 6] for i, sq in enumerate(B.CITY) if i % 2 and sq not in SPACE_CENTRES
        }
    for i, sq in enumerate(B.CITY):
        if sq in lava:
            continue
        if sq in SPACE_CENTRES or phase == "escape":
            n = len(SPACE_CENTRES.get(sq, [])) or (i % 5)
            squares[sq] = [(i + k) % 4 for k in range(n + (i % 3 if phase == "escape" else 0))]
    return {
        "players": 4,
        "phase": phase,
        "seething": True,
        "seats": [
            {
                "seat": s,
                "colour": c,
                "supply": 10,
                "in_city": 5,
                "saved": 3,
                "volcano": 2,
                "hand_size": 4,
            }
            for s, c in enumerate(B.COLOURS)
        ],
        "squares": squares,
        "lava": lava,
        "gates": [{"square": sq, "open": i % 2 == 0} for i, (_g, sq, _n) in enumerate(B.GATES)],
        "stock_size": 12,
        "discard": dict.fromkeys(DISCARD_KEYS, 1),
        "discard_top": "6",
        "bag": dict(B.LAVA_COUNTS),
        "pending": {"seat": 1, "kind": "move", "moves_left": 2},
        "last_turn": {
            "events": [
                {"type": "CardPlayed", "seat": 0, "card": 6, "square": "d4"},
                {"type": "LavaPlaced", "seat": 0, "symbol": "coin", "square": "c2"},
                {"type": "PiecesBurned", "square": "c2", "seats": [0, 1, 2, 3]},
                {
                    "type": "PieceMoved",
                    "seat": 1,
                    "from": "b5",
                    "to": "b3",
                    "path": ["b5", "b4", "b3"],
                },
            ]
        },
    }


def _palette_samples() -> list[Image.Image]:
    """Images holding every colour the renders use, for the fixed palette."""
    names = ["Sample"] * 4
    volcanoes = Image.new("RGB", (3 * VOLCANO_W, VOLCANO_H), COUNTRY)
    for i, state in enumerate(("calm", "seething", "erupting")):  # each state's own colours
        sprite = _volcano(state)
        volcanoes.paste(sprite, (i * VOLCANO_W, 0), sprite)
    return [
        background(False),
        background(True),
        draw_board(_sample_view("build"), names),
        draw_board(_sample_view("escape"), names),
        draw_hand(dict(_sample_view("build"), seat=0, hand=[1, 6, 10, 3], jokers=[True] * 4), "S"),
        volcanoes,
    ]


PALETTE = png.Palette(
    _palette_samples,
    keep=[
        *shapes.PIECE_FILL.values(),
        *(HIGHLIGHT, shapes.LAVA, CANVAS, TEXT, NUMBER_INK),
        *(CRATER_CALM, shapes.LAVA_GLOW, CRATER_ERUPTING),  # small but flat: the volcano's states
    ],
)


def render_board(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    return png.encode(draw_board(view, names), PALETTE)


HAND_W, HAND_H = 900, 420


def draw_hand(view: Mapping[str, Any], name: str) -> Image.Image:
    """A player's hand: their cards with number and colour, jokers marked."""
    img = Image.new("RGB", (HAND_W, HAND_H), CANVAS)
    d = ImageDraw.Draw(img)
    seat = int(view.get("seat", 0))
    colour = _colour_of(view, seat)
    _paste_centered(img, shapes.piece_sprite(colour, 40), 40, 40)
    nf = fonts.font("bold", 28)
    fonts.draw_text(img, (72, 50), fonts.fit(f"{name}", nf, 28, 560), nf, 28, TEXT)
    sub = fonts.font("regular", 20)
    phase = str(view.get("phase", "build"))
    d.text((HAND_W - 24, 48), PHASE_TITLE.get(phase, phase), font=sub, fill=MUTED, anchor="rs")
    hand = [int(c) for c in view.get("hand") or []]
    jokers = [bool(j) for j in view.get("jokers") or []]
    card_w, card_h, gap = 190, 270, 24
    x = (HAND_W - len(hand) * card_w - max(0, len(hand) - 1) * gap) // 2 if hand else 24
    big = fonts.font("bold", 96)
    label = fonts.font("bold", 22)
    for i, card in enumerate(hand):
        joker = i < len(jokers) and jokers[i]
        cx = x + i * (card_w + gap)
        top = 84
        colour_name = B.CARD_COLOURS.get(card, "neutral")
        fill = BUILDING_FILL[colour_name]
        d.rounded_rectangle(
            (cx, top, cx + card_w, top + card_h),
            radius=16,
            fill=(250, 244, 228),
            outline=(20, 16, 14),
            width=3,
        )
        d.rounded_rectangle(
            (cx + 10, top + 10, cx + card_w - 10, top + card_h - 64),
            radius=10,
            fill=fill,
            outline=BUILDING_EDGE[colour_name],
            width=3,
        )
        d.text(
            (cx + card_w / 2, top + 100),
            str(card),
            font=big,
            fill=NUMBER_INK,
            anchor="mm",
            stroke_width=4,
            stroke_fill=NUMBER_HALO,
        )
        d.text(
            (cx + card_w / 2, top + card_h - 34),
            colour_name,
            font=label,
            fill=NUMBER_INK,
            anchor="ms",
        )
        where = " · ".join(b.squares[0][0] for b in B.BUILDINGS_BY_NUMBER.get(card, ()))
        d.text((cx + card_w / 2, top + card_h - 12), where, font=sub, fill=MUTED_INK, anchor="ms")
        if joker:
            d.rounded_rectangle(
                (cx + 18, top + 150, cx + card_w - 18, top + 192),
                radius=10,
                fill=HIGHLIGHT,
                outline=HIGHLIGHT_EDGE,
                width=3,
            )
            d.text(
                (cx + card_w / 2, top + 171),
                "★ JOKER",
                font=label,
                fill=(255, 255, 255),
                anchor="mm",
            )
    if not hand:
        d.text((HAND_W // 2, 220), "No cards in hand", font=nf, fill=MUTED, anchor="mm")
    foot = (
        "All jokers: you may call the eruption (erupt)"
        if view.get("can_erupt")
        else (
            "★ Joker: every building of that number is full: place on any free space"
            if any(jokers)
            else ""
        )
    )
    if foot:
        fonts.draw_text(img, (HAND_W / 2, HAND_H - 26), foot, sub, 20, TEXT, anchor="ms")
    return img


def render_hand(view: Mapping[str, Any], name: str) -> bytes:
    return png.encode(draw_hand(view, name), PALETTE)
