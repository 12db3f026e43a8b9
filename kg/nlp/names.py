"""Entities of an abstract: known names, coined names, task and metric phrases.

New names are found by their written shape (see `kg.nlp.shapes`), by an
acronym definition, by "called/named/termed X", and typed by the words
around them ("the X benchmark", "X, a novel framework", "on X, Y and Z
datasets"). Known names come from the gazetteer component. All rule words
are data files under `ontology/patterns/`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Set
from difflib import SequenceMatcher
from functools import lru_cache

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.lexicon import load_gazetteer
from kg.nlp import word_group
from kg.nlp.tokens import CLOSING_QUOTES, OPENING_QUOTES, tokens
from kg.nlp.gazetteer import modified_stem, sized_after
from kg.nlp.namelexicon import NameLexicon, load_lexicon
from kg.nlp.phrases import (MAX_LIST_ITEM, NAMING_WORDS, NOUN_ENDINGS, PhraseLexicon, called_a_problem, is_modifier,
                             metric_phrases, task_phrases)
from kg.nlp.techniques import technique_spans, used_tasks
from kg.nlp.shapes import (LOWER_SUFFIXES, core, is_all_caps, is_coined, is_name_token, is_title_word, letters,
                           sibling_name, sibling_suffix)
from kg.nlp.nametypes import NameTyper

#: Merge priority when spans of equal length overlap (lower wins).
_PRIORITY = {"abbreviation": 0, "technique": 0.5, "gazetteer": 1, "named": 2, "shape": 3, "title": 4, "task": 5, "metric": 4.5}
_PREPOSITIONS = {"for", "of", "with", "in", "on", "via", "using", "from", "under", "by", "to", "through"}
_QUOTED_NAME_VERBS = frozenset(word_group("quoted_name_verb"))  # ontology/patterns/word_groups.tsv
_QUOTED_LEAD = frozenset(word_group("quoted_name_lead"))  # "we propose a *quux*": words before a quoted name
_AFTER_QUOTED_NAME = frozenset(word_group("quoted_name_follower"))  # what closes it: ", the first ...", "which"
_SKIP_AFTER_NAMING = {"the", "a", "an", "as"} | OPENING_QUOTES
_WE_NAMING_VERBS = frozenset(word_group("we_naming_verb"))  # "a new approach, which we term X" (word_groups.tsv)
_MAX_DEFINITIONS = 50
_MODIFIER_SUFFIXES = ("-based", "-style", "-like", "-free", "-aware", "-guided", "-driven", "-powered", "-specific")
_DATA_TYPES = ("Dataset", "Benchmark")
# Head words that make a defined long form a measure ("Expected Calibration Error (ECE)").
_METRIC_HEADS = frozenset(word_group("defined_metric_head"))  # ontology/patterns/word_groups.tsv
_PROBLEM_HEADS = tuple(word_group("defined_problem_head"))  # "(LMDPs)": a class of problems, a Task
_PHENOMENON_HEADS = frozenset(word_group("defined_phenomenon_head"))  # "Neural Collapse (NC)": a Task
_LIST_GLUE = {",", "and", "or"}
_NOT_SYSTEMS = frozenset(word_group("not_system"))  # ontology/patterns/word_groups.tsv
_NAME_ADJECTIVE_ENDS = ("ian", "ean")  # "other than Gaussian", "than Euclidean": adjectives from a name
_TECHNIQUE_TASKS = frozenset(word_group("technique_task"))  # ontology/patterns/word_groups.tsv
_COMPARED_PRACTICES = frozenset(word_group("compared_practice"))
_PART_WORDS = frozenset(word_group("part_word"))  # "a Coef module": the word before names the part
_PART_DETERMINERS = {"a", "an", "the", "our", "this", "each"}
_SAME_LONG_FORM = 0.8  # letter similarity above which two long forms of an acronym are one ("Estimate"/"Estimation")
#: What may follow a capitalised word after "we propose" for it to be a name: its description starts.
_NAME_ENDS = frozenset({",", "(", ":", "—", "–"})
#: After a naming word the sentence may end there too: "a novel approach called Quuxord."
_NAME_ENDS_AFTER_NAMING = _NAME_ENDS | {".", ";"}
#: After "we propose" a recurring capitalised word may also be followed by what it does ("to", "that").
_NAME_CLAUSE_OPENERS = frozenset(word_group("name_clause_opener"))  # ontology/patterns/word_groups.tsv
_PLACEHOLDERS = frozenset(word_group("placeholder_name"))  # "\\ours", "\\modelname{}" (word_groups.tsv)
_WAY_WORDS = frozenset(word_group("way_word"))  # "X -- a simple way to ...": a method (word_groups.tsv)
_DESCRIPTION_OPENERS = (_NAME_ENDS - {"("}) | {"--"}  # "quux decay, a regularizer", "quux decay -- a way to"
_DESCRIPTION_BREAKS = frozenset(word_group("description_break"))  # "X, a behavior observed in ..." (word_groups.tsv)
_VALUED_ONLY_METRICS = frozenset(word_group("valued_only_metric"))  # "precision" (word_groups.tsv)
_METRIC_COMPANIONS = frozenset(word_group("metric_companion"))  # "precision and recall" (word_groups.tsv)
_NOT_NAME_WORDS = frozenset(word_group("not_name_word"))  # "we propose a ...", "we introduce two ..." (word_groups.tsv)
_NAME_INNER_WORDS = frozenset(word_group("name_inner_word"))  # "quux learning with zorb attribution" (word_groups.tsv)
_SINGULAR_KINDS = {"method", "framework", "model", "algorithm", "approach", "technique", "architecture", "module"}


def _opens_description(token: Token) -> bool:
    """A comma, colon or dash before the description of a new name; a hyphen with spaces around it
    is a dash ("quux softmax loss - a simple modification to ...")."""
    return token.text in _DESCRIPTION_OPENERS or (token.text == "-" and bool(token.whitespace_)
                                                  and token.i > 0 and bool(token.doc[token.i - 1].whitespace_))


def _score_bracket(toks: list[Token], i: int) -> bool:
    """"compared to Quuxetta (45% on average)": a bracket opening on a number gives the name's score."""
    return toks[i].text == "(" and i + 1 < len(toks) and toks[i + 1].text[:1].isdigit()


def _we_before(token: Token) -> bool:
    """Do "we" speak in the sentence before `token` ("we propose a new approach called Quuxord."),
    so that a name there is ours, not an existing tool named in passing ("a solver called Quuxat.")?"""
    return any(t.lower_ == "we" for t in token.doc[token.sent.start:token.i])


_LIST_END_WORDS = frozenset(word_group("list_end_word"))  # ontology/patterns/word_groups.tsv


def _list_closed_by(toks: list[Token], i: int, ends: dict[int, Span]) -> Span | None:
    """The one-word name before "and"/"or" (or ", and") whose list the capitalised word at token i
    closes ("QuuxNet and Zorbot on Atari"), or None. A punctuation mark or a lower-case preposition
    (`list_end_word`) must end the list after the word; a word opening with "-" or ending in "-based"
    is a piece of a compound, not a name."""
    if toks[i - 1].lower_ not in ("and", "or"):
        return None
    left = ends.get(i - 2 if toks[i - 2].text == "," else i - 1)
    word, after = toks[i].text, toks[i + 1]
    if left is None or len(left) != 1 or word.startswith("-") or word.endswith(_MODIFIER_SUFFIXES):
        return None
    ends_list = after.is_punct and after.text not in ("-", "/", "&") or after.text in _LIST_END_WORDS
    return left if ends_list else None


