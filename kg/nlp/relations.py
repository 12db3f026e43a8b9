"""Entities of a paper, what it proposes and what it evaluates on (baselines and uses: `kg.nlp.uses`).

Works on the spans the pipeline wrote (`kg_entities`, `kg_cues`) and the
sentence boundaries: a relation cue relates the entities that follow it in
its sentence (a whole coordinated list: "faster than X, Y and Z"), and the
type of an entity decides which relations it can take part in.
"""

from __future__ import annotations

import re

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache

from spacy.tokens import Doc, Span, Token

from kg.nlp import read_lines, read_table, word_group
from kg.nlp.gazetteer import TRAINED_SUFFIXES, modified_stem
from kg.nlp.namelexicon import load_lexicon
from kg.nlp.phrases import called_a_problem, title_tasks
from kg.nlp.shapes import core, letters
from kg.nlp.tokens import CLOSING_QUOTES, OPENING_QUOTES, after_short_form, lower_text, marker_before, tokens

_PROPOSABLE = {"Method", "Dataset", "Benchmark", "Unknown"}
METHODS = {"Method", "Unknown"}
_DATA = {"Dataset", "Benchmark"}
# Use words end the search too ("we introduce quux conditioning using FiLM layers"), unless `_stop_passed`;
# so does "against" ("we propose a class of attacks against QuuxNet": what follows is attacked, not new).
_USE_STOPS = {"using", "via", "leveraging", "utilizing", "employing"}
_PROPOSE_STOP = {";", "that", "which", "whose", "where", "to", "while", "but", "on", "against"} | _USE_STOPS
_NOVEL = {"novel", "new"}
_NOVEL_FAMILY = frozenset(word_group("novel_family"))  # ontology/patterns/word_groups.tsv
_NOVEL_COUNTS = frozenset(word_group("novel_count"))  # "a novel <kind>", "two new <kinds>"
_USE_LIKE = {"incorporate"}  # proposal cues that also mean "use": the name must be new
_NAMING_WORDS = {"called", "named", "termed", "dubbed", "coined", "call", "name", "dub", "term"}
_SOURCE_CONFIDENCE = {"gazetteer": 0.9, "abbreviation": 0.8, "named": 0.75, "technique": 0.6, "shape": 0.6, "title": 0.5,
                      "task": 0.5, "metric": 0.55}


@dataclass(frozen=True)
class Ent:
    """One entity mention: its span, canonical name, type and how it was found."""

    span: Span
    name: str
    type: str
    source: str
    key: str | None = None  # canonical gazetteer name, when a gazetteer matched

    @property
    def sent(self) -> Span:
        """The sentence of the mention."""
        return sentence(self.span.doc, self.span.start)

    @property
    def confidence(self) -> float:
        """Trust in the mention itself, by the way it was found."""
        return _SOURCE_CONFIDENCE.get(self.source, 0.5)


@dataclass(frozen=True)
class Fact:
    """A paper-level relation to one entity, with the sentence that supports it."""

    relation: str
    ent: Ent
    sentence: Span
    confidence: float
    rule: str = "mention"  # the rule that stated it: with the name's source, the key of its calibration


def sentence(doc: Doc, i: int) -> Span:
    """The sentence of token i, found by bisection (Token.sent walks the whole sentence)."""
    index = doc.user_data.get("kg_sentences")
    if index is None:
        sents = list(doc.sents) if doc.has_annotation("SENT_START") else [doc[:]]
        index = ([s.start for s in sents], sents)
        doc.user_data["kg_sentences"] = index
    starts, sents = index
    return sents[bisect_right(starts, i) - 1]


@lru_cache(maxsize=4)
def _words(filename: str) -> frozenset[str]:
    return frozenset(read_lines(filename))


def entities(doc: Doc) -> list[Ent]:
    """The merged entity spans as `Ent`s (names as the names component set them), each with the
    gazetteer name it matched. A definition that gives a listed acronym another long form
    ("disentangled representation learning (DRL)" is not the listed DRL, deep RL) left no match
    behind (`names._redefined`), so every match is the listed name, "Vision Transformers (ViTs)" too."""
    known = {(s.start, s.end): s.kb_id_ for s in doc.spans.get("kg_gazetteer", [])}
    return [Ent(s, s.kb_id_ or s.text, s.label_, s.id_, known.get((s.start, s.end)))
            for s in doc.spans.get("kg_entities", [])]


def is_first_person(sent: Span, end: int) -> bool:
    """Does the sentence speak of the paper's own work before token `end`?"""
    words = _words("first_person.txt")
    tokens = sent.doc[sent.start:max(sent.start, end)]
    for t in tokens:
        if t.lower_ in words:
            return True
        if t.lower_ == "this" and t.i + 1 < len(t.doc) and t.doc[t.i + 1].lower_ in ("paper", "work", "study"):
            return True
        if (t.lower_ == "proposed" and t.i > 0 and t.doc[t.i - 1].lower_ == "the" and t.i + 1 < len(t.doc)
                and load_lexicon().phrases.type_words.get(t.doc[t.i + 1].lower_) == "Method"):
            return True  # "the proposed method": the paper's own
    return False


_SYNONYM_ADVERBS = frozenset(word_group("synonym_adverb"))  # ontology/patterns/word_groups.tsv
_OWN_ADJECTIVES = frozenset(word_group("own_adjective"))
_LEADING_PREPOSITIONS = frozenset(word_group("leading_preposition"))
_NOUN_CUES = frozenset(word_group("noun_cue"))
_PART_OPENERS = tuple(tuple(w.split()) for w in word_group("part_opener"))  # ontology/patterns/word_groups.tsv
_PART_FIRST_WORDS = frozenset(o[0] for o in _PART_OPENERS)
_PLURAL_ACRONYM = re.compile(r"[A-Z0-9-]{2,}s")
_PART_KINDS = frozenset(word_group("defined_part_kind"))  # ontology/patterns/word_groups.tsv
_PART_FILLERS = frozenset(word_group("part_filler"))
_OPENING_DETERMINERS = frozenset(word_group("opening_determiner"))
_VERB_OPENERS = frozenset(word_group("verb_opener"))


