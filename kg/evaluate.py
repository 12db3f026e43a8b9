"""Score a graph against gold annotations (../shared/gold/GUIDELINES.md matching rules).

The graph is read through the ontology contract (SPARQL over its RDF), so the
score measures what a user of the exports actually gets.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rdflib import Graph

from kg.calibration import Count
from kg.errors import CorpusFormatError
from kg.resolve import norm
from kg.sparql import run_query

FIELDS = ("proposes", "methods", "datasets", "tasks", "metrics", "evaluated_on", "compared_with", "builds_on")
#: Fields matched by containment of normalised names (GUIDELINES.md).
LOOSE = {"tasks", "metrics"}

#: Where each field's predictions are read: (relation property, field) and (mentioned class, field).
_FIELD_PROPERTIES = (("proposes", "proposes"), ("evaluatedOn", "evaluated_on"), ("comparedWith", "compared_with"),
                     ("buildsOn", "builds_on"), ("addresses", "tasks"), ("usesMetric", "metrics"))
_FIELD_CLASSES = (("Method", "methods"), ("Dataset", "datasets"), ("Task", "tasks"), ("Metric", "metrics"))
_NAMED = "?p a kg:Paper ; dcterms:identifier ?id"
_NAMES = "?e rdfs:label|skos:altLabel ?name"
# One self-contained branch per field source. Why not one VALUES table joined with the names:
# rdflib joins such groups pairwise (quadratic in the rows), which took 258 s of a 280 s
# evaluation of 230 papers; these branches only concatenate (7.6 s there).
_QUERY = "SELECT ?id ?field ?e ?name WHERE {\n  " + "\n  UNION ".join(
    [f'{{ {_NAMED} ; kg:{prop} ?e . {_NAMES} . BIND("{fld}" AS ?field) }}' for prop, fld in _FIELD_PROPERTIES]
    + [f'{{ {_NAMED} ; kg:mentions ?e . ?e a kg:{cls} . {_NAMES} . BIND("{fld}" AS ?field) }}'
       for cls, fld in _FIELD_CLASSES]) + "\n}"


@dataclass
class Score:
    """Micro counts for one field."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class PaperDiff:
    """Gold vs predicted of one paper and field, for error analysis."""

    paper: str
    field: str
    matched: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)  # in gold only
    extra: list[str] = field(default_factory=list)  # predicted only


@dataclass
class Evaluation:
    scores: dict[str, Score]
    diffs: list[PaperDiff]
    papers: int
    missing_papers: list[str]


def read_gold(paths: Iterable[str | Path]) -> dict[str, dict]:
    """Gold records by paper id."""
    gold: dict[str, dict] = {}
    for path in map(Path, paths):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                gold[rec["id"]] = rec
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise CorpusFormatError(str(path), i, f"bad gold record ({exc})") from None
    return gold


def predictions(g: Graph) -> dict[str, dict[str, list[tuple[str, ...]]]]:
    """paper id -> field -> predicted entities, each as the tuple of its names (label first)."""
    out: dict[str, dict[str, list[tuple[str, ...]]]] = defaultdict(lambda: defaultdict(list))
    for (pid, fld, _e), ns in _predicted(g).items():
        out[pid][fld].append(ns)
    return out


def _predicted(g: Graph) -> dict[tuple[str, str, str], tuple[str, ...]]:
    """(paper id, field, entity IRI) -> the entity's names, sorted; in key order."""
    names: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for pid, fld, ent, name in run_query(g, _QUERY).rows:
        names[(str(pid), str(fld), str(ent))].add(str(name))
    return {k: tuple(sorted(ns)) for k, ns in sorted(names.items())}


def annotations_as_predictions(other: dict[str, dict]) -> dict[str, dict[str, list[tuple[str, ...]]]]:
    """A second annotator's gold in the shape of `predictions`, to measure agreement between annotators.

    Why: a held-out score is bounded by how far two careful readers agree; scoring
    one annotation against another with the same matching rules shows that bound.
    """
    return {pid: {fld: _gold_items(rec, fld) for fld in FIELDS} for pid, rec in other.items()}


def _gold_items(rec: dict, fld: str) -> list[tuple[str, ...]]:
    """Gold names of a field, each with the aliases the annotator gave it."""
    values = rec.get(fld) or []
    names = [v["name"] if isinstance(v, dict) else v for v in values]
    aliases = rec.get("aliases") or {}
    return [tuple([n, *(long for long, short in aliases.items() if norm(short) == norm(n))]) for n in names]


