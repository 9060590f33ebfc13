"""render.colours: the dichromat simulation (Machado et al. 2009) and CIEDE2000 (Sharma et al.
2005), checked against values they publish and against what they are known to do."""

from __future__ import annotations

import pytest

from render import colours as C

SHARMA = [
    # (L1, a1, b1), (L2, a2, b2), ΔE00: pairs 1, 7, 15, 17, 19, 21, 25, 31 and 34 of the test
    # data in Sharma, Wu & Dalal 2005, Table 1 (the pairs that exercise the hue wrap, a grey,
    # the rotation term, large and small differences)
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_sharmas_test_data(lab1: C.Lab, lab2: C.Lab, expected: float) -> None:
    assert C.delta_e00(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert C.delta_e00(lab2, lab1) == pytest.approx(expected, abs=5e-5)  # symmetric


def test_identical_colours_differ_by_nothing() -> None:
    for rgb in ((0, 0, 0), (255, 255, 255), (214, 40, 40), (86, 180, 233)):
        for vision in C.VISIONS:
            assert C.delta_e(rgb, rgb, vision) == 0


def test_lab_of_white_black_and_red() -> None:
    assert C.lab((255, 255, 255)) == pytest.approx((100, 0, 0), abs=0.01)
    assert C.lab((0, 0, 0)) == pytest.approx((0, 0, 0), abs=1e-9)
    # sRGB red: L* 53.24, a* 80.09, b* 67.20 (the usual published value)
    assert C.lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


def test_the_simulations_keep_greys() -> None:
    for vision in C.VISIONS:  # every matrix row sums to 1: a grey stays that grey
        for v in (0, 64, 128, 200, 255):
            assert C.simulate((v, v, v), vision) == (v, v, v)


def test_red_and_green_become_close_for_red_green_dichromats() -> None:
    red, green = (255, 0, 0), (0, 255, 0)
    assert C.delta_e(red, green) > 80
    assert C.delta_e(red, green, "deuteranopia") < C.delta_e(red, green) / 4
    # a protanope sees red dimmed: the two differ then in lightness, much less in hue
    assert C.delta_e(red, green, "protanopia") < C.delta_e(red, green) / 2
    assert C.lab(C.simulate(red, "protanopia"))[0] < 42 < C.lab(red)[0]
    # a red and a green of the same lightness: nearly one colour (Machado's Fig. 1 kind)
    assert C.delta_e((200, 60, 0), (90, 130, 0), "deuteranopia") < 5
    assert C.delta_e((200, 60, 0), (90, 130, 0)) > 40
    # the tritanope's pair instead: a blue and a green
    assert C.delta_e((0, 130, 200), (0, 160, 80), "tritanopia") < 12
    assert C.delta_e((0, 130, 200), (0, 160, 80), "deuteranopia") > 40


def test_machados_matrices_on_pure_red_and_green() -> None:
    # a primary becomes its matrix column, encoded: red is dimmed to an olive for a protanope
    assert C.simulate((255, 0, 0), "protanopia") == (109, 95, 0)
    assert C.simulate((255, 0, 0), "deuteranopia") == (163, 144, 0)
    assert C.simulate((0, 255, 0), "deuteranopia") == (239, 214, 58)


def test_hex() -> None:
    assert C.hex_rgb("#E69F00") == (230, 159, 0)
