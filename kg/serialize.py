"""Fast, deterministic writers for Turtle, N-Triples and JSON-LD straight from triples.

rdflib's serialisers need an rdflib Graph (about 1 KB and several microseconds per
triple) and do not promise a stable order; a 100,000-paper graph would take
minutes. These writers format sorted triples directly, so the same graph always
gives the same bytes, at a few hundred thousand triples a second.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache

from rdflib import BNode, Literal, URIRef
from rdflib.namespace import RDF, XSD

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_NEEDS_ESCAPE = re.compile(r'[\\"\x00-\x1f\x7f]')
_IRI_BAD = re.compile(r'[\x00-\x20<>"{}|^`\\]')
_LOCAL = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def _escape(text: str) -> str:
    return _NEEDS_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(0), f"\\u{ord(m.group(0)):04X}"), text)


def _iri(term: URIRef) -> str:
    text = str(term)
    if _IRI_BAD.search(text):
        text = _IRI_BAD.sub(lambda m: "%{:02X}".format(ord(m.group(0))), text)
    return f"<{text}>"


@lru_cache(maxsize=1 << 16)
def nt_term(term: object) -> str:
    """One term in N-Triples syntax (cached: IRIs and evidence sentences recur many times)."""
    if isinstance(term, URIRef):
        return _iri(term)
    if isinstance(term, BNode):
        return f"_:{term}"
    assert isinstance(term, Literal)
    lex = f'"{_escape(str(term))}"'
    if term.language:
        return f"{lex}@{term.language}"
    if term.datatype and term.datatype != XSD.string:
        return f"{lex}^^{_iri(term.datatype)}"
    return lex


def ntriples(triples: Iterable[tuple]) -> bytes:
    """Sorted, de-duplicated N-Triples."""
    lines = sorted({f"{nt_term(s)} {nt_term(p)} {nt_term(o)} .\n" for s, p, o in triples})
    return "".join(lines).encode("utf-8")


def _group(triples: Iterable[tuple]) -> dict[object, dict[object, set[object]]]:
    subjects: dict[object, dict[object, set[object]]] = defaultdict(lambda: defaultdict(set))
    for s, p, o in triples:
        subjects[s][p].add(o)
    return subjects


def turtle(triples: Iterable[tuple], prefixes: dict[str, str]) -> bytes:
    """Turtle grouped by subject; subjects, predicates and objects in sorted order."""
    ordered = sorted(prefixes.items(), key=lambda kv: -len(kv[1]))

    @lru_cache(maxsize=1 << 16)
    def term(t: object) -> str:
        if isinstance(t, URIRef):
            text = str(t)
            for prefix, ns in ordered:
                if text.startswith(ns) and _LOCAL.match(text[len(ns):]):
                    return f"{prefix}:{text[len(ns):]}"
            return _iri(t)
        if isinstance(t, Literal) and t.datatype is not None and t.datatype != XSD.string:
            lex = f'"{_escape(str(t))}"'
            return f"{lex}^^{term(t.datatype)}"
        return nt_term(t)

    out = [f"@prefix {p}: <{ns}> .\n" for p, ns in sorted(prefixes.items())]
    for s, preds in sorted(_group(triples).items(), key=lambda kv: nt_term(kv[0])):
        parts = []
        for p, objs in sorted(preds.items(), key=lambda kv: (kv[0] != RDF.type, nt_term(kv[0]))):
            verb = "a" if p == RDF.type else term(p)
            parts.append(f"    {verb} " + ",\n        ".join(sorted(term(o) for o in objs)))
        out.append(f"\n{term(s)}\n" + " ;\n".join(parts) + " .\n")
    return "".join(out).encode("utf-8")


def jsonld(triples: Iterable[tuple], prefixes: dict[str, str]) -> bytes:
    """JSON-LD: one node object a subject, prefixes in @context, values sorted.

    One line, written by json's C encoder: an indented dump of a 100,000-paper
    graph takes minutes in the pure-Python encoder.
    """
    ordered = sorted(prefixes.items(), key=lambda kv: -len(kv[1]))

    @lru_cache(maxsize=1 << 12)
    def compact(iri: str) -> str:
        for prefix, ns in ordered:
            if iri.startswith(ns) and _LOCAL.match(iri[len(ns):]):
                return f"{prefix}:{iri[len(ns):]}"
        return iri

    @lru_cache(maxsize=1 << 16)
    def value(o: object) -> tuple[tuple[str, ...], object]:
        """(sort key, JSON-LD value) of one object term."""
        if isinstance(o, URIRef):
            return ("0", str(o)), {"@id": str(o)}
        if isinstance(o, BNode):
            return ("0", f"_:{o}"), {"@id": f"_:{o}"}
        assert isinstance(o, Literal)
        if o.language:
            return ("1", str(o), "@" + o.language), {"@value": str(o), "@language": o.language}
        if o.datatype and o.datatype != XSD.string:
            return ("1", str(o), str(o.datatype)), {"@value": str(o), "@type": str(o.datatype)}
        return ("2", str(o)), str(o)

    nodes = []
    for s, preds in _group(triples).items():
        node: dict[str, object] = {"@id": f"_:{s}" if isinstance(s, BNode) else str(s)}
        for p, objs in preds.items():
            if p == RDF.type:
                node["@type"] = sorted(compact(str(o)) for o in objs)
            else:
                node[compact(str(p))] = [v for _k, v in sorted((value(o) for o in objs), key=lambda kv: kv[0])]
        nodes.append(node)
    nodes.sort(key=lambda n: str(n["@id"]))
    doc = {"@context": dict(sorted(prefixes.items())), "@graph": nodes}
    return (json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")
