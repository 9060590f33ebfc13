"""Fonts: find what the machine has, cache it per thread, and draw any display name.

The renderer must work with whatever fonts are installed. It prefers DejaVu (Debian's
``fonts-dejavu-core``), uses any other font it finds for glyphs DejaVu lacks (Noto, Droid
Sans Fallback for CJK, Noto Color Emoji), and falls back to Pillow's built-in font.

FreeType faces are not safe to share between threads, so every thread keeps its own
``FreeTypeFont`` objects; the list of font files is discovered once for the process.
"""

from __future__ import annotations

import os
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render import legible, palette

AnyFont = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]

FONT_DIRS = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local/share/fonts",
)

# role -> preferred font files, best first (matched by file name anywhere under FONT_DIRS)
ROLES: dict[str, tuple[str, ...]] = {
    "regular": ("DejaVuSans.ttf", "NotoSans-Regular.ttf", "LiberationSans-Regular.ttf"),
    "bold": ("DejaVuSans-Bold.ttf", "NotoSans-Bold.ttf", "LiberationSans-Bold.ttf"),
    "cond": ("DejaVuSansCondensed.ttf", "DejaVuSans.ttf", "NotoSans-Regular.ttf"),
    "cond_bold": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf", "NotoSans-Bold.ttf"),
    "serif_bold": ("DejaVuSerif-Bold.ttf", "NotoSerif-Bold.ttf", "DejaVuSans-Bold.ttf"),
}

# Fonts tried, in order, for characters the role's font lacks.
FALLBACKS: tuple[str, ...] = (
    "DejaVuSans.ttf",
    "NotoSans-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoNaskhArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansCJK-Regular.ttc",
    "NotoSansCJKjp-Regular.otf",
    "DroidSansFallbackFull.ttf",
    "DroidSansFallback.ttf",
    "NotoSansSymbols2-Regular.ttf",
    "NotoSansSymbols-Regular.ttf",
    "unifont.otf",
    "NotoColorEmoji.ttf",
)
COLOR_EMOJI = "NotoColorEmoji.ttf"
COLOR_EMOJI_SIZE = 109  # the only size the bitmap emoji font offers

ELLIPSIS = "…"
_PROBE = "\U000f0000"  # a private-use code point no font maps: renders as .notdef

_discover_lock = threading.Lock()
_found: dict[str, dict[str, Path]] = {}  # "files" -> file name -> path, once discovered
_local = threading.local()
_generation = [0]  # bumped by reset_discovery so every thread drops its cached fonts
_MAX_PER_THREAD = 50_000  # cached fonts, glyph checks and layouts: start afresh beyond this


def _discover() -> dict[str, Path]:
    """File name -> path of every font file under FONT_DIRS (first one found wins)."""
    files = _found.get("files")
    if files is not None:
        return files
    with _discover_lock:
        files = _found.get("files")
        if files is None:
            files = _found["files"] = _scan()
    return files


def _scan() -> dict[str, Path]:
    """Walk FONT_DIRS in a fixed order; the first file of a name wins."""
    files: dict[str, Path] = {}
    for root in FONT_DIRS:
        if not root.is_dir():
            continue
        for dirpath, _dirs, names in sorted(os.walk(root)):
            for name in sorted(names):
                if name.lower().endswith((".ttf", ".otf", ".ttc")):
                    files.setdefault(name, Path(dirpath) / name)
    return files


def reset_discovery(files: dict[str, Path] | None = None) -> None:
    """Use ``files`` as the installed fonts (``None``: look again); tests simulate machines."""
    with _discover_lock:
        if files is None:
            _found.pop("files", None)
        else:
            _found["files"] = dict(files)
        _generation[0] += 1


def generation() -> int:
    """Changes whenever the set of fonts changes (keys for caches of drawn text)."""
    return _generation[0]


