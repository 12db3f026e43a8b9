"""Known names (ImageNet, CLIP, accuracy, object detection) matched with PhraseMatcher.

The entries come from `ontology/gazetteer/*.tsv` (read by `kg.lexicon`).
Multiword and ordinary words match case-insensitively; short acronyms and
names with inner capitals or digits ("MATH", "ImageNet", "GPT-4o") match
case-sensitively, so "math" or "sam" in prose is not a dataset or a model.
"""

from __future__ import annotations

import re

import logging
from collections.abc import Iterable

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from kg.lexicon import GazetteerEntry, load_gazetteer, word_group
from kg.nlp.namelexicon import load_lexicon
from kg.nlp.phrases import NAMING_WORDS, names_metric_kind
from kg.nlp.shapes import sibling_suffix
from kg.nlp.tokens import lower_text, tokens

log = logging.getLogger(__name__)

#: "X-based", "X-style": suffixes after which a glued known method name still counts.
MODIFIER_SUFFIXES = frozenset({"based", "style", "like", "type", "guided", "initialized", "derived", "powered"})
#: "X-test", "X-val": a known dataset glued to the name of a split is that split of it.
_SPLIT_SUFFIXES = frozenset({"test", "val", "valid", "validation", "dev", "train", "training"})
#: "JFT-pretrained", "COCO-trained": a known dataset glued to a training word is that dataset.
TRAINED_SUFFIXES = frozenset({"pretrained", "trained", "finetuned"})
_DATA_SUFFIXES = _SPLIT_SUFFIXES | TRAINED_SUFFIXES
_GLUED_SUFFIXES = {"Method": MODIFIER_SUFFIXES, "Dataset": _DATA_SUFFIXES, "Benchmark": _DATA_SUFFIXES}
_ANY_GLUED_SUFFIX = MODIFIER_SUFFIXES | _DATA_SUFFIXES


def modified_stem(text: str) -> str | None:
    """"FF-based" -> "FF": the name a modifier suffix is glued to, or None when there is none."""
    stem, _, suffix = text.rpartition("-")
    return stem if stem and suffix.lower() in MODIFIER_SUFFIXES else None


def is_case_sensitive(name: str) -> bool:
    """One-word names with capitals past the first letter, or digits, keep their case.

    A hyphenated compound of ordinary words ("Chain-of-Thought") is prose when
    written in lower case too ("chain-of-thought"), so it matches folded.
    """
    if " " in name:
        return False
    if any(c.isdigit() for c in name):
        return True
    parts = [p for p in name.split("-") if p]
    if len(parts) > 1 and all(p.isalpha() and (p.islower() or p[1:].islower()) for p in parts):
        return False
    return any(c.isupper() for c in name[1:])


def surface_forms(name: str) -> set[str]:
    """The name and its plural ("GNN" -> "GNNs", "transformer" -> "transformers", "accuracy" -> "accuracies")."""
    forms = {name}
    words = name.split()
    if 1 < len(words) <= 3 and all(w.isalpha() for w in words):
        forms.add("-".join(words))  # "Stable-Diffusion" is "Stable Diffusion"
        if len(words) == 3:  # "mean-squared error", "zero shot-learning"
            forms |= {f"{words[0]}-{words[1]} {words[2]}", f"{words[0]} {words[1]}-{words[2]}"}
    last = words[-1]
    if last[-1:].isalpha() and not last.endswith("s") and len(last) >= 3:
        if last[-1] == "y" and last[-2] not in "aeiouAEIOU" and last.islower():
            forms.add(name[:-1] + "ies")  # "accuracy" -> "accuracies", "perplexity" -> "perplexities"
        else:
            forms.add(name + "s")
    tagged = _RELEASE_TAG.fullmatch(name)
    if tagged and is_case_sensitive(name):
        forms.add(tagged.group(1) + tagged.group(2).lower())  # "Llama2-Chat" / "Llama2-chat": a tag in lower case
    if name[:1].islower() and is_case_sensitive(name):
        forms.add(name[0].upper() + name[1:])  # "miniF2F" / "MiniF2F", "word2vec" / "Word2vec" at a sentence start
    if len(name) > 2 and name[-2].isdigit() and name[-1] in "kKmMbB":
        forms.add(name[:-1] + name[-1].swapcase())  # "ImageNet-1k" / "ImageNet-1K": a count's letter in either case
    version = _VERSION_TAIL.search(name)
    if version:  # "Something-Something-V2" / "Something-Something-v2": a version's letter in either case
        forms.add(name[:version.start(1)] + version.group(1).swapcase() + name[version.end(1):])
    spaced = _ACRONYM_TAIL.fullmatch(name)
    if spaced:
        forms.add(f"{spaced.group(1)} {spaced.group(2)}")  # "ScienceQA" / "Science QA", "TextVQA" / "Text VQA"
    return forms


