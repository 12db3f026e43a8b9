"""Render the graph as one self-contained, offline HTML page (vis-network via pyvis)."""

from __future__ import annotations

import html
import json
from importlib import resources
from pathlib import Path

import networkx as nx

COLORS = {"Paper": "#9e9e9e", "Method": "#1f77b4", "Dataset": "#2ca02c", "Benchmark": "#17becf",
          "Task": "#ff7f0e", "Metric": "#9467bd", "Result": "#bcbd22"}


def render_html(G: nx.MultiDiGraph, title: str = "kg") -> str:
    """The page as a string: vis-network inlined, data as JSON, no external request."""
    nodes = [{"id": n, "label": d.get("label") or d.get("id") or n, "group": d.get("kind"),
              "color": COLORS.get(d.get("kind"), "#777")} for n, d in sorted(G.nodes(data=True))]
    edges = [{"from": u, "to": v, "label": k, "arrows": "to"} for u, v, k in sorted(G.edges(keys=True))]
    js = resources.files("pyvis").joinpath("lib/vis-9.1.2/vis-network.min.js").read_text(encoding="utf-8")
    data = json.dumps({"nodes": nodes, "edges": edges}).replace("</", "<\\/")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<script>{js}</script></head><body><div id='net' style='height:95vh'></div><script>"
            f"const d={data};new vis.Network(document.getElementById('net'),"
            f"{{nodes:new vis.DataSet(d.nodes),edges:new vis.DataSet(d.edges)}},{{}});</script></body></html>")


def write_html(G: nx.MultiDiGraph, path: Path, title: str = "kg") -> bytes:
    """Encode the page as UTF-8 bytes (the caller writes them atomically)."""
    return render_html(G, title).encode("utf-8")