def _match(pred: tuple[str, ...], gold: tuple[str, ...], loose: bool) -> bool:
    p = {norm(n) for n in pred if norm(n)}
    g = {norm(n) for n in gold if norm(n)}
    if p & g:
        return True
    return loose and any(a in b or b in a for a in p for b in g)


def _assign(golds: list[tuple[str, ...]], preds: list[tuple[str, ...]], loose: bool) -> dict[int, int]:
    """A largest one-to-one matching of gold items to predictions (gold index -> prediction index).

    Why not first-come greedy: with containment matching, the gold task
    "text-to-image generation" would take a predicted "image generation" and
    leave the exact prediction unmatched. Exact matches are tried first, then
    augmenting paths (Kuhn's algorithm) make the matching as large as possible.
    """
    edges = []
    for g in golds:
        exact = [j for j, p in enumerate(preds) if _match(p, g, False)]
        rest = [j for j, p in enumerate(preds) if loose and j not in exact and _match(p, g, True)]
        edges.append(exact + rest)
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j not in seen:
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(golds)):
        augment(i, set())
    return {i: j for j, i in owner.items()}


def score(gold: dict[str, dict], pred: dict[str, dict[str, list[tuple[str, ...]]]]) -> Evaluation:
    """Micro P/R/F1 per field with a largest one-to-one matching per paper."""
    scores = {f: Score() for f in FIELDS}
    diffs: list[PaperDiff] = []
    missing = sorted(pid for pid in gold if pid not in pred)
    for pid, rec in sorted(gold.items()):
        for fld in FIELDS:
            diff = PaperDiff(pid, fld)
            preds = list(pred.get(pid, {}).get(fld, []))
            golds = _gold_items(rec, fld)
            pairs = _assign(golds, preds, fld in LOOSE)
            for i, g in enumerate(golds):
                (diff.matched if i in pairs else diff.missed).append(g[0])
            taken = set(pairs.values())
            diff.extra = [p[0] if len(p) == 1 else "/".join(p) for j, p in enumerate(preds) if j not in taken]
            s = scores[fld]
            s.tp += len(diff.matched)
            s.fn += len(diff.missed)
            s.fp += len(diff.extra)
            diffs.append(diff)
    return Evaluation(scores, diffs, len(gold), missing)


def evaluate(g: Graph, gold: dict[str, dict]) -> Evaluation:
    """Score the RDF graph `g` against gold records."""
    return score(gold, predictions(g))


def format_scores(ev: Evaluation) -> str:
    lines = [f"{'field':<15}{'P':>7}{'R':>7}{'F1':>7}{'tp':>6}{'fp':>6}{'fn':>6}"]
    for fld, s in ev.scores.items():
        lines.append(f"{fld:<15}{s.precision:>7.3f}{s.recall:>7.3f}{s.f1:>7.3f}{s.tp:>6}{s.fp:>6}{s.fn:>6}")
    lines.append(f"({ev.papers} gold papers" + (f"; {len(ev.missing_papers)} with nothing extracted" if ev.missing_papers else "") + ")")
    return "\n".join(lines)


def format_diffs(ev: Evaluation) -> str:
    lines = []
    for d in ev.diffs:
        if not (d.missed or d.extra or d.matched):
            continue
        lines.append(f"{d.paper} {d.field}: ok={d.matched} missed={d.missed} extra={d.extra}")
    return "\n".join(lines)


# --- How far to trust kg:confidence -------------------------------------------------------------

#: The assertions behind each field's predictions: (property, relation name), most specific first.
_FIELD_ASSERTIONS = {
    "proposes": (("proposes", "proposes"),), "evaluated_on": (("evaluatedOn", "evaluated_on"),),
    "compared_with": (("comparedWith", "compared_with"),), "builds_on": (("buildsOn", "builds_on"),),
    "tasks": (("addresses", "addresses"), ("mentions", "mentions")),
    "metrics": (("usesMetric", "uses_metric"), ("mentions", "mentions")),
    "methods": (("mentions", "mentions"),), "datasets": (("mentions", "mentions"),),
}
_ASSERTION_QUERY = """
SELECT ?id ?prop ?e ?c ?rule ?cls WHERE {
  ?a a kg:Assertion ; rdf:subject ?p ; rdf:predicate ?prop ; rdf:object ?e ; kg:confidence ?c .
  ?p dcterms:identifier ?id .
  OPTIONAL { ?a kg:extractedBy ?rule }
  OPTIONAL { ?e a ?cls . FILTER(?cls IN (kg:Method, kg:Dataset, kg:Benchmark, kg:Task, kg:Metric)) }
}
"""
_SPECIFIC = ("Benchmark", "Method", "Task", "Metric", "Dataset")  # an entity typed Benchmark is also a Dataset


