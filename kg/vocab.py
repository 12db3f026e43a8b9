"""The one place that names RDF terms: namespaces, prefixes and the relation map."""

from __future__ import annotations

from rdflib import Namespace
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS, XSD

KG = Namespace("https://w3id.org/paperkg/ontology#")
RES = Namespace("https://w3id.org/paperkg/resource/")
SCHEMA = Namespace("https://schema.org/")
MLS = Namespace("http://www.w3.org/ns/mls#")

#: Prefixes bound in every export and predeclared for `kg query`.
PREFIXES: dict[str, Namespace] = {
    "kg": KG,
    "res": RES,
    "rdf": Namespace(str(RDF)),
    "rdfs": Namespace(str(RDFS)),
    "owl": Namespace(str(OWL)),
    "xsd": Namespace(str(XSD)),
    "skos": Namespace(str(SKOS)),
    "dcterms": Namespace(str(DCTERMS)),
    "prov": Namespace(str(PROV)),
    "schema": SCHEMA,
}

#: Python relation name -> ontology property.
RELATION_PROPERTIES = {
    "proposes": KG.proposes,
    "evaluated_on": KG.evaluatedOn,
    "compared_with": KG.comparedWith,
    "builds_on": KG.buildsOn,
    "addresses": KG.addresses,
    "uses_metric": KG.usesMetric,
    "mentions": KG.mentions,
}
PROPERTY_RELATIONS = {str(v): k for k, v in RELATION_PROPERTIES.items()}

#: Entity kind -> ontology class; kind -> IRI path segment (Benchmarks are Datasets).
CLASSES = {
    "Paper": KG.Paper,
    "Method": KG.Method,
    "Dataset": KG.Dataset,
    "Benchmark": KG.Benchmark,
    "Task": KG.Task,
    "Metric": KG.Metric,
    "Result": KG.Result,
}
KEY_PREFIX = {
    "Method": "method",
    "Dataset": "dataset",
    "Benchmark": "dataset",
    "Task": "task",
    "Metric": "metric",
}


def sparql_prologue() -> str:
    """PREFIX lines predeclared for user queries."""
    return "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in PREFIXES.items())
