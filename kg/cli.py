"""The `kg` command line: each command parses options, calls the library, maps errors to one line."""

from __future__ import annotations

import functools
import sys
import time
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
            raise click.ClickException("interrupted; exports are never half-written (the previous set or the complete new one)") from None
        except MemoryError:
            raise click.ClickException("out of memory; try --jobs 1 or a smaller corpus "
                                       "(previous exports are left as they were)") from None

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def cli() -> None:
    """Build and explore a knowledge graph of ML papers from their abstracts."""


class ProgressLine:
    """`extracting 1200/18371 papers  520 papers/s  ETA 33 s` on stderr, only on a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.t0 = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if not self.enabled or (now - self.last < 0.2 and done < total):
            return
        self.last = now
        rate = done / max(now - self.t0, 1e-9)
        eta = (total - done) / rate if rate > 0 else 0.0
        sys.stderr.write(f"\rextracting {done}/{total} papers  {rate:,.0f} papers/s  ETA {eta:,.0f} s   ")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "-o", "out", default=None, type=click.Path(path_type=Path),
              help="Folder for graph.ttl, graph.jsonld and graph.html  [default: exports, or the --update folder]")
@click.option("--format", "formats", multiple=True, type=click.Choice(sorted(pipeline.EXPORT_NAMES)),
              help="Exports to write (repeatable); default: ttl, jsonld, html.")
@click.option("--update", "update", default=None, type=click.Path(file_okay=False, path_type=Path),
              help="Add PATHS to the graph in this export folder, re-extracting only new or changed papers.")
@click.option("--jobs", "-j", default=None, type=click.IntRange(min=1),
              help="Extraction processes (default: all cores).")
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Run extraction here or on a Dask cluster (pip install 'kg[dask]').")
@click.option("--scheduler", default=None, help="Dask scheduler address (default: a LocalCluster).")
@click.option("--spacy-model", default=None, help="An installed trained spaCy pipeline to use instead of blank English.")
@click.option("--skip-bad", is_flag=True, help="Skip malformed records with a warning instead of stopping.")
@click.option("--encoding", default=None, help="Text encoding of the inputs (default: UTF-8, or as a BOM says).")
@click.option("--dedupe", is_flag=True, help="Keep the first of papers with the same id and report the rest.")
@click.option("--store", "store", default=None, type=click.Path(file_okay=False, path_type=Path),
              help="Also load the graph into a persistent Oxigraph store here (for fast `kg query`).")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@user_errors
def build(paths: tuple[Path, ...], out: Path | None, formats: tuple[str, ...], update: Path | None,
          jobs: int | None, engine: str, scheduler: str | None, spacy_model: str | None,
          skip_bad: bool, encoding: str | None, dedupe: bool, store: Path | None, quiet: bool) -> None:
    """Build the graph of the corpus files and folders PATHS (txt, jsonl, json, csv, tsv, bib)."""
    out = out or update or Path("exports")
    kg = KnowledgeGraph.build(list(paths), model=spacy_model, skip_bad=skip_bad, encoding=encoding, dedupe=dedupe,
                              jobs=jobs, engine=engine, scheduler=scheduler, update=update,
                              progress=ProgressLine(not quiet))
    formats = formats or pipeline.DEFAULT_FORMATS
    written = kg.save(out, formats)
    if store is not None:
        from kg import oxigraph

        source = next((out / pipeline.EXPORT_NAMES[f] for f in ("nt", "ttl", "trig", "jsonld") if f in formats), None)
        if source is None:  # no RDF export asked for: write the Turtle the store is loaded from
            source = kg.save(out, ("ttl",))[0]
            written.append(source)
        oxigraph.write_store(store, source)
        written.append(store)
    report = kg.report
    assert report is not None
    if not quiet:
        for where, why in report.skipped:
            click.echo(f"skipped {where}: {why}", err=True)
        click.echo(report.summary())
        click.echo("wrote " + ", ".join(str(p) for p in written))


@cli.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("paper_ids", nargs=-1, required=True)
@click.option("--format", "formats", multiple=True, type=click.Choice(sorted(pipeline.EXPORT_NAMES)),
              help="Exports to rewrite (repeatable); default: ttl, jsonld, html.")
@user_errors
def remove(folder: Path, paper_ids: tuple[str, ...], formats: tuple[str, ...]) -> None:
    """Retract PAPER_IDS from the graph in export FOLDER, with everything only they supported."""
    kg = KnowledgeGraph.remove(folder, list(paper_ids))
    kg.save(folder, formats or pipeline.DEFAULT_FORMATS)
    click.echo(f"removed {len(paper_ids)} paper(s); {len(kg.records or [])} remain in {folder}")


@cli.command()
@click.argument("graph", type=click.Path(path_type=Path))
@click.argument("query", required=False)
@click.option("-f", "--file", "query_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Read the query from a .rq file.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--backend", type=click.Choice(["auto", "rdflib", "oxigraph"]), default="auto", show_default=True,
              help="SPARQL engine; auto uses Oxigraph for big graphs and stores when pyoxigraph is installed.")
@user_errors
def query(graph: Path, query: str | None, query_file: Path | None, fmt: str, backend: str) -> None:
    """Run a SPARQL QUERY (or -f FILE.rq) over GRAPH (an export file or a --store folder).

    The prefixes kg, res, rdf, rdfs, owl, xsd, skos, dcterms, prov and schema are predeclared.
    """
    if (query is None) == (query_file is None):
        raise click.UsageError("give a QUERY or -f FILE.rq (one of them)")
    text = query_file.read_text(encoding="utf-8") if query_file else query
    assert text is not None
    click.echo(format_result(run_sparql(graph, text, backend), fmt))


def run_sparql(graph: Path, text: str, backend: str = "auto") -> Any:
    """Query an export with rdflib, or with Oxigraph for stores and big files."""
    from kg import oxigraph

    is_store = oxigraph.is_store(graph)
    big = graph.is_file() and graph.stat().st_size > 5_000_000
    if backend == "oxigraph" or (backend == "auto" and oxigraph.available() and (is_store or big)):
        store = oxigraph.OxigraphStore(graph) if is_store else oxigraph.OxigraphStore().load(graph)
        return store.query(text)
    return KnowledgeGraph.load(graph).sparql(text)


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


@cli.command()
@click.argument("gold", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--corpus", "corpus", multiple=True, type=click.Path(path_type=Path),
              help="Corpus files/folders to build the graph from (repeatable).")
@click.option("--graph", "graph", type=click.Path(path_type=Path), help="Score an existing export instead.")
@click.option("--against", "against", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Score a second annotator's gold files instead of a graph (inter-annotator agreement).")
@click.option("--per-paper", is_flag=True, help="Print gold vs predicted for every paper and field.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--reliability", is_flag=True,
              help="Also print, per field, how often predictions of each confidence band are right.")
@click.option("--write-calibration", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write per-rule counts of right and wrong predictions (the format of "
                   "ontology/calibration/confidence.tsv) to this file.")
@user_errors
def evaluate(gold: tuple[Path, ...], corpus: tuple[Path, ...], graph: Path | None, against: tuple[Path, ...],
             per_paper: bool, fmt: str, reliability: bool, write_calibration: Path | None) -> None:
    """Score extraction against GOLD.jsonl files: precision / recall / F1 per field."""
    from contextlib import nullcontext

    from kg.calibration import heuristic_scores, write_counts
    from kg.evaluate import (annotations_as_predictions, calibration_counts, evaluate as run_eval, format_diffs,
                             format_reliability, format_scores, judged, read_gold, reliability as bands, score)

    if sum(map(bool, (corpus, graph, against))) != 1:
        raise click.UsageError("give --corpus INPUT..., --graph GRAPH or --against GOLD... (one of them)")
    if against and (reliability or write_calibration):
        raise click.UsageError("--reliability and --write-calibration need a graph: --corpus or --graph")
    items = fit_items = None
    if against:
        ev = score(read_gold(gold), annotations_as_predictions(read_gold(against)))
    else:
        # A table is fit on the rules the graph credits with the extractor's own scores: with the
        # shipped table on, which of two rules stating one relation wins would depend on the table
        # being replaced, and a second refit would not repeat the first.
        heuristic = bool(write_calibration and corpus and not reliability)
        with heuristic_scores() if heuristic else nullcontext():
            kg = KnowledgeGraph.load(graph) if graph else KnowledgeGraph.build(list(corpus))
        rdf, golds = kg.to_rdf(), read_gold(gold)
        ev = run_eval(rdf, golds)
        if reliability:
            items = judged(rdf, golds)
        if write_calibration:
            if graph or heuristic:  # an export keeps the rules it was built with
                fit_items = items if items is not None else judged(rdf, golds)
            else:  # --reliability reads the shipped table's scores: the fit needs a build of its own
                with heuristic_scores():
                    fit_items = judged(KnowledgeGraph.build(list(corpus)).to_rdf(), golds)
    if write_calibration and fit_items is not None:
        import shlex

        if any(not it.rule for it in fit_items):
            raise click.UsageError("the graph names no extraction rule (kg:extractedBy): it was made by an "
                                   "older kg; build it again to write a calibration table")

        args = ["evaluate", *map(str, gold), *(a for c in corpus for a in ("--corpus", str(c)))]
        args += ["--graph", str(graph)] if graph else []
        command = " ".join(shlex.quote(a) for a in args)
        write_counts(calibration_counts(fit_items), write_calibration,
                     f"Made by `kg {command} --write-calibration FILE` on {ev.papers} annotated abstracts.")
    if fmt == "json":
        import json

        payload: dict = {f: {"precision": s.precision, "recall": s.recall, "f1": s.f1, "tp": s.tp,
                             "fp": s.fp, "fn": s.fn} for f, s in ev.scores.items()}
        if reliability and items is not None:
            payload["reliability"] = {r.field: {"items": r.items, "ece": r.ece, "bands": [
                {"low": lo, "high": hi, "items": n, "correct": c, "mean_confidence": m} for lo, hi, n, c, m in r.bins]}
                for r in bands(items)}
        click.echo(json.dumps(payload, indent=1))
    else:
        click.echo(format_scores(ev))
    if per_paper:
        click.echo(format_diffs(ev))
    if reliability and items is not None and fmt != "json":
        click.echo(format_reliability(bands(items)))


@cli.command("export")
@click.argument("graph", type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["nt", "ttl"]), default="nt", show_default=True,
              help="N-Triples (sorted, one triple a line) or Turtle.")
@click.option("--shards", type=click.IntRange(min=1), default=None,
              help="Split N-Triples into N files graph-00000-of-0000N.nt for bulk loaders.")
@click.option("--out", "-o", "out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write graph.nt / graph.ttl or the shard files to.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@user_errors
def export_graph(graph: Path, fmt: str, shards: int | None, out: Path, quiet: bool) -> None:
    """Rewrite the export GRAPH (file or folder) as sorted N-Triples (optionally sharded) or Turtle."""
    import time

    from kg.push import load_export, write_shards, write_single

    if shards is not None and fmt != "nt":
        raise click.UsageError("--shards needs --format nt")
    start = time.perf_counter()
    export = load_export(graph)
    paths = write_shards(export, out, shards) if shards else [write_single(export, out, fmt)]
    if not quiet:
        where = paths[0] if len(paths) == 1 else f"{len(paths)} shard files in {out}"
        click.echo(f"wrote {len(export)} triples to {where} in {time.perf_counter() - start:.1f} s")


@cli.command()
@click.argument("graph", type=click.Path(exists=True, path_type=Path))
@click.option("--endpoint", required=True,
              help="Graph Store Protocol URL, e.g. http://localhost:7878/store (Oxigraph), "
                   "http://localhost:3030/DATASET/data (Fuseki).")
@click.option("--graph", "graph_iri", default=None, help="Named graph IRI to load into (default: the default graph).")
@click.option("--replace", is_flag=True, help="Replace the graph's content (HTTP PUT) instead of adding (POST).")
@click.option("--chunk-size", type=click.IntRange(min=1), default=50_000, show_default=True,
              help="Triples per request (a blank-node list is never split).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=300.0, show_default=True,
              help="Seconds to wait for each request.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@user_errors
def push(graph: Path, endpoint: str, graph_iri: str | None, replace: bool, chunk_size: int, timeout: float,
         quiet: bool) -> None:
    """Load the export GRAPH (file or folder) into a SPARQL 1.1 Graph Store Protocol server."""
    from kg.push import load_export, push_export

    def progress(done: int, total: int) -> None:
        click.echo(f"\rpushed {done}/{total} triples", err=True, nl=done == total)

    show = not quiet and sys.stderr.isatty()
    report = push_export(load_export(graph), endpoint, graph_iri, replace, chunk_size, timeout,
                         progress if show else None)
    if not quiet:
        click.echo(report.summary())


_GRAPH_OPTION = click.option("--graph", "-g", "graph", default=Path("exports/graph.ttl"), show_default=True,
                             type=click.Path(path_type=Path), help="The exported graph to read.")


@cli.command("trace")
@click.argument("name")
@_GRAPH_OPTION
@click.option("--direction", type=click.Choice(["baselines", "challengers", "both"]), default="both",
              show_default=True, help="What NAME was compared against, what was compared against it, or both.")
@click.option("--depth", type=click.IntRange(min=0), default=1, show_default=True,
              help="Follow comparison chains N steps (0: all; cycles are shown once and marked).")
@click.option("--format", "fmt", type=click.Choice(["tree", "table", "json"]), default="tree", show_default=True)
@click.option("--min-confidence", type=click.FloatRange(0.0, 1.0), default=0.0, show_default=True,
              help="Only comparisons a paper states at least this surely (the measured precision of the rule).")
@user_errors
def trace_command(name: str, graph: Path, direction: str, depth: int, fmt: str, min_confidence: float) -> None:
    """Trace comparisons of NAME (canonical name or alias): baselines and challengers, with evidence."""
    from kg.trace import format_trace

    click.echo(format_trace(KnowledgeGraph.load(graph).trace(name, direction, depth, min_confidence), fmt))


@cli.command()
@_GRAPH_OPTION
@click.option("--top", type=click.IntRange(min=0), default=25, show_default=True, help="Rows to show (0: all).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@user_errors
def baselines(graph: Path, top: int, fmt: str) -> None:
    """The most used baselines: entities compared against by the most distinct papers."""
    from kg.trace import format_baselines

    click.echo(format_baselines(KnowledgeGraph.load(graph).most_used_baselines(top or None), fmt))


@cli.command()
@click.argument("dataset")
@_GRAPH_OPTION
@click.option("--no-variants", is_flag=True, help="Only DATASET itself, not its variants (ImageNet-1k for ImageNet).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@user_errors
def leaderboard(dataset: str, graph: Path, no_variants: bool, fmt: str) -> None:
    """Methods evaluated on DATASET with their reported results (highest value first per metric)."""
    from kg.trace import format_leaderboard

    click.echo(format_leaderboard(KnowledgeGraph.load(graph).leaderboard(dataset, not no_variants), fmt))


@cli.command()
@click.argument("graph", default=Path("exports/graph.ttl"), type=click.Path(path_type=Path))
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind (loopback by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=7878, show_default=True)
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True,
              help="Seconds a query may run before the endpoint answers 503.")
@click.option("--max-rows", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Largest answer (rows, or triples for CONSTRUCT/DESCRIBE).")
@user_errors
def serve(graph: Path, host: str, port: int, timeout: float, max_rows: int) -> None:
    """Serve GRAPH read-only as a SPARQL 1.1 endpoint at http://HOST:PORT/sparql (Ctrl-C stops)."""
    import logging

    from kg.server import Limits, is_loopback, serve as run_server

    kg = KnowledgeGraph.load(graph)
    if not is_loopback(host):
        click.echo(f"warning: binding {host}: the endpoint is reachable from other machines", err=True)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    run_server(kg, host, port, Limits(timeout=timeout, max_rows=max_rows),
               on_ready=lambda url: click.echo(f"SPARQL endpoint at {url} (read-only; Ctrl-C to stop)"))


