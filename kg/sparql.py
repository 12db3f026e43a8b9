"""Run SPARQL over an RDF graph with kg's prefixes predeclared; format the answers."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

from kg.errors import QueryError
from kg.vocab import PREFIXES


@dataclass
class QueryResult:
    """Answers of one query: SELECT rows, an ASK boolean, or a CONSTRUCT graph."""

    kind: str  # "SELECT" | "ASK" | "CONSTRUCT" | "DESCRIBE"
    variables: list[str] = field(default_factory=list)
    rows: list[tuple[Node | None, ...]] = field(default_factory=list)
    boolean: bool | None = None
    graph: Graph | None = None


def run_query(g: Graph, query: str) -> QueryResult:
    """Run a read-only query; a syntax error becomes one clear `QueryError` line."""
    try:
        result = g.query(query, initNs=dict(PREFIXES))
        kind = result.type
        if kind == "ASK":
            return QueryResult(kind, boolean=bool(result.askAnswer))
        if kind in ("CONSTRUCT", "DESCRIBE"):
            return QueryResult(kind, graph=result.graph)
        variables = [str(v) for v in (result.vars or [])]
        rows = [tuple(row) for row in result]
    except QueryError:
        raise
    except Exception as exc:  # rdflib raises pyparsing/evaluation errors of many types
        raise QueryError(f"SPARQL error: {_one_line(exc)}") from None
    return QueryResult(kind, variables, rows)


def _one_line(exc: Exception) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def term_text(term: Node | None, g: Graph | None = None) -> str:
    """Compact text of a term: prefixed IRI when a prefix fits, plain literal value."""
    if term is None:
        return ""
    if isinstance(term, URIRef):
        for prefix, ns in PREFIXES.items():
            if str(term).startswith(str(ns)) and prefix != "res":
                return f"{prefix}:{str(term)[len(str(ns)):]}"
        return str(term)
    if isinstance(term, BNode):
        return f"_:{term}"
    if isinstance(term, Literal):
        return str(term)
    return str(term)


def format_result(res: QueryResult, fmt: str = "table") -> str:
    """Render answers as an aligned table, CSV or SPARQL 1.1 JSON results."""
    if res.kind == "ASK":
        return json.dumps({"head": {}, "boolean": res.boolean}) if fmt == "json" else str(res.boolean).lower()
    if res.graph is not None:
        return res.graph.serialize(format="json-ld" if fmt == "json" else "turtle")
    if fmt == "json":
        return json.dumps(_json_results(res), indent=1, ensure_ascii=False)
    cells = [[term_text(t) for t in row] for row in res.rows]
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(res.variables)
        writer.writerows(cells)
        return out.getvalue().rstrip("\n")
    return _table(res.variables, cells)


def _table(header: list[str], cells: list[list[str]]) -> str:
    cells = [[c.replace("\n", " ") for c in row] for row in cells]
    widths = [min(60, max([len(h)] + [len(r[i]) for r in cells])) for i, h in enumerate(header)]

    def line(values: list[str]) -> str:
        return "  ".join(_fit(v, w) for v, w in zip(values, widths)).rstrip()

    rows = [line(header), line(["-" * w for w in widths])] + [line(r) for r in cells]
    rows.append(f"({len(cells)} row{'s' if len(cells) != 1 else ''})")
    return "\n".join(rows)


def _fit(value: str, width: int) -> str:
    return (value[: width - 1] + "…") if len(value) > width else value.ljust(width)


def _json_results(res: QueryResult) -> dict:
    bindings = []
    for row in res.rows:
        b = {}
        for var, term in zip(res.variables, row):
            if term is None:
                continue
            if isinstance(term, URIRef):
                b[var] = {"type": "uri", "value": str(term)}
            elif isinstance(term, BNode):
                b[var] = {"type": "bnode", "value": str(term)}
            else:
                lit: dict = {"type": "literal", "value": str(term)}
                if term.language:
                    lit["xml:lang"] = term.language
                elif term.datatype:
                    lit["datatype"] = str(term.datatype)
                b[var] = lit
        bindings.append(b)
    return {"head": {"vars": res.variables}, "results": {"bindings": bindings}}
