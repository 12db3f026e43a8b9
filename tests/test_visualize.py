"""The HTML explorer: `view` filtering, page data, escaping, the page's shape, and `kg viz`."""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from kg import pipeline
from kg.api import graph_signature
from kg.cli import cli
from kg.graph import build_graph
from kg.model import Evidence, Mention, Paper, PaperRecord, Relation
from kg.resolve import resolve
from kg.visualize import (ViewError, find_node, kinds_for, node_size, page_data, render_html, script_json, view,
                          write_html)

ASSETS = Path(__file__).resolve().parent.parent / "kg" / "assets"
PAYLOAD_SCRIPT = "<script>window.pwned=1</script>"
PAYLOAD_IMG = '<img src=x onerror="window.pwned=1">'


def page_json(page: str) -> dict:
    """The graph data embedded in a rendered page."""
    m = re.search(r'<script id="kg-data" type="application/json">(.*?)</script>', page, re.S)
    assert m, "no data block"
    return json.loads(m.group(1))


def scripts(page: str) -> list[str]:
    """Bodies of the page's executable inline scripts (everything but the JSON block)."""
    return re.findall(r"<script>(.*?)</script>", page, re.S)


def xss_record(pid: str = "x:1") -> PaperRecord:
    """A paper whose title, abstract, authors, URL and entity names carry HTML/JS payloads."""
    method = f"EvilNet{PAYLOAD_IMG}"
    abstract = f"We propose {method}, which beats ResNet on ImageNet. {PAYLOAD_SCRIPT} \u2028 & more"
    ev = Evidence(abstract, 0, len(abstract))
    paper = Paper(id=pid, abstract=abstract, source="evil.jsonl", title=f"Title {PAYLOAD_SCRIPT}",
                  authors=(PAYLOAD_IMG,), venue="</script><script>window.pwned=1</script>",
                  url="javascript:window.pwned=1")
    mentions = (Mention(method, "Method", 11, 11 + len(method)), Mention("ResNet", "Method", 0, 6),
                Mention("ImageNet", "Dataset", 0, 8))
    relations = (Relation("proposes", method, "Method", ev, 0.9),
                 Relation("compared_with", "ResNet", "Method", ev, 0.8),
                 Relation("evaluated_on", "ImageNet", "Dataset", ev, 0.8))
    return PaperRecord(paper, mentions, relations, (), ((f"Evil {PAYLOAD_SCRIPT} Network", method),),
                       "javascript:window.pwned=1")


def xss_graph() -> nx.MultiDiGraph:
    records = [xss_record()]
    return build_graph(records, resolve(records, gazetteer=[]))


@pytest.fixture
def lab_graph() -> nx.MultiDiGraph:
    """A hand-built graph: two papers, a chain of comparisons A -> B -> C, a benchmark, a task."""
    G = nx.MultiDiGraph()
    for key, kind, label, aliases in [("method/a", "Method", "AlphaNet", ["ANet"]),
                                      ("method/b", "Method", "BetaNet", []), ("method/c", "Method", "GammaNet", []),
                                      ("method/lonely", "Method", "Lonely", []),
                                      ("dataset/d", "Dataset", "DeltaSet", []),
                                      ("dataset/e", "Benchmark", "EpsBench", []), ("task/t", "Task", "Tagging", [])]:
        G.add_node(key, kind=kind, label=label, aliases=aliases, variant_of=None, same_as=[])
    for pid, title in [("p:1", "Alpha paper"), ("p:2", "Beta paper")]:
        G.add_node(f"paper:{pid}", kind="Paper", id=pid, title=title, abstract=f"Abstract of {title}.", source="s",
                   authors=[], year=2024, venue=None, url=None, code_url=None)
    ev = {"level": "paper", "evidence": "Sentence.", "start": 0, "end": 9, "confidence": 0.9}
    for u, v, k in [("paper:p:1", "method/a", "proposes"), ("paper:p:1", "method/b", "compared_with"),
                    ("paper:p:1", "dataset/d", "evaluated_on"), ("paper:p:2", "method/b", "proposes"),
                    ("paper:p:2", "method/c", "compared_with"), ("paper:p:2", "dataset/e", "evaluated_on"),
                    ("paper:p:2", "task/t", "addresses"), ("paper:p:2", "method/lonely", "mentions")]:
        G.add_edge(u, v, key=k, **ev)
    for u, v, k, p in [("method/a", "method/b", "compared_with", "p:1"),
                       ("method/a", "dataset/d", "evaluated_on", "p:1"),
                       ("method/b", "method/c", "compared_with", "p:2"),
                       ("method/b", "dataset/e", "evaluated_on", "p:2")]:
        G.add_edge(u, v, key=k, level="method", papers=[p])
    return G


