"""Property-based tests (hypothesis): whatever the text, reading is clean and the RDF exports are valid.

Records are built by hand (kg.model -> kg.resolve.resolve -> kg.graph.build_graph)
so the NLP stage is not involved: the text reaches the exporters exactly as generated,
including quotes, backslashes, newlines, <, >, control characters and RTL text.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import Dataset, Graph, URIRef
from rdflib.term import _is_valid_uri

from kg import pipeline, rdf
from kg.api import graph_signature
from kg.graph import build_graph
from kg.ingest import read_corpus
from kg.model import ENTITY_TYPES, PAPER_RELATIONS, Evidence, Mention, Paper, PaperRecord, Relation, Result
from kg.resolve import resolve
from kg.text import absolute_url, clean_latex, sanitize

from conftest import ROOT

SHAPES = ROOT / "ontology" / "paperkg-shapes.ttl"
# KG_PROPERTY_EXAMPLES=1000 pytest tests/test_properties.py searches harder (the default keeps the suite fast).
_N = int(os.environ.get("KG_PROPERTY_EXAMPLES", "80"))
FAST = settings(max_examples=_N, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=max(1, _N * 5 // 8), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters that break naive writers: quoting, escaping, IRI syntax, line ends, controls, bidi, astral.
SPECIALS = list('"\'\\\n\r\t <>{}|^`%#&;:/?@$_~') + [
    "\x00", "\x01", "\x08", "\x0b", "\x0c", "\x1b", "\x1f", "\x7f", "\x85", "\x9f", "\u2028", "\u2029",
    "\u202e", "\u200f", "\ufeff", "\ufffe", "\uffff", "\u0301", "😀", "م", "ש", "日", "ß", "İ",
    '"""', "'''", "\\u0041", "\\n", "]]>", "</script>", "@prefix", "_:b0",
]
PIECES = st.one_of(st.characters(exclude_categories=("Cs",)), st.sampled_from(SPECIALS))
TEXT = st.lists(PIECES, min_size=1, max_size=20).map("".join)
OPT_TEXT = st.none() | TEXT
URLISH = st.none() | TEXT | st.builds(lambda t: "https://github.com/" + t, TEXT) | st.builds(
    lambda t: "github.com/" + t, TEXT) | st.builds(lambda a, b: f"{a}://{b}", TEXT, TEXT) | st.builds(
    lambda a, b: f"https://{a}:{b}/", TEXT, TEXT)


# The extractor's contract: a relation's object has the type the ontology gives its range.
RELATIONS_FOR = {t: ["proposes", "mentions"] + [r for r, types in {
    "evaluated_on": ("Dataset", "Benchmark"), "compared_with": ("Method",), "builds_on": ("Method",),
    "addresses": ("Task",), "uses_metric": ("Metric",)}.items() if t in types] for t in ENTITY_TYPES}
assert set().union(*RELATIONS_FOR.values()) == set(PAPER_RELATIONS)


@st.composite
def records(draw) -> list[PaperRecord]:
    ids = draw(st.lists(TEXT, min_size=1, max_size=3, unique=True))
    out = []
    for pid in ids:
        ev = Evidence(draw(TEXT), draw(st.integers(0, 50)), 0)
        ev = Evidence(ev.sentence, ev.start, ev.start + draw(st.integers(0, 50)))
        names = draw(st.lists(st.tuples(TEXT, st.sampled_from(ENTITY_TYPES)), min_size=1, max_size=4))
        mentions = tuple(Mention(n, t, 0, len(n)) for n, t in names)
        relations = tuple(Relation(draw(st.sampled_from(RELATIONS_FOR[t])), n, t, ev, draw(st.floats(0, 1)))
                          for n, t in names)
        # -0.0 is left out: xsd:decimal has no negative zero, so it loads back as 0.0 (see docs/reliability.md)
        value = st.none() | st.floats(-1e300, 1e300, allow_nan=False).map(lambda v: v + 0.0)
        results = tuple(Result(draw(TEXT), draw(value),
                               draw(OPT_TEXT), ev, draw(st.floats(0, 1)), method=names[0][0],
                               dataset=draw(st.none() | st.sampled_from([n for n, _ in names])))
                        for _ in range(draw(st.integers(0, 2))))
        paper = Paper(id=pid, abstract=draw(TEXT), source=draw(TEXT), title=draw(OPT_TEXT),
                      authors=tuple(draw(st.lists(TEXT, max_size=3))),
                      year=draw(st.none() | st.integers(1800, 2099)), venue=draw(OPT_TEXT), url=draw(URLISH))
        aliases = tuple(draw(st.lists(st.tuples(TEXT, st.sampled_from([n for n, _ in names])), max_size=2)))
        out.append(PaperRecord(paper, mentions, relations, results, aliases, draw(URLISH)))
    return out


