"""Confidence as measured precision: the calibration table, its fit and its use in the graph."""

import json

import pytest
from click.testing import CliRunner

from kg.calibration import HEADER, SHRINK, Calibration, Count, read_counts, shipped, write_counts
from kg.cli import cli
from kg.evaluate import calibration_counts, judged, read_gold, reliability

from conftest import DATA, SEEDS

GOLD = sorted(DATA.glob("seeds-*.gold.jsonl"))


def test_a_well_counted_rule_reads_its_own_rate():
    table = Calibration([Count("compared_with", "Method", "compared with cue", "gazetteer", 998, 898)])
    rate = table.confidence("compared_with", "Method", "compared with cue", "gazetteer", 0.1)
    assert rate == pytest.approx(0.9, abs=0.001)


def test_a_rare_rule_is_shrunk_towards_its_relation():
    table = Calibration([Count("builds_on", "Method", "use cue", "gazetteer", 98, 49),
                         Count("builds_on", "Method", "own sentence", "shape", 2, 2)])
    rare = table.confidence("builds_on", "Method", "own sentence", "shape", 0.1)
    rate = (51 + 1) / (100 + 2)  # the relation: both rows, smoothed
    rate = (51 + SHRINK * rate) / (100 + SHRINK)  # the relation and type: same rows
    for _level in ("rule", "rule and source"):  # two right cases, each level pulled towards the one above
        rate = (2 + SHRINK * rate) / (2 + SHRINK)
    assert rare == pytest.approx(rate, abs=0.001)
    assert 0.5 < rare < 0.75  # not 1.0 from two cases


def test_an_unseen_rule_inherits_and_an_unseen_relation_falls_back():
    table = Calibration([Count("proposes", "Method", "proposal", "shape", 48, 36)])
    rate = 37 / 50
    for _level in ("type", "rule"):
        rate = (36 + SHRINK * rate) / (48 + SHRINK)
    assert table.confidence("proposes", "Method", "proposal", "title", 0.2) == pytest.approx(rate, abs=0.001)
    assert table.confidence("addresses", "Task", "mention", "task", 0.42) == 0.42
    assert not Calibration([])


def test_table_round_trip(tmp_path):
    rows = [Count("mentions", "Method", "mention", "gazetteer", 10, 7),
            Count("addresses", "Task", "mention", "task", 5, 1)]
    path = tmp_path / "c.tsv"
    write_counts(rows, path, "made by a test\non two lines")
    assert path.read_text().startswith("# made by a test\n# on two lines\nrelation\t")
    assert sorted(read_counts(path), key=lambda c: c.relation) == sorted(rows, key=lambda c: c.relation)
    path.write_text("a\tb\n")
    with pytest.raises(ValueError, match="header"):
        read_counts(path)


def test_seed_edges_carry_the_measured_precision_of_their_rule(seed_build):
    kg, _out = seed_build
    G = kg.to_networkx()
    table = shipped()
    assert table, "ontology/calibration/confidence.tsv is missing or empty"
    edges = [(rel, v, d) for _u, v, rel, d in G.edges(keys=True, data=True)
             if d.get("level") == "paper" and rel != "has_result"]
    assert edges and all(d.get("rule") and "; " in d["rule"] for _rel, _v, d in edges)
    seen = set()
    for rel, v, d in edges:
        rule, _, source = d["rule"].partition("; ")
        measured = table.confidence(rel, G.nodes[v]["kind"], rule, source, -1.0)
        assert measured != -1.0, (rel, d["rule"])  # every relation the seeds produce is in the table
        assert d["confidence"] == measured, (rel, v, d["rule"])
        seen.add(round(measured, 2))
    assert len(seen) > 5  # kinds differ: the confidence is not one number per relation


def test_judged_items_are_the_scored_ones(seed_build):
    from kg.evaluate import evaluate

    kg, _out = seed_build
    g, gold = kg.to_rdf(), read_gold(GOLD)
    items, ev = judged(g, gold), evaluate(g, gold)
    for field, s in ev.scores.items():
        mine = [i for i in items if i.field == field]
        assert (sum(i.correct for i in mine), sum(not i.correct for i in mine)) == (s.tp, s.fp), field
    assert all(0.0 <= i.confidence <= 1.0 and i.rule for i in items)
    counts = calibration_counts(items)
    twice = [i for i in items if i.field in ("tasks", "metrics") and i.relation != "mentions"]
    assert sum(c.n for c in counts) == len(items) + len(twice)
    assert sum(c.correct for c in counts) == sum(ev.scores[f].tp for f in ev.scores) + sum(i.correct for i in twice)
    bands = {r.field: r for r in reliability(items)}
    assert bands["all"].items == len(items) and 0.0 <= bands["all"].ece <= 1.0


