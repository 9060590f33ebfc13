"""The data set of Pompeii (the worker game) as JSON files, read by ``engine.workers.catalog``.

Every record carries ``provenance``: ``rulebook``, ``inferred`` or ``adaptation``. Generated once
by ``tools/gen_workers_data.py``; replace the files to use another (official) data set.
"""