_RELEASE_TAG = re.compile(r"(.*\w-)([A-Z][a-z]{2,})")
_VERSION_TAIL = re.compile(r"[- ]([vV])\d{1,2}$")
_ACRONYM_TAIL = re.compile(r"([A-Z][a-z]{3,})([A-Z]{2,4})")


def _spaced_compound(name: str) -> set[str]:
    """"Chain-of-Thought" -> "Chain of Thought", "self-attention" -> "self attention",
    "retrieval-augmented generation" -> "retrieval augmented generation": a name's hyphenated
    compounds of words are also written spaced (a one-letter part, as in "Q-learning", is not)."""
    words = name.split()
    if "-" not in name or len(words) > 3:
        return set()
    spaced = []
    for word in words:
        parts = word.split("-")
        if len(parts) > 1 and not (len(parts) <= 4 and all(len(p) > 1 and p.isalpha() for p in parts)):
            return set()
        spaced += parts
    return {" ".join(spaced)} if len(spaced) <= 5 else set()


def _title_cased(name: str) -> set[str]:
    """"HellaSwag" -> "Hellaswag", "WinoGrande" -> "Winogrande": a data name with inner capitals,
    as papers that list benchmarks also write it. Model names are left alone: their inner
    capitals tell them from words ("RoBERTa", not the given name "Roberta")."""
    if len(name) >= 6 and name.isalpha() and name[:1].isupper() and not name.isupper() \
            and any(c.isupper() for c in name[1:]):
        return {name[0] + name[1:].lower()}
    return set()


_HYPHENED_VERSION = re.compile(r"([A-Za-z]{2,})-(\d[\w.]*)")


def _spaced_version(name: str) -> set[str]:
    """"GPT-4o" -> "GPT 4o", "ResNet-50" -> "ResNet 50": a model or data name whose version or size
    follows a hyphen is also written with a space."""
    m = _HYPHENED_VERSION.fullmatch(name)
    return {f"{m.group(1)} {m.group(2)}"} if m else set()


