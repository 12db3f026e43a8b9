"""The one place that chains the stages: corpus -> NLP -> extract -> resolve -> graph -> exports.

Extraction is the expensive stage and is per paper, so it is the one that runs
in parallel (`jobs` processes, or a Dask cluster) and the one that is cached
for incremental builds. Resolution and graph assembly are global and cheap and
always run over every record, so an updated graph equals a full rebuild.
"""

from __future__ import annotations

import functools
import gc
import io
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, BinaryIO

import networkx as nx

from kg import rdf, serialize
from kg.atomic import Content, folder_lock, frozen_gc, write_all_atomic, write_parts
from kg.errors import CorpusError, KGError
from kg.graph import build_graph
from kg.ingest import ReadReport, read_corpus
from kg.model import Paper, PaperRecord
from kg.records import CACHE_FILE, RecordCache, cache_member, load_cache, paper_key
from kg.resolve import resolve
from kg.text import clean_latex
from kg.visualize import overview, write_html
from kg.vocab import PREFIXES, RES

DEFAULT_FORMATS = ("ttl", "jsonld", "html")
EXPORT_NAMES = {"ttl": "graph.ttl", "nt": "graph.nt", "jsonld": "graph.jsonld", "trig": "graph.trig",
                "html": "graph.html"}
CHUNK = 128  # papers a task: large enough to amortise inter-process traffic
PARALLEL_SUBJECTS = 50_000  # RDF subjects above which the exports are written by two processes
Progress = Callable[[int, int], None]


@dataclass
class BuildReport:
    """What a build did, for the one-line summary: nothing is dropped silently."""

    files: list[str] = field(default_factory=list)
    read: int = 0
    built: int = 0
    reused: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    repaired: list[tuple[str, str]] = field(default_factory=list)  # records whose text had to be cleaned
    entities: int = 0
    relations: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        reused = f" ({self.reused} from cache)" if self.reused else ""
        repaired = f"; repaired {len(self.repaired)}" if self.repaired else ""
        return (f"read {self.read} papers from {len(self.files)} file(s); built {self.built}{reused}; "
                f"skipped {len(self.skipped)}{repaired}; {self.entities} entities, {self.relations} relations "
                f"in {self.seconds:.1f} s")


# --- extraction -------------------------------------------------------------------

@functools.cache
def load_nlp(model: str | None = None) -> Any:
    """The extraction pipeline (blank English + kg components, or a user's trained one), built
    once per process and model.

    Building it tokenizes tens of thousands of gazetteer and cue patterns (seconds), while its
    components keep nothing from one document to the next; so a second build in the same process
    (a notebook, a test suite, the parent of forked workers) reuses it. `load_nlp.cache_clear()`
    frees it.
    """
    from kg.nlp import build_nlp

    return build_nlp(model)


def extract_records(papers: Iterable[Paper], nlp: Any, batch_size: int = 64) -> Iterator[PaperRecord]:
    """Stream papers through spaCy in batches; no Doc outlives its record."""
    from kg.extract import extract
    from kg.nlp.tokens import release

    def items() -> Iterator[tuple[str, tuple]]:
        for paper in papers:
            clean = clean_latex(paper.abstract)
            yield clean.text, (paper, clean)

    for doc, (paper, clean) in nlp.pipe(items(), as_tuples=True, batch_size=batch_size):
        record = extract(doc, paper, clean)
        release(doc)  # the shared token list refers back to the Doc: no cycle left for the collector
        yield record


Extracted = tuple[PaperRecord, bytes]  # a record and its compressed cache line (records.cache_member)


def extract_chunk(papers: list[Paper], model: str | None = None) -> list[Extracted]:
    """Extract one chunk in a worker process (the pipeline is loaded once per process).

    The cache line is encoded here, in parallel, rather than by the parent at the end.
    """
    return list(_extracted(papers, load_nlp(model)))


def _extracted(papers: Iterable[Paper], nlp: Any) -> Iterator[Extracted]:
    for rec in extract_records(papers, nlp):
        yield rec, cache_member(rec)