def _known_as(token) -> bool:  # type: ignore[no-untyped-def]
    """"a method, known as Quuxair, ..." / "(which we) refer to as Quuxair": a naming phrase ending at `token`;
    or "Our algorithm, Quux-k, ...": the comma after "our" and a kind word."""
    if token.text == "," and token.i > 1:
        return token.nbor(-2).lower_ == "our" and token.nbor(-1).lower_ in _SINGULAR_KINDS
    return token.lower_ == "as" and token.i > 0 and token.nbor(-1).lower_ in ("known", "to") and (
        token.nbor(-1).lower_ == "known" or (token.i > 1 and token.nbor(-2).lower_ in ("referred", "refer")))


class NameFinder:
    """Find every named entity and merge them into one non-overlapping list.

    Reads: `doc.spans["kg_gazetteer"]`, `Doc._.kg_abbreviations`, sentences.
    Writes: `doc.spans["kg_names"]` (new names: not from the gazetteer) and
    `doc.spans["kg_entities"]` (all entities, longest first). Each span has
    `label_` = type (Method, Dataset, Benchmark, Task, Metric, or Unknown for
    a defined acronym of no known kind), `kb_id_` = canonical name and
    `id_` = how it was found (gazetteer, abbreviation, named, shape, title,
    task, metric).
    """

    def __init__(self, lexicon: NameLexicon) -> None:
        self.lex = lexicon
        self.typer = NameTyper(lexicon.phrases.type_words, lexicon.suffixes, lexicon.data_context,
                               lexicon.method_shapes, lexicon.phrases.metric_shapes, _listed_data())

    def __call__(self, doc: Doc) -> Doc:
        candidates = [self._known(doc, s) for s in doc.spans.get("kg_gazetteer", [])]
        defined, redefined = self._definitions(doc, candidates)
        if redefined:  # "Direct Policy Optimisation (DPO)": no mention of this DPO is the listed one
            doc.spans["kg_gazetteer"] = [s for s in doc.spans.get("kg_gazetteer", []) if core(s.text) not in redefined]
            candidates = [s for s in candidates if core(s.text) not in redefined]
        candidates += defined
        candidates += self._named(doc)
        candidates += self._introduced(doc)
        candidates += self._shapes(doc)
        candidates += self._title_runs(doc)
        candidates += self._part_names(doc)
        candidates += technique_spans(doc, self.lex.phrases, self.lex.method_heads)
        candidates += [self._tag(s, "Task", s.kb_id_ or s.text, "task") for s in task_phrases(doc, self.lex.phrases)]
        candidates += [self._tag(s, "Metric", s.kb_id_ or s.text, "metric")
                       for s in metric_phrases(doc, self.lex.phrases)]
        nested = _listed_definitions(candidates)
        entities = merge(candidates, nested)
        entities = merge(entities + self._list_siblings(doc, entities) + self._compared_words(doc, entities), nested)
        siblings = self._typed_list_siblings(doc, entities)
        retyped = {(s.start, s.end) for s in siblings}  # "accuracy, fairness, robustness": a quality, not a task
        entities = merge([e for e in entities if (e.start, e.end) not in retyped] + siblings, nested)
        entities = [e for e in entities if not self._setting(doc, e) and not self._bare_size(e)
                    and not self._unvalued(e)]
        entities = self.typer.assign(doc, entities)
        entities = self._used_practices(doc, entities)
        entities = merge(entities + self._slash_siblings(doc, entities), nested)  # typed like the name they complete
        doc.spans["kg_entities"] = entities
        doc.spans["kg_names"] = [e for e in entities if e.id_ != "gazetteer"]
        return doc

    def _known(self, doc: Doc, span: Span) -> Span:
        """A listed name as a candidate; a listed model written with its version or size
        ("Stable Diffusion 2.1", "Claude 3.5", "Pythia 6.9B") is that version, a name of its own."""
        if span.label_ == "Method":
            end = span.end if span.text[-1].isdigit() else _extended_end(doc, span.end, self.lex.version_extensions)
            if sized_after(doc, end):
                end = _glued_end(doc, end + 2)  # "Llama 3-8B", "Qwen 2.5-7B-Instruct": the size is glued on
            if end > span.end:
                return self._tag(doc[span.start:end], "Method", doc[span.start:end].text, "gazetteer")
        return self._tag(span, span.label_, _known_name(span), "gazetteer")

    def _setting(self, doc: Doc, span: Span) -> bool:
        """"mixed precision", "8-bit precision": a measure's word used for a setting, not a metric."""
        if span.label_ != "Metric" or len(span) != 1 or span.start == 0:
            return False
        before = doc[span.start - 1].lower_
        return before in self.lex.not_metric_before or before.endswith("-bit")

    @staticmethod
    def _unvalued(span: Span) -> bool:
        """"digits of precision", "its precision and accuracy", "as the number of parameters grows": a
        measure word (`valued_only_metric`) that is a metric only where a value or a companion metric
        ("precision and recall") stands in its sentence."""
        if span.label_ != "Metric" or span.text.lower() not in _VALUED_ONLY_METRICS:
            return False
        return not any(any(c.isdigit() for c in t.text) or t.lower_ in _METRIC_COMPANIONS for t in span.sent)

    def _bare_size(self, span: Span) -> bool:
        """"T5 Base, Large, and XL models": a size word alone ("Large", "XL", `size_tags.txt`) is
        the size of the model named before it, not a name of its own."""
        tags = self.lex.size_tags
        return span.label_ == "Method" and tags is not None and tags.fullmatch(" " + span.text) is not None

    @staticmethod
    def _tag(span: Span, label: str, name: str, source: str) -> Span:
        return Span(span.doc, span.start, span.end, label=label, kb_id=clean_name(_unmodified(name)), span_id=source)

    # --- acronym definitions ---------------------------------------------------------

    def _definitions(self, doc: Doc, known: list[Span]) -> tuple[list[Span], set[str]]:
        """Long and short forms of each definition, plus later uses of the short form; and the
        listed acronyms the paper defines as something else (`_redefined`)."""
        toks = tokens(doc)
        spans: list[Span] = []
        shorts: dict[str, tuple[str, str]] = {}
        redefined: set[str] = set()
        for long, short in (doc._.kg_abbreviations or [])[:_MAX_DEFINITIONS]:
            kind = self._long_form_kind(long)
            same = [span for span in known if not _redefined(span, long, short, kind)]
            taken = len(same) < len(known)
            if taken:
                redefined.add(core(short.text))
            label, name = self._definition_type(long, short, same, taken)
            spans += [self._tag(long, label, name, "abbreviation"), self._tag(short, label, name, "abbreviation")]
            shorts.setdefault(core(short.text), (label, name))
        if shorts:
            for token in toks:
                hit = shorts.get(core(token.text))
                stem = modified_stem(token.text) if hit is None else None
                if stem:  # "FF-based algorithms": the defined FF, glued to a modifier
                    hit = shorts.get(core(stem))
                if hit is not None:
                    spans.append(self._tag(doc[token.i:token.i + 1], hit[0], hit[1], "abbreviation"))
        return spans, redefined

    def _long_form_kind(self, long: Span) -> str | None:
        """What the head word of a long form says the name is: "Grouped Query Attention" a Method,
        "Quux Reasoning Benchmark" a Benchmark; None when the head says nothing."""
        head = _long_form_head([t for t in long if not t.is_punct])
        one = head[:-1] if head.endswith("s") and not head.endswith("ss") else head  # "graph rewirings"
        if head in self.lex.method_heads or one in self.lex.method_heads:
            return "Method"
        kind = self.lex.phrases.type_words.get(head)
        return kind if kind in ("Method", *_DATA_TYPES) else None

    def _definition_type(self, long: Span, short: Span, known: list[Span], taken: bool) -> tuple[str, str]:
        """Type and name of a defined acronym: Tasks are named by the long form, the rest by the short.

        `known` holds the listed names the definition does not contradict (`_redefined`); `taken`
        says the short form is listed for another long form, so listed data keeps its long form's name.
        """
        short_core = core(short.text)
        words = [t for t in long if not t.is_punct]
        title = is_titled(words)
        if self._is_generic(long.text):
            return "Generic", short.text
        after = short.end + 1 if short.end < len(short.doc) and short.doc[short.end].text == ")" else short.end
        named_as = self.lex.phrases.type_words.get(short.doc[after].lower_) if after < len(short.doc) else None
        if (named_as == "Method" and short.doc[after].lower_ in _SINGULAR_KINDS and (title or _ours_before(long))
                and not _listed_over(long, known)):
            # "our Quux Learning from Blob Feedback (QLBF) method", "our proposed quux reinforcement learning
            # (QRL) framework": a name, not the task (not "a new reinforcement learning (RL) framework")
            return "Method", short.text
        for span in known:
            if span.start < short.end and short.start < span.end or span.start <= long.start < span.end:
                if taken and span.label_ in _DATA_TYPES and span.start == long.start and span.end == long.end:
                    return span.label_, long.text  # "Abstraction and Reasoning Corpus (ARC)": not the listed ARC
                name = lower_first(long.text) if span.label_ in ("Task", "Metric") else short.text
                return span.label_, name
        if not named_as and sum(c.isupper() for c in short_core) >= 2 and any(
                s.label_ == "Metric" and s.end == long.end and len(s) >= 2 and s.start > long.start for s in known):
            return "Metric", lower_first(long.text)  # "Matched Demographic Parity (MDP)": a kind of a listed measure
        if named_as in _DATA_TYPES:
            if short_core in self.lex.not_methods or short_core in self.lex.stop:
                return "Generic", short.text  # "in-distribution (ID) dataset", "(NLP) benchmarks": a field or setting
            return self.lex.phrases.type_words[short.doc[after].lower_], short.text  # "(MCR) benchmark"
        described = self.typer.apposition(short.doc, short)
        if named_as is None and described in _DATA_TYPES and not self._of_before_kind(short.doc, after):
            return described, short.text  # "Quux to Blob (Q2B), a new dataset" ("(QRL), a plethora of benchmarks": no)
        head = _long_form_head(words)
        mixed = any(c.islower() for c in short_core[1:])
        if title and not named_as and self._kind_comma_before(long):
            return "Method", short.text  # "an algorithm, Robust Quux Optimization (RQO),": the kind names it
        if head in self.lex.phrases.task_heads and not (title and mixed):
            return "Task", lower_first(long.text)
        if head in _METRIC_HEADS and not named_as:
            return "Metric", lower_first(long.text)  # "attack success rate (ASR)": a measure, not a method
        if not named_as and (long.text.lower().endswith(_PROBLEM_HEADS) or called_a_problem(long)
                             or after < len(short.doc) and short.doc[after].lower_ in _PROBLEM_HEADS):
            return "Task", lower_first(long.text)  # "Latent Markov Decision Processes (LMDPs)", "the Quux (QX) problem"
        if not named_as and _phenomenon(long, short_core):
            return "Task", lower_first(long.text)  # "Robust Overfitting (RO) issues": an effect, not a method
        if short_core in self.lex.not_methods or short_core in self.lex.stop and not title:
            return "Generic", short.text  # "Natural Language Processing (NLP)": a field, whatever its case
        kind = self._long_form_kind(long) or self.lex.phrases.type_words.get(head.rsplit("-", 1)[-1])
        if kind in ("Method", "Dataset", "Benchmark"):
            return kind, short.text  # "natural gradient descent (NGD)", "cross-encoder (CE)"
        if self._singular_method_kind(short.doc, after):
            return "Method", short.text  # "cross entropy (CE) loss", "temporal-difference (TD) learning algorithm"
        if _ends_in_acronym(words) and self._method_acronym(words[-1], known):
            return "Method", short.text  # "amortized variational QKL (AVQKL)": a variant of the named method
        return ("Method" if title or mixed else "Unknown"), short.text

    def _kind_comma_before(self, long: Span) -> bool:
        """"we propose ... an algorithm, Robust Quux Optimization (RQO), to ...": a long form set
        after "a/an ... <method kind>," in apposition is a method, whatever its head word says
        ("Optimization", "Distillation" head task names elsewhere)."""
        doc, i = long.doc, long.start
        if i < 3 or doc[i - 1].text != "," or self.lex.phrases.type_words.get(doc[i - 2].lower_) != "Method":
            return False
        return any(doc[k].lower_ in ("a", "an") for k in range(max(0, i - 7), i - 2))

    def _method_acronym(self, token: Token, known: list[Span]) -> bool:
        """An acronym that may name a method: no field or stop acronym ("RL", "MRI"), no listed task,
        metric or dataset ("QA", "AUC")."""
        text = core(token.text)
        if text in self.lex.not_methods or text in self.lex.stop:
            return False
        return not any(s.start <= token.i < s.end and s.label_ != "Method" for s in known)

    def _singular_method_kind(self, doc: Doc, i: int) -> bool:
        """Is token i (or the word after a lower-case word at i) a method kind word in the singular?
        "(CE) loss", "(TD) learning algorithm" name one method; "(ZO) optimization methods" and
        "(T2I) diffusion models" name a class."""
        for k in (i, i + 1):
            if k >= len(doc):
                return False
            word = doc[k].lower_
            if self.lex.phrases.type_words.get(word) == "Method":
                return not word.endswith("s") or word.endswith("ss")
            if k == i and not (word.isalpha() and doc[k].text.islower()):
                return False
        return False

    def _of_before_kind(self, doc: Doc, i: int) -> bool:
        """"a plethora of benchmark environments": the kind word names what the name has many of."""
        for token in doc[i:i + 8]:
            if token.lower_ in self.lex.phrases.type_words:
                return False
            if token.lower_ == "of":
                return True
        return False

    def _is_generic(self, text: str) -> bool:
        return text.lower() in self.lex.generic

    # --- new names -------------------------------------------------------------------

    def _named(self, doc: Doc) -> list[Span]:
        """Lower-case names after "called", "named", "termed", "dubbed"."""
        toks = tokens(doc)
        spans = []
        for token in toks:
            if token.i + 1 >= len(doc):
                continue
            given = self._we_call_kind(toks, token) if token.lower_ in _WE_NAMING_VERBS else None
            if token.lower_ not in NAMING_WORDS and given is None:
                continue
            i = token.i + 1
            while i < len(doc) and toks[i].lower_ in _SKIP_AFTER_NAMING:
                i += 1
            start = i
            quoted = any(t.text in OPENING_QUOTES for t in toks[token.i + 1:start])
            eponym = i + 1 < len(doc) and is_title_word(toks[i].text) and toks[i].text not in self.lex.stop
            if eponym:
                i += 1  # "which we called Gumbel counterfactual generation": a proper name, then words
            while i < len(doc) and i - start < 4 and is_modifier(toks[i], self.lex.phrases):
                i += 1
            if eponym and (i == start + 1 or i < len(doc) and toks[i].text not in (".", ",", "(", ";")):
                continue  # "called Gumbel", "called Quux Blob Nets": the title run names it
            if i < len(doc) and is_name_token(toks[i], self.lex.stop):
                continue  # "called interpretable Quux-based Blob Nets": the name is the capitalised part
            if quoted and (i >= len(doc) or toks[i].text not in CLOSING_QUOTES):
                continue  # 'called "adjustable robust optimization"': the quoted name is longer than the run
            if i > start and (eponym or not is_name_token(toks[start], self.lex.stop)):
                kind = given or ("Task" if called_a_problem(doc[start:i]) else "Method")
                spans.append(self._tag(doc[start:i], kind, doc[start:i].text, "named"))
        return spans

    def _kind_of(self, token: Token) -> str | None:
        """The type a kind word gives a new name ("benchmark", "framework"), or Method for a way word
        ("a simple way to ...", "a variant of ..."); None for any other word."""
        return self.typer.type_words.get(token.lower_) or ("Method" if token.lower_ in _WAY_WORDS else None)

    def _we_call_kind(self, toks: list[Token], verb: Token) -> str | None:
        """"a new approach, which we term *quux centrality*", "a data extraction attack that we call
        ``quux phishing''": "we call/term/name/dub" right after "which/that" and a kind word names the
        thing of that kind, typed by the kind word. The kind must open with "a/an/our" and only
        describing words ("a critical issue in these methods, which we term ..." names an issue; "the
        pretrained model, which we call ..." names something of a model already there)."""
        i = verb.i - 1
        if i < 3 or toks[i].lower_ != "we" or toks[i - 1].lower_ not in ("which", "that"):
            return None
        i -= 2 + (toks[i - 2].text == ",")
        kind = self._kind_of(toks[i])
        if kind is None:
            return None
        for k in range(i - 1, max(-1, i - 8), -1):
            word = toks[k]
            if word.lower_ in ("a", "an", "our"):
                return kind
            if (not (word.is_alpha or word.text == "-" or word.text in OPENING_QUOTES | CLOSING_QUOTES)
                    or word.is_stop and word.lower_ not in ("more", "most", "very")):
                return None
        return None

    def _list_siblings(self, doc: Doc, entities: list[Span]) -> list[Span]:
        """A plain capitalised word listed between names is a name too: "FlowVid, CoDeF, Rerender, and";
        so is one that closes a list of one-word names ("outperforms QuuxNet and Zorbot."), where a
        punctuation mark or a lower-case preposition (`list_end_word`: "QuuxNet and Zorbot on Atari")
        ends the list after it. After a name of several words, "and" more often goes on inside one
        long name ("Tanks and Temples", "an All-round Creator and Editor")."""
        toks = tokens(doc)
        ends = {e.end: e for e in entities if e.label_ in ("Method", "Dataset", "Benchmark")}
        spans = []
        for i in range(2, len(doc) - 1):
            token = toks[i]
            if toks[i - 1].text != "," and toks[i - 1].lower_ not in ("and", "or"):
                continue  # neither inside a list nor closing one: skip the shape test
            if not is_title_word(token.text) or token.text in self.lex.stop:
                continue
            left = ends.get(i - 1)
            if left is None or toks[i - 1].text != "," or toks[i + 1].text not in (",", "and", ")"):
                left = _list_closed_by(toks, i, ends)
            if left is not None:
                spans.append(self._tag(doc[i:i + 1], left.label_, token.text, "title"))
        return spans

    def _typed_list_siblings(self, doc: Doc, entities: list[Span]) -> list[Span]:
        """"navigation, manipulation, and locomotion", "accuracy, robustness, and interpretability": in a
        list of three items or more, two of them known tasks (or one a known metric) and none a name of
        another type, each other item of one to four content words is a task (or metric) too, if its
        last word is a noun of an activity (or a measure's head or a quality noun). A list of
        qualities needs one known metric only: its items say how a result is judged, so a one-word
        quality listed as a task there ("accuracy, fairness, robustness") is a metric in that list.

        Every item of such a list touches a separator, so only the sentences where enough names of
        the type do are read."""
        toks = tokens(doc)
        starts = {e.start: e for e in entities}
        covered = {i for e in entities for i in range(e.start, e.end)}
        spans: list[Span] = []
        for label, source, fits, known in (("Task", "task", self._task_item, 2),
                                           ("Metric", "metric", self._metric_item, 1)):
            listed = [e for e in entities if e.label_ == label and _by_separator(toks, e)]
            if len(listed) < known:
                continue
            for first, last in _sentence_bounds(toks, listed):
                lists = _ListChains(toks, first, last, starts, covered, fits, self.lex.phrases)
                i = first
                while i < last:
                    if lists.length[i - first] < 3:
                        i += 1
                        continue
                    items = lists.items(i)
                    named = [x for x in items if isinstance(x, Span)]
                    qualities = [x for x in named if label == "Metric" and x.label_ == "Task" and len(x) == 1
                                 and x[0].lower_.endswith(_QUALITY_ENDINGS)]
                    if len(named) - len(qualities) >= known and all(
                            x.label_ == label for x in named if x not in qualities):
                        spans += [self._tag(doc[a:b], label, lower_first(doc[a:b].text), source)
                                  for a, b in (x for x in items if not isinstance(x, Span))]
                        spans += [self._tag(x, label, x.kb_id_ or x.text, source) for x in qualities]
                    i = max(lists.end[i - first], i + 1)
        return spans

    @staticmethod
    def _task_item(last: Token) -> bool:
        return last.lower_.endswith(NOUN_ENDINGS)

    def _metric_item(self, last: Token) -> bool:
        return last.lower_ in self.lex.phrases.metric_heads or last.lower_.endswith(_QUALITY_ENDINGS)

    def _used_practices(self, doc: Doc, entities: list[Span]) -> list[Span]:
        """A listed practice that is also a task ("in-context learning", `technique_task`) is a Method
        where the sentence puts a method (`techniques.used_tasks`); some only where a comparison cue
        puts one ("outperforms adversarial training", `compared_practice`): annotators never list them
        as bases."""
        names = {e.start: (e.kb_id_ or e.text).lower() for e in entities if e.label_ == "Task"}
        used = used_tasks(doc, entities) if _TECHNIQUE_TASKS.intersection(names.values()) else set()
        compared = (used_tasks(doc, entities, compared_only=True) if _COMPARED_PRACTICES.intersection(names.values())
                    else set())
        if not used and not compared:
            return entities
        return [self._tag(e, "Method", e.kb_id_ or e.text, e.id_)
                if e.label_ == "Task" and ((e.start in used and names[e.start] in _TECHNIQUE_TASKS)
                                           or (e.start in compared and names[e.start] in _COMPARED_PRACTICES))
                else e for e in entities]

    def _compared_words(self, doc: Doc, entities: list[Span]) -> list[Span]:
        """A plain capitalised word in the list right after a comparison cue is a system's name:
        "outperforms ReBeL and Slumbot", "surpasses Apex, Gorila and R2D2". Only the words joined to
        the cue or to a name of the list by "," / "and" / "or" count, so prose that follows does not."""
        toks = tokens(doc)
        end_of: dict[int, int] = {}  # token -> end of the first entity that covers it
        for e in entities:
            for i in range(e.start, e.end):
                end_of.setdefault(i, e.end)
        ends = {e.end for e in entities}
        spans = []
        for cue in doc.spans.get("kg_cues", []):
            if cue.label_ != "compared_with" or cue.id_ != "after":
                continue
            i = cue.end
            while i < len(doc) and i - cue.end < 12:
                if toks[i].lower_ in ("the", "a", "an") and i == cue.end:
                    i += 1
                    continue
                token = toks[i]
                if i in end_of:
                    i = end_of[i]
                elif (is_title_word(token.text) and token.text not in self.lex.stop and not token.is_sent_start
                      and not token.lower_.endswith(_NAME_ADJECTIVE_ENDS) and token.text not in _NOT_SYSTEMS
                      and token.text.split("-")[-1][:1].isupper()
                      and i + 1 < len(doc) and (toks[i + 1].text in _LIST_GLUE | {".", ";", ")"}
                                                 or _score_bracket(toks, i + 1))):
                    spans.append(self._tag(doc[i:i + 1], "Method", token.text, "title"))
                    i += 1
                else:
                    break
                if i < len(doc) and toks[i].text in _LIST_GLUE and (i in ends or spans and spans[-1].end == i):
                    while i < len(doc) and toks[i].text in _LIST_GLUE:
                        i += 1
                    continue
                break
        return spans

    def _slash_siblings(self, doc: Doc, entities: list[Span]) -> list[Span]:
        """"CIFAR-10/100", "ETTh1/h2": the number after the slash names a sibling of the name before it."""
        spans = []
        for e in entities:
            if e.label_ not in ("Method", "Dataset", "Benchmark") or e.end + 1 >= len(doc):
                continue
            slash, right = doc[e.end], doc[e.end + 1]
            if slash.text == "/" and not e[-1].whitespace_ and not slash.whitespace_ and sibling_suffix(e[-1], right):
                name = sibling_name(e.text, right.text)
                if name:
                    spans.append(self._tag(doc[right.i:right.i + 1], e.label_, name, "shape"))
        return spans

    def _introduced(self, doc: Doc) -> list[Span]:
        """A capitalised word right after "we propose/introduce" that is then
        described: "we propose Chameleon, a ..." or "introduce Voyager (...)", also with its
        size ("release Quux 1B, a ...")."""
        toks = tokens(doc)
        sizes = self.lex.name_extensions
        spans = []
        for token in toks[:-2]:
            if token.text == "," and toks[token.i + 1].text in OPENING_QUOTES:
                kind = self._novel_kind_comma(toks, token, kinds=self.typer.type_words)
                quoted = self._quoted_lower(doc, toks, token.i + 1, kind) if kind else None
                if quoted is not None:  # "we propose a novel prompting methodology, *quux prompting*, which ..."
                    spans.append(quoted)
                    continue
            if (token.lower_ not in self.lex.proposal_words and not _known_as(token)
                    and not self._novel_kind_comma(toks, token)):
                continue
            name = toks[token.i + 1]
            end = name.i + 1
            if end + 1 < len(doc) and sizes is not None and sizes.fullmatch(toks[end].text):
                end += 1  # "Plaid 1B": a model and its size
            nxt = toks[end].text
            ends = _NAME_ENDS_AFTER_NAMING if token.lower_ in NAMING_WORDS and _we_before(token) else _NAME_ENDS
            ours = token.lower_ in self.lex.proposal_words and _we_before(token)  # "we propose ..."
            if ((is_title_word(name.text) or _acronym_compound(name.text, self.lex.stop))
                    and name.text not in self.lex.stop
                    and (nxt in ends or (ours and _recurring_name(toks, name, end)))):
                spans.append(self._tag(doc[name.i:end], "Method", doc[name.i:end].text, "named"))
            elif token.lower_ not in NAMING_WORDS:
                described = ((self._lower_after_kind(doc, toks, token.i + 1) if token.text == "," else None)
                             or self._described_lower(doc, toks, token.i + 1, ours))
                if described is None and ours and token.lower_ in _QUOTED_NAME_VERBS:
                    described = self._quoted_lower(doc, toks, token.i + 1)
                if described is not None:
                    spans.append(described)
        return spans

    def _quoted_lower(self, doc: Doc, toks: list[Token], start: int, kind: str = "Method") -> Span | None:
        """"we propose *online cascade learning*, the first approach to ...": lower-case words in quotes
        or Markdown emphasis (which reads as quotes) right after the cue, closed before a clause,
        name what the paper proposes. Two words at least, so an emphasised adjective ("a *counter-argument*:")
        is no name, nor are quoted words that modify a noun after them ("a *window ablation* scheme"). A
        quoted long form with its acronym after it ("*quux memory hypothesis* (QMH)") is left to the
        abbreviation rules, which make the acronym the name."""
        while start < len(doc) and toks[start].lower_ in _QUOTED_LEAD:
            start += 1
        if start >= len(doc) or toks[start].text not in OPENING_QUOTES:
            return None
        first = end = start + 1
        while (end < len(doc) and end - first < 6 and toks[end].text not in CLOSING_QUOTES
               and (toks[end].is_lower or toks[end].text == "-") and toks[end].lower_ not in self.lex.stop):
            end += 1
        if (end + 1 >= len(doc) or toks[end].text not in CLOSING_QUOTES or " " not in doc[first:end].text
                or toks[first].lower_ in _QUOTED_LEAD or toks[end + 1].lower_ not in _AFTER_QUOTED_NAME):
            return None
        return self._tag(doc[first:end], kind, doc[first:end].text, "named")

    def _lower_after_kind(self, doc: Doc, toks: list[Token], start: int) -> Span | None:
        """"we propose a new approach, data-faithful quux attribution, which ...": lower-case words right
        after the comma of "a novel <kind>," name the new thing when they close before a comma or a
        clause opener (`name_clause_opener`) and end in a head noun. Two words at least; the first no
        function word and no participle ("a novel method, grounded in our finding, ...")."""
        if toks[start].lower_ == "the":
            start += 1  # "a novel method, the randomized quux algorithm, in which ..."
        end = start
        while (end < len(doc) and end - start < 6 and (toks[end].is_lower or toks[end].text == "-")
               and toks[end].lower_ not in self.lex.stop and toks[end].lower_ not in _NAME_CLAUSE_OPENERS
               and (toks[end].lower_ not in _NOT_NAME_WORDS or toks[end].lower_ in _NAME_INNER_WORDS)):
            end += 1
        if end - start < 2 or end >= len(doc) or toks[end].text != "," and toks[end].lower_ not in _NAME_CLAUSE_OPENERS:
            return None
        first, last = toks[start], toks[end - 1].lower_
        if last not in self.lex.method_heads and last not in self.lex.phrases.task_heads and last not in (
                self.typer.type_words):
            return None  # "a novel method, albeit simple, ...": the words must end in a head noun
        if (first.is_stop or first.lower_.endswith(("ing", "ed")) or not first.text[:1].isalpha()
                or first.lower_ in NAMING_WORDS
                or any(t.is_stop and t.lower_ not in _NAME_INNER_WORDS for t in doc[start:end])):
            return None
        return self._tag(doc[start:end], "Method", doc[start:end].text, "named")

    def _novel_kind_comma(self, toks: list[Token], comma: Token,
                          kinds: Collection[str] = _SINGULAR_KINDS) -> str | None:
        """"we propose a novel method, Diffsurv, to ...": the comma after "a novel/new <kind>" that a
        proposal cue of the sentence introduces; the word after it names the new thing. So does the
        comma after "our (proposed) <kind>" ("Our system, Hive, operates ..."). Returns the type the
        kind word gives (`type_words.tsv`); `kinds` are the kind words that count."""
        i = comma.i
        if comma.text != "," or i < 4:
            return None
        if self.typer.type_words.get(toks[i - 1].lower_) == "Method":
            k = i - 2
            while k > i - 4 and toks[k].lower_ in _OWN_ADJECTIVES:
                k -= 1
            if toks[k].lower_ == "our":
                return "Method"
        kind = toks[i - 1].lower_
        if kind not in kinds:
            return None
        novel = next((k for k in range(i - 2, max(0, i - 5), -1) if toks[k].lower_ in ("novel", "new")), None)
        if novel is None or toks[novel - 1].lower_ not in ("a", "an"):
            return None
        if not any(t.lower_ in self.lex.proposal_words for t in toks[max(comma.sent.start, novel - 4):novel - 1]):
            return None
        return self.typer.type_words.get(kind, "Method")

    def _described_lower(self, doc: Doc, toks: list[Token], start: int, ours: bool) -> Span | None:
        """"we propose sparse upcycling -- a simple way to ...", "we introduce quux decay, a
        regularization technique": lower-case words right after the cue, then a dash or comma and
        "a/an" with a kind word, name what the paper proposes (typed by that kind word). After a
        proposal verb where "we" speak (`ours`), the first word may be capitalised ("we introduce Highway
        backpropagation, a parallel algorithm") or follow "the" ("we propose the quux attack, an extremely
        simple approach"); not after "also known as", which names a known thing. Up to five describing
        words may come before the kind word, but no clause ("a behavior observed in ... models")."""
        if ours and start + 2 < len(doc) and toks[start].lower_ == "the" and toks[start + 1].is_lower:
            start += 1  # "we propose the quux attack, an extremely simple approach": the name follows "the"
        end = start
        if (ours and start + 1 < len(doc) and is_title_word(toks[start].text) and toks[start].text not in self.lex.stop
                and toks[start + 1].is_lower):
            end += 1  # "we introduce Highway backpropagation, a parallel algorithm": a proper word, then words
        while (end < len(doc) and end - start < 4 and toks[end].is_lower and toks[end].text[:1].isalpha()
               and toks[end].lower_ not in self.lex.stop and toks[end].lower_ not in _NOT_NAME_WORDS):
            end += 1
        if end == start or end + 2 >= len(doc) or not _opens_description(toks[end]):
            return None
        if end == start + 1 and toks[start].lower_ in _PLACEHOLDERS:
            return None  # "we propose \ours, a modular approach": a LaTeX macro stands for the name
        if toks[end + 1].lower_ not in ("a", "an"):
            return None
        for k in range(end + 2, min(len(doc), end + 8)):  # up to five describing words before the kind
            kind = self._kind_of(toks[k])
            if kind is not None:
                return self._tag(doc[start:end], kind, doc[start:end].text, "named")
            # Describing words only, hyphenated ones too ("a data-efficient variant"), and no clause ("a
            # behavior observed in large language models").
            if not toks[k].text.replace("-", "").isalpha() or toks[k].lower_ in _DESCRIPTION_BREAKS:
                return None
        return None

    def _shapes(self, doc: Doc) -> list[Span]:
        """Single coined tokens; adjacent all-caps words join ("PASCAL VOC")."""
        toks = tokens(doc)
        metric_tokens = {k for s in doc.spans.get("kg_gazetteer", []) if s.label_ == "Metric"
                         for k in range(s.start, s.end)}
        spans: list[Span] = []
        i = 0
        while i < len(doc):
            if (not is_coined(toks[i].text, self.lex.stop) or toks[i].like_url or toks[i].like_email
                    or _citation_key(doc, i)):
                i += 1
                continue
            end = _extended_end(doc, _glued_end(doc, i + 1), self.lex.name_extensions)
            while (end < len(doc) and is_all_caps(toks[end - 1].text) and toks[end - 1].whitespace_
                   and is_all_caps(toks[end].text) and not toks[end].is_sent_start):
                end += 1
            if end - i > 1 and all(k in metric_tokens or toks[k].text == "/" for k in range(i, end)):
                i = end  # "EM/F1": listed metrics with a slash between them, each a metric, no name
                continue
            spans.append(self._tag(doc[i:end], "Method", doc[i:end].text, "shape"))
            i = end
        return spans

    def _part_names(self, doc: Doc) -> list[Span]:
        """"a Coef module", "the Swift module": one capitalised word (or a Title-Case run) between a
        determiner and a part word (`part_word`: "module", "block") is the part's name, though the
        word alone is no name by its shape ("Forecast", "Sage")."""
        toks = tokens(doc)  # one pass over the shared tokens; `doc.text` would join the whole text again
        spans = []
        for token in toks[1:]:
            if token.lower_ not in _PART_WORDS:
                continue
            start = token.i
            while start > 0 and token.i - start < 3 and is_title_word(toks[start - 1].text) \
                    and toks[start - 1].text not in self.lex.stop and not toks[start - 1].is_sent_start:
                start -= 1
            if start < token.i and start > 0 and toks[start - 1].lower_ in _PART_DETERMINERS:
                spans.append(self._tag(doc[start:token.i], "Method", doc[start:token.i].text, "named"))
        return spans

    def _title_runs(self, doc: Doc) -> list[Span]:
        """Two or more Title-Case words in a row ("Shape-Aware Guidance")."""
        toks = tokens(doc)
        known_heads = _known_method_acronyms(doc, self.lex.stop)
        proposed_at = _proposal_objects(doc)
        spans: list[Span] = []
        i = 0
        while i < len(doc):
            end = i
            while end < len(doc) and is_name_token(toks[end], self.lex.stop) and (end == i or not toks[end].is_sent_start):
                end += 1
            if end > i and end in known_heads and is_title_word(toks[end - 1].text) and toks[end - 1].whitespace_:
                end += 1  # "a new method, Quux SGD": a listed method's acronym after a capitalised word ends the name
            while i < end - 1 and toks[i].text.endswith(_MODIFIER_SUFFIXES):  # lower case: "Quux-Aware" is a name
                i += 1  # "the Transformer-based QuuxLM": the name is what the modifier describes
            if end - i >= 2 and toks[i].is_sent_start and not is_coined(toks[i].text, self.lex.stop):
                if not is_title_word(toks[i + 1].text):
                    i += 1  # "Most GNNs", "Current GAE": a capital only because the sentence starts
                    continue
            if (end - i >= 2 and any(is_title_word(t.text) for t in toks[i:end])
                    and (toks[end - 1].text not in self.lex.title_stop or _proposed_run(doc, i, end, proposed_at))):
                span = doc[i:_extended_end(doc, end, self.lex.name_extensions)]
                if span.text.lower() not in self.lex.generic and not _all_generic(span, self.lex.generic):
                    if _task_run(doc, span, proposed_at, self.lex.stop):
                        spans.append(self._tag(span, "Task", lower_first(span.text), "title"))
                    else:
                        spans.append(self._tag(span, "Method", span.text, "title"))
            i = max(end, i + 1)
        return spans


