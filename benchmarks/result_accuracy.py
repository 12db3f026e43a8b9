#!/usr/bin/env python3
"""How often is a reported value (``kg:Result``) given the right method, metric, dataset and baseline?

The F1 scores of ``kg evaluate`` cover the paper-level relations only. This
script scores the result records against a hand annotation of what each value
is of (``benchmarks/draw_results_sample.py`` draws the values; annotators give
each one ``method``, ``metric``, ``dataset`` and ``baseline``, or
``not_result`` when the number is a setting or a size, not an outcome).

A gold value is matched to the extracted result with the same text, the k-th
occurrence to the k-th. A field is right when both are empty or both name the
same thing: equal under the matching key of GUIDELINES.md (``kg.resolve.norm``),
also through an acronym the paper defines or an alias the gazetteers list, and
for metrics also where one key contains the other (the loose matching ``kg
evaluate`` applies to metrics). Printed per field:

- accuracy: right / all values that are results (an empty field counts too);
- precision: right / values where kg fills the field;
- recall: right / values where the annotator fills it.

Usage (from the repository root)::

    python benchmarks/result_accuracy.py tests/data/results1.gold.jsonl --corpus tests/data/results1.jsonl [--per-value]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # this checkout's kg, as the other benchmarks run it

from kg.lexicon import load_gazetteer  # noqa: E402
from kg.pipeline import extract_all, read  # noqa: E402
from kg.resolve import norm  # noqa: E402

FIELDS = ("method", "metric", "dataset", "baseline")


def load_gold(path: Path) -> dict[str, list[dict]]:
    """paper id -> its annotated values, in order."""
    return {rec["id"]: rec["values"] for rec in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def listed_names() -> dict[str, set[str]]:
    """Matching key -> the keys of every name the gazetteers list for the same entity ("WER" and
    "word error rate"), as `kg evaluate` matches through the graph's alternative labels."""
    out: dict[str, set[str]] = defaultdict(set)
    for entry in load_gazetteer():
        keys = {norm(n) for n in (entry.name, *entry.aliases) if norm(n)}
        for k in keys:
            out[k] |= keys
    return out


def same(pred: str | None, gold: str | None, aliases: tuple[dict[str, set[str]], ...], loose: bool = False) -> bool:
    """Both empty, or one name under the matching key, also through an acronym the paper defines or
    a listed alias; with `loose` (metrics, as in `kg evaluate`), also where one key contains the other
    ("mAP" and "mask mAP")."""
    if not pred or not gold:
        return not pred and not gold
    p, g = norm(pred), norm(gold)
    if p == g or any(g in names.get(p, ()) for names in aliases):  # each map is symmetric
        return True
    return loose and bool(p) and bool(g) and (p in g or g in p)


def _ratio(part: int, whole: int) -> str:
    return f"{part / whole:.3f}" if whole else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gold", type=Path)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--per-value", action="store_true", help="print every value with kg's and the gold reading")
    args = parser.parse_args(argv)

    gold = load_gold(args.gold)
    listed = listed_names()
    papers, _ = read([args.corpus])
    right: Counter[str] = Counter()
    filled: Counter[str] = Counter()  # kg fills the field
    annotated: Counter[str] = Counter()  # the annotator fills it
    right_filled: Counter[str] = Counter()
    right_annotated: Counter[str] = Counter()
    results = unmatched = not_results = 0
    for rec, _ in extract_all(papers, jobs=2):
        defined: dict[str, set[str]] = defaultdict(set)  # the acronyms this paper defines, both ways
        for long, short in rec.aliases:
            defined[norm(long)].add(norm(short))
            defined[norm(short)].add(norm(long))
        found: dict[str, list] = defaultdict(list)
        for r in rec.results:
            found[r.value_text].append(r)
        seen: Counter[str] = Counter()
        for g in gold.get(rec.paper.id, []):
            k = seen[g["value"]]
            seen[g["value"]] += 1
            if g.get("not_result"):
                not_results += 1
                continue
            results += 1
            r = found[g["value"]][k] if k < len(found[g["value"]]) else None
            unmatched += r is None
            for fld in FIELDS:
                pred = getattr(r, fld) if r is not None else None
                ok = same(pred, g.get(fld), (listed, defined), loose=fld == "metric")
                right[fld] += ok
                filled[fld] += bool(pred)
                annotated[fld] += bool(g.get(fld))
                right_filled[fld] += ok and bool(pred)
                right_annotated[fld] += ok and bool(g.get(fld))
                if args.per_value and not ok:
                    print(f"{rec.paper.id} {g['value']!r} {fld}: kg={pred!r} gold={g.get(fld)!r}")
    print(f"{results} values that are results ({unmatched} not found with the same text), "
          f"{not_results} that are settings or sizes")
    print(f"{'field':10} {'accuracy':>9} {'precision':>10} {'recall':>7}")
    for fld in FIELDS:
        print(f"{fld:10} {_ratio(right[fld], results):>9} {_ratio(right_filled[fld], filled[fld]):>10} "
              f"{_ratio(right_annotated[fld], annotated[fld]):>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
