"""Render the graph as one self-contained, offline HTML explorer (vis-network from pyvis).

The page is a read-only projection of the networkx graph: `page_data` turns it into
plain JSON records, `render_html` inlines vis-network, the explorer's own JS/CSS
(`kg/assets/`) and that JSON into one UTF-8 file. Corpus text never becomes markup:
it travels as script-safe JSON and the page puts it on screen with `textContent`.
A Content-Security-Policy admits only the page's own inline scripts (by hash) and no
request of any kind. `view` cuts a smaller graph (focus, types, comparisons) to render.
"""

from __future__ import annotations

import base64
import difflib
import hashlib
import html
import json
import math
from collections import Counter
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

import networkx as nx

from kg.errors import KGError
from kg.resolve import norm

VIS_DIR = "lib/vis-9.1.2"

#: kind -> how its nodes look and what the legend calls them (in legend order).
NODE_STYLES: dict[str, dict[str, str]] = {
    "Paper": {"color": "#64748b", "shape": "square", "label": "Paper"},
    "Method": {"color": "#2563eb", "shape": "dot", "label": "Method"},
    "Dataset": {"color": "#16a34a", "shape": "diamond", "label": "Dataset"},
    "Benchmark": {"color": "#0d9488", "shape": "star", "label": "Benchmark"},
    "Task": {"color": "#ea580c", "shape": "triangle", "label": "Task"},
    "Metric": {"color": "#a21caf", "shape": "triangleDown", "label": "Metric"},
    "Result": {"color": "#ca8a04", "shape": "hexagon", "label": "Result"},
    "Other": {"color": "#78716c", "shape": "dot", "label": "Other"},
}

#: relation -> how its edges look (dashes: [] = solid) and what the legend calls them.
EDGE_STYLES: dict[str, dict[str, Any]] = {
    "proposes": {"color": "#1d4ed8", "dashes": [], "width": 2.0, "label": "proposes"},
    "compared_with": {"color": "#dc2626", "dashes": [], "width": 2.5, "label": "compared with"},
    "evaluated_on": {"color": "#16a34a", "dashes": [], "width": 1.5, "label": "evaluated on"},
    "builds_on": {"color": "#7c3aed", "dashes": [8, 4], "width": 1.5, "label": "builds on"},
    "addresses": {"color": "#ea580c", "dashes": [3, 4], "width": 1.2, "label": "addresses"},
    "uses_metric": {"color": "#a21caf", "dashes": [3, 4], "width": 1.2, "label": "uses metric"},
    "variant_of": {"color": "#0d9488", "dashes": [10, 3, 2, 3], "width": 1.5, "label": "variant of"},
    "has_result": {"color": "#ca8a04", "dashes": [], "width": 1.0, "label": "has result"},
    "mentions": {"color": "#94a3b8", "dashes": [2, 3], "width": 0.8, "label": "mentions"},
    "other": {"color": "#a8a29e", "dashes": [], "width": 1.0, "label": "other"},
}

#: `--types` words -> node kinds ("dataset" includes Benchmarks, which are Datasets).
TYPE_WORDS: dict[str, tuple[str, ...]] = {
    "paper": ("Paper",), "method": ("Method",), "dataset": ("Dataset", "Benchmark"),
    "benchmark": ("Benchmark",), "task": ("Task",), "metric": ("Metric",), "result": ("Result",),
}

_SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                              "\u2028": "\\u2028", "\u2029": "\\u2029"})


class ViewError(KGError):
    """A view of the graph cannot be cut as asked (unknown focus node or type)."""


# --- views ---------------------------------------------------------------------------------
def view(G: nx.MultiDiGraph, focus: str | None = None, depth: int = 1, types: Iterable[str] | None = None,
         only_comparisons: bool = False) -> nx.MultiDiGraph:
    """A new graph cut from G (never mutated): filters first, then the focus neighbourhood.

    `types` keeps nodes of those kinds (words of TYPE_WORDS or kind names); `only_comparisons`
    keeps methods linked by `compared_with` and those edges; `focus` (a node key, entity
    name or alias, paper id or title) keeps the nodes within `depth` hops of it, either
    direction, inside the filtered graph. The focus node itself always stays.
    """
    start = find_node(G, focus) if focus is not None else None
    if depth < 0:
        raise ViewError(f"depth must be 0 or more, not {depth}")
    kinds = kinds_for(types) if types is not None else None
    H = comparison_network(G) if only_comparisons else G
    if kinds is not None:
        H = H.subgraph(n for n, d in H.nodes(data=True) if d.get("kind") in kinds)
    if start is not None:
        if start not in H:
            H = nx.compose(H, G.subgraph([start]))
        near = nx.single_source_shortest_path_length(H.to_undirected(as_view=True), start, cutoff=depth)
        H = H.subgraph(near)
    return nx.MultiDiGraph(H)