def is_titled(words: list) -> bool:
    """"Segment Anything Model", "Model-Augmented Data for Quux Learning": a capitalised name.

    The first word may be capitalised only because it starts the sentence, so
    most of the other content words must be capitalised too.
    """
    parts = " ".join(t.text for t in words).replace("-", " ").split()
    content = [w for w in parts[1:] if w.lower() not in _PREPOSITIONS and w.lower() not in ("and", "the", "a")]
    if len(parts) < 2 or not parts[0][:1].isupper() or not content:
        return False
    return sum(1 for w in content if w[:1].isupper()) * 2 >= len(content)


def _recurring_name(toks: list[Token], name: Token, end: int) -> bool:
    """"we propose Quuxle to learn ...", "we propose Zorb-Video that learns ...": a capitalised word
    that "we" propose and that a clause of what it does follows is a name when the abstract writes
    it again, capitalised, away from its own position (a word that only opens a long form, "we
    introduce Sketching for Regularized ...", does not recur)."""
    return (end == name.i + 1 and toks[end].lower_ in _NAME_CLAUSE_OPENERS
            and any(t.text == name.text for t in toks if t.i != name.i))


def _acronym_compound(text: str, stop: frozenset[str]) -> bool:
    """"VA-learning", "QZ-masks": an acronym glued to a lower-case noun, a shape a name has right
    after "we introduce" (elsewhere it is mostly a description: "RL-trained", "KD-based")."""
    head, _, tail = text.rpartition("-")
    return (is_all_caps(head) and head not in stop and tail.isalpha() and tail.islower()
            and not text.endswith(_MODIFIER_SUFFIXES) and tail not in LOWER_SUFFIXES)