@cli.command()
@click.argument("graph", type=click.Path(path_type=Path))
@click.option("--out", "-o", default=Path("view.html"), show_default=True,
              type=click.Path(dir_okay=False, path_type=Path), help="HTML file to write (one self-contained page).")
@click.option("--focus", default=None, help="Keep only the neighbourhood of this node: entity name or alias, paper id or title.")
@click.option("--depth", type=click.IntRange(min=0), default=None, help="Hops around --focus, either direction  [default: 1]")
@click.option("--types", default=None,
              help="Comma-separated node types to keep: paper, method, dataset, benchmark, task, metric, result.")
@click.option("--only", type=click.Choice(["comparisons"]), default=None,
              help="'comparisons': only methods and their compared-with edges (arrow to the baseline).")
@click.option("--title", default=None, help="Page title (default: describes the view).")
@user_errors
def viz(graph: Path, out: Path, focus: str | None, depth: int | None, types: str | None, only: str | None,
        title: str | None) -> None:
    """Write an interactive, offline HTML explorer of GRAPH, or of a filtered view of it."""
    from kg.atomic import write_atomic
    from kg.visualize import ViewError, view, write_html

    if depth is not None and focus is None:
        raise click.UsageError("--depth needs --focus")
    depth = 1 if depth is None else depth
    kinds = types.split(",") if types is not None else None
    G = view(KnowledgeGraph.load(graph).to_networkx(), focus=focus, depth=depth, types=kinds,
             only_comparisons=only == "comparisons")
    if G.number_of_nodes() == 0:
        raise ViewError("the view is empty: no node matches these filters")
    parts = [f"kg: {graph.name}"]
    parts += [f"around {focus} (depth {depth})"] if focus else []
    parts += [types] if types else []
    parts += ["comparisons only"] if only else []
    write_atomic(out, write_html(G, out, title or " · ".join(parts)))
    n, m = G.number_of_nodes(), G.number_of_edges()
    click.echo(f"wrote {out}: {n} node{'s' * (n != 1)}, {m} edge{'s' * (m != 1)}")
