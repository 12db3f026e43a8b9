"""Trace comparisons: who was compared against whom, in which papers, with what evidence.

Reads the networkx graph of docs/architecture.md (never writes it):
paper-level `compared_with` edges (`paper:<id> -> entity`, with evidence),
method-level `compared_with` edges (`M -> B`, attribute `papers`), `proposes`,
`evaluated_on`, `variant_of` edges and Result nodes. A paper that compares with
a method without proposing a named method of its own is itself the challenger
(its node key, `paper:<id>`, stands where a method key would).
Every function here is pure: graph in, dataclasses out; `format_*` render them as text.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

import networkx as nx

from kg.errors import KGError

DIRECTIONS = ("baselines", "challengers", "both")
FORMATS = ("tree", "table", "json")
T = TypeVar("T")
Pair = tuple[str, str]  # (challenger key, baseline key)


class UnknownName(KGError):
    """A name matches no entity; the message lists the closest names."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"no entity named {name!r} in the graph{hint}")


class Records(list[T]):
    """A plain list of result dataclasses; `to_dataframe()` when pandas is installed."""

    def to_dicts(self) -> list[dict[str, Any]]:
        return [asdict(x) for x in self]  # type: ignore[call-overload]

    def to_dataframe(self) -> Any:
        """A pandas DataFrame, one flat row per record (pandas is optional)."""
        try:
            import pandas as pd
        except ImportError:
            raise KGError("to_dataframe() needs pandas: pip install pandas") from None
        return pd.DataFrame([x.flat() if hasattr(x, "flat") else asdict(x) for x in self])  # type: ignore[call-overload]


@dataclass(frozen=True)
class Support:
    """One paper stating a comparison, with the sentence that says so."""

    paper: str
    evidence: str | None = None
    start: int | None = None
    end: int | None = None
    confidence: float | None = None


@dataclass(frozen=True)
class Score:
    """A reported number (metric, value) read from a paper, with its sentence."""

    paper: str
    metric: str | None
    value: float | None
    value_text: str
    unit: str | None = None
    dataset: str | None = None
    method: str | None = None
    baseline: str | None = None
    evidence: str | None = None
    task: str | None = None
    min_value: float | None = None  # a range's lower end ("2-21%": value 21, min_value 2)
    from_value: float | None = None  # a change's value before ("from 55.6% to 81.6%": value 81.6)

    def text(self) -> str:
        """`metric value` (as written) and `on dataset` (or task) when known, e.g. `accuracy 81.2% on ImageNet`."""
        where = f" on {self.dataset or self.task}" if self.dataset or self.task else ""
        return f"{self.metric + ' ' if self.metric else ''}{self.value_text}{where}"


@dataclass(frozen=True)
class Comparison:
    """`challenger` was compared against `baseline`; `depth` hops from the traced entity."""

    challenger: str
    challenger_label: str
    baseline: str
    baseline_label: str
    papers: tuple[str, ...]
    support: tuple[Support, ...]
    results: tuple[Score, ...]
    depth: int = 1
    direction: str = "baselines"

    def flat(self) -> dict[str, Any]:
        """One table row: labels, papers, evidence sentences (joined by " | ") and results."""
        confidences = [s.confidence for s in self.support if s.confidence is not None]
        return {"direction": self.direction, "depth": self.depth, "challenger": self.challenger_label,
                "baseline": self.baseline_label, "papers": " ".join(self.papers),
                "evidence": " | ".join(s.evidence for s in self.support if s.evidence),
                "confidence": max(confidences, default=None),
                "results": "; ".join(s.text() for s in self.results)}


@dataclass(frozen=True)
class Trace:
    """The comparisons around one entity, in one or both directions."""

    key: str
    label: str
    direction: str
    depth: int
    baselines: Records[Comparison]
    challengers: Records[Comparison]

    @property
    def comparisons(self) -> Records[Comparison]:
        return Records([*self.baselines, *self.challengers])

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "direction": self.direction, "depth": self.depth,
                "baselines": self.baselines.to_dicts(), "challengers": self.challengers.to_dicts()}

    def to_dataframe(self) -> Any:
        return self.comparisons.to_dataframe()