class Gazetteer:
    """Mark every occurrence of a known entity name.

    Reads: tokens, and `Doc._.kg_abbreviations` (an acronym the abstract defines
    is not a listed name in other case). Writes: `doc.spans["kg_gazetteer"]`, non-overlapping spans
    (longest wins) whose `label_` is the entity type (Method, Dataset,
    Benchmark, Task, Metric), whose `kb_id_` is the canonical name and whose
    `id_` is the listed name or alias that matched (singular: "GNNs" -> "GNN").
    Matches glued to a larger token compound ("ImageNet" in "ImageNet-1k")
    are dropped. Also writes `Doc._.kg_implied_abbreviations`: (long form, short form) pairs
    of a known long form and an undefined acronym it spells elsewhere in the abstract
    (`implied_definitions`).
    """

    def __init__(self, nlp: Language, entries: Iterable[GazetteerEntry]) -> None:
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.folded = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.size = 0
        self.prefixes: dict[str, tuple[str, str]] = {}
        self.long_prefixes: dict[str, list[tuple[tuple[str, ...], str]]] = {}  # last word -> (words, method name)
        for entry in entries:
            self._add(nlp, entry)
        for candidates in self.long_prefixes.values():
            candidates.sort(key=lambda c: -len(c[0]))  # the longest name that fits wins
        if self.size == 0:
            log.info("no gazetteer entries found; only new names will be detected")

    def _add(self, nlp: Language, entry: GazetteerEntry) -> None:
        own = surface_forms(entry.name)  # the name's own forms match as the name, not as an alias of it
        for alias in (entry.name, *entry.aliases):
            key = f"{entry.type}\t{entry.name}\t{alias}"
            exact, folded = [], []
            forms = surface_forms(alias) - own if alias != entry.name else own
            if entry.type in ("Dataset", "Benchmark"):
                forms = forms | _title_cased(alias)
            if entry.type not in ("Metric", "Task"):
                spaced = _spaced_version(alias)
                forms = forms | (spaced - own if alias != entry.name else spaced)
            compound = _spaced_compound(alias) - own - set(entry.aliases)
            forms = forms | compound
            for form in forms:
                (exact if is_case_sensitive(form) else folded).append(nlp.make_doc(form))
            if exact:
                self.exact.add(key, exact)
            if folded:
                self.folded.add(key, folded)
            if entry.type in _GLUED_SUFFIXES and " " not in alias:
                self.prefixes.setdefault(alias if is_case_sensitive(alias) else alias.lower(), (entry.type, entry.name))
            elif entry.type == "Method" and " " in alias:
                words = tuple(alias.lower().split())
                self.long_prefixes.setdefault(words[-1], []).append((words, entry.name))
        self.size += 1

    def _prefixed(self, doc: Doc) -> list[Span]:
        """"CLIP-based", "ViT-style": a known name glued to a modifier suffix is
        still a mention of that name (the tokenizer keeps the compound whole), as is
        "QuuxNet-pretrained"; "QuuxBench-test" is the named test split of a known dataset."""
        toks = tokens(doc)
        spans = []
        for token in toks:
            text = token.text
            cut = text.rfind("-")
            if cut <= 0:
                continue
            suffix = text[cut + 1:].lower()
            sized = _size_word(text[cut:])
            if not (sized or suffix in _ANY_GLUED_SUFFIX):
                continue
            hit = self.prefixes.get(text[:cut]) or self.prefixes.get(text[:cut].lower())
            if hit is None:
                if suffix in MODIFIER_SUFFIXES:
                    spans += self._long_prefixed(doc, token.i, text[:cut])
                continue
            if sized:  # "Swin-Base": a listed model in a sized release, a name of its own
                if hit[0] == "Method":
                    spans.append(Span(doc, token.i, token.i + 1, label="Method", kb_id=text, span_id=text))
            elif suffix not in _GLUED_SUFFIXES[hit[0]]:
                continue
            elif hit[0] == "Method" or suffix in TRAINED_SUFFIXES:
                spans.append(Span(doc, token.i, token.i + 1, label=hit[0], kb_id=hit[1], span_id=text[:cut]))
            else:  # "QuuxBench-test": the named split of a known dataset
                spans.append(Span(doc, token.i, token.i + 1, label=hit[0], kb_id=text, span_id=text))
        return spans

    def _long_prefixed(self, doc: Doc, i: int, stem: str) -> list[Span]:
        """"a gradient descent-based approach", "temporal difference learning-based methods": a known
        name of several words whose last word is glued to a modifier suffix, the longest that fits."""
        for words, name in self.long_prefixes.get(stem.lower(), []):
            n = len(words) - 1
            if i >= n and all(doc[i - n + k].lower_ == words[k] for k in range(n)):
                return [Span(doc, i - n, i + 1, label="Method", kb_id=name,
                             span_id=" ".join([*(t.text for t in doc[i - n:i]), stem]))]
        return []

    def __call__(self, doc: Doc) -> Doc:
        spans, glued = [], []
        defined = {short.text for _long, short in doc._.kg_abbreviations or []}
        named = _own_acronyms(doc)
        for matcher in (self.exact, self.folded):
            for match_id, start, end in matcher(doc):
                type_, name, alias = doc.vocab.strings[match_id].split("\t", 2)
                span = Span(doc, start, end, label=type_, kb_id=name, span_id=alias)
                if matcher is self.folded and span.text in defined and is_other_acronym(span, alias):
                    continue
                if type_ == "Metric" and span.text in named:
                    continue
                (glued if is_glued(span) else spans).append(span)
        spans += slash_listed_metrics(glued, spans)
        spans += self._prefixed(doc)
        spans = [_as_data(s) for s in spans]
        doc.spans["kg_gazetteer"] = filter_spans(by_list_mates(spans))
        doc._.kg_implied_abbreviations = implied_definitions(doc, doc.spans["kg_gazetteer"], defined)
        return doc


_LIST_JOINERS = frozenset(word_group("list_joiner"))  # ontology/patterns/word_groups.tsv
_DATA_HEADS = {w: ("Benchmark" if w.startswith("benchmark") else "Dataset") for w in word_group("data_head")}


def _as_data(span: Span) -> Span:
    """"the GLaM dataset": a listed model's proper name right before a lower-case "dataset" or
    "corpus" names the data it was trained on, which the paper uses as data."""
    doc = span.doc
    if span.label_ != "Method" or span.end >= len(doc) or doc[span.end].text not in _DATA_HEADS:
        return span
    if span.text.islower() or span.kb_id_.islower():
        return span  # "instruction tuning datasets", "SFT datasets": data for a technique, not a model's data
    return Span(doc, span.start, span.end, label=_DATA_HEADS[doc[span.end].text], kb_id=span.kb_id_,
                span_id=span.id_)