def proposals(doc: Doc, ents: list[Ent], title: str | None = None) -> dict[str, str]:
    """Names the paper proposes -> their type (Method, Dataset or Benchmark).

    A proposal cue counts in a first-person sentence; a naming word ("named",
    "termed") or a passive cue ("X (ABC) is proposed") introduces a name in any
    sentence; a first-person cue that names nothing lets the new name opening the next sentence
    be the proposal; and a title "Name: what it does" names the paper's artifact, as does a title
    "Long Form: ..." whose long form the abstract defines as an acronym.
    """
    found: dict[str, str] = {}
    nameless: list[Span] = []
    for cue in doc.spans.get("kg_cues", []):
        if cue.label_ != "proposes" or _is_noun_use(cue):
            continue
        if cue.id_ == "before":
            target = None if _credited(doc, cue.end) else _passive_proposal(doc, ents, cue)
            if target is not None:
                found.setdefault(*_proposed_name(doc, target))
            continue
        naming = cue[0].lower_ in _NAMING_WORDS
        if naming and _another_name(doc, cue.start):
            continue  # "offline (also called multi-pass) SGD": another name of a known thing
        if naming and _background(doc, cue.start):
            continue  # "Recently, a novel algorithm, called Quux-Quux, has received attention"
        if not naming and not is_first_person(sentence(doc, cue.start), cue.end):
            continue
        target = _first_proposable(doc, ents, cue)
        if target is not None and cue[0].lower_ in _OUTCOME_CUES and not _outcome_named(doc, cue, target):
            continue
        if target is not None and _nominal(cue) and starting_in(ents, cue.end, target.span.start):
            continue  # "the introduction of USED into SNN": only the name right after the noun cue is new
        if (target is not None and naming and target.span.text.islower() and _short_form(doc, target) is None
                and _defines_a_term(doc, cue)):
            continue  # "..., which is called quux confounding": a term defined, not an artifact proposed
        if target is not None:
            found.setdefault(*_proposed_name(doc, target))
            for other in _coordinated(doc, ents, target):
                found.setdefault(*_proposed_name(doc, other))
        elif not naming and cue.id_ == "after":
            nameless.append(sentence(doc, cue.start))
    for sent in nameless:
        if any(e.name in found for e in ents if sent.start <= e.span.start < sent.end):
            continue
        ent = _opening_new_name(doc, ents, sent)
        if ent is not None:
            found.setdefault(*_proposed_name(doc, ent))
    for ent in ents:
        if ent.type in _PROPOSABLE and not _listed(ent) and (_called_novel(doc, ent.span) or _ours(doc, ent.span)
                                                             or _novel_kind_before(doc, ent.span, found)
                                                             or _trained_by_us(doc, ent)):
            found.setdefault(*_proposed_name(doc, ent))
    head = _title_head(title)
    if head:
        for long, short in doc._.kg_abbreviations or []:
            if letters(long.text) == letters(head):  # "Chain of Quux Optimization: ..." defines (CQO)
                ent = next((e for e in ents if e.name == short.text and not _listed(e)
                            and e.type in _PROPOSABLE), None)
                if ent is not None:
                    found.setdefault(*_proposed_name(doc, ent))
                break
    for ent in _listed_parts(doc, ents, found):
        found.setdefault(*_proposed_name(doc, ent))
    for ent in _named_components(doc, ents, found):
        found.setdefault(*_proposed_name(doc, ent))
    for ent in _defined_parts(doc, ents, found):
        found.setdefault(*_proposed_name(doc, ent))
    for ent in _named_by_code_url(doc, ents):
        found.setdefault(*_proposed_name(doc, ent))
    titled = _title_name(title)
    if titled:  # a listed name too: "QuuxBench: ..." is the paper that made QuuxBench, even once it is known
        for ent in ents:
            if ent.type in _PROPOSABLE and same_name(ent.name, titled):
                found.setdefault(*_proposed_name(doc, ent))
                break
    for ent in ents:
        if ent.source != "gazetteer" and ent.type == "Method" and ent.name not in found:
            base = next((p for p in found if found[p] == "Method"
                         and (_is_version_of(ent.name, p) or _grown_from(ent.name, p))), None)
            if base is not None:
                found[ent.name] = "Method"  # "QuuxMath 70B", "FedQ-MVR": the paper's own variants
    measures = _defined_measures(doc, ents)
    if measures:  # a new measure is a metric, unless the abstract also names it as something else
        measures -= {e.name for e in ents if e.type != "Metric"}
    return {name: kind for name, kind in found.items() if name not in measures}


def _defined_measures(doc: Doc, ents: list[Ent]) -> set[str]:
    """Short forms of the measures the abstract defines: a long form typed Metric that ends in a
    measure's head word ("Adversarial Counterfactual Error (ACoE)") or in a listed measure
    ("Matched Demographic Parity (MDP)"). A paper that introduces one proposes no method by it;
    a long form typed Metric only by a listed word at its start ("Recall to Imagine") may be one."""
    if not doc._.kg_abbreviations:
        return set()  # most abstracts define nothing: no sets to build
    known = doc.spans.get("kg_gazetteer", [])
    metric_ends = {s.end for s in known if s.label_ == "Metric" and len(s) >= 2}
    known_starts = {s.start for s in known}
    typed = {e.span.start for e in ents if e.type == "Metric" and e.source == "abbreviation"}
    heads = load_lexicon().phrases.metric_heads
    return {short.text for long, short in doc._.kg_abbreviations if long.start in typed and (
        long[-1].lower_ in heads or (long.end in metric_ends and long.start not in known_starts))}


def _opening_new_name(doc: Doc, ents: list[Ent], sent: Span) -> Ent | None:
    """The new name that opens the sentence after a proposal cue that named nothing: "Here we
    propose a method for X. Quux Particle Dynamics (QPD) jointly learns ..." names the method."""
    if sent.end >= len(doc):
        return None
    nxt = sentence(doc, sent.end)
    start = nxt.start + (doc[nxt.start].lower_ in _OPENING_DETERMINERS)
    ent = next(iter(starting_in(ents, start, start + 1)), None)
    if ent is None or ent.type not in _PROPOSABLE or ent.source in ("title", "technique") or _listed(ent):
        return None
    name = ent.name.lower()
    return None if any(e.name.lower() == name and e.span.start < start for e in ents) else ent


def _listed_parts(doc: Doc, ents: list[Ent], found: dict[str, str]) -> list[Ent]:
    """"we propose QuuxNet, featuring a Simple Blob Tokenizer (SBT) and ...": a new acronym-defined
    name right after a part opener (`part_opener` words) that follows a proposal in its sentence is a
    part of it, as are the names coordinated with it."""
    out: list[Ent] = []
    for prop in [e for e in ents if e.name in found]:
        sent = prop.sent
        for i in range(prop.span.end, sent.end):
            if doc[i].lower_ not in _PART_FIRST_WORDS:
                continue
            opener = next((o for o in _PART_OPENERS if tuple(t.lower_ for t in doc[i:i + len(o)]) == o), None)
            if opener is None:
                continue
            k = i + len(opener)
            while k < sent.end and doc[k].lower_ in _PART_FILLERS:
                k += 1
            part = next(iter(starting_in(ents, k, k + 1)), None)
            if (part is not None and part.source == "abbreviation" and part.type == "Method" and not _listed(part)
                    and not _PLURAL_ACRONYM.fullmatch(part.name)):  # "two Blob Networks (BNs)": a class
                out += [part, *_coordinated(doc, ents, part)]
            break
    return out


def _named_components(doc: Doc, ents: list[Ent], found: dict[str, str]) -> list[Ent]:
    """"QuuxCompiler has three components: (i) a Function Planner, ...; (ii) a Task Unit, ...; and (iii)
    an Executor": the named parts a sentence about the paper's own work lists are proposed too (a named
    sub-component is the paper's). Only names that open a list item count, not names in its description."""
    out: list[Ent] = []
    for tok in tokens(doc):
        if tok.lower_ not in _COMPONENT_WORDS:
            continue
        sent = sentence(doc, tok.i)
        colon = next((k for k in range(tok.i + 1, min(sent.end, tok.i + 1 + _COLON_WINDOW))
                      if doc[k].text in _CLAUSE_ENDS), None)
        if colon is None or doc[colon].text not in _ITEM_OPENERS:
            continue  # "three innovations to save memory: (a) ...": the colon ends the clause of the word
        if not (is_first_person(sent, sent.end)
                or any(e.name in found for e in starting_in(ents, sent.start, sent.end))):
            continue
        last_end = None  # end of the part accepted last: "A, B, and C" lists parts with bare commas
        for ent in starting_in(ents, colon + 1, sent.end):
            if _listed(ent) or ent.type not in METHODS or ent.name in found or _modifies_a_noun(doc, ent):
                continue  # "(1) a QuuxVar objective function": the part is the unnamed function
            window = [t.lower_ for t in doc[max(sent.start, ent.span.start - 6):ent.span.start]]
            gap = _without_item_markers(window)
            marked = len(gap) < len(window)  # ", (ii) a Quux Unit": an item marker after the comma
            listed_on = last_end is not None and all(
                w in (",", "and") for w in _without_markers([t.lower_ for t in doc[last_end:ent.span.start]]))
            opens_item = gap and (gap[-1] in _ITEM_OPENERS or gap[-1] in (";", "and"))
            if opens_item or gap and gap[-1] == "," and (marked or listed_on):
                out.append(ent)
                last_end = after_short_form(doc, ent.span.end)
    return out


