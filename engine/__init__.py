"""Pure game rules: one package per game, standard library only (no I/O, clock or global RNG)."""
