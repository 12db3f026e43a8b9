"""Ship an export to triple stores: N-Triples shards for bulk loaders, and chunked uploads
to any SPARQL 1.1 Graph Store Protocol server (stdlib HTTP only).

Every triple is written as one canonical N-Triples line. Blank nodes (kg's rdf:List of
authors) are relabelled from their path to the IRI they hang from, so output is byte-identical
across runs, and a blank node's triples always travel with that IRI: no shard file and no
upload request splits a list (loaders scope blank-node labels to one file or request).
"""

from __future__ import annotations

import hashlib
import http.client
import time
import urllib.error
import urllib.request
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from kg.atomic import write_atomic
from kg.errors import ExportError, KGError
from kg.vocab import PREFIXES

Triple = tuple[str, str, str]  # subject, predicate, object in N-Triples syntax
FORMATS = {".ttl": "ttl", ".nt": "nt", ".jsonld": "jsonld", ".json": "jsonld", ".trig": "trig"}
FOLDER_FILES = ("graph.nt", "graph.ttl", "graph.jsonld", "graph.trig")  # looked for in an export folder
SHARD_PATTERN = "graph-*-of-*.nt"


class PushError(KGError):
    """An upload to a SPARQL server failed (connection refused, HTTP error, timeout)."""


@dataclass(frozen=True)
class Export:
    """An export's N-Triples lines grouped by root: the IRI a triple hangs from (its subject,
    or for a blank-node subject the IRI that reaches it), in the order the file gave them."""

    groups: dict[str, list[str]]

    def __len__(self) -> int:
        return sum(map(len, self.groups.values()))

    def lines(self) -> list[str]:
        return sorted(line for lines in self.groups.values() for line in lines)


# --- reading ------------------------------------------------------------------------

def export_file(path: str | Path) -> Path:
    """The graph file of `path`: the file itself, or the best export inside a folder."""
    path = Path(path)
    if path.is_dir():
        for name in FOLDER_FILES:
            if (path / name).is_file():
                return path / name
        raise ExportError(f"{path}: no graph export in this folder (looked for {', '.join(FOLDER_FILES)})")
    if not path.is_file():
        raise ExportError(f"{path}: no such graph file")
    return path


def load_export(path: str | Path, engine: str = "auto") -> Export:
    """Read an export (.ttl, .nt, .jsonld, .trig, or a folder) with pyoxigraph or rdflib."""
    path = export_file(path)
    fmt = FORMATS.get(path.suffix.lower(), "ttl")
    reader = _oxigraph_triples if _use_oxigraph(engine) else _rdflib_triples
    try:
        triples = dict.fromkeys(reader(path, fmt))  # unique, in file order
    except (SyntaxError, ValueError) as exc:  # pyoxigraph raises SyntaxError, rdflib ValueError subclasses
        raise ExportError(f"{path}: cannot parse as {fmt}: {' '.join(str(exc).split())[:300]}") from None
    return Export(_group(triples))


def _use_oxigraph(engine: str) -> bool:
    """pyoxigraph parses ~10x faster than rdflib; "auto" takes it when it is installed."""
    if engine not in ("auto", "oxigraph", "rdflib"):
        raise ValueError(f"unknown engine {engine!r} (auto, oxigraph, rdflib)")
    try:
        import pyoxigraph  # noqa: F401
    except ImportError:
        if engine == "oxigraph":
            raise ExportError("pyoxigraph is not installed (pip install 'kg[scale]')") from None
        return False
    return engine != "rdflib"


def _oxigraph_triples(path: Path, fmt: str) -> Iterator[Triple]:
    import pyoxigraph as ox

    formats = {"ttl": ox.RdfFormat.TURTLE, "nt": ox.RdfFormat.N_TRIPLES, "jsonld": ox.RdfFormat.JSON_LD,
               "trig": ox.RdfFormat.TRIG}
    for quad in ox.parse(path=str(path), format=formats[fmt]):
        yield str(quad.subject), str(quad.predicate), str(quad.object)


def _rdflib_triples(path: Path, fmt: str) -> Iterator[Triple]:
    from rdflib import Dataset, Graph

    if fmt == "trig":  # named graphs are merged: an export holds one graph
        ds = Dataset()
        ds.parse(str(path), format="trig")
        triples = ((s, p, o) for s, p, o, _ in ds.quads((None, None, None, None)))
    else:
        triples = iter(Graph().parse(str(path), format={"ttl": "turtle", "jsonld": "json-ld"}.get(fmt, fmt)))
    for s, p, o in triples:
        yield _nt_term(s), _nt_term(p), _nt_term(o)


def _nt_term(term: object) -> str:
    """Canonical N-Triples for an rdflib term (the same bytes pyoxigraph writes)."""
    from rdflib import BNode, Literal
    from rdflib.namespace import XSD

    if isinstance(term, BNode):
        return f"_:{term}"
    if not isinstance(term, Literal):
        return f"<{term}>"
    text = '"' + _escape(str(term)) + '"'
    if term.language:
        return f"{text}@{term.language.lower()}"  # as Oxigraph writes it
    if term.datatype and str(term.datatype) != str(XSD.string):
        return f"{text}^^<{term.datatype}>"
    return text


