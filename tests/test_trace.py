"""Comparison traces: both directions, depth with a cycle, aliases, unknown names, CLI and .rq files."""

from __future__ import annotations

import json
import re

import networkx as nx
import pytest
from click.testing import CliRunner

from kg import trace as tr
from kg.api import KnowledgeGraph
from kg.cli import cli
from kg.graph import build_graph
from kg.model import Evidence, Mention, Paper, PaperRecord, Relation, Result
from kg.resolve import resolve
from kg.sparql import run_query

from conftest import ROOT

QUERIES = ROOT / "ontology" / "queries"


def paper(pid: str, sentence: str, proposes: tuple[str, ...] = (), compared: tuple[str, ...] = (),
          evaluated: tuple[str, ...] = (), results: tuple[Result, ...] = (),
          aliases: tuple[tuple[str, str], ...] = ()) -> PaperRecord:
    """One paper whose single sentence states every relation given."""
    ev = Evidence(sentence, 0, len(sentence))
    typed = [(n, "Method") for n in proposes + compared] + [(n, "Dataset") for n in evaluated]
    mentions = tuple(Mention(n, t, sentence.index(n), sentence.index(n) + len(n)) for n, t in typed)
    relations = tuple([Relation("proposes", n, "Method", ev, 0.9) for n in proposes]
                      + [Relation("compared_with", n, "Method", ev, 0.8) for n in compared]
                      + [Relation("evaluated_on", n, "Dataset", ev, 0.7) for n in evaluated])
    return PaperRecord(Paper(id=pid, abstract=sentence, source="t.txt", title=f"Title {pid}"), mentions,
                       relations, results, aliases)


def result(sentence: str, value_text: str, value: float, method: str, baseline: str | None,
           dataset: str) -> Result:
    return Result(value_text, value, "%", Evidence(sentence, 0, len(sentence)), 0.8, method=method,
                  metric=None, dataset=dataset, baseline=baseline)


S1 = "Alpha Network (AlphaNet) outperforms BetaNet on ImageNet-1k by 2.1% accuracy."
S2 = "BetaNet improves over GammaNet on ImageNet."
S3 = "GammaNet is compared with AlphaNet."
S4 = "We benchmark BetaNet and find it brittle."
S5 = "DeltaNet beats BetaNet and AlphaNet."

RECORDS = [
    paper("p1", S1, ("AlphaNet",), ("BetaNet",), ("ImageNet-1k",),
          (result(S1, "2.1%", 2.1, "AlphaNet", "BetaNet", "ImageNet-1k"),), (("Alpha Network", "AlphaNet"),)),
    paper("p2", S2, ("BetaNet",), ("GammaNet",), ("ImageNet",)),
    paper("p3", S3, ("GammaNet",), ("AlphaNet",)),
    paper("p4", S4, (), ("BetaNet",)),
    paper("p5", S5, ("DeltaNet",), ("BetaNet", "AlphaNet")),
]


@pytest.fixture(scope="module")
def G() -> nx.MultiDiGraph:
    return build_graph(RECORDS, resolve(RECORDS, gazetteer=()))


@pytest.fixture(scope="module")
def kg(G) -> KnowledgeGraph:
    return KnowledgeGraph(G)


@pytest.fixture(scope="module")
def ttl(G, tmp_path_factory):
    out = tmp_path_factory.mktemp("trace")
    KnowledgeGraph(G).save(out, ("ttl",))
    return str(out / "graph.ttl")


# --- library ------------------------------------------------------------------------

def test_baselines_of_has_papers_evidence_and_results(kg):
    (c,) = kg.baselines_of("AlphaNet")
    assert (c.challenger_label, c.baseline_label, c.papers) == ("AlphaNet", "BetaNet", ("p1",))
    assert c.support[0].evidence == S1 and c.support[0].confidence == 0.8
    assert [(r.value, r.value_text, r.dataset) for r in c.results] == [(2.1, "2.1%", "ImageNet-1k")]