def _cache() -> dict[object, object]:
    cache: dict[object, object] | None = getattr(_local, "cache", None)
    stale = getattr(_local, "generation", -1) != _generation[0]
    if cache is None or stale or len(cache) > _MAX_PER_THREAD:
        cache = {}
        _local.cache = cache
        _local.generation = _generation[0]
    return cache


def font(role: str, size: int) -> AnyFont:
    """The font for ``role`` at ``size`` px, cached per thread; Pillow's own font if none."""
    key = ("font", role, size)
    cache = _cache()
    hit = cache.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    files = _discover()
    loaded: AnyFont | None = None
    for name in ROLES.get(role, ROLES["regular"]):
        path = files.get(name)
        if path is not None:
            try:
                loaded = ImageFont.truetype(str(path), size)
                break
            except OSError:
                continue
    if loaded is None:
        loaded = ImageFont.load_default(size)
    cache[key] = loaded
    return loaded


def has_real_fonts() -> bool:
    """Whether every role's first-choice font (DejaVu: Debian's ``fonts-dejavu-core`` and
    ``fonts-dejavu-extra``) is installed: the golden images are drawn with them."""
    files = _discover()
    return all(choices[0] in files for choices in ROLES.values())


@dataclass(frozen=True)
class _Fallback:
    name: str
    font: ImageFont.FreeTypeFont
    bitmap: bool  # a colour bitmap font: render at its own size, then scale


def _fallbacks(size: int) -> list[_Fallback]:
    key = ("fallbacks", size)
    cache = _cache()
    hit = cache.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    files = _discover()
    out: list[_Fallback] = []
    for name in FALLBACKS:
        path = files.get(name)
        if path is None:
            continue
        bitmap = name == COLOR_EMOJI
        try:
            f = ImageFont.truetype(str(path), COLOR_EMOJI_SIZE if bitmap else size)
        except OSError:
            continue
        out.append(_Fallback(name, f, bitmap))
    cache[key] = out
    return out


def _is_emoji(ch: str) -> bool:
    cp = ord(ch)
    return 0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or 0x2B00 <= cp <= 0x2BFF


def _covers(f: AnyFont, ch: str, *, bitmap: bool = False) -> bool:
    """Whether ``f`` has a glyph for ``ch`` (its mask differs from the .notdef box)."""
    if bitmap:
        return _is_emoji(ch)
    if not isinstance(f, ImageFont.FreeTypeFont):
        return ch.isascii()
    cache = _cache()
    key = ("covers", f.path, f.size, ch)
    hit = cache.get(key)
    if hit is not None:
        return bool(hit)
    nkey = ("notdef", f.path, f.size)
    notdef = cache.get(nkey)
    if notdef is None:
        notdef = bytes(f.getmask(_PROBE))
        cache[nkey] = notdef
    ok = bytes(f.getmask(ch)) != notdef
    cache[key] = ok
    return ok


def _joins(ch: str) -> bool:
    """Characters that belong to the previous one (marks, joiners, variation selectors)."""
    return (
        unicodedata.category(ch) in ("Mn", "Me", "Cf")
        or 0xFE00 <= ord(ch) <= 0xFE0F
        or (0x1F3FB <= ord(ch) <= 0x1F3FF)
    )


@dataclass(frozen=True)
class Run:
    text: str
    font: AnyFont
    bitmap: bool


def clean(text: str) -> str:
    """Drop control characters and fold runs of whitespace into one space."""
    spaced = "".join(" " if ch.isspace() else ch for ch in text)
    kept = "".join(ch for ch in spaced if unicodedata.category(ch) != "Cc")
    return " ".join(kept.split())