def _defined_parts(doc: Doc, ents: list[Ent], found: dict[str, str]) -> list[Ent]:
    """"built on adaptive window pruning Transformer blocks (AdaWPT)", "the 2D Selective Scan (SS2D)
    module": in a sentence about the paper's own method, a new acronym defined for a part (its long form
    ends in a part kind, or one follows the bracket: `defined_part_kind`) names a part of that method,
    which the guidelines list as proposed."""
    pairs = doc._.kg_abbreviations or []
    if not pairs or "Method" not in found.values():
        return []
    own = own_sentences(ents, found)
    out = []
    for long, short in pairs:
        ent = next(iter(starting_in(ents, short.start, short.start + 1)), None)
        if (ent is None or ent.source != "abbreviation" or ent.type != "Method" or _listed(ent)
                or ent.name in found or _PLURAL_ACRONYM.fullmatch(ent.name) or not own(sentence(doc, short.start))):
            continue
        after = after_short_form(doc, short.end)
        if not (doc[long.end - 1].lower_ in _PART_KINDS or after < len(doc) and doc[after].lower_ in _PART_KINDS):
            continue
        words = [t.text for t in long if t.is_alpha and len(t) > 3]
        coined = sum(w[:1].isupper() for w in words) * 2 > len(words) or any(c.islower() for c in short.text[1:])
        before = long.start - 1 - (long.start > 1 and doc[long.start - 1].lower_ in ("the", "a", "an"))
        if (coined and not (before >= 0 and doc[before].lower_ in _EXAMPLE_CUES)
                and not any(p.lower().startswith(ent.name.lower()) for p in found)):
            out.append(ent)  # not "feed-forward network (FFN) layers", "such as the Quux Unit (QU)", "QU (QuuxFormer)"
    return out


_COMPONENT_WORDS = frozenset(word_group("component_word"))  # ontology/patterns/word_groups.tsv
_ITEM_OPENERS = (":", "--", "—")
_CLAUSE_ENDS = (*_ITEM_OPENERS, ";", ",")  # the first of these after a component word must open the list
_COLON_WINDOW = 9  # tokens from the component word to its colon


def _without_item_markers(words: list[str]) -> list[str]:
    """The words before a list item without its enumerator and article ("; (ii) a" -> ";")."""
    words = _without_markers(words)
    while words and words[-1] in ("a", "an", "the"):
        words = words[:-1]
    return words


def _modifies_a_noun(doc: Doc, ent: Ent) -> bool:
    """Is the name followed by a lower-case content word that is no kind word ("QuuxVar objective")?"""
    i = after_short_form(doc, ent.span.end)
    if i >= len(doc):
        return False
    word = doc[i]
    return (word.is_alpha and word.text.islower() and word.lower_ not in _type_words()
            and word.lower_ not in _words("phrase_stopwords.txt"))


def _named_by_code_url(doc: Doc, ents: list[Ent]) -> list[Ent]:
    """"The source code for QuuxFormer is available at https://github.com/someone/QuuxFormer": a
    coined name that the repository of the paper's code is named after is the paper's own."""
    if "/" not in lower_text(doc):
        return []  # no address at all: no token walk
    repos = {letters(m.group(1)).lower() for t in tokens(doc) if "/" in t.text for m in _REPO.finditer(t.text)}
    named = [e for e in ents if e.type in _PROPOSABLE and not _listed(e) and len(letters(e.name)) >= _REPO_NAME_MIN
             and letters(e.name).lower() in repos]
    return [e for e in named if not any(_in_container(doc, o) for o in ents if o.name == e.name)]


_REPO_NAME_MIN = 3  # letters: a repository "CP" is named after its field (conformal prediction), not a new thing
# The repository of a code host, only when the address ends there: "github.com/user/QuuxFormer(.git)(/)".
# A branch or folder ("github.com/user/Quux/tree/quux2") holds a later work than the repository's name.
_REPO = re.compile(r"(?:github|gitlab|bitbucket)\.(?:com|org)/[^/\s]+/([^/\s#?]+?)(?:\.git)?/?(?=[.,;:)\]}]*$)")
_CONTAINERS = frozenset(word_group("software_container"))  # ontology/patterns/word_groups.tsv


def _in_container(doc: Doc, ent: Ent) -> bool:
    """"as part of the QuuxLib library", "integrated into QuuxNLP", "the QuuxKit (URL) toolkit": the
    repository holds the work, it is not the work. "the QuuxKit-based framework" holds no code."""
    if _glued_modifier(ent.span):
        return False
    before = [t.lower_ for t in doc[max(0, ent.span.start - 3):ent.span.start] if t.lower_ != "the"]
    i = ent.span.end
    if i < len(doc) and doc[i].text == "(":  # "the QuuxKit (https://...) toolkit"
        i = next((k + 1 for k in range(i, min(len(doc), i + 8)) if doc[k].text == ")"), i)
    after = doc[i].lower_ if i < len(doc) else ""
    return after in _CONTAINERS or before[-1:] == ["into"] or before[-2:] == ["part", "of"]


def _listed(ent: Ent) -> bool:
    """A known name: found by the gazetteer, or defined in the abstract with its listed long form
    ("Vision Transformers (ViTs)"). The paper uses it; it does not propose it."""
    return ent.source == "gazetteer" or ent.key is not None


def _is_version_of(name: str, base: str) -> bool:
    """"QuuxMath-Mistral 7B" is a version of "QuuxMath"; "QuuxMathematics" is not."""
    if len(base) < 3 or not name.startswith(base):
        return False
    rest = name[len(base):]
    return (len(rest) > 1 and rest[0] in " -_") or (base[-1].islower() and rest.isupper() and len(rest) <= 2)


def _grown_from(name: str, base: str) -> bool:
    """"QPiSSA", "DeepDistributedQP": a one-word coined name that holds a coined name the paper
    proposes ("PiSSA", "DistributedQP") is a variant of it."""
    if len(base) < 4 or base not in name or " " in name or " " in base:
        return False
    extra = name.replace(base, "", 1)  # "TRAMin vision": a typo glued a word on, no name grew
    return any(c.isupper() for c in base[1:]) and any(c.isupper() for c in extra)


def _title_head(title: str | None) -> str | None:
    """"Chain of Quux Optimization: Improving ..." -> the words before the title's colon."""
    if not title or ":" not in title:
        return None
    head = title.split(":", 1)[0].strip()
    return head if 0 < len(head.split()) <= 8 else None


def _title_name(title: str | None) -> str | None:
    """"GeoQuux: Reasoning about ..." -> "GeoQuux": the short name before a title colon."""
    head = _title_head(title)
    return head if head and len(head.split()) <= 3 and any(c.isupper() for c in head) else None


def _passive_proposal(doc: Doc, ents: list[Ent], cue: Span) -> Ent | None:
    """"a progressive quux strategy (PQS) is proposed": the name right before the cue, also past a
    kind word after its bracket ("the Quux Blob (QB) layer is proposed")."""
    end = cue.start
    if end > 1 and doc[end - 2].text == ")" and (doc[end - 1].lower_ in _PART_KINDS
                                                  or doc[end - 1].lower_ in _type_words()):
        end -= 1
    end = end - 1 if end > 0 and doc[end - 1].text == ")" else end
    for ent in starting_in(ents, max(0, end - 8), end):
        if ent.span.end == end and not _listed(ent) and ent.type in _PROPOSABLE:
            return ent
    return None


def _credited(doc: Doc, i: int) -> bool:
    """"(SEA) model is introduced by Quux et al. (2022)": a passive cue credited to named authors
    reports earlier work, not the paper's proposal."""
    return (i + 1 < len(doc) and doc[i].lower_ == "by" and doc[i + 1].text[:1].isupper()
            and doc[i + 1].lower_ not in ("the", "our", "this"))


def _nominal(cue: Span) -> bool:
    """"introduction of", "proposal of": a cue that is a noun phrase, not a verb."""
    return len(cue) > 1 and cue[-1].lower_ == "of"


