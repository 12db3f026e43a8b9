"""The SPARQL endpoint, queried by SPARQLWrapper (a real client) over loopback on an ephemeral port."""

from __future__ import annotations

import io
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from rdflib import RDF, Graph, Literal
from rdflib.query import Result
from SPARQLWrapper import CSV, JSON, POST, POSTDIRECTLY, TSV, TURTLE, URLENCODED, XML, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import EndPointInternalError, QueryBadFormed

from kg.api import KnowledgeGraph
from kg.graph import build_graph
from kg.resolve import resolve
from kg.server import Limits, ServeError, is_loopback, make_server, start_background
from kg.vocab import KG

from conftest import make_record

LABELS = "SELECT ?label WHERE { ?m a kg:Method ; rdfs:label ?label } ORDER BY ?label"
PREFIXED = "PREFIX kg: <https://w3id.org/paperkg/ontology#>\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"


@pytest.fixture(scope="module")
def kg() -> KnowledgeGraph:
    records = [make_record("t:1"), make_record("t:2", "BarNet", "FooNet", "CIFAR-10")]
    return KnowledgeGraph(build_graph(records, resolve(records)))


@pytest.fixture(scope="module")
def url(kg):
    with start_background(kg, port=0, limits=Limits(timeout=5, max_rows=500)) as server:
        yield server.url


def client(url: str, query: str, fmt: str = JSON, method: str | None = None, post: str = URLENCODED):
    sparql = SPARQLWrapper(url)
    sparql.setQuery(query)
    sparql.setReturnFormat(fmt)
    if method:
        sparql.setMethod(method)
        sparql.setRequestMethod(post)
    return sparql


def labels(url: str, **kw) -> list[str]:
    res = client(url, PREFIXED + LABELS, **kw).queryAndConvert()
    return [b["label"]["value"] for b in res["results"]["bindings"]]


def http(url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, str, str]:
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers.get_content_type(), r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get_content_type(), e.read().decode("utf-8")


# --- answers -------------------------------------------------------------------------

def test_binds_loopback_on_an_ephemeral_port(url):
    host, port = urllib.parse.urlsplit(url).hostname, urllib.parse.urlsplit(url).port
    assert host == "127.0.0.1" and port not in (None, 0, 7878) and url.endswith("/sparql")


@pytest.mark.parametrize("method,post", [(None, URLENCODED), (POST, URLENCODED), (POST, POSTDIRECTLY)])
def test_select_by_get_and_both_posts(url, method, post):
    assert labels(url, method=method, post=post) == ["BarNet", "FooNet", "ResNet-50"]


def test_select_as_xml_csv_and_tsv(url):
    doc = client(url, PREFIXED + LABELS, XML).queryAndConvert()
    assert [n.firstChild.data for n in doc.getElementsByTagName("literal")] == ["BarNet", "FooNet", "ResNet-50"]
    csv_text = client(url, PREFIXED + LABELS, CSV).queryAndConvert().decode()
    assert csv_text.split() == ["label", "BarNet", "FooNet", "ResNet-50"]
    tsv = client(url, PREFIXED + LABELS, TSV).queryAndConvert()
    parsed = Result.parse(io.BytesIO(tsv), format="tsv")
    assert [row[0] for row in parsed] == [Literal("BarNet"), Literal("FooNet"), Literal("ResNet-50")]


def test_prefixes_are_predeclared(url):
    assert labels(url) == ["BarNet", "FooNet", "ResNet-50"]  # LABELS alone declares no prefix


def test_ask(url):
    assert client(url, 'ASK { ?m rdfs:label "FooNet" }').queryAndConvert()["boolean"] is True
    assert client(url, 'ASK { ?m rdfs:label "NoSuchNet" }').queryAndConvert()["boolean"] is False


def test_construct_as_turtle_and_json_ld(url, kg):
    q = "CONSTRUCT { ?m kg:comparedWith ?b } WHERE { ?m a kg:Method ; kg:comparedWith ?b }"
    g = Graph().parse(data=client(url, q, TURTLE).queryAndConvert(), format="turtle")
    source = kg.to_rdf()
    expected = {(m, b) for m, b in source.subject_objects(KG.comparedWith) if (m, RDF.type, KG.Method) in source}
    assert {(s, o) for s, _, o in g} == expected and len(expected) == 2
    status, media, body = http(url + "?" + urllib.parse.urlencode({"query": q}), headers={"Accept": "application/ld+json"})
    assert status == 200 and media == "application/ld+json" and len(Graph().parse(data=body, format="json-ld")) == 2


