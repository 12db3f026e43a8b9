"""`KnowledgeGraph`: the Python face of kg (build, load, look up, query, save)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
from rdflib import Graph

from kg import pipeline, rdf
from kg.errors import GraphLoadError, KGError
from kg.model import Entity, Paper
from kg.resolve import norm
from kg.sparql import QueryResult, run_query

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
        self._rdf: Graph | None = None
        self._names: dict[str, str] | None = None

    # --- construction -------------------------------------------------------------
    @classmethod
    def build(cls, paths: Sequence[str | Path] | str | Path, **options: object) -> KnowledgeGraph:
        """Build from corpus files/folders (options: model, skip_bad, encoding, dedupe)."""
        if isinstance(paths, (str, Path)):
            paths = [paths]
        G, report = pipeline.build(list(paths), **options)  # type: ignore[arg-type]
        kg = cls(G)
        kg.report = report
        return kg

    @classmethod
    def load(cls, path: str | Path) -> KnowledgeGraph:
        """Load an export (Turtle, N-Triples, JSON-LD, TriG) or an export folder."""
        path = Path(path)
        if path.is_dir():
            path = path / pipeline.EXPORT_NAMES["ttl"]
        if not path.is_file():
            raise GraphLoadError(f"{path}: no such graph file")
        fmt = _SUFFIX_FORMATS.get(path.suffix.lower(), "ttl")
        try:
            g = rdf.parse(path.read_bytes(), fmt)
        except Exception as exc:  # rdflib parsers raise many exception types
            raise GraphLoadError(f"{path}: cannot parse as {fmt}: {' '.join(str(exc).split())[:300]}") from None
        kg = cls(rdf.from_rdf(g))
        kg._rdf = g
        return kg

    # --- views ----------------------------------------------------------------------
    def to_networkx(self) -> nx.MultiDiGraph:
        return self.graph

    def to_rdf(self) -> Graph:
        if self._rdf is None:
            self._rdf = rdf.to_rdf(self.graph)
        return self._rdf

    def papers(self) -> list[Paper]:
        """Every paper, sorted by id."""
        out = []
        for _, d in sorted(self.graph.nodes(data=True)):
            if d.get("kind") == "Paper":
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

    # --- query and save ---------------------------------------------------------------
    def sparql(self, query: str) -> QueryResult:
        return run_query(self.to_rdf(), query)

    def save(self, out_dir: str | Path, formats: Sequence[str] = pipeline.DEFAULT_FORMATS) -> list[Path]:
        return pipeline.save(self.graph, out_dir, formats)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KnowledgeGraph) and graph_signature(self.graph) == graph_signature(other.graph)

    __hash__ = None  # type: ignore[assignment]


def graph_signature(G: nx.MultiDiGraph) -> tuple:
    """A comparable form of a graph: sorted nodes and edges with their attributes."""
    nodes = sorted((n, repr(sorted(d.items()))) for n, d in G.nodes(data=True))
    edges = sorted((u, v, k, repr(sorted(d.items()))) for u, v, k, d in G.edges(keys=True, data=True))
    return tuple(nodes), tuple(edges)