def _known_name(span: Span) -> str:
    """The listed form that matched ("Waymo", "SAM"); an acronym of a task or
    metric takes the canonical name ("multi-agent reinforcement learning")."""
    alias = span.id_ or span.kb_id_
    if span.label_ in ("Task", "Metric") and not any(c.islower() for c in alias):
        return span.kb_id_  # "MARL" as a task is "multi-agent reinforcement learning"
    return alias


def _long_form_head(words: list) -> str:
    """The head word of a long form: the last word before its first preposition
    ("Learning *Rate* of Quux Networks"), else its last word."""
    head_i = next((i for i, t in enumerate(words) if t.lower_ in _PREPOSITIONS and i > 0), len(words))
    return words[head_i - 1].lower_ if head_i else ""


def _redefined(known: Span, long: Span, short: Span, kind: str | None) -> bool:
    """The listed acronym at the short form stands for another long form in this paper:
    "Adaptive Risk Control (ARC)" is not ARC, the AI2 Reasoning Challenge. The written long form
    is compared with every long form the gazetteer lists for the entry. An entry that lists none
    ("GQA" alone) is contradicted only by the kind the long form's head word names (`kind`):
    "Grouped Query Attention (GQA)" is a method, so not the GQA benchmark."""
    if not (known.start == short.start and known.end == short.end):
        return False
    acronym = letters(short.text)
    forms = [f for f in _long_forms().get(known.kb_id_, ()) if f != acronym]
    if not forms:
        return kind is not None and known.label_ in ("Method", *_DATA_TYPES) and (
            (kind == "Method") != (known.label_ == "Method"))
    written = letters(long.text)
    return not any(_same_long_form(form, written) for form in forms)


