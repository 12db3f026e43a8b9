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


Block = tuple[object, list[tuple]]  # (subject, [(predicate, object), ...]): all of one subject's triples


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
    write_blocks(blocks(triples), [NTriplesWriter(fh)])


def write_turtle(fh: BinaryIO, triples: Iterable[tuple], prefixes: dict[str, str],
                 graph: str | None = None) -> None:
    """Turtle grouped by subject; with `graph` (an IRI) the blocks go inside `<graph> { ... }`: TriG."""
    write_blocks(blocks(triples), [TurtleWriter(fh, prefixes, graph)])


def write_jsonld(fh: BinaryIO, triples: Iterable[tuple], prefixes: dict[str, str]) -> None:
    """JSON-LD, one node object a line."""
    write_blocks(blocks(triples), [JsonLdWriter(fh, prefixes)])


def blocks(triples: Iterable[tuple]) -> list[Block]:
    """Group loose triples into subject blocks in N-Triples order (for graphs that fit in memory)."""
    subjects: dict[object, list[tuple]] = defaultdict(list)
    for s, p, o in triples:
        subjects[s].append((p, o))
    return sorted(subjects.items(), key=lambda kv: nt_term(kv[0]))


_TYPE = RDF.type  # rdflib builds a new URIRef on every namespace attribute access


def _longest_first(prefixes: dict[str, str]) -> list[tuple[str, str]]:
    return sorted(prefixes.items(), key=lambda kv: -len(kv[1]))


def _compact(iri: str, ordered: list[tuple[str, str]]) -> str | None:
    """`prefix:local` for an IRI under one of the (longest first) namespaces, when the local part allows it."""
    for prefix, ns in ordered:
        if iri.startswith(ns) and _LOCAL.match(iri[len(ns):]):
            return f"{prefix}:{iri[len(ns):]}"
    return None


class BlockWriter:
    """Formats subject blocks (given in N-Triples order of their subjects) into one file.

    `head` and `tail` say whether this writer opens and closes the document, so a
    big export can be written as consecutive parts by several processes.
    """

    def __init__(self, fh: BinaryIO, head: bool = True, tail: bool = True) -> None:
        self.fh = fh
        self.tail = tail
        self._buf: list[str] = []
        self._size = 0

    def emit(self, text: str) -> None:
        """Buffer output and write it in ~1 MB pieces (one write call per block is slow)."""
        self._buf.append(text)
        self._size += len(text)
        if self._size > 1 << 20:
            self.flush()

    def flush(self) -> None:
        self.fh.write("".join(self._buf).encode("utf-8"))
        self._buf, self._size = [], 0

    def block(self, s: object, pos: list[tuple]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.flush()


def write_blocks(stream: Iterable[Block], outputs: list[BlockWriter]) -> None:
    """One pass over the blocks feeds every output: the graph is projected to RDF once."""
    for s, pos in stream:
        for out in outputs:
            out.block(s, pos)
    for out in outputs:
        out.close()


class NTriplesWriter(BlockWriter):
    """Sorted, de-duplicated lines: blocks come in subject order, lines are sorted within each."""

    def block(self, s: object, pos: list[tuple]) -> None:
        subject = nt_term(s)
        self.emit("".join(sorted({f"{subject} {nt_term(p)} {nt_term(o)} .\n" for p, o in pos})))


class TurtleWriter(BlockWriter):
    """A subject block a paragraph; `a` first, then predicates and objects in sorted order."""

    def __init__(self, fh: BinaryIO, prefixes: dict[str, str], graph: str | None = None,
                 head: bool = True, tail: bool = True) -> None:
        super().__init__(fh, head, tail)
        self.graph = graph
        self._ordered = _longest_first(prefixes)
        self.term = lru_cache(maxsize=1 << 16)(self._term)
        self.verb = lru_cache(maxsize=1 << 10)(self._verb)
        if head:
            self.emit("".join(f"@prefix {p}: <{ns}> .\n" for p, ns in sorted(prefixes.items())))
            if graph is not None:
                self.emit(f"\n{_iri(URIRef(graph))} {{\n")

    def _verb(self, p: object) -> tuple[bool, str, str]:
        """(sort key..., text) of a predicate: `a` first, then the others by N-Triples form."""
        return (p != _TYPE, nt_term(p), "a" if p == _TYPE else self.term(p))

    def _term(self, t: object) -> str:
        if isinstance(t, URIRef):
            text = str(t)
            return _compact(text, self._ordered) or _iri(t)
        if isinstance(t, Literal) and t.datatype is not None and t.datatype != XSD.string:
            return f'"{_escape(str(t))}"^^{self.term(t.datatype)}'
        return nt_term(t)

    def block(self, s: object, pos: list[tuple]) -> None:
        term, verb = self.term, self.verb
        by_verb: dict[tuple[bool, str, str], set[str]] = {}
        for p, o in pos:
            objs = by_verb.get(v := verb(p))
            if objs is None:
                objs = by_verb[v] = set()
            objs.add(term(o))
        parts = [f"    {v[2]} " + ",\n        ".join(sorted(by_verb[v])) for v in sorted(by_verb)]
        self.emit(f"\n{term(s)}\n" + " ;\n".join(parts) + " .\n")

    def close(self) -> None:
        if self.tail and self.graph is not None:
            self.emit("}\n")
        super().close()


class JsonLdWriter(BlockWriter):
    """Compact JSON-LD, one node object a line, written by json's C encoder.

    An indented dump of a 100,000-paper graph takes minutes in the pure-Python
    encoder, and one `json.dumps` of the whole document needs it all in memory.
    """

    def __init__(self, fh: BinaryIO, prefixes: dict[str, str], head: bool = True, tail: bool = True) -> None:
        super().__init__(fh, head, tail)
        self._ordered = _longest_first(prefixes)
        self.compact = lru_cache(maxsize=1 << 12)(lambda iri: _compact(iri, self._ordered) or iri)
        self.key = lru_cache(maxsize=1 << 10)(self._key)
        self.value = lru_cache(maxsize=1 << 16)(self._value)
        self._first = head  # a part that does not open the document continues a non-empty one
        if head:
            context = json.dumps(dict(sorted(prefixes.items())), ensure_ascii=False, sort_keys=True,
                                 separators=(",", ":"))
            self.emit('{"@context":' + context + ',"@graph":[')

    def _key(self, p: object) -> str:
        return "@type" if p == _TYPE else self.compact(str(p))

    @staticmethod
    def _value(o: object) -> tuple[tuple[str, ...], object]:
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

    def block(self, s: object, pos: list[tuple]) -> None:
        node: dict[str, object] = {"@id": f"_:{s}" if isinstance(s, BNode) else str(s)}
        by_key: dict[str, list[object]] = {}
        key = self.key
        for p, o in pos:
            objs = by_key.get(k := key(p))
            if objs is None:
                objs = by_key[k] = []
            objs.append(o)
        for k, objs in by_key.items():
            if k == "@type":
                node[k] = sorted({self.compact(str(o)) for o in objs})
            else:
                vals = dict(self.value(o) for o in objs)
                node[k] = [vals[sk] for sk in sorted(vals)]
        line = json.dumps(node, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        self.emit(("\n" if self._first else ",\n") + line)
        self._first = False

    def close(self) -> None:
        if self.tail:
            self.emit("\n]}\n")
        super().close()
