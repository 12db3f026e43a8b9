"""Sentence boundaries for abstracts: periods after "e.g.", "et al.", decimals, ...

spaCy's rule sentencizer splits after every period token. Abstracts are full
of "e.g.", "i.e.", "et al.", "vs." and missing spaces ("content.In this"),
so this component decides per period whether it ends a sentence, using an
abbreviation list from `ontology/patterns/sentence_abbreviations.txt`.
"""

from __future__ import annotations

import numpy
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc, Token

from kg.nlp import read_lines
from kg.nlp.tokens import tokens

_ENDERS = {".", "!", "?", "...", "…"}
_CLOSERS = {'"', "'", ")", "]", "”", "’", "»"}
_ALWAYS_CONTINUE = {",", ";", ":", ")", "]"}


class SentenceSplitter:
    """Set `Token.is_sent_start` for every token of the Doc.

    Reads: token text only. Writes: `token.is_sent_start` (so `doc.sents` works).
    A period ends a sentence unless it follows a listed abbreviation, or the
    next token starts in lower case, with a digit or with punctuation.
    """

    def __init__(self, abbreviations: list[str], max_tokens: int = 200) -> None:
        self.single = {a for a in abbreviations if " " not in a}
        self.pairs = {tuple(a.split()) for a in abbreviations if " " in a}
        self.max_tokens = max_tokens

    def __call__(self, doc: Doc) -> Doc:
        toks = tokens(doc)
        if len(doc) == 0:
            return doc
        starts = numpy.full((len(doc), 1), -1, dtype="int64")  # one array write: linear time
        starts[0, 0] = 1
        for token in toks:
            if self._ends_sentence(token):
                nxt = self._after_closers(token)
                if nxt is not None:
                    starts[nxt, 0] = 1
        self._cap_length(doc, starts)
        doc.from_array([SENT_START], starts.astype("uint64"))
        return doc

    def _cap_length(self, doc: Doc, starts: numpy.ndarray) -> None:
        """Break runs longer than `max_tokens` (after a ';' or ',' when one is near the limit).

        Real abstract sentences stay far below 200 tokens; text without sentence ends
        (a 1 MB paragraph) would otherwise be one sentence that every relation copies
        as its evidence, and output and memory would grow with relations x length.
        """
        last = 0
        for i in range(1, len(doc)):
            if starts[i, 0] == 1:
                last = i
            elif i - last >= self.max_tokens:
                cut = next((j + 1 for j in range(i - 1, max(last, i - 50), -1) if doc[j].text in (";", ",")), i)
                starts[cut, 0] = 1
                last = cut

    def _ends_sentence(self, token: Token) -> bool:
        text = token.text
        if text in _ENDERS:
            return not self._is_abbreviation(token)
        # "e.g." and "vs." are single tokens; the tokenizer keeps "etc." too.
        if len(text) > 1 and text.endswith(".") and text[:-1].lower() == "etc":
            return True
        return False

    def _is_abbreviation(self, period: Token) -> bool:
        if period.text != "." or period.i == 0:
            return False
        prev = period.doc[period.i - 1]
        if prev.whitespace_:
            return False  # "word ." is not an abbreviation
        low = prev.text.lower()
        if low in self.single or low.rstrip(".") in self.single:
            return True
        if prev.i > 0:
            pair = (prev.doc[prev.i - 1].text.lower(), low)
            if pair in self.pairs:
                return True
        # A single capital letter: an initial ("J. Smith") or "Fig. A".
        return len(low) == 1 and prev.text.isupper()

    @staticmethod
    def _after_closers(token: Token) -> int | None:
        """Index of the first token of the next sentence, or None if it continues."""
        doc = token.doc
        i = token.i + 1
        while i < len(doc) and doc[i].text in _CLOSERS:
            i += 1
        if i >= len(doc):
            return None
        first = doc[i].text
        if first in _ALWAYS_CONTINUE or first[0].islower() or first[0].isdigit():
            return None
        return i


@Language.factory("kg_sentencizer", assigns=["token.is_sent_start"], default_config={"max_tokens": 200})
def make_sentencizer(nlp: Language, name: str, max_tokens: int) -> SentenceSplitter:
    """Factory of the abstract-aware sentence splitter."""
    return SentenceSplitter(read_lines("sentence_abbreviations.txt"), max_tokens)