def test_describe(url):
    g = Graph().parse(data=client(url, "DESCRIBE <https://w3id.org/paperkg/resource/method/foonet>", TURTLE)
                      .queryAndConvert(), format="turtle")
    assert Literal("FooNet") in set(g.objects())


# --- refusals ------------------------------------------------------------------------

@pytest.mark.parametrize("update", ['INSERT DATA { <urn:a> <urn:b> "c" }', "DELETE WHERE { ?s ?p ?o }",
                                    "DROP ALL", "CLEAR DEFAULT", "LOAD <http://example.org/x.ttl>",
                                    "CREATE GRAPH <urn:g>"])
def test_updates_are_refused_and_change_nothing(url, update):
    with pytest.raises(urllib.error.HTTPError) as err:
        client(url, update, method=POST).query()  # SPARQLWrapper sends it as an update (update=...)
    assert err.value.code == 403
    status, _, body = http(url + "?" + urllib.parse.urlencode({"query": update}))
    assert status == 403 and "read-only" in body
    status, _, _ = http(url, update.encode(), {"Content-Type": "application/sparql-update"})
    assert status == 403
    assert labels(url) == ["BarNet", "FooNet", "ResNet-50"]


@pytest.mark.parametrize("query", ["SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
                                   "SELECT * FROM <http://example.org/g.ttl> WHERE { ?s ?p ?o }"])
def test_service_and_from_are_refused(url, query):
    status, _, body = http(url + "?" + urllib.parse.urlencode({"query": query}))
    assert status == 403 and ("SERVICE" in body or "FROM" in body)


def test_malformed_query_gets_400_with_the_parsers_message(url):
    with pytest.raises(QueryBadFormed) as err:
        client(url, "SELECT ?x WHERE { ?x ?y }").query()
    assert "malformed query: Expected" in str(err.value) and "col:" in str(err.value)
    status, media, body = http(url + "?query=SELEKT")
    assert status == 400 and media == "text/plain" and body.startswith("malformed query")


@pytest.mark.parametrize("path,headers,data,status", [
    ("?query=ASK%7B%7D", {"Accept": "image/png"}, None, 406),
    ("", {"Content-Type": "text/plain"}, b"ASK {}", 415),
    ("", {}, None, 400),  # no query parameter
])
def test_protocol_errors(url, path, headers, data, status):
    assert http(url + path, data, headers)[0] == status


def test_unknown_path_is_404(url):
    assert http(url.replace("/sparql", "/update") + "?query=ASK%7B%7D")[0] == 404


# --- limits ----------------------------------------------------------------------------

def test_timeout_and_result_size_limits(kg):
    cross = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
    with start_background(kg, limits=Limits(timeout=0.3, max_rows=5)) as server:
        status, _, body = http(server.url + "?" + urllib.parse.urlencode({"query": cross}))
        assert status == 503 and "time limit" in body
        deadline = time.monotonic() + 5  # the cancelled worker stops at its next triple scan
        while any(t.name == "kg-sparql-query" for t in threading.enumerate()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(t.name == "kg-sparql-query" for t in threading.enumerate())
        with pytest.raises(EndPointInternalError, match="more than 5 rows"):
            client(server.url, "SELECT * WHERE { ?s ?p ?o }").query()
        assert client(server.url, "SELECT * WHERE { ?s ?p ?o } LIMIT 5").queryAndConvert()["results"]


def test_fifty_concurrent_clients_all_get_correct_answers(url):
    def ask(i: int) -> tuple[int, list[tuple[str, int]]]:
        q = f"SELECT ?label ?i WHERE {{ ?m a kg:Method ; rdfs:label ?label . BIND ({i} AS ?i) }} ORDER BY ?label"
        res = client(url, q, method=POST if i % 2 else None).queryAndConvert()
        return i, [(b["label"]["value"], int(b["i"]["value"])) for b in res["results"]["bindings"]]

    with ThreadPoolExecutor(max_workers=50) as pool:  # bounded: 100 requests, 50 at a time
        answers = list(pool.map(ask, range(100)))
    assert [i for i, _ in answers] == list(range(100))
    assert all(rows == [("BarNet", i), ("FooNet", i), ("ResNet-50", i)] for i, rows in answers)


# --- starting ----------------------------------------------------------------------------

def test_port_in_use_is_a_clear_error(kg):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        with pytest.raises(ServeError, match="cannot listen"):
            make_server(kg, port=s.getsockname()[1])


def test_loopback_check():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")


def test_cli_serve_refuses_a_missing_graph():
    from click.testing import CliRunner

    from kg.cli import cli

    out = CliRunner().invoke(cli, ["serve", "/no/such/graph.ttl"])
    assert out.exit_code == 1 and "no such graph file" in out.output
