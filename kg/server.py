"""A read-only SPARQL 1.1 Protocol endpoint over one RDF graph, on the standard library's HTTP server.

Reads: an rdflib Graph, or anything with `to_rdf()` (a `KnowledgeGraph`). Writes: nothing.
`GET /sparql?query=...`, `POST /sparql` with `application/sparql-query` or a form `query=...`.
Answers are negotiated by `Accept`: SELECT/ASK as SPARQL JSON, XML, CSV or
TSV; CONSTRUCT/DESCRIBE as Turtle, N-Triples, JSON-LD or RDF/XML. Updates, SERVICE and FROM are
refused; each query runs in a worker thread under a time limit and a result-size limit.
"""

from __future__ import annotations

import io
import ipaddress
import logging
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from rdflib import Graph, Literal, Variable
from rdflib.plugins.sparql.algebra import translateQuery
from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue
from rdflib.plugins.sparql.sparql import Query
from rdflib.query import Result
from rdflib.term import Node

from kg.errors import KGError
from kg.vocab import PREFIXES

log = logging.getLogger(__name__)
DEFAULT_HOST, DEFAULT_PORT, PATH = "127.0.0.1", 7878, "/sparql"


class ServeError(KGError):
    """The endpoint cannot start (port in use, bad address)."""


@dataclass(frozen=True)
class Limits:
    """Per-query limits: seconds, rows (or triples), query size, concurrently running queries."""

    timeout: float = 10.0
    max_rows: int = 10_000
    max_query_bytes: int = 100_000
    workers: int = 4


class HTTPProblem(Exception):
    """A refusal: HTTP status and a one-line message for the client."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


@dataclass
class Answer:
    """What a query produced: SELECT rows, an ASK boolean or a CONSTRUCT/DESCRIBE graph."""

    kind: str
    variables: list[str] = field(default_factory=list)
    rows: list[tuple[Node | None, ...]] = field(default_factory=list)
    boolean: bool | None = None
    graph: Graph | None = None


class _Cancelled(Exception):
    pass


class _GuardedGraph(Graph):
    """The served graph, seen through a triple scan that stops once its query is cancelled."""

    def __init__(self, base: Graph, cancel: threading.Event) -> None:
        super().__init__(store=base.store, identifier=base.identifier, namespace_manager=base.namespace_manager)
        self._cancel = cancel

    def triples(self, triple: Any) -> Iterator[Any]:  # type: ignore[override]
        for t in super().triples(triple):
            if self._cancel.is_set():
                raise _Cancelled
            yield t


class Endpoint:
    """Parses, checks and runs queries over one graph; shared by every request thread."""

    def __init__(self, graph: Graph, limits: Limits = Limits()) -> None:
        self.graph, self.limits = graph, limits
        self._parse_lock = threading.Lock()  # pyparsing grammars are not thread-safe
        self._slots = threading.BoundedSemaphore(limits.workers)

    def answer(self, text: str, accept: str | None) -> tuple[str, bytes]:
        """Media type and body of the answer to `text`, or an HTTPProblem."""
        if len(text.encode("utf-8")) > self.limits.max_query_bytes:
            raise HTTPProblem(413, f"query longer than {self.limits.max_query_bytes} bytes")
        query = self.prepare(text)
        kind = query.algebra.name.replace("Query", "").upper()
        media, render = negotiate("graph" if kind in ("CONSTRUCT", "DESCRIBE") else "results", accept)
        return media, render(self.execute(query))

    def prepare(self, text: str) -> Query:
        """Parse and translate; updates get 403, SERVICE/FROM 403, syntax errors 400 with the parser's message."""
        with self._parse_lock:
            try:
                tree = parseQuery(text)
            except Exception as exc:  # pyparsing raises several exception types
                if looks_like_update(text):
                    raise HTTPProblem(403, "read-only endpoint: SPARQL Update is refused") from None
                if _SERVICE.search(text):
                    raise HTTPProblem(403, _NO_SERVICE) from None
                raise HTTPProblem(400, f"malformed query: {' '.join(str(exc).split())}") from None
            refuse_unsafe(tree)
            try:
                return translateQuery(tree, initNs=dict(PREFIXES))
            except Exception as exc:  # e.g. an undeclared prefix
                raise HTTPProblem(400, f"malformed query: {' '.join(str(exc).split())}") from None

    def execute(self, query: Query) -> Answer:
        """Run in a worker thread; 503 when the time limit passes (the worker is told to stop)."""
        deadline = time.monotonic() + self.limits.timeout
        if not self._slots.acquire(timeout=self.limits.timeout):
            raise HTTPProblem(503, "endpoint busy: every query worker is in use; try again")
        box: dict[str, Any] = {}
        cancel, done = threading.Event(), threading.Event()

        def work() -> None:
            try:
                box["answer"] = self._run(query, cancel)
            except BaseException as exc:  # handed to the request thread below
                box["error"] = exc
            finally:
                self._slots.release()
                done.set()

        threading.Thread(target=work, name="kg-sparql-query", daemon=True).start()
        if not done.wait(max(0.0, deadline - time.monotonic())):
            cancel.set()
            raise HTTPProblem(503, f"query exceeded the time limit of {self.limits.timeout:g} s")
        error = box.get("error")
        if isinstance(error, HTTPProblem):
            raise error
        if error is not None:
            raise HTTPProblem(500, f"query failed: {' '.join(str(error).split()) or type(error).__name__}")
        return box["answer"]

    def _run(self, query: Query, cancel: threading.Event) -> Answer:
        result = _GuardedGraph(self.graph, cancel).query(query)
        limit = self.limits.max_rows
        if result.type == "ASK":
            return Answer("ASK", boolean=bool(result.askAnswer))
        if result.type in ("CONSTRUCT", "DESCRIBE"):
            assert result.graph is not None
            if len(result.graph) > limit:
                raise HTTPProblem(500, f"result too large: more than {limit} triples (add a LIMIT)")
            return Answer(result.type, graph=result.graph)
        rows = []
        for row in result:
            if len(rows) >= limit:
                raise HTTPProblem(500, f"result too large: more than {limit} rows (add a LIMIT)")
            rows.append(tuple(row))  # type: ignore[arg-type]
        return Answer("SELECT", variables=[str(v) for v in result.vars or []], rows=rows)


