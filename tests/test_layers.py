"""The import rule: data flows one way; lower stages never import higher ones."""

import ast

import pytest

from conftest import ROOT

# module -> kg modules it may import (besides model, vocab, errors, resources, lexicon, text, atomic)
BASE = {"kg.model", "kg.vocab", "kg.errors", "kg.resources", "kg.lexicon", "kg.text", "kg.atomic"}
STAGES = ["kg.ingest", "kg.nlp", "kg.calibration", "kg.extract", "kg.records", "kg.resolve", "kg.graph", "kg.serialize", "kg.rdf",
          "kg.sparql", "kg.oxigraph", "kg.evaluate", "kg.visualize", "kg.trace", "kg.server", "kg.push"]
RANK = {m: i for i, m in enumerate(STAGES)}
ORCHESTRATORS = {"kg.pipeline", "kg.api", "kg.cli", "kg", "kg.__main__"}


def kg_imports(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kg"):
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith("kg"))


def module_name(path):
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def stage_of(module):
    for stage in sorted(RANK, key=len, reverse=True):
        if module == stage or module.startswith(stage + "."):
            return stage
    return None


@pytest.mark.parametrize("path", sorted((ROOT / "kg").rglob("*.py")), ids=lambda p: p.name)
def test_no_back_edges(path):
    me = module_name(path)
    if me in ORCHESTRATORS:
        return
    mine = stage_of(me)
    for imported in kg_imports(path):
        if imported in BASE or imported == "kg":
            continue
        theirs = stage_of(imported)
        assert theirs is not None, f"{me} imports {imported}, which is neither a stage nor a base module"
        assert mine is not None and RANK[theirs] <= RANK[mine], f"{me} imports higher stage {imported}"


def test_importing_the_api_does_not_load_spacy():
    # trace, serve, query and `evaluate --against` never run the NLP stage: they must not pay for spaCy
    import subprocess
    import sys

    code = "import sys, kg, kg.api, kg.cli, kg.resolve, kg.evaluate; print('spacy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"
