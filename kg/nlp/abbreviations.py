"""Acronym definitions ("Model-Augmented Data for Quux Learning (MAD-QL)").

Schwartz & Hearst (2003), as in scispacy: for every parenthesised short form,
walk its characters backwards through the preceding words; the long form
starts at the word where the first character matched. The reverse order,
"DeQuux (Decision-making Quux Language Model assistant)", is tried when the
parentheses hold several words.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp import word_group, word_map
from kg.nlp.tokens import CLOSING_QUOTES, OPENING_QUOTES, tokens

_MAX_SHORT_CHARS = 12
_NAMING = {"dubbed", "called", "named", "termed", "aka", "i.e.", "or", "abbreviated"}
_MAX_INNER_TOKENS = 12


def find_long_form(short: str, text: str) -> int | None:
    """Start offset in `text` of the long form of `short` (which follows text), or None."""
    s_idx, l_idx = len(short) - 1, len(text) - 1
    while s_idx >= 0:
        c = short[s_idx].lower()
        if not c.isalnum():
            s_idx -= 1
            continue
        while l_idx >= 0 and (
            text[l_idx].lower() != c or (s_idx == 0 and l_idx > 0 and text[l_idx - 1].isalnum())
        ):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    return text.rfind(" ", 0, l_idx + 1) + 1


_SKIPPED_WORDS = frozenset(word_group("function_word"))  # ontology/patterns/word_groups.tsv
_NAMING_INSIDE = frozenset(word_group("inner_naming_word"))  # "a new method called quux training (QT)"
_OBJECT_OPENERS = frozenset(word_group("clause_object_opener"))  # "we propose a novel quux framework (QF)"
_DIGIT_WORDS = word_map("digit_word")
_FAMILY_SUFFIXES = frozenset(word_group("family_suffix"))  # "DNA-GPT": initials, then the model family
_X_INITIALS = tuple(word_group("x_initial"))  # "Forgetting Transformer (FoX)": X for "trans"


def initials_long_form(short: str, text: str) -> int | None:
    """Start offset of the words ending `text` whose initials spell `short`, or None.

    Schwartz & Hearst match a letter anywhere in a word, so "Asymmetric Representation-regularized
    Adversarial Training (ARAT)" gives "Adversarial Training" (A from adversArial, R from
    adveRsarial) and "Proximal Policy Optimization (PPO)" gives "Policy Optimization" (a P from
    oPtimization); word initials find the whole name first. The capitals spell the name, and a
    lower-case first letter ("sQuux": sequential Quux). A digit after a letter is a word
    ("P2P": peer-to-peer) or repeats the letter ("P3O": Pairwise Proximal Policy Optimization);
    a leading digit starts a word ("1-WL": 1-dimensional WL). Function words may carry no
    letter; words are tried split at hyphens and whole.
    """
    for letters in _spellings(short):
        if sum(c.isalpha() for c in letters) < 2:
            continue
        for pattern in (r"[^\s-]+", r"\S+"):
            offset = _initials(letters, text, pattern)
            if offset is not None:
                return offset
    return None


def _spellings(short: str) -> list[list[str]]:
    """What each word initial must be, for each reading of the digits of `short`."""
    readings: list[list[str]] = [[], [], []]  # digit as a word, as a repeat of the letter, dropped
    for i, c in enumerate(short):
        if c.isupper() or (i == 0 and c.isalnum()):
            for r in readings:
                r.append(c.lower())
        elif c.isdigit() and i > 0 and short[i - 1].isalpha():
            readings[0].append(c if c in _DIGIT_WORDS else "")
            if c in "234":
                readings[1].extend(short[i - 1].lower() * (int(c) - 1))
    if not any(c.isdigit() for c in short[1:]):
        return readings[2:]
    return [[c for c in r if c] for r in readings]


def _initials(letters: list[str], text: str, pattern: str) -> int | None:
    words = [(m.start(), m.group().lower()) for m in re.finditer(pattern, text)]
    i = len(letters) - 1
    for start, word in reversed(words):
        want = letters[i]
        if not (word in _DIGIT_WORDS[want] if want in _DIGIT_WORDS
                else word[0] == want or want == "x" and word.startswith(_X_INITIALS)):
            if word in _SKIPPED_WORDS and i < len(letters) - 1:
                continue  # inside the long form; a long form does not end in "and"
            return None
        i -= 1
        if i < 0:
            return text.rfind(" ", 0, start + 1) + 1
    return None


def _over_function_word(long: Span, first: int) -> Span:
    """A long form does not start with a function word: in "the Abstraction and Reasoning Corpus
    (ARC)" the A matched on "and", and the word before, with the same initial, starts the long form."""
    doc, i = long.doc, long.start - 1
    if i >= first and doc[i].is_alpha and doc[i].lower_ not in _SKIPPED_WORDS and doc[i].lower_[0] == long[0].lower_[0]:
        return doc[i:long.end]
    return long