class _Handler(BaseHTTPRequestHandler):
    """GET/POST /sparql; every refusal is a status code and a one-line text/plain message."""

    server: SparqlServer
    server_version = "kg-sparql/0.1"
    timeout = 30  # seconds a client may take to send its request

    def do_GET(self) -> None:  # noqa: N802 - http.server naming
        self._respond(lambda: parse_qs(urlsplit(self.path).query, keep_blank_values=True))

    def do_POST(self) -> None:  # noqa: N802
        self._respond(self._post_params)

    def do_OPTIONS(self) -> None:  # noqa: N802 - CORS preflight (YASGUI in a browser)
        self.send_response(204)
        self._common_headers()
        self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "Content-Type, Accept")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _post_params(self) -> dict[str, list[str]]:
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            raise HTTPProblem(411, "a POST needs a Content-Length")
        if int(length) > self.server.endpoint.limits.max_query_bytes:
            raise HTTPProblem(413, f"request body longer than {self.server.endpoint.limits.max_query_bytes} bytes")
        body = self.rfile.read(int(length)).decode(self.headers.get_content_charset() or "utf-8", "replace")
        ctype = self.headers.get_content_type()
        params = parse_qs(urlsplit(self.path).query, keep_blank_values=True)
        if ctype == "application/sparql-query":
            return {**params, "query": [body]}
        if ctype == "application/x-www-form-urlencoded":
            return {**params, **parse_qs(body, keep_blank_values=True)}
        if ctype in UPDATE_TYPES:
            raise HTTPProblem(403, "read-only endpoint: SPARQL Update is refused")
        raise HTTPProblem(415, f"unsupported Content-Type {ctype!r}: use application/sparql-query "
                               "or application/x-www-form-urlencoded")

    def _respond(self, read: Callable[[], dict[str, list[str]]]) -> None:
        try:
            path = urlsplit(self.path).path.rstrip("/")
            if path != PATH:
                raise HTTPProblem(404, f"not found; the SPARQL endpoint is {PATH}")
            params = read()
            media, body = self.server.endpoint.answer(_one(params, "query"), self.headers.get("Accept"))
            self._send(200, media, body)
        except HTTPProblem as problem:
            self._send(problem.status, "text/plain; charset=utf-8", (problem.message + "\n").encode("utf-8"))

    def _send(self, status: int, media: str, body: bytes) -> None:
        self.send_response(status)
        self._common_headers()
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _common_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cache-Control", "no-store")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server signature
        log.info("%s %s", self.address_string(), format % args)