def _is_noun_use(cue: Span) -> bool:
    """"the design of", "a release", "control design tasks": the cue word used as a noun, not a verb.

    A cue that is also a noun (`noun_cue`) right after a lower-case content word is a compound's
    part, unless that word opens a verb ("we design", "to design", "then design", "carefully design").
    """
    if cue.start == 0 or _nominal(cue):
        return False  # "the introduction of X": a cue that is a noun phrase already
    prev = cue.doc[cue.start - 1]
    if prev.lower_ in ("the", "a", "an", "of", "this", "its", "their"):
        return True
    return (len(cue) == 1 and cue[0].lower_ in _NOUN_CUES and prev.is_alpha and prev.text.islower()
            and prev.lower_ not in _VERB_OPENERS and not prev.lower_.endswith("ly"))


_OUTCOME_CUES = frozenset(word_group("outcome_cue"))  # ontology/patterns/word_groups.tsv
_OUTCOME_GAP = frozenset(word_group("outcome_gap"))
_OUTCOME_REACH = 6  # tokens between an outcome cue and its name: "resulting in three main variants: QuuxA"


def _outcome_named(doc: Doc, cue: Span, target: Ent) -> bool:
    """Does an outcome cue ("resulting in", "yielding") name `target` as what the work produced?
    Only when the name follows within a few words and no number or gain stands between: "yielding
    a 17% speed-up over QuuxAttention" names a baseline."""
    between = doc[cue.end:target.span.start]
    return (len(between) <= _OUTCOME_REACH
            and not any(any(c.isdigit() for c in t.text) or t.lower_ in _OUTCOME_GAP for t in between))


def _first_proposable(doc: Doc, ents: list[Ent], cue: Span) -> Ent | None:
    toks = tokens(doc)
    sent_end = min(sentence(doc, cue.start).end, cue.end + 16)
    stop = next((t.i for t in toks[cue.end:sent_end]
                 if t.lower_ in _PROPOSE_STOP and not _stop_passed(doc, toks, t.i) or _purpose(toks, t.i)
                 or _study_of(toks, t.i)), sent_end)
    start = cue.end
    naming = next((t for t in toks[cue.end:stop] if t.lower_ in _NAMING_WORDS or t.lower_ == "namely"), None)
    if cue[0].lower_ not in _NAMING_WORDS and naming is not None:
        if naming.lower_ != "namely":
            return None  # "we propose a framework of quux GNNs, called QGIB": the naming cue gives the name
        start = naming.i + 1  # "we propose a quux framework, namely QuuxNet": no cue of its own, the name follows
    used_end = None  # end of a name the abstract used before the cue ("a quux framework of USED ...")
    for ent in starting_in(ents, start, stop):
        if _designed_for(toks, ent.span.start) or _based_on_it(toks, ent):
            continue  # "a quux strategy designed for ViTs": what the new thing is for, not the new thing
        if _listed(ent) and (ent.span.start == cue.end and _described(doc, ent.span.end) or ent.type in _PROPOSABLE
                             and (_called_by_us(doc, cue, ent) and _named_new(doc, cue, ent)
                                  or _after_novel_kind(toks, cue.end, ent.span.start)
                                  or _introduced_right_after(toks, cue, ent))):
            return ent  # "we introduce QuuxVA: Large Quux ..., a model": a known name introduced by its own paper
        if _listed(ent) or (cue[0].lower_ in _USE_LIKE and _seen_before(ents, ent, cue.start)):
            continue
        if ent.span.start > cue.end + 1 and any(e.name == ent.name and e.span.end <= cue.start for e in ents):
            used_end = ent.span.end
            continue  # "... data augmentation (DA) ... We propose to learn X as a function of DA": used, not new
        if _kind_word_after(doc, ent) and _known_before(doc, ents, ent, cue.start):
            continue  # "QO methods are popular. We propose a manifold-based QO method": a kind of a known thing
        if (ent.type in _PROPOSABLE and (ent.type != "Unknown" or len(ent.span) > 1)) or _titled_task(doc, ent):
            if used_end is not None and not _fresh(toks, ent):
                return None  # "a method of equipping USED with the QuuxLM model": the new thing has no name
            return ent
    if naming is None:  # "we introduce a quux model to characterize X, namely, Quux Dropout Model."
        return _named_at_sentence_end(doc, ents, stop, sentence(doc, cue.start).end)
    return None


def _named_at_sentence_end(doc: Doc, ents: list[Ent], start: int, end: int) -> Ent | None:
    """"we introduce a causal model to characterize the mechanism, namely, Causal Quux Model.": a
    ", namely" past the cue's purpose names the new thing, when a name of a proposable type follows
    it (a comma between) and ends the sentence, so "namely" lists no members of a class."""
    toks = tokens(doc)
    for k in range(start, end - 1):
        if toks[k].lower_ != "namely" or toks[k - 1].text != ",":
            continue
        first = k + 2 if toks[k + 1].text == "," else k + 1
        ent = next(iter(starting_in(ents, first, first + 1)), None)
        if (ent is not None and ent.type in _PROPOSABLE and ent.type != "Unknown"
                and ent.span.end < end and toks[ent.span.end].text in (".", ";")):
            return ent
    return None


def _based_on_it(toks: list[Token], ent: Ent) -> bool:
    """"a novel knowledge graph (KG)-based recommender", "an MC-based accountant": the new thing is
    based on the name."""
    if _glued_modifier(ent.span):
        return True
    i = after_short_form(ent.span.doc, ent.span.end)
    return i < len(toks) and toks[i].text[:1] == "-" and toks[i].text[1:].isalpha()


def _glued_modifier(span: Span) -> bool:
    """Does the name end glued to a modifier suffix ("MC-based", "GIB-style")? Then it names what
    something else is based on, not a thing of its own."""
    return modified_stem(span[-1].text) is not None


def _after_novel_kind(toks: list[Token], start: int, name: int) -> bool:
    """"we design a novel framework (,) X": a name right after "a novel/new <kind>" that follows the cue
    is the new thing, even when an older thing had the same name."""
    words = [t.lower_ for t in toks[start:name]]
    if words[-1:] == [","]:
        words = words[:-1]  # "we introduce a novel framework, X"
    return (2 <= len(words) <= 4 and words[0] in ("a", "an") and words[1] in _NOVEL
            and words[-1] in _type_words())


def _introduced_right_after(toks: list[Token], cue: Span, ent: Ent) -> bool:
    """"we propose AdaLoRA, which ...", "We present the QuuxV2 model": a name right after a
    first-person proposal cue, then a pause, a bracket or a kind word, is the paper's new thing
    even when it is listed by now ("we introduce X into Y", "propose X-based ..." use it)."""
    gap = [t.lower_ for t in toks[cue.end:ent.span.start]]
    if cue[0].lower_ not in _MAKING_WORDS or gap not in ([], ["the"]) or _glued_modifier(ent.span):  # "GPT-style"
        return False  # "known as X", "called X": naming words have rules of their own
    i = ent.span.end
    if i < len(toks) and toks[i].text == "(":  # "Wanda (Pruning by Weights and activations),"
        close = next((k for k in range(i + 1, min(len(toks), i + 14)) if toks[k].text == ")"), None)
        i = close + 1 if close is not None else i
    after = toks[i].lower_ if i < len(toks) else "."
    coined = any(c.isdigit() for c in ent.span.text) or any(c.isupper() for c in ent.span.text[1:])
    return after in _PAUSES or coined and after in _type_words() and not after.endswith("s")


def _called_by_us(doc: Doc, cue: Span, ent: Ent) -> bool:
    """Is the name right after the naming word, or after "this/our/the" and a kind word ("we call
    this approach X", "we term our method X")?"""
    words = [t.lower_ for t in doc[cue.end:ent.span.start]]
    return not words or (len(words) <= 3 and words[0] in _THIS_WORDS and words[-1] in _type_words())


