#!/usr/bin/env python3
"""Draw the developer's own evaluation sample (dev set) of abstracts.

Why: the seed abstracts were used to write the rules, and the held-out set
must stay unseen, so rule work needs a third, independent sample to check
that a change generalises. The draw mirrors ``benchmarks/draw_heldout.py``
(same eligibility and baseline cue) with its own seed and sizes, and it
EXCLUDES every record of ``tests/data/heldout.jsonl`` (only the ``id``
field of that file is read), so the dev and held-out sets never overlap.

1. ``random``: 20 abstracts drawn uniformly from the eligible records;
2. ``baseline-cue``: 10 more, same RNG (continuing), among the remaining
   eligible records that match ``BASELINE_CUE``.

Usage (from the repository root)::

    python benchmarks/draw_dev.py [CORPUS] [--out OUT] [--exclude HELDOUT]

Uses the standard library only.
"""

from __future__ import annotations

import sys
from pathlib import Path

from draw_heldout import REPO_ROOT, run

SEED: int = 7
N_RANDOM: int = 20
N_BASELINE_CUE: int = 10
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "dev.jsonl"
DEFAULT_EXCLUDE: tuple[Path, ...] = (
    REPO_ROOT / "tests" / "data" / "heldout.jsonl",
)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    return run(argv, doc=__doc__, seed=SEED, n_random=N_RANDOM, n_cue=N_BASELINE_CUE, default_out=DEFAULT_OUT,
               default_exclude=DEFAULT_EXCLUDE)


if __name__ == "__main__":
    sys.exit(main())
