"""Relation cue words ("we propose", "outperforms", "experiments on", "based on").

Cues are phrases in `ontology/patterns/cues.tsv` (relation, side, phrase),
matched lower-cased with one PhraseMatcher, so adding a cue is a data edit.
"""

from __future__ import annotations

from collections.abc import Iterable

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from kg.nlp import read_table
from kg.nlp.tokens import tokens

_SIDES = ("after", "before", "next")


class CueFinder:
    """Mark relation cue phrases.

    Reads: tokens. Writes: `doc.spans["kg_cues"]`, non-overlapping spans with
    `label_` = relation (proposes, compared_with, evaluated_on, builds_on)
    and `id_` = side ("after": the target follows the cue, "before": it
    precedes it, "next": it is named right after the cue and owns what follows,
    "improves QuuxLM's accuracy"). A token ending in "-based" ("KD-based") is a
    "before" builds_on cue on itself.
    """

    def __init__(self, nlp: Language, rows: Iterable[list[str]]) -> None:
        self.matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.suffix_cues: list[tuple[str, str, str]] = []
        for row in rows:
            if len(row) != 3 or row[1] not in _SIDES:
                continue
            relation, side, phrase = row
            if phrase.startswith("-"):
                self.suffix_cues.append((relation, side, phrase.lower()))
            else:
                self.matcher.add(f"{relation}\t{side}", [nlp.make_doc(phrase)])

    def __call__(self, doc: Doc) -> Doc:
        toks = tokens(doc)
        spans = []
        for match_id, start, end in self.matcher(doc):
            relation, side = doc.vocab.strings[match_id].split("\t")
            spans.append(Span(doc, start, end, label=relation, span_id=side))
        for token in toks:
            low = token.lower_
            for relation, side, suffix in self.suffix_cues:
                if low.endswith(suffix) and len(low) > len(suffix):
                    spans.append(Span(doc, token.i, token.i + 1, label=relation, span_id=side))
        doc.spans["kg_cues"] = filter_spans(spans)
        return doc


@Language.factory("kg_cues", assigns=["doc.spans"])
def make_cues(nlp: Language, name: str) -> CueFinder:
    """Factory of the relation cue matcher over `ontology/patterns/cues.tsv`."""
    return CueFinder(nlp, read_table("cues.tsv"))