def _named_new(doc: Doc, cue: Span, ent: Ent) -> bool:
    """"We call this approach X", "a new dataset called X": a naming word right after "we", or
    after "new/novel", names what the paper made, even when X is a known name by now. X must be
    the whole name ("called Federated Learning for Global Flatness (FedGF)" is not the listed name)."""
    if cue[0].lower_ not in _NAMING_WORDS:
        return False
    after = doc[ent.span.end].text if ent.span.end < len(doc) else "."
    if not (after in _NAME_ENDS or not after[:1].isalnum()):
        return False
    if after == "(" and not any(long.end == ent.span.end for long, _short in doc._.kg_abbreviations or []):
        return False  # the bracket defines a longer name's acronym, not this name's
    before = [t.lower_ for t in doc[max(0, cue.start - 6):cue.start]]
    return before[-1:] == ["we"] or bool(_NOVEL & set(before))


def _fresh(toks: list[Token], ent: Ent) -> bool:
    """Is the name presented as new: defined as an acronym here, or right after "novel/new", a kind
    word or a colon ("a novel USED approach using a novel Quux Conformer", "framework QuuxFormer")?"""
    start = ent.span.start - (ent.span.start > 0 and toks[ent.span.start - 1].lower_ == "the")
    before = [t.lower_ for t in toks[max(0, start - 2):start]]  # "a curated dataset, the Quux Blob"
    return (ent.source == "abbreviation" or bool(_NOVEL & set(before))
            or bool(before) and (before[-1] == ":" or before[-1] in _type_words())
            or before[-1:] == [","] and before[0] in _type_words())  # "a new QO method, Quux Net (QN)"


def _stop_passed(doc: Doc, toks: list[Token], i: int) -> bool:
    """A use word that does not end the proposal: inside a long form ("learning using privileged
    information (LUPI)") or before the new thing ("an approach using a novel Quux Conformer")."""
    if toks[i].lower_ not in _USE_STOPS:
        return False
    if _in_long_form(doc, i):
        return True
    following = [t.lower_ for t in toks[i + 1:i + 3]]
    return bool(_NOVEL & set(following))


def _in_long_form(doc: Doc, i: int) -> bool:
    """Is token i inside the long form of an acronym the abstract defines?"""
    return any(long.start <= i < long.end for long, _ in doc._.kg_abbreviations or [])


def _defines_a_term(doc: Doc, cue: Span) -> bool:
    """"which is called quux confounding", "two properties called quuxity": a naming outside
    the first person, of lower-case words with no acronym, defines a term of the field, not an
    artifact ("this procedure, dubbed the quux accountant (QA)" still names one). In the first
    person too when the paper found what it names ("we identify regions, termed quux patches") or
    names a notion ("a unique concept termed graded quuxity")."""
    sent = sentence(doc, cue.start)
    if not is_first_person(sent, cue.start):
        return True
    if any(t.lower_ in _DISCOVERY_VERBS for t in doc[sent.start:cue.start]):
        return True
    return any(t.lower_ in _TERM_KINDS for t in doc[max(sent.start, cue.start - _TERM_KIND_REACH):cue.start])


_DISCOVERY_VERBS = frozenset(word_group("discovery_verb"))  # ontology/patterns/word_groups.tsv
_TERM_KINDS = frozenset(word_group("term_kind"))
_TERM_KIND_REACH = 4  # tokens before the naming word: "a notion of group fairness, called the core"


def _designed_for(toks: list[Token], i: int) -> bool:
    """"designed for ViTs", "tailored for the BlobNet": the name after a participle and "for"."""
    j = i - 1
    if j >= 0 and toks[j].lower_ in ("the", "a", "an"):
        j -= 1
    return j >= 1 and toks[j].lower_ == "for" and toks[j - 1].lower_.endswith("ed") and toks[j - 1].is_alpha


def _study_of(toks: list[Token], i: int) -> bool:
    """"we present a systematic study of the Exponential Moving Average (EMA)": what a study is
    of is the object of the work, not its new thing."""
    return (toks[i].lower_ in _STUDY_NOUNS and i + 1 < len(toks) and toks[i + 1].lower_ == "of"
            and not _in_long_form(toks[i].doc, i))


_STUDY_NOUNS = frozenset(word_group("study_noun"))  # ontology/patterns/word_groups.tsv


def _purpose(toks: list[Token], i: int) -> bool:
    """"a framework for translating the Quux corpus": what follows "for" + gerund is the object, not the name."""
    return toks[i].lower_ == "for" and i + 1 < len(toks) and toks[i + 1].lower_.endswith("ing") and len(toks[i + 1]) > 5


def _seen_before(ents: list[Ent], ent: Ent, start: int) -> bool:
    """Was the name already used before token `start`? After a cue that may mean "use" as well
    as "propose" ("we incorporate QNN into ..."), only a name new to the abstract is proposed."""
    return any(e.name == ent.name and e.span.start < start for e in ents)


def _kind_word_after(doc: Doc, ent: Ent) -> bool:
    """"QO method", "QO model": the name is followed by a kind word (type_words.tsv)."""
    return ent.span.end < len(doc) and doc[ent.span.end].lower_ in _type_words()


def _known_before(doc: Doc, ents: list[Ent], ent: Ent, start: int) -> bool:
    """Was the name used before token `start`, and only in sentences not about the paper's own work?"""
    earlier = [e for e in ents if e.name == ent.name and e.span.start < start]
    return bool(earlier) and not any(is_first_person(sentence(doc, e.span.start), e.span.start) for e in earlier)


def _described(doc: Doc, i: int) -> bool:
    """Does the name ending before token i get defined right away: "X: Long Form", "X, a ...",
    "X – a ...", "X, the first ..."?"""
    words = [t.lower_ for t in doc[i:min(len(doc), i + 2)]]
    return words[:1] == [":"] or (len(words) == 2 and words[0] in _DEFINING_MARKS and words[1] in ("a", "an", "the"))


_THIS_WORDS = {"this", "our", "the", "it", "these"}  # "we call this approach X"
_NAME_ENDS = {"and", "that", "which", "to", "in", "on"}  # words that may follow a whole name
_DEFINING_MARKS = {",", "–", "—", "--", "-"}  # before "a/an/the": a description of the name follows
_PAUSES = {",", ":", ";", "–", "—", "--", "."}  # after a name the sentence introduces
_MAKING_WORDS = {"propose", "proposes", "introduce", "introduces", "present", "presents", "develop", "develops",
                 "design", "devise", "release", "construct", "contribute"}  # proposal cues that make a thing

_ENUMERATION = re.compile(r"(?:[ivx]+|[0-9]|[a-h])")


def _without_markers(glue: list[str]) -> list[str]:
    """", and (ii)" -> [",", "and"]: enumeration markers "(ii)", "(2)", "b)" are no words of a list."""
    out: list[str] = []
    i = 0
    while i < len(glue):
        if glue[i] == "(" and i + 2 < len(glue) and glue[i + 2] == ")" and _ENUMERATION.fullmatch(glue[i + 1]):
            i += 3
        elif i + 1 < len(glue) and glue[i + 1] == ")" and _ENUMERATION.fullmatch(glue[i]):
            i += 2
        else:
            out.append(glue[i])
            i += 1
    return out


def _coordinated(doc: Doc, ents: list[Ent], first: Ent) -> list[Ent]:
    """"two techniques, Quux Refresh and Clipped BLOB": names joined to the proposed one by "," / "and"."""
    out: list[Ent] = []
    last, end = first, first.span.end
    for ent in starting_in(ents, first.span.end, min(len(doc), first.span.end + 24)):
        if ent.name == last.name and doc[end:ent.span.start].text == "(":
            end = ent.span.end + (ent.span.end < len(doc) and doc[ent.span.end].text == ")")
            continue  # "Local-Quux (LQ) and ...": the acronym in brackets goes with its long form
        glue = _without_markers([t.lower_ for t in doc[end:ent.span.start]])
        if glue[-2:] in (["and", "a"], ["and", "an"]):
            glue = glue[:-1]  # "a Local Quux (LQ) and a Global Quux (GQ)": each item has its article
        if not glue or any(g not in (",", "and") for g in glue) or len(glue) > 2:
            break
        if (_listed(ent) or ent.type not in _PROPOSABLE and not _titled_task(doc, ent)
                or ent.type == "Unknown" and len(ent.span) == 1 or ent.source == "technique"):
            break  # a Title-Case long form with an acronym is a name, as first proposal or next to one
        out.append(ent)
        last, end = ent, ent.span.end
    return out


