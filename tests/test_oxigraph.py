"""The Oxigraph backend answers every shipped query exactly like rdflib."""

import pytest
from click.testing import CliRunner
from rdflib import Literal

from kg.cli import cli, run_sparql

from conftest import ROOT

pytest.importorskip("pyoxigraph")
QUERIES = sorted((ROOT / "ontology" / "queries").glob("*.rq"))


def canonical(result):
    """Rows with literals compared by value (Oxigraph writes 50000 where rdflib keeps 50000.0)."""
    def term(t):
        # GROUP_CONCAT over no values is "" by the spec (Oxigraph); rdflib leaves it unbound.
        if t is None or (isinstance(t, Literal) and str(t) == ""):
            return ("empty",)
        return ("L", t.toPython()) if isinstance(t, Literal) else ("T", str(t))
    if result.kind == "ASK":
        return result.boolean
    return result.variables, sorted(tuple(term(t) for t in row) for row in result.rows)


@pytest.fixture(scope="module")
def store(seed_build, tmp_path_factory):
    _kg, out = seed_build
    folder = tmp_path_factory.mktemp("store")
    res = CliRunner().invoke(cli, ["build", str(ROOT / "seeds"), "--out", str(folder / "out"), "--format", "ttl",
                                   "--store", str(folder / "store"), "-q"])
    assert res.exit_code == 0, res.output
    return out / "graph.ttl", folder / "store"


@pytest.mark.parametrize("query", QUERIES, ids=lambda p: p.name)
def test_same_answers_from_both_backends(store, query):
    ttl, folder = store
    text = query.read_text()
    expected = canonical(run_sparql(ttl, text, "rdflib"))
    assert canonical(run_sparql(ttl, text, "oxigraph")) == expected
    assert canonical(run_sparql(folder, text, "auto")) == expected


def test_oxigraph_syntax_error_is_one_line(store):
    ttl, _ = store
    res = CliRunner().invoke(cli, ["query", str(ttl), "SELECT WHERE {", "--backend", "oxigraph"])
    assert res.exit_code == 1 and res.output.startswith("Error: SPARQL error")


def test_markdown_and_bracketed_urls_give_iris_strict_parsers_accept(tmp_path):
    """Found in the real corpus: "[https://github.com/a/b](https://github.com/a/b)" in an abstract."""
    import pyoxigraph

    corpus = tmp_path / "c.jsonl"
    corpus.write_text(
        '{"id": "a", "abstract": "We propose FooNet. Code: [https://github.com/a/b](https://github.com/a/b)."}\n'
        '{"id": "b", "abstract": "We propose BarNet. Code at https://example.org/x[1]/y ."}\n')
    res = CliRunner().invoke(cli, ["build", str(corpus), "--out", str(tmp_path / "out"), "--format", "ttl",
                                   "--format", "nt", "-q"])
    assert res.exit_code == 0, res.output
    for name, fmt in (("graph.ttl", pyoxigraph.RdfFormat.TURTLE), ("graph.nt", pyoxigraph.RdfFormat.N_TRIPLES)):
        triples = list(pyoxigraph.parse(path=str(tmp_path / "out" / name), format=fmt))
        repos = {t.object.value for t in triples if t.predicate.value.endswith("#codeRepository")}
        assert repos == {"https://github.com/a/b", "https://example.org/x"}  # a URL ends at "["


def test_square_brackets_in_urls_are_percent_encoded_idempotently():
    from kg.text import absolute_url

    assert absolute_url("http://a.org/b[1]") == "http://a.org/b%5B1%5D"
    assert absolute_url(absolute_url("http://a.org/b[1]")) == "http://a.org/b%5B1%5D"


def test_a_store_loads_as_the_same_graph_and_traces_from_the_cli(store, tmp_path):
    from kg import KnowledgeGraph

    ttl, folder = store
    assert KnowledgeGraph.load(folder) == KnowledgeGraph.load(ttl)
    res = CliRunner().invoke(cli, ["trace", "Uni3D", "--graph", str(folder), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert "Uni3D" in res.output and "challengers" in res.output


def test_a_store_without_rdf_exports_is_loaded_from_a_turtle_file(tmp_path):
    res = CliRunner().invoke(cli, ["build", str(ROOT / "seeds"), "--out", str(tmp_path / "out"), "--format", "html",
                                   "--store", str(tmp_path / "store"), "-q"])
    assert res.exit_code == 0, res.output
    assert canonical(run_sparql(tmp_path / "store", "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }", "auto")) \
        == canonical(run_sparql(tmp_path / "out" / "graph.ttl", "SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }",
                                "rdflib"))
