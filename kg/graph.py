"""Build the one in-memory graph (networkx MultiDiGraph) from records and resolution.

Node and edge attributes are documented in docs/architecture.md; RDF and HTML
are read-only projections of this graph.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import networkx as nx

from kg import calibration
from kg.text import absolute_url
from kg.model import METHOD_RELATIONS, Entity, PaperRecord, Relation, Resolution, Result


def paper_node(paper_id: str) -> str:
    """Node key of a paper."""
    return f"paper:{paper_id}"


def build_graph(records: Iterable[PaperRecord], resolution: Resolution) -> nx.MultiDiGraph:
    """One node per paper, entity and result; paper-level edges with evidence."""
    G = nx.MultiDiGraph()
    records = sorted(records, key=lambda r: r.paper.id)
    for key in sorted(resolution.entities):
        add_entity(G, resolution.entities[key])
    for rec in records:
        _add_paper(G, rec, resolution)
    derive_method_edges(G)
    return G


def add_entity(G: nx.MultiDiGraph, ent: Entity) -> None:
    """Add an entity node and, when it has one, its `variant_of` edge."""
    G.add_node(ent.key, kind=ent.type, label=ent.label, aliases=list(ent.aliases),
               variant_of=ent.variant_of, same_as=list(ent.same_as))
    if ent.variant_of:
        G.add_edge(ent.key, ent.variant_of, key="variant_of", level="entity")


def _add_paper(G: nx.MultiDiGraph, rec: PaperRecord, res: Resolution) -> None:
    p = rec.paper
    pnode = paper_node(p.id)
    G.add_node(pnode, kind="Paper", id=p.id, title=p.title, abstract=p.abstract, source=p.source,
               authors=list(p.authors), year=p.year, venue=p.venue, url=p.url,
               code_url=absolute_url(rec.code_url) if rec.code_url else None)
    best: dict[tuple[str, str], tuple[float, dict]] = {}
    own = {res.key_for(p.id, r.target, r.target_type) for r in rec.relations if r.relation == "proposes"}
    for r in rec.relations:
        target = res.key_for(p.id, r.target, r.target_type)
        if target is None or (r.relation in _ON_OTHERS and not _other_method(G, target, own)):
            continue
        attrs = {"level": "paper", "evidence": r.evidence.sentence, "start": r.evidence.start,
                 "end": r.evidence.end, "confidence": _confidence(r, G.nodes[target].get("kind", r.target_type))}
        if r.rule:
            attrs["rule"] = r.rule
        k = (r.relation, target)
        if k not in best or attrs["confidence"] > best[k][0]:
            best[k] = (attrs["confidence"], attrs)
    for (relation, target), (_c, attrs) in sorted(best.items()):
        G.add_edge(pnode, target, key=relation, **attrs)
    for n, result in enumerate(rec.results, start=1):
        _add_result(G, p.id, n, result, res)


def _confidence(r: Relation, kind: str) -> float:
    """The measured precision of the kind of statement (`kg.calibration`), keyed by the entity's
    resolved kind as `kg evaluate --write-calibration` counts it; the extractor's score when the
    record names no rule (records of older versions) or the table never saw the relation."""
    table = calibration.active()
    if not r.rule or not table:
        return round(float(r.confidence), 3)
    rule, _, source = r.rule.partition("; ")
    return round(min(1.0, max(0.0, table.confidence(r.relation, kind, rule, source, float(r.confidence)))), 3)


#: Relations to someone else's method: never to the paper's own proposal (an acronym and its long
#: form resolve to one entity, so "X builds on X-long-form" shows up only here), never to data.
_ON_OTHERS = {"builds_on", "compared_with"}


def _other_method(G: nx.MultiDiGraph, target: str, own: set[str | None]) -> bool:
    return target not in own and G.nodes[target].get("kind") == "Method"


def _add_result(G: nx.MultiDiGraph, pid: str, n: int, r: Result, res: Resolution) -> None:
    def key(name: str | None, *types: str) -> str | None:
        for t in types:
            k = res.key_for(pid, name, t) if name else None
            if k:
                return k
        return None

    node = f"result:{pid}:{n}"
    G.add_node(node, kind="Result", paper=pid, method=key(r.method, "Method"),
               metric=key(r.metric, "Metric"), dataset=key(r.dataset, "Dataset", "Benchmark"),
               baseline=key(r.baseline, "Method"), task=key(r.task, "Task"),
               value_text=r.value_text, value=r.value, unit=r.unit, min_value=r.min_value,
               from_value=r.from_value,
               evidence=r.evidence.sentence, start=r.evidence.start, end=r.evidence.end,
               confidence=round(float(r.confidence), 3))
    G.add_edge(paper_node(pid), node, key="has_result", level="paper")


def derive_method_edges(G: nx.MultiDiGraph) -> None:
    """For a paper that proposes M: M compared_with / evaluated_on / builds_on X."""
    support: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for pnode, data in G.nodes(data=True):
        if data.get("kind") != "Paper":
            continue
        proposed = [v for _, v, k in G.out_edges(pnode, keys=True)
                    if k == "proposes" and G.nodes[v].get("kind") == "Method"]
        for _, target, rel in G.out_edges(pnode, keys=True):
            if rel in METHOD_RELATIONS:
                for m in proposed:
                    if m != target:
                        support[(m, target, rel)].add(data["id"])
    for (m, target, rel), papers in sorted(support.items()):
        G.add_edge(m, target, key=rel, level="method", papers=sorted(papers))
