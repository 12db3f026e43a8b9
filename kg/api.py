"""`KnowledgeGraph`: the Python face of kg (build, load, look up, query, save)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
from rdflib import Graph

from kg import oxigraph, pipeline, rdf
from kg.errors import GraphLoadError, KGError
from kg.model import Entity, Paper
from kg.records import RecordCache
from kg.resolve import norm
from kg.sparql import QueryResult, run_query
from kg import trace as tracing

_SUFFIX_FORMATS = {".ttl": "ttl", ".nt": "nt", ".jsonld": "jsonld", ".json": "jsonld", ".trig": "trig"}


@dataclass(frozen=True)
class Neighbor:
    """A node next to another: which relation links them and in which direction."""

    key: str
    kind: str
    label: str
    relation: str
    direction: str  # "out" (node -> key) or "in" (key -> node)


class KnowledgeGraph:
    """A knowledge graph of ML papers; wraps the networkx graph that every export projects."""

    def __init__(self, graph: nx.MultiDiGraph | None = None) -> None:
        self.graph = graph if graph is not None else nx.MultiDiGraph()
        self.report: pipeline.BuildReport | None = None
        self.records: RecordCache | None = None  # kept after a build for the incremental cache
        self._rdf: Graph | None = None
        self._names: dict[str, str] | None = None
        self._comps: dict[float, tracing.Comparisons] | None = None

    # --- construction -------------------------------------------------------------
    @classmethod
    def build(cls, paths: Sequence[str | Path] | str | Path, **options: Any) -> KnowledgeGraph:
        """Build from corpus files/folders.

        Options: model, skip_bad, encoding, dedupe, jobs, engine ("local" or "dask"),
        scheduler, update (an export folder whose cached records are reused), progress.
        """
        if isinstance(paths, (str, Path)):
            paths = [paths]
        G, records, report = pipeline.build(list(paths), **options)
        kg = cls(G)
        kg.report, kg.records = report, records
        return kg

    @classmethod
    def remove(cls, folder: str | Path, paper_ids: Sequence[str]) -> KnowledgeGraph:
        """The graph of an export folder without the given papers (and all only they supported)."""
        G, records = pipeline.remove(folder, list(paper_ids))
        kg = cls(G)
        kg.records = records
        return kg

    @classmethod
    def load(cls, path: str | Path) -> KnowledgeGraph:
        """Load an export (Turtle, N-Triples, JSON-LD, TriG) or an export folder."""
        path = Path(path)
        if path.is_dir() and oxigraph.is_store(path):
            return cls(oxigraph.load_networkx(path))
        if path.is_dir():
            path = path / pipeline.EXPORT_NAMES["ttl"]
        if not path.is_file():
            raise GraphLoadError(f"{path}: no such graph file")
        fmt = _SUFFIX_FORMATS.get(path.suffix.lower(), "ttl")
        try:
            G = rdf.load_graph(path, fmt)
        except GraphLoadError:
            raise
        except Exception as exc:  # parsers raise many exception types (SyntaxError, ValueError, ...)
            raise GraphLoadError(f"{path}: cannot parse as {fmt}: {' '.join(str(exc).split())[:300]}") from None
        return cls(G)

    # --- views ----------------------------------------------------------------------
    def to_networkx(self) -> nx.MultiDiGraph:
        return self.graph

    def to_rdf(self) -> Graph:
        if self._rdf is None:
            self._rdf = rdf.to_rdf(self.graph)
        return self._rdf

    def papers(self, evaluated_on: str | None = None, proposes: str | None = None,
               compared_with: str | None = None) -> list[Paper]:
        """Every paper, sorted by id; or those with all the given relations (entity names or aliases;
        `evaluated_on` also finds papers on a variant, e.g. ImageNet -> ImageNet-1k)."""
        filters = {"evaluated_on": evaluated_on, "proposes": proposes, "compared_with": compared_with}
        wanted = None
        if any(v is not None for v in filters.values()):
            keys = {rel: self._key(name) for rel, name in filters.items() if name is not None}
            wanted = set(tracing.papers_where(self.graph, **keys))
        out = []
        for _, d in sorted(self.graph.nodes(data=True)):
            if d.get("kind") == "Paper" and (wanted is None or d["id"] in wanted):
                out.append(Paper(id=d["id"], abstract=d["abstract"], source=d["source"], title=d.get("title"),
                                 authors=tuple(d.get("authors") or ()), year=d.get("year"),
                                 venue=d.get("venue"), url=d.get("url")))
        return out

    def entities(self, type: str | None = None) -> list[Entity]:  # noqa: A002 - mirrors the ontology
        """Entities, optionally of one type (Method, Dataset, Benchmark, Task, Metric)."""
        wanted = {type, "Benchmark"} if type == "Dataset" else {type}
        out = []
        for key, d in sorted(self.graph.nodes(data=True)):
            kind = d.get("kind")
            if kind in ("Paper", "Result") or (type is not None and kind not in wanted):
                continue
            out.append(Entity(key, kind, d["label"], tuple(d.get("aliases") or ()), d.get("variant_of"),
                              tuple(d.get("same_as") or ())))
        return out

    def find(self, name: str) -> str | None:
        """Entity key for a canonical name, alias or key (case and punctuation folded)."""
        if name in self.graph and self.graph.nodes[name].get("kind") not in ("Paper", "Result"):
            return name
        if self._names is None:
            self._names = {}
            for key, d in sorted(self.graph.nodes(data=True)):
                if d.get("kind") in ("Paper", "Result"):
                    continue
                for n in [d["label"], *(d.get("aliases") or ())]:
                    self._names.setdefault(norm(n), key)
        return self._names.get(norm(name))

    def neighbors(self, node: str, relation: str | None = None) -> list[Neighbor]:
        """Nodes linked to `node` (a key, or an entity name), optionally by one relation."""
        key = node if node in self.graph else self.find(node)
        if key is None:
            raise KGError(f"no node named {node!r}")
        out = []
        for _, v, rel in self.graph.out_edges(key, keys=True):
            if relation in (None, rel):
                out.append(self._neighbor(v, rel, "out"))
        for u, _, rel in self.graph.in_edges(key, keys=True):
            if relation in (None, rel):
                out.append(self._neighbor(u, rel, "in"))
        return sorted(out, key=lambda n: (n.relation, n.direction, n.key))

    def _neighbor(self, key: str, relation: str, direction: str) -> Neighbor:
        d = self.graph.nodes[key]
        return Neighbor(key, d.get("kind", ""), d.get("label") or d.get("id") or key, relation, direction)

    # --- comparisons (kg/trace.py) -------------------------------------------------------
    def _key(self, name: str) -> str:
        """Entity key of a name or alias; an unknown name raises with "did you mean" suggestions."""
        key = self.find(name)
        if key is None:
            raise tracing.UnknownName(name, tracing.suggest(self.graph, name))
        return key

    def trace(self, name: str, direction: str = "both", depth: int = 1,
              min_confidence: float = 0.0) -> tracing.Trace:
        """Baselines of a method and/or its challengers, `depth` hops deep (0: all reachable).

        `min_confidence` keeps only comparisons some paper states at least that surely
        (kg:confidence is the measured precision of the rule that found the statement)."""
        return tracing.trace(self.graph, self._key(name), direction, depth, self._comparisons(min_confidence))

    def _comparisons(self, min_confidence: float = 0.0) -> tracing.Comparisons:
        """The comparison index per confidence threshold, built on first use (call `refresh()`
        after changing the graph)."""
        if self._comps is None:
            self._comps = {}
        if min_confidence not in self._comps:
            self._comps[min_confidence] = tracing.comparisons(self.graph, min_confidence)
        return self._comps[min_confidence]

    def refresh(self) -> None:
        """Forget cached indexes (names, comparisons, RDF) after changing `to_networkx()` in place."""
        self._names = self._comps = self._rdf = None

    def baselines_of(self, name: str, depth: int = 1, min_confidence: float = 0.0) -> tracing.Records[tracing.Comparison]:
        """What the method `name` was compared against, with papers, evidence and results."""
        return self.trace(name, "baselines", depth, min_confidence).baselines

    def compared_against(self, name: str, depth: int = 1,
                         min_confidence: float = 0.0) -> tracing.Records[tracing.Comparison]:
        """Methods (or papers proposing none) compared against `name`, with papers, evidence and results."""
        return self.trace(name, "challengers", depth, min_confidence).challengers

    def comparison_graph(self, include_papers: bool = False) -> nx.DiGraph:
        """A DiGraph challenger -> baseline of methods (edge attributes `papers`, `weight`)."""
        return tracing.comparison_graph(self.graph, include_papers)

    def most_used_baselines(self, top: int | None = 25) -> tracing.Records[tracing.BaselineUse]:
        """Entities compared against by the most distinct papers."""
        return tracing.most_used_baselines(self.graph, top)

    def leaderboard(self, dataset: str, variants: bool = True) -> tracing.Records[tracing.LeaderboardRow]:
        """Methods evaluated on a dataset (and its variants) with their reported results."""
        return tracing.leaderboard(self.graph, self._key(dataset), variants)

    # --- query and save ---------------------------------------------------------------
    def to_rdf_bytes(self, fmt: str = "ttl") -> bytes:
        """One RDF export as bytes (ttl, nt, jsonld, trig), deterministic."""
        return pipeline.render(self.graph, [fmt])[fmt]

    def sparql(self, query: str) -> QueryResult:
        return run_query(self.to_rdf(), query)

    def save(self, out_dir: str | Path, formats: Sequence[str] = pipeline.DEFAULT_FORMATS) -> list[Path]:
        """Write the exports (and, after a build, the record cache for `--update`) atomically."""
        return pipeline.save(self.graph, out_dir, formats, self.records)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KnowledgeGraph) and graph_signature(self.graph) == graph_signature(other.graph)

    __hash__ = None  # type: ignore[assignment]


def graph_signature(G: nx.MultiDiGraph) -> tuple:
    """A comparable form of a graph: sorted nodes and edges with their attributes."""
    nodes = sorted((n, repr(sorted(d.items()))) for n, d in G.nodes(data=True))
    edges = sorted((u, v, k, repr(sorted(d.items()))) for u, v, k, d in G.edges(keys=True, data=True))
    return tuple(nodes), tuple(edges)
