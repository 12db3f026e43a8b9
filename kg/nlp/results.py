"""Reported numbers with a unit: "+9.36%", "20 FPS", "5×", "54ms", "164 points".

A number counts as a result only with a unit, written on it ("5×", "54ms")
or as the next token ("%", "FPS", "points"); units are a data file
(`ontology/patterns/units.tsv`), so "268 tasks" or "8 simulators" are not
results. A range ("2-21%", "1.5-2 times", "5%-8%", "between 2% and 5%") is
one result: quoting only its upper end would misquote the paper. So is a change
("from 55.6% to 81.6%", "43.4% → 46.3%"): its first number is the value before,
not a result of the method.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.nlp import read_table, word_group
from kg.nlp.tokens import tokens

_NUM = r"\d{1,15}(?:,\d{3})*(?:\.\d+)?"  # "50,000", "9.36"
_NUMBER = re.compile(rf"([+\-±~≈]?)({_NUM})(%|×|x|X|ms|fps|FPS|pp)?")
_NUMBER_STARTS = frozenset("0123456789+-±~≈")  # the characters `_NUMBER` and `_RANGE` can start with
_GLUED = {"%": "%", "×": "x", "x": "x", "X": "x", "ms": "ms", "fps": "FPS", "FPS": "FPS", "pp": "pp"}
# "5%-8%", "2x-4x", "3.5–20×", "2–21": a range written as one token (the tokenizer keeps it whole)
_RANGE = re.compile(rf"({_NUM})(%|×|x|X)?[-–]({_NUM})(%|×|x|X|ms|fps|FPS|pp)?")
_RANGE_JOINERS = frozenset(word_group("range_joiner"))  # ontology/patterns/word_groups.tsv
_CHANGE_OPENERS = frozenset(word_group("change_opener"))
_RANGE_OPENERS = frozenset(word_group("range_opener"))
_ARROWS = frozenset(a for a in word_group("change_arrow") if len(a) == 1)  # one character each: a regex class
# "4.98%→0.62%": a change written as one token
_ARROW_CLASS = "".join(re.escape(a) for a in sorted(_ARROWS))
_ARROW_CHANGE = re.compile(rf"({_NUM})(%|×|x|X)?[{_ARROW_CLASS}]({_NUM})(%|×|x|X|ms|fps|FPS|pp)?")


def parse_number(text: str) -> tuple[float, str | None] | None:
    """(value, glued unit) of a token such as "+9.36", "50,000×" or "54ms"; else None."""
    m = _NUMBER.fullmatch(text)
    if m is None:
        return None
    value = _number(m.group(2))
    if m.group(1) == "-":
        value = -value
    return value, _GLUED.get(m.group(3) or "")


class ResultFinder:
    """Find numbers that carry a unit.

    Reads: tokens. Writes: `doc.spans["kg_results"]`, one span per value
    (number plus unit token), `label_` = normalised unit, and the extensions
    `Span._.kg_value` (float), `Span._.kg_unit` (str), for a range
    `Span._.kg_min_value` (its lower end; `kg_value` is the upper one) and, for a
    change, `Span._.kg_from_value` (the value before; `kg_value` is the one after).
    """

    def __init__(self, units: dict[str, str]) -> None:
        self.units = units

    def __call__(self, doc: Doc) -> Doc:
        toks = tokens(doc)
        spans = []
        i = 0
        while i < len(doc):
            if toks[i].text[:1] not in _NUMBER_STARTS:  # most tokens are words: no pattern to try
                i += 1
                continue
            parsed = parse_number(toks[i].text)  # read once for both readings
            span = self._range(doc, toks, i, parsed) or self._value(doc, toks, i, parsed)
            if span is None:
                i += 1
                continue
            spans.append(span)
            i = span.end
        doc.spans["kg_results"] = spans
        return doc

    def _unit_after(self, doc: Doc, toks: list[Token], end: int, glued: str | None) -> tuple[str | None, int]:
        """The unit of a number ending at `end`: glued to it, else the next token's (then one token more)."""
        if glued is not None:
            return glued, end
        unit = self.units.get(toks[end].lower_) if end < len(doc) else None
        return unit, end + (1 if unit else 0)

    def _value(self, doc: Doc, toks: list[Token], i: int, parsed: tuple[float, str | None] | None) -> Span | None:
        """One number with its unit ("+9.36%", "20 FPS"); `parsed` is `parse_number` of token `i`."""
        if parsed is None:
            return None
        value, glued = parsed
        unit, end = self._unit_after(doc, toks, i + 1, glued)
        if unit == "x" and glued is None and end < len(doc) and parse_number(toks[end].text) is not None:
            return None  # "256 x 256 images", "a 5 × 5 grid": a size, not a factor
        return None if unit is None else _span(doc, i, end, unit, value)

    def _range(self, doc: Doc, toks: list[Token], i: int, low_parsed: tuple[float, str | None] | None) -> Span | None:
        """A range read as one value: "5%-8%" (one token), "2 - 21 %", "1.5-2 times", "35% to 50%",
        "between 2% and 5%". kg_value is the upper end, kg_min_value the lower. "from 35% to 50%"
        and "35% → 50%" are changes, not ranges (`_change`, `_after_change`). Both ends share one
        unit. `low_parsed` is `parse_number` of token `i`."""
        m = _ARROW_CHANGE.fullmatch(toks[i].text)
        if m is not None:  # "4.98%→0.62%"
            unit, end = self._unit_after(doc, toks, i + 1, _GLUED.get(m.group(4) or ""))
            before_unit = _GLUED.get(m.group(2) or "")
            if unit is None or (before_unit is not None and before_unit != unit):
                return None
            return _span(doc, i, end, unit, _number(m.group(3)), from_value=_number(m.group(1)))
        m = _RANGE.fullmatch(toks[i].text)
        if m is not None:
            unit, end = self._unit_after(doc, toks, i + 1, _GLUED.get(m.group(4) or ""))
            low_unit = _GLUED.get(m.group(2) or "")
            low, high = _number(m.group(1)), _number(m.group(3))
            if unit is None or (low_unit is not None and low_unit != unit) or low >= high:
                return None
            return _span(doc, i, end, unit, high, low)
        if low_parsed is None or i + 2 >= len(doc) or low_parsed[0] < 0:
            return None
        low, low_glued = low_parsed
        joiner = toks[i + 1].lower_
        if joiner in _ARROWS:  # "43.4% → 46.3%": a change, read like "from 43.4% to 46.3%"
            return self._after_change(doc, toks, i, i, low, low_glued)
        between = i > 0 and toks[i - 1].lower_ == "between"
        if not (joiner in _RANGE_JOINERS or (between and joiner == "and")):
            return None
        if joiner.isalpha() and not between and _a_change(toks, i):
            return self._change(doc, toks, i, low, low_glued)  # "from 35% to 50%", "reduces X from 12 to 3 ms"
        high_parsed = parse_number(toks[i + 2].text)
        if high_parsed is None:
            return None
        high, high_glued = high_parsed
        if high < 0 and joiner == "-" and not toks[i].whitespace_ and not toks[i + 1].whitespace_:
            high = -high  # LaTeX's en dash glued between the numbers: "3--5%" is "3", "-", "-5%"
        unit, end = self._unit_after(doc, toks, i + 3, high_glued)
        if unit is None or (low_glued is not None and low_glued != unit) or low >= high:
            return None
        return _span(doc, i, end, unit, high, low)

    def _change(self, doc: Doc, toks: list[Token], i: int, before: float, before_glued: str | None) -> Span | None:
        """"from 55.6% to 81.6%", "from 17.7 to 67.2% success rate": one result from "from" on, its
        value the one after the change and kg_from_value the one before. Only where "from" is right
        before the first number, and both share the unit of the second (or the first has none)."""
        if i == 0 or toks[i - 1].lower_ not in _CHANGE_OPENERS:
            return None
        return self._after_change(doc, toks, i - 1, i, before, before_glued)

    def _after_change(self, doc: Doc, toks: list[Token], start: int, i: int, before: float,
                      before_glued: str | None) -> Span | None:
        """The change from the number at `i` (`before`) to the one two tokens on, as one span from
        `start`; both share the unit of the second (or the first has none)."""
        after_parsed = parse_number(toks[i + 2].text)
        if after_parsed is None:
            return None
        after, after_glued = after_parsed
        unit, end = self._unit_after(doc, toks, i + 3, after_glued)
        if unit is None or (before_glued is not None and before_glued != unit):
            return None
        return _span(doc, start, end, unit, after, from_value=before)


def _a_change(toks: list[Token], i: int) -> bool:
    """"from A to B" before the value at `i` is a change from A to B, unless a range word opens it
    ("speedups ranging from 1.65x to 3.22x", "outperforms X by from 7% to 55%")."""
    for k in range(i - 1, max(-1, i - 4), -1):
        if toks[k].lower_ in _CHANGE_OPENERS:
            return k == 0 or toks[k - 1].lower_ not in _RANGE_OPENERS
    return False


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _span(doc: Doc, start: int, end: int, unit: str, value: float, min_value: float | None = None,
          from_value: float | None = None) -> Span:
    span = Span(doc, start, end, label=unit)
    span._.kg_value = value
    span._.kg_unit = unit
    span._.kg_min_value = min_value
    span._.kg_from_value = from_value
    return span


@Language.factory("kg_results", assigns=["doc.spans"])
def make_results(nlp: Language, name: str) -> ResultFinder:
    """Factory of the result (number with unit) finder."""
    units = {row[0]: row[1] for row in read_table("units.tsv") if len(row) == 2}
    return ResultFinder(units)


for _name in ("kg_value", "kg_unit", "kg_min_value", "kg_from_value"):
    if not Span.has_extension(_name):
        Span.set_extension(_name, default=None)