def _chunks(papers: Sequence[Paper], size: int = CHUNK) -> Iterator[list[Paper]]:
    for i in range(0, len(papers), size):
        yield list(papers[i : i + size])


def extract_all(papers: Sequence[Paper], *, model: str | None = None, jobs: int | None = None,
                engine: str = "local", scheduler: str | None = None,
                progress: Progress | None = None) -> list[Extracted]:
    """Extract every paper: in-process, in `jobs` processes, or on a Dask cluster."""
    if engine == "dask":
        return _extract_dask(papers, model, scheduler, progress)
    if engine != "local":
        raise KGError(f"unknown engine {engine!r} (choose local or dask)")
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or len(papers) <= CHUNK:
        out = []
        for item in _extracted(papers, load_nlp(model)):
            out.append(item)
            if progress and len(out) % 32 == 0:
                progress(len(out), len(papers))
        if progress:
            progress(len(out), len(papers))
        return out
    return _extract_processes(papers, model, jobs, progress)


def _extract_processes(papers: Sequence[Paper], model: str | None, jobs: int,
                       progress: Progress | None) -> list[Extracted]:
    """A bounded number of chunks in flight, results kept in input order."""
    out: list[Extracted] = []
    pending: list[Future[list[Extracted]]] = []
    chunks = _chunks(papers)
    ctx = get_context("fork") if os.name == "posix" else None  # workers inherit the loaded code
    if ctx is not None:
        load_nlp(model)  # loaded once here and shared by the forked workers
    with frozen_gc(), ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        for chunk in chunks:
            pending.append(pool.submit(extract_chunk, chunk, model))
            while len(pending) >= 2 * jobs:
                out.extend(pending.pop(0).result())
                gc.freeze()  # received records live to the end: keep them out of later collections
                if progress:
                    progress(len(out), len(papers))
        for fut in pending:
            out.extend(fut.result())
            if progress:
                progress(len(out), len(papers))
    return out