def test_reliability_bins_and_error():
    from kg.evaluate import Judged

    items = [Judged("p", "tasks", "addresses", "Task", "mention; task", 0.55, ok) for ok in (True, False)]
    items += [Judged("p", "tasks", "addresses", "Task", "mention; gazetteer", 0.95, True) for _ in range(2)]
    (tasks, every) = reliability(items)
    assert tasks.field == "tasks" and every.field == "all"
    assert [(lo, n, c) for lo, _hi, n, c, _m in tasks.bins] == [(0.5, 2, 1), (0.9, 2, 2)]
    assert tasks.ece == pytest.approx((abs(0.55 * 2 - 1) + abs(0.95 * 2 - 2)) / 4)


def test_cli_prints_reliability_and_writes_a_table(tmp_path):
    out = tmp_path / "confidence.tsv"
    res = CliRunner().invoke(cli, ["evaluate", str(GOLD[0]), "--corpus", str(SEEDS), "--reliability",
                                   "--write-calibration", str(out)])
    assert res.exit_code == 0, res.output
    assert "ECE" in res.output and "precision by confidence" in res.output
    counts = read_counts(out)
    assert counts and {c.relation for c in counts} >= {"proposes", "mentions"}
    assert out.read_text().startswith("# Made by `kg evaluate")
    res = CliRunner().invoke(cli, ["evaluate", str(GOLD[0]), "--against", str(GOLD[1]), "--reliability"])
    assert res.exit_code == 2 and "need a graph" in res.output
    res = CliRunner().invoke(cli, ["evaluate", str(GOLD[0]), "--corpus", str(SEEDS), "--reliability",
                                   "--format", "json"])
    data = json.loads(res.output)
    assert data["methods"]["tp"] > 0 and 0.0 <= data["reliability"]["all"]["ece"] <= 1.0
    assert sum(b["items"] for b in data["reliability"]["all"]["bands"]) == data["reliability"]["all"]["items"]


def test_a_graph_without_rules_writes_no_table(tmp_path, tiny_graph):
    from kg.api import KnowledgeGraph

    KnowledgeGraph(tiny_graph).save(tmp_path, ("ttl",))  # hand-made records name no rule, like old exports
    gold = tmp_path / "g.gold.jsonl"
    gold.write_text(json.dumps({"id": "t:1", "methods": ["FooNet"]}) + "\n")
    res = CliRunner().invoke(cli, ["evaluate", str(gold), "--graph", str(tmp_path / "graph.ttl"),
                                   "--write-calibration", str(tmp_path / "c.tsv")])
    assert res.exit_code == 2 and "older kg" in res.output and not (tmp_path / "c.tsv").exists()


def test_bad_rows_are_one_clear_error(tmp_path):
    path = tmp_path / "c.tsv"
    path.write_text("\t".join(HEADER) + "\nproposes\tMethod\tproposal\n")
    with pytest.raises(ValueError, match="row 2 needs 6 columns"):
        read_counts(path)
    path.write_text("\t".join(HEADER) + "\nproposes\tMethod\tproposal\tshape\t3\t5\n")
    with pytest.raises(ValueError, match="5 right of 3"):
        read_counts(path)


def test_a_refit_does_not_depend_on_the_table_it_replaces(tmp_path, monkeypatch):
    # Two rules state one base here ("named after" GANs, "long form part" generative adversarial network);
    # the graph keeps the more confident one. A refit must credit the same rule whatever the old table says.
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "t:1", "abstract": (
        "Zorb data has become a challenge to existing generative adversarial networks (GANs). In this paper, "
        "we propose a novel generator, named zorbic chain GANs (ZC-GANs), which inserts a dataset into the "
        "drift. ZC-GANs can generate new time series.")}) + "\n")
    gold = tmp_path / "c.gold.jsonl"
    gold.write_text(json.dumps({"id": "t:1", "builds_on": ["GANs"], "methods": ["GANs", "ZC-GANs"]}) + "\n")
    rules = (("named after", "abbreviation"), ("long form part", "gazetteer"))
    written = []
    for favoured in rules:
        table = Calibration([Count("builds_on", "Method", rule, source, 100, 100 if (rule, source) == favoured else 0)
                             for rule, source in rules])
        monkeypatch.setattr("kg.calibration.shipped", lambda table=table: table)
        out = tmp_path / f"{favoured[0]}.tsv"
        res = CliRunner().invoke(cli, ["evaluate", str(gold), "--corpus", str(corpus), "--write-calibration", str(out)])
        assert res.exit_code == 0, res.output
        written.append([c for c in read_counts(out) if c.relation == "builds_on"])
    assert written[0] == written[1] and written[0]
