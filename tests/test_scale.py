"""Parallel extraction, incremental update/remove and the Dask engine give the same graph as a plain build."""

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg import KnowledgeGraph
from kg.api import graph_signature
from kg.cli import cli

from conftest import ROOT, SEEDS

CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"


def corpus_sample(tmp_path: Path, n: int, start: int = 0, name: str = "sample.jsonl") -> Path:
    if not CORPUS.is_file():
        pytest.skip(f"{CORPUS} is not available")
    out = tmp_path / name
    with CORPUS.open(encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        for i, line in enumerate(src):
            if i >= start + n:
                break
            if i >= start:
                dst.write(line)
    return out


def run(*args):
    res = CliRunner().invoke(cli, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    return res


def test_jobs_2_equals_jobs_1(tmp_path, seed_build):
    sample = corpus_sample(tmp_path, 400)
    one = KnowledgeGraph.build([SEEDS, sample], jobs=1)
    two = KnowledgeGraph.build([SEEDS, sample], jobs=2)
    assert one == two
    assert len(one.papers()) == 438


def test_builds_in_one_process_share_the_pipeline_and_agree(tmp_path):
    """The pipeline is built once per process; what it read before does not change a later graph."""
    from kg.pipeline import load_nlp

    first = KnowledgeGraph.build([SEEDS], jobs=1)
    assert load_nlp() is load_nlp()
    KnowledgeGraph.build([corpus_sample(tmp_path, 100)], jobs=1)  # other text through the shared pipeline
    again = KnowledgeGraph.build([SEEDS], jobs=1)
    load_nlp.cache_clear()
    fresh = KnowledgeGraph.build([SEEDS], jobs=1)
    assert load_nlp() is not None and first == again == fresh
    assert len(fresh.papers()) == 38


def test_update_then_remove_equals_full_rebuild(tmp_path):
    a = tmp_path / "a"
    a.mkdir()
    shutil.copy(SEEDS / "000_392856afa43f1a90.txt", a)
    b = tmp_path / "b"
    b.mkdir()
    shutil.copy(SEEDS / "001_9bd96fcdcb123db6.txt", b)
    out = tmp_path / "out"
    run("build", a, "--out", out, "--format", "ttl", "--format", "nt", "-q")
    res = run("build", b, "--update", out, "--format", "ttl", "--format", "nt")
    assert "built 19" in res.output
    full = tmp_path / "full"
    run("build", a, b, "--out", full, "--format", "ttl", "--format", "nt", "-q")
    assert (out / "graph.nt").read_bytes() == (full / "graph.nt").read_bytes()
    # a second update with the same input reuses every cached record
    res = run("build", b, "--update", out, "--format", "nt")
    assert "(19 from cache)" in res.output
    # remove the papers of b: equals a build of a alone
    ids = [f"001_9bd96fcdcb123db6:{n}" for n in range(1, 20)]
    run("remove", out, *ids, "--format", "nt")
    only_a = tmp_path / "only_a"
    run("build", a, "--out", only_a, "--format", "nt", "-q")
    assert (out / "graph.nt").read_bytes() == (only_a / "graph.nt").read_bytes()


def test_remove_unknown_paper_is_a_clear_error(tmp_path):
    out = tmp_path / "out"
    run("build", SEEDS / "000_392856afa43f1a90.txt", "--out", out, "--format", "nt", "-q")
    res = CliRunner().invoke(cli, ["remove", str(out), "nope:1"])
    assert res.exit_code == 1 and "no paper with id 'nope:1'" in res.output


def test_dask_engine_equals_local(tmp_path):
    pytest.importorskip("dask.distributed")
    sample = corpus_sample(tmp_path, 640)  # five chunks of 128 on two workers: completion order varies
    local = KnowledgeGraph.build([SEEDS, sample], jobs=1)
    dask = KnowledgeGraph.build([SEEDS, sample], engine="dask")
    assert graph_signature(local.graph) == graph_signature(dask.graph)
    out_l, out_d = tmp_path / "l", tmp_path / "d"
    local.save(out_l, ("ttl", "nt", "jsonld"))
    dask.save(out_d, ("ttl", "nt", "jsonld"))
    for name in ("graph.ttl", "graph.nt", "graph.jsonld"):
        assert (out_l / name).read_bytes() == (out_d / name).read_bytes()


def test_exports_written_in_parallel_parts_equal_one_pass(tmp_path, monkeypatch):
    """Big graphs are written as consecutive subject ranges by forked writers; the bytes must not change."""
    from kg import pipeline

    built = KnowledgeGraph.build([SEEDS])
    formats = ("ttl", "nt", "jsonld", "trig")
    one = pipeline.render(built.graph, formats)  # in memory: always one pass
    monkeypatch.setattr(pipeline, "PARALLEL_SUBJECTS", 10)
    for parts in (2, 3):
        out = tmp_path / f"parts{parts}"
        out.mkdir()
        for names, write in pipeline.writers(built.graph, formats, out, parts=parts):
            handles = [open(out / f"graph.{n}", "wb") for n in names]
            write(*handles)
            for fh in handles:
                fh.close()
        for fmt in formats:
            assert (out / f"graph.{fmt}").read_bytes() == one[fmt], (parts, fmt)
        assert sorted(p.name for p in out.iterdir()) == sorted(f"graph.{f}" for f in formats)  # no spill left
    json.loads(one["jsonld"])
