"""Round trip, determinism, SHACL conformance and the ontology contract of the RDF projection."""

import subprocess
import sys

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS, XSD

from kg import rdf
from kg.api import graph_signature
from kg.vocab import KG, RES

from conftest import ROOT

SHAPES = ROOT / "ontology" / "paperkg-shapes.ttl"


def conforms(g: Graph) -> tuple[bool, str]:
    from pyshacl import validate

    ok, _, text = validate(g, shacl_graph=Graph().parse(SHAPES), inference="none")
    return ok, text


@pytest.mark.parametrize("fmt", ["ttl", "nt", "jsonld", "trig"])
def test_round_trip_gives_an_equal_graph(tiny_graph, fmt):
    data = rdf.serialize(rdf.to_rdf(tiny_graph), fmt)
    if fmt == "trig":
        from rdflib import Dataset
        ds = Dataset()
        ds.parse(data=data, format="trig")
        g = Graph()
        for s, p, o, _ in ds.quads():
            g.add((s, p, o))
    else:
        g = rdf.parse(data, fmt)
    assert graph_signature(rdf.from_rdf(g)) == graph_signature(tiny_graph)


def test_contract_terms(tiny_graph):
    g = rdf.to_rdf(tiny_graph)
    paper = RES["paper/t%3A1"]
    assert (paper, RDF.type, KG.Paper) in g
    foonet = RES["method/foonet"]
    assert (foonet, RDF.type, KG.Method) in g and (foonet, RDFS.label, Literal("FooNet")) in g
    assert (paper, KG.proposes, foonet) in g and (paper, KG.mentions, foonet) in g
    assert (foonet, KG.comparedWith, RES["method/resnet50"]) in g  # method level
    conf = next(g.objects(None, KG.confidence))
    assert conf.datatype == XSD.decimal
    q = """SELECT ?ev WHERE { ?a rdf:subject ?p ; rdf:predicate kg:comparedWith ; rdf:object ?m ;
           kg:evidence ?ev ; prov:wasDerivedFrom ?p . ?m rdfs:label "ResNet-50" }"""
    from kg.sparql import run_query
    assert len(run_query(g, q).rows) == 1


def test_exports_conform_to_the_shapes(tiny_graph):
    ok, text = conforms(rdf.to_rdf(tiny_graph))
    assert ok, text


def test_shapes_catch_a_broken_export(tiny_graph):
    g = rdf.to_rdf(tiny_graph)
    a = next(g.subjects(RDF.type, KG.Assertion))
    g.set((a, KG.confidence, Literal("1.5", datatype=XSD.decimal)))
    assert not conforms(g)[0]


def test_range_and_change_results_keep_both_numbers_through_rdf():
    """A range ("2-21%") exports kg:value (upper end) and kg:minValue (lower end), a change
    ("from 55.6% to 81.6%") kg:value (after) and kg:fromValue (before); both conform to the shapes
    and load back unchanged."""
    from conftest import make_record
    from kg.graph import build_graph
    from kg.model import Evidence, Result
    from kg.resolve import resolve
    rec = make_record("t:9")
    ev = Evidence("FooNet gains 2-21% over ResNet-50.", 0, 34)
    rec = type(rec)(**{**{f: getattr(rec, f) for f in rec.__dataclass_fields__},
                       "results": (Result("2-21%", 21.0, "%", ev, 0.6, method="FooNet", min_value=2.0),
                                   Result("from 55.6% to 81.6%", 81.6, "%", ev, 0.6, method="FooNet",
                                          from_value=55.6))})
    G = build_graph([rec], resolve([rec]))
    g = rdf.to_rdf(G)
    ends = {str(g.value(r, KG.valueText)): (g.value(r, KG.value), g.value(r, KG.minValue), g.value(r, KG.fromValue))
            for r in g.subjects(RDF.type, KG.Result)}
    assert {k: tuple(None if x is None else float(x) for x in v) for k, v in ends.items()} == {
        "2-21%": (21.0, 2.0, None), "from 55.6% to 81.6%": (81.6, None, 55.6)}
    assert conforms(g)[0]
    loaded = rdf.from_rdf(rdf.parse(rdf.serialize(g, "ttl"), "ttl"))
    assert graph_signature(loaded) == graph_signature(G)
    from kg.trace import scores  # the Python records carry both ends too
    assert sorted((s.value_text, s.value, s.min_value, s.from_value) for s in scores(loaded, "t:9")) == [
        ("2-21%", 21.0, 2.0, None), ("from 55.6% to 81.6%", 81.6, None, 55.6)]


def test_ontology_declares_every_term_we_use():
    onto = Graph().parse(ROOT / "ontology" / "paperkg.ttl")
    from kg.vocab import CLASSES, RELATION_PROPERTIES
    terms = list(CLASSES.values()) + list(RELATION_PROPERTIES.values()) + [
        KG.variantOf, KG.hasResult, KG.forMethod, KG.onMetric, KG.onDataset, KG.relativeTo, KG.valueText,
        KG.value, KG.minValue, KG.fromValue, KG.unit, KG.evidence, KG.evidenceStart, KG.evidenceEnd, KG.confidence, KG.venue,
        KG.codeRepository, KG.Assertion]
    missing = [t for t in terms if (t, RDFS.label, None) not in onto]
    assert not missing


def test_iris_are_stable_and_safe():
    assert rdf.paper_iri("a b/c:1") == URIRef(str(RES) + "paper/a%20b%2Fc%3A1")
    assert rdf.assertion_iri("p", "proposes", "method/x") == rdf.assertion_iri("p", "proposes", "method/x")


SCRIPT = """
import sys
from conftest import make_record
from kg.graph import build_graph
from kg.resolve import resolve
from kg import rdf
recs = [make_record("t:%d" % i, "M%d" % i, "ResNet-50", "CIFAR-10") for i in range(5)]
sys.stdout.buffer.write(rdf.serialize(rdf.to_rdf(build_graph(recs, resolve(recs))), sys.argv[1]))
"""


@pytest.mark.parametrize("fmt", ["ttl", "nt", "jsonld", "trig"])
def test_serialisation_is_byte_identical_across_hash_seeds(fmt):
    outs = set()
    for seed in ("1", "2", "99"):
        env = {"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin", "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}"}
        proc = subprocess.run([sys.executable, "-c", SCRIPT, fmt], capture_output=True, env=env, check=True)
        outs.add(proc.stdout)
    assert len(outs) == 1