def by_list_mates(spans: list[Span]) -> list[Span]:
    """A name listed as a metric and as something else ("MAE": the masked autoencoder and the mean
    absolute error) takes the type of the names it is listed with: "iBOT and MAE" is a method,
    "MAE and RMSE" a metric. With no typed list mate both readings stay, and the first listed wins."""
    at: dict[tuple[int, int], list[Span]] = {}
    for span in spans:
        at.setdefault((span.start, span.end), []).append(span)
    drop: set[int] = set()
    for (start, end), same in at.items():
        labels = {s.label_ for s in same}
        if len(labels) == 1 or "Metric" not in labels:
            continue  # a technique listed as method and task is read by its role, not by its list
        mates = {s.label_ for s in spans if (s.start, s.end) != (start, end) and _listed_together(s, start, end)}
        keep = labels & mates
        if len(keep) == 1:
            drop |= {id(s) for s in same if s.label_ not in keep}
    return [s for s in spans if id(s) not in drop]


def _listed_together(span: Span, start: int, end: int) -> bool:
    """Is `span` next to [start, end) in a list: only list words between them ("X and Y", "X, Y")?"""
    doc = span.doc
    gap = doc[span.end:start] if span.end <= start else doc[end:span.start] if end <= span.start else None
    return gap is not None and 0 < len(gap) <= 2 and all(t.lower_ in _LIST_JOINERS for t in gap)


_INITIALS_SKIP = frozenset(word_group("function_word"))  # ontology/patterns/word_groups.tsv


def implied_definitions(doc: Doc, spans: Iterable[Span], defined: set[str]) -> list[tuple[Span, Span]]:
    """"a Domain-Inspired Sharpness-Aware Minimization ... the convergence of SAM": a known long form
    in the abstract whose initials spell an undefined acronym of the same abstract is what the acronym
    means there, not the listed meaning of that acronym elsewhere (SAM is also Segment Anything).
    Returns (long form, short form) pairs, the first use of each short form, where the short form is
    no listed name of the long form's entity already."""
    longs: dict[str, Span] = {}
    listed: dict[int, str] = {}
    for span in spans:
        if len(span) == 1:
            listed[span.start] = span.kb_id_
        if len(span) < 2 or span.label_ in ("Task", "Metric"):
            continue  # a field's or a measure's words spell many acronyms ("representation learning", RL)
        words = [w for w in re.split(r"[\s-]+", span.text) if w and w.lower() not in _INITIALS_SKIP]
        if all(w[0].isalpha() for w in words):
            longs.setdefault("".join(w[0] for w in words).upper(), span)
    if not longs:
        return []
    pairs, seen = [], set()
    for token in tokens(doc):
        text = token.text
        long = longs.get(text)
        if (long is None or text in seen or text in defined or not text.isupper() or not text.isalpha()
                or long.start <= token.i < long.end or listed.get(token.i) == long.kb_id_):
            continue
        seen.add(text)
        pairs.append((long, doc[token.i:token.i + 1]))
    return pairs


def is_other_acronym(span: Span, alias: str) -> bool:
    """"DIstribution Correction Estimation (DICE)" is not the metric "Dice": a word in capitals
    that the abstract defines is an acronym of its own, unless the listed name is in capitals too.
    (Undefined, "OMNIGLOT" or "MIXTRAL" is mostly the known name written in capitals.)"""
    text = span.text
    return len(span) == 1 and len(text) >= 3 and text.isupper() and not alias.isupper()


_AFTER_OWN_NAME = frozenset(word_group("own_name_follower"))


def _own_acronyms(doc: Doc) -> set[str]:
    """"a framework, dubbed MCC, for ...", "an approach called SPICE to ...": an acronym right after a
    naming word, ending the name, is the name the paper gives its own thing, not the known metric its
    letters also spell, anywhere in the abstract; unless a metric kind stands before the naming word
    ("a metric called QMS") or a noun follows ("called MAP variables": a term)."""
    out: set[str] = set()
    lowered = lower_text(doc)
    if not any(word in lowered for word in NAMING_WORDS):
        return out  # most abstracts name nothing: no token walk
    for token in tokens(doc):
        if token.lower_ not in NAMING_WORDS or token.i + 1 >= len(doc):
            continue
        j = token.i + 1 + (doc[token.i + 1].lower_ == "as")
        if j >= len(doc) or not (doc[j].text.isupper() and doc[j].is_alpha and len(doc[j]) >= 2):
            continue
        if j + 1 < len(doc) and doc[j + 1].is_alpha and doc[j + 1].lower_ not in _AFTER_OWN_NAME:
            continue
        before = [t.lower_ for t in doc[max(0, token.i - 2):token.i] if not t.is_punct]
        if not any(names_metric_kind(w) for w in before):
            out.add(doc[j].text)
    return out