def _same_long_form(listed: str, written: str) -> bool:
    """Two long forms (as letters) of one name: one holds the other ("stochastic gradient" in
    "stochastic gradient descent", a plural), or they differ by a few letters ("Denoised Diffusion
    Probabilistic Models"; "Adaptive Moment Estimate")."""
    if listed.rstrip("s") in written or (len(written) >= 8 and written.rstrip("s") in listed):
        return True
    return SequenceMatcher(None, listed, written, autojunk=False).ratio() >= _SAME_LONG_FORM


@lru_cache(maxsize=1)
def _long_forms() -> dict[str, tuple[str, ...]]:
    """Canonical name -> the letters of its name and of every listed alias."""
    return {e.name: tuple(dict.fromkeys(letters(a) for a in (e.name, *e.aliases))) for e in load_gazetteer()}


@lru_cache(maxsize=1)
def _listed_data() -> dict[str, str]:
    """Listed dataset and benchmark names and aliases (four characters or more), with their types."""
    return {name: e.type for e in load_gazetteer() if e.type in _DATA_TYPES
            for name in (e.name, *e.aliases) if len(name) >= 4}


def _citation_key(doc: Doc, i: int) -> bool:
    """"[BCD20]", "[XY19, ...]": a bracketed author-year key cites a paper, it names no method."""
    return i > 0 and doc[i - 1].text == "[" and i + 1 < len(doc) and doc[i + 1].text in ("]", ",", ";")


