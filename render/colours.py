"""Colour science for choosing seat colours (issue 45): how a colour looks to a dichromat, and
how far apart two colours look. Standard library only; used by the renderers' tests (and any
renderer that wants to check a colour it draws).

- ``simulate(rgb, vision)``: an sRGB colour as seen with ``"protanopia"``, ``"deuteranopia"`` or
  ``"tritanopia"`` (``"normal"``: unchanged), by the model of G. M. Machado, M. M. Oliveira and
  L. A. F. Fernandes, "A Physiologically-based Model for Simulation of Color Vision
  Deficiency", IEEE TVCG 15(6), 2009 (doi:10.1109/TVCG.2009.113): their precomputed matrices
  for severity 1.0 (the table on the paper's web page), applied in linear RGB: sRGB decoded
  (IEC 61966-2-1), the matrix, clamped to [0, 1], encoded again.
- ``lab(rgb)``: CIELAB (D65 white; the sRGB → XYZ matrix of IEC 61966-2-1, to 7 digits as
  B. Lindbloom's tables give it).
- ``contrast_ratio(a, b)``: WCAG 2.x contrast ratio (relative luminance, W3C WCAG 2.1 §1.4.3).
- ``delta_e(a, b)``: CIEDE2000 between two sRGB colours, ``delta_e00`` between two L*a*b*
  triples, as written in G. Sharma, W. Wu and E. N. Dalal, "The CIEDE2000 Color-Difference
  Formula: Implementation Notes, Supplementary Test Data, and Mathematical Observations",
  Color Research & Application 30(1), 2005 (equations 1–21; k_L = k_C = k_H = 1). Their test
  data check it (``tests/render/test_colours.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. 2009, severity 1.0: linear RGB in, linear RGB out."""

VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")

# sRGB (linear) → XYZ, D65 (IEC 61966-2-1), and the D65 white point (Y = 1)
_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = (0.95047, 1.0, 1.08883)


def to_linear(v: int) -> float:
    """An sRGB channel (0–255) as linear light (0–1)."""
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c: float) -> int:
    """Linear light (clamped to 0–1) as an sRGB channel (0–255)."""
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def _apply(m: Matrix, v: Sequence[float]) -> tuple[float, float, float]:
    x, y, z = (row[0] * v[0] + row[1] * v[1] + row[2] * v[2] for row in m)
    return x, y, z


def simulate(rgb: RGB, vision: str) -> RGB:
    """``rgb`` as a viewer with ``vision`` (one of ``VISIONS``) sees it."""
    if vision == "normal":
        return rgb
    r, g, b = (to_srgb(c) for c in _apply(MACHADO[vision], [to_linear(v) for v in rgb]))
    return r, g, b


def lab(rgb: RGB) -> Lab:
    """CIELAB (D65) of an sRGB colour."""
    xyz = _apply(_XYZ, [to_linear(v) for v in rgb])

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(c / w) for c, w in zip(xyz, _WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e00(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference of two L*a*b* colours (Sharma, Wu & Dalal 2005)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)

    def hue(a: float, b: float) -> float:
        return 0.0 if a == 0 and b == 0 else math.degrees(math.atan2(b, a)) % 360

    h1p, h2p = hue(a1p, b1), hue(a2p, b2)
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))

    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dhh / s_h) ** 2 + r_t * (dc / s_c) * (dhh / s_h)
    )


def delta_e(a: RGB, b: RGB, vision: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as a viewer with ``vision`` sees them."""
    return delta_e00(lab(simulate(a, vision)), lab(simulate(b, vision)))


def hex_rgb(code: str) -> RGB:
    """``"#E69F00"`` → ``(230, 159, 0)``."""
    code = code.lstrip("#")
    r, g, b = (int(code[i : i + 2], 16) for i in (0, 2, 4))
    return r, g, b


def luminance(rgb: RGB) -> float:
    """WCAG 2.x relative luminance of an sRGB colour (0 black – 1 white)."""
    r, g, b = (to_linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2.x contrast ratio of two colours (1 – 21): at least 7 is the enhanced level for
    text (success criterion 1.4.6), 3 the level for graphical objects (1.4.11)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
