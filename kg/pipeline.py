"""The one place that chains the stages: corpus -> NLP -> extract -> resolve -> graph -> exports."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

from kg import rdf
from kg.atomic import folder_lock, write_atomic
from kg.errors import CorpusError
from kg.graph import build_graph
from kg.ingest import ReadReport, read_corpus
from kg.model import Paper, PaperRecord
from kg.resolve import resolve
from kg.text import clean_latex
from kg.visualize import write_html

DEFAULT_FORMATS = ("ttl", "jsonld", "html")
EXPORT_NAMES = {"ttl": "graph.ttl", "nt": "graph.nt", "jsonld": "graph.jsonld", "trig": "graph.trig",
                "html": "graph.html"}


@dataclass
class BuildReport:
    """What a build did, for the one-line summary: nothing is dropped silently."""

    files: list[str] = field(default_factory=list)
    read: int = 0
    built: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    entities: int = 0
    relations: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"read {self.read} papers from {len(self.files)} file(s); built {self.built}; "
                f"skipped {len(self.skipped)}; {self.entities} entities, {self.relations} relations "
                f"in {self.seconds:.1f} s")


def load_nlp(model: str | None = None):  # type: ignore[no-untyped-def]
    """The extraction pipeline (blank English + kg components, or a user's trained one)."""
    from kg.nlp import build_nlp

    return build_nlp(model)


def extract_records(papers: Iterable[Paper], nlp, batch_size: int = 64) -> Iterator[PaperRecord]:  # type: ignore[no-untyped-def]
    """Stream papers through spaCy in batches; no Doc outlives its record."""
    from kg.extract import extract

    def items() -> Iterator[tuple[str, tuple]]:
        for paper in papers:
            clean = clean_latex(paper.abstract)
            yield clean.text, (paper, clean)

    for doc, (paper, clean) in nlp.pipe(items(), as_tuples=True, batch_size=batch_size):
        yield extract(doc, paper, clean)


def build(
    paths: Sequence[str | Path],
    *,
    model: str | None = None,
    skip_bad: bool = False,
    encoding: str | None = None,
    dedupe: bool = False,
) -> tuple[nx.MultiDiGraph, BuildReport]:
    """Read, extract, resolve and assemble the graph of a corpus."""
    t0 = time.perf_counter()
    read_report = ReadReport()
    papers = read_corpus(paths, skip_bad=skip_bad, encoding=encoding, dedupe=dedupe, report=read_report)
    nlp = load_nlp(model)
    records = list(extract_records(papers, nlp))
    if not records:
        raise CorpusError("no abstracts found in " + ", ".join(map(str, paths)))
    G = build_graph(records, resolve(records))
    report = BuildReport(files=read_report.files, read=read_report.read, built=len(records),
                         skipped=read_report.skipped)
    kinds = Counter(d.get("kind") for _, d in G.nodes(data=True))
    report.entities = sum(v for k, v in kinds.items() if k not in ("Paper", "Result"))
    report.relations = sum(1 for *_, d in G.edges(data=True) if d.get("level") == "paper")
    report.seconds = time.perf_counter() - t0
    return G, report


def save(G: nx.MultiDiGraph, out_dir: str | Path, formats: Sequence[str] = DEFAULT_FORMATS) -> list[Path]:
    """Render every export first, then replace the files atomically under a folder lock."""
    out = Path(out_dir)
    unknown = [f for f in formats if f not in EXPORT_NAMES]
    if unknown:
        raise ValueError(f"unknown export format(s): {', '.join(unknown)}")
    g = rdf.to_rdf(G)
    blobs = {f: (write_html(G, out / EXPORT_NAMES[f]) if f == "html" else rdf.serialize(g, f)) for f in formats}
    written = []
    with folder_lock(out):
        for f, data in blobs.items():
            write_atomic(out / EXPORT_NAMES[f], data)
            written.append(out / EXPORT_NAMES[f])
    return written