def _over_title_word(long: Span, short: str, first: int) -> Span:
    """"Static Sparse Equiangular Tight Frame Classifier (SSE-C)": Schwartz & Hearst take the second
    S from inside "Sparse" and stop there. When the short form's first two capitals are the
    initials of the Title-Case word before the long form and of the long form's first word, that
    word starts the long form ("Calibrated ConfidenceNet (CCNet)"). Only after a letter match: a
    long form found by its word initials is whole."""
    capitals = [c for c in short if c.isupper()]
    doc, i = long.doc, long.start - 1
    if (len(capitals) >= 2 and i >= first and doc[i].is_alpha and doc[i].is_title and long[0].text[:1].isupper()
            and doc[i].lower_ not in _SKIPPED_WORDS and doc[i].text[0] == capitals[0]
            and long[0].text[0] == capitals[1]):
        return doc[i:long.end]
    return long


def _one_clause(long: Span) -> Span | None:
    """A long form is a name, not a clause: what a naming word inside it introduces is the long
    form ("dynamic kernels, termed Quux Kernel Operators (QKOs)"), and so is the object of a "we"
    clause inside it ("audio and motion, we implement a joint embedding space (AuMoQ)": "joint
    embedding space")."""
    doc = long.doc
    named = max((t.i for t in long[1:-1] if t.lower_ in _NAMING_INSIDE), default=None)
    if named is not None:
        long = doc[named + 1:long.end]
    we = max((t.i for t in long if t.lower_ == "we"), default=None)
    if we is None:
        return long
    start = we + 2  # past "we" and its verb
    while start < long.end and doc[start].lower_ in _OBJECT_OPENERS:
        start += 1
    return doc[start:long.end] if start < long.end else None


def is_short_form(text: str) -> bool:
    """Shape of an abbreviation: short, starts alphanumeric, has a capital letter, and its brackets
    close ("SF(DA)2" is one; "O(sqrtT", cut from a formula, is not)."""
    return (
        2 <= len(text) <= _MAX_SHORT_CHARS
        and text[0].isalnum()
        and any(c.isupper() for c in text)
        and " " not in text.strip()
        and text.count("(") == text.count(")")
    )


def _qualified_short_form(inner: Span) -> bool:
    """A short form with a capitalised qualifier word: "Causal QGMs", "Soft QVM"."""
    *words, last = list(inner)
    return is_short_form(last.text) and all(w.is_alpha and w.text[0].isupper() for w in words)


_QUOTES = OPENING_QUOTES | CLOSING_QUOTES  # emphasis ("*QN*") reads as quotes
_APPOSITIVE_INNER = {"of", "for", "and", "to", "in", "on", "with"}  # lower-case words inside a Title-Case long form
_CLAUSE_OPENERS = {"that", "which", "who", "whose"}  # "QAT, a model that Quantizes All Tokens": a clause, no long form


