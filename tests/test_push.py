"""N-Triples shards for bulk loaders, and pushes to a real Oxigraph SPARQL server."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from rdflib import Graph
from rdflib.compare import isomorphic

from kg import KnowledgeGraph
from kg.cli import cli
from kg.graph import build_graph
from kg.push import Export, PushError, chunks, gsp_url, load_export, push_export, shard_of
from kg.resolve import resolve

from conftest import ROOT, SEEDS, make_record

QUERIES = ROOT / "ontology" / "queries"
PREFIXES = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX schema: <https://schema.org/>
"""


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def tiny_export(tmp_path, tiny_graph) -> Path:
    out = tmp_path / "tiny"
    KnowledgeGraph(tiny_graph).save(out, ("ttl", "nt"))
    return out


@pytest.fixture(scope="module")
def seed_export(tmp_path_factory) -> Path:
    """The seed corpus built once for this module, saved as RDF only (no HTML needed here)."""
    out = tmp_path_factory.mktemp("seeds")
    KnowledgeGraph.build([SEEDS]).save(out, ("ttl", "nt", "jsonld", "trig"))
    return out


@pytest.fixture(scope="module")
def many_export(tmp_path_factory) -> Path:
    """60 hand-built papers with authors: every paper carries an rdf:List of blank nodes."""
    records = [make_record(f"m:{i}", f"Net{i}", f"Net{i // 2}" if i > 1 else "ResNet-50",
                           ("ImageNet-1k", "CIFAR-10", "COCO")[i % 3]) for i in range(60)]
    out = tmp_path_factory.mktemp("many")
    KnowledgeGraph(build_graph(records, resolve(records))).save(out, ("ttl", "nt"))
    return out


def shard_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("graph-*-of-*.nt"))