def test_compared_against_includes_a_paper_without_a_proposed_method(kg):
    got = {(c.challenger, c.papers) for c in kg.compared_against("BetaNet")}
    assert got == {("method/alphanet", ("p1",)), ("paper:p4", ("p4",)), ("method/deltanet", ("p5",))}
    p4 = next(c for c in kg.compared_against("BetaNet") if c.challenger == "paper:p4")
    assert p4.challenger_label == "Title p4" and p4.support[0].evidence == S4


def test_min_confidence_keeps_only_surely_stated_comparisons(G, tmp_path):
    weak = G.copy()
    for pid in ("p4", "p5"):  # their statements that they compare with BetaNet are unsure
        weak.edges[f"paper:{pid}", "method/betanet", "compared_with"]["confidence"] = 0.4
    kg = KnowledgeGraph(weak)
    every = {c.challenger for c in kg.compared_against("BetaNet")}
    assert every == {"method/alphanet", "paper:p4", "method/deltanet"}
    assert {c.challenger for c in kg.compared_against("BetaNet", min_confidence=0.5)} == {"method/alphanet"}
    assert {c.baseline for c in kg.baselines_of("DeltaNet", min_confidence=0.5)} == {"method/alphanet"}
    kg.save(tmp_path, ("ttl",))
    out = run("trace", "BetaNet", "--graph", str(tmp_path / "graph.ttl"), "--direction", "challengers",
              "--format", "table", "--min-confidence", "0.5")
    assert out.exit_code == 0 and "(1 row)" in out.output and "DeltaNet" not in out.output


def test_both_directions(kg):
    t = kg.trace("BetaNet", direction="both")
    assert [c.baseline_label for c in t.baselines] == ["GammaNet"]
    assert {c.challenger_label for c in t.challengers} == {"AlphaNet", "Title p4", "DeltaNet"}
    assert all(c.direction == "challengers" for c in t.challengers)


def test_depth_follows_chains_and_stops_at_a_cycle(kg):
    t = kg.trace("AlphaNet", direction="baselines", depth=0)  # 0: everything reachable
    steps = [(c.challenger_label, c.baseline_label, c.depth) for c in t.baselines]
    assert steps == [("AlphaNet", "BetaNet", 1), ("BetaNet", "GammaNet", 2), ("GammaNet", "AlphaNet", 3)]
    assert len(kg.trace("AlphaNet", direction="baselines", depth=2).baselines) == 2
    tree = tr.format_trace(t)
    assert "↺ cycle" in tree and tree.count("BetaNet  [method/betanet]") == 1


def test_alias_lookup_is_case_insensitive(kg):
    assert kg.baselines_of("alpha network") == kg.baselines_of("ALPHANET")


def test_unknown_name_suggests_close_names(kg):
    with pytest.raises(tr.UnknownName) as err:
        kg.baselines_of("AlphaNett")
    assert "did you mean 'AlphaNet'" in str(err.value)


def test_comparison_graph_and_most_used(kg):
    D = kg.comparison_graph()
    assert isinstance(D, nx.DiGraph) and D.has_edge("method/gammanet", "method/alphanet")
    assert all(d["kind"] == "Method" for _, d in D.nodes(data=True))
    assert [(u.label, u.count) for u in kg.most_used_baselines()] == [("BetaNet", 3), ("AlphaNet", 2),
                                                                      ("GammaNet", 1)]


def test_leaderboard_includes_variants(kg):
    rows = kg.leaderboard("ImageNet")
    assert [(r.method_label, r.dataset, r.value) for r in rows] == [("AlphaNet", "ImageNet-1k", 2.1),
                                                                    ("BetaNet", "ImageNet", None)]