@dataclass(frozen=True)
class BaselineUse:
    """An entity used as a baseline, with the distinct papers that compare against it."""

    key: str
    label: str
    papers: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.papers)

    def flat(self) -> dict[str, Any]:
        return {"baseline": self.label, "key": self.key, "papers": self.count, "paper_ids": " ".join(self.papers)}


@dataclass(frozen=True)
class LeaderboardRow:
    """A method (or paper) evaluated on a dataset, with one reported result when there is one."""

    method: str
    method_label: str
    dataset: str
    paper: str
    metric: str | None = None
    value: float | None = None
    value_text: str | None = None
    unit: str | None = None
    evidence: str | None = None
    min_value: float | None = None  # a range's lower end ("2-21%": value 21, min_value 2)
    from_value: float | None = None  # a change's value before ("from 55.6% to 81.6%": value 81.6)


# --- looking up names -------------------------------------------------------------

def label_of(G: nx.MultiDiGraph, key: str) -> str:
    """Canonical label of an entity; a paper's title, else `paper <id>`."""
    d = G.nodes[key] if key in G else {}
    if d.get("kind") == "Paper":
        return d.get("title") or f"paper {d.get('id')}"
    return d.get("label") or key


def suggest(G: nx.MultiDiGraph, name: str, n: int = 5) -> list[str]:
    """Closest canonical labels to `name` (difflib over labels and aliases, case-folded)."""
    names: dict[str, str] = {}
    for _, d in sorted(G.nodes(data=True)):
        if d.get("kind") in (None, "Paper", "Result"):
            continue
        for form in [d.get("label") or "", *(d.get("aliases") or ())]:
            names.setdefault(form.lower(), d.get("label") or form)
    out: list[str] = []
    for match in difflib.get_close_matches(name.lower(), list(names), n=n * 2, cutoff=0.6):
        if names[match] not in out:
            out.append(names[match])
    return out[:n]


# --- comparisons ---------------------------------------------------------------------

def _proposed_methods(G: nx.MultiDiGraph, pnode: str) -> list[str]:
    return sorted(v for _, v, k in G.out_edges(pnode, keys=True)
                  if k == "proposes" and G.nodes[v].get("kind") == "Method")


def comparison_index(G: nx.MultiDiGraph, min_confidence: float = 0.0) -> dict[Pair, tuple[str, ...]]:
    """(challenger, baseline) -> ids of the papers that support it.

    A paper's comparison counts for each method it proposes (as the method-level
    edges do) or, when it proposes none, for the paper itself. With `min_confidence`,
    a paper supports a comparison only when its stated comparison (the paper-level
    edge, whose confidence is the measured precision of the rule that found it) is
    at least that confident.
    """
    support: dict[Pair, set[str]] = defaultdict(set)
    for u, v, rel, d in G.edges(keys=True, data=True):
        if rel != "compared_with":
            continue
        if d.get("level") == "method":
            support[(u, v)].update(pid for pid in d.get("papers") or ()
                                   if not min_confidence or (_support(G, pid, v).confidence or 0.0) >= min_confidence)
        elif d.get("level") == "paper" and G.nodes[u].get("kind") == "Paper":
            if min_confidence and (d.get("confidence") or 0.0) < min_confidence:
                continue
            pid = G.nodes[u]["id"]
            for challenger in [m for m in _proposed_methods(G, u) if m != v] or [u]:
                support[(challenger, v)].add(pid)
    return {pair: tuple(sorted(papers)) for pair, papers in sorted(support.items()) if papers or not min_confidence}


def _support(G: nx.MultiDiGraph, pid: str, baseline: str) -> Support:
    d = G.get_edge_data(f"paper:{pid}", baseline, key="compared_with") or {}
    return Support(pid, d.get("evidence"), d.get("start"), d.get("end"), d.get("confidence"))


def scores(G: nx.MultiDiGraph, pid: str) -> list[Score]:
    """Every Result node of a paper, as `Score`s with labels."""
    out = []
    for _, r, k in sorted(G.out_edges(f"paper:{pid}", keys=True)):
        d = G.nodes[r]
        if k != "has_result" or d.get("kind") != "Result":
            continue
        labels = {a: label_of(G, d[a]) if d.get(a) else None
                  for a in ("metric", "dataset", "method", "baseline", "task")}
        out.append(Score(pid, labels["metric"], d.get("value"), d.get("value_text") or "", d.get("unit"),
                         labels["dataset"], labels["method"], labels["baseline"], d.get("evidence"), labels["task"],
                         d.get("min_value"), d.get("from_value")))
    return out