def _one(params: dict[str, list[str]], name: str) -> str:
    if params.get("update"):
        raise HTTPProblem(403, "read-only endpoint: SPARQL Update is refused")
    for unsupported in ("default-graph-uri", "named-graph-uri"):
        if params.get(unsupported):
            raise HTTPProblem(400, f"{unsupported} is not supported: this endpoint serves one graph")
    values = params.get(name) or []
    if len(values) != 1 or not values[0].strip():
        raise HTTPProblem(400, f"give exactly one non-empty '{name}' parameter")
    return values[0]


class SparqlServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that answers SPARQL at /sparql."""

    daemon_threads = True
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], endpoint: Endpoint) -> None:
        self.endpoint = endpoint
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        host = f"[{host}]" if ":" in str(host) else host
        return f"http://{host}:{port}{PATH}"


def make_server(source: Any, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                limits: Limits = Limits()) -> SparqlServer:
    """A bound (not yet serving) endpoint over `source` (an rdflib Graph or a KnowledgeGraph)."""
    graph = source if isinstance(source, Graph) else source.to_rdf()
    try:
        return SparqlServer((host, port), Endpoint(graph, limits))
    except OSError as exc:
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def serve(source: Any, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, limits: Limits = Limits(),
          on_ready: Callable[[str], None] | None = None) -> None:
    """Serve until Ctrl-C; `on_ready(url)` is called once the port is bound."""
    server = make_server(source, host, port, limits)
    if on_ready:
        on_ready(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


class BackgroundServer:
    """An endpoint serving from a daemon thread (for tests and notebooks); `stop()` or use `with`."""

    def __init__(self, server: SparqlServer) -> None:
        self.server = server
        self.url = server.url
        self._thread = threading.Thread(target=server.serve_forever, name="kg-sparql-server", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join()

    def __enter__(self) -> BackgroundServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_background(source: Any, host: str = DEFAULT_HOST, port: int = 0,
                     limits: Limits = Limits()) -> BackgroundServer:
    """Start an endpoint in a background thread; port 0 picks a free ephemeral port."""
    return BackgroundServer(make_server(source, host, port, limits))


def is_loopback(host: str) -> bool:
    """True for localhost and loopback addresses (the only safe default)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# --- safety checks -------------------------------------------------------------------

UPDATE_TYPES = ("application/sparql-update",)
# Linear: the prefix name cannot contain "<" or white space, so each PREFIX clause matches one way only.
_UPDATE_WORDS = re.compile(r"^\s*(?:(?:PREFIX\s+[^\s<]*\s*<[^>]*>|BASE\s*<[^>]*>)\s*)*"
                           r"(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD|WITH)\b", re.I)
_COMMENT = re.compile(r"(?m)^[ \t]*#.*$")  # [ \t], not \s: \s spans newlines and goes quadratic
_SERVICE = re.compile(r"\bSERVICE\s+(?:SILENT\s+)?[<?$]", re.I)
_NO_SERVICE = "SERVICE is refused: this endpoint does not query other endpoints"


def looks_like_update(text: str) -> bool:
    """An update request (even a malformed one): parses as SPARQL Update or starts with an update verb."""
    if _UPDATE_WORDS.match(_COMMENT.sub("", text)):
        return True
    try:
        parseUpdate(text)
    except Exception:  # not an update either: the query's own parse error is reported
        return False
    return True