def graph_of(recs: list[PaperRecord]):
    return build_graph(recs, resolve(recs))


def exports(G) -> dict[str, Graph]:
    """Every RDF export the pipeline writes, parsed back by plain rdflib."""
    blobs = pipeline.render(G, ["ttl", "nt", "jsonld", "trig"])
    parsed = {}
    for fmt, data in blobs.items():
        if fmt == "trig":
            ds = Dataset()
            ds.parse(data=data, format="trig")
            g = Graph()
            for s, p, o, _ in ds.quads():
                g.add((s, p, o))
        else:
            g = rdf.parse(data, fmt)
        parsed[fmt] = g
    return parsed


_BAD_IRI = re.compile(r'[\x00-\x20<>"{}|^`\\\x7f-\x9f]')


def assert_valid_iris(g: Graph) -> None:
    for term in {t for triple in g for t in triple if isinstance(t, URIRef)}:
        text = str(term)
        assert _is_valid_uri(text) and not _BAD_IRI.search(text), f"invalid IRI {text!r}"
        assert re.match(r"^[a-z][a-z0-9+.-]*:", text), f"relative IRI {text!r}"
        _strict_iri(text)


@FAST
@given(records())
def test_every_export_parses_back_to_an_equal_graph_with_valid_iris(recs):
    G = graph_of(recs)  # the graph stores code URLs as absolute IRIs (kg.text.absolute_url)
    want = graph_signature(G)
    for fmt, g in exports(G).items():  # plain rdflib
        assert_valid_iris(g)
        assert graph_signature(rdf.from_rdf(g)) == want, fmt
    with tempfile.TemporaryDirectory() as tmp:  # kg's own loader (Oxigraph's strict parser when installed)
        for fmt, data in pipeline.render(G, ["ttl", "nt", "jsonld", "trig"]).items():
            path = Path(tmp) / f"graph.{fmt}"
            path.write_bytes(data)
            assert graph_signature(rdf.load_graph(path, fmt)) == want, fmt


@FAST
@given(URLISH.filter(bool))
def test_absolute_url_is_idempotent_valid_and_absolute(url):
    iri = absolute_url(url)
    assert absolute_url(iri) == iri
    assert _is_valid_uri(iri) and not _BAD_IRI.search(iri) and re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", iri)
    _strict_iri(iri)


def _strict_iri(iri: str) -> None:
    """Oxigraph validates IRIs against RFC 3987 (rdflib barely checks); skipped when it is not installed."""
    try:
        import pyoxigraph
    except ImportError:
        return
    pyoxigraph.NamedNode(iri)


@pytest.fixture(scope="module")
def shapes() -> Graph:
    return Graph().parse(SHAPES)


@SLOW
@given(recs=records())
def test_exports_pass_shacl_whatever_the_text(shapes, recs):
    from pyshacl import validate

    g = exports(graph_of(recs))["ttl"]
    ok, _, report = validate(g, shacl_graph=shapes, inference="none")
    assert ok, report