def _titled_task(doc: Doc, ent: Ent) -> bool:
    """"Soft Token Pretraining (STP)": a Title-Case long form with an acronym is a name, unless it
    was given to a problem ("a new problem called Quux Adaptation (QA)" names a task)."""
    if ent.source != "abbreviation" or not ent.span.text[:1].isupper():
        return False
    pair = _definition(doc, ent)
    return pair is not None and not called_a_problem(pair[0])


def _definition(doc: Doc, ent: Ent) -> tuple[Span, Span] | None:
    """The (long form, short form) pair the entity is either part of."""
    return next(((long, short) for long, short in doc._.kg_abbreviations or []
                 if ent.span.start in (long.start, short.start)), None)


def _is_short_form(doc: Doc, span: Span) -> bool:
    """Does the span start an acronym the abstract defines ("Quux Net (QN)": QN)?"""
    return any(short.start == span.start for _long, short in doc._.kg_abbreviations or [])


def _short_form(doc: Doc, ent: Ent) -> str | None:
    pair = _definition(doc, ent)
    return None if pair is None else pair[1].text


def _proposed_name(doc: Doc, ent: Ent) -> tuple[str, str]:
    name = ent.name
    if ent.type in ("Task", "Metric") or (ent.source == "abbreviation" and ent.name == ent.span.text
                                          and len(ent.span) > 1):
        name = _short_form(doc, ent) or name
    return name, ent.type if ent.type in _DATA else "Method"


def _called_novel(doc: Doc, span: Span) -> bool:
    """"X, a novel framework" / "X is a new benchmark" / "Quux Blob (QB): a novel optimizer": an
    appositive that introduces X (after its short form in brackets, if any)."""
    if (span.start > 1 and doc[span.start - 1].text == "(" and not doc[span.start - 2].text.islower()
            and not _is_short_form(doc, span)):
        return False  # "Quux (Blob Sign Momentum), a new optimizer": an aside on the name before it
    i = after_short_form(doc, span.end)
    if i < len(doc) and doc[i].text in CLOSING_QUOTES and span.start > 0 and doc[span.start - 1].text in OPENING_QUOTES:
        i = after_short_form(doc, i + 1)  # '"QuuxQP", a new method': a quoted (or emphasised) name
    words = [t.lower_ for t in doc[i:min(len(doc), i + 8)]]
    return (len(words) >= 3 and words[0] in (",", "is", ":") and words[1] in ("a", "an")
            and any(w in _NOVEL for w in words[2:4]) and not _NOVEL_FAMILY & set(words[3:5])
            and not _NAMING_WORDS & set(words))  # "in terms of X (XI), a new method called Y": Y is new


def _novel_kind_before(doc: Doc, span: Span, found: dict[str, str]) -> bool:
    """"we build a novel benchmark, QuuxNF, consisting of ...": a new kind of thing, then the name
    after a comma or a colon, in a sentence where we speak, introduces the name; also the first of
    several ("based on two novel architectures: QuuxNet, a ..., and ..."), which a use cue would
    otherwise take for a base. A sentence whose subject is the paper's proposal speaks for us too
    ("Quux uses a novel adaptive pooling strategy, Zorb, ...": a part of it). A name alone in brackets
    after the kind counts too ("we arrive at a new quux algorithm (QuuxFormer)"), unless it is the
    short form of the words before ("a novel quux network (QN)")."""
    toks = tokens(doc)
    i = span.start - 1
    while i >= 0 and toks[i].text in OPENING_QUOTES:
        i -= 1
    if i < 3 or toks[i].text not in (",", ":", "(") or toks[i - 1].lower_ not in _type_words():
        return False
    if toks[i].text == "(" and (span.end >= len(doc) or toks[span.end].text != ")" or _is_short_form(doc, span)):
        return False  # "(QuuxFormer)" alone in its bracket, not "a novel quux network (QN)": the words' short form
    novel = marker_before(doc, i - 2, min(6, i - 2), _NOVEL)  # the words describing the kind, up to six
    if novel is None:
        return toks[i].text == "," and _proposed_kind_before(doc, i)
    sent = sentence(doc, span.start)
    return (novel > 0 and toks[novel - 1].lower_ in _NOVEL_COUNTS
            and (is_first_person(sent, i) or _proposal_subject(sent, found)))


_TRAINING_WORDS = frozenset(word_group("own_training_verb")) | {  # the token before the name: "pre-train" or "train"
    w.rsplit("-", 1)[-1] for w in word_group("own_training_verb")}
_OWN_TRAINING = re.compile(r"\bwe (?:also )?(?:" + "|".join(re.escape(w) for w in word_group("own_training_verb"))
                          + r")\s*$", re.I)


def _trained_by_us(doc: Doc, ent: Ent) -> bool:
    """"we train QuuxGPT-II, a specialized LLM for ...": a name no list knows, right after "we train",
    is the model the paper builds; a listed one ("we train CLIP") is what it builds on, and so is a class
    it defines there ("we train deep convolutional quux networks (DCQNs)")."""
    start = ent.span.start
    if start == 0 or doc[start - 1].lower_ not in _TRAINING_WORDS:
        return False  # the cheap test first: most names follow no training verb
    if ent.source in ("technique", "task", "abbreviation"):
        return False
    if ent.span.end < len(doc) and doc[ent.span.end].lower_ in _type_words():
        return False  # "we train QLIP models on these labels": a family the paper's method is applied to
    k = start - 1
    while k > 0 and start - k < 6 and not doc[k].is_sent_start:  # "we also pre - train": a few words back
        k -= 1
    return bool(_OWN_TRAINING.search(doc.text[doc[k].idx:ent.span.start_char]))


def _proposal_subject(sent: Span, found: dict[str, str]) -> bool:
    """Does the sentence open with a name the paper proposes ("Quux-Walk introduces ...")?"""
    return any(sent.text.startswith(name + " ") for name in found)


def _proposed_kind_before(doc: Doc, comma: int) -> bool:
    """"we propose an objective ... and an algorithm, Quux Prompt Optimization (QPO), to ...": "a/an <kind>,"
    in the object of a first-person proposal cue introduces the name after the comma, novel or not."""
    sent = sentence(doc, comma)
    if not any(doc[k].lower_ in ("a", "an") for k in range(max(sent.start, comma - 4), comma - 1)):
        return False
    return any(cue.label_ == "proposes" and cue.id_ != "before" and sent.start <= cue.start and cue.end < comma
               and not _is_noun_use(cue) and is_first_person(sent, cue.end)
               for cue in doc.spans.get("kg_cues", []))


def _ours(doc: Doc, span: Span) -> bool:
    """"X, our newly curated dataset" / "our X module" / "our (or the) proposed X (ABC) method": the paper
    calls the name its own."""
    if _glued_modifier(span):
        return False  # "our GIB-based method": ours is what is based on the name
    toks = tokens(doc)
    after = [t.lower_ for t in toks[span.end:span.end + 2]]
    before = [t.lower_ for t in toks[max(0, span.start - 2):span.start]]
    if after[:2] == [",", "our"] and not _opening_phrase(toks, span.start):
        return True
    if _our_kind_before(toks, span) or _named_after_our_kind(toks, span.start):
        return True
    right_after_our = before[-1:] == ["our"]
    if right_after_our and any(c.isupper() for c in span.text) and not _modifies_noun(toks, span.end):
        return True  # "the development of our QuuxCoder": "our" right before a coined name
    own = right_after_our or (before[:1] == ["our"] and before[-1] in _OWN_ADJECTIVES)
    if not (own or before == ["the", "proposed"]):  # abstracts say "the proposed QO model" of their own work
        return False
    if (before[-1:] == ["proposed"] and any(c.isupper() for c in span.text) and not _modifies_noun(toks, span.end)
            and not _class_or_description_after(toks, span.end)):
        return True  # "Our proposed QSD outperforms ...", not "the proposed VI approaches": a class
    i = span.end
    if i + 2 < len(toks) and toks[i].text == "(" and toks[i + 2].text == ")":
        i += 3  # "our proposed Quux Learning (QL) method"
    return i < len(toks) and toks[i].lower_ in _type_words()


