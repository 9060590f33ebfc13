"""``python -m bench``: each named benchmark gets the arguments after its name (issue 43: ``bench
crash 20`` ran 120 kills)."""

from __future__ import annotations

import pytest

from bench.__main__ import plan, run_all

NAMES = ["crash", "dms", "engine", "scale"]


def test_each_named_benchmark_gets_the_arguments_after_its_name() -> None:
    assert plan(["crash", "20", "7", "dms", "downfall"], NAMES) == {
        "crash": ["20", "7"],
        "dms": ["downfall"],
    }
    assert plan(["engine"], NAMES) == {"engine": []}


def test_no_name_runs_every_benchmark() -> None:
    assert plan([], NAMES) == {name: [] for name in NAMES}


def test_an_unknown_benchmark_is_refused_with_the_list() -> None:
    with pytest.raises(SystemExit, match=r"no benchmark 'crsh'.*crash, dms"):
        plan(["crsh", "20"], NAMES)


def test_arguments_to_a_benchmark_that_takes_none_are_refused() -> None:
    with pytest.raises(SystemExit, match="bench engine: takes no arguments"):
        run_all(["engine", "20"])


@pytest.mark.parametrize("args", [["crash", "many"], ["scale", "1", "2", "3"]])
def test_a_benchmark_refuses_arguments_it_cannot_read(args: list[str]) -> None:
    with pytest.raises(SystemExit, match="usage"):
        run_all(args)
