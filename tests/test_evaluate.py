"""`kg evaluate`: the scorer itself, and the accuracy floors on the seed gold."""

import json

import pytest
from click.testing import CliRunner

from kg.cli import cli
from kg.evaluate import evaluate, read_gold, score

from conftest import DATA, SEEDS

GOLD = sorted(DATA.glob("seeds-*.gold.jsonl"))

#: The floors of issue 3 (F1 on the seed gold).
FLOORS = {"proposes": 0.90, "methods": 0.85, "datasets": 0.85, "evaluated_on": 0.85, "compared_with": 0.85,
          "builds_on": 0.75, "tasks": 0.75, "metrics": 0.75}


def test_scoring_follows_the_matching_rules():
    gold = {"p": {"id": "p", "proposes": [{"name": "Foo-Net", "type": "Method"}], "methods": ["Foo-Net", "ViT"],
                  "tasks": ["zero-shot classification"], "aliases": {"Vision Transformer": "ViT"}}}
    pred = {"p": {"proposes": [("FooNet",)], "methods": [("FOONET",), ("Vision Transformer",), ("BERT",)],
                  "tasks": [("classification",)]}}
    ev = score(gold, pred)
    assert (ev.scores["proposes"].tp, ev.scores["proposes"].fp) == (1, 0)
    m = ev.scores["methods"]
    assert (m.tp, m.fp, m.fn) == (2, 1, 0)
    assert ev.scores["tasks"].tp == 1  # containment for tasks
    assert ev.scores["datasets"].f1 == 0.0 or ev.scores["datasets"].tp == 0


def test_one_prediction_matches_one_gold_item():
    gold = {"p": {"id": "p", "methods": ["ViT", "ViT-B"]}}
    ev = score(gold, {"p": {"methods": [("ViT",)]}})
    assert (ev.scores["methods"].tp, ev.scores["methods"].fn) == (1, 1)


def test_tiny_graph_end_to_end(tiny_graph):
    from kg import rdf

    gold = {"t:1": {"id": "t:1", "proposes": [{"name": "FooNet", "type": "Method"}],
                    "compared_with": ["ResNet-50"], "evaluated_on": ["ImageNet-1k"], "methods": ["FooNet", "ResNet-50"],
                    "datasets": ["ImageNet-1k"]}}
    ev = evaluate(rdf.to_rdf(tiny_graph), gold)
    for f in ("proposes", "compared_with", "evaluated_on", "methods", "datasets"):
        assert ev.scores[f].f1 == 1.0, f


@pytest.fixture(scope="module")
def seed_scores():
    res = CliRunner().invoke(cli, ["evaluate", *map(str, GOLD), "--corpus", str(SEEDS), "--format", "json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


@pytest.mark.parametrize("field", sorted(FLOORS))
def test_seed_gold_floors(seed_scores, field):
    assert seed_scores[field]["f1"] >= FLOORS[field], seed_scores[field]


def test_per_paper_output(tmp_path):
    res = CliRunner().invoke(cli, ["evaluate", str(GOLD[0]), "--corpus", str(SEEDS), "--per-paper"])
    assert res.exit_code == 0
    assert "000_392856afa43f1a90:1 proposes" in res.output and "missed=" in res.output


def test_gold_files_parse():
    gold = read_gold(GOLD)
    assert len(gold) == 38


def test_agreement_between_two_annotators(tmp_path):
    a = {"id": "p", "methods": ["Vision Transformer", "BERT"], "tasks": ["zero-shot image classification"], "aliases": {}}
    b = {"id": "p", "methods": ["ViT", "GPT-2"], "tasks": ["image classification"],
         "aliases": {"Vision Transformer": "ViT"}}
    first, second = tmp_path / "a.gold.jsonl", tmp_path / "b.gold.jsonl"
    first.write_text(json.dumps(a) + "\n")
    second.write_text(json.dumps(b) + "\n")
    res = CliRunner().invoke(cli, ["evaluate", str(first), "--against", str(second), "--format", "json"])
    assert res.exit_code == 0, res.output
    scores = json.loads(res.output)
    # the second annotator named ViT's long form "Vision Transformer"; GPT-2 and BERT are one miss each
    assert (scores["methods"]["tp"], scores["methods"]["fp"], scores["methods"]["fn"]) == (1, 1, 1)
    assert scores["tasks"]["tp"] == 1  # containment, as for extracted tasks


def test_evaluate_wants_exactly_one_source():
    res = CliRunner().invoke(cli, ["evaluate", str(GOLD[0]), "--against", str(GOLD[1]), "--corpus", str(SEEDS)])
    assert res.exit_code == 2 and "one of them" in res.output


def test_matching_is_one_to_one_and_as_large_as_possible():
    # first-come greedy would give "image generation" the long prediction and miss "video synthesis"
    gold = {"p": {"id": "p", "tasks": ["image generation", "video synthesis"]}}
    pred = {"p": {"tasks": [("image generation and video synthesis",), ("image generation",)]}}
    ev = score(gold, pred)
    assert (ev.scores["tasks"].tp, ev.scores["tasks"].fp, ev.scores["tasks"].fn) == (2, 0, 0)
    # an exact match is preferred to a containing one
    ev = score({"p": {"id": "p", "tasks": ["text-to-image generation"]}},
               {"p": {"tasks": [("image generation",), ("text-to-image generation",)]}})
    assert ev.diffs[[d.field for d in ev.diffs].index("tasks")].extra == ["image generation"]
