"""The tables behind the worker game's data set (``tools/gen_workers_data.py`` writes them as
``engine/workers/data/*.json``): ``tables`` (goods, buildings, the board, effect texts),
``cards`` (specialists and city cards), ``volcano`` (the volcano sets, drawn with a fixed seed)."""
