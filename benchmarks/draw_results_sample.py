#!/usr/bin/env python3
"""Draw a sample of reported values for hand annotation of what each value is of.

The F1 samples of ``tests/data`` score the paper-level relations; they say
nothing about the ``kg:Result`` records (which method, metric, dataset and
baseline a number belongs to). This draw gives those their own measure: a
seeded RNG shuffles every corpus record that is in no sample of ``tests/data``
(only the ``id`` field of those is read), and the first ``N`` whose abstract
holds at least one value the result finder reads (``kg_results``) are kept,
each with the list of those values as written, in order. Annotators then say,
from the text alone, what each value is of (``benchmarks/result_accuracy.py``
scores the extractor against that).

Usage (from the repository root)::

    python benchmarks/draw_results_sample.py NAME [CORPUS] [--n N]

writes ``tests/data/NAME.jsonl``: ``id``, ``title``, ``abstract`` and
``values`` (the value texts, in order; a text that occurs twice is listed
twice). ``CORPUS`` defaults to ``../shared/corpus/abstracts.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from draw_heldout import REPO_ROOT, excluded_ids  # the other draws' reader of sample ids

DATA = REPO_ROOT / "tests" / "data"
DEFAULT_CORPUS = REPO_ROOT / ".." / "shared" / "corpus" / "abstracts.jsonl"
SEEDS = {"results1": 91651513, "results2": 92195444}  # int(sqrt(84|85) * 10^7): one seed per sample, in the order drawn


def sample_files(out: Path) -> list[Path]:
    """Every sample of tests/data (gold files excluded) but `out`: a sample drawn again does not
    exclude itself."""
    return [p for p in sorted(DATA.glob("*.jsonl")) if not p.name.endswith(".gold.jsonl") and p != out]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", choices=sorted(SEEDS))
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--n", type=int, default=80, help="abstracts to keep")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO_ROOT))
    from kg.nlp import build_nlp  # the finder as the repository has it
    from kg.text import clean_latex

    out = DATA / f"{args.name}.jsonl"
    exclude = excluded_ids(sample_files(out))  # only the ids of the samples are read
    records = [json.loads(line) for line in Path(args.corpus).read_text(encoding="utf-8").splitlines()
               if line.strip()]
    records = [r for r in records if r["id"] not in exclude and isinstance(r.get("abstract"), str)]
    random.Random(SEEDS[args.name]).shuffle(records)
    nlp = build_nlp()
    kept = []
    for rec in records:
        doc = nlp(clean_latex(rec["abstract"]).text)
        values = [span.text for span in doc.spans["kg_results"]]
        if values:
            kept.append({"id": rec["id"], "title": rec.get("title"), "abstract": rec["abstract"], "values": values})
        if len(kept) == args.n:
            break
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept), encoding="utf-8")
    print(f"wrote {len(kept)} records, {sum(len(r['values']) for r in kept)} values to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