def _glued_end(doc: Doc, end: int) -> int:
    """Extend over "-" glued on both sides: "Llama-3.1" "-" "8B-Instruct" is one name."""
    while (end + 1 < len(doc) and doc[end].text in ("-", "/") and not doc[end - 1].whitespace_
           and not doc[end].whitespace_ and doc[end + 1].text[:1].isalnum()):
        if doc[end].text == "/" and (_is_word_name(doc[end + 1].text) or sibling_suffix(doc[end - 1], doc[end + 1])):
            break  # "BERT/RoBERTa", "DANE/DANE+", "CIFAR-10/100": two names; "ViT-B/16" is one
        end += 2
    return end


_PROPOSED_HEADS = frozenset(word_group("proposed_title_head"))  # ontology/patterns/word_groups.tsv
_NAMING_CUES = NAMING_WORDS | {"call", "term"}
# After the run: the name ends ("for/with" may continue a longer name: "Quux Learning with Blob Rewards (QLBR)").
_RUN_ENDS = frozenset({",", ".", ";", ":", "to", "that", "which", "where", "as", "and", "—"})


def _proposal_objects(doc: Doc) -> set[int]:
    """Token indices right after a proposal cue ("we propose (the) ...")."""
    starts = set()
    for cue in doc.spans.get("kg_cues", []):
        if (cue.label_ == "proposes" and cue.id_ != "before" and cue.end < len(doc)
                and cue[-1].lower_ not in _NAMING_CUES):  # "which we term Quux Learning": a field is named
            starts.add(cue.end + (1 if doc[cue.end].lower_ in ("a", "an", "the") else 0))
    return starts


