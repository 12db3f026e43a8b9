"""Relation cue words ("we propose", "outperforms", "experiments on", "based on").

Cues are phrases in `ontology/patterns/cues.tsv` (relation, side, phrase),
matched lower-cased with one PhraseMatcher, so adding a cue is a data edit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from kg.nlp import read_table, word_group
from kg.nlp.tokens import tokens

_SIDES = ("after", "before", "next", "own", "split")
# A split cue ("compare ... with") allows this many tokens between its parts, none of them punctuation.
_MAX_GAP = 8
_GAP_STOPS = {",", ".", ";", ":", "(", ")"}


class CueFinder:
    """Mark relation cue phrases.

    Reads: tokens. Writes: `doc.spans["kg_cues"]`, non-overlapping spans with
    `label_` = relation (proposes, compared_with, evaluated_on, builds_on)
    and `id_` = side ("after": the target follows the cue, "before": it
    precedes it, "next": it is named right after the cue and owns what follows,
    "improves QuuxLM's accuracy"; "own": it follows, in a sentence about the
    paper's own work only, "QuuxNet matches X"). A token ending in "-based" ("KD-based") is a
    "before" builds_on cue on itself. A phrase written with " ... " is split
    ("compare ... with": "we compare QuuxNet with X"; its first part may have several words, "on par
    ... with"); its last word is the cue, with side "after". A phrase opening with a unit ("% over")
    is also read after a number glued to that unit ("a 43% gain over X"), which the tokenizer keeps
    whole. An "against" after an attack, defence or robustness word ("poisoning attacks against X")
    is labelled "target": what follows is attacked or defended against, neither a baseline nor a base.
    """

    def __init__(self, nlp: Language, rows: Iterable[list[str]]) -> None:
        self.matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.suffix_cues: list[tuple[str, str, str]] = []
        # last word of the first part -> (relation, the first part's words before it, last word)
        self.split_cues: dict[str, list[tuple[str, tuple[str, ...], str]]] = {}
        self.unit_cues: list[tuple[str, str, list[str]]] = []  # "% over" also as "43% over"
        for row in rows:
            if len(row) != 3 or row[1] not in _SIDES:
                continue
            relation, side, phrase = row
            if phrase.startswith("-"):
                self.suffix_cues.append((relation, side, phrase.lower()))
            elif " ... " in phrase:
                first, last = phrase.lower().split(" ... ")
                *lead, key = first.split()  # "on par ... with": matched at "par", after "on"
                self.split_cues.setdefault(key, []).append((relation, tuple(lead), last))
            else:
                self.matcher.add(f"{relation}\t{side}", [nlp.make_doc(phrase)])
                unit, _, rest = phrase.lower().partition(" ")
                if unit in _UNITS and rest:
                    self.unit_cues.append((relation, side, rest.split()))

    def __call__(self, doc: Doc) -> Doc:
        toks = tokens(doc)
        spans = []
        for match_id, start, end in self.matcher(doc):
            relation, side = doc.vocab.strings[match_id].split("\t")
            if relation == "compared_with" and doc[start].lower_ == "against" and _adversarial(toks, start):
                relation = "target"  # "attacks against QuuxNet", "robust against X": attacked or defended against
            if relation == "compared_with" and doc[start].lower_ == "than" and _quantity_at(doc, end):
                continue  # "more than 95% across models including X": a quantity, no method compared with
            spans.append(Span(doc, start, end, label=relation, span_id=side))
        for token in toks:
            low = token.lower_
            if _GLUED_UNIT.match(token.text):
                spans.extend(_after_unit(doc, token.i, self.unit_cues))
            for relation, side, suffix in self.suffix_cues:
                if low.endswith(suffix) and len(low) > len(suffix):
                    spans.append(Span(doc, token.i, token.i + 1, label=relation, span_id=side))
            splits = self.split_cues.get(low, ())
            for relation, lead, last in splits:
                if lead and tuple(t.lower_ for t in toks[max(0, token.i - len(lead)):token.i]) != lead:
                    continue
                end = _split_end(toks, token.i, last, {w for _, _, w in splits})
                if end is not None:
                    spans.append(Span(doc, end, end + 1, label=relation, span_id="after"))
        doc.spans["kg_cues"] = filter_spans(spans)
        return doc


_UNITS = frozenset({"%", "x", "×"})  # a cue phrase opening with one of these is also read after "43%", "2x", "1.5×"
_NUMBER = r"\d[\d.,]*"
_UNIT = "[" + "".join(sorted(_UNITS)) + "]"
_GLUED_UNIT = re.compile(_NUMBER + _UNIT + "$")  # a number glued to its unit


def _after_unit(doc: Doc, i: int, cues: list[tuple[str, str, list[str]]]) -> list[Span]:
    """A unit cue ("% over") after a number glued to its unit at token i ("a 43% gain ... 43% over X"):
    the tokenizer keeps "43%" whole, so the phrase "% over" alone never sees its "%"."""
    out = []
    for relation, side, rest in cues:
        end = i + 1 + len(rest)
        if end <= len(doc) and [t.lower_ for t in doc[i + 1:end]] == rest:
            out.append(Span(doc, i + 1, end, label=relation, span_id=side))
    return out


_QUANTITY = re.compile(_NUMBER + _UNIT + "?$")  # "than 95%", "than 1,000 models", "than 30×"; not "than 16-bit X"


def _quantity_at(doc: Doc, i: int) -> bool:
    """Is token i a number ("95%", "1,000", "30×")?"""
    return i < len(doc) and _QUANTITY.match(doc[i].text) is not None


_JOINING = frozenset(word_group("joining_word"))  # ontology/patterns/word_groups.tsv
_ADVERSARIAL = frozenset(word_group("adversarial_word"))  # "attacks against X", "robust against X"


def _adversarial(toks: list, i: int) -> bool:  # type: ignore[type-arg]
    """An attack, defence or robustness word up to four words before "against" at token i: what
    follows is attacked or defended against ("poisoning attacks against QuuxNet", "robustness
    against X"), not a method the paper is measured against."""
    if any(t.lower_ in ("baseline", "baselines") for t in toks[i + 1:i + 4]):
        return False  # "robustness against baseline transformers": measured against them
    for t in reversed(toks[max(0, i - 4):i]):
        if t.lower_ in _ADVERSARIAL:
            return True
        if t.is_sent_start or t.is_punct:
            return False
    return False


def _split_end(toks: list, i: int, last: str, lasts: set[str]) -> int | None:  # type: ignore[type-arg]
    """Index of `last` a few words after token i, with no punctuation and no other last word
    (`lasts`) between ("compare QuuxNet with"); None when it is not there, right after i, or
    starts "with respect to"."""
    for t in toks[i + 2:i + 2 + _MAX_GAP]:
        if t.text in _GAP_STOPS or t.is_sent_start or t.lower_ in lasts and t.lower_ != last:
            return None
        if t.lower_ == last:
            after = toks[t.i + 1].lower_ if t.i + 1 < len(toks) else ""
            if toks[t.i - 1].lower_ in _JOINING:
                return None  # "we compare QuuxNet in conjunction with X": X is joined to it, not set against it
            return None if after in ("respect", "regard") else t.i
    return None


@Language.factory("kg_cues", assigns=["doc.spans"])
def make_cues(nlp: Language, name: str) -> CueFinder:
    """Factory of the relation cue matcher over `ontology/patterns/cues.tsv`."""
    return CueFinder(nlp, read_table("cues.tsv"))