# --- view -----------------------------------------------------------------------------------
def test_view_without_filters_is_an_equal_copy(lab_graph):
    before = graph_signature(lab_graph)
    V = view(lab_graph)
    assert graph_signature(V) == before
    V.add_node("x")
    V.nodes["method/a"]["label"] = "changed"
    assert graph_signature(lab_graph) == before


def test_view_focus_depth(lab_graph):
    assert set(view(lab_graph, focus="AlphaNet", depth=0)) == {"method/a"}
    assert set(view(lab_graph, focus="AlphaNet", depth=1)) == {"method/a", "method/b", "dataset/d", "paper:p:1"}
    two = set(view(lab_graph, focus="method/a", depth=2))
    assert {"method/c", "paper:p:2", "dataset/e"} <= two and "task/t" not in two


def test_view_types_filter_first_then_focus(lab_graph):
    assert set(view(lab_graph, types=["method"])) == {"method/a", "method/b", "method/c", "method/lonely"}
    assert set(view(lab_graph, types=["datasets"])) == {"dataset/d", "dataset/e"}  # Benchmarks are Datasets
    assert set(view(lab_graph, types=["Benchmark"])) == {"dataset/e"}
    # within methods only, C is two comparison hops from A
    assert set(view(lab_graph, focus="ANet", depth=2, types=["method"])) == {"method/a", "method/b", "method/c"}
    # the focus node stays even when its type is filtered out
    assert "paper:p:1" in view(lab_graph, focus="p:1", types=["method"])


def test_view_only_comparisons(lab_graph):
    V = view(lab_graph, only_comparisons=True)
    assert set(V) == {"method/a", "method/b", "method/c"}
    assert sorted(V.edges(keys=True)) == [("method/a", "method/b", "compared_with"),
                                          ("method/b", "method/c", "compared_with")]
    assert set(view(lab_graph, focus="GammaNet", depth=1, only_comparisons=True)) == {"method/b", "method/c"}
    assert set(view(lab_graph, types=["dataset"], only_comparisons=True)) == set()


def test_view_errors(lab_graph):
    with pytest.raises(ViewError, match="did you mean 'AlphaNet'"):
        view(lab_graph, focus="AlphaNt")
    with pytest.raises(ViewError, match="unknown node type 'gizmo'"):
        view(lab_graph, types=["method", "gizmo"])
    with pytest.raises(ViewError, match="no node type"):
        kinds_for(["", " "])
    with pytest.raises(ViewError, match="depth"):
        view(lab_graph, focus="AlphaNet", depth=-1)


def test_find_node_by_key_name_alias_paper(lab_graph):
    assert find_node(lab_graph, "method/b") == "method/b"
    assert find_node(lab_graph, "beta net") == "method/b"  # case and punctuation folded
    assert find_node(lab_graph, "A-Net") == "method/a"
    assert find_node(lab_graph, "p:2") == "paper:p:2"
    assert find_node(lab_graph, "beta PAPER") == "paper:p:2"


def test_view_of_a_built_graph(tiny_graph):
    V = view(tiny_graph, focus="FooNet", depth=1, types=["method"])
    assert set(V) == {"method/foonet", "method/resnet50", "method/barnet"}
    assert all(k == "compared_with" for *_, k in V.edges(keys=True))