# canonical N-Triples escapes: ECHAR for " \ \b \t \n \f \r, UCHAR for the other control characters
_ESCAPES = {**{i: f"\\u{i:04X}" for i in (*range(0x20), 0x7F)},
            **{ord(c): "\\" + e for c, e in zip('"\\\b\t\n\f\r', '"\\btnfr')}}


def _escape(text: str) -> str:
    return text.translate(_ESCAPES)


# --- blank nodes --------------------------------------------------------------------

def _group(triples: Iterable[Triple]) -> dict[str, list[str]]:
    """N-Triples lines by root; blank nodes relabelled deterministically (see `_blank_names`)."""
    groups: dict[str, list[str]] = {}
    with_blanks: list[Triple] = []
    for s, p, o in triples:
        if s[0] == "_" or o[0] == "_":
            with_blanks.append((s, p, o))
        else:
            groups.setdefault(s, []).append(f"{s} {p} {o} .")
    names, roots = _blank_names(with_blanks)
    for s, p, o in with_blanks:
        groups.setdefault(roots.get(s, s), []).append(f"{names.get(s, s)} {p} {names.get(o, o)} .")
    return groups


def _blank_names(triples: list[Triple]) -> tuple[dict[str, str], dict[str, str]]:
    """New label and root of every blank node, from its path to an IRI and its own triples."""
    children: dict[str, list[tuple[str, str]]] = defaultdict(list)
    ground: dict[str, list[str]] = defaultdict(list)
    for s, p, o in triples:
        if o.startswith("_:"):
            children[s].append((p, o))
        elif s.startswith("_:"):
            ground[s].append(f"{p} {o}")
    blanks = {t for s, _, o in triples for t in (s, o) if t.startswith("_:")}
    names: dict[str, str] = {}
    roots: dict[str, str] = {}
    starts = sorted(s for s in children if not s.startswith("_:"))
    names.update((s, s) for s in starts)
    roots.update((s, s) for s in starts)
    _label_from(starts, children, ground, names, roots)
    while len(names) - len(starts) < len(blanks):  # blank nodes no IRI reaches: label them from their content
        free = sorted(b for b in blanks if b not in names)
        targets = {o for b in free for _, o in children.get(b, ())}
        seeds = [b for b in free if b not in targets] or free[:1]
        fresh = _assign({b: (_digest("", "", _signature(b, ground)), "") for b in seeds}, names, roots)
        _label_from(fresh, children, ground, names, roots)
    return names, roots


def _label_from(level: list[str], children: dict[str, list[tuple[str, str]]], ground: dict[str, list[str]],
                names: dict[str, str], roots: dict[str, str]) -> None:
    """Breadth-first from named terms: a blank node's label hashes its parent's name, the
    predicate and its own ground triples; the smallest candidate wins."""
    while level:
        best: dict[str, tuple[str, str]] = {}
        for parent in level:
            for p, child in children.get(parent, ()):
                if child in names:
                    continue
                key = _digest(names[parent], p, _signature(child, ground))
                if child not in best or key < best[child][0]:
                    best[child] = (key, roots[parent])
        level = _assign(best, names, roots)


def _assign(best: dict[str, tuple[str, str]], names: dict[str, str], roots: dict[str, str]) -> list[str]:
    """Give each blank node its label (`_:b<key>`, a counter on the rare tie) and its root."""
    by_key: dict[str, list[str]] = defaultdict(list)
    for blank, (key, _) in best.items():
        by_key[key].append(blank)
    for key, blanks in by_key.items():
        for i, blank in enumerate(sorted(blanks)):
            names[blank] = f"_:b{key}" + (f"n{i}" if i else "")
            roots[blank] = best[blank][1] or names[blank]
    return sorted(best)


def _signature(blank: str, ground: dict[str, list[str]]) -> str:
    return "\n".join(sorted(ground.get(blank, ())))


def _digest(*parts: str) -> str:
    return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:24]


# --- writing ------------------------------------------------------------------------

def shard_of(root: str, shards: int) -> int:
    """Stable shard number of a root IRI (the same on every machine and run)."""
    return int.from_bytes(hashlib.blake2b(root.encode("utf-8"), digest_size=8).digest(), "big") % shards


def shard_name(i: int, shards: int) -> str:
    return f"graph-{i:05d}-of-{shards:05d}.nt"


