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

import argparse
import json
import random
import sys
from pathlib import Path

from draw_heldout import (BASELINE_CUE, DEFAULT_CORPUS, KEPT_FIELDS, REPO_ROOT, Record,  # noqa: F401
                          is_eligible, load_records, names_baseline, write_jsonl)

SEED: int = 7
N_RANDOM: int = 20
N_BASELINE_CUE: int = 10
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "dev.jsonl"
DEFAULT_EXCLUDE: Path = REPO_ROOT / "tests" / "data" / "heldout.jsonl"


def excluded_ids(path: Path) -> set[str]:
    """The ``id`` of every record in `path` (nothing else is looked at)."""
    if not path.is_file():
        return set()
    ids: set[str] = set()
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                ids.add(str(json.loads(line)["id"]))
    return ids


def draw(records: list[Record], exclude: set[str], seed: int = SEED) -> tuple[list[Record], list[Record]]:
    """The ``random`` and ``baseline-cue`` groups, drawn with one RNG, never an excluded id."""
    rng = random.Random(seed)
    eligible = [r for r in records if is_eligible(r) and r.get("id") not in exclude]
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
    parser.add_argument("--exclude", type=Path, default=DEFAULT_EXCLUDE)
    args = parser.parse_args(argv)
    if not args.corpus.is_file():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 1
    exclude = excluded_ids(args.exclude)
    random_group, cue_group = draw(load_records(args.corpus), exclude)
    write_jsonl(args.out, random_group + cue_group)
    print(f"seed: {SEED}; excluded {len(exclude)} held-out ids")
    print(f"random ({len(random_group)}): " + " ".join(r["id"] for r in random_group))
    print(f"baseline-cue ({len(cue_group)}): " + " ".join(r["id"] for r in cue_group))
    print(f"wrote {len(random_group) + len(cue_group)} records to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