# --- page data ------------------------------------------------------------------------------
def test_page_data_mirrors_the_graph(tiny_graph):
    data = page_data(tiny_graph)
    assert len(data["nodes"]) == tiny_graph.number_of_nodes()
    assert len(data["edges"]) == tiny_graph.number_of_edges()
    nodes = {n["id"]: n for n in data["nodes"]}
    assert nodes["method/foonet"]["aliases"] == ["FooNet Network"]
    assert nodes["paper:t:1"]["abstract"].startswith("We propose FooNet")
    assert nodes["paper:t:1"]["code"] == "https://github.com/example/foonet"
    assert {n["kind"] for n in data["nodes"]} == {"Paper", "Method", "Dataset", "Result"}
    assert set(data["nodeStyles"]) >= {"Paper", "Method", "Dataset", "Benchmark", "Task", "Metric"}
    # compared_with runs from the proposed method to its baseline, and keeps its provenance
    comp = [e for e in data["edges"] if e["rel"] == "compared_with" and e["level"] == "method"]
    assert {(e["from"], e["to"]) for e in comp} == {("method/foonet", "method/resnet50"),
                                                    ("method/barnet", "method/foonet")}
    assert all(e["papers"] for e in comp)
    stated = [e for e in data["edges"] if e["level"] == "paper" and e["rel"] == "proposes"]
    assert all(e["evidence"].startswith("We propose") and e["papers"] == [e["from"]] for e in stated)


def test_node_size_grows_with_degree(tiny_graph):
    assert node_size(0) < node_size(1) < node_size(10) < node_size(10_000) == node_size(1_000_000)
    nodes = {n["id"]: n for n in page_data(tiny_graph)["nodes"]}
    assert nodes["method/foonet"]["size"] > nodes["dataset/cifar10"]["size"]


def test_parallel_edges_are_numbered(lab_graph):
    edges = page_data(lab_graph)["edges"]
    pair = sorted(e.get("parallel", 0) for e in edges if {e["from"], e["to"]} == {"paper:p:1", "method/b"})
    assert pair == [0]
    lab_graph.add_edge("method/b", "method/a", key="builds_on", level="method", papers=["p:2"])
    edges = page_data(lab_graph)["edges"]
    pair = sorted(e.get("parallel", 0) for e in edges if {e["from"], e["to"]} == {"method/a", "method/b"})
    assert pair == [0, 1]


def test_odd_values_become_plain_json():
    G = nx.MultiDiGraph()
    G.add_node("result:p:1", kind="Result", paper="p", value=float("nan"), value_text="n/a", evidence="e",
               confidence=float("inf"))
    G.add_node("method/x", kind="Method", label="X", aliases=("a", "b"), same_as=[])
    G.add_node("weird", kind="Gizmo")
    data = json.loads(script_json(page_data(G)))
    nodes = {n["id"]: n for n in data["nodes"]}
    assert "confidence" not in nodes["result:p:1"] and nodes["method/x"]["aliases"] == ["a", "b"]
    assert nodes["weird"]["kind"] == "Other"


# --- escaping -------------------------------------------------------------------------------
def test_script_json_cannot_break_out_of_a_script():
    obj = {"t": "</script><script>alert(1)</script> <!-- & \u2028\u2029 é 模型 \ud800"}
    text = script_json(obj)
    for raw in ("<", ">", "&", "\u2028", "\u2029"):
        assert raw not in text
    assert text.isascii()
    assert json.loads(text) == obj


def test_payloads_never_reach_the_markup():
    page = render_html(xss_graph(), title=f"kg {PAYLOAD_SCRIPT}")
    assert PAYLOAD_SCRIPT not in page and "<img" not in page and "onerror=\"" not in page
    assert len(re.findall(r"^<script", page, re.M)) == 4  # data block, vis-network, layout, explorer
    assert "<title>kg &lt;script&gt;window.pwned=1&lt;/script&gt;</title>" in page
    nodes = page_json(page)["nodes"]
    paper = next(n for n in nodes if n["kind"] == "Paper")
    assert paper["title"] == f"Title {PAYLOAD_SCRIPT}" and PAYLOAD_SCRIPT in paper["abstract"]  # data kept verbatim
    assert any(PAYLOAD_IMG in n["name"] for n in nodes if n["kind"] == "Method")


def test_explorer_js_never_parses_strings_as_html():
    for name in ("explorer.js", "layout.js"):
        js = (ASSETS / name).read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                     "setAttribute(\"on", "javascript:"):
            assert sink not in js, f"{name} uses {sink}"