def _class_or_description_after(toks: list[Token], i: int) -> bool:
    """"approaches" or "preserving ansatz" after a name: the plural of a kind word (also a verb in "-es")
    or a modifier in "-ing", so the name is a class or part of a longer description."""
    word = toks[i].lower_ if i < len(toks) else ""
    return (word.endswith("es") and word[:-2] in _type_words()) or (word.endswith("ing") and word.isalpha())


def _modifies_noun(toks: list[Token], i: int) -> bool:
    """"our CDF bounds", "our IT training set": a lower-case content word after the name makes the
    name a modifier of what the paper owns, not the paper's own artifact ("our QuuxNet can ...")."""
    if i >= len(toks):
        return False
    nxt = toks[i]
    return (nxt.text.isalpha() and nxt.text.islower() and not nxt.lower_.endswith("ly")
            and nxt.lower_ not in load_lexicon().phrases.stop)


def _opening_phrase(toks: list[Token], start: int) -> bool:
    """"Using QuuxLM-7B, our method ...": the name is in a phrase that opens the sentence, not in
    apposition to "our ..." ("It comes from QuuxSet, our new dataset" is one)."""
    if start > 0 and toks[start - 1].lower_ in _LEADING_PREPOSITIONS:
        prep = toks[start - 1]
        return prep.is_sent_start or (prep.i > 0 and toks[prep.i - 1].text == ",")
    return _in_opening_list(toks, start)


def _in_opening_list(toks: list[Token], start: int) -> bool:
    """"On the challenging QuuxBench and QuuxBench-v2, our evaluation shows": a later name of a list
    that a preposition opening the sentence governs (each comma before it continues the list)."""
    i = start - 1
    while i > 0 and not toks[i].is_sent_start:
        if toks[i].text == "," and not (toks[i + 1].lower_ in ("and", "or") or toks[i + 1].text[:1].isupper()):
            return False
        i -= 1
    return i < start - 1 and toks[i].lower_ in _LEADING_PREPOSITIONS


def _our_kind_before(toks, span: Span) -> bool:
    """"our new algorithm, QuuxBoost, ...", "the proposed framework, QuuxGNN, ...": the name in apposition
    to "our (adjectives) <kind>" or "the proposed <kind>", closed by a comma or a bracket ("Unlike our new
    algorithm, BlobBoost keeps ..." is no apposition)."""
    start = span.start
    if start < 3 or toks[start - 1].text != "," or toks[start - 2].lower_ not in _type_words():
        return False
    if span.end >= len(toks) or toks[span.end].text not in (",", "(", ")", ";", ":", "—"):
        return False
    i = start - 3
    while i > 0 and start - 3 - i < 2 and toks[i].lower_ in _OWN_ADJECTIVES:
        i -= 1
    return toks[i].lower_ == "our" or (toks[i].lower_ == "the" and toks[i + 1].lower_ == "proposed")


def _named_after_our_kind(toks: list[Token], start: int) -> bool:
    """"Our two-stage approach QuuxFit consists of ...", "the proposed model QuuxODE demonstrates ...": the
    name right after "our (words) <kind>" or "the proposed <kind>"."""
    if start < 2 or toks[start - 1].lower_ not in _type_words():
        return False
    i = start - 2
    while i >= 0 and start - 2 - i < 3 and toks[i].lower_ != "our" and toks[i].text.islower() \
            and toks[i].text.replace("-", "").isalpha():
        if toks[i].lower_ == "proposed" and i >= 1 and toks[i - 1].lower_ == "the":
            return True  # "the proposed model QuuxODE demonstrates ..."
        i -= 1
    return i >= 0 and toks[i].lower_ == "our"


_BACKGROUND_OPENERS = frozenset(word_group("background_opener"))  # ontology/patterns/word_groups.tsv


def _background(doc: Doc, naming: int) -> bool:
    """Does the naming word stand in a sentence about earlier work ("Recently, ...", "a previously
    proposed method called X") that is not in the first person ("Recently, we proposed ..." is
    still ours)?"""
    sent = sentence(doc, naming)
    near = doc[max(sent.start, naming - _EARLIER_REACH):naming]
    if any(t.lower_ in _BACKGROUND_OPENERS and t.i + 1 < naming and doc[t.i + 1].lower_.endswith("ed")
           and not (t.i > 0 and doc[t.i - 1].lower_ in ("we", "i")) for t in near):
        return True  # "our bounds match those of a recently proposed algorithm called X": not ours
    if is_first_person(sent, naming):
        return False
    return sent[0].lower_ in _BACKGROUND_OPENERS


_EARLIER_REACH = 5  # tokens before a naming word: "a previously proposed attack method called X"


def _another_name(doc: Doc, naming: int) -> bool:
    """"(also called X)", "is commonly known as X": a name given to a known thing, unless the
    paper gives it ("which we also call X")."""
    if naming == 0 or doc[naming - 1].lower_ not in _SYNONYM_ADVERBS:
        return False
    return naming < 2 or doc[naming - 2].lower_ not in ("we", "i")


@lru_cache(maxsize=1)
def _type_words() -> frozenset[str]:
    return frozenset(row[0] for row in read_table("type_words.tsv") if len(row) == 2)


def title_mentions(doc: Doc, title: str | None, ents: list[Ent], macros: frozenset[int] = frozenset()) -> list[Ent]:
    """Mentions of the name a title announces ("Quuxeleon: Doing X with Y") that no other rule
    found because the name is a plain capitalised word.

    `macros` are the tokens that were a LaTeX macro of the authors ("\\quuxeleon" for their
    `\\newcommand{\\quuxeleon}{Quuxeleon}`): the macro's own letters lose the name's case, so
    such a token is the title's name in any case (`title_spelled` renames one another rule found)."""
    name = _title_name(title)
    if not name:
        return []
    words = name.split()
    texts = [t.text for t in tokens(doc)]  # cheaper than `doc.text`, which joins the whole text again
    if len(words) == 1 and macros:
        texts = [name if i in macros and t.lower() == name.lower() else t for i, t in enumerate(texts)]
    if words[0] not in texts or any(same_name(e.name, name) for e in ents):
        return []
    out = []
    for i in range(len(texts) - len(words) + 1):
        if texts[i:i + len(words)] == words and not any(e.span.start <= i < e.span.end for e in ents):
            out.append(Ent(doc[i:i + len(words)], name, "Method", "title"))
    return out


def title_spelled(ents: list[Ent], title: str | None, macros: frozenset[int]) -> list[Ent]:
    """A name written only as the authors' LaTeX macro ("\\quuxeleon") takes the title's spelling
    ("Quuxeleon: ..."), so the paper's name is the one its title and readers use."""
    name = _title_name(title)
    if not name or not macros:
        return ents
    return [Ent(e.span, name, e.type, e.source, e.key)
            if e.name != name and e.name.lower() == name.lower() and e.span.start in macros else e for e in ents]


def title_task_mentions(doc: Doc, title: str | None, ents: list[Ent]) -> list[Ent]:
    """Tasks the title states that the abstract names without a task frame
    (`phrases.title_tasks`); a phrase that overlaps another found name is left to that name."""
    taken = [e.span for e in ents]
    out = []
    for span in title_tasks(doc, title, load_lexicon().phrases):
        if not any(s.start < span.end and span.start < s.end for s in taken):
            out.append(Ent(span, span.kb_id_, "Task", "title task"))
    return out


