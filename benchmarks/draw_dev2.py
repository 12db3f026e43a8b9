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

import argparse
import random
import sys
from pathlib import Path

from draw_heldout import (BASELINE_CUE, DEFAULT_CORPUS, KEPT_FIELDS, REPO_ROOT, Record,  # noqa: F401
                          is_eligible, load_records, names_baseline, write_jsonl)
from draw_heldout2 import excluded_ids

SEED: int = 31337
N_RANDOM: int = 25
N_BASELINE_CUE: int = 15
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "dev2.jsonl"
DEFAULT_EXCLUDE: tuple[Path, ...] = (
    REPO_ROOT / "tests" / "data" / "heldout.jsonl",
    REPO_ROOT / "tests" / "data" / "heldout2.jsonl",
    REPO_ROOT / "tests" / "data" / "dev.jsonl",
)


def draw(records: list[Record], exclude: set[str], seed: int = SEED) -> tuple[list[Record], list[Record]]:
    """The ``random`` and ``baseline-cue`` groups, drawn with one RNG, never an excluded id."""
    rng = random.Random(seed)
    eligible = [r for r in records if is_eligible(r) and str(r.get("id")) not in exclude]
    if len(eligible) < N_RANDOM:
        raise SystemExit(f"only {len(eligible)} eligible records, need {N_RANDOM}")
    random_group = rng.sample(eligible, N_RANDOM)
    taken = {r["id"] for r in random_group}
    cue_pool = [r for r in eligible if r["id"] not in taken and names_baseline(r)]
    if len(cue_pool) < N_BASELINE_CUE:
        raise SystemExit(f"only {len(cue_pool)} cue records, need {N_BASELINE_CUE}")
    cue_group = rng.sample(cue_pool, N_BASELINE_CUE)
    return random_group, cue_group


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--exclude", type=Path, nargs="+", default=list(DEFAULT_EXCLUDE))
    args = parser.parse_args(argv)
    if not args.corpus.is_file():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 1
    exclude = excluded_ids(args.exclude)
    random_group, cue_group = draw(load_records(args.corpus), exclude)
    write_jsonl(args.out, random_group + cue_group)
    print(f"seed: {SEED}; excluded {len(exclude)} ids from {len(args.exclude)} files")
    print(f"random ({len(random_group)}): " + " ".join(r["id"] for r in random_group))
    print(f"baseline-cue ({len(cue_group)}): " + " ".join(r["id"] for r in cue_group))
    print(f"wrote {len(random_group) + len(cue_group)} records to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