# --- shards -------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["seed_export", "many_export"])
def test_shards_hold_exactly_the_triples_of_the_export(which, request, tmp_path):
    seed_export = request.getfixturevalue(which)
    result = run("export", seed_export / "graph.ttl", "--format", "nt", "--shards", 4, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    files = shard_files(tmp_path)
    assert [f.name for f in files] == [f"graph-{i:05d}-of-00004.nt" for i in range(4)]
    merged = Graph()
    owner: dict[str, str] = {}
    for f in files:
        lines = f.read_text(encoding="utf-8").splitlines()
        assert lines == sorted(lines) and lines, f"{f.name} is empty or unsorted"
        for label in {b for line in lines for b in re.findall(r"_:\w+", line)}:
            assert owner.setdefault(label, f.name) == f.name, f"blank node {label} split across shards"
        merged.parse(f, format="nt")  # blank-node labels are scoped per file, as in bulk loaders
    export = Graph().parse(seed_export / "graph.ttl")
    assert len(merged) == len(export) and isomorphic(merged, export)
    assert f"wrote {len(export)} triples" in result.output


def test_shards_are_byte_identical_across_runs_formats_and_parsers(seed_export, tmp_path):
    runs = {}
    for name in ("graph.ttl", "graph.nt", "graph.jsonld", "graph.trig"):
        out = tmp_path / name
        assert run("export", seed_export / name, "--shards", 3, "--out", out, "-q").exit_code == 0
        runs[name] = [f.read_bytes() for f in shard_files(out)]
    again = tmp_path / "again"
    run("export", seed_export, "--shards", 3, "--out", again)
    runs["again"] = [f.read_bytes() for f in shard_files(again)]
    assert all(r == runs["graph.ttl"] for r in runs.values())
    rdflib_lines = load_export(seed_export / "graph.ttl", engine="rdflib").lines()
    pytest.importorskip("pyoxigraph")
    assert load_export(seed_export / "graph.ttl", engine="oxigraph").lines() == rdflib_lines


def test_a_new_split_removes_the_old_shard_files(tiny_export, tmp_path):
    run("export", tiny_export, "--shards", 4, "--out", tmp_path)
    run("export", tiny_export, "--shards", 2, "--out", tmp_path)
    assert [f.name for f in shard_files(tmp_path)] == ["graph-00000-of-00002.nt", "graph-00001-of-00002.nt"]


def test_single_nt_and_ttl_files(tiny_export, tmp_path):
    assert run("export", tiny_export, "--format", "nt", "--out", tmp_path).exit_code == 0
    assert run("export", tiny_export, "--format", "ttl", "--out", tmp_path).exit_code == 0
    lines = (tmp_path / "graph.nt").read_text(encoding="utf-8").splitlines()
    assert lines == sorted(lines)
    original = Graph().parse(tiny_export / "graph.ttl")
    assert isomorphic(Graph().parse(tmp_path / "graph.nt"), original)
    assert isomorphic(Graph().parse(tmp_path / "graph.ttl"), original)


def test_export_usage_errors(tiny_export, tmp_path):
    result = run("export", tiny_export, "--format", "ttl", "--shards", 2, "--out", tmp_path)
    assert result.exit_code == 2 and "--shards needs --format nt" in result.output
    (tmp_path / "empty").mkdir()
    result = run("export", tmp_path / "empty", "--out", tmp_path / "x")
    assert result.exit_code == 1 and "no graph export in this folder" in result.output
    (tmp_path / "bad.ttl").write_text("this is not turtle", encoding="utf-8")
    result = run("export", tmp_path / "bad.ttl", "--out", tmp_path / "x")
    assert result.exit_code == 1 and "cannot parse as ttl" in result.output and "Traceback" not in result.output


BLANKS = """@prefix ex: <http://example.org/> .
ex:a ex:list ( "A" "B" "C" ) ; ex:node [ ex:v 1 ; ex:w [ ex:v 2 ] ] .
ex:b ex:list ( "A" "B" "C" ) .
[ ex:v 3 ] ex:next [ ex:v 4 ] .
"""


@pytest.mark.parametrize("engine", ["rdflib", "oxigraph"])
def test_blank_nodes_get_stable_labels_and_stay_with_their_iri(tmp_path, engine):
    if engine == "oxigraph":
        pytest.importorskip("pyoxigraph")
    path = tmp_path / "b.ttl"
    path.write_text(BLANKS, encoding="utf-8")
    export = load_export(path, engine)
    assert export.lines() == load_export(path, "rdflib").lines() == load_export(path, engine).lines()
    roots = set(export.groups)
    assert {"<http://example.org/a>", "<http://example.org/b>"} < roots and len(roots) == 3
    assert isomorphic(Graph().parse(data="\n".join(export.lines()), format="nt"), Graph().parse(path))


def test_both_parsers_write_the_same_canonical_n_triples(tmp_path):
    pytest.importorskip("pyoxigraph")
    path = tmp_path / "lit.ttl"
    path.write_text('<http://e.org/s> <http://e.org/p> "q\\"b\\\\ t\\t b\\b f\\f c\\u0001 d\\u007F \\r\\n é ∑", '
                    '"x"@en-GB, "x"^^<http://www.w3.org/2001/XMLSchema#string>, 0.5, "2024"^^'
                    '<http://www.w3.org/2001/XMLSchema#gYear>, """two\nlines""" .\n', encoding="utf-8")
    lines = load_export(path, "oxigraph").lines()
    assert load_export(path, "rdflib").lines() == lines and len(lines) == 6
    assert '"q\\"b\\\\ t\\t b\\b f\\f c\\u0001 d\\u007F \\r\\n é ∑"' in "".join(lines)


def test_chunks_never_split_the_triples_of_one_root(many_export):
    export = load_export(many_export)
    root_of = {line: root for root, lines in export.groups.items() for line in lines}
    seen: dict[str, int] = {}
    batches = list(chunks(export, 100))
    for i, batch in enumerate(batches):
        for root in {root_of[line] for line in batch}:
            assert seen.setdefault(root, i) == i, f"{root} split across requests"
    assert sum(map(len, batches)) == len(export) and len(batches) > 10
    assert shard_of("<https://w3id.org/paperkg/resource/method/x>", 7) == shard_of(
        "<https://w3id.org/paperkg/resource/method/x>", 7)


def test_gsp_urls():
    assert gsp_url("http://h:7878/store") == "http://h:7878/store?default"
    assert gsp_url("http://h/ds/data", "https://ex.org/g 1") == "http://h/ds/data?graph=https%3A%2F%2Fex.org%2Fg+1"
    assert gsp_url("http://h/data?x=1", "urn:g") == "http://h/data?x=1&graph=urn%3Ag"
    with pytest.raises(PushError, match="http"):
        gsp_url("ftp://h/store")
    with pytest.raises(PushError, match="absolute IRI"):
        gsp_url("http://h/store", "relative")


def test_push_to_a_closed_port_is_one_clear_line(tiny_export):
    result = run("push", tiny_export, "--endpoint", f"http://127.0.0.1:{free_port()}/store")
    assert result.exit_code == 1
    assert "connection refused (is the SPARQL server running?)" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


# --- a real Oxigraph server ---------------------------------------------------------------

def oxigraph_binary() -> str:
    """The `oxigraph` executable from PATH or beside this Python (pip's scripts folder), else skip."""
    beside = Path(sys.executable).parent / "oxigraph"
    binary = shutil.which("oxigraph") or (str(beside) if beside.is_file() else None)
    if binary is None:
        pytest.skip("the Oxigraph server binary is not installed (pip install oxigraph; it is in the test extra)")
    return binary


class Oxigraph:
    """An `oxigraph serve` process on a loopback port, with a persistent temp store."""

    def __init__(self, binary: str, location: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = (location.parent / "oxigraph.log").open("wb")
        self.proc = subprocess.Popen([binary, "serve", "--location", str(location), "--bind",
                                      f"127.0.0.1:{self.port}"], stdout=self.log, stderr=subprocess.STDOUT)

    def wait(self, seconds: float = 30.0) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                self.select("ASK {}")
                return True
            except OSError:
                time.sleep(0.1)
        return False

    def select(self, query: str, graph: str | None = None) -> dict:
        form = {"query": query, **({"default-graph-uri": graph} if graph else {})}
        request = urllib.request.Request(f"{self.url}/query", data=urllib.parse.urlencode(form).encode(),
                                         headers={"Accept": "application/sparql-results+json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def count(self, graph: str | None = None) -> int:
        rows = self.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", graph)["results"]["bindings"]
        return int(rows[0]["n"]["value"])

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


@pytest.fixture(scope="module")
def oxigraph(tmp_path_factory):
    binary = oxigraph_binary()
    for attempt in range(3):  # a free port can be taken between probing and binding
        server = Oxigraph(binary, tmp_path_factory.mktemp(f"oxigraph{attempt}") / "store")
        if server.wait():
            break
        server.stop()
    else:
        pytest.fail("oxigraph serve did not answer within 30 s: " + (server.log.name))
    yield server
    server.stop()


NUMERIC = {f"http://www.w3.org/2001/XMLSchema#{t}" for t in ("decimal", "integer", "double", "float")}


def value_of(term: dict) -> str:
    """A term's value; numbers by value (Oxigraph stores "15.0"^^xsd:decimal as "15")."""
    if term["type"] == "bnode":
        return ""
    if term.get("datatype") in NUMERIC:
        return str(Decimal(term["value"]).normalize())
    return term["value"]


def rows_of(results: dict) -> Counter:
    """SPARQL JSON results as a multiset of rows (order-free; blank-node labels ignored)."""
    out: Counter = Counter()
    for b in results["results"]["bindings"]:
        out[tuple(sorted((var, t["type"], value_of(t), t.get("datatype", ""), t.get("xml:lang", ""))
                         for var, t in b.items()))] += 1
    return out


def local_answer(export: Path, query: str) -> Counter:
    result = run("query", export / "graph.ttl", query, "--format", "json")
    assert result.exit_code == 0, result.output
    return rows_of(json.loads(result.output))


def typical_questions(kg: KnowledgeGraph) -> dict[str, str]:
    """Baselines of the most-compared method, papers on the most-used dataset, counts, results."""
    def top(select: str) -> str:
        rows = kg.sparql(PREFIXES + select).rows
        return str(rows[0][0])

    method = top("SELECT ?l WHERE { ?p kg:proposes ?m ; kg:comparedWith ?b . ?m rdfs:label ?l } "
                 "GROUP BY ?l ORDER BY DESC(COUNT(DISTINCT ?b)) ?l LIMIT 1")
    dataset = top("SELECT ?l WHERE { ?p kg:evaluatedOn ?d . ?d a kg:Dataset ; rdfs:label ?l } "
                  "GROUP BY ?l ORDER BY DESC(COUNT(DISTINCT ?p)) ?l LIMIT 1")

    def edit(name: str, value: str) -> str:
        text = (QUERIES / name).read_text(encoding="utf-8")
        return re.sub(r"LIMIT \d+", "", re.sub(r'VALUES \?name \{ [^}]*\}', f"VALUES ?name {{ {value} }}", text))

    questions = {
        "baselines of a method": edit("baselines-of-method.rq", json.dumps(method)),
        "papers on a dataset": edit("papers-on-dataset.rq", json.dumps(dataset)),
        "comparison chains": edit("comparison-chains.rq", json.dumps(method)),
        "most-used baselines": edit("most-used-baselines.rq", ""),
        "results": edit("results.rq", "UNDEF"),
        "counts": PREFIXES + "SELECT ?type (COUNT(DISTINCT ?x) AS ?n) WHERE { ?x a ?type } GROUP BY ?type",
    }
    if any(paper.authors for paper in kg.papers()):  # rdf:Lists of blank nodes survive chunked pushes
        questions["author lists"] = PREFIXES + (
            "SELECT ?id ?first (COUNT(?name) AS ?n) WHERE { ?p dcterms:identifier ?id ; schema:author ?list . "
            "?list rdf:first ?first ; rdf:rest*/rdf:first ?name } GROUP BY ?id ?first")
    return questions


@pytest.mark.parametrize("which", ["tiny_export", "many_export", "seed_export"])
def test_pushed_graph_answers_like_kg_query(oxigraph, which, request):
    export = request.getfixturevalue(which)
    iri = f"https://w3id.org/paperkg/test/{which}"
    result = run("push", export, "--endpoint", f"{oxigraph.url}/store", "--graph", iri, "--replace",
                 "--chunk-size", 500)
    assert result.exit_code == 0, result.output
    n = len(Graph().parse(export / "graph.ttl"))
    assert re.search(rf"pushed {n} triples in \d+ request\(s\) to .*graph=.* in [\d.]+ s", result.output)
    assert oxigraph.count(iri) == n
    questions = typical_questions(KnowledgeGraph.load(export))
    for question, query in questions.items():
        expected = local_answer(export, query)
        assert expected, f"{question}: no answer locally; pick another example"
        assert rows_of(oxigraph.select(query, iri)) == expected, question
    assert which != "many_export" or "author lists" in questions


def test_replace_append_and_small_chunks(oxigraph, many_export):
    export = load_export(many_export)
    iri = "https://w3id.org/paperkg/test/chunks"
    report = push_export(export, f"{oxigraph.url}/store", iri, replace=True, chunk_size=50)
    assert report.triples == len(export) and report.requests > 50
    assert oxigraph.count(iri) == len(export)
    push_export(export, f"{oxigraph.url}/store", iri, replace=True)
    assert oxigraph.count(iri) == len(export)  # PUT replaced, nothing doubled
    push_export(Export({}), f"{oxigraph.url}/store", replace=True)  # an empty PUT clears the default graph
    assert oxigraph.count() == 0
    push_export(export, f"{oxigraph.url}/store")  # POST appends
    assert oxigraph.count() == len(export)
    push_export(export, f"{oxigraph.url}/store")  # appending again adds fresh copies of the blank nodes only
    blank = sum(1 for line in export.lines() if line.startswith("_:") or line.split(" ", 2)[2].startswith("_:"))
    assert blank and oxigraph.count() == len(export) + blank


def test_server_errors_carry_the_servers_message(oxigraph, tiny_export):
    export = load_export(tiny_export)
    with pytest.raises(PushError, match=r"HTTP 404 Not Found: .*not supported"):
        push_export(export, f"{oxigraph.url}/no-such-path")
    result = run("push", tiny_export, "--endpoint", f"{oxigraph.url}/store", "--graph", "http://bad iri/")
    assert result.exit_code == 1 and "HTTP 400" in result.output and "Invalid IRI" in result.output


def test_oxigraph_bulk_load_of_the_shards(many_export, tmp_path):
    binary = oxigraph_binary()
    assert run("export", many_export, "--shards", 3, "--out", tmp_path / "shards").exit_code == 0
    store = tmp_path / "store"
    files = [str(f) for f in shard_files(tmp_path / "shards")]
    subprocess.run([binary, "load", "--location", str(store), "--file", *files], check=True, capture_output=True,
                   timeout=120)
    query = typical_questions(KnowledgeGraph.load(many_export))["author lists"]
    out = subprocess.run([binary, "query", "--location", str(store), "--query", query, "--results-format", "json"],
                         check=True, capture_output=True, timeout=120).stdout
    assert rows_of(json.loads(out)) == local_answer(many_export, query)
    count = subprocess.run([binary, "query", "--location", str(store), "--query",
                            "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", "--results-format", "csv"],
                           check=True, capture_output=True, timeout=120).stdout.decode().split()
    assert count == ["n", str(len(load_export(many_export)))]
