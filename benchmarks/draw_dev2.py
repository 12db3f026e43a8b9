#!/usr/bin/env python3
"""Draw a second development sample (dev2) of abstracts for hand annotation.

Why: the first dev set (``tests/data/dev.jsonl``, 30 abstracts) has been
used for rule work, so a larger, fresh development sample is needed to check
that rule changes generalise, while both held-out sets stay unseen. The draw
mirrors ``benchmarks/draw_dev.py`` and ``benchmarks/draw_heldout2.py`` (same
eligibility rule and baseline cue) with its own seed,
``random.Random(31337)``, and it EXCLUDES every record of
``tests/data/heldout.jsonl``, ``tests/data/heldout2.jsonl`` and
``tests/data/dev.jsonl`` (only the ``id`` field of those files is read), so
the four sets never overlap.

1. ``random``: 25 abstracts drawn uniformly from the eligible records;
2. ``baseline-cue``: 15 more, same RNG (continuing), among the remaining
   eligible records that match ``BASELINE_CUE``.

Each group is written in draw order (the order ``rng.sample`` returns), the
``random`` group first, exactly as ``draw_dev.py`` does.

Usage (from the repository root)::

    python benchmarks/draw_dev2.py [CORPUS] [--out OUT] [--exclude FILE ...]

``CORPUS`` defaults to ``../shared/corpus/abstracts.jsonl``, ``OUT`` to
``tests/data/dev2.jsonl`` and the excluded files to the two held-out samples
and the first dev sample. This set is for development only: it is never a
held-out measure. Uses the standard library only.
"""

from __future__ import annotations

import sys
from pathlib import Path

from draw_heldout import REPO_ROOT, run

SEED: int = 31337
N_RANDOM: int = 25
N_BASELINE_CUE: int = 15
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "dev2.jsonl"
DEFAULT_EXCLUDE: tuple[Path, ...] = (
    REPO_ROOT / "tests" / "data" / "heldout.jsonl",
    REPO_ROOT / "tests" / "data" / "heldout2.jsonl",
    REPO_ROOT / "tests" / "data" / "dev.jsonl",
)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    return run(argv, doc=__doc__, seed=SEED, n_random=N_RANDOM, n_cue=N_BASELINE_CUE, default_out=DEFAULT_OUT,
               default_exclude=DEFAULT_EXCLUDE)


if __name__ == "__main__":
    sys.exit(main())