# --- the page -------------------------------------------------------------------------------
def test_page_is_self_contained_with_a_strict_csp(tiny_graph):
    page = render_html(tiny_graph)
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page).group(1)
    csp = csp.replace("&#x27;", "'")
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp.split("style-src")[0]
    for body in scripts(page):  # each inline script is allowed by its hash, and nothing else is
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp
    markup = re.sub(r"<script[^>]*>.*?</script>", "", page, flags=re.S)
    assert not re.search(r"\b(?:src|href)\s*=", markup), "the page must not load anything"
    assert not re.search(r"url\((?!\s*[\"']?data:)", markup) and "@import" not in markup
    assert not re.search(r"https?://|//cdn|bootstrap", markup, re.I)
    assert "vis.Network" in page and "DataSet" in page  # vis-network is inlined


def test_write_html_is_utf8_and_writes_no_lib_folder(tmp_path, monkeypatch, tiny_graph):
    monkeypatch.chdir(tmp_path)
    tiny_graph.add_node("method/umlaut", kind="Method", label="Über-Net 模型", aliases=[], same_as=[])
    data = write_html(tiny_graph, tmp_path / "graph.html", title="Über")
    assert data.decode("utf-8").startswith("<!DOCTYPE html>")
    assert "Über-Net 模型" in json.dumps(page_json(data.decode()), ensure_ascii=False)
    written = pipeline.save(tiny_graph, tmp_path / "out", ("html",))
    assert [p.name for p in written] == ["graph.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert not list(tmp_path.rglob("lib"))


def test_empty_graph_renders():
    assert page_json(render_html(nx.MultiDiGraph()))["nodes"] == []


# --- kg viz ---------------------------------------------------------------------------------
@pytest.fixture
def saved_graph(tmp_path, tiny_graph) -> Path:
    pipeline.save(tiny_graph, tmp_path / "g", ("ttl",))
    return tmp_path / "g"


def test_viz_writes_a_filtered_view(tmp_path, saved_graph):
    out = tmp_path / "sub" / "v.html"
    res = CliRunner().invoke(cli, ["viz", str(saved_graph), "--out", str(out), "--focus", "foonet network",
                                   "--depth", "1", "--types", "method,dataset"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "wrote" in res.output and "4 nodes" in res.output
    page = out.read_text(encoding="utf-8")
    ids = {n["id"] for n in page_json(page)["nodes"]}
    assert ids == {"method/foonet", "method/resnet50", "method/barnet", "dataset/imagenet1k"}  # CIFAR-10: 2 hops
    assert "around foonet network (depth 1)" in page


def test_viz_only_comparisons(tmp_path, saved_graph):
    out = tmp_path / "c.html"
    res = CliRunner().invoke(cli, ["viz", str(saved_graph), "-o", str(out), "--only", "comparisons"])
    assert res.exit_code == 0, res.output
    data = page_json(out.read_text(encoding="utf-8"))
    assert {n["kind"] for n in data["nodes"]} == {"Method"}
    assert {e["rel"] for e in data["edges"]} == {"compared_with"}
    assert "3 nodes, 2 edges" in res.output


@pytest.mark.parametrize("args, code, message", [
    (["--focus", "NoSuchNet"], 1, "no node named 'NoSuchNet'"),
    (["--types", "method,widget"], 1, "unknown node type 'widget'"),
    (["--depth", "2"], 2, "--depth needs --focus"),
    (["--types", "metric", "--only", "comparisons"], 1, "the view is empty"),
])
def test_viz_user_errors_are_one_line(tmp_path, saved_graph, args, code, message):
    out = tmp_path / "x.html"
    res = CliRunner().invoke(cli, ["viz", str(saved_graph), "-o", str(out), *args])
    assert res.exit_code == code and message in res.output and "Traceback" not in res.output
    assert not out.exists()


def test_viz_missing_graph(tmp_path):
    res = CliRunner().invoke(cli, ["viz", str(tmp_path / "nope.ttl")])
    assert res.exit_code == 1 and "no such graph file" in res.output


def test_node_size_is_finite():
    assert all(math.isfinite(node_size(d)) for d in (0, 1, 5, 10**9))


def test_overview_caps_big_graphs_to_the_best_connected_entities(tiny_graph):
    from kg.visualize import overview

    assert overview(tiny_graph) is tiny_graph
    small = overview(tiny_graph, max_nodes=3)
    assert small.number_of_nodes() == 3
    assert all(d["kind"] not in ("Paper", "Result") for _, d in small.nodes(data=True))
    assert "method/foonet" in small  # compared with in one paper, proposed in another: best connected