def _relevant_scores(G: nx.MultiDiGraph, pid: str, pair: Pair) -> list[Score]:
    """Results of a supporting paper about the challenger, the baseline, or unattributed."""
    names = {label_of(G, k) for k in pair}
    return [s for s in scores(G, pid) if s.method in names or s.baseline in names or s.method is None]


def _comparison(G: nx.MultiDiGraph, pair: Pair, papers: tuple[str, ...], depth: int, direction: str) -> Comparison:
    support = tuple(_support(G, pid, pair[1]) for pid in papers)
    results = tuple(s for pid in papers for s in _relevant_scores(G, pid, pair))
    return Comparison(pair[0], label_of(G, pair[0]), pair[1], label_of(G, pair[1]), papers, support, results,
                      depth, direction)


@dataclass(frozen=True)
class Comparisons:
    """The comparison index with its adjacency both ways, built once per graph and reused by traces."""

    pairs: Mapping[Pair, tuple[str, ...]]
    steps: Mapping[str, Mapping[str, tuple[str, ...]]]  # direction -> node -> next nodes


def comparisons(G: nx.MultiDiGraph, min_confidence: float = 0.0) -> Comparisons:
    """Index every comparison of G (one pass over the edges), or those at least `min_confidence` sure."""
    pairs = comparison_index(G, min_confidence)
    steps: dict[str, dict[str, list[str]]] = {"baselines": defaultdict(list), "challengers": defaultdict(list)}
    for c, b in pairs:
        steps["baselines"][c].append(b)
        steps["challengers"][b].append(c)
    return Comparisons(pairs, {d: {k: tuple(v) for k, v in adj.items()} for d, adj in steps.items()})


def _walk(G: nx.MultiDiGraph, comps: Comparisons, start: str, depth: int,
          direction: str) -> Records[Comparison]:
    """Breadth-first along comparisons; each edge reported once, each node expanded once (cycles end)."""
    index, step = comps.pairs, comps.steps[direction]
    seen, frontier, found = {start}, [start], Records[Comparison]()
    level = 0
    while frontier and (depth <= 0 or level < depth):
        level += 1
        nxt = []
        for node in frontier:
            for other in step.get(node, ()):
                pair = (node, other) if direction == "baselines" else (other, node)
                found.append(_comparison(G, pair, index[pair], level, direction))
                if other not in seen:
                    seen.add(other)
                    nxt.append(other)
        frontier = nxt
    return found


def trace(G: nx.MultiDiGraph, key: str, direction: str = "both", depth: int = 1,
          comps: Comparisons | None = None) -> Trace:
    """Baselines of `key` and/or its challengers, `depth` hops deep (0: everything reachable).

    Pass `comps` (from `comparisons(G)`) to answer many traces without re-indexing the graph.
    """
    if direction not in DIRECTIONS:
        raise KGError(f"unknown direction {direction!r} (choose from {', '.join(DIRECTIONS)})")
    comps = comps or comparisons(G)
    wanted = ("baselines", "challengers") if direction == "both" else (direction,)
    walks = {d: _walk(G, comps, key, depth, d) if d in wanted else Records[Comparison]()
             for d in ("baselines", "challengers")}
    return Trace(key, label_of(G, key), direction, depth, walks["baselines"], walks["challengers"])


def comparison_graph(G: nx.MultiDiGraph, include_papers: bool = False) -> nx.DiGraph:
    """A DiGraph challenger -> baseline of methods (and, optionally, of challenger papers)."""
    D = nx.DiGraph()
    for (c, b), papers in comparison_index(G).items():
        if not include_papers and G.nodes[c].get("kind") == "Paper":
            continue
        for node in (c, b):
            D.add_node(node, label=label_of(G, node), kind=G.nodes[node].get("kind"))
        D.add_edge(c, b, papers=list(papers), weight=len(papers))
    return D


