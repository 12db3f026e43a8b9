"""Reported numbers with a unit: "+9.36%", "20 FPS", "5×", "54ms", "164 points".

A number counts as a result only with a unit, written on it ("5×", "54ms")
or as the next token ("%", "FPS", "points"); units are a data file
(`ontology/patterns/units.tsv`), so "268 tasks" or "8 simulators" are not
results.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp import read_table
from kg.nlp.tokens import tokens

_NUMBER = re.compile(r"([+\-±~≈]?)(\d{1,15}(?:,\d{3})*(?:\.\d+)?)(%|×|x|X|ms|fps|FPS|pp)?")
_GLUED = {"%": "%", "×": "x", "x": "x", "X": "x", "ms": "ms", "fps": "FPS", "FPS": "FPS", "pp": "pp"}


def parse_number(text: str) -> tuple[float, str | None] | None:
    """(value, glued unit) of a token such as "+9.36", "50,000×" or "54ms"; else None."""
    m = _NUMBER.fullmatch(text)
    if m is None:
        return None
    value = float(m.group(2).replace(",", ""))
    if m.group(1) == "-":
        value = -value
    return value, _GLUED.get(m.group(3) or "")


class ResultFinder:
    """Find numbers that carry a unit.

    Reads: tokens. Writes: `doc.spans["kg_results"]`, one span per value
    (number plus unit token), `label_` = normalised unit, and the extensions
    `Span._.kg_value` (float) and `Span._.kg_unit` (str).
    """

    def __init__(self, units: dict[str, str]) -> None:
        self.units = units

    def __call__(self, doc: Doc) -> Doc:
        toks = tokens(doc)
        spans = []
        for token in toks:
            parsed = parse_number(token.text)
            if parsed is None:
                continue
            value, unit = parsed
            end = token.i + 1
            if unit is None and end < len(doc):
                unit = self.units.get(toks[end].lower_)
                end += 1 if unit else 0
            if unit is None:
                continue
            span = Span(doc, token.i, end, label=unit)
            span._.kg_value = value
            span._.kg_unit = unit
            spans.append(span)
        doc.spans["kg_results"] = spans
        return doc


@Language.factory("kg_results", assigns=["doc.spans"])
def make_results(nlp: Language, name: str) -> ResultFinder:
    """Factory of the result (number with unit) finder."""
    units = {row[0]: row[1] for row in read_table("units.tsv") if len(row) == 2}
    return ResultFinder(units)


for _name in ("kg_value", "kg_unit"):
    if not Span.has_extension(_name):
        Span.set_extension(_name, default=None)
