"""Extraction speed alone: `extract_records` over the first N corpus abstracts, in one process.

Usage (from the repository root):
    python benchmarks/bench_extract.py [N] [CORPUS]
N defaults to 4,000 and CORPUS to ../shared/corpus/abstracts.jsonl. The first 50
abstracts warm the pipeline up and are not timed; the next N are. To compare two
versions of the code, run this script from each checkout in turn (alternating, since
the machine's speed drifts), each with its own checkout first on PYTHONPATH.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

_WARM_UP = 50


def main(argv: list[str] | None = None) -> int:
    """Print the code's location, the number of abstracts timed and the seconds they took."""
    import kg
    from kg.ingest import read_corpus
    from kg.pipeline import extract_records, load_nlp

    args = sys.argv[1:] if argv is None else argv
    n = int(args[0]) if args else 4000
    corpus = Path(args[1]) if len(args) > 1 else Path(__file__).resolve().parents[1] / "../shared/corpus/abstracts.jsonl"
    papers = []
    for paper in read_corpus([corpus]):
        if len(papers) >= n + _WARM_UP:
            break
        papers.append(paper)
    nlp = load_nlp()
    list(extract_records(papers[:_WARM_UP], nlp))
    start = time.perf_counter()
    done = sum(1 for _ in extract_records(papers[_WARM_UP:], nlp))
    print(f"{kg.__file__}: {done} abstracts in {time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