def write_shards(export: Export, out_dir: str | Path, shards: int) -> list[Path]:
    """Write `shards` sorted N-Triples files; remove shard files of an earlier, different split."""
    if shards < 1:
        raise ExportError(f"--shards must be at least 1 (got {shards})")
    out_dir = Path(out_dir)
    buckets: list[list[str]] = [[] for _ in range(shards)]
    for root, lines in export.groups.items():
        buckets[shard_of(root, shards)].extend(lines)
    paths = []
    for i, lines in enumerate(buckets):
        path = out_dir / shard_name(i, shards)
        write_atomic(path, _nt_bytes(sorted(lines)))
        paths.append(path)
    for stale in set(out_dir.glob(SHARD_PATTERN)) - set(paths):
        stale.unlink()
    return paths


def write_single(export: Export, out_dir: str | Path, fmt: str = "nt") -> Path:
    """Write the whole export as one sorted N-Triples file or one Turtle file."""
    if fmt not in ("nt", "ttl"):
        raise ExportError(f"unknown format {fmt!r} (nt or ttl)")
    path = Path(out_dir) / f"graph.{fmt}"
    data = _nt_bytes(export.lines())
    write_atomic(path, data if fmt == "nt" else _turtle(data))
    return path


def _nt_bytes(lines: Iterable[str]) -> bytes:
    return "".join(line + "\n" for line in lines).encode("utf-8")


def _turtle(nt: bytes) -> bytes:
    prefixes = {p: str(ns) for p, ns in PREFIXES.items()}
    try:
        import pyoxigraph as ox
    except ImportError:
        from rdflib import Graph

        g = Graph()
        for prefix, ns in prefixes.items():
            g.bind(prefix, ns, override=True)
        return g.parse(data=nt, format="nt").serialize(format="turtle", encoding="utf-8")
    triples = [q.triple for q in ox.parse(nt, format=ox.RdfFormat.N_TRIPLES)]
    return ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=prefixes)


# --- pushing ------------------------------------------------------------------------

@dataclass(frozen=True)
class PushReport:
    url: str
    triples: int
    requests: int
    seconds: float

    def summary(self) -> str:
        return f"pushed {self.triples} triples in {self.requests} request(s) to {self.url} in {self.seconds:.1f} s"


def gsp_url(endpoint: str, graph: str | None = None) -> str:
    """The Graph Store Protocol URL of a named graph (`?graph=IRI`) or the default graph (`?default`)."""
    parts = urlsplit(endpoint)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise PushError(f"endpoint must be an http(s) URL, got {endpoint!r}")
    if graph is not None and not urlsplit(graph).scheme:
        raise PushError(f"graph must be an absolute IRI, got {graph!r}")
    query = urlencode({"graph": graph}) if graph is not None else "default"
    return endpoint + ("&" if parts.query else "?") + query


def chunks(export: Export, size: int) -> Iterator[list[str]]:
    """Lines in chunks of about `size`, never splitting the triples of one root."""
    chunk: list[str] = []
    for lines in export.groups.values():
        if chunk and len(chunk) + len(lines) > size:
            yield chunk
            chunk = []
        chunk.extend(lines)
    if chunk:
        yield chunk


def push_export(export: Export, endpoint: str, graph: str | None = None, replace: bool = False,
                chunk_size: int = 50_000, timeout: float = 300.0,
                progress: Callable[[int, int], None] | None = None) -> PushReport:
    """Upload an export: PUT the first chunk with `replace` (else POST), then POST the rest."""
    url = gsp_url(endpoint, graph)
    start, done, requests = time.perf_counter(), 0, 0
    batches = chunks(export, max(1, chunk_size))
    if replace and not len(export):
        batches = iter([[]])  # an empty PUT clears the graph
    for batch in batches:
        method = "PUT" if replace and requests == 0 else "POST"
        try:
            _send(url, method, _nt_bytes(batch), timeout)
        except PushError as exc:
            raise PushError(f"{exc} (after {done} of {len(export)} triples)" if done else str(exc)) from None
        done, requests = done + len(batch), requests + 1
        if progress is not None:
            progress(done, len(export))
    return PushReport(url, done, requests, time.perf_counter() - start)


def _send(url: str, method: str, body: bytes, timeout: float) -> None:
    request = urllib.request.Request(url, data=body, method=method,
                                     headers={"Content-Type": "application/n-triples"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
    except urllib.error.HTTPError as exc:
        raise PushError(f"{method} {url}: HTTP {exc.code} {exc.reason}: {_server_message(exc)}") from None
    except urllib.error.URLError as exc:
        raise PushError(f"cannot reach {url}: {_reason(exc.reason)}") from None
    except (OSError, http.client.HTTPException) as exc:
        raise PushError(f"{method} {url}: {_reason(exc)}") from None


def _server_message(exc: urllib.error.HTTPError) -> str:
    try:
        text = exc.read(2000).decode("utf-8", "replace")
    except OSError:
        text = ""
    return " ".join(text.split())[:300] or "(no message)"


def _reason(reason: object) -> str:
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused (is the SPARQL server running?)"
    if isinstance(reason, TimeoutError):
        return "timed out"
    return " ".join(str(reason).split()) or type(reason).__name__