_TITLE_TASK_HEADS = frozenset(word_group("title_task_head"))  # ontology/patterns/word_groups.tsv
_RUN_NAMERS = frozenset(word_group("inner_naming_word")) - {"termed"}  # "named X": a name; "termed X" may be a task


def _task_run(doc: Doc, run: Span, proposed_at: set[int], stop: frozenset[str]) -> bool:
    """"applications, including Movie Recommendation, Image Summarization": a Title-Case run that
    ends in the noun of a task's activity names the task, as "Open Vocabulary Object Detection"
    does; not where a proposal cue or a naming word ("named", "called") names it, where it spells
    out the coined name before its comma, or where an acronym follows (the definition decides)."""
    if run[-1].lower_ not in _TITLE_TASK_HEADS or run.start in proposed_at:
        return False
    if run.start >= 1 and doc[run.start - 1].lower_ in _RUN_NAMERS:
        return False  # "an approach named Self-cognitive Denoising ..."
    if run.start >= 2 and doc[run.start - 1].text == "," and is_coined(doc[run.start - 2].text, stop):
        return False  # "we propose REBORN, Reinforcement-Learned Boundary Segmentation": the name spelled out
    return not (run.end < len(doc) and doc[run.end].text == "(")


def _proposed_run(doc: Doc, start: int, end: int, proposed_at: set[int]) -> bool:
    """"We propose Dynamic Quux Learning, ...": a Title-Case run that a proposal cue names is the
    paper's method even when it ends in a field word ("Learning") that elsewhere names a field;
    not when it modifies a noun ("a Quux Learning framework")."""
    return (start in proposed_at and doc[end - 1].text in _PROPOSED_HEADS
            and (end == len(doc) or doc[end].lower_ in _RUN_ENDS))


_OWN_ADJECTIVES = frozenset(word_group("own_adjective"))  # ontology/patterns/word_groups.tsv, as relations.py reads it


def _ours_before(long: Span) -> bool:
    """"our (proposed) quux learning (QL) framework", "a novel quux selection (QuuxSel) method": the
    paper's own, named by what follows."""
    doc, i = long.doc, long.start - 1
    described = i >= 0 and doc[i].lower_ in _OWN_ADJECTIVES
    if described:
        i -= 1
    return i >= 0 and (doc[i].lower_ == "our" or described and doc[i].lower_ in ("a", "an"))


def _listed_over(long: Span, known: list[Span]) -> bool:
    """A listed name opens the long form and covers it ("reinforcement learning" in "a new
    reinforcement learning (RL) framework"): the acronym is that listed name's."""
    return any(s.start == long.start and s.end >= long.end for s in known)


def _phenomenon(long: Span, short_core: str) -> bool:
    """Does the long form name an effect ("Neural Collapse", "covariate shift") by plain initials?
    "Label-Agnostic Forgetting (LAF)" spells its hyphenated word out: a coined method's name."""
    words = long.text.split()
    initials = "".join(w[0] for w in words).upper()
    return words[-1].lower() in _PHENOMENON_HEADS and short_core.upper().rstrip("S") == initials.rstrip("S")


