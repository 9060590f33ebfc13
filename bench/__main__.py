"""Run every benchmark: ``python -m bench``; some of them: ``python -m bench crash 20 dms
downfall`` (each named benchmark gets the arguments that follow its name); one alone: ``python
-m bench.crash 20``.

Each module in this package with a ``main()`` prints its own medians. A benchmark that takes
arguments has ``main(argv)``; one whose ``main()`` takes none refuses any.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys

import bench


def plan(args: list[str], names: list[str]) -> dict[str, list[str]]:
    """The benchmarks to run, each with its arguments (every one of ``names`` when ``args``
    names none)."""
    chosen: dict[str, list[str]] = {}
    current: str | None = None
    for arg in args:
        if arg in names:
            current = arg
            chosen.setdefault(arg, [])
        elif current is None:
            raise SystemExit(f"bench: no benchmark {arg!r} (benchmarks: {', '.join(names)})")
        else:
            chosen[current].append(arg)
    return chosen or {name: [] for name in names}


def run_all(args: list[str]) -> int:
    """Run the benchmarks ``args`` names (all of them if none); the exit status: 1 when one
    reported a failed check."""
    names = sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_")
    )
    status = 0
    for name, own in plan(args, names).items():
        module = importlib.import_module(f"bench.{name}")
        main = getattr(module, "main", None)
        if main is None:
            continue
        takes = bool(inspect.signature(main).parameters)
        if own and not takes:
            raise SystemExit(f"bench {name}: takes no arguments (got {' '.join(own)})")
        print(f"== bench.{name} ==", flush=True)
        result = main(own) if takes else main()
        status = max(status, result if isinstance(result, int) else 0)
    return status


if __name__ == "__main__":
    sys.exit(run_all(sys.argv[1:]))
