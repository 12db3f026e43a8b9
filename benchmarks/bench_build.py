"""Throughput and memory of `kg build` on the real corpus, against spaCy's bare tokenizer.

Usage (from the repository root):
    python benchmarks/bench_build.py [--corpus ../shared/corpus/abstracts.jsonl] [--jobs 2] [--repeat 1]

`--repeat N` writes the corpus N times with distinct ids (for the 100,000-abstract
figure). Prints one Markdown table row per measurement; paste them into RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def baseline_rate(corpus: Path, limit: int | None) -> tuple[int, float]:
    """spaCy blank English tokenizer + sentencizer over the same texts (one process)."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    texts = []
    with corpus.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if limit and i >= limit:
                break
            texts.append(json.loads(line)["abstract"])
    t0 = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=256):
        pass
    return len(texts), time.perf_counter() - t0


def repeated(corpus: Path, n: int, folder: Path) -> Path:
    out = folder / f"corpus-x{n}.jsonl"
    with out.open("w", encoding="utf-8") as dst:
        for r in range(n):
            with corpus.open(encoding="utf-8") as src:
                for line in src:
                    rec = json.loads(line)
                    rec["id"] = f"{rec['id']}-r{r}"
                    dst.write(json.dumps(rec) + "\n")
    return out


def _pss_kb(pid: int) -> int:
    """Proportional set size: shared (copy-on-write) pages counted once across processes."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_rss_kb(root: int) -> int:
    """Memory of a process and all its descendants (Linux /proc), as the sum of their PSS.

    Summing RSS would count the pages forked workers share with the parent once per
    process; PSS splits each shared page between the processes that map it.
    """
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            status = (d / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        parents[int(d.name)] = int(fields.get("PPid", "0").strip())
        rss[int(d.name)] = int(fields.get("VmRSS", "0 kB").split()[0])
    tree, frontier = {root}, [root]
    while frontier:
        pid = frontier.pop()
        for child, parent in parents.items():
            if parent == pid and child not in tree:
                tree.add(child)
                frontier.append(child)
    return sum(_pss_kb(p) for p in tree)


def run_build(corpus: Path, jobs: int, out: Path) -> tuple[float, float, str]:
    """`kg build` in a child process; wall seconds and peak RSS of its whole process tree in GB."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "kg", "build", str(corpus), "--out", str(out), "--jobs", str(jobs)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, tree_rss_kb(proc.pid))
        time.sleep(0.25)
    wall = time.perf_counter() - t0
    stdout, stderr = proc.communicate()
    if proc.returncode != 0:
        sys.exit(stderr or stdout)
    return wall, peak / 1024 / 1024, stdout.strip().splitlines()[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=Path("../shared/corpus/abstracts.jsonl"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--keep", type=Path, default=None, help="write the exports here and keep them")
    args = ap.parse_args()
    if not args.corpus.is_file():
        sys.exit(f"{args.corpus}: corpus not found (it lives in ../shared/corpus/, beside the checkout)")
    with tempfile.TemporaryDirectory() as tmp:
        corpus = repeated(args.corpus, args.repeat, Path(tmp)) if args.repeat > 1 else args.corpus
        n, base_s = baseline_rate(args.corpus, None)
        out = args.keep or Path(tmp) / "out"
        wall, peak_gb, summary = run_build(corpus, args.jobs, out)
        papers = n * args.repeat
        sizes = {p.name: p.stat().st_size for p in out.iterdir() if p.is_file()}
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}; date {time.strftime('%Y-%m-%d')}")
    print(f"kg: {summary}")
    print(f"exports: {sizes}")
    print("| corpus | papers | jobs | kg build s | abstracts/s | peak memory (PSS) GB | spaCy blank+sentencizer abstracts/s | ratio |")
    print(f"| {corpus.name} | {papers} | {args.jobs} | {wall:.1f} | {papers / wall:.0f} | {peak_gb:.2f} "
          f"| {n / base_s:.0f} | {(n / base_s) / (papers / wall):.1f}x |")


if __name__ == "__main__":
    main()
