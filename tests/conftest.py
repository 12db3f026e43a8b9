"""Shared fixtures: tiny hand-built records, and the seed graph built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.graph import build_graph
from kg.model import Evidence, Mention, Paper, PaperRecord, Relation, Result
from kg.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SEEDS = ROOT / "seeds"


def make_record(pid: str = "t:1", proposes: str = "FooNet", baseline: str = "ResNet-50",
                dataset: str = "ImageNet-1k") -> PaperRecord:
    """A paper proposing one method, compared with one baseline on one dataset."""
    sentence = f"We propose {proposes}, which outperforms {baseline} on {dataset}."
    ev = Evidence(sentence, 0, len(sentence))
    paper = Paper(id=pid, abstract=sentence, source="t.txt", title=f"Paper {pid}", authors=("Ada L", "Alan T"),
                  year=2024, venue="ICLR")
    mentions = tuple(Mention(n, t, sentence.index(n), sentence.index(n) + len(n))
                     for n, t in ((proposes, "Method"), (baseline, "Method"), (dataset, "Dataset")))
    relations = (
        Relation("proposes", proposes, "Method", ev, 0.9),
        Relation("compared_with", baseline, "Method", ev, 0.8),
        Relation("evaluated_on", dataset, "Dataset", ev, 0.8),
        *(Relation("mentions", m.name, m.type, ev, 0.9) for m in mentions),
    )
    results = (Result("+2.1%", 2.1, "%", ev, 0.7, method=proposes, dataset=dataset, baseline=baseline),)
    return PaperRecord(paper, mentions, relations, results, ((f"{proposes} Network", proposes),),
                       "https://github.com/example/foonet")


@pytest.fixture
def tiny_graph():
    records = [make_record("t:1"), make_record("t:2", "BarNet", "FooNet", "CIFAR-10")]
    return build_graph(records, resolve(records))


@pytest.fixture(scope="session")
def seed_build(tmp_path_factory):
    """The seed corpus built once through the library, saved to a temp folder."""
    from kg import KnowledgeGraph

    out = tmp_path_factory.mktemp("seed-exports")
    kg = KnowledgeGraph.build([SEEDS])
    kg.save(out, ("ttl", "nt", "jsonld", "trig", "html"))
    return kg, out
