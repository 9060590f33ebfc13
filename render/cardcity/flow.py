"""Lines of words and pictures: a player's badge, a name, a card, a pill of points, a volcano,
words, laid out left to right and wrapped onto further lines when they do not fit (a name
longer than a whole line is cut with "…"). The news band and the private image's head use
it, so a sentence such as "② Brutus [Wp] on g9 +16" reads as one line of large type."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

from render import fonts
from render.cardcity import art
from render.cardcity.cards import card_tile, seat_badge, statue_tile
from render.cardcity.grid import pill
from render.cardcity.layout import CANVAS, HIGHLIGHT, TEXT
from render.cardcity.tiles import paste
from render.fonts import RGB


@dataclass(frozen=True)
class Seg:
    """One piece of a line. ``kind``: ``word`` (our own words, one per piece), ``name`` (a
    display name: any script, cut only if wider than a line), ``badge`` (a seat's number),
    ``card`` (a card face, ``text`` its code), ``statue`` (a statue card of ``seat``),
    ``pill`` (points), ``volcano`` (erupting; ``text`` "calm": one still in the deck),
    ``break`` (the next piece starts a new line)."""

    kind: str
    text: str = ""
    size: int = 30
    role: str = "bold"
    colour: RGB = TEXT
    seat: int = 0
    under: RGB = CANVAS  # what a card or badge lies on


def words(text: str, size: int, role: str = "bold", colour: RGB = TEXT) -> list[Seg]:
    return [Seg("word", w, size, role, colour) for w in text.split()]


def badge(seat: int, size: int) -> Seg:
    return Seg("badge", size=size, seat=seat)


def name(text: str, size: int, colour: RGB = TEXT) -> Seg:
    return Seg("name", text, size, "bold", colour)


def _badge_r(size: int) -> int:
    return max(19, round(size * 0.58))  # its number: a font of 25 px at least


def _card_px(size: int) -> int:
    return round(size * 1.9)  # a card beside 40 px words: 76 px, its letters 10 px at 400 wide


def width_of(seg: Seg) -> float:
    if seg.kind in ("word", "name"):
        return fonts.width(seg.text, seg.role, seg.size)
    if seg.kind == "badge":
        return 2 * _badge_r(seg.size)
    if seg.kind in ("card", "statue"):
        return _card_px(seg.size)
    if seg.kind == "pill":
        return fonts.font("bold", seg.size).getlength(seg.text) + seg.size * 0.7
    if seg.kind == "volcano":
        return round(seg.size * 1.3)
    return 0.0


def _gap(seg: Seg) -> float:
    return fonts.width(" ", seg.role, seg.size) if seg.kind in ("word", "name") else 10


Placed = tuple[Seg, float]  # a piece and its left edge


def lay_out(segs: Iterable[Seg], width: float) -> list[list[Placed]]:
    """``segs`` in lines no wider than ``width`` (x from 0), breaking between pieces (never
    between a badge and the name after it); a name wider than a line is cut with "…"."""
    items = list(segs)
    lines: list[list[Placed]] = [[]]
    x = 0.0
    for i, seg in enumerate(items):
        if seg.kind == "break":
            if lines[-1]:
                lines.append([])
                x = 0.0
            continue
        piece = seg
        before = 0.0  # a badge's width and gap, when this is the name it leads
        if i and items[i - 1].kind == "badge" and lines[-1] and lines[-1][-1][0] is items[i - 1]:
            before = width_of(items[i - 1]) + _gap(items[i - 1])
        w = width_of(piece)
        if piece.kind == "name" and before + w > width:
            f = fonts.font(piece.role, piece.size)
            cut = fonts.fit(piece.text, f, piece.size, width - before)
            piece = Seg("name", cut, piece.size, piece.role, piece.colour)
            w = width_of(piece)
        ahead = 0.0  # a badge keeps the name after it on its line
        if piece.kind == "badge" and i + 1 < len(items) and items[i + 1].kind == "name":
            ahead = _gap(piece) + min(width_of(items[i + 1]), width - w - _gap(piece))
        if lines[-1] and x + w + ahead > width:
            if before and lines[-1][-1][0] is items[i - 1]:  # the badge moves with its name
                badge = lines[-1].pop()[0]
                lines.append([(badge, 0.0)])
                x = before
            else:
                lines.append([])
                x = 0.0
        lines[-1].append((piece, x))
        x += w + _gap(piece)
    return [line for line in lines if line]


def line_width(line: Sequence[Placed]) -> float:
    if not line:
        return 0.0
    seg, x = line[-1]
    return x + width_of(seg)


def draw_line(img: Image.Image, line: Sequence[Placed], x0: float, mid: float) -> None:
    """Draw one laid-out line from ``x0``, its pieces centred on the height ``mid``."""
    for seg, dx in line:
        x = x0 + dx
        w = width_of(seg)
        if seg.kind in ("word", "name"):
            f = fonts.font(seg.role, seg.size)
            base = mid + fonts.cap_height(f) / 2
            fonts.draw_text(img, (x, base), seg.text, f, seg.size, seg.colour)
        elif seg.kind == "badge":
            r = _badge_r(seg.size)
            seat_badge(img, (x + r, mid), seg.seat, r)
        elif seg.kind == "card":
            px = _card_px(seg.size)
            paste(img, card_tile(seg.text, px, seg.under), (round(x), round(mid - px / 2)))
        elif seg.kind == "statue":
            px = _card_px(seg.size)
            paste(img, statue_tile(seg.seat, px, seg.under), (round(x), round(mid - px / 2)))
        elif seg.kind == "pill":
            pill(img, (x + w / 2, mid), seg.text, seg.size, HIGHLIGHT, (255, 255, 255))
        elif seg.kind == "volcano":
            px = round(seg.size * 1.3)
            sprite = art.volcano_sprite(px, erupted=seg.text != "calm")
            img.paste(sprite, (round(x), round(mid - px / 2)), sprite)