def _ends_in_acronym(words: list[Token]) -> bool:
    """"sparse spectral GP": a lower-case long form whose last word is an acronym in capitals."""
    last = words[-1].text if words else ""
    return len(words) >= 2 and len(last) >= 2 and last.isupper() and last.isalpha()


def _known_method_acronyms(doc: Doc, stop: frozenset[str]) -> set[int]:
    """Token indices of one-token listed methods written in capitals that the stop list keeps from
    starting a name by shape ("SGD", "MLP"): they may still end a capitalised name."""
    return {s.start for s in doc.spans.get("kg_gazetteer", []) if s.label_ == "Method" and len(s) == 1
            and s.text in stop and s.text.isupper() and not doc[s.start].is_sent_start}


def _extended_end(doc: Doc, end: int, extensions: re.Pattern[str] | None) -> int:
    """"QuuxMath 70B", "Blob-Mistral 7B", "Quux-Former V2": a parameter count or a version
    written after a model name is part of it (`ontology/patterns/name_extensions.txt`)."""
    if extensions is not None and end < len(doc) and doc[end - 1].whitespace_ and extensions.fullmatch(doc[end].text):
        return end + 1
    return end


def _unmodified(name: str) -> str:
    """"LLaMA-3-8B-based" (before "SFT model"): the tokenizer glues the modifier onto the size, so
    the name it was built from ends before the suffix. (A one-word "Quux-based" never gets here:
    `is_coined` rejects it.)"""
    if " " in name or not name.endswith(_MODIFIER_SUFFIXES):  # one C call for the common case
        return name
    bare = name[:-len(next(s for s in _MODIFIER_SUFFIXES if name.endswith(s)))]
    return bare if "-" in bare else name


def _is_word_name(text: str) -> bool:
    """A capitalised word of two or more letters: a name of its own after a slash."""
    return text[:1].isupper() and sum(c.isalpha() for c in text) >= 2


def _all_generic(span: Span, generic: frozenset[str]) -> bool:
    """"Large Language Model" inside a longer Title run is still generic."""
    low = span.text.lower()
    return any(low.endswith(g) and len(g) * 2 > len(low) for g in generic if " " in g)


_QUALITY_ENDINGS = tuple(word_group("quality_ending"))  # ontology/patterns/word_groups.tsv


_JOINERS = ("and", "or")  # words that join list items, after a comma or not
_SEPARATORS = (",", *_JOINERS)


def _by_separator(toks: list[Token], span: Span) -> bool:
    """Is the name next to a list separator (",", "and", "or")?"""
    return ((span.end < len(toks) and toks[span.end].lower_ in _SEPARATORS)
            or (span.start > 0 and toks[span.start - 1].lower_ in _SEPARATORS))


def _sentence_bounds(toks: list[Token], spans: list[Span]) -> list[tuple[int, int]]:
    """The (first, end) token bounds of each sentence that holds one of the spans, in order."""
    bounds: list[tuple[int, int]] = []
    for span in sorted(spans, key=lambda s: s.start):
        if bounds and span.start < bounds[-1][1]:
            continue
        first = span.start
        while first > 0 and not toks[first].is_sent_start:
            first -= 1
        last = span.start + 1
        while last < len(toks) and not toks[last].is_sent_start:
            last += 1
        bounds.append((first, last))
    return bounds


class _ListChains:
    """The list that starts at each token of a sentence: its first item (a name, or the (start, end)
    of a run of up to `MAX_LIST_ITEM` content words outside names whose last word `fits`) and, when
    ",", "and" or "or" follows, the list after the separator. Built from the sentence's end back, so
    each token is read once although the lists overlap."""

    def __init__(self, toks: list[Token], first: int, last: int, starts: dict[int, Span], covered: set[int],
                 fits: Callable[[Token], bool], lex: PhraseLexicon) -> None:
        self.first_token = first
        size = last - first
        self.item: list[Span | tuple[int, int] | None] = [None] * (size + 1)
        self.next: list[int | None] = [None] * (size + 1)
        self.length = [0] * (size + 1)
        self.end = list(range(first, last + 1))  # the token after the list
        stop = last  # the first token at or after i that is no content word outside names
        for i in range(last - 1, first - 1, -1):
            k = i - first
            if i in covered or not is_modifier(toks[i], lex):
                stop = i
            if i in starts:
                item: Span | tuple[int, int] = starts[i]
                j = starts[i].end
            else:
                j = min(stop, i + MAX_LIST_ITEM)
                if j == i or not fits(toks[j - 1]):
                    continue
                item = (i, j)
            self.item[k] = item
            joined = j < len(toks) and toks[j].text == ","
            if joined:
                j += 1
            if j < len(toks) and toks[j].lower_ in _JOINERS:
                j += 1
                joined = True
            if joined and j < last:
                self.next[k], self.length[k], self.end[k] = j, 1 + self.length[j - first], self.end[j - first]
            else:
                self.length[k], self.end[k] = 1, j

    def items(self, i: int | None) -> list[Span | tuple[int, int]]:
        """The items of the list that starts at token i."""
        items = []
        while i is not None and self.item[i - self.first_token] is not None:
            items.append(self.item[i - self.first_token])
            i = self.next[i - self.first_token]
        return items


def _listed_definitions(candidates: list[Span]) -> set[tuple[int, int]]:
    """Where a definition's long or short form is a listed method ("low-rank adaptation (LoRA)")."""
    listed = {(s.start, s.end) for s in candidates if s.id_ == "gazetteer" and s.label_ == "Method"}
    return {(s.start, s.end) for s in candidates
            if s.id_ == "abbreviation" and s.label_ == "Method" and (s.start, s.end) in listed}


def merge(candidates: list[Span], nested: Set[tuple[int, int]] = frozenset()) -> list[Span]:
    """Longest spans first; on equal length the more trusted source wins.

    A task or metric phrase that ends in a known name of another type takes
    that type: "split conformal prediction" is a method like "conformal prediction".
    A listed method defined inside a task phrase (`nested`: "low-rank adaptation (LoRA)
    fine-tuning") is named there too, so it is kept beside the phrase.
    """
    known = {s.end: s.label_ for s in candidates if s.id_ == "gazetteer"}
    candidates = [
        Span(s.doc, s.start, s.end, label=known[s.end], kb_id=s.kb_id_, span_id=s.id_)
        if s.id_ in ("task", "metric") and known.get(s.end, s.label_) != s.label_ else s
        for s in candidates
    ]
    order = sorted(candidates, key=lambda s: (-(s.end - s.start), _PRIORITY.get(s.id_, 9), s.start))
    taken: set[int] = set()
    kept = []
    for span in order:
        if any(i in taken for i in range(span.start, span.end)):
            if span.id_ == "abbreviation" and (span.start, span.end) in nested and any(
                    k.id_ == "task" and k.start <= span.start and span.end <= k.end for k in kept):
                kept.append(span)
            continue
        taken.update(range(span.start, span.end))
        kept.append(span)
    return sorted(kept, key=lambda s: s.start)


def clean_name(name: str) -> str:
    """Trim spaces, quotes and trailing punctuation from a surface name."""
    return name.strip().strip("\"'“”‘’").rstrip(".,;:!?").strip()


def lower_first(text: str) -> str:
    """Sentence-initial capital off: "Incremental object detection" -> "incremental ..."."""
    words = text.split()
    if len(text) > 1 and text[0].isupper() and text[1:2].islower() and all(w.islower() for w in words[1:]):
        return text[0].lower() + text[1:]
    return text


@Language.factory("kg_names", assigns=["doc.spans"], requires=["doc.spans"])
def make_names(nlp: Language, name: str) -> NameFinder:
    """Factory of the name finder (coined names, tasks, metrics, merge)."""
    return NameFinder(load_lexicon())
