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

import argparse
import json
import random
import sys
from pathlib import Path

from draw_heldout import (DEFAULT_CORPUS, N_BASELINE_CUE, N_RANDOM, REPO_ROOT, Record,
                          is_eligible, load_records, names_baseline, write_jsonl)

SEED: int = 424242
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "heldout2.jsonl"
DEFAULT_EXCLUDE: tuple[Path, ...] = (
    REPO_ROOT / "tests" / "data" / "heldout.jsonl",
    REPO_ROOT / "tests" / "data" / "dev.jsonl",
)


def excluded_ids(paths: list[Path]) -> set[str]:
    """The ``id`` of every record in `paths` (no other field is kept).

    A missing file aborts: silently excluding nothing would let the new
    sample overlap an existing one.
    """
    ids: set[str] = set()
    for path in paths:
        if not path.is_file():
            raise SystemExit(f"exclude file not found: {path}")
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    ids.add(str(json.loads(line)["id"]))
    return ids


def draw(records: list[Record], exclude: set[str], seed: int = SEED) -> tuple[list[Record], list[Record]]:
    """The ``random`` and ``baseline-cue`` groups, drawn with one RNG, never an excluded id."""
    rng = random.Random(seed)
    eligible = [r for r in records if is_eligible(r) and str(r.get("id")) not in exclude]
    random_group = rng.sample(eligible, N_RANDOM)
    taken = {r["id"] for r in random_group}
    cue_pool = [r for r in eligible if r["id"] not in taken and names_baseline(r)]
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