def long_form_parts(doc: Doc, ents: list[Ent], proposed: dict[str, str]) -> list[tuple[Ent, bool]]:
    """Listed methods and tasks inside a defined long form, which the long form's mention hides:
    "Diversity-induced Mixup for OOD detection (diverseMix)" names Mixup and OOD detection. Each
    comes with whether the long form defines one of the paper's own names ("own"). A method after
    "for" in the long form is the purpose of the new one, not a part of it, and is left out."""
    pairs = doc._.kg_abbreviations or []
    if not pairs:
        return []
    taken = {(e.span.start, e.span.end) for e in ents}
    heads = {(e.span.start, e.span.end) for e in ents if e.type in ("Task", "Metric")}
    # "object detection" in "incremental object detection (IOD)" is that task, not a part of it
    pairs = [(long, short) for long, short in pairs if (long.start, long.end) not in heads]
    by_core = {core(name).lower() for name in proposed}
    out = []
    for span in doc.spans.get("kg_gazetteer", []):
        if span.label_ not in ("Method", "Task") or (span.start, span.end) in taken:
            continue
        for long, short in pairs:
            if long.start <= span.start and span.end <= long.end and (span.start, span.end) != (long.start, long.end):
                if span.start == long.start and all(t.lower_ in _type_words() for t in doc[span.end:long.end]):
                    break  # "Quux Blob Diffusion models (QBD)": the listed name itself, with a kind word
                own = short.text in proposed or core(short.text).lower() in by_core
                purpose = any(t.lower_ == "for" for t in doc[long.start:span.start])
                if span.label_ == "Method" and (not own or purpose):
                    break  # "Model-Augmented Data for TD Learning": what the method is for, not its base
                name = span.kb_id_ or span.text
                out.append((Ent(span, name, span.label_, "gazetteer", span.kb_id_ or None), own))
                break
    return out


def own_sentences(ents: list[Ent], proposed: dict[str, str]):
    """A test: is a sentence about the paper's own work (first person or a proposed name)?"""
    with_proposed = {e.sent.start for e in ents if e.name in proposed}
    cache: dict[int, bool] = {}

    def own(sent: Span) -> bool:
        if sent.start not in cache:
            cache[sent.start] = sent.start in with_proposed or is_first_person(sent, sent.end)
        return cache[sent.start]
    return own


def starting_in(ents: list[Ent], start: int, end: int) -> list[Ent]:
    """Entities (sorted by start) that start in [start, end), found by bisection."""
    starts = [e.span.start for e in ents] if len(ents) < 64 else _starts(ents)
    return ents[bisect_left(starts, start):bisect_left(starts, end)]


def _starts(ents: list[Ent]) -> list[int]:
    doc = ents[0].span.doc
    cached = doc.user_data.get("kg_ent_starts")
    if cached is None or cached[0] != id(ents) or len(cached[1]) != len(ents):
        cached = (id(ents), [e.span.start for e in ents])
        doc.user_data["kg_ent_starts"] = cached
    return cached[1]


def reports_own_results(sent: Span, end: int) -> bool:
    """Does the sentence report the paper's own experiments before token `end`? An evaluation statement
    ("Experiments show 91.2% accuracy", `evaluation_words.txt`), or one whose subject is "It" or "This"
    right after a sentence of the paper's own work ("We propose X. It reaches 91.2% ...")."""
    doc = sent.doc
    eval_words = _words("evaluation_words.txt")
    if any(t.lower_ in eval_words for t in doc[sent.start:end]):
        return True
    if sent.start > 0 and doc[sent.start].lower_ in ("it", "this"):
        before = sentence(doc, sent.start - 1)
        return is_first_person(before, before.end)
    return False


def evaluated(doc: Doc, ents: list[Ent], proposed: dict[str, str]) -> list[Fact]:
    """Datasets named in sentences about the paper's own experiments (or proposed ones)."""
    eval_words = _words("evaluation_words.txt")
    own_sentence = own_sentences(ents, proposed)
    cued_sentences: dict[int, bool] = {}
    facts = []
    for ent in ents:
        if ent.type not in _DATA:
            continue
        sent = sentence(doc, ent.span.start)
        own = own_sentence(sent)
        if sent.start not in cued_sentences:
            cued_sentences[sent.start] = any(t.lower_ in eval_words for t in sent)
        cued = cued_sentences[sent.start]
        if ent.name not in proposed and _pretraining_data(doc, ent.span):
            continue  # "when pre-training a ViT-B on CC3M": data the model learns from, not evaluated on
        if not own and ent.name not in proposed and _an_example(doc, ent.span) and _about_earlier_work(sent, ent):
            continue  # "existing benchmarks like GSM8K are now solved with high accuracy": background
        if ent.name in proposed or own or cued:
            strong = (own and cued) or ent.name in proposed
            conf = ent.confidence if strong else ent.confidence * 0.8
            rule = "proposed data" if ent.name in proposed else "own evaluation" if strong else (
                "own sentence" if own else "evaluation words")
            facts.append(Fact("evaluated_on", ent, sent, conf, rule))
    return facts


_EXAMPLE_CUES = frozenset(word_group("example_cue"))  # ontology/patterns/word_groups.tsv


def _an_example(doc: Doc, span: Span) -> bool:
    """Is the name one of the examples a list gives ("knowledge bases like X", "corpora such as X, Y
    and Z", "(e.g., X, books)")? Only names, commas and "and/or" may stand between cue and name."""
    i = span.start - 1
    while i >= 0 and span.start - i <= _EXAMPLE_REACH:
        t = doc[i]
        if t.lower_ in _EXAMPLE_CUES:
            return True
        if not (t.text in (",", "and", "or", "/") or t.text[:1].isupper() or t.text[:1].isdigit() or "-" in t.text):
            return False
        i -= 1
    return False


_EXAMPLE_REACH = 12  # tokens back from a name to the cue of its example list
_EARLIER_WORK = frozenset(word_group("earlier_work_word"))  # ontology/patterns/word_groups.tsv


def _about_earlier_work(sent: Span, ent: Ent) -> bool:
    """Does a word before the name make its sentence about earlier or common practice ("existing",
    "prior works", "the lack of benchmarks like X"), and no word make it about experiments?"""
    words = [t.lower_ for t in sent]
    return (any(w in _EARLIER_WORK for w in words[:ent.span.start - sent.start])
            and not any(w in _EXPERIMENT_WORDS for w in words))  # "Experimental results on recent LLMs (e.g., X)"


_EXPERIMENT_WORDS = frozenset(word_group("experiment_word"))  # ontology/patterns/word_groups.tsv
_PRETRAINING = frozenset(word_group("pretraining_word"))  # ontology/patterns/word_groups.tsv


def _pretraining_data(doc: Doc, span: Span) -> bool:
    """Is the name the data a model is pre-trained on ("pre-training a ViT-B on CC3M", "pretrained on
    the Quux corpus", "JFT-pretrained models")? A pre-training word, at most four words before "on",
    with no evaluation word, comma or "and" between ("pre-trained and evaluated on X" is evaluation data)."""
    if len(span) == 1 and span[0].text.rsplit("-", 1)[-1].lower() in TRAINED_SUFFIXES:
        return True  # "JFT-pretrained models", "COCO-trained detectors"
    toks = tokens(doc)
    i = span.start - 1
    while i >= 0 and span.start - i <= 3 and toks[i].lower_ != "on" and toks[i].text not in (",", "(", ";"):
        i -= 1
    if i < 1 or toks[i].lower_ != "on":
        return False
    eval_words = _words("evaluation_words.txt")
    for k in range(i - 1, max(-1, i - 5), -1):
        word = toks[k].lower_
        if word in _PRETRAINING:
            gap = [t.lower_ for t in toks[k + 1:i]]
            # "pretrained on X", "pre-training a ViT-B on X", "pretrained from scratch on X"; not
            # "pretraining perplexity on X" or "pretrained ControlNets on X", where X is where it is measured
            return not gap or gap[0] in ("a", "an", "the") or gap == ["from", "scratch"]
        if word in eval_words or word in (",", "and", "or", ";", "(") or toks[k].is_sent_start:
            return False
    return False


def same_name(a: str, b: str) -> bool:
    """Names equal up to case and a plural "s" ("GNN" / "GNNs")."""
    return core(a).lower() == core(b).lower()