def slash_listed_metrics(glued: list[Span], free: list[Span]) -> list[Span]:
    """"accuracy/F1 score", "PSNR/SSIM": known metrics written with a slash between them are each a
    metric. A slash glues a name only where the word across it is no listed metric. ("EM/F1" too: the
    name finder's shape rule then does not join the two back into one name.)"""
    candidates = [s for s in glued if s.label_ == "Metric"]
    if not candidates:
        return []
    metrics = candidates + [s for s in free if s.label_ == "Metric"]
    starts, ends = {s.start for s in metrics}, {s.end for s in metrics}
    doc = candidates[0].doc
    out = []
    for span in candidates:
        left = span.start == 0 or doc[span.start - 1].whitespace_ or (
            doc[span.start - 1].text == "/" and span.start - 1 in ends)
        nxt = doc[span.end].text if span.end < len(doc) else " "
        right = span[-1].whitespace_ or not (nxt[0].isalnum() or nxt[0] in "-/_") or (
            nxt == "/" and span.end + 1 in starts)
        if left and right:
            out.append(span)
    return out


def is_glued(span: Span) -> bool:
    """True when the span is part of a larger written compound (no space around a hyphen)."""
    doc = span.doc
    if span.start > 0:
        prev = doc[span.start - 1]
        if not prev.whitespace_ and (prev.text[-1].isalnum() or prev.text[-1] in "-/_"):
            return True
    if span.end < len(doc) and not span[-1].whitespace_:
        nxt = doc[span.end]
        if nxt.text == "/" and span.end + 1 < len(doc) and sibling_suffix(span[-1], doc[span.end + 1]):
            return False  # "CIFAR-10/100": the name, then a sibling's number
        if nxt.text == "-" and span.label_ == "Method" and sized_after(doc, span.end):
            return False  # "Llama 3-8B": the listed model and its size (the name finder joins them)
        if nxt.text == "-" and span.end + 1 < len(doc) and doc[span.end + 1].text in (",", ";"):
            return False  # "RNN-, Transformer-, and S4-based": a suspended hyphen, the name is whole
        if nxt.text[0].isalnum() or (nxt.text[0] in "-/_" and (len(nxt) > 1 or not nxt.whitespace_)):
            return True
    return False


def _size_word(tail: str) -> bool:
    """Is `tail` ("-Base", "-Large") a size word (`size_tags.txt`)? Letters and counts ("-S", "-3B")
    give a coined shape ("Quux-S"): the name finder sees those names already."""
    if not (tail[1:].isalpha() and len(tail) > 3):
        return False
    tags = load_lexicon().size_tags
    return tags is not None and tags.fullmatch(tail) is not None


def sized_after(doc: Doc, end: int) -> bool:
    """Is doc[end:end + 2] a glued "-" and a parameter count ("-8B", "-7B-Instruct";
    `name_extensions.txt`) or a size word ("-base", "-XL"; `size_tags.txt`)?"""
    sizes = load_lexicon().name_extensions
    if not (end + 1 < len(doc) and doc[end].text == "-" and not doc[end].whitespace_ and sizes is not None):
        return False
    text = doc[end + 1].text
    size = sizes.match(text)  # "8B", or "7B-Instruct": a size and a release tag
    if size is not None and (size.end() == len(text) or text[size.end()] == "-"):
        return True
    tags = load_lexicon().size_tags  # "BERT-base", "ViT-L": a size word (`size_tags.txt`)
    return tags is not None and tags.fullmatch("-" + text) is not None


@Language.factory("kg_gazetteer", assigns=["doc.spans", "doc._.kg_implied_abbreviations"])
def make_gazetteer(nlp: Language, name: str) -> Gazetteer:
    """Factory of the gazetteer matcher over `ontology/gazetteer/*.tsv`."""
    return Gazetteer(nlp, load_gazetteer())


if not Doc.has_extension("kg_implied_abbreviations"):
    Doc.set_extension("kg_implied_abbreviations", default=None)
