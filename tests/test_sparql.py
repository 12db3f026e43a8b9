import json

import pytest

from kg import rdf
from kg.errors import QueryError
from kg.sparql import format_result, run_query

from conftest import ROOT


@pytest.fixture
def g(tiny_graph):
    return rdf.to_rdf(tiny_graph)


def test_prefixes_are_predeclared(g):
    res = run_query(g, "SELECT ?m (COUNT(?p) AS ?n) WHERE { ?p kg:comparedWith ?m } GROUP BY ?m ORDER BY DESC(?n)")
    labels = {str(row[0]).rsplit("/", 1)[1]: int(row[1]) for row in res.rows}
    assert labels == {"resnet50": 2, "foonet": 2}  # paper + method level: t:1/FooNet vs ResNet-50, t:2/BarNet vs FooNet


def test_formats(g):
    res = run_query(g, 'SELECT ?l WHERE { ?m a kg:Method ; rdfs:label ?l } ORDER BY ?l')
    assert format_result(res, "csv").splitlines() == ["l", "BarNet", "FooNet", "ResNet-50"]
    table = format_result(res, "table")
    assert "FooNet" in table and table.endswith("(3 rows)")
    data = json.loads(format_result(res, "json"))
    assert [b["l"]["value"] for b in data["results"]["bindings"]] == ["BarNet", "FooNet", "ResNet-50"]
    assert format_result(run_query(g, "ASK { ?p a kg:Paper }"), "table") == "true"


def test_syntax_error_is_one_line(g):
    with pytest.raises(QueryError) as err:
        run_query(g, "SELECT WHERE {")
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "ontology" / "queries").glob("*.rq")))
def test_shipped_queries_parse_and_run(g, name):
    text = (ROOT / "ontology" / "queries" / name).read_text()
    run_query(g, text)