def runs(text: str, primary: AnyFont, size: int) -> list[Run]:
    """Split ``text`` into runs, each drawn with a font that has its glyphs.

    Works per grapheme (a base character with its marks, joiners and modifiers); a grapheme
    no installed font can draw becomes one "?" rather than a row of empty boxes.
    """
    out: list[Run] = []
    if all(_covers(primary, ch) or ch == " " or _joins(ch) for ch in text):
        return [Run(text, primary, False)] if text else []
    fallbacks = _fallbacks(size)
    cur_font: AnyFont = primary
    cur_bitmap = False
    buf = ""
    for grapheme in _graphemes(text):
        base = grapheme[0]
        if buf and base == " " and not cur_bitmap:
            buf += grapheme
            continue
        chosen: AnyFont = primary
        bitmap = False
        if not _covers(primary, base):
            for fb in fallbacks:
                if _covers(fb.font, base, bitmap=fb.bitmap):
                    chosen, bitmap = fb.font, fb.bitmap
                    break
            else:
                grapheme = "?"  # noqa: PLW2901  (a visible stand-in rather than boxes)
        if buf and chosen is not cur_font:
            out.append(Run(buf, cur_font, cur_bitmap))
            buf = ""
        cur_font, cur_bitmap = chosen, bitmap
        buf += grapheme
    if buf:
        out.append(Run(buf, cur_font, cur_bitmap))
    return out


def _run_width(run: Run, size: int) -> float:
    if run.bitmap:
        return run.font.getlength(run.text) * size / COLOR_EMOJI_SIZE
    return run.font.getlength(run.text)


def text_width(text: str, primary: AnyFont, size: int) -> float:
    return sum(_run_width(r, size) for r in runs(text, primary, size))


def _graphemes(text: str) -> Iterator[str]:
    buf = ""
    for ch in text:
        if buf and not _joins(ch) and buf[-1] != "\u200d":
            yield buf
            buf = ""
        buf += ch
    if buf:
        yield buf


_fits: dict[tuple[object, ...], str] = {}


def fit(text: str, primary: AnyFont, size: int, max_width: float) -> str:
    """``text`` cut (at a character boundary, with an ellipsis) to fit ``max_width`` px."""
    key = (*_font_key(primary), text, size, max_width)
    hit = _fits.get(key)
    if hit is None:
        hit = _fit(text, primary, size, max_width)
        if len(_fits) >= _MAX_MASKS:
            _fits.clear()
        _fits[key] = hit
    return hit


def _fit(text: str, primary: AnyFont, size: int, max_width: float) -> str:
    text = clean(text)
    if text_width(text, primary, size) <= max_width:
        return text
    parts = list(_graphemes(text))
    lo, hi = 0, len(parts)
    while lo < hi:  # the longest prefix that fits together with the ellipsis
        mid = (lo + hi + 1) // 2
        candidate = "".join(parts[:mid]).rstrip() + ELLIPSIS
        if text_width(candidate, primary, size) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return "".join(parts[:lo]).rstrip() + ELLIPSIS


def draw_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    primary: AnyFont,
    size: int,
    fill: RGB,
    *,
    anchor: str = "ls",
) -> float:
    """Draw ``text`` (any script) with fallback fonts; returns its width.

    ``anchor`` is ``"l"``/``"m"``/``"r"`` horizontally plus ``"s"`` (baseline) or ``"m"``.
    """
    key = ("layout", *_font_key(primary), text, size)
    cache = _cache()  # per thread: the runs hold this thread's font objects
    layout: list[tuple[Run, float]] | None = cache.get(key)  # type: ignore[assignment]
    if layout is None:
        layout = [(r, _run_width(r, size)) for r in runs(text, primary, size)]
        cache[key] = layout
    width = sum(w for _r, w in layout)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    vert = anchor[1]
    for run, run_width in layout:
        if run.bitmap:
            _draw_bitmap_run(img, (x, y), run, size, vert)
        else:
            label(img, (x, y), run.text, run.font, fill, anchor="l" + vert)
        x += run_width
    return width


