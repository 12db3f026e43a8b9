"""The annotated samples in tests/data: each gold file covers its sample, and no two samples overlap.

A held-out score means something only if the held-out abstracts were never in a
development sample; these checks keep that true as samples are added.
"""

import json

import pytest

from conftest import DATA

SAMPLES = ("heldout", "heldout2", "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10",
           "dev11", "dev12", "dev13", "dev14", "dev15", "dev16", "dev17", "dev18", "dev19", "dev20",
           "dev21", "dev22", "dev23", "dev24", "dev25", "dev26", "dev27", "dev28",
           "dev29", "dev30", "dev31", "dev32", "dev33", "dev34", "dev35", "dev36",
           "dev37", "dev38", "dev39", "dev40", "dev41", "dev42", "dev43", "dev44",
           "dev45", "dev46", "dev47", "dev48", "dev49", "dev50", "dev51", "dev52",
           "dev53", "dev54", "dev55", "dev56", "dev57", "dev58", "dev59", "dev60",
           "dev61", "dev62", "dev63", "dev64", "dev65", "dev66", "dev67", "dev68", "dev69", "dev70", "dev71", "dev72",
           "dev73", "dev74", "dev75", "dev76",
           "dev77", "dev78", "dev79", "dev80", "dev81", "dev82",
           "dev83", "dev84", "dev85", "dev86", "dev87", "dev88",
           "dev89", "dev90")


def ids(path):
    return [json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("name", SAMPLES)
def test_gold_covers_its_sample_in_order(name):
    assert ids(DATA / f"{name}.gold.jsonl") == ids(DATA / f"{name}.jsonl")


def test_samples_do_not_overlap():
    seen: dict[str, str] = {}
    for name in SAMPLES:
        for pid in ids(DATA / f"{name}.jsonl"):
            assert pid not in seen, f"{pid} is in {seen.get(pid)} and {name}"
            seen[pid] = name


@pytest.mark.parametrize("blind, original", [("seeds", ("seeds-000", "seeds-001")), ("heldout2", ("heldout2",))])
def test_blind_reannotations_cover_the_same_abstracts(blind, original):
    expected = [pid for name in original for pid in ids(DATA / f"{name}.gold.jsonl")]
    assert ids(DATA / "agreement" / f"{blind}.blind.gold.jsonl") == expected
