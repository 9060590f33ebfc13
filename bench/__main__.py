"""Run every benchmark: ``python -m bench`` (or one: ``python -m bench.engine``).

Each module in this package with a ``main()`` prints its own medians.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import bench


def run_all(only: list[str]) -> None:
    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if info.name.startswith("_") or (only and info.name not in only):
            continue
        module = importlib.import_module(f"bench.{info.name}")
        if hasattr(module, "main"):
            print(f"== bench.{info.name} ==", flush=True)
            module.main()


if __name__ == "__main__":
    run_all(sys.argv[1:])