def _draw_bitmap_run(
    img: Image.Image, xy: tuple[float, float], run: Run, size: int, vert: str
) -> None:
    f = run.font
    left, top, right, bottom = f.getbbox(run.text, mode="RGBA", anchor="ls")
    w, h = max(1, int(right - left)), max(1, int(bottom - top))
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((-left, -top), run.text, font=f, anchor="ls", embedded_color=True)
    scale = size / COLOR_EMOJI_SIZE
    tile = tile.resize(
        (max(1, round(w * scale)), max(1, round(h * scale))), Image.Resampling.LANCZOS
    )
    x, y = xy
    if vert == "m":
        y += size * 0.35  # roughly the baseline of a middle-anchored line
    dest = (round(x + left * scale), round(y + top * scale))
    img.paste(tile, dest, tile)


# ------------------------------------------------------------------ cached labels

_MAX_MASKS = 4096
_masks: dict[tuple[object, ...], tuple[Image.Image, int, int]] = {}


def _font_key(f: AnyFont) -> tuple[object, ...]:
    if isinstance(f, ImageFont.FreeTypeFont):
        return (str(f.path), f.size, f.index, _generation[0])
    return ("builtin", id(f), _generation[0])


def _mask(f: AnyFont, text: str, anchor: str, stroke: int) -> tuple[Image.Image, int, int]:
    """The coverage mask of ``text`` and its offset from the anchor point (cached)."""
    key = (*_font_key(f), text, anchor, stroke)
    hit = _masks.get(key)
    if hit is not None:
        return hit
    left, top, right, bottom = (
        round(v) for v in f.getbbox(text, anchor=anchor, stroke_width=stroke)
    )
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=f, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
    )
    if len(_masks) >= _MAX_MASKS:
        _masks.clear()
    entry = (mask, left, top)
    _masks[key] = entry
    return entry