def _extract_dask(papers: Sequence[Paper], model: str | None, scheduler: str | None,
                  progress: Progress | None) -> list[Extracted]:
    """Partitions on a dask.distributed cluster (a LocalCluster when no address is given)."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise KGError("the dask engine needs dask.distributed: pip install 'kg[dask]'") from None
    cluster = None if scheduler else LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                                  dashboard_address=None)
    try:
        with Client(scheduler or cluster) as client:
            futures = [client.submit(extract_chunk, chunk, model, pure=False) for chunk in _chunks(papers)]
            index = {f.key: i for i, f in enumerate(futures)}
            parts: list[list[Extracted]] = [[] for _ in futures]
            done = 0
            for fut in as_completed(futures):
                parts[index[fut.key]] = fut.result()
                done += len(parts[index[fut.key]])
                if progress:
                    progress(done, len(papers))
    except OSError as exc:
        raise KGError(f"cannot reach the Dask scheduler {scheduler}: {exc}") from None
    finally:
        if cluster is not None:
            cluster.close()
    return [rec for part in parts for rec in part]


# --- building ---------------------------------------------------------------------

def read(paths: Sequence[str | Path], *, skip_bad: bool = False, encoding: str | None = None,
         dedupe: bool = False) -> tuple[list[Paper], ReadReport]:
    """Every paper of the inputs (text only; Docs are made later, chunk by chunk)."""
    report = ReadReport()
    papers = list(read_corpus(paths, skip_bad=skip_bad, encoding=encoding, dedupe=dedupe, report=report))
    if not papers:
        raise CorpusError("no abstracts found in " + ", ".join(map(str, paths)))
    return papers, report


def assemble(records: Sequence[PaperRecord]) -> nx.MultiDiGraph:
    """Resolve entities across all records and build the graph."""
    return build_graph(records, resolve(records))


def build(
    paths: Sequence[str | Path],
    *,
    model: str | None = None,
    skip_bad: bool = False,
    encoding: str | None = None,
    dedupe: bool = False,
    jobs: int | None = None,
    engine: str = "local",
    scheduler: str | None = None,
    update: str | Path | None = None,
    progress: Progress | None = None,
) -> tuple[nx.MultiDiGraph, RecordCache, BuildReport]:
    """Read, extract (reusing `update`'s cache), resolve and assemble the graph of a corpus.

    The records are dropped once the graph is built (their compressed cache lines are
    kept for the record cache): at 100,000 papers they would double the memory of
    the export stage.
    """
    t0 = time.perf_counter()
    with frozen_gc():  # on leaving, everything kept goes back under the collector (a dropped graph is collected)
        return _build(paths, model, skip_bad, encoding, dedupe, jobs, engine, scheduler, update, progress, t0)


def _build(paths: Sequence[str | Path], model: str | None, skip_bad: bool, encoding: str | None, dedupe: bool,
           jobs: int | None, engine: str, scheduler: str | None, update: str | Path | None,
           progress: Progress | None, t0: float) -> tuple[nx.MultiDiGraph, RecordCache, BuildReport]:
    """The stages of `build`. Each stage's output lives to the end of the build, so it is frozen
    (`gc.freeze`, inside `build`'s `frozen_gc`) once made: later collections no longer rescan
    millions of long-lived objects, which took ~15% of the build."""
    papers, read_report = read(paths, skip_bad=skip_bad, encoding=encoding, dedupe=dedupe)
    gc.freeze()
    cache = load_cache(update) if update is not None else {}
    fresh, reused = [], {}
    for p in papers:
        hit = cache.get(p.id)
        if hit and hit[0] == paper_key(p):
            reused[p.id] = hit[1]
        else:
            fresh.append(p)
    report = BuildReport(files=read_report.files, read=read_report.read, built=len(papers),
                         reused=len(reused), skipped=read_report.skipped, repaired=read_report.repaired)
    del papers  # the records carry their papers
    new = extract_all(fresh, model=model, jobs=jobs, engine=engine, scheduler=scheduler, progress=progress)
    del fresh
    by_id = {pid: (rec, cache_member(rec)) for pid, (_k, rec) in cache.items()}  # old papers stay unless replaced
    by_id.update((pid, (rec, cache_member(rec))) for pid, rec in reused.items())
    by_id.update((rec.paper.id, (rec, member)) for rec, member in new)
    del new, cache, reused
    records = [by_id[k][0] for k in sorted(by_id)]
    gc.freeze()
    G = assemble(records)
    del records
    kept = RecordCache({pid: member for pid, (_rec, member) in by_id.items()})
    _count(G, report)
    report.seconds = time.perf_counter() - t0
    return G, kept, report


def remove(folder: str | Path, paper_ids: Sequence[str]) -> tuple[nx.MultiDiGraph, RecordCache]:
    """Retract papers from an export folder's records; the graph is rebuilt from the rest."""
    cache = load_cache(folder)
    if not cache:
        raise KGError(f"{folder}: no record cache here (build it with `kg build ... --out {folder}` first)")
    unknown = [p for p in paper_ids if p not in cache]
    if unknown:
        raise KGError(f"{folder}: no paper with id {', '.join(map(repr, unknown))}")
    records = [rec for pid, (_k, rec) in sorted(cache.items()) if pid not in set(paper_ids)]
    return assemble(records), RecordCache.of(records)


def _count(G: nx.MultiDiGraph, report: BuildReport) -> None:
    kinds = Counter(d.get("kind") for _, d in G.nodes(data=True))
    report.entities = sum(v for k, v in kinds.items() if k not in ("Paper", "Result"))
    report.relations = sum(1 for *_, d in G.edges(data=True) if d.get("level") == "paper")


# --- exports ----------------------------------------------------------------------

def writers(G: nx.MultiDiGraph, formats: Sequence[str], folder: Path | None = None,
            parts: int = 1) -> list[tuple[tuple[str, ...], Callable[..., None]]]:
    """The export jobs for `formats`: (formats, function streaming them into one binary file each).

    Every RDF format is written in one pass over the graph's subject blocks, so the
    graph is projected to RDF once and no list of millions of triples is held. With
    `parts` > 1 the subjects are cut into that many consecutive ranges written by
    forked processes (temporaries in `folder`) and appended in order.
    """
    unknown = [f for f in formats if f not in EXPORT_NAMES]
    if unknown:
        raise KGError(f"unknown export format(s): {', '.join(unknown)}")
    prefixes = {p: str(ns) for p, ns in PREFIXES.items()}
    graph_iri = str(RES["graph"])
    make: dict[str, Callable[..., serialize.BlockWriter]] = {
        "ttl": lambda fh, **ends: serialize.TurtleWriter(fh, prefixes, **ends),
        "nt": lambda fh, **ends: serialize.NTriplesWriter(fh, **ends),
        "jsonld": lambda fh, **ends: serialize.JsonLdWriter(fh, prefixes, **ends),
        "trig": lambda fh, **ends: serialize.TurtleWriter(fh, prefixes, graph_iri, **ends),
    }
    rdf_formats = tuple(f for f in formats if f != "html")
    jobs: list[tuple[tuple[str, ...], Callable[..., None]]] = []
    if "html" in formats:
        jobs.append((("html",), lambda fh: fh.write(_page(G))))
    if not rdf_formats:
        return jobs

    def part(subjects: list[rdf.Subject], head: bool, tail: bool) -> Callable[..., None]:
        def write(*fhs: BinaryIO) -> None:
            outs = [make[f](fh, head=head, tail=tail) for f, fh in zip(rdf_formats, fhs)]
            serialize.write_blocks(rdf.blocks(G, subjects), outs)
        return write

    def write_rdf(*fhs: BinaryIO) -> None:
        subjects = rdf.sorted_subjects(G)
        n = parts if len(subjects) >= PARALLEL_SUBJECTS and all(_is_file(fh) for fh in fhs) else 1
        cuts = [len(subjects) * i // n for i in range(n + 1)]
        write_parts(fhs, [part(subjects[lo:hi], i == 0, i == n - 1)
                          for i, (lo, hi) in enumerate(zip(cuts, cuts[1:]))], folder)

    jobs.append((rdf_formats, write_rdf))
    return jobs


def _is_file(fh: BinaryIO) -> bool:
    try:
        fh.fileno()
    except (OSError, AttributeError, io.UnsupportedOperation):
        return False
    return True


def render(G: nx.MultiDiGraph, formats: Sequence[str]) -> dict[str, bytes]:
    """Every requested export as bytes."""
    out = {}
    for names, write in writers(G, formats):
        bufs = [io.BytesIO() for _ in names]
        write(*bufs)
        out.update((f, buf.getvalue()) for f, buf in zip(names, bufs))
    return out


def _page(G: nx.MultiDiGraph) -> bytes:
    """The explorer page; an overview of the best-connected entities for very big graphs."""
    shown = overview(G)
    papers = sum(1 for _, d in G.nodes(data=True) if d.get("kind") == "Paper")
    title = f"kg: {papers} papers" + ("" if shown is G else f" (overview of {shown.number_of_nodes()} entities)")
    return write_html(shown, None, title)


def save(G: nx.MultiDiGraph, out_dir: str | Path, formats: Sequence[str] = DEFAULT_FORMATS,
         records: RecordCache | None = None) -> list[Path]:
    """Stream every export to a temporary file, then rename them all together under a folder lock.

    A failure or an interrupt before the renames leaves the previous exports as they were.
    The record cache and the HTML page are written by forked children while this
    process writes the RDF exports.
    """
    out = Path(out_dir)
    files: dict[tuple[Path, ...], Content] = {}
    if records is not None:
        files[(out / CACHE_FILE,)] = records.write
    for names, write in writers(G, formats, out, parts=2 if (os.cpu_count() or 1) > 1 else 1):
        files[tuple(out / EXPORT_NAMES[f] for f in names)] = write
    with folder_lock(out):
        write_all_atomic(files, parallel=True)
    return [out / EXPORT_NAMES[f] for f in formats]
