"""Known names (ImageNet, CLIP, accuracy, object detection) matched with PhraseMatcher.

The entries come from `ontology/gazetteer/*.tsv` (read by `kg.lexicon`).
Multiword and ordinary words match case-insensitively; short acronyms and
names with inner capitals or digits ("MATH", "ImageNet", "GPT-4o") match
case-sensitively, so "math" or "sam" in prose is not a dataset or a model.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from kg.lexicon import GazetteerEntry, load_gazetteer

log = logging.getLogger(__name__)


def is_case_sensitive(name: str) -> bool:
    """One-word names with capitals past the first letter, or digits, keep their case."""
    if " " in name:
        return False
    return any(c.isdigit() for c in name) or any(c.isupper() for c in name[1:])


def surface_forms(name: str) -> set[str]:
    """The name and its plural ("GNN" -> "GNNs", "transformer" -> "transformers")."""
    forms = {name}
    last = name.split()[-1]
    if last[-1:].isalpha() and not last.endswith("s") and len(last) >= 3:
        forms.add(name + "s")
    return forms


class Gazetteer:
    """Mark every occurrence of a known entity name.

    Reads: tokens. Writes: `doc.spans["kg_gazetteer"]`, non-overlapping spans
    (longest wins) whose `label_` is the entity type (Method, Dataset,
    Benchmark, Task, Metric), whose `kb_id_` is the canonical name and whose
    `id_` is the listed name or alias that matched (singular: "GNNs" -> "GNN").
    Matches glued to a larger token compound ("ImageNet" in "ImageNet-1k")
    are dropped.
    """

    def __init__(self, nlp: Language, entries: Iterable[GazetteerEntry]) -> None:
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.folded = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.size = 0
        for entry in entries:
            self._add(nlp, entry)
        if self.size == 0:
            log.info("no gazetteer entries found; only new names will be detected")

    def _add(self, nlp: Language, entry: GazetteerEntry) -> None:
        for alias in (entry.name, *entry.aliases):
            key = f"{entry.type}\t{entry.name}\t{alias}"
            exact, folded = [], []
            for form in surface_forms(alias):
                (exact if is_case_sensitive(form) else folded).append(nlp.make_doc(form))
            if exact:
                self.exact.add(key, exact)
            if folded:
                self.folded.add(key, folded)
        self.size += 1

    def __call__(self, doc: Doc) -> Doc:
        spans = []
        for matcher in (self.exact, self.folded):
            for match_id, start, end in matcher(doc):
                type_, name, alias = doc.vocab.strings[match_id].split("\t", 2)
                span = Span(doc, start, end, label=type_, kb_id=name, span_id=alias)
                if not is_glued(span):
                    spans.append(span)
        doc.spans["kg_gazetteer"] = filter_spans(spans)
        return doc


def is_glued(span: Span) -> bool:
    """True when the span is part of a larger written compound (no space around a hyphen)."""
    doc = span.doc
    if span.start > 0:
        prev = doc[span.start - 1]
        if not prev.whitespace_ and (prev.text[-1].isalnum() or prev.text[-1] in "-/_"):
            return True
    if span.end < len(doc) and not span[-1].whitespace_:
        nxt = doc[span.end]
        if nxt.text[0].isalnum() or (nxt.text[0] in "-/_" and (len(nxt) > 1 or not nxt.whitespace_)):
            return True
    return False


@Language.factory("kg_gazetteer", assigns=["doc.spans"])
def make_gazetteer(nlp: Language, name: str) -> Gazetteer:
    """Factory of the gazetteer matcher over `ontology/gazetteer/*.tsv`."""
    return Gazetteer(nlp, load_gazetteer())