def label(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    f: AnyFont,
    fill: RGB,
    *,
    anchor: str = "ls",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Draw a one-font label (numbers, fixed words) from a cached mask: fast for repeats."""
    if not text:
        return
    x, y = round(xy[0]), round(xy[1])
    log: list[Drawn] | None = getattr(_recorder, "log", None)
    mask, left, top = _mask(f, text, anchor, 0)
    ground: RGB | None = None
    if log is not None or (not stroke and palette.is_contrast()):
        ground = stroke_fill or legible.ground(img, (x + left, y + top), mask)
        halo = None
        if not stroke and ground is not None and palette.is_contrast():
            halo = legible.halo(fill, ground)
        if halo is not None:  # high contrast: a halo where the ground is too close to the text
            stroke, stroke_fill = legible.halo_width(cap_height(f)), halo
            ground = halo
    if stroke and stroke_fill is not None:
        smask, sl, st = _mask(f, text, anchor, stroke)
        img.paste(stroke_fill, (x + sl, y + st), smask)
    img.paste(fill, (x + left, y + top), mask)
    if log is not None:
        dx, dy = getattr(_recorder, "shift", (0, 0))
        x, y = x + dx, y + dy
        box = (x + left, y + top, x + left + mask.width, y + top + mask.height)
        log.append(Drawn(text, cap_height(f), box, tuple(fill[:3]), ground))  # type: ignore[arg-type]


def role_label(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    role: str,
    size: int,
    fill: RGB,
    anchor: str = "ls",
) -> None:
    """A fixed label (numbers, our own words) in ``role`` at ``size``: from a cached mask."""
    label(img, xy, text, font(role, size), fill, anchor=anchor)


def fitted_line(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    role: str,
    size: int,
    fill: RGB,
    right: float,
) -> None:
    """A line holding display names (any script): fallback fonts, cut with "…" to end before
    ``right``."""
    f = font(role, size)
    draw_text(img, xy, fit(text, f, size, right - xy[0]), f, size, fill)


def wrap(text: str, role: str, size: int, width: float, first: float | None = None) -> list[str]:
    """``text`` broken into lines (at spaces) that each fit ``width`` px in ``role`` at
    ``size`` (the first line: ``first`` px, when it starts after something else; it may then be
    empty). Only a single word wider than a whole line is cut, with "…"."""
    f = font(role, size)
    widths = [width if first is None else first]
    space = _word_width(" ", f, size)
    lines: list[str] = []
    line, used = "", 0.0
    for word in clean(text).split(" "):
        w = _word_width(word, f, size)
        full = first is None or len(widths) > 1  # a whole line: a lone long word stays on it
        if (used + space + w if line else w) <= widths[-1] - 1 or (not line and full):
            line, used = (f"{line} {word}", used + space + w) if line else (word, w)
            continue
        lines.append(line)
        widths.append(width)
        line, used = word, w
    lines.append(line)
    return [fit(one, f, size, w) for one, w in zip(lines, widths, strict=True)]


def _word_width(word: str, f: AnyFont, size: int) -> float:
    """The width of ``word`` (any text), cached per thread: words and labels repeat from image
    to image, and measuring costs as much as drawing."""
    key = ("width", *_font_key(f), word, size)
    cache = _cache()
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = text_width(word, f, size)
    return float(hit)  # type: ignore[arg-type]


def width(text: str, role: str, size: int) -> float:
    """The width of ``text`` in ``role`` at ``size`` px (cached)."""
    return _word_width(text, font(role, size), size)


def draw_lines(
    img: Image.Image,
    xy: tuple[float, float],
    lines: Sequence[str],
    role: str,
    size: int,
    fill: RGB,
    line_height: float,
    first_x: float | None = None,
) -> float:
    """Draw ``lines`` (from :func:`wrap`) down from the baseline at ``xy``, the first one from
    ``first_x`` when it continues something else; returns the baseline after the last."""
    f = font(role, size)
    x, y = xy
    for i, line in enumerate(lines):
        draw_text(img, (first_x if i == 0 and first_x is not None else x, y), line, f, size, fill)
        y += line_height
    return y


def cap_height(f: AnyFont) -> float:
    """The height of a capital letter above the baseline, in px."""
    if isinstance(f, ImageFont.FreeTypeFont):
        return float(-f.getbbox("H", anchor="ls")[1])
    return float(f.getbbox("H")[3] - f.getbbox("H")[1])


# ------------------------------------------------------------------ what was drawn (tests)


@dataclass(frozen=True)
class Drawn:
    """One piece of text drawn by :func:`label` (every text function ends there)."""

    text: str
    cap: float  # cap height of its font, px
    box: tuple[int, int, int, int]  # where its pixels went
    fill: RGB | None = None  # its colour
    ground: RGB | None = None  # the colour under it (``None``: a clear sprite's)


_recorder = threading.local()


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text this thread draws meanwhile (to measure what a player can read)."""
    log: list[Drawn] = []
    before = getattr(_recorder, "log", None)
    _recorder.log = log
    try:
        yield log
    finally:
        _recorder.log = before


@contextmanager
def recorded_at(dx: int, dy: int) -> Iterator[None]:
    """Texts drawn meanwhile are recorded ``dx``, ``dy`` px further right and down: they go onto
    a part of a picture drawn on its own and then pasted there, and :func:`recording` should
    log where they end up."""
    before: tuple[int, int] = getattr(_recorder, "shift", (0, 0))
    _recorder.shift = (before[0] + dx, before[1] + dy)
    try:
        yield
    finally:
        _recorder.shift = before


def shift() -> tuple[int, int]:
    """How far texts drawn now are recorded from where they are drawn (:func:`recorded_at`)."""
    dx, dy = getattr(_recorder, "shift", (0, 0))
    return int(dx), int(dy)


def replay(drawn: Sequence[Drawn], dx: int, dy: int) -> None:
    """Log ``drawn`` shifted by ``(dx, dy)``, as if drawn now (only while :func:`recording`):
    the texts of a cached tile (kept from when it was drawn) where the tile is pasted."""
    log: list[Drawn] | None = getattr(_recorder, "log", None)
    if log is not None:
        log.extend(
            replace(d, box=(d.box[0] + dx, d.box[1] + dy, d.box[2] + dx, d.box[3] + dy))
            for d in drawn
        )