@dataclass(frozen=True)
class Judged:
    """One predicted item of a field, its confidence and rule, and whether the gold has it."""

    paper: str
    field: str
    relation: str
    type: str
    rule: str
    confidence: float
    correct: bool


def judged(g: Graph, gold: dict[str, dict]) -> list[Judged]:
    """Every predicted item of the gold papers, judged by the matching rules of `score`, with the
    confidence and rule of the assertion behind it."""
    found: dict[tuple[str, str, str], tuple[float, str, set[str]]] = {}
    for pid, prop, ent, conf, rule, cls in run_query(g, _ASSERTION_QUERY).rows:
        k = (str(pid), _local(prop), str(ent))
        c, r, classes = found.get(k, (float(conf), str(rule or ""), set()))
        if cls is not None:
            classes.add(_local(cls))
        found[k] = (c, r, classes)
    items: dict[tuple[str, str], list[tuple[tuple[str, ...], str]]] = defaultdict(list)
    for (pid, fld, ent), ns in _predicted(g).items():
        items[(pid, fld)].append((ns, ent))
    out: list[Judged] = []
    for pid, rec in sorted(gold.items()):
        for fld in FIELDS:
            preds = items.get((pid, fld), [])
            hit = set(_assign(_gold_items(rec, fld), [nm for nm, _ in preds], fld in LOOSE).values())
            for j, (_nm, ent) in enumerate(preds):
                for prop, relation in _FIELD_ASSERTIONS[fld]:
                    if (pid, prop, ent) in found:
                        conf, rule, classes = found[(pid, prop, ent)]
                        type_ = next((t for t in _SPECIFIC if t in classes), "")
                        out.append(Judged(pid, fld, relation, type_, rule, conf, j in hit))
                        break
    return out


def _local(iri: object) -> str:
    """The local name of an IRI ("...#Method" or ".../comparedWith")."""
    return str(iri).rsplit("#", 1)[-1].rsplit("/", 1)[-1]


def calibration_counts(items: Iterable[Judged]) -> list[Count]:
    """Counts per (relation, type, rule, name source) for `kg.calibration`.

    A task or metric is judged once, through kg:addresses / kg:usesMetric; its kg:mentions
    assertion is the same claim, so it is counted for kg:mentions too."""
    totals: dict[tuple[str, str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for it in items:
        rule, _, source = it.rule.partition("; ")
        relations = {it.relation, "mentions"} if it.field in ("tasks", "metrics") else {it.relation}
        for relation in relations:
            t = totals[(relation, it.type, rule, source)]
            t[0] += 1
            t[1] += it.correct
    return [Count(*k, n, c) for k, (n, c) in sorted(totals.items())]


@dataclass
class Reliability:
    """Predicted items of one field grouped by confidence: how often each group is right."""

    field: str
    bins: list[tuple[float, float, int, int, float]]  # (low, high, items, correct, mean confidence)

    @property
    def items(self) -> int:
        return sum(b[2] for b in self.bins)

    @property
    def ece(self) -> float:
        """Expected calibration error: mean |confidence - precision| over items, by bin."""
        n = self.items
        return sum(abs(b[4] * b[2] - b[3]) for b in self.bins) / n if n else 0.0


#: Confidence bands of `reliability` (the last one includes 1.0).
BANDS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


def reliability(items: Iterable[Judged], edges: tuple[float, ...] = BANDS) -> list[Reliability]:
    """Per field (and "all"), the share of correct items in each confidence bin."""
    by_field: dict[str, list[Judged]] = defaultdict(list)
    for it in items:
        by_field[it.field].append(it)
        by_field["all"].append(it)
    out = []
    for fld in [f for f in FIELDS if f in by_field] + ["all"] * ("all" in by_field):
        bins = []
        for lo, hi in zip(edges, edges[1:]):
            inside = [it for it in by_field[fld]
                      if lo <= it.confidence < hi or (hi == edges[-1] and it.confidence == hi)]
            if inside:
                bins.append((lo, hi, len(inside), sum(it.correct for it in inside),
                             sum(it.confidence for it in inside) / len(inside)))
        out.append(Reliability(fld, bins))
    return out


def format_reliability(rows: list[Reliability]) -> str:
    lines = [f"{'field':<15}{'items':>6}{'ECE':>7}  precision by confidence (items)"]
    for r in rows:
        cells = "  ".join(f"{lo:.1f}-{hi:.1f}: {c / n:.2f} ({n})" for lo, hi, n, c, _m in r.bins)
        lines.append(f"{r.field:<15}{r.items:>6}{r.ece:>7.3f}  {cells}")
    return "\n".join(lines)