def test_papers_filters(kg):
    assert [p.id for p in kg.papers()] == ["p1", "p2", "p3", "p4", "p5"]
    assert [p.id for p in kg.papers(compared_with="BetaNet")] == ["p1", "p4", "p5"]
    assert [p.id for p in kg.papers(evaluated_on="ImageNet")] == ["p1", "p2"]
    assert [p.id for p in kg.papers(proposes="DeltaNet", compared_with="alphanet")] == ["p5"]
    with pytest.raises(tr.UnknownName):
        kg.papers(proposes="Nope")


def test_records_are_plain_dataclasses_and_dataframe_is_optional(kg):
    records = kg.compared_against("BetaNet")
    assert isinstance(records, list) and records.to_dicts()[0]["baseline"] == "method/betanet"
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(Exception, match="pandas"):
            records.to_dataframe()
    else:
        assert len(records.to_dataframe()) == 3


# --- CLI ------------------------------------------------------------------------------

def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_cli_trace_tree_table_json(ttl):
    out = run("trace", "betanet", "--graph", ttl)
    assert out.exit_code == 0, out.output
    assert "challengers (compared against BetaNet)" in out.output and S4 in out.output
    assert "result: 2.1% on ImageNet-1k" in out.output
    table = run("trace", "BetaNet", "--graph", ttl, "--direction", "challengers", "--format", "table")
    assert table.exit_code == 0 and "(3 rows)" in table.output
    data = json.loads(run("trace", "AlphaNet", "--graph", ttl, "--format", "json", "--depth", "3").output)
    assert [c["depth"] for c in data["baselines"]] == [1, 2, 3]


def test_cli_unknown_name_exits_non_zero(ttl):
    out = run("trace", "GamaNet", "--graph", ttl)
    assert out.exit_code == 1 and "did you mean 'GammaNet'" in out.output and "Traceback" not in out.output


def test_cli_baselines_and_leaderboard(ttl):
    out = run("baselines", "--graph", ttl, "--top", "1")
    assert out.exit_code == 0 and "BetaNet" in out.output and "AlphaNet" not in out.output
    out = run("leaderboard", "ImageNet", "--graph", ttl)
    assert out.exit_code == 0 and "AlphaNet" in out.output and "2.1%" in out.output


# --- SPARQL files -----------------------------------------------------------------------

def query(kg: KnowledgeGraph, name: str, value: str) -> tuple[list[tuple[str, ...]], list[str]]:
    text = (QUERIES / name).read_text(encoding="utf-8")
    text, n = re.subn(r'VALUES \?name \{ "[^"]*" \}', f'VALUES ?name {{ "{value}" }}', text)
    assert n == 1
    res = run_query(kg.to_rdf(), text)
    return [tuple(str(t) if t is not None else "" for t in row) for row in res.rows], res.variables


def test_challengers_query_matches_the_library(kg):
    rows, cols = query(kg, "challengers-of-method.rq", "betanet")
    got = {row[cols.index("challengerLabel")] for row in rows}
    assert got == {c.challenger_label for c in kg.compared_against("BetaNet")}
    assert S4 in {row[cols.index("evidence")] for row in rows}


def test_baseline_chains_query_follows_the_cycle(kg):
    rows, cols = query(kg, "baseline-chains.rq", "AlphaNet")
    assert {row[cols.index("baselineLabel")] for row in rows} == {"BetaNet", "GammaNet", "AlphaNet"}


def test_leaderboard_query(kg):
    rows, cols = query(kg, "leaderboard-of-dataset.rq", "imagenet")
    assert {(row[cols.index("methodLabel")], row[cols.index("valueText")]) for row in rows} >= {("AlphaNet", "2.1%")}


# --- the seed corpus (end to end through the extractor) ----------------------------------

@pytest.mark.slow
def test_seed_graph_traces(seed_build):
    kg, _out = seed_build
    uni3d = kg.compared_against("uni3d")
    unigs = [c for c in uni3d if c.challenger_label == "UniGS"]
    assert unigs and "Uni3D" in unigs[0].support[0].evidence
    clip = kg.compared_against("CLIP")
    assert any("outperforms CLIP" in (s.evidence or "") for c in clip for s in c.support)