def refuse_unsafe(tree: Any) -> None:
    """403 for SERVICE (rdflib would fetch remote endpoints) and FROM / FROM NAMED (remote loads)."""
    for node in _walk(tree):
        if node.name == "ServiceGraphPattern":
            raise HTTPProblem(403, _NO_SERVICE)
        if "datasetClause" in node:
            raise HTTPProblem(403, "FROM / FROM NAMED are refused: this endpoint serves one graph")


def _walk(x: Any) -> Iterator[CompValue]:
    if isinstance(x, CompValue):
        yield x
        for v in x.values():
            yield from _walk(v)
    elif isinstance(x, (list, tuple)) or type(x).__name__ == "ParseResults":
        for v in x:
            yield from _walk(v)


# --- content negotiation ----------------------------------------------------------------

_RESULTS = {"application/sparql-results+json": "json", "application/json": "json",
            "application/sparql-results+xml": "xml", "application/xml": "xml", "text/xml": "xml",
            "text/csv": "csv", "text/tab-separated-values": "tsv"}
_GRAPHS = {"text/turtle": "turtle", "application/x-turtle": "turtle", "application/n-triples": "nt",
           "text/plain": "nt", "application/ld+json": "json-ld", "application/json": "json-ld",
           "application/rdf+xml": "xml", "application/xml": "xml"}


def negotiate(family: str, accept: str | None) -> tuple[str, Callable[[Answer], bytes]]:
    """(media type, renderer) for a 'results' or 'graph' answer by `Accept`; 406 when nothing fits."""
    table = _RESULTS if family == "results" else _GRAPHS
    media = _pick(accept, table)
    name = table[media]
    if family == "graph":
        return f"{media}; charset=utf-8", lambda a: a.graph.serialize(format=name, encoding="utf-8")  # type: ignore
    return f"{media}; charset=utf-8", lambda a: _render_results(a, name)


def _pick(accept: str | None, table: dict[str, str]) -> str:
    """The offered media type the client prefers (q-values, wildcards); the first offered for */*."""
    ranges = []
    for i, part in enumerate((accept or "*/*").split(",")):
        media, _, params = part.strip().partition(";")
        q = re.search(r"q\s*=\s*([0-9.]+)", params)
        ranges.append((-float(q.group(1)) if q else -1.0, i, media.strip().lower()))
    for negq, _, media in sorted(ranges):
        if negq == 0:  # q=0: explicitly not acceptable
            continue
        if media in table:
            return media
        if media in ("*/*", "*") or media.endswith("/*"):
            prefix = "" if media in ("*/*", "*") else media[:-1]
            found = next((m for m in table if m.startswith(prefix)), None)
            if found:
                return found
    raise HTTPProblem(406, f"cannot answer as {accept!r}; offered: {', '.join(table)}")


def _render_results(a: Answer, name: str) -> bytes:
    if name == "tsv":
        return _tsv(a).encode("utf-8")
    if a.kind == "ASK" and name == "csv":
        return f"_askResult\r\n{str(a.boolean).lower()}\r\n".encode("utf-8")
    result = Result(a.kind)
    if a.kind == "ASK":
        result.askAnswer = a.boolean
    else:
        result.vars = [Variable(v) for v in a.variables]
        result.bindings = [{Variable(v): t for v, t in zip(a.variables, row) if t is not None} for row in a.rows]
    out = io.BytesIO()
    result.serialize(out, format=name, encoding="utf-8")
    return out.getvalue()


def _tsv(a: Answer) -> str:
    """SPARQL 1.1 TSV: `?var` header, terms in Turtle syntax, tabs and newlines escaped."""
    if a.kind == "ASK":
        return f"?_askResult\n{str(a.boolean).lower()}\n"
    lines = ["\t".join(f"?{v}" for v in a.variables)]
    lines += ["\t".join(_tsv_term(t) for t in row) for row in a.rows]
    return "\n".join(lines) + "\n"


def _tsv_term(t: Node | None) -> str:
    if t is None:
        return ""
    if not isinstance(t, Literal):
        return t.n3()
    text = str(t).replace("\\", "\\\\").replace('"', '\\"')
    text = text.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    suffix = f"@{t.language}" if t.language else f"^^<{t.datatype}>" if t.datatype else ""
    return f'"{text}"{suffix}'
