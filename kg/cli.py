"""The `kg` command line: each command parses options, calls the library, maps errors to one line."""

from __future__ import annotations

import functools
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from kg import pipeline
from kg.api import KnowledgeGraph
from kg.errors import KGError
from kg.sparql import format_result


def user_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn kg's domain errors into one clear line and exit 1; never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except KGError as exc:
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:
            raise click.ClickException("interrupted; previous exports are left as they were") from None

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def cli() -> None:
    """Build and explore a knowledge graph of ML papers from their abstracts."""


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "-o", "out", default="exports", show_default=True, type=click.Path(path_type=Path),
              help="Folder for graph.ttl, graph.jsonld and graph.html.")
@click.option("--format", "formats", multiple=True, type=click.Choice(sorted(pipeline.EXPORT_NAMES)),
              help="Exports to write (repeatable); default: ttl, jsonld, html.")
@click.option("--spacy-model", default=None, help="An installed trained spaCy pipeline to use instead of blank English.")
@click.option("--skip-bad", is_flag=True, help="Skip malformed records with a warning instead of stopping.")
@click.option("--encoding", default=None, help="Text encoding of the inputs (default: UTF-8, or as a BOM says).")
@click.option("--dedupe", is_flag=True, help="Keep the first of papers with the same id and report the rest.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@user_errors
def build(paths: tuple[Path, ...], out: Path, formats: tuple[str, ...], spacy_model: str | None,
          skip_bad: bool, encoding: str | None, dedupe: bool, quiet: bool) -> None:
    """Build the graph of the corpus files and folders PATHS (txt, jsonl, json, csv, tsv, bib)."""
    kg = KnowledgeGraph.build(list(paths), model=spacy_model, skip_bad=skip_bad, encoding=encoding, dedupe=dedupe)
    written = kg.save(out, formats or pipeline.DEFAULT_FORMATS)
    report = kg.report
    assert report is not None
    if not quiet:
        for where, why in report.skipped:
            click.echo(f"skipped {where}: {why}", err=True)
        click.echo(report.summary())
        click.echo("wrote " + ", ".join(str(p) for p in written))


@cli.command()
@click.argument("graph", type=click.Path(path_type=Path))
@click.argument("query", required=False)
@click.option("-f", "--file", "query_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Read the query from a .rq file.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@user_errors
def query(graph: Path, query: str | None, query_file: Path | None, fmt: str) -> None:
    """Run a SPARQL QUERY (or -f FILE.rq) over GRAPH; kg, rdfs, skos, dcterms, prov are predeclared."""
    if (query is None) == (query_file is None):
        raise click.UsageError("give a QUERY or -f FILE.rq (one of them)")
    text = query_file.read_text(encoding="utf-8") if query_file else query
    assert text is not None
    result = KnowledgeGraph.load(graph).sparql(text)
    click.echo(format_result(result, fmt))


@cli.command()
@click.argument("graph", type=click.Path(path_type=Path))
@user_errors
def stats(graph: Path) -> None:
    """Count papers, entities per type and relations per type in GRAPH."""
    G = KnowledgeGraph.load(graph).to_networkx()
    kinds = Counter(d.get("kind") for _, d in G.nodes(data=True))
    paper_rel = Counter(k for _, _, k, d in G.edges(keys=True, data=True) if d.get("level") == "paper")
    method_rel = Counter(k for _, _, k, d in G.edges(keys=True, data=True) if d.get("level") == "method")
    click.echo(f"papers: {kinds.pop('Paper', 0)}")
    results = kinds.pop("Result", 0)
    click.echo("entities:")
    for kind in ("Method", "Dataset", "Benchmark", "Task", "Metric"):
        click.echo(f"  {kind:<10} {kinds.get(kind, 0)}")
    click.echo(f"results: {results}")
    click.echo("paper-level relations:")
    for rel, n in sorted(paper_rel.items()):
        click.echo(f"  {rel:<14} {n}")
    click.echo("method-level relations:")
    for rel, n in sorted(method_rel.items()):
        click.echo(f"  {rel:<14} {n}")


def main() -> None:  # pragma: no cover - console entry point wrapper
    sys.exit(cli())