def most_used_baselines(G: nx.MultiDiGraph, top: int | None = 25) -> Records[BaselineUse]:
    """Entities compared against by the most distinct papers."""
    papers: dict[str, set[str]] = defaultdict(set)
    for (_c, b), pids in comparison_index(G).items():
        papers[b].update(pids)
    ranked = sorted(papers.items(), key=lambda kv: (-len(kv[1]), label_of(G, kv[0]).lower(), kv[0]))
    return Records(BaselineUse(k, label_of(G, k), tuple(sorted(p))) for k, p in ranked[:top])


# --- datasets and papers ---------------------------------------------------------

def with_variants(G: nx.MultiDiGraph, key: str) -> set[str]:
    """`key` and every entity that is (transitively) a `variant_of` it."""
    found, todo = {key}, [key]
    while todo:
        node = todo.pop()
        for u, _, k in G.in_edges(node, keys=True):
            if k == "variant_of" and u not in found:
                found.add(u)
                todo.append(u)
    return found


def leaderboard(G: nx.MultiDiGraph, dataset: str, variants: bool = True) -> Records[LeaderboardRow]:
    """Methods evaluated on a dataset (and its variants) with their results, best value first per metric."""
    targets = with_variants(G, dataset) if variants else {dataset}
    rows: list[LeaderboardRow] = []
    for pnode in sorted(n for n, d in G.nodes(data=True) if d.get("kind") == "Paper"):
        rows.extend(_paper_rows(G, pnode, targets))
    rows.sort(key=lambda r: (r.metric is None, (r.metric or "").lower(), r.value is None,
                             -(r.value or 0.0), r.method_label.lower(), r.paper))
    return Records(rows)


def _paper_rows(G: nx.MultiDiGraph, pnode: str, targets: set[str]) -> list[LeaderboardRow]:
    pid = G.nodes[pnode]["id"]
    proposed = _proposed_methods(G, pnode)
    default = proposed[0] if len(proposed) == 1 else pnode
    rows = []
    for _, r, k in G.out_edges(pnode, keys=True):
        d = G.nodes[r]
        if k == "has_result" and d.get("dataset") in targets:
            m = d.get("method") or default
            rows.append(LeaderboardRow(m, label_of(G, m), label_of(G, d["dataset"]), pid,
                                       label_of(G, d["metric"]) if d.get("metric") else None, d.get("value"),
                                       d.get("value_text"), d.get("unit"), d.get("evidence"), d.get("min_value"),
                                       d.get("from_value")))
    scored = {(row.method, row.dataset) for row in rows}
    for _, v, k, e in G.out_edges(pnode, keys=True, data=True):
        if k == "evaluated_on" and v in targets:
            for m in proposed or [pnode]:
                if (m, label_of(G, v)) not in scored:
                    rows.append(LeaderboardRow(m, label_of(G, m), label_of(G, v), pid, evidence=e.get("evidence")))
    return rows


def papers_where(G: nx.MultiDiGraph, evaluated_on: str | None = None, proposes: str | None = None,
                 compared_with: str | None = None) -> list[str]:
    """Ids of papers with all the given paper-level relations (entity keys; evaluated_on includes variants)."""
    wanted: list[tuple[str, set[str]]] = []
    if evaluated_on is not None:
        wanted.append(("evaluated_on", with_variants(G, evaluated_on)))
    for rel, key in (("proposes", proposes), ("compared_with", compared_with)):
        if key is not None:
            wanted.append((rel, {key}))
    return sorted(d["id"] for n, d in G.nodes(data=True) if d.get("kind") == "Paper"
                  and all(any(G.has_edge(n, t, key=rel) for t in keys) for rel, keys in wanted))


# --- rendering -----------------------------------------------------------------------

