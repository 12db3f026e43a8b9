#!/usr/bin/env python3
"""How well does kg:confidence predict that an annotator agrees? (calibration study)

For every annotated sample it builds the graph twice, with the heuristic scores
(no calibration table) and with a table fit on *other* samples only
(leave-one-sample-out), judges every predicted item against the gold with the
matching rules of ``kg evaluate``, and prints over all items:

- ECE, the expected calibration error (mean |confidence - precision|, ten equal bands,
  the `reliability` of ``kg evaluate``);
- the Brier score (mean squared error of confidence against right/wrong);
- AUC, the chance that a right item has a higher confidence than a wrong one.

Usage (from the repository root)::

    python benchmarks/calibration_study.py heldout,heldout2,dev5,dev6,dev8 [--test dev,dev2,...]

With ``--test``, it also fits one table on all the first samples and scores the
test samples with it. Samples are the ``tests/data/NAME.jsonl`` /
``NAME.gold.jsonl`` pairs.
"""

from __future__ import annotations

import argparse
from bisect import bisect_left, bisect_right
from dataclasses import replace
from pathlib import Path

import kg.calibration as calibration
from kg.api import KnowledgeGraph
from kg.evaluate import Judged, calibration_counts, judged, read_gold, reliability

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def items_of(sample: str) -> list[Judged]:
    """Predicted items of one sample with heuristic confidences (the shipped table switched off)."""
    with calibration.heuristic_scores():
        g = KnowledgeGraph.build([DATA / f"{sample}.jsonl"]).to_rdf()
    return judged(g, read_gold([DATA / f"{sample}.gold.jsonl"]))


def recalibrated(items: list[Judged], table: calibration.Calibration) -> list[Judged]:
    out = []
    for it in items:
        rule, _, source = it.rule.partition("; ")
        out.append(replace(it, confidence=table.confidence(it.relation, it.type, rule, source, it.confidence)))
    return out


def summary(items: list[Judged]) -> str:
    ece = reliability(items, tuple(i / 10 for i in range(11)))[-1].ece  # ten equal bands, all fields
    brier = sum((i.confidence - i.correct) ** 2 for i in items) / len(items)
    right = sorted(i.confidence for i in items if i.correct)
    wrong = [i.confidence for i in items if not i.correct]
    auc = (sum(len(right) - bisect_right(right, w) + 0.5 * (bisect_right(right, w) - bisect_left(right, w))
               for w in wrong) / (len(right) * len(wrong))) if right and wrong else float("nan")
    share = len(right) / len(items)
    return f"items {len(items):5d}  right {share:.3f}  ECE {ece:.3f}  Brier {brier:.3f}  AUC {auc:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("samples", help="comma-separated sample names (fit and leave-one-out)")
    ap.add_argument("--test", default="", help="comma-separated samples scored with a table fit on all SAMPLES")
    args = ap.parse_args()
    fit = args.samples.split(",")
    test = [s for s in args.test.split(",") if s]
    items = {s: items_of(s) for s in fit + test}
    heuristic, loo = [], []
    for s in fit:
        table = calibration.Calibration(calibration_counts([i for t in fit if t != s for i in items[t]]))
        heuristic += items[s]
        loo += recalibrated(items[s], table)
    print(f"leave-one-sample-out over {', '.join(fit)}")
    print(f"  heuristic   {summary(heuristic)}")
    print(f"  calibrated  {summary(loo)}")
    if test:
        table = calibration.Calibration(calibration_counts([i for s in fit for i in items[s]]))
        held = [i for s in test for i in items[s]]
        print(f"fit on {', '.join(fit)}; scored on {', '.join(test)}")
        print(f"  heuristic   {summary(held)}")
        print(f"  calibrated  {summary(recalibrated(held, table))}")


if __name__ == "__main__":
    main()
