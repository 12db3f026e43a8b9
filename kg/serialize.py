"""Fast, deterministic writers for Turtle, N-Triples and JSON-LD straight from triples.

rdflib's serialisers need an rdflib Graph (about 1 KB and several microseconds per
triple) and do not promise a stable order; a 100,000-paper graph would take
minutes. These writers format sorted triples directly, so the same graph always
gives the same bytes, at a few hundred thousand triples a second.
"""

from __future__ import annotations

import io
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import BinaryIO

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


def _to_bytes(write: Callable[[BinaryIO], None]) -> bytes:
    buf = io.BytesIO()
    write(buf)
    return buf.getvalue()


def ntriples(triples: Iterable[tuple]) -> bytes:
    """Sorted, de-duplicated N-Triples."""
    return _to_bytes(lambda fh: write_ntriples(fh, triples))


def turtle(triples: Iterable[tuple], prefixes: dict[str, str]) -> bytes:
    """Turtle grouped by subject; subjects, predicates and objects in sorted order."""
    return _to_bytes(lambda fh: write_turtle(fh, triples, prefixes))


def trig(triples: Iterable[tuple], prefixes: dict[str, str], graph: str) -> bytes:
    """TriG: the Turtle blocks inside one named graph."""
    return _to_bytes(lambda fh: write_turtle(fh, triples, prefixes, graph))


def jsonld(triples: Iterable[tuple], prefixes: dict[str, str]) -> bytes:
    """JSON-LD: one node object a subject, prefixes in @context, values sorted."""
    return _to_bytes(lambda fh: write_jsonld(fh, triples, prefixes))


def write_ntriples(fh: BinaryIO, triples: Iterable[tuple]) -> None:
    """Stream sorted, de-duplicated N-Triples into a binary file."""
    lines = sorted({f"{nt_term(s)} {nt_term(p)} {nt_term(o)} .\n" for s, p, o in triples})
    for i in range(0, len(lines), 10_000):
        fh.write("".join(lines[i : i + 10_000]).encode("utf-8"))


def _group(triples: Iterable[tuple]) -> dict[object, dict[object, list[object]]]:
    """subject -> predicate -> objects (lists: far smaller than sets at millions of triples)."""
    subjects: dict[object, dict[object, list[object]]] = defaultdict(lambda: defaultdict(list))
    for s, p, o in triples:
        subjects[s][p].append(o)
    return subjects


def write_turtle(fh: BinaryIO, triples: Iterable[tuple], prefixes: dict[str, str],
                 graph: str | None = None) -> None:
    """Stream Turtle grouped by subject into a binary file, one subject block at a time.

    With `graph` (an IRI), the blocks go inside `<graph> { ... }`: that is TriG.
    """
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

    fh.write("".join(f"@prefix {p}: <{ns}> .\n" for p, ns in sorted(prefixes.items())).encode("utf-8"))
    if graph is not None:
        fh.write(f"\n{_iri(URIRef(graph))} {{\n".encode("utf-8"))
    groups = _group(triples)
    for s in sorted(groups, key=nt_term):
        parts = []
        for p, objs in sorted(groups[s].items(), key=lambda kv: (kv[0] != RDF.type, nt_term(kv[0]))):
            verb = "a" if p == RDF.type else term(p)
            parts.append(f"    {verb} " + ",\n        ".join(sorted({term(o) for o in objs})))
        fh.write((f"\n{term(s)}\n" + " ;\n".join(parts) + " .\n").encode("utf-8"))
    if graph is not None:
        fh.write(b"}\n")


def write_jsonld(fh: BinaryIO, triples: Iterable[tuple], prefixes: dict[str, str]) -> None:
    """Stream JSON-LD, one node object a line, written by json's C encoder.

    An indented dump of a 100,000-paper graph takes minutes in the pure-Python
    encoder, and one `json.dumps` of the whole document needs it all in memory.
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

    def node_id(s: object) -> str:
        return f"_:{s}" if isinstance(s, BNode) else str(s)

    groups = _group(triples)
    context = json.dumps(dict(sorted(prefixes.items())), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    fh.write(('{"@context":' + context + ',"@graph":[').encode("utf-8"))
    for i, s in enumerate(sorted(groups, key=node_id)):
        node: dict[str, object] = {"@id": node_id(s)}
        for p, objs in groups[s].items():
            if p == RDF.type:
                node["@type"] = sorted({compact(str(o)) for o in objs})
            else:
                vals = sorted({value(o)[0]: value(o) for o in objs}.values(), key=lambda kv: kv[0])
                node[compact(str(p))] = [v for _k, v in vals]
        line = json.dumps(node, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        fh.write((("\n" if i == 0 else ",\n") + line).encode("utf-8"))
    fh.write(b"\n]}\n")
