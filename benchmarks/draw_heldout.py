#!/usr/bin/env python3
"""Draw the held-out evaluation sample of abstracts for hand annotation.

The sample has two groups, drawn with one seeded RNG
(``random.Random(20261129)``) so that the draw is reproducible:

1. ``random``: 25 abstracts drawn uniformly at random from every eligible
   record of the corpus;
2. ``baseline-cue``: 15 more, drawn with the same RNG (continuing), among
   the remaining eligible records whose abstract names a baseline, i.e.
   matches :data:`BASELINE_CUE` (a comparison cue followed by a capitalised
   name, e.g. "outperforms GPT-4").

A record is eligible when its abstract has at least
:data:`MIN_ABSTRACT_CHARS` characters (after stripping whitespace).

Usage (from the repository root)::

    python benchmarks/draw_heldout.py [CORPUS] [--out OUT]

``CORPUS`` defaults to ``../shared/corpus/abstracts.jsonl`` and ``OUT`` to
``tests/data/heldout.jsonl``, both relative to the repository root. The
output holds one JSON object a line with the fields ``id``, ``title``,
``abstract``, ``venue`` and ``year`` copied unchanged from the corpus, the
``random`` group first, then the ``baseline-cue`` group, each in draw order.
Uses the standard library only.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

SEED: int = 20261129
N_RANDOM: int = 25
N_BASELINE_CUE: int = 15
MIN_ABSTRACT_CHARS: int = 200
KEPT_FIELDS: tuple[str, ...] = ("id", "title", "abstract", "venue", "year")

#: A comparison cue followed by a capitalised name ("outperforms GPT-4",
#: "compared with the DINO", "better than LoRA"). Case-sensitive, as a
#: simple cue: the cue words are lower case, the name starts upper case.
BASELINE_CUE: re.Pattern[str] = re.compile(
    r"\b(outperform(s|ing)?|compared (to|with)|surpass(es|ing)?|better than)"
    r"\s+(the\s+)?[A-Z][A-Za-z0-9-]+"
)

REPO_ROOT: Path = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS: Path = REPO_ROOT / ".." / "shared" / "corpus" / "abstracts.jsonl"
DEFAULT_OUT: Path = REPO_ROOT / "tests" / "data" / "heldout.jsonl"

Record = dict[str, Any]


def load_records(path: Path) -> list[Record]:
    """Read a JSONL corpus, one record a line, in file order.

    Blank lines are ignored; a line that is not valid JSON aborts with an
    error naming the line.
    """
    records: list[Record] = []
    with path.open(encoding="utf-8") as handle:
        for lineno, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{lineno}: invalid JSON: {exc}") from exc
    return records


def is_eligible(record: Record) -> bool:
    """True when the record has an abstract of at least MIN_ABSTRACT_CHARS."""
    abstract = record.get("abstract") or ""
    return isinstance(abstract, str) and len(abstract.strip()) >= MIN_ABSTRACT_CHARS


def names_baseline(record: Record) -> bool:
    """True when the abstract contains the baseline cue (see BASELINE_CUE)."""
    return BASELINE_CUE.search(record.get("abstract") or "") is not None


def draw(records: list[Record], seed: int = SEED, exclude: frozenset[str] | set[str] = frozenset(),
         n_random: int = N_RANDOM, n_cue: int = N_BASELINE_CUE) -> tuple[list[Record], list[Record]]:
    """Return the ``random`` and ``baseline-cue`` groups, never an `exclude`d id.

    Both groups come from one ``random.Random(seed)``; the second draw
    continues the RNG state left by the first and excludes the records
    already drawn.
    """
    rng = random.Random(seed)
    eligible = [r for r in records if is_eligible(r) and str(r.get("id")) not in exclude]
    if len(eligible) < n_random:
        raise SystemExit(f"only {len(eligible)} eligible records, need {n_random}")
    random_group = rng.sample(eligible, n_random)
    taken = {r["id"] for r in random_group}
    cue_pool = [r for r in eligible if r["id"] not in taken and names_baseline(r)]
    if len(cue_pool) < n_cue:
        raise SystemExit(f"only {len(cue_pool)} cue records, need {n_cue}")
    cue_group = rng.sample(cue_pool, n_cue)
    return random_group, cue_group


def excluded_ids(paths: list[Path]) -> set[str]:
    """The ``id`` of every record in `paths` (no other field is read).

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


def write_jsonl(path: Path, records: list[Record]) -> None:
    """Write the kept fields of each record, one JSON object a line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            kept = {field: record.get(field) for field in KEPT_FIELDS}
            handle.write(json.dumps(kept, ensure_ascii=False) + "\n")


def run(argv: list[str] | None, *, doc: str, seed: int, n_random: int, n_cue: int, default_out: Path,
        default_exclude: tuple[Path, ...] = ()) -> int:
    """The command line shared by every draw script; returns the process exit status."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS,
                        help="corpus JSONL (default: ../shared/corpus/abstracts.jsonl)")
    parser.add_argument("--out", type=Path, default=default_out, help=f"output JSONL (default: {default_out})")
    parser.add_argument("--exclude", type=Path, nargs="*", default=list(default_exclude),
                        help="JSONL files whose ids are never drawn")
    args = parser.parse_args(argv)
    if not args.corpus.is_file():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 1
    exclude = excluded_ids(args.exclude)
    records = load_records(args.corpus)
    random_group, cue_group = draw(records, seed, exclude, n_random, n_cue)
    write_jsonl(args.out, random_group + cue_group)
    print(f"corpus: {args.corpus} ({len(records)} records); seed {seed}; "
          f"excluded {len(exclude)} ids from {len(args.exclude)} file(s)")
    print(f"random ({len(random_group)}): " + " ".join(r["id"] for r in random_group))
    print(f"baseline-cue ({len(cue_group)}): " + " ".join(r["id"] for r in cue_group))
    print(f"wrote {len(random_group) + len(cue_group)} records to {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the process exit status."""
    return run(argv, doc=__doc__, seed=SEED, n_random=N_RANDOM, n_cue=N_BASELINE_CUE, default_out=DEFAULT_OUT)


if __name__ == "__main__":
    sys.exit(main())
