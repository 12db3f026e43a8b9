"""Task names stated by a frame rather than by a plain head-word phrase.

- An acronym inside the phrase: "Quux-to-Blob (Q2B) synthesis" names the task
  "quux-to-blob synthesis"; a later "Q2B synthesis" is the same task.
- "X of Y" with a task head: "detection of machine-written text" is the task
  "machine-written text detection" (the usual compound form).
- "the problem of X" / "the task of X": "we study the problem of learning
  sparse quux networks" names "learning sparse quux networks".
- "the X problem": "the over-quuxing problem" names "over-quuxing".

Every phrase is built from lower-case content words (`phrases.is_modifier`),
so names of methods and datasets never enter a task.
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Doc, Span

from kg.nlp import word_group
from kg.nlp.tokens import tokens

_FRAME_NOUNS = {"problem", "task"}
_FRAME_DETERMINERS = {"the", "a", "this"}
_FUNCTION_WORDS = frozenset(word_group("function_word"))  # ontology/patterns/word_groups.tsv
_MAX_OBJECT = 4  # content words after "of"


_FRAMING_BEFORE = {"for", "in", "on", "as", "like", "including", "perform", "performs", "performed", "performing",
                   "address", "addresses", "addressing", "tackle", "tackles", "tackling", "study", "studies"}
_FRAMING_AFTER = {"task", "tasks", "problem", "problems", "domain", "domains", "setting", "settings",
                  "scenario", "scenarios", "capability", "capabilities", "field", "fields", "research",
                  "community", "literature", "application", "applications", "benchmark", "benchmarks",
                  "is", "are", "remains", "has", "have"}


def framed(doc: Doc, start: int, end: int, first_end: int) -> bool:
    """Is the phrase doc[start:end] framed as a task (not as a step of a method)?

    In the first sentence, after "for/in/on/as/such as", before "task(s)/problem(s)/
    domain(s)/..." or as the subject of "is/are".
    """
    if start < first_end:
        return True
    if start > 0 and doc[start - 1].lower_ in _FRAMING_BEFORE:
        return True
    return end < len(doc) and doc[end].lower_ in _FRAMING_AFTER


def first_sentence_end(doc: Doc) -> int:
    """Index of the first token of the second sentence (len(doc) when there is one sentence)."""
    return next((t.i for t in tokens(doc)[1:] if t.is_sent_start), len(doc))


def frame_tasks(doc: Doc, lex) -> Iterator[Span]:
    """All frame-stated task phrases of the Doc (kb_id = the task name)."""
    yield from _acronym_tasks(doc, lex)
    yield from _of_tasks(doc, lex)
    yield from _opening_subject(doc, lex)
    yield from _purpose_tasks(doc, lex)
    yield from _problem_tasks(doc, lex)


_SUBJECT_VERBS = frozenset(word_group("subject_verb")) | {","}  # ontology/patterns/word_groups.tsv
_NOUN_ENDINGS = ("tion", "sion", "ing", "ment", "ance", "ence", "sis", "ity", "ics", "ure")
_ARTIFACTS = {"framework", "method", "approach", "algorithm", "technique", "pipeline", "system", "model",
              "strategy", "paradigm"}


def _opening_subject(doc: Doc, lex) -> Iterator[Span]:
    """"Sound content creation, essential for ...", "Program repair is ...", "Offline quux
    optimization (OQO) aims to ...": the abstract opens by naming its problem. The subject's verb
    (`subject_verb`) ends the phrase, even where it could be read as a plural noun ("aims")."""
    from kg.nlp.phrases import is_modifier

    end = 0
    while (end < min(len(doc), 4) and doc[end].lower_ not in _SUBJECT_VERBS and is_modifier(doc[end], lex)
           and (end == 0 or doc[end].text.islower())):
        end += 1
    verb = end + 3 if end + 3 < len(doc) and doc[end].text == "(" and doc[end + 2].text == ")" else end
    if 2 <= end < len(doc) and doc[verb].lower_ in _SUBJECT_VERBS and doc[end - 1].lower_.endswith(_NOUN_ENDINGS):
        yield Span(doc, 0, end, kb_id=_lower_first(doc[0:end].text))


def _purpose_tasks(doc: Doc, lex) -> Iterator[Span]:
    """"a framework for text-to-sound generation": what a method is for is the task."""
    toks = tokens(doc)
    from kg.nlp.phrases import is_modifier

    for token in tokens(doc)[1:-2]:
        if token.lower_ not in _ARTIFACTS or toks[token.i + 1].lower_ != "for":
            continue
        start = end = token.i + 2
        while end < len(doc) and end - start < _MAX_OBJECT and is_modifier(toks[end], lex):
            end += 1
        if end - start >= 1 and (end >= len(doc) or _closes(toks[end])) and \
                toks[end - 1].lower_.endswith(_NOUN_ENDINGS) and not is_plural(toks[end - 1].lower_):
            yield Span(doc, start, end, kb_id=doc[start:end].text)


_ADJECTIVE_ENDINGS = word_group("adjective_ending")  # ontology/patterns/word_groups.tsv
_PROBLEM_OPENERS = frozenset(word_group("problem_opener"))


def _problem_tasks(doc: Doc, lex) -> Iterator[Span]:
    """"the over-smoothing problem", "a memory imbalance problem": what a problem is named by.

    One to three lower-case content words between a determiner, preposition or problem verb
    and "problem(s)"; a single word must end as a noun ("the inverse problem", "the semi-dual
    problem" name none), and no phrase may end in an adjective ("geometric problems").
    """
    toks = tokens(doc)
    from kg.nlp.phrases import grow_left, is_modifier

    for token in toks[2:-1]:
        if token.lower_ not in ("problem", "problems") or toks[token.i + 1].lower_ in ("solving", "solver", "solvers"):
            continue  # "geometric problem solving" is a task head of its own
        if not (is_modifier(toks[token.i - 1], lex) and toks[token.i - 1].text.islower()):
            continue
        start = grow_left(doc, token.i - 1, lex)
        if start == 0 or toks[start - 1].lower_ not in _PROBLEM_OPENERS:
            continue
        words = doc[start:token.i]
        last = words[-1].lower_.rsplit("-", 1)[-1]
        if len(words) == 1 and not (last.endswith(_NOUN_ENDINGS) or last in lex.task_heads):
            continue
        if last.endswith(_ADJECTIVE_ENDINGS):
            continue  # "text-based mathematical problems", "solving geometric problems": no name
        listed = _listed_problem(doc, start, token.i)
        if listed is not None:  # "linear inverse problems"; "solving inverse problems" is "inverse problems"
            first = start + (start < listed and doc[start].lower_.endswith("ing"))
            yield Span(doc, first, token.i + 1, kb_id=doc[first:token.i + 1].text)
        elif words.text.lower() not in lex.generic:
            yield Span(doc, start, token.i, kb_id=words.text)


def _listed_problem(doc: Doc, start: int, problem: int) -> int | None:
    """"linear [inverse problems]", "large-scale [traveling salesman problems]": where the problem word
    is part of a listed task the phrase ends in, that task's first token; the word then stays in the
    name ("linear inverse" names nothing)."""
    return next((s.start for s in doc.spans.get("kg_gazetteer", [])
                 if s.label_ == "Task" and s.end == problem + 1 and start <= s.start < problem), None)


def _acronym_tasks(doc: Doc, lex) -> Iterator[Span]:
    """"Long Form (LF) head": the long form plus the head word after the parenthesis."""
    defined: dict[str, str] = {}
    for long, short in doc._.kg_abbreviations or []:
        after = short.end + 1
        if short.end >= len(doc) or doc[short.end].text != ")" or after >= len(doc):
            continue
        head = doc[after]
        if head.lower_ not in lex.task_heads or not head.text.islower() or not _ends_phrase(doc, after, lex):
            continue
        name = f"{_lower_first(long.text)} {head.text}"
        defined[short.text] = name
        yield Span(doc, long.start, after + 1, kb_id=name)
    if not defined:
        return
    for token in tokens(doc)[:-1]:
        name = defined.get(token.text)
        nxt = doc[token.i + 1]
        if name is not None and name.endswith(" " + nxt.text) and _ends_phrase(doc, nxt.i, lex):
            yield Span(doc, token.i, token.i + 2, kb_id=name)


def _of_tasks(doc: Doc, lex) -> Iterator[Span]:
    """"the detection of X" -> "X detection"; "the problem of X-ing Y" -> "X-ing Y"."""
    toks = tokens(doc)
    from kg.nlp.phrases import is_modifier

    for token in tokens(doc)[1:-2]:
        low = token.lower_
        if toks[token.i + 1].lower_ != "of" or not token.text.islower():
            continue
        frame = low in _FRAME_NOUNS and toks[token.i - 1].lower_ in _FRAME_DETERMINERS
        if not frame and (low not in lex.task_heads or toks[token.i - 1].lower_ not in _FRAME_DETERMINERS):
            continue
        start = token.i + 2
        end = start
        while end < len(doc) and end - start < _MAX_OBJECT and is_modifier(toks[end], lex):
            end += 1
        if end == start or (end < len(doc) and is_modifier(toks[end], lex)):
            continue  # nothing, or a longer phrase than a task name
        if end < len(doc) and not _closes(toks[end]):
            continue  # "detection of text in images" states more than a name
        words = doc[start:end]
        if frame:
            if words[0].lower_.endswith("ing") or words[-1].lower_ in lex.task_heads:
                yield Span(doc, start, end, kb_id=words.text)
        elif words[-1].lower_ not in lex.task_heads and not is_plural(words[-1].lower_):
            yield Span(doc, token.i, end, kb_id=f"{words.text} {token.text}")


_NOT_PLURAL_ENDINGS = tuple(word_group("not_plural_ending"))  # "loss", "corpus", "analysis", "physics"


def is_plural(word: str) -> bool:
    """"of unimodal encoders", "stock prices": a lower-case word in "-s" that names a set of things."""
    return word.endswith("s") and not word.endswith(_NOT_PLURAL_ENDINGS)


def _closes(token) -> bool:
    """A token after which a name may end: punctuation or a clause word."""
    return token.is_punct or token.lower_ in {"and", "or", "via", "with", "using", "by", "that", "which",
                                              "in", "on", "for", "from", "is", "are", "remains", "under"}


def _ends_phrase(doc: Doc, i: int, lex) -> bool:
    return i + 1 >= len(doc) or doc[i + 1].is_punct or doc[i + 1].lower_ in lex.stop


def _lower_first(text: str) -> str:
    words = text.replace("-", " ").split()
    content = [w for w in words if w.lower() not in _FUNCTION_WORDS]
    if len(words) > 1 and all(w[:1].isupper() or not w[:1].isalpha() for w in content):
        return text.lower()  # "Text-to-Image" -> "text-to-image"
    if text[:1].isupper() and text[1:2].islower() and all(not w[:1].isupper() for w in words[1:]):
        return text[0].lower() + text[1:]
    return text
