"""End-to-end through the command line (click's CliRunner) on the seed corpus."""

import json

import pytest
from click.testing import CliRunner
from rdflib import Graph

from kg.cli import cli

from conftest import ROOT, SEEDS


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("exports")
    result = CliRunner().invoke(cli, ["build", str(SEEDS), "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out, result.output


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_build_writes_three_exports_for_all_seed_papers(built):
    out, output = built
    for name in ("graph.ttl", "graph.jsonld", "graph.html"):
        assert (out / name).stat().st_size > 0
    assert "read 38 papers" in output and "built 38" in output and "skipped 0" in output
    g = Graph().parse(out / "graph.ttl")
    ids = set(g.objects(None, __import__("rdflib").namespace.DCTERMS.identifier))
    assert len(ids) == 38


def test_seed_turtle_conforms_to_shapes(built):
    from pyshacl import validate

    out, _ = built
    ok, _, text = validate(Graph().parse(out / "graph.ttl"),
                           shacl_graph=Graph().parse(ROOT / "ontology" / "paperkg-shapes.ttl"), inference="none")
    assert ok, text


def test_query_answers_the_readme_example(built):
    out, _ = built
    res = run("query", out / "graph.ttl",
              "SELECT ?m (COUNT(?p) AS ?n) WHERE { ?p kg:comparedWith ?m } GROUP BY ?m ORDER BY DESC(?n)",
              "--format", "json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)["results"]["bindings"]
    assert rows and all(int(r["n"]["value"]) >= 1 for r in rows)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "ontology" / "queries").glob("*.rq")))
def test_query_runs_every_shipped_query_file(built, name):
    out, _ = built
    res = run("query", out / "graph.ttl", "-f", ROOT / "ontology" / "queries" / name, "--format", "csv")
    assert res.exit_code == 0, res.output


def test_stats(built):
    out, _ = built
    res = run("stats", out / "graph.ttl")
    assert res.exit_code == 0
    assert "papers: 38" in res.output and "Method" in res.output and "compared_with" in res.output


def test_query_syntax_error_is_one_clear_line(built):
    out, _ = built
    res = run("query", out / "graph.ttl", "SELECT WHERE {")
    assert res.exit_code != 0
    assert res.output.startswith("Error: SPARQL error") and len(res.output.strip().splitlines()) == 1


@pytest.mark.parametrize("setup, args, message", [
    (None, ["build", "{tmp}/missing"], "no such file"),
    ("empty.txt:", ["build", "{tmp}/empty.txt"], "empty file"),
    ("bin.txt:\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00\x1f\x15\xc4\x89",
     ["build", "{tmp}/bin.txt"], "binary"),
    ("bad.jsonl:{oops\n", ["build", "{tmp}/bad.jsonl"], "bad.jsonl:1"),
    ("noabs.jsonl:{\"title\": \"x\"}\n", ["build", "{tmp}/noabs.jsonl"], "no abstract"),
    (None, ["query", "{tmp}/missing.ttl", "ASK {}"], "no such graph file"),
    ("broken.ttl:@prefix oops", ["query", "{tmp}/broken.ttl", "ASK {}"], "cannot parse"),
])
def test_bad_input_is_one_line_and_nonzero(tmp_path, setup, args, message):
    if setup:
        name, content = setup.split(":", 1)
        (tmp_path / name).write_bytes(content.encode("latin-1"))
    res = run(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert res.exit_code == 1
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in res.output


def test_skip_bad_builds_the_rest_and_reports(tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"id": "a", "abstract": "We propose FooNet, a model."}\n{oops\n')
    res = run("build", corpus, "--out", tmp_path / "out", "--skip-bad")
    assert res.exit_code == 0, res.output
    assert "c.jsonl:2" in res.output and "read 1 papers" in res.output and "skipped 1" in res.output


def test_failed_build_leaves_previous_exports_intact(built, tmp_path):
    out = tmp_path / "out"
    ok = run("build", SEEDS, "--out", out, "--format", "ttl")
    assert ok.exit_code == 0
    before = (out / "graph.ttl").read_bytes()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{oops\n")
    res = run("build", bad, "--out", out, "--format", "ttl")
    assert res.exit_code == 1
    assert (out / "graph.ttl").read_bytes() == before
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]


def test_build_is_deterministic(built, tmp_path):
    out1, out2 = tmp_path / "a", tmp_path / "b"
    assert run("build", SEEDS, "--out", out1, "--format", "ttl", "--format", "nt").exit_code == 0
    assert run("build", SEEDS, "--out", out2, "--format", "ttl", "--format", "nt").exit_code == 0
    for name in ("graph.ttl", "graph.nt"):
        assert (out1 / name).read_bytes() == (out2 / name).read_bytes()


def test_load_of_exported_turtle_equals_the_built_graph(seed_build):
    from kg import KnowledgeGraph

    kg, out = seed_build
    assert KnowledgeGraph.load(out / "graph.ttl") == kg
    assert KnowledgeGraph.load(out / "graph.nt") == kg
    assert KnowledgeGraph.load(out / "graph.jsonld") == kg


def test_every_command_has_help_and_is_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    for name, command in cli.commands.items():
        assert command.help, name
        assert f"kg {name}" in readme, f"`kg {name}` is not documented in README.md"


def test_seed_results_carry_method_metric_and_baseline(seed_build):
    """The results the extraction issue names: "+9.36% zero-shot classification over Uni3D",
    "20 FPS", "5x decoding", "78.8% linear ... accuracy"."""
    kg, _out = seed_build
    rows = kg.sparql("""SELECT ?t ?method ?metric ?base ?task WHERE {
        ?p kg:hasResult ?r . ?r kg:valueText ?t ; kg:forMethod ?m . ?m rdfs:label ?method .
        OPTIONAL { ?r kg:onMetric ?x . ?x rdfs:label ?metric }
        OPTIONAL { ?r kg:relativeTo ?b . ?b rdfs:label ?base }
        OPTIONAL { ?r kg:onTask ?k . ?k rdfs:label ?task } }""").rows
    got = {str(row[0]): tuple(None if v is None else str(v) for v in row[1:]) for row in rows}
    assert got["+9.36%"] == ("UniGS", None, "Uni3D", "zero-shot classification")
    assert got["20 FPS"][:2] == ("StreamV2V", "FPS")
    assert got["5×"][0] == "MagicPIG"
    assert got["78.8%"][0] == "HVP" and "accuracy" in got["78.8%"][1]


@pytest.mark.parametrize("start", [
    "runpy.run_module('kg', run_name='__main__')",  # python -m kg
    # what the installed `kg` script does: load its console_scripts entry point and call it
    "from importlib.metadata import entry_points\n"
    "(ep,) = entry_points(group='console_scripts', name='kg')\n"
    "sys.exit(ep.load()())",
], ids=["python-m-kg", "console-script"])
def test_an_interrupt_while_the_command_line_loads_is_one_line(start):
    """Ctrl-C before any command runs (while `kg` or `python -m kg` imports its modules) is no traceback."""
    import subprocess
    import sys

    hook = ("import runpy, sys\n"
            "class Interrupt:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'kg.cli':\n"
            "            raise KeyboardInterrupt\n"
            "sys.meta_path.insert(0, Interrupt())\n"
            "sys.argv = ['kg', '--help']\n"
            f"{start}\n")
    proc = subprocess.run([sys.executable, "-c", hook], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == ["Error: interrupted"]
