"""The annotated samples in tests/data: each gold file covers its sample, and no two samples overlap.

A held-out score means something only if the held-out abstracts were never in a
development sample; these checks keep that true as samples are added.
"""

import json
import sys

import pytest

from conftest import DATA, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from draw_sample import SAMPLES as DRAWN  # noqa: E402 - every drawn sample, in the order drawn

SAMPLES = tuple(DRAWN)


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
