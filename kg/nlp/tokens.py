"""The tokens of a Doc as one Python list, made once per Doc.

Every `for token in doc` and `doc[i]` builds a new Token object; kg's
components walk each Doc about fifteen times, so building them once and
sharing the list saves a large part of the pipeline's time. The list (and the
lower-case text joined from it, `lower_text`) lives in `doc.user_data` and is
dropped by `release` when extraction is done.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

_KEY = "kg_tokens"
_TEXT_KEY = "kg_lower_text"

#: Quote marks as the tokenizer leaves them: a straight quote opens and closes alike.
OPENING_QUOTES = frozenset({'"', "'", "“", "‘"})
CLOSING_QUOTES = frozenset({'"', "'", "”", "’"})


def tokens(doc: Doc) -> list[Token]:
    """`list(doc)`, cached on the Doc."""
    toks = doc.user_data.get(_KEY)
    if toks is None or len(toks) != len(doc):
        toks = doc.user_data[_KEY] = list(doc)
    return toks


def lower_text(doc: Doc) -> str:
    """`doc.text.lower()`, cached on the Doc with its length: `doc.text` builds a Token for every word again."""
    cached = doc.user_data.get(_TEXT_KEY)
    if cached is None or cached[0] != len(doc):
        cached = doc.user_data[_TEXT_KEY] = (len(doc), "".join(t.text_with_ws for t in tokens(doc)).lower())
    return cached[1]


def release(doc: Doc) -> None:
    """Drop the cached list (it refers back to the Doc) and the cached text."""
    doc.user_data.pop(_KEY, None)
    doc.user_data.pop(_TEXT_KEY, None)


def after_short_form(doc: Doc, i: int) -> int:
    """The index after "(QB)" when a bracketed short form starts at i, or after ")" when i closes
    one: "Quux Blob (QB): a novel optimizer" describes the name before the brackets."""
    if i < len(doc) and doc[i].text == ")":
        return i + 1
    if i + 2 < len(doc) and doc[i].text == "(" and doc[i + 2].text == ")":
        return i + 3
    return i


def marker_before(doc: Doc, start: int, reach: int, markers: frozenset[str] | set[str]) -> int | None:
    """Walk back from token `start` over at most `reach` words (letters and hyphens: "a novel adaptive
    pooling strategy") to the first one in `markers`; its index, or None when a non-word or the reach
    comes first."""
    for k in range(start, max(-1, start - reach), -1):
        if doc[k].lower_ in markers:
            return k
        if not doc[k].text.replace("-", "").isalpha():
            return None
    return None


def list_opener(toks: list[Token], i: int) -> int:
    """Length of the list opener at token i: 2 for "such as", 1 for "including", "like", "e.g."
    ("methods such as X", "recent approaches like X"), else 0."""
    if i + 1 < len(toks) and toks[i].lower_ == "such" and toks[i + 1].lower_ == "as":
        return 2
    return 1 if i < len(toks) and toks[i].lower_ in _ONE_WORD_OPENERS else 0


_ONE_WORD_OPENERS = {"including", "like", "e.g.", "e.g"}
