"""Confidence of an extracted relation as the measured precision of the rule that stated it.

Why: a hand-set score per rule says which rule is trusted more, not how often it
is right. `ontology/calibration/confidence.tsv` counts, on annotated abstracts,
how many relations each (relation, target type, rule, name source) produced and
how many of them an annotator also listed (`kg evaluate --write-calibration`
makes it). A relation's confidence is that rate, shrunk towards the rate of the
coarser key when a key has few examples, so rare rules borrow from their
relation instead of reading 0 or 1 off three cases.

Extraction records keep the rule's heuristic score and name the rule; the graph
stage applies the table when it builds the edges, so a new table needs no new
extraction. Plain strings only: no spaCy, no graph.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from kg.resources import ontology_path

#: Pseudo-count of the coarser rate that a key's own counts are shrunk towards.
SHRINK = 8.0
HEADER = ("relation", "type", "rule", "source", "n", "correct")


@dataclass(frozen=True, slots=True)
class Count:
    """How many relations one key produced on the annotated abstracts, and how many were right."""

    relation: str
    type: str
    rule: str
    source: str
    n: int
    correct: int


class Calibration:
    """Looks up the calibrated confidence of (relation, type, rule, source)."""

    def __init__(self, counts: list[Count]) -> None:
        self._totals: dict[tuple[str, ...], list[int]] = {}
        for c in counts:
            for key in _levels(c.relation, c.type, c.rule, c.source):
                total = self._totals.setdefault(key, [0, 0])
                total[0] += c.n
                total[1] += c.correct
        self._cache: dict[tuple[str, str, str, str], float | None] = {}

    def __bool__(self) -> bool:
        return bool(self._totals)

    def confidence(self, relation: str, type_: str, rule: str, source: str, fallback: float) -> float:
        """The calibrated confidence, or `fallback` for a relation the table never saw."""
        key = (relation, type_, rule, source)
        if key not in self._cache:
            self._cache[key] = self._rate(key)
        rate = self._cache[key]
        return fallback if rate is None else rate

    def _rate(self, key: tuple[str, str, str, str]) -> float | None:
        coarsest, *finer = reversed(_levels(*key))
        n, correct = self._totals.get(coarsest, (0, 0))
        if not n:
            return None  # a relation the table never saw
        rate = (correct + 1) / (n + 2)
        for level in finer:  # each level pulled towards the one above it
            n, correct = self._totals.get(level, (0, 0))
            rate = (correct + SHRINK * rate) / (n + SHRINK)
        return round(rate, 3)


def _levels(relation: str, type_: str, rule: str, source: str) -> list[tuple[str, ...]]:
    """Keys from finest to coarsest."""
    return [(relation, type_, rule, source), (relation, type_, rule), (relation, type_), (relation,)]


def read_counts(path: str | Path) -> list[Count]:
    """The rows of a calibration table (TSV with the HEADER columns)."""
    with open(path, encoding="utf-8", newline="") as f:
        rows = [r for r in csv.reader(f, delimiter="\t") if r and not r[0].startswith("#")]
    if not rows or tuple(rows[0]) != HEADER:
        raise ValueError(f"{path}: a calibration table starts with the header {' '.join(HEADER)}")
    counts = []
    for line, r in enumerate(rows[1:], start=2):
        try:
            count = Count(r[0], r[1], r[2], r[3], int(r[4]), int(r[5]))
        except (IndexError, ValueError):
            raise ValueError(f"{path}: row {line} needs {len(HEADER)} columns, the last two integers") from None
        if not 0 <= count.correct <= count.n:
            raise ValueError(f"{path}: row {line} counts {count.correct} right of {count.n}")
        counts.append(count)
    return counts


def write_counts(counts: list[Count], path: str | Path, comment: str = "") -> None:
    """Write a calibration table; `comment` lines say how it was made."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        for line in comment.splitlines():
            f.write(f"# {line}\n")
        w = csv.writer(f, delimiter="\t", lineterminator="\n")
        w.writerow(HEADER)
        for c in sorted(counts, key=lambda c: (c.relation, c.type, c.rule, c.source)):
            w.writerow([c.relation, c.type, c.rule, c.source, c.n, c.correct])


@lru_cache(maxsize=1)
def shipped() -> Calibration:
    """The table that ships with kg (empty when the file is missing: heuristic scores stay)."""
    path = ontology_path("calibration", "confidence.tsv")
    if not path.is_file():
        return Calibration([])
    return Calibration(read_counts(str(path)))


_heuristic = False  # set inside `heuristic_scores`


def active() -> Calibration:
    """The table graphs are built with: the shipped one, or none inside `heuristic_scores`."""
    return Calibration([]) if _heuristic else shipped()


@contextmanager
def heuristic_scores() -> Iterator[None]:
    """Build graphs with the extractor's own scores inside the block (no table). Fitting a table
    needs them: where two rules state one relation, the graph keeps the more confident one, and
    with a table on, that choice would depend on the table being replaced."""
    global _heuristic
    before, _heuristic = _heuristic, True
    try:
        yield
    finally:
        _heuristic = before
