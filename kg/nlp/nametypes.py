"""Decide whether a new name is a Method, a Dataset or a Benchmark from its context.

Names in a coordinated list ("on Objaverse, ABO, MVImgNet and SUN RGBD
datasets") share one type: a type word after the list, a "benchmarks such
as" before it, an appositive ("X, a novel framework"), a known member, or an
evaluation context ("experiments on X") decides it. An appositive that calls
a name data ("X-1.6M, a dataset of ...") outweighs a model-like shape, and a
name that opens with a listed dataset ("AntMaze Large Play") is data of its type.
An appositive that calls a new name a measure ("QuuxPPL, a novel metric") makes it
a metric wherever the text repeats it.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from kg.nlp import word_group
from kg.nlp.phrases import METRIC_KINDS, is_value, names_metric_kind
from kg.nlp.tokens import OPENING_QUOTES, after_short_form, marker_before

_LIST_GLUE = {",", "and", "or", "as", "well", "the"}
_NAMING = {"named", "called", "termed", "dubbed"}  # "a dataset, named X": the kind before names X
_LEFT_GLUE = {",", "such", "as", "including", "like", "e.g.", "(", ":", "namely", "i.e.", "the"} | _NAMING | OPENING_QUOTES
_APPOSITION_STOP = {"that", "which", "to", "who", "where", ";", "(", ".", ":", "with", "for", "by"}
_RETYPABLE = {"shape", "title", "named"}
_COLLECTIVE = frozenset(word_group("collective_kind"))  # ontology/patterns/word_groups.tsv
_NAME_ONLY_KINDS = frozenset(word_group("name_only_kind"))
_NEW_COUNTS = frozenset(word_group("novel_count")) | {"our"}  # "a/two/our ... metric(s)"
_DATA_UNITS = frozenset(word_group("data_unit"))
_CONTENT_VERBS = frozenset(word_group("content_verb"))
_TRAINING = frozenset(word_group("pretraining_word")) | frozenset(word_group("training_word"))
_SPLITS = frozenset(word_group("split_word"))
_DATA_TYPES = ("Dataset", "Benchmark")
_DESCRIPTION_ENDINGS = tuple(word_group("description_ending"))  # "COCO-based", "ImageNet-pretrained"
_VERSION_TAIL = re.compile(r"(?<=[A-Za-z])[-_]?[vV]\d+(?:\.\d+)?$")


class NameTyper:
    """Assign a type to new names by the words around them (see module docstring)."""

    def __init__(self, type_words: dict[str, str], suffixes: tuple[tuple[str, str], ...],
                 context_words: frozenset[str] = frozenset(), method_shapes: re.Pattern[str] | None = None,
                 metric_shapes: re.Pattern[str] | None = None, data_names: dict[str, str] | None = None) -> None:
        self.type_words = {w: t for w, t in type_words.items() if t in ("Method", *_DATA_TYPES)}
        self.suffixes = suffixes
        self.context_words = context_words  # ontology/patterns/data_context_words.txt
        self.method_shapes = method_shapes  # ontology/patterns/method_shapes.txt
        self.metric_shapes = metric_shapes  # ontology/patterns/metric_shapes.txt
        self.data_names = data_names or {}  # listed datasets and benchmarks (names, aliases) and their types

    def assign(self, doc: Doc, entities: list[Span]) -> list[Span]:
        """The entities, new names retyped by context."""
        out = list(entities)
        measured = {e.end for e in entities if e.label_ == "Metric" and e.start > 0 and is_value(doc[e.start - 1])}
        compared = {c.end for c in doc.spans.get("kg_cues", []) if c.label_ == "compared_with" and c.id_ == "after"}
        listed_data = {s.start: (s.end, s.label_) for s in doc.spans.get("kg_gazetteer", []) if s.label_ in _DATA_TYPES}
        called_metric: set[str] = set()  # new names an appositive calls a metric
        for group in list_groups(doc, list(range(len(entities))), entities):
            members = [entities[i] for i in group]
            guess = self._group_type(doc, members) or _measured_after(doc, members, measured)
            named_metric = _metric_kind_before(doc, members[0])
            for i in group:
                span = entities[i]
                if span.id_ not in _RETYPABLE:
                    continue
                kind = self._data_apposition(doc, span) or _metric_apposition(doc, span) or named_metric
                if kind == "Metric":
                    called_metric.add(span.text)
                label = (kind or self._suffix_type(span.text) or _listed_data_first(span, listed_data)
                         or _trained_after(doc, span) or (guess if guess in _DATA_TYPES else None)
                         or self._listed_data_variant(span.text) or guess or _measured_on(doc, span, measured))
                if label == "Dataset" and span.start in compared:
                    label = "Method"  # "outperforming QuuxMed-VQA by 1.2%": what is outperformed is a system
                if label and label != span.label_:
                    out[i] = Span(doc, span.start, span.end, label=label, kb_id=span.kb_id_, span_id=span.id_)
        return _as_metric_throughout(doc, out, called_metric)

    def _data_apposition(self, doc: Doc, span: Span) -> str | None:
        """"QuuxGen-1.6M, a dataset of ...": an appositive that calls the name data outweighs its
        shape (a size tag is the number of items here, not of parameters)."""
        kind = self.apposition(doc, span)
        return kind if kind in _DATA_TYPES else None

    def _suffix_type(self, text: str) -> str | None:
        if self.metric_shapes is not None and self.metric_shapes.fullmatch(text):
            return "Metric"  # "gFID": a coined-looking shape that is a measure
        if self.method_shapes is not None and self.method_shapes.search(text):
            return "Method"  # "Quux-7B": evaluated on, but a model
        text = _VERSION_TAIL.sub("", text)  # "QuuxBench-v2" is a version of a benchmark
        for suffix, type_ in self.suffixes:
            if text.endswith(suffix) and len(text) > len(suffix):
                return type_
        return None

    def _listed_data_variant(self, text: str) -> str | None:
        """"ImageNet-64x64", "MNIST-4", "CLEVR-Tex": one word that opens with a listed dataset or
        benchmark and a hyphen is a variant, split or resolution of it, data of its type (not
        "COCO-based" or "Quux-Aware": modifiers that make a description)."""
        if not self.data_names or " " in text or text.lower().endswith(_DESCRIPTION_ENDINGS):
            return None
        for i in range(len(text) - 2, 2, -1):
            if text[i] == "-" and text[:i] in self.data_names:
                return self.data_names[text[:i]]
        return None

    def _group_type(self, doc: Doc, members: list[Span]) -> str | None:
        known = [m.label_ for m in members if m.id_ not in _RETYPABLE and m.label_ in _DATA_TYPES]
        if known and self._left_kind(doc, members[0]) != "Method":
            return known[0]  # not in "methods, including Quux SGD, SPIDER": a listed name of two senses
        return (self._right_word(doc, members[-1]) or _trained_after(doc, members[-1])
                or self._left_word(doc, members[0])
                or (self.apposition(doc, members[0]) if len(members) == 1 else None)
                or self._evaluation(doc, members[0]) or _drawn_from(doc, members[0]) or _made_of(doc, members[-1])
                or _trained_on(doc, members[0]) or _split_named(doc, members[-1]))

    def _evaluation(self, doc: Doc, first: Span) -> str | None:
        """"experiments on X", "outperforms baselines on X", "we evaluate ... in the X": data."""
        i = _word_before(doc, first)
        if i < 0 or doc[i].lower_ not in ("on", "across", "involving", "in"):
            return None
        window = doc[max(0, i - 8):i]
        if any(t.lower_ in self.context_words for t in window) or (doc[i].lower_ != "in" and _value_before(doc, i)):
            return "Dataset"
        return None

    def _right_word(self, doc: Doc, last: Span) -> str | None:
        for i in range(last.end, min(len(doc), last.end + 2)):
            word = doc[i].lower_
            if word in self.type_words:
                return self.type_words[word]
            if word not in (")", "'s", "’s"):
                return None
        return None

    def _left_word(self, doc: Doc, first: Span) -> str | None:
        type_ = self._left_kind(doc, first)
        return type_ if type_ in _DATA_TYPES else None

    def _left_kind(self, doc: Doc, first: Span) -> str | None:
        """The kind a type word names before the list ("benchmarks such as X", "methods, including X")."""
        i = first.start - 1
        while i >= 0 and first.start - i <= 5 and doc[i].lower_ in _LEFT_GLUE:
            i -= 1
        if i < 0 or (doc[i].lower_ in _NAME_ONLY_KINDS and i + 1 < first.start and doc[i + 1].lower_ in _NAMING):
            return None  # "a new challenge named X": a problem
        return self.type_words.get(doc[i].lower_)

    def apposition(self, doc: Doc, span: Span) -> str | None:
        """The kind an appositive gives the name: "X, a new benchmark", "Quux Blob (QB): a novel dataset"."""
        i = _description_start(doc, span, ("a", "an", "the", "our"))  # "Quux Blob (QB): a novel benchmark"
        if i is None:
            return None
        made_of = None
        for j in range(i, min(len(doc), i + 12)):
            word = doc[j].lower_
            if word in _NAME_ONLY_KINDS:
                return made_of  # "X is a fundamental challenge": a problem, not a benchmark
            if word in self.type_words and not (j + 1 < len(doc) and doc[j + 1].lower_ == "of" and (
                    word in _COLLECTIVE or self.type_words[word] not in _DATA_TYPES)):
                return self.type_words[word]  # "a suite of quux models": the head after "of" decides
            if word in _DATA_UNITS and word != "data" and _made_of_items(doc, j):
                made_of = made_of or "Dataset"  # "X, a collection of 5k images": what it is made of is data
                continue
            if word in _APPOSITION_STOP or doc[j].is_sent_start:
                return made_of
        return made_of


def _as_metric_throughout(doc: Doc, spans: list[Span], metrics: set[str]) -> list[Span]:
    """A new name an appositive calls a metric (`metrics`) is that metric wherever the text repeats
    it ("QuuxPPL correlates with accuracy")."""
    if not metrics:
        return spans
    return [Span(doc, s.start, s.end, label="Metric", kb_id=s.kb_id_, span_id=s.id_)
            if s.text in metrics and s.id_ in _RETYPABLE and s.label_ != "Metric" else s for s in spans]


def _metric_apposition(doc: Doc, span: Span) -> str | None:
    """"QuuxPPL, a novel metric that ...", "X is a new measure of ...": an appositive that calls a new
    name a measure makes it a metric, whatever its shape (the paper reports it; it proposes no method)."""
    i = _description_start(doc, span, ("a", "an", "our"))  # not "X, the metric of FPR95 ...": a value's
    if i is None:  # measure named after a setting
        return None
    for j in range(i, min(len(doc), i + 5)):
        if doc[j].lower_ in METRIC_KINDS:
            return "Metric"
        if doc[j].lower_ in _APPOSITION_STOP or doc[j].is_punct or doc[j].is_sent_start:
            return None
    return None


def _metric_kind_before(doc: Doc, first: Span) -> str | None:
    """"a novel metric called QuuxSim", "two such distance metrics, QuuxKL and ...", "a new disentanglement
    metric QuuxPIN": a new name right after "a/an/our/<count> ... metric(s)" (and a naming word or a comma)
    is the metric it introduces; the guidelines keep named measures out of the proposed methods."""
    i = first.start - 1
    while i >= 0 and (doc[i].lower_ in _NAMING or doc[i].text in (",", ":") or doc[i].text in OPENING_QUOTES):
        i -= 1
    if i < 1 or not names_metric_kind(doc[i].lower_):
        return None
    return "Metric" if marker_before(doc, i - 1, 5, _NEW_COUNTS) is not None else None  # up to four words


def _listed_data_first(span: Span, listed: dict[int, tuple[int, str]]) -> str | None:
    """"AntMaze Large Play", "Visual Genome Relation": a name that opens with a listed dataset or
    benchmark and goes on with capitalised words is a part or setting of it, data of that type."""
    end, label = listed.get(span.start, (span.end, None))
    return label if end < span.end else None


def _value_before(doc: Doc, i: int) -> bool:
    """"84% on QuuxSpeech", "$51\\%$ on X": a reported value right before "on" is a result on the
    data after it (LaTeX dollars and an escaped percent sign are skipped)."""
    j = i - 1
    while j >= 0 and doc[j].text == "$":
        j -= 1
    return j >= 0 and (is_value(doc[j]) or doc[j].text == "\\%")


def _word_before(doc: Doc, first: Span) -> int:
    """Index of the word before a name, past a "the" ("on the X", "from the X"); -1 at the start."""
    i = first.start - 1
    return i - 1 if i >= 0 and doc[i].lower_ == "the" else i


def _trained_on(doc: Doc, first: Span) -> str | None:
    """"models fine-tuned on QuuxInstruct", "we pretrain a ViT on BlobWeb": what a model is trained on is data."""
    i = _word_before(doc, first)
    if i < 1 or doc[i].lower_ != "on":
        return None
    for k in range(i - 1, max(-1, i - 5), -1):
        if doc[k].lower_ in _TRAINING:
            return "Dataset"
        if doc[k].is_punct or doc[k].lower_ in ("and", "or", "on") or doc[k].is_sent_start:
            return None
    return None


def _trained_after(doc: Doc, last: Span) -> str | None:
    """"VGG11 and ResNet-50 training on CIFAR10", "QuuxNet pretrained on BlobWeb": a name that a
    training word and "on" follow is a model, even in a list after "datasets" (`_trained_on` types
    what comes after the "on")."""
    i = last.end
    if i + 1 < len(doc) and doc[i].lower_ in _TRAINING and doc[i + 1].lower_ == "on":
        return "Method"
    return None


def _split_named(doc: Doc, last: Span) -> str | None:
    """"the QuuxQA test set", "the Blob training split": a name with a data split after it is data."""
    i = last.end
    if i + 1 < len(doc) and doc[i].lower_ in _SPLITS and doc[i + 1].lower_ in ("set", "sets", "split", "splits"):
        return "Dataset"
    return None


def _made_of_items(doc: Doc, unit: int) -> bool:
    """"a collection of 5k (annotated) images": the items come right after "of", a count and
    lower-case words between."""
    for k in range(unit - 1, max(-1, unit - 5), -1):
        if doc[k].lower_ == "of":
            return k > 0 and doc[k - 1].lower_ in _COLLECTIVE
        if not (is_value(doc[k]) or doc[k].text.islower() and doc[k].is_alpha or "-" in doc[k].text):
            return False
    return False


def _description_start(doc: Doc, span: Span, determiners: tuple[str, ...]) -> int | None:
    """Index of the word after the determiner that opens a description of the name ("X, a novel
    metric", "X is the first benchmark"); None when no description with one of `determiners` follows."""
    i = _copula_end(doc, after_short_form(doc, span.end))
    if i is None or i >= len(doc) or doc[i].lower_ not in determiners:
        return None
    return i + 1


def _copula_end(doc: Doc, i: int) -> int | None:
    """Where the describing phrase starts after a name: "X, a ...", "X: a ...", "X is a ...",
    "X, which is a ..."; None when the name is not described so."""
    if i < len(doc) and doc[i].text in (",", ":"):
        i += 1
        if i + 1 < len(doc) and doc[i].lower_ == "which" and doc[i + 1].lower_ in ("is", "are"):
            i += 2
        return i
    if i < len(doc) and doc[i].lower_ in ("is", "are"):
        return i + 1
    return None


def _made_of(doc: Doc, last: Span) -> str | None:
    """"QuuxSet, consisting of 10k videos", "X comprises 2,000 dialogues": a name said to hold a
    number of items of data is a dataset."""
    i = last.end + (1 if last.end < len(doc) and doc[last.end].text == "," else 0)
    if i >= len(doc) or not (doc[i].lower_ in _CONTENT_VERBS or doc[i].text == ":" and i + 1 < len(doc)
                             and is_value(doc[i + 1])):
        return None  # "X comprises 2,000 ...", "X: 1M image-text pairs"
    window = doc[i + 1:min(len(doc), i + 7)]
    counted = next((t.i for t in window if is_value(t) or t.lower_ in ("thousands", "millions", "hundreds")), None)
    if counted is None:
        return None
    for t in doc[counted + 1:min(len(doc), counted + 5)]:
        if t.lower_ in _DATA_UNITS:
            return "Dataset"
        if t.is_punct:
            return None
    return None


def _drawn_from(doc: Doc, first: Span) -> str | None:
    """"11 language understanding tasks from QuuxSource", "map data from QuuxMap": what items of data
    are taken from is a dataset."""
    i = _word_before(doc, first)
    if i >= 1 and doc[i].lower_ == "from" and doc[i - 1].lower_ in _DATA_UNITS:
        return "Dataset"
    return None


def _measured_on(doc: Doc, span: Span, measured: set[int]) -> str | None:
    """"0.938 Dice (QuuxSeg2021)": a name in brackets right after a reported value is the data."""
    if span.start >= 2 and doc[span.start - 1].text == "(" and span.start - 1 in measured:
        if span.end < len(doc) and doc[span.end].text in (")", ","):
            return "Dataset"
    return None


def _measured_after(doc: Doc, members: list[Span], measured: set[int]) -> str | None:
    """"+3.1 QuuxRR on ZorbIR and BlobIR": names right after a reported value's metric and "on" are
    the data it was measured on, unless a known model is among them ("+3.7 AP on RetinaNet, Quux-RCNN":
    the detectors a method was applied to)."""
    if any(m.label_ == "Method" and m.id_ not in _RETYPABLE for m in members):
        return None
    i = _word_before(doc, members[0])
    return "Dataset" if i >= 1 and doc[i].lower_ == "on" and i in measured else None


def list_groups(doc: Doc, index: list[int], spans: list[Span]) -> list[list[int]]:
    """Indices of spans grouped into coordinated lists ("X, Y, and Z", "X, as well as Y")."""
    groups: list[list[int]] = []
    for i in index:
        if groups:
            prev = spans[groups[-1][-1]]
            between = doc[prev.end:spans[i].start]
            if 0 < len(between) <= 4 and all(t.lower_ in _LIST_GLUE or _possessor(t, between.start) for t in between):
                if spans[i].label_ not in ("Task", "Metric") and prev.label_ not in ("Task", "Metric"):
                    groups[-1].append(i)
                    continue
        groups.append([i])
    return groups


def _possessor(token: Token, start: int) -> bool:
    """"the QuuxFarm and Anthropic's HH-RLHF datasets": an owner's name and its "'s" before a member
    (not "QuuxNet's" right after a member: that member owns what follows)."""
    if token.text in ("'s", "’s"):
        return token.i > start and token.nbor(-1).text[:1].isupper()
    return token.text[:1].isupper() and token.i + 1 < len(token.doc) and token.nbor(1).text in ("'s", "’s")
