"""Lower-case technique names in method positions: "we adopt behavior cloning and
projected gradient descent", "combined with normalizing flows", "via knowledge distillation".

Without a tagger a lower-case noun phrase is a technique only where the
sentence puts a method: right after a use or comparison cue (the `kg_cues`
spans, "after" side) or "via", and the phrases coordinated with it. The phrase
is grown from lower-case content words (`phrases.is_modifier`) and must end in
a method head word (`ontology/patterns/method_heads.txt`): "conjugate gradient",
"variational autoencoders". A known method written with one more modifier
("projected gradient descent" around the listed "gradient descent") is the
longer technique wherever it stands.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from spacy.tokens import Doc, Span

from kg.nlp import word_group
from kg.nlp.phrases import CLASS_PLURALS, PhraseLexicon, is_modifier
from kg.nlp.tokens import list_opener, tokens

_POSITION_RELATIONS = frozenset({"builds_on", "compared_with"})
_COMPARISON = frozenset({"compared_with"})
_POSITION_WORDS = {"via"}
_SKIP = frozenset(word_group("technique_skip"))  # ontology/patterns/word_groups.tsv
_GLUE = {",", "and", "or", "as", "well", "/"}
_NOT_NAMES = frozenset(word_group("technique_not_name"))  # ontology/patterns/word_groups.tsv
_WEAK_HEADS = frozenset(word_group("weak_technique_head"))  # "first-order gradients": a quantity, no technique
_APPLIED_TO = {"to", "on", "into", "in", "for"}  # "applied to X", "pre-training on X": X is what is worked on
_MAX_WORDS = 4
_MAX_ITEMS = 5


@lru_cache(maxsize=4)
def _strong_heads(heads: frozenset[str]) -> frozenset[str]:
    """The head words a new technique may end in: all but the weak ones (once per lexicon, not per Doc)."""
    return heads - _WEAK_HEADS


def technique_spans(doc: Doc, lex: PhraseLexicon, heads: frozenset[str]) -> Iterator[Span]:
    """Technique phrases (label Method, source "technique") of the Doc."""
    known = {(s.start, s.end) for s in doc.spans.get("kg_gazetteer", []) if s.label_ == "Method"}
    strong = _strong_heads(heads)  # a listed method with one more modifier may end in any head
    for start in _positions(doc):
        yield from (s for s in _listed(doc, start, lex, strong) if (s.start, s.end) not in known)
    yield from _extended_known(doc, lex, heads)


def used_tasks(doc: Doc, entities: list[Span], compared_only: bool = False) -> set[int]:
    """Starts of the Task entities that stand where the sentence puts a method: right after a use or
    comparison cue ("inspired by in-context learning", "compared to standard contrastive learning"),
    after a class of methods and a list opener ("prompting methods, such as in-context learning"),
    and the tasks coordinated with those. There the named practice is a technique the paper uses or
    measures against, not a task it addresses. Cues that name what a method is applied to ("applied
    to X", "pre-training on X") are not such places. With `compared_only`, only the places right after
    a comparison cue count ("outperforms adversarial training")."""
    starts: set[int] = set()
    places = (_cue_ends(doc, _COMPARISON) if compared_only
              else (*_positions(doc, applied=False), *_class_members(doc)))
    for i in places:
        while i < len(doc) and doc[i].lower_ in _SKIP:
            i += 1
        starts.add(i)
    tasks = sorted((e for e in entities if e.label_ == "Task"), key=lambda e: e.start)
    found: set[int] = set()
    last = None
    for e in tasks:
        glue = ([t.lower_ for t in doc[last.end:e.start]] if last is not None and last.start in found
                and 0 < e.start - last.end <= 2 else None)
        if e.start in starts or (glue and all(g in _GLUE for g in glue)):
            found.add(e.start)
        last = e
    return found


def _class_members(doc: Doc) -> Iterator[int]:
    """The token after "<methods/techniques/...> (,) such as / including / like / e.g.,"."""
    toks = tokens(doc)
    for t in toks:
        if t.lower_ not in CLASS_PLURALS:
            continue
        i = t.i + 1
        while i < len(doc) and toks[i].text in (",", "("):
            i += 1
        n = list_opener(toks, i)
        if not n:
            continue
        i += n
        while i < len(doc) and toks[i].text == ",":
            i += 1
        yield i


def _cue_ends(doc: Doc, relations: frozenset[str], applied: bool = True) -> Iterator[int]:
    """The token right after each cue of `relations` (with `applied`, also "applied to X")."""
    for cue in doc.spans.get("kg_cues", []):
        if cue.label_ in relations and cue.id_ == "after" and cue.end < len(doc):
            if applied or cue[-1].lower_ not in _APPLIED_TO:
                yield cue.end


def _positions(doc: Doc, applied: bool = True) -> Iterator[int]:
    """Where a sentence puts a method: after a use or comparison cue, and after "via"."""
    yield from _cue_ends(doc, _POSITION_RELATIONS, applied)
    for token in tokens(doc)[:-1]:
        if token.lower_ in _POSITION_WORDS:
            yield token.i + 1


def _listed(doc: Doc, i: int, lex: PhraseLexicon, heads: frozenset[str]) -> Iterator[Span]:
    """Coordinated technique phrases starting at token i: "X, Y and Z"."""
    end = min(len(doc), i + 30)
    for _ in range(_MAX_ITEMS):
        while i < end and doc[i].lower_ in _SKIP:
            i += 1
        start = i
        while i < end and i - start < _MAX_WORDS and _word(doc[i], lex):
            i += 1
        if i == start:
            while i < end and i - start < 3 and _name_word(doc[i]):
                i += 1  # a name in the list ("we use CLIP and contrastive learning")
            if i == start:
                return
        if i < end and _word(doc[i], lex):
            return  # longer than a name: a description, not a technique
        if i - start >= 2 and doc[i - 1].lower_ in heads and _plain(doc[start:i], lex):
            yield Span(doc, start, i, label="Method", kb_id=doc[start:i].text, span_id="technique")
        if i >= end or doc[i].lower_ not in _GLUE:
            return
        while i < end and doc[i].lower_ in _GLUE:
            i += 1


def _plain(span: Span, lex: PhraseLexicon) -> bool:
    """Lower-case words only, no evaluative word, not a generic class ("deep neural networks")."""
    return (span.text.islower() and not any(t.lower_ in _NOT_NAMES for t in span)
            and span.text not in lex.generic)


def _name_word(token) -> bool:
    text = token.text
    return text[:1].isalnum() and not text.islower() and not token.is_punct


def _word(token, lex: PhraseLexicon) -> bool:
    return is_modifier(token, lex) and not token.is_sent_start


def _extended_known(doc: Doc, lex: PhraseLexicon, heads: frozenset[str]) -> Iterator[Span]:
    """A lower-case known method with one more lower-case modifier before it."""
    for span in doc.spans.get("kg_gazetteer", []):
        if (span.label_ != "Method" or len(span) < 2 or span.start == 0 or not span.text.islower()
                or span[-1].lower_ not in heads or not _plain(doc[span.start - 1:span.end], lex)):
            continue
        prev = doc[span.start - 1]
        if _word(prev, lex) and not (span.start > 1 and _word(doc[span.start - 2], lex)):
            yield Span(doc, span.start - 1, span.end, label="Method", kb_id=doc[span.start - 1:span.end].text,
                       span_id="technique")
