#!/usr/bin/env python3
"""Draw a second, fresh held-out sample of abstracts for hand annotation.

Why: the first held-out set (``tests/data/heldout.jsonl``) has been scored
against while the extractor was developed, so a second sample is needed
that no rule was ever tuned on. The draw mirrors
``benchmarks/draw_heldout.py`` (same eligibility rule and baseline cue, same
group sizes) with its own seed, ``random.Random(424242)``, and it EXCLUDES
every record of ``tests/data/heldout.jsonl`` and ``tests/data/dev.jsonl``
(only the ``id`` field of those files is read), so the three sets never
overlap.

1. ``random``: 25 abstracts drawn uniformly from the eligible records;
2. ``baseline-cue``: 15 more, same RNG (continuing), among the remaining
   eligible records that match ``BASELINE_CUE``.

Usage (from the repository root)::

    python benchmarks/draw_heldout2.py [CORPUS] [--out OUT] [--exclude FILE ...]

``CORPUS`` defaults to ``../shared/corpus/abstracts.jsonl``, ``OUT`` to
``tests/data/heldout2.jsonl`` and the excluded files to the held-out and dev
samples. Uses the standard library only.
"""

from __future__ import annotations

import sys
from pathlib import Path

from draw_heldout import REPO_ROOT, run

SEED: int = 424242
N_RANDOM: int = 25
N_BASELINE_CUE: int = 15
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "heldout2.jsonl"
DEFAULT_EXCLUDE: tuple[Path, ...] = (
    REPO_ROOT / "tests" / "data" / "heldout.jsonl",
    REPO_ROOT / "tests" / "data" / "dev.jsonl",
)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    return run(argv, doc=__doc__, seed=SEED, n_random=N_RANDOM, n_cue=N_BASELINE_CUE, default_out=DEFAULT_OUT,
               default_exclude=DEFAULT_EXCLUDE)


if __name__ == "__main__":
    sys.exit(main())