class AbbreviationDetector:
    """Find "long form (SF)", "SF (long form)", "long form or SF", "SF, Long Form," and "SF, an
    efficient Long Form approach" definitions.

    Reads: tokens and sentence boundaries. Writes: `Doc._.kg_abbreviations`,
    a list of (long form Span, short form Span) pairs, in text order.
    """

    def __call__(self, doc: Doc) -> Doc:
        toks = tokens(doc)
        pairs: list[tuple[Span, Span]] = []
        last = len(toks) - 1
        for token in toks:
            pair = None
            text = token.text
            if text == "(":
                pair = self._definition(doc, token.i)
            elif token.lower_ == "or" and 0 < token.i < last and is_short_form(toks[token.i + 1].text):
                pair = self._or_definition(doc, doc[token.i + 1:token.i + 2])
            elif text in (",", ":") and 0 < token.i < last and toks[token.i + 1].text[:1].isupper():
                short_i = token.i - 2 if toks[token.i - 1].text in _QUOTES and token.i > 1 else token.i - 1
                if is_short_form(toks[short_i].text):  # '"QUUX", Quux Unified ...': emphasis reads as quotes
                    pair = self._appositive(doc, token.i, short_i)
            elif (text == "," and 0 < token.i < last - 2 and toks[token.i + 1].lower_ in ("a", "an")
                  and is_short_form(toks[token.i - 1].text)):
                pair = self._described(doc, token.i, token.i - 1)
            if pair is not None:
                pairs.append(pair)
        doc._.kg_abbreviations = pairs
        return doc

    def _definition(self, doc: Doc, open_i: int) -> tuple[Span, Span] | None:
        close_i = self._closing(doc, open_i)
        if close_i is None or close_i == open_i + 1:
            return None
        inner = doc[open_i + 1:close_i]
        if len(inner) == 1 and is_short_form(inner.text):
            return self._forward(doc, inner)
        if (len(inner) == 3 and inner[0].text in _QUOTES and inner[2].text in _QUOTES
                and is_short_form(inner[1].text)):
            return self._forward(doc, inner[1:2], end=open_i)  # "Quux Net (*QN*)": emphasis reads as quotes
        if len(inner) == 2 and inner[0].lower_ in _NAMING and is_short_form(inner[1].text):
            return self._forward(doc, inner[1:], end=open_i)  # "Decision Quux (dubbed DeQu)"
        if 2 <= len(inner) <= 3 and _qualified_short_form(inner):  # "(Causal QGMs)", "(Soft QVM)"
            pair = self._forward(doc, inner)
            if pair is not None:
                return pair
        if len(inner) > 3 and inner[0].text in _QUOTES and inner[-1].text in _QUOTES:
            inner = inner[1:-1]  # "QuuxEq (*Quux Extended Equivalence*)": the long form emphasised
        short_i = open_i - 2 if open_i > 2 and doc[open_i - 1].text in _QUOTES else open_i - 1  # '"QEq" (...)'
        if len(inner) >= 2 and short_i >= 0:
            return self._reverse(doc[short_i:short_i + 1], inner)
        return None

    @staticmethod
    def _closing(doc: Doc, open_i: int) -> int | None:
        for j in range(open_i + 1, min(len(doc), open_i + _MAX_INNER_TOKENS + 2)):
            if doc[j].text == ")":
                return j
            if doc[j].text == "(" or doc[j].is_sent_start:
                return None
        return None

    @staticmethod
    def _forward(doc: Doc, short: Span, end: int | None = None) -> tuple[Span, Span] | None:
        """The long form in the words before `end` (by default the token before the short form)."""
        last = short.start - 1 if end is None else end
        max_words = min(len(short.text) + 5, 2 * len(short.text))
        first = max(0, last - max_words)
        for i in range(last - 1, first, -1):  # stay inside the sentence
            if doc[i].is_sent_start:
                first = i
                break
        while last > first and doc[last - 1].is_quote:  # '"Quux Any Text" (QAT)'
            last -= 1
        window = doc[first:last]
        if len(window) == 0:
            return None
        offset = initials_long_form(short.text, window.text) if len(short) == 1 else None
        by_letters = offset is None
        if offset is None:
            offset = find_long_form(short.text, window.text)
        if offset is None and any(c.isdigit() for c in short.text):
            # "V2V", "I2V": a digit often stands for a word ("to"), not a letter.
            offset = find_long_form("".join(c for c in short.text if not c.isdigit()), window.text)
        if offset is None and len(short) == 1 and "-" in short.text:
            # "Divergent N-Gram Analysis (DNA-GPT)": the initials spell the part before the hyphen,
            # the rest names the family the model belongs to
            head, family = short.text.split("-", 1)
            if sum(c.isupper() for c in head) >= 2 and family.lower() in _FAMILY_SUFFIXES:
                offset = initials_long_form(head, window.text)
        if offset is None:
            return None
        long = doc.char_span(window.start_char + offset, window.end_char, alignment_mode="expand")
        if long is not None and len(long) > 1 and long[0].is_quote:
            long = long[1:]
        if long is not None and long[0].is_lower and long[0].lower_ in _SKIPPED_WORDS:
            long = _over_function_word(long, first)
        if long is not None:
            long = _one_clause(long)
        if long is None or len(long.text) <= len(short.text) or long[0].is_punct or any(t.like_url for t in long):
            return None  # "https://github.com/quux/Zorb-MindSpore (MindSpore)": a link spells no long form
        if by_letters:
            long = _over_title_word(long, short.text, first)
        return long, short

    @classmethod
    def _or_definition(cls, doc: Doc, short: Span) -> tuple[Span, Span] | None:
        """"Parallelizable Quux Binder or PQB": stricter than a parenthesis, since "A or B"
        is mostly a plain alternative. One word a letter, and the first letters agree.
        A comma before "or" is not part of the long form ("Quux Gradients, or QG")."""
        end = short.start - 1
        if end > 0 and doc[end - 1].text == ",":
            end -= 1
        pair = cls._forward(doc, short, end=end)
        if pair is None:
            return None
        long = pair[0]
        words = long.text.replace("-", " ").split()
        letters = [c for c in short.text if c.isalpha()]
        if words[0][0].lower() != letters[0].lower() or not len(letters) - 1 <= len(words) <= len(letters):
            return None
        return pair

    @classmethod
    def _appositive(cls, doc: Doc, comma: int, short_i: int) -> tuple[Span, Span] | None:
        """"QOFI, Quux OF Images, a new model" / "QuuxVA: Large Quux and Vision Assistant, a ...":
        a Title-Case long form after the short form and a comma or colon. Stricter than a
        parenthesis: every word capitalised, first letters agree."""
        end = comma + 1
        while end < len(doc) and end - comma <= 6 and doc[end].text not in (",", "(", ":", ".", ";"):
            end += 1
        if end >= len(doc) or doc[end].text not in (",", "(", ":") or end - comma < 3:
            return None
        inner = doc[comma + 1:end]
        if not all(t.text[:1].isupper() or t.lower_ in _APPOSITIVE_INNER for t in inner):
            return None
        return cls._spelled_by(doc, short_i, inner)

    @classmethod
    def _described(cls, doc: Doc, comma: int, short_i: int) -> tuple[Span, Span] | None:
        """"QuWM, an Adaptive Quux World Model based on ...", "QuRa, an effective and efficient
        Quux Rank Reduction approach": after the comma, an article and a few lower-case words
        describe the short form by its Title-Case long form, which a lower-case word ends ("approach",
        "based"; after a comma or stop the long form is left to the words that type it)."""
        i = comma + 2
        while (i < len(doc) and i - comma <= 6 and doc[i].is_lower and doc[i].is_alpha
               and (doc[i].lower_ == "and" or doc[i].lower_ not in _SKIPPED_WORDS)
               and doc[i].lower_ not in _CLAUSE_OPENERS):
            i += 1  # "an effective and efficient ...", not "a benchmark for General Quux Assistants"
        end = i
        while end < len(doc) and end - i < 6 and (doc[end].text[:1].isupper() or doc[end].lower_ in _APPOSITIVE_INNER
                                                   and end + 1 < len(doc) and doc[end + 1].text[:1].isupper()):
            end += 1
        if end - i < 2 or end >= len(doc) or not doc[end].is_lower or doc[end].is_sent_start:
            return None  # "..., a Quux Task of Unlearning, a benchmark": the kind after the comma types it
        return cls._spelled_by(doc, short_i, doc[i:end])

    @classmethod
    def _spelled_by(cls, doc: Doc, short_i: int, inner: Span) -> tuple[Span, Span] | None:
        """The pair (inner, short form) when the short form spells the Title-Case words of `inner`."""
        pair = cls._reverse(doc[short_i:short_i + 1], inner)
        if pair is None:
            return None
        letters = [c for c in doc[short_i].text if c.isalpha()]
        words = inner.text.replace("-", " ").split()
        if words[0][0].lower() != letters[0].lower() or len(words) > len(letters):
            return None
        return pair

    @staticmethod
    def _reverse(short: Span, inner: Span) -> tuple[Span, Span] | None:
        if not is_short_form(short.text) or short[0].is_punct:
            return None
        offset = find_long_form(short.text, inner.text)
        if offset != 0 or len(inner.text) <= len(short.text):
            return None
        return inner, short


@Language.factory("kg_abbreviations", assigns=["doc._.kg_abbreviations"])
def make_abbreviations(nlp: Language, name: str) -> AbbreviationDetector:
    """Factory of the Schwartz-Hearst abbreviation detector."""
    return AbbreviationDetector()


if not Doc.has_extension("kg_abbreviations"):
    Doc.set_extension("kg_abbreviations", default=None)