def comparison_network(G: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """Methods and the `compared_with` edges between methods (a read-only view of G)."""
    def is_method(n: str) -> bool:
        return G.nodes[n].get("kind") == "Method"

    edges = [(u, v, k) for u, v, k in G.edges(keys=True) if k == "compared_with" and is_method(u) and is_method(v)]
    return G.edge_subgraph(edges)


def kinds_for(types: Iterable[str]) -> set[str]:
    """Node kinds named by `types` words ('method', 'datasets', 'Benchmark', ...)."""
    kinds: set[str] = set()
    for word in types:
        w = word.strip().lower()
        if not w:
            continue
        found = TYPE_WORDS.get(w) or TYPE_WORDS.get(w[:-1] if w.endswith("s") else w)
        if found is None:
            raise ViewError(f"unknown node type {word!r}; choose from {', '.join(TYPE_WORDS)}")
        kinds.update(found)
    if not kinds:
        raise ViewError("no node type given")
    return kinds


def find_node(G: nx.MultiDiGraph, name: str) -> str:
    """The node key for a key, an entity name or alias, or a paper id or title (folded)."""
    for key in (name, f"paper:{name}"):
        if key in G:
            return key
    wanted = norm(name)
    papers: dict[str, str] = {}
    for key, d in sorted(G.nodes(data=True)):
        kind = d.get("kind")
        if kind == "Paper":
            for text in (d.get("id"), d.get("title")):
                papers.setdefault(norm(str(text or "")), key)
        elif wanted and kind != "Result":
            if wanted in {norm(n) for n in [d.get("label") or "", *(d.get("aliases") or ())]}:
                return key
    if wanted and wanted in papers:
        return papers[wanted]
    labels = [str(d.get("label")) for _, d in G.nodes(data=True) if d.get("label")]
    close = difflib.get_close_matches(name, labels, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
    raise ViewError(f"no node named {name!r} in the graph{hint}")


# --- page data -----------------------------------------------------------------------------
def page_data(G: nx.MultiDiGraph) -> dict[str, Any]:
    """Plain JSON-ready records of G's nodes and edges plus the style tables."""
    degree = dict(G.degree())
    nodes = [_node_record(n, d, degree.get(n, 0)) for n, d in sorted(G.nodes(data=True), key=lambda x: str(x[0]))]
    edges = []
    parallel: Counter[tuple[str, str]] = Counter()
    for u, v, k, d in sorted(G.edges(keys=True, data=True), key=lambda e: (str(e[0]), str(e[1]), str(e[2]))):
        pair = (min(str(u), str(v)), max(str(u), str(v)))
        edges.append(_edge_record(G, u, v, k, d, parallel[pair]))
        parallel[pair] += 1
    return {"nodes": nodes, "edges": edges, "nodeStyles": NODE_STYLES, "edgeStyles": EDGE_STYLES}


def node_size(degree: int) -> float:
    """Node radius in pixels grows with the square root of its degree, capped."""
    return round(min(46.0, 9.0 + 4.5 * math.sqrt(degree)), 1)


def _node_record(key: str, d: dict, degree: int) -> dict[str, Any]:
    kind = d.get("kind") if d.get("kind") in NODE_STYLES else "Other"
    rec: dict[str, Any] = {"id": str(key), "kind": kind, "degree": degree, "size": node_size(degree)}
    if kind == "Paper":
        title, pid = d.get("title"), d.get("id") or str(key)[len("paper:"):]
        rec.update(name=title or pid, label=_short(title or d.get("abstract") or pid, 30),
                   pid=pid, title=title, abstract=d.get("abstract"), authors=list(d.get("authors") or ()),
                   year=d.get("year"), venue=d.get("venue"), url=d.get("url"), code=d.get("code_url"),
                   source=d.get("source"))
    elif kind == "Result":
        rec.update(name=d.get("value_text") or str(key), label=_short(d.get("value_text") or "result", 16),
                   **{f: d.get(f) for f in ("paper", "method", "metric", "dataset", "baseline", "task", "value_text",
                                            "evidence", "confidence")})
    else:
        label = d.get("label") or str(key)
        rec.update(name=label, label=_short(label, 40), aliases=list(d.get("aliases") or ()),
                   variant_of=d.get("variant_of"), same_as=list(d.get("same_as") or ()))
    return _compact(rec)


def _edge_record(G: nx.MultiDiGraph, u: str, v: str, rel: str, d: dict, index: int) -> dict[str, Any]:
    rec: dict[str, Any] = {"from": str(u), "to": str(v), "rel": rel if rel in EDGE_STYLES else "other",
                           "relation": str(rel), "level": d.get("level"), "evidence": d.get("evidence"),
                           "confidence": d.get("confidence"), "rule": d.get("rule"), "parallel": index}
    if d.get("level") == "paper" and G.nodes[u].get("kind") == "Paper":
        rec["papers"] = [str(u)]
    elif d.get("papers"):
        rec["papers"] = [f"paper:{p}" for p in d["papers"]]
    return _compact(rec)


def _compact(rec: dict[str, Any]) -> dict[str, Any]:
    """Plain JSON values, leaving out the empty ones (the page treats missing as empty)."""
    plain = {k: _plain(v) for k, v in rec.items()}
    return {k: v for k, v in plain.items() if v not in (None, [], "")}


def _short(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _plain(value: Any) -> Any:
    """JSON-safe: NaN/inf become None, tuples lists, anything unknown its str()."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


def script_json(obj: Any) -> str:
    """JSON that is safe inside <script>: no `<`, `>`, `&`, U+2028/2029 or non-ASCII left raw."""
    return json.dumps(obj, ensure_ascii=True, separators=(",", ":"), allow_nan=False).translate(_SCRIPT_SAFE)


# --- the page ------------------------------------------------------------------------------
def _asset(name: str) -> str:
    return resources.files("kg").joinpath("assets", name).read_text(encoding="utf-8")


def _vis(name: str) -> str:
    return resources.files("pyvis").joinpath(VIS_DIR, name).read_text(encoding="utf-8")


def _sha256(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def _raw_text(text: str, tag: str) -> str:
    """Text for a <script>/<style> element, which must not be able to close its own element."""
    if f"</{tag}" in text.lower():
        raise ValueError(f"inlined {tag} text contains '</{tag}'")
    return text


def render_html(G: nx.MultiDiGraph, title: str = "kg") -> str:
    """The page as a string: vis-network and the explorer inlined, data as JSON, no request out."""
    vis_js = _raw_text(_vis("vis-network.min.js"), "script")
    layout_js, app_js = _raw_text(_asset("layout.js"), "script"), _raw_text(_asset("explorer.js"), "script")
    csp = (f"default-src 'none'; script-src {_sha256(vis_js)} {_sha256(layout_js)} {_sha256(app_js)}; "
           "style-src 'unsafe-inline'; "
           "img-src data:; font-src data:; base-uri 'none'; form-action 'none'")
    return Template(_asset("explorer.html")).substitute(
        csp=html.escape(csp), title=html.escape(title), vis_css=_raw_text(_vis("vis-network.css"), "style"),
        css=_raw_text(_asset("explorer.css"), "style"), data=script_json(page_data(G)), vis_js=vis_js,
        layout_js=layout_js, app_js=app_js)


#: Above this many nodes a full page stops being usable; `overview` cuts it down.
MAX_PAGE_NODES = 5000


def overview(G: nx.MultiDiGraph, max_nodes: int = MAX_PAGE_NODES) -> nx.MultiDiGraph:
    """The graph itself when small; else its best-connected entities and their relations.

    A 100,000-paper graph has ~500,000 nodes; no browser lays that out. The
    overview keeps entities (not papers or results), most connected first, with
    the method-level and variant edges among them, so the comparison network and
    the most used datasets stay visible. `kg viz` renders any other cut.
    """
    if G.number_of_nodes() <= max_nodes:
        return G
    entities = [n for n, d in G.nodes(data=True) if d.get("kind") not in ("Paper", "Result")]
    ranked = sorted(entities, key=lambda n: (-G.degree(n), n))[:max_nodes]
    return G.subgraph(ranked).copy()


def write_html(G: nx.MultiDiGraph, path: Path | None = None, title: str = "kg") -> bytes:
    """The page encoded as UTF-8 bytes; the caller writes them (atomically). `path` is unused."""
    return render_html(G, title).encode("utf-8", errors="replace")
