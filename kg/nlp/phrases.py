"""Task and metric noun phrases found by their head word, without a tagger.

A blank pipeline has no part-of-speech tags, so a phrase is grown leftwards
from a head word ("detection", "accuracy") over lower-case content words
that are not in a stop list: "... on incremental object detection" gives
"incremental object detection". Lists after "tasks such as" / "metrics
including" are split on commas and "and". Every word list is a data file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from kg.nlp import word_group
from kg.nlp.tokens import tokens
from kg.nlp.taskframes import first_sentence_end, frame_tasks, framed, is_plural

_MAX_MODIFIERS = 3
_TITLE_FRAMING = ("for", "in", "on", "towards", "toward", "under", "of")  # title words that make what follows a task
_TITLE_WORD = re.compile(r"[^\W_](?:[\w'’-]*[^\W_])?")  # a title's words, hyphenated ones whole
_METRIC_WINDOW = 8  # tokens either side of a metric phrase in which a reported number is looked for
_ARTICLES = frozenset(word_group("measure_article"))  # "achieves a convergence rate" (word_groups.tsv)
_BIG_O = frozenset(word_group("bound_symbol"))  # "a rate of O(1/sqrtT)": a reported bound
MAX_LIST_ITEM = 4  # content words of one item of a list of tasks or metrics
_ADJ_SUFFIXES = ("-related", "-specific", "-centric", "-based", "-like", "-level", "-aware", "-wise", "-free")
# "X tasks" names a task only when X looks like a noun ("translation tasks", not "disparate tasks").
NOUN_ENDINGS = tuple(word_group("noun_ending"))  # ontology/patterns/word_groups.tsv
_NOT_TASK_GERUNDS = frozenset(word_group("not_task_gerund"))
_UNSHARED_HEADS = frozenset(word_group("unshared_task_head"))
_SINGLE_METRICS = frozenset(word_group("single_metric"))  # a head word that is a measure alone (word_groups.tsv)
_FOLLOWERS = {
    "setting", "settings", "scenario", "scenarios", "domain", "domains", "capability", "capabilities",
    "community", "field", "fields", "research", "literature", "application", "applications",
    "benchmark", "benchmarks", "improvement", "improvements", "gain", "gains", "drop", "degradation",
    "pipeline", "pipelines", "process", "regime", "regimes", "objective", "objectives",
}
_FIXED_PAIRS = frozenset(tuple(p.split()) for p in word_group("fixed_modifier_pair"))  # ("de", "novo")
_DOMAIN_FRAMES = frozenset(word_group("domain_frame"))  # list frames of application domains (word_groups.tsv)
_LIST_FRAMES = {"task", "tasks", "problems"} | _DOMAIN_FRAMES
_LIST_QUALIFIERS = {"downstream", "various", "several", "different", "multiple", "diverse", "standard", "challenging"}
_BACK_GLUE = {",", "and", "or", "as", "well"}
_BACK_OPEN = {"on", "in", "for", "to", "across", "of", ":", "("}
_LIST_INTRODUCERS = {"such", "including", "like", "e.g.", "(", ":", "namely"}
_LIST_SEPARATORS = {",", "and", "or", "as", "well", "(", ":", "such", "including", "like", "e.g.", "i.e."}


@dataclass(frozen=True)
class PhraseLexicon:
    """Word lists that drive phrase finding (loaded once by the names component)."""

    task_heads: frozenset[str]
    metric_heads: frozenset[str]
    stop: frozenset[str]
    generic: frozenset[str]
    type_words: dict[str, str]
    field_words: frozenset[str]
    metric_cues: frozenset[str]
    weak_heads: frozenset[str] = frozenset()
    metric_shapes: re.Pattern[str] | None = None  # one token that is a metric by its shape ("Pass@128")
    report_cues: tuple[str, ...] = ()  # words before a metric phrase that report it ("reduces the")
    aspect_cues: tuple[tuple[str, ...], ...] = ()  # "in terms of": the measures of a comparison follow


def is_modifier(token: Token, lex: PhraseLexicon) -> bool:
    """A lower-case content word that may sit inside a task or metric phrase."""
    text = token.text
    low = text.lower()
    if low in lex.stop or token.like_url or token.like_num or not any(c.isalpha() for c in text) or text[0] == "-":
        return False  # "-fold" in "10-fold speedup" belongs to the number
    if text in lex.field_words or (text[:1].isdigit() and text[-1:] in "Dd" and len(text) <= 3):
        return True  # "LLM prompting", "3D detection"
    if text[:1].isdigit():
        return False  # "2.01x speedup": a reported value, not part of the measure's name
    if not (text.islower() or (token.is_sent_start and text[1:].islower())):
        return False
    return len(text) > 2 and not low.endswith("ly")


def grow_left(doc: Doc, head: int, lex: PhraseLexicon) -> int:
    """First token index of the phrase that ends at `head`."""
    toks = tokens(doc)
    start = head
    while start > 0 and head - start < _MAX_MODIFIERS and is_modifier(toks[start - 1], lex):
        if toks[start - 1].is_sent_start and start - 1 != 0 and not toks[start - 1].text.islower():
            start -= 1
            break
        start -= 1
        if toks[start].is_sent_start:
            break
    if 0 < start < head and (toks[start - 1].lower_, toks[start].lower_) in _FIXED_PAIRS:
        start -= 1  # "de novo protein design": the short first word of a fixed pair belongs to it
    return start


def _head_ok(token: Token, lex: PhraseLexicon) -> bool:
    """The head ends its phrase: next comes punctuation, a function word or a frame noun.

    "understanding diagrams" (a verb with its object) and "learning methods"
    (a modifier of a method) are not task names.
    """
    if token.i + 1 >= len(token.doc):
        return True
    nxt = token.nbor(1)
    low = nxt.lower_
    if lex.type_words.get(low) == "Method":
        return False
    return (nxt.is_punct or low in lex.stop or low in _FOLLOWERS or low.endswith("ly")
            or not any(c.isalpha() for c in low))


def _before_method_kind(token: Token, lex: PhraseLexicon) -> bool:
    """"object recognition models", "data retrieval methods": a strong task head before a kind of
    method names the task those methods do (the phrase still needs a modifier)."""
    return (token.lower_ != "learning" and token.i + 1 < len(token.doc)
            and lex.type_words.get(token.nbor(1).lower_) == "Method")  # "manifold learning methods": a kind of learner


_MEANS_OPENERS = frozenset(word_group("means_opener"))  # ontology/patterns/word_groups.tsv


def _means_verb(toks: list[Token], i: int) -> bool:
    """Is token i a verb in -ing after a word that opens a means or a time ("by adapting X", "when
    training X")? Such a verb takes the phrase as its object; it does not name the task."""
    return i > 0 and toks[i].lower_.endswith("ing") and toks[i - 1].lower_ in _MEANS_OPENERS


def _task_start(doc: Doc, toks: list[Token], head: int, last: int, lex: PhraseLexicon) -> int:
    """Where a task phrase ending at token `last` starts: its modifiers grown left from `head`, less a
    verb in -ing that takes the phrase as its object ("by adapting curriculum learning")."""
    start = grow_left(doc, head, lex)
    return start + 1 if start < last and _means_verb(toks, start) else start


_PROBLEM_KINDS = frozenset(word_group("problem_kind"))  # ontology/patterns/word_groups.tsv
NAMING_WORDS = frozenset({"called", "named", "termed", "dubbed", "coined"})  # words that give a name
CLASS_PLURALS = frozenset(w.lower() for w in word_group("class_plural"))  # "baselines", "LLMs": classes with members
METRIC_KINDS = frozenset(word_group("metric_kind"))  # "metric", "measure": kinds that make a new name a metric


def names_metric_kind(word: str) -> bool:
    """"metric(s)", "measure(s)": a kind word, singular or plural, that makes a new name a metric."""
    return word in METRIC_KINDS or word[:-1] in METRIC_KINDS


_NAME_LEAD = frozenset(word_group("quoted_name_lead"))  # "called the *quux* problem": words before the name


def called_a_problem(span: Span) -> bool:
    """"a new problem called partial label quux adaptation (PLQA)", "a setting termed X": a name given
    to a problem or setting (`problem_kind`) names a task, which the guidelines never list as proposed."""
    doc, i = span.doc, span.start - 1
    while i >= 0 and doc[i].lower_ in _NAME_LEAD:
        i -= 1
    if i < 1 or doc[i].lower_ not in NAMING_WORDS:
        return False
    i -= 1 + (doc[i - 1].text == ",")
    return i >= 0 and doc[i].lower_ in _PROBLEM_KINDS


def task_phrases(doc: Doc, lex: PhraseLexicon) -> Iterator[Span]:
    """Phrases ending in a task head word, with at least one modifier, and those that lists and
    frames state. A general gerund alone (`not_task_gerund`: "for training and solving tasks")
    names none."""
    return (s for s in _task_candidates(doc, lex) if not (len(s) == 1 and s[0].lower_ in _NOT_TASK_GERUNDS))


def _task_candidates(doc: Doc, lex: PhraseLexicon) -> Iterator[Span]:
    """Phrases ending in a task head word, with at least one modifier.

    A phrase ending in a weak head ("training", "generation") must be framed as a task.
    """
    toks = tokens(doc)
    first_end = first_sentence_end(doc)
    for token in toks:
        low = token.text.lower()
        if low not in lex.task_heads or not (token.text.islower() or token.is_sent_start):
            continue
        if not _head_ok(token, lex) and not (low not in lex.weak_heads and _before_method_kind(token, lex)):
            continue
        head = token.i
        if low == "solving" and head > 0 and toks[head - 1].lower_ in ("problem", "problems"):
            head -= 1  # "mathematical problem solving": "problem solving" is the head
        start = _task_start(doc, toks, head, token.i, lex)
        if start < token.i:
            span = doc[start:token.i + 1]
            if low in lex.weak_heads and not framed(doc, start, token.i + 1, first_end):
                continue
            if span.text.lower() not in lex.generic and not span[0].text.lower().endswith(_ADJ_SUFFIXES):
                yield span
    yield from _task_lists(doc, lex)
    yield from frame_tasks(doc, lex)


def title_tasks(doc: Doc, title: str | None, lex: PhraseLexicon) -> list[Span]:
    """Task phrases of the abstract that the title states too: "... for Language Model
    Pre-training" makes "language model pre-training" in the abstract a task, where its weak head
    would otherwise need a framing word. The phrase is the abstract's own head-word phrase
    (`grow_left`), cut to the longest ending that the title holds word for word. What the title
    frames needs no head word (`_framed_title_phrases`: "... in Peer Review")."""
    if not title:
        return []
    words = _TITLE_WORD.findall(title.lower())
    said, heads = " " + " ".join(words) + " ", lex.task_heads.intersection(words)
    out = []
    for token in tokens(doc):
        low = token.lower_
        if low not in heads or not token.text.islower():
            continue
        if not _head_ok(token, lex):
            continue
        for start in range(grow_left(doc, token.i, lex), token.i):
            phrase = " ".join(t.lower_ for t in doc[start:token.i + 1])
            if f" {phrase} " in said and phrase not in lex.generic:
                if low not in lex.weak_heads or _title_framed(said, phrase):
                    span = doc[start:token.i + 1]
                    out.append(Span(doc, start, token.i + 1, label="Task", kb_id=span.text, span_id="title task"))
                break
    taken = {(s.start, s.end) for s in out}
    for span in _framed_title_phrases(doc, title, lex):
        if (span.start, span.end) not in taken:
            out.append(span)
    return out


_TITLE_FRAMES = frozenset(word_group("title_frame"))  # ontology/patterns/word_groups.tsv
_TITLE_NOT_TASK = frozenset(word_group("title_not_task"))


def _framed_title_phrases(doc: Doc, title: str, lex: PhraseLexicon) -> list[Span]:
    """"... for Few-Shot Imitation Learning", "Group Fairness in Peer Review": the run of capitalised
    words after a framing word of the title names what the paper addresses. Its longest ending that
    the abstract writes (two words at least, unless the run is one noun) is that task there. The run
    that opens the title ("Mask Propagation for ...") counts too, where the abstract writes it in
    lower case (a coined name keeps its capitals), has two words at least, does not end in a weak
    head ("Zorbic Network Pre-training with ...") and is not all the title puts before a colon
    (`_names_the_title`). A run that ends in a kind of system or data ("for Large Language Models")
    or a place ("in Latent Space") names none, nor does a lone gerund ("Towards Understanding ...")."""
    out: list[Span] = []
    for i, phrase, j in title_runs(title, _TITLE_FRAMES, opening=True):
        if (not phrase or any(w in lex.stop for w in phrase) or phrase[-1] in _TITLE_NOT_TASK
                or lex.type_words.get(phrase[-1]) in ("Method", "Dataset", "Benchmark")
                or (len(phrase) == 1 and (i < 0 or phrase[0].endswith("ing")
                                          or not phrase[0].endswith(NOUN_ENDINGS)))
                or (i < 0 and (phrase[-1] in lex.weak_heads or _names_the_title(title, j)))):
            continue
        for k in range(max(1, len(phrase) - 1)):
            ending = phrase[k:]
            if " ".join(ending) in lex.generic:
                continue
            found = _find_words(doc, ending)
            if i < 0:
                found = [a for a in found if doc[a:a + len(ending)].text.islower()]
            if found:
                out += [Span(doc, a, a + len(ending), label="Task", kb_id=doc[a:a + len(ending)].text,
                             span_id="title task") for a in found]
                break
    return out


def title_runs(title: str, frames: frozenset[str], opening: bool = False) -> list[tuple[int, list[str], int]]:
    """The runs of capitalised words (or words opening with a digit, "3D") right after a title word
    in `frames`, lower-cased: (index of the frame word, the run, index after the run). With
    `opening`, the run that opens the title comes first, with index -1."""
    words = _TITLE_WORD.findall(title)
    runs = []
    for i in range(-1 if opening else 0, len(words) - 1):
        if i >= 0 and words[i].lower() not in frames:
            continue
        j = i + 1
        while j < len(words) and (words[j][:1].isupper() or words[j][:1].isdigit()):
            j += 1
        runs.append((i, [w.lower() for w in words[i + 1:j]], j))
    return runs


def title_words(text: str) -> list[str]:
    """The words of a title (hyphenated ones whole), as the title rules read them."""
    return _TITLE_WORD.findall(text)


def _names_the_title(title: str, n: int) -> bool:
    """Is the title's opening run of n words all that stands before its colon ("Contrastive
    Tuning: ...")? Then it is as often the name of the paper's method as a task."""
    head, colon, _ = title.partition(":")
    return bool(colon) and len(_TITLE_WORD.findall(head)) == n


def _find_words(doc: Doc, words: list[str]) -> list[int]:
    """Starts of the token runs whose lower-case texts are `words`."""
    n = len(words)
    return [t.i for t in tokens(doc) if t.lower_ == words[0] and t.i + n <= len(doc)
            and [x.lower_ for x in doc[t.i:t.i + n]] == words]


def _title_framed(said: str, phrase: str) -> bool:
    """Does the title put the phrase after a framing word ("... for Language Model Pre-training")?
    A weak head at the start of a title is as often the new method's name ("Contrastive Tuning: ...")."""
    return any(f" {word} {phrase} " in said for word in _TITLE_FRAMING)


def _task_lists(doc: Doc, lex: PhraseLexicon) -> Iterator[Span]:
    """"X tasks", "A, B and C tasks", and items listed after "tasks/applications such as"."""
    toks = tokens(doc)
    for token in toks:
        low = token.text.lower()
        if low in ("task", "tasks") and token.i > 0:
            prev = toks[token.i - 1]
            if is_modifier(prev, lex) and prev.text.lower().endswith(NOUN_ENDINGS):
                start = grow_left(doc, prev.i, lex)
                named = doc[start:prev.i + 1]
                if (prev.text.lower() not in lex.task_heads or start == prev.i) and named.text.lower() not in lex.generic:
                    yield named
                elif start == prev.i:  # a generic one-word head ("... and generation tasks") shares the
                    yield from _shared_modifier(doc, start, lex)  # modifiers of the task coordinated before it
                yield from (item for item in _items_before(doc, start, lex) if item.text.lower() not in lex.generic)
        if low in _LIST_FRAMES and token.i + 3 < len(doc):
            cue = token.i + 2 if toks[token.i + 1].text == "," else token.i + 1  # "tasks, including A and B"
            if toks[cue].lower_ in ("such", "including", "like"):
                one_word_domains = low in _DOMAIN_FRAMES  # "domains, including healthcare, finance"
                yield from (item for item in list_items(doc, cue, lex) if not (one_word_domains and len(item) == 1))


def _items_before(doc: Doc, i: int, lex: PhraseLexicon) -> Iterator[Span]:
    """"on A, B, as well as C tasks": the items coordinated before the last one."""
    while i > 0 and doc[i - 1].lower_ in _LIST_QUALIFIERS:
        i -= 1
    for _ in range(4):
        j = i
        while j > 0 and i - j < 4 and doc[j - 1].lower_ in _BACK_GLUE:
            j -= 1
        if j == i or j == 0:
            return
        end = j
        while j > 0 and end - j < MAX_LIST_ITEM and is_modifier(doc[j - 1], lex) and not doc[j].is_sent_start:
            j -= 1
        if j == end or (j > 0 and doc[j - 1].lower_ not in _BACK_GLUE | _BACK_OPEN):
            return
        yield doc[j:end]
        i = j


def _shared_modifier(doc: Doc, i: int, lex: PhraseLexicon) -> Iterator[Span]:
    """"image classification and generation tasks" names "image generation": a head too general to be a
    task alone ("generation", "understanding"), coordinated after a phrase of two or more words, shares
    that phrase's modifiers (the span is the head word; its kb_id the whole name)."""
    if i < 3 or doc[i - 1].lower_ not in ("and", "or"):
        return
    last = i - 2
    start = _task_start(doc, tokens(doc), last, last, lex)
    if start < last and doc[last].lower_ in lex.task_heads and doc[last].lower_ not in _UNSHARED_HEADS:
        yield Span(doc, i, i + 1, kb_id=f"{doc[start:last].text} {doc[i].text}")


def list_items(doc: Doc, i: int, lex: PhraseLexicon) -> Iterator[Span]:
    """Coordinated lower-case phrases starting at token i (after list cue words)."""
    end = min(len(doc), i + 30)
    while i < end and doc[i].lower_ in _LIST_SEPARATORS:
        i += 1
    while i < end:
        start = i
        while i < end and i - start < MAX_LIST_ITEM and is_modifier(doc[i], lex):
            i += 1
        if i == start:
            return
        if i + 1 < end and _noun_tail(doc[i]) and doc[i + 1].lower_ in (",", "and", "or", ".", ";", ")"):
            i += 1  # "experiment design": a noun that is also a verb ends the item
        yield doc[start:i]
        if i >= end or doc[i].lower_ not in (",", "and", "or"):
            return
        while i < end and doc[i].lower_ in (",", "and", "or"):
            i += 1


def _noun_tail(token: Token) -> bool:
    text = token.text
    return len(text) >= 5 and text.isalpha() and text.islower() and not text.endswith(("ly", "ed"))


def metric_phrases(doc: Doc, lex: PhraseLexicon) -> Iterator[Span]:
    """Metric names: head-word phrases, items after "metrics including", numbers' measures."""
    toks = tokens(doc)
    shapes = lex.metric_shapes
    ends = {s.end for s in doc.spans.get("kg_gazetteer", []) if s.label_ == "Metric"}  # "accuracy and speed"
    aspect_starts = {cue[0] for cue in lex.aspect_cues}
    for token in toks:
        text = token.text
        low = text.lower()
        if (shapes is not None and ("@" in low or (low != text and text[1:2].isupper() and text[0].islower()))
                and shapes.fullmatch(text)):
            yield doc[token.i:token.i + 1]
            continue
        if low in lex.metric_cues and token.i + 1 < len(doc) and toks[token.i + 1].lower_ in _LIST_INTRODUCERS:
            yield from list_items(doc, token.i + 1, lex)
        aspect_end = _aspect_cue_end(toks, token.i, lex.aspect_cues) if low in aspect_starts else None
        if aspect_end is not None and _compares_before(doc, token.i):
            yield from (item for item in list_items(doc, aspect_end, lex) if _measure_like(item))
        if low not in lex.metric_heads or not token.text.islower() or not _head_ok(token, lex):
            continue
        start = grow_left(doc, token.i, lex)
        after_number = token.i > 0 and (toks[token.i - 1].text == "%" or toks[token.i - 1].like_num)
        listed_after = (token.i >= 2 and toks[token.i - 1].lower_ in ("and", "or", ",")
                        and token.i - 1 in ends)  # one head word listed after a metric is one too
        if start == token.i and not (low in _SINGLE_METRICS or after_number or listed_after):
            continue
        if low == "time" and start < token.i and not _timed(toks[token.i - 1]):
            continue
        span = doc[start:token.i + 1]
        if not _reported(doc, start, token.i, lex.report_cues):
            continue
        if span.text.lower() not in lex.generic:
            ends.add(span.end)
            yield span
        yield from _coordinated_modifier(doc, start, token, lex)


def _aspect_cue_end(toks: list[Token], i: int, cues: tuple[tuple[str, ...], ...]) -> int | None:
    """Where the list after an aspect cue ("in terms of") starting at token i begins, if one does."""
    for cue in cues:
        n = len(cue)
        if toks[i].lower_ == cue[0] and i + n <= len(toks) and all(toks[i + k].lower_ == cue[k] for k in range(1, n)):
            return i + n + (1 if i + n < len(toks) and toks[i + n].lower_ in _ARTICLES else 0)
    return None


def _measure_like(item: Span) -> bool:
    """A list item that can name a measure: not an activity ("handling label skew", "learning")
    and no "and/or"."""
    first = item[0].lower_
    return not (first.endswith("ing") and len(first) > 5) and all("/" not in t.text for t in item)


def _compares_before(doc: Doc, i: int) -> bool:
    """Does a comparison or improvement cue come before token i in its sentence? Not an "own" cue ("in
    contrast to X, ... with respect to random matrices"): whether its sentence is about the paper's work
    is known only once the names are (`kg.nlp.uses.compared`), and it states no measured result."""
    start = i
    while start > 0 and not doc[start].is_sent_start:
        start -= 1
    return any(c.label_ in ("compared_with", "improves") and c.id_ != "own" and start <= c.start < i
               for c in doc.spans.get("kg_cues", []))


def _reported(doc: Doc, start: int, head: int, cues: tuple[str, ...]) -> bool:
    """A metric phrase names a measure only where something is measured with it:
    a number close by ("2.69 FID", "accuracy of 91%"), or "in terms of" / "measured
    by" / "reduces" / "achieves a" before it (`PhraseLexicon.report_cues`). "decrease the truncation error"
    is prose."""
    lo, hi = max(0, start - _METRIC_WINDOW), min(len(doc), head + 1 + _METRIC_WINDOW)
    for i in range(start - 1, lo - 1, -1):  # left, inside the sentence
        if is_value(doc[i]):
            return True
        if doc[i].is_sent_start:
            break
    for i in range(head + 1, hi):  # right, inside the sentence
        if doc[i].is_sent_start:
            break
        if is_value(doc[i]) or _big_o(doc, i):
            return True
    cue_end = start - 1 if start > 0 and doc[start - 1].lower_ in _ARTICLES else start
    before = " " + " ".join(t.lower_ for t in doc[max(0, cue_end - 4):cue_end])
    return any(before.endswith(" " + cue) and not _aim(before, cue)
               for cue in cues)  # whole words: "band" is not "and"


_AIM_VERBS = frozenset(word_group("aim_verb"))  # ontology/patterns/word_groups.tsv


def _aim(before: str, cue: str) -> bool:
    """"to improve the acceptance rate", "to reduce the query time": a verb's base form after "to"
    states an aim, not a reported measure ("leading to improved accuracy", "leading to lower memory"
    report one)."""
    return cue.split()[0] in _AIM_VERBS and before.endswith(" to " + cue)


def _big_o(doc: Doc, i: int) -> bool:
    """"O(logT/sqrtT)", "tildeO (K^-1)": an asymptotic bound, the value of a rate or a complexity."""
    text = doc[i].text
    head, paren, _rest = text.partition("(")
    if paren:
        return head in _BIG_O
    return text in _BIG_O and i + 1 < len(doc) and doc[i + 1].text == "("


_APPROXIMATE = "~≈∼<>≤≥+±"  # signs before an approximate or bounded value: "~1.5×", "≥90%"


def is_value(token: Token) -> bool:
    """A reported number: "91", "2.5", "%", "3x", "~1.5×" (an approximate value, from LaTeX's "$\\sim$")."""
    return token.like_num or token.text == "%" or token.text.lstrip(_APPROXIMATE)[:1].isdigit()


_TIMED = frozenset(word_group("timed_modifier"))  # ontology/patterns/word_groups.tsv


def _timed(token: Token) -> bool:
    low = token.text.lower()
    return low.endswith("ing") or low in _TIMED


# A quality noun ("realism", "scalability") or a plural ("prices") coordinated before a phrase does not
# share its head ("biological realism and energy efficiency", "stock prices and energy consumption").
_QUALITY_NOUN_ENDINGS = tuple(word_group("quality_noun_ending"))  # ontology/patterns/word_groups.tsv
# Adjectives and verbs in -ing before "and <word> <measure>" share the measure's head ("computational and
# storage cost"); not `taskframes._ADJECTIVE_ENDINGS`, which reads another group of word_groups.tsv.
_MODIFYING_ENDINGS = tuple(word_group("coordinated_adjective_ending"))


def _own_head(word: Token, lex: PhraseLexicon) -> bool:
    """"memory footprint and training stability": a noun with a modifier of its own before it heads its
    own phrase. An adjective or a verb in -ing there modifies the shared head ("the on-line computational
    and storage cost", "impacts training and inference time"), and so does an adjective before the noun
    ("a minimal computation and communication cost")."""
    if word.i == 0 or word.lower_.endswith(_MODIFYING_ENDINGS):
        return False
    before = word.doc[word.i - 1]
    return is_modifier(before, lex) and not before.lower_.endswith(_MODIFYING_ENDINGS)


def _coordinated_modifier(doc: Doc, start: int, head: Token, lex: PhraseLexicon) -> Iterator[Span]:
    """"training and inference time" also names "training time" ("speed and result quality" names no
    "speed quality": a measure, or a plain noun, is coordinated with the whole phrase; nor does "memory
    footprint and training stability", `_own_head`)."""
    if start >= 2 and start == head.i - 1 and doc[start - 1].lower_ in ("and", "or"):
        other = doc[start - 2]
        low = other.lower_
        if (is_modifier(other, lex) and low not in lex.metric_heads and not low.endswith(_QUALITY_NOUN_ENDINGS)
                and not is_plural(low) and not _own_head(other, lex)):
            yield Span(doc, other.i, other.i + 1, kb_id=f"{other.text} {head.text}")
