#!/usr/bin/env python3
"""Draw a development sample (dev5) of abstracts for hand annotation.

Why: the first three dev sets have been used for rule work, so they no
longer measure generalisation. dev5 is a fresh sample of 40, scored once
with the code as it was before any rule was written on it, drawn like ``benchmarks/draw_dev2.py``
(same eligibility rule, baseline cue and group sizes) with its own seed,
``random.Random(14142135)``. It EXCLUDES every record of
``tests/data/heldout.jsonl``, ``tests/data/heldout2.jsonl``, ``tests/data/dev.jsonl``, ``tests/data/dev2.jsonl``, ``tests/data/dev3.jsonl``, ``tests/data/dev4.jsonl`` (only the ``id`` field of those files is read), so no two samples
overlap and the held-out sets are never trained on.

1. ``random``: 25 abstracts drawn uniformly from the eligible records;
2. ``baseline-cue``: 15 more, same RNG (continuing), among the remaining
   eligible records that match ``BASELINE_CUE``.

Each group is written in draw order (the order ``rng.sample`` returns), the
``random`` group first, exactly as ``draw_dev.py`` does.

Usage (from the repository root)::

    python benchmarks/draw_dev5.py [CORPUS] [--out OUT] [--exclude FILE ...]

``CORPUS`` defaults to ``../shared/corpus/abstracts.jsonl``, ``OUT`` to
``tests/data/dev5.jsonl`` and the excluded files to the held-out and earlier dev samples. This set is for development only: it is never
a held-out measure. Uses the standard library only.
"""

from __future__ import annotations

import sys
from pathlib import Path

from draw_heldout import REPO_ROOT, run

SEED: int = 14142135
N_RANDOM: int = 25
N_BASELINE_CUE: int = 15
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "dev5.jsonl"
DEFAULT_EXCLUDE: tuple[Path, ...] = (
    REPO_ROOT / "tests" / "data" / "heldout.jsonl",
    REPO_ROOT / "tests" / "data" / "heldout2.jsonl",
    REPO_ROOT / "tests" / "data" / "dev.jsonl",
    REPO_ROOT / "tests" / "data" / "dev2.jsonl",
    REPO_ROOT / "tests" / "data" / "dev3.jsonl",
    REPO_ROOT / "tests" / "data" / "dev4.jsonl",
)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    return run(argv, doc=__doc__, seed=SEED, n_random=N_RANDOM, n_cue=N_BASELINE_CUE, default_out=DEFAULT_OUT,
               default_exclude=DEFAULT_EXCLUDE)


if __name__ == "__main__":
    sys.exit(main())
