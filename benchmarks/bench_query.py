"""Load time and query latency on a big export: Python trace, and SPARQL on Oxigraph.

Usage (from the repository root, after `kg build ... --out DIR`):
    python benchmarks/bench_query.py DIR/graph.nt
Prints load seconds, peak RSS, and median/max milliseconds of a trace of the
most compared methods, and of a point SPARQL query (baselines of a method).
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
from pathlib import Path


def ms(fn, repeat: int = 5) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    from kg import KnowledgeGraph
    from kg.oxigraph import OxigraphStore

    path = Path(sys.argv[1])
    t0 = time.perf_counter()
    kg = KnowledgeGraph.load(path)
    load_s = time.perf_counter() - t0
    papers = sum(1 for _, d in kg.graph.nodes(data=True) if d.get("kind") == "Paper")
    top = [b.label for b in kg.most_used_baselines(top=10)]
    traces = [t for name in top for t in ms(lambda n=name: kg.trace(n, "both", 2))]
    t0 = time.perf_counter()
    store = OxigraphStore().load(path)
    ox_load = time.perf_counter() - t0
    q = ('SELECT ?b ?label WHERE { ?m rdfs:label "%s" . ?m kg:comparedWith ?b . ?b rdfs:label ?label }' % top[0])
    sparql = ms(lambda: store.query(q).rows, 20)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 / 1024
    print(f"graph: {path} ({path.stat().st_size / 1e6:.0f} MB), {papers} papers, {kg.graph.number_of_nodes()} nodes, "
          f"{kg.graph.number_of_edges()} edges")
    print("| what | figure |")
    print("|---|---|")
    print(f"| KnowledgeGraph.load | {load_s:.1f} s |")
    print(f"| trace (both directions, depth 2) of the 10 most used baselines, median / max | "
          f"{statistics.median(traces):.1f} / {max(traces):.1f} ms |")
    print(f"| Oxigraph load | {ox_load:.1f} s |")
    print(f"| SPARQL point query on Oxigraph, median / max | {statistics.median(sparql):.2f} / {max(sparql):.2f} ms |")
    print(f"| peak RSS of this process | {rss:.2f} GB |")


if __name__ == "__main__":
    main()