def format_trace(tr: Trace, fmt: str = "tree") -> str:
    """A trace as an indented tree (default), a table (one row per supporting paper) or JSON."""
    if fmt == "json":
        return json.dumps(tr.to_dict(), indent=1, ensure_ascii=False)
    if fmt == "table":
        header = ["direction", "depth", "challenger", "baseline", "paper", "confidence", "evidence", "results"]
        return format_table(header, [[c.direction, str(c.depth), c.challenger_label, c.baseline_label, s.paper,
                                      "" if s.confidence is None else f"{s.confidence:g}", s.evidence or "",
                                      "; ".join(r.text() for r in c.results if r.paper == s.paper)]
                                     for c in tr.comparisons for s in c.support])
    lines = [f"{tr.label}  [{tr.key}]"]
    sections = [d for d in ("baselines", "challengers") if tr.direction in (d, "both")]
    for i, direction in enumerate(sections):
        last = i == len(sections) - 1
        title = (f"baselines ({tr.label} was compared against)" if direction == "baselines"
                 else f"challengers (compared against {tr.label})")
        lines.append(("└─ " if last else "├─ ") + title)
        comps: Records[Comparison] = getattr(tr, direction)
        children: dict[str, list[Comparison]] = defaultdict(list)
        for c in comps:
            children[c.challenger if direction == "baselines" else c.baseline].append(c)
        _branch(lines, children, tr.key, "   " if last else "│  ", direction, [tr.key], {tr.key})
        if not comps:
            lines.append(("   " if last else "│  ") + "└─ (none found)")
    return "\n".join(lines)


def _branch(lines: list[str], children: dict[str, list[Comparison]], node: str, prefix: str,
            direction: str, path: list[str], shown: set[str]) -> None:
    """Depth-first tree lines below `node`; a node on the current path is a cycle and not expanded."""
    kids = children.get(node, [])
    for i, c in enumerate(kids):
        last = i == len(kids) - 1
        other, label = (c.baseline, c.baseline_label) if direction == "baselines" else (c.challenger, c.challenger_label)
        mark = "  ↺ cycle" if other in path else "  (expanded above)" if other in shown and other in children else ""
        lines.append(f"{prefix}{'└─ ' if last else '├─ '}{label}  [{other}]{mark}")
        inner = prefix + ("   " if last else "│  ")
        for s in c.support:
            conf = f", confidence {s.confidence:g}" if s.confidence is not None else ""
            lines.append(f"{inner}· paper {s.paper}{conf}")
            if s.evidence:
                lines.append(f'{inner}    "{s.evidence}"')
            lines.extend(f"{inner}    result: {r.text()}" for r in c.results if r.paper == s.paper)
        if not mark:
            shown.add(other)
            _branch(lines, children, other, inner, direction, [*path, other], shown)


def format_baselines(uses: Sequence[BaselineUse], fmt: str = "table") -> str:
    """Most-used baselines as a table (rank, label, papers, paper ids), CSV or JSON."""
    if fmt == "json":
        return json.dumps([{"key": u.key, "label": u.label, "papers": list(u.papers)} for u in uses], indent=1,
                          ensure_ascii=False)
    rows = [[str(i), u.label, str(u.count), " ".join(u.papers)] for i, u in enumerate(uses, start=1)]
    return format_table(["rank", "baseline", "papers", "paper ids"], rows, fmt)


def format_leaderboard(rows: Sequence[LeaderboardRow], fmt: str = "table") -> str:
    """Leaderboard rows as a table (metric, value, method, paper, dataset, evidence), CSV or JSON."""
    if fmt == "json":
        return json.dumps([asdict(r) for r in rows], indent=1, ensure_ascii=False)
    cells = [[r.metric or "", r.value_text or "", r.method_label, r.paper, r.dataset, r.evidence or ""] for r in rows]
    return format_table(["metric", "value", "method", "paper", "dataset", "evidence"], cells, fmt)


def format_table(header: list[str], rows: list[list[str]], fmt: str = "table", width: int = 70) -> str:
    """Rows as CSV, or as an aligned table with a row count (cells longer than `width` are cut with …)."""
    if fmt == "csv":
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([header, *rows])
        return out.getvalue().rstrip("\n")
    rows = [[" ".join(c.split()) for c in row] for row in rows]
    widths = [min(width, max([len(h)] + [len(r[i]) for r in rows])) for i, h in enumerate(header)]

    def line(values: list[str]) -> str:
        return "  ".join((v[: w - 1] + "…") if len(v) > w else v.ljust(w) for v, w in zip(values, widths)).rstrip()

    body = [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]
    return "\n".join([*body, f"({len(rows)} row{'s' if len(rows) != 1 else ''})"])