@SLOW
@given(records())
def test_rdflib_serialisers_agree_with_the_fast_writers(recs):
    """`rdf.serialize` (used by API callers) loads back to the same graph as the exports."""
    G = graph_of(recs)
    want = graph_signature(G)
    for fmt in ("ttl", "nt", "jsonld"):
        g = rdf.parse(rdf.serialize(rdf.to_rdf(G), fmt), fmt)
        assert graph_signature(rdf.from_rdf(g)) == want, fmt


# --- reading ----------------------------------------------------------------------

LATEX = ["$", "$x^2$", "\\textit{", "\\emph{a}", "\\href{u}{v}", "{", "}", "\\", "\\%", "``", "''", "\\alpha ",
         "$\\mathcal{O}(n^2)$", "\\textbf {"]
UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff\ud800-\udfff]")


@FAST
@given(st.text(st.characters(), max_size=60))
def test_sanitize_is_length_preserving_and_leaves_nothing_unsafe(text):
    clean = sanitize(text)
    assert len(clean) == len(text)
    assert not UNSAFE.search(clean)
    clean.encode("utf-8")  # lone surrogates are gone too


@FAST
@given(st.lists(st.one_of(PIECES, st.sampled_from(LATEX)), max_size=40).map("".join))
def test_clean_latex_maps_every_character_back(text):
    clean = clean_latex(text)
    assert len(clean.origin) == len(clean.text)
    assert all(0 <= o < len(text) for o in clean.origin)
    assert list(clean.origin) == sorted(clean.origin)
    start, end = clean.original_span(0, len(clean.text))
    assert 0 <= start <= end <= len(text)


def _read(tmp: Path, name: str, data: bytes):
    from kg.errors import KGError

    f = tmp / name
    f.write_bytes(data)
    try:
        return list(read_corpus([f]))
    except KGError as exc:  # a clear error is fine; anything else is a bug
        assert str(f) in str(exc) or "encoding" in str(exc)
        return None


@FAST
@given(st.binary(max_size=200), st.sampled_from(["a.txt", "a.jsonl", "a.json", "a.csv", "a.tsv", "a.bib"]))
def test_any_bytes_give_papers_or_one_clear_error(tmp_path_factory, data, name):
    papers = _read(tmp_path_factory.mktemp("bytes"), name, data)
    for p in papers or ():
        assert p.id and p.abstract.strip() and not UNSAFE.search(p.abstract + p.id + (p.title or ""))


@FAST
@given(st.lists(st.dictionaries(st.sampled_from(["id", "abstract", "title", "authors", "year", "venue", "url"]),
                                st.none() | st.booleans() | st.integers() | st.floats() | TEXT
                                | st.lists(TEXT, max_size=2), max_size=7), min_size=1, max_size=5))
def test_any_jsonl_records_give_papers_or_one_clear_error(tmp_path_factory, objs):
    lines = "\n".join(json.dumps(o) for o in objs) + "\n"
    papers = _read(tmp_path_factory.mktemp("jsonl"), "c.jsonl", lines.encode())
    if papers is not None:
        assert len(papers) == len(objs)  # nothing dropped
        for p, o in zip(papers, objs):
            assert not UNSAFE.search(p.abstract + p.id + (p.title or "") + "".join(p.authors))
            assert p.abstract == sanitize(o["abstract"]).strip()


@FAST
@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=4))
def test_csv_written_by_the_csv_module_reads_back_whole(tmp_path_factory, rows):
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["title", "abstract"])
    w.writerows(rows)
    papers = _read(tmp_path_factory.mktemp("csv"), "c.csv", buf.getvalue().encode("utf-8"))
    wanted = [(t, a) for t, a in rows if sanitize(a).strip()]
    if len(wanted) == len(rows) and "\x00" not in buf.getvalue():  # NUL bytes: "looks like a binary file"
        assert papers is not None and len(papers) == len(rows)
        for p, (_t, a) in zip(papers, rows):
            assert p.abstract == sanitize(a).strip()
