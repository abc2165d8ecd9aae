"""Seeds of the environments."""

from __future__ import annotations

import secrets


def fresh_seed(seed: int | None) -> int:
    """``seed`` as the engines take it (0 to 2**64 - 1), or a fresh one when ``None``."""
    if seed is None:
        return secrets.randbits(64)
    seed = int(seed)
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be between 0 and 2**64 - 1, not {seed}")
    return seed
