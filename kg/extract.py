"""Turn an annotated Doc into a PaperRecord: mentions, relations, results, aliases.

This is the last module that sees spaCy. The Doc is `nlp(clean.text)`, the
cleaned abstract; every offset handed on is mapped back to the original
abstract with `clean.original_span`, so evidence points into `paper.abstract`.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from bisect import bisect_left

from spacy.tokens import Doc, Span, Token

from kg.nlp.shapes import core, plural_acronym
from kg.lexicon import word_group
from kg.model import ENTITY_TYPES, Evidence, Mention, Paper, PaperRecord, Relation, Result
from kg.nlp.relations import (Ent, Fact, entities, evaluated, is_first_person, long_form_parts, proposals,
                               reports_own_results, sentence, starting_in, title_mentions, title_spelled,
                               title_task_mentions)
from kg.nlp.tokens import tokens
from kg.nlp.uses import REPLACING_RULE, built_on, compared, title_uses
from kg.text import CleanText, clean_latex

# A URL ends at white space, quotes, braces and square brackets (Markdown "[text](url)", LaTeX "\\url{...}").
_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"'{}\[\]|\\^`]{3,300}|\b(?:github|gitlab)\.(?:com|io)/[^\s<>\"'{}\[\]|\\^`]{1,300}")
_COMPARE_RULES = {"compared with cue", "improves cue", REPLACING_RULE}  # rules that read a comparison cue
_NEAR = 30  # tokens around a value in which its metric, dataset and method are looked for
_CODE_HOSTS = ("github", "gitlab", "huggingface", "bitbucket", "codeberg", "sites.google", "project")
_MARGIN_WORDS = frozenset(word_group("margin_word"))  # "improves accuracy by 3%" (ontology/patterns/word_groups.tsv)
_MARGIN_WORDS_AFTER = frozenset(word_group("margin_metric_after"))  # "by 3% in accuracy"
_STATED_WORDS = frozenset(word_group("metric_value_word"))  # "an accuracy of 85%"
_LIST_JOINTS = frozenset(word_group("value_list_joint"))  # "80.1% and 75.2% top-1 accuracy"
_VERSUS = frozenset(word_group("value_versus"))  # "80.50% vs 76.86%"
_CLAUSE_BREAKS = frozenset(word_group("clause_break"))  # "our model reaches 80%, while GazNet ..."


def extract(doc: Doc, paper: Paper, clean: CleanText) -> PaperRecord:
    """Everything the pipeline found in one abstract, as plain records."""
    title = clean_latex(paper.title).text if paper.title else None  # "$\\mathcal{B}$-Coder: ..." is "B-Coder: ..."
    ents = [e for e in entities(doc) if (e.type in ENTITY_TYPES or e.type == "Unknown") and not _notation(e, clean)]
    macros = _macro_tokens(doc, paper, clean)
    ents = title_spelled(ents, title, macros)
    ents = sorted(ents + title_mentions(doc, title, ents, macros), key=lambda e: e.span.start)
    ents = sorted(ents + title_task_mentions(doc, title, ents), key=lambda e: e.span.start)
    proposed = proposals(doc, ents, title)
    ents = _echoes(doc, _as_proposed(ents, proposed, doc), proposed, clean.text)
    ents = _merge_variants([e for e in _cued_unknowns(doc, ents, proposed) if e.type in ENTITY_TYPES], title)
    facts = _facts(doc, ents, proposed)
    parts = long_form_parts(doc, ents, proposed)
    facts += _part_facts(parts, proposed)
    facts += title_uses(ents, title, proposed)
    ents, facts = _settle_techniques(doc, ents, facts, proposed)
    return PaperRecord(
        paper=paper,
        mentions=tuple(_mention(e, paper, clean) for e in sorted(ents + [e for e, _ in parts],
                                                                   key=lambda e: e.span.start)),
        relations=tuple(_relations(facts, ents, paper, clean)),
        results=tuple(_results(doc, ents, proposed, paper, clean, title,
                               {f.ent.span.start for f in facts if f.relation == "compared_with"})),
        aliases=tuple(_aliases(doc, ents, paper, clean)),
        code_url=code_url(paper.abstract),
    )


def _macro_tokens(doc: Doc, paper: Paper, clean: CleanText) -> frozenset[int]:
    """Tokens of the cleaned text written as a LaTeX command in the abstract ("\\quuxnet")."""
    if "\\" not in paper.abstract:
        return frozenset()
    return frozenset(t.i for t in tokens(doc) if t.is_alpha and paper.abstract[clean.origin[t.idx]] == "\\")


def _notation(ent: Ent, clean: CleanText) -> bool:
    """"$W \\in \\mathbb{R}^{m}$" cleans to "W inRm": a new name that comes wholly from a formula is
    notation. A listed name keeps its place ("$\\ell_2$" is no new name)."""
    return ent.source != "gazetteer" and clean.in_formula(ent.span.start_char, ent.span.end_char)


def _echoes(doc: Doc, ents: list[Ent], proposed: dict[str, str], text: str) -> list[Ent]:
    """A proposed name found only where it was introduced ("This paper introduces Sequoia, ...": a
    plain capitalised word, no name by its shape) is the same name wherever the text repeats it,
    so its later sentences ("Sequoia improves ...") are about the paper's own work too. `text` is
    the Doc's text (the cleaned abstract), counted without joining the tokens again."""
    words: dict[tuple[str, ...], Ent] = {}
    found_at: dict[str, int] = {}  # how often each proposed name's text is already an entity
    for ent in ents:
        if ent.name in proposed:
            words.setdefault(tuple(t.text for t in ent.span), ent)
            found_at[ent.span.text] = found_at.get(ent.span.text, 0) + 1
    words = {k: e for k, e in words.items() if text.count(e.span.text) > found_at[e.span.text]}
    if not words:
        return ents  # every repetition is found already: no pass over the tokens
    taken = [False] * len(doc)
    for ent in ents:
        for i in range(ent.span.start, ent.span.end):
            taken[i] = True
    toks = tokens(doc)
    found = []
    for (first, *rest), ent in words.items():
        n = 1 + len(rest)
        for i, tok in enumerate(toks):
            if (tok.text == first and i + n <= len(doc) and not any(taken[i:i + n])
                    and all(toks[i + k + 1].text == w for k, w in enumerate(rest))):
                found.append(Ent(doc[i:i + n], ent.name, ent.type, ent.source, ent.key))
                taken[i:i + n] = [True] * n
    return sorted(ents + found, key=lambda e: e.span.start) if found else ents


def _as_proposed(ents: list[Ent], proposed: dict[str, str], doc: Doc) -> list[Ent]:
    """A proposed name keeps the proposal's type everywhere it is mentioned.

    An acronym's long form and its plural ("QVM", "QVMs") count as the name.
    """
    by_core = {core(name).lower(): name for name in proposed}
    short_of = {long.start: short.text for long, short in doc._.kg_abbreviations or []}
    out = []
    for ent in ents:
        name = ent.name if ent.name in proposed else None
        if name is None and ent.source == "abbreviation":
            name = by_core.get(core(ent.span.text).lower())
            if name is None and short_of.get(ent.span.start) in proposed:
                name = short_of[ent.span.start]
        out.append(Ent(ent.span, name, proposed[name], ent.source, ent.key) if name else ent)
    return out


def _cued_unknowns(doc: Doc, ents: list[Ent], proposed: dict[str, str]) -> list[Ent]:
    """A defined acronym whose long form gives no type ("directed chain (DC)") is a method where a
    comparison cue names it: "outperforms DC". Elsewhere it stays untyped and is no mention (a use
    cue is too weak: "based on fractional Brownian motion (fBM)" names a concept as often)."""
    if not any(e.type == "Unknown" for e in ents):
        return ents
    trial = [Ent(e.span, e.name, "Method", e.source, e.key) if e.type == "Unknown" else e for e in ents]
    cued = {f.ent.span.start for f in compared(doc, trial, set(proposed))
            if f.rule in _COMPARE_RULES and not plural_acronym(f.ent.span.text)}
    return [t if e.type == "Unknown" and e.span.start in cued else e for e, t in zip(ents, trial)]


def _merge_variants(ents: list[Ent], title: str | None = None) -> list[Ent]:
    """A task or metric that ends in a shorter one of the same paper is that one (unless the title
    names the longer task, "Towards Personalized Federated Learning" keeps both, or the gazetteer lists
    it as a task of its own, "offline reinforcement learning"):
    "privacy-preserving continual learning" -> "continual learning". A one-word head is never
    the target ("federated learning" is not "learning"); where the paper names the head alone
    too ("classification tasks" next to "multiclass classification"), the bare head is dropped."""
    titled = title.lower() if title else ""
    names = {(e.type, e.name.lower()): e for e in ents if e.type in ("Task", "Metric")}
    heads = {(e.type, e.name.lower().split()[-1]) for e in ents if e.type in ("Task", "Metric") and " " in e.name}
    out = []
    for ent in ents:
        if ent.type in ("Task", "Metric") and (ent.type, ent.name.lower()) in heads:
            continue
        words = ent.name.lower().split()
        own_task = ent.type == "Task" and (ent.name.lower() in titled or ent.source == "gazetteer")
        if ent.type in ("Task", "Metric") and not own_task:
            for i in range(len(words) - 2, 0, -1):  # shortest known suffix of two or more words wins
                shorter = names.get((ent.type, " ".join(words[i:])))
                if shorter is not None:  # its key too: the longer name's key would merge the two entities
                    ent = Ent(ent.span, shorter.name, ent.type, ent.source, shorter.key)
                    break
        out.append(ent)
    return out


def _facts(doc: Doc, ents: list[Ent], proposed: dict[str, str]) -> list[Fact]:
    names = set(proposed)
    facts: list[Fact] = []
    for ent in ents:
        if ent.name in names:
            facts.append(Fact("proposes", ent, ent.sent, min(1.0, ent.confidence + 0.1), "proposal"))
    comparisons = compared(doc, ents, names)
    facts += comparisons
    facts += built_on(doc, ents, proposed, {f.ent.name for f in comparisons if f.rule != REPLACING_RULE})
    facts += evaluated(doc, ents, proposed)
    for ent in ents:
        if ent.type == "Task":
            facts.append(Fact("addresses", ent, ent.sent, ent.confidence))
        elif ent.type == "Metric":
            facts.append(Fact("uses_metric", ent, ent.sent, ent.confidence))
        facts.append(Fact("mentions", ent, ent.sent, ent.confidence))
    return facts


def _settle_techniques(doc: Doc, ents: list[Ent], facts: list[Fact],
                       proposed: dict[str, str]) -> tuple[list[Ent], list[Fact]]:
    """A lower-case technique phrase ("natural policy gradient", "rediscover gradient descent") is a
    method name only where the paper uses it, compares with it or proposes it. Elsewhere (its cue was
    read as prior work or a baseline's description, or it is a listed method with one more word before
    it) it is most often a description or a task (2 of the 11 technique mentions of the calibration
    samples are right). There the listed method it ends in stands alone, or nothing does."""
    kept = {f.ent.name for f in facts if f.relation in ("builds_on", "compared_with")} | set(proposed)
    listed = {(s.start, s.end): s for s in doc.spans.get("kg_gazetteer", []) if s.label_ == "Method"}
    swap: dict[int, Ent | None] = {}
    for ent in ents:
        if ent.source == "technique" and ent.type == "Method" and ent.name not in kept:
            inner = next((listed[k, ent.span.end] for k in range(ent.span.start + 1, ent.span.end)
                          if (k, ent.span.end) in listed), None)  # "noisy [gradient descent]"
            swap[id(ent)] = None if inner is None else Ent(inner, inner.kb_id_ or inner.text, "Method",
                                                            "gazetteer", inner.kb_id_ or None)
    if not swap:
        return ents, facts
    out: list[Fact] = []  # only "mentions" facts are left to such a phrase: they carry its own confidence
    for fact in facts:
        ent = swap.get(id(fact.ent), fact.ent)
        if ent is not None:
            out.append(fact if ent is fact.ent else Fact(fact.relation, ent, fact.sentence, ent.confidence, fact.rule))
    return [e for e in (swap.get(id(e), e) for e in ents) if e is not None], out


def _part_facts(parts: list[tuple[Ent, bool]], proposed: dict[str, str]) -> list[Fact]:
    """A listed method inside the long form of the paper's own name is a base of it; every part is
    mentioned, and a task part is addressed."""
    facts = []
    for ent, own in parts:
        if ent.type == "Method" and own and ent.name not in proposed:
            facts.append(Fact("builds_on", ent, ent.sent, ent.confidence * 0.8, "long form part"))
        elif ent.type == "Task":
            facts.append(Fact("addresses", ent, ent.sent, ent.confidence))
        facts.append(Fact("mentions", ent, ent.sent, ent.confidence))
    return facts


def _relations(facts: list[Fact], ents: list[Ent], paper: Paper, clean: CleanText) -> list[Relation]:
    """One relation per (relation, target name): the first, most confident evidence.

    `confidence` stays the rule's heuristic score and `rule` says which rule and name source
    found it; the graph turns that into the measured precision (`kg.calibration`), so a new
    table needs no new extraction."""
    best: dict[tuple[str, str], Fact] = {}
    for fact in facts:
        k = (fact.relation, fact.ent.name.lower())
        if k not in best or fact.confidence > best[k].confidence:
            best[k] = fact
    out = []
    for fact in sorted(best.values(), key=lambda f: (f.sentence.start, f.relation, f.ent.name)):
        out.append(Relation(
            relation=fact.relation,
            target=fact.ent.name,
            target_type=fact.ent.type,
            evidence=evidence(fact.sentence, paper, clean),
            confidence=round(min(1.0, max(0.0, fact.confidence)), 3),
            key=fact.ent.key,
            rule=f"{fact.rule}; {fact.ent.source}",
        ))
    return out


def _mention(ent: Ent, paper: Paper, clean: CleanText) -> Mention:
    start, end = clean.original_span(ent.span.start_char, ent.span.end_char)
    return Mention(
        name=ent.name,
        type=ent.type,
        start=start,
        end=end,
        source=ent.source,
        key=ent.key,
        confidence=ent.confidence,
    )


def evidence(sent: Span, paper: Paper, clean: CleanText) -> Evidence:
    """The sentence as written in the original abstract, with its offsets."""
    start, end = clean.original_span(sent.start_char, sent.end_char)
    return _evidence(paper.abstract, start, end)


@lru_cache(maxsize=256)
def _evidence(abstract: str, start: int, end: int) -> Evidence:
    """One Evidence object per sentence: a sentence supports ~3 facts, and a record that shares
    them pickles, travels between processes and sits in memory once, not three times."""
    return Evidence(abstract[start:end].strip(), start, end)


def _results(doc: Doc, ents: list[Ent], proposed: dict[str, str], paper: Paper, clean: CleanText,
             title: str | None, compared_at: set[int]) -> list[Result]:
    """The reported values, each with its method, metric, dataset and baseline when stated.

    `compared_at` holds the starts of the mentions a comparison cue names as baselines."""
    out = []
    values = list(doc.spans.get("kg_results", []))
    compare_cues = [c for c in doc.spans.get("kg_cues", []) if c.label_ in ("compared_with", "improves")]
    cue_ends = {c.end for c in compare_cues}
    evidences: dict[int, Evidence] = {}
    own = set(proposed)
    # a name the title has or the abstract defines ("... regularized offline RL (TSRL)") may be the paper's own
    titled = title.lower() if title else ""
    defined = {short.text for _, short in (doc._.kg_abbreviations or [])}
    previous: tuple[int, str | None] = (-1, None)  # (sentence start, method) of the value before
    for span in values:
        sent = sentence(doc, span.start)
        lo, hi = max(sent.start, span.start - _NEAR), min(sent.end, span.end + _NEAR)
        near = starting_in(ents, lo, hi)
        following = _span_window(values, span.end, hi)  # the sentence's values after this one, within reach
        owner = _bracketed_owner(span, near, own) or _compared_value_owner(span, near, own, cue_ends)
        baseline, compared_names = ((None, set()) if owner
                                    else _baseline(span, near, own, compare_cues, values, hi, compared_at, ents))
        candidates = [e for e in near if e.name not in compared_names and e.name != baseline  # never its own baseline
                      and e.name.lower() not in _VERSUS]  # "(80.50% VS 76.86%)": a capital "VS" read as a name
        method = owner or _pick(candidates, span, {"Method"}, prefer_names=own, after=False)
        if (not owner and method is not None and method not in own and method.lower() not in titled
                and method not in defined and not _after_versus(span)
                and is_first_person(_clause(sent, span), span.start)):
            method = _main_method(proposed, ents, titled) or method  # "our approach lifts ViT-Small to 80.5%"
        if method is None and previous[0] == sent.start and (baseline is None or previous[1] != baseline):
            method = previous[1]  # "X gains +9.36%, +4.3% and +7.92%": the sentence's values share their owner
        elif method is None and (baseline is not None or is_first_person(sent, span.start)
                                 or reports_own_results(sent, span.start)):
            method = _main_method(proposed, ents, titled)  # "It is 5x faster than X", "our method needs 15%"
        previous = (sent.start, method)
        out.append(Result(
            value_text=span.text,
            value=span._.kg_value,
            unit=span._.kg_unit,
            min_value=span._.kg_min_value,
            from_value=span._.kg_from_value,
            evidence=evidences[sent.start] if sent.start in evidences
            else evidences.setdefault(sent.start, evidence(sent, paper, clean)),
            confidence=0.6 if near else 0.4,
            method=method,
            metric=(_margin_metric(span, near) or _stated_metric(span, near)
                    or _pick(near, span, {"Metric"}, after=True,
                             stop=_next_own_value(following, span, near) or _next_other_unit(following, span))),
            dataset=_bracketed_dataset(span, near)
            or _pick(near, span, {"Dataset", "Benchmark"}, after=True,
                     next_value=following[0].start if following else hi),
            baseline=baseline,
            task=_task_of(span, near),
        ))
    return out


def _task_of(value: Span, near: list[Ent]) -> str | None:
    """"on zero-shot classification (+9.36%)", "+4.3% on text retrieval": a task named right before the
    bracketed value, or right after it with "on"/"in"."""
    doc = value.doc
    for ent in near:
        if ent.type != "Task":
            continue
        if ent.span.end == value.start - 1 and doc[value.start - 1].text == "(":
            return ent.name
        if ent.span.start == value.end + 1 and doc[value.end].lower_ in ("on", "in", "for"):
            return ent.name
    return None


def _clause(sent: Span, value: Span) -> Span:
    """The part of the sentence before the value from its last clause break on ("Our model reaches
    80%, while GazNet outperforms X with 70%": the 70% is in GazNet's clause, not "our" one); a break
    that goes on with the same subject ("while requiring") is none."""
    toks = tokens(sent.doc)
    start = next((k + 1 for k in range(value.start - 1, sent.start - 1, -1)
                  if toks[k].lower_ in _CLAUSE_BREAKS and not _same_subject(toks[k + 1:k + 3])), sent.start)
    return sent.doc[start:value.start]


def _same_subject(after: list[Token]) -> bool:
    """"while (only) requiring 5% of the cost", "but also reduces ...": the two words after the break
    go on with the clause's subject."""
    return any(t.lower_.endswith("ing") or t.lower_ == "also" for t in after)


def _main_method(proposed: dict[str, str], ents: list[Ent], titled: str) -> str | None:
    """"It is 5x faster than X": a value with no method near it in a paper that proposes one method is
    its. Of several (a method and its named parts), the paper's method is the one the title (`titled`,
    lower-cased) names, else the one the abstract names most often, when it is named more often than
    each other one."""
    methods = [name for name, type_ in proposed.items() if type_ == "Method"]
    if len(methods) <= 1:
        return methods[0] if methods else None
    in_title = [m for m in methods if re.search(rf"(?<!\w){re.escape(m.lower())}(?!\w)", titled)]
    if len(in_title) == 1:
        return in_title[0]
    ranked = Counter(e.name for e in ents if e.name in methods).most_common(2) + [(None, 0), (None, 0)]
    return ranked[0][0] if ranked[0][1] > ranked[1][1] else None


def _pick(near: list[Ent], value: Span, types: set[str], *, after: bool, prefer_names: set[str] | None = None,
          next_value: int | None = None, stop: int | None = None) -> str | None:
    """The entity of a type closest to the value (after it first, when `after`: within 8 tokens,
    else before `next_value`, the start of the next reported value of the sentence); none that
    starts at or after `stop`."""
    cands = [e for e in near if e.type in types and (stop is None or e.span.start < stop)]
    if prefer_names:
        preferred = [e for e in cands if e.name in prefer_names]
        if preferred:
            return preferred[0].name
        cands = [e for e in cands if e.span.start < value.start]
    if not cands:
        return None
    following = [e for e in cands if e.span.start >= value.end and e.span.start - value.end <= 8]
    if after and following:
        return following[0].name
    if after and next_value is not None:  # "96.7% accuracy on statements in the QuuxF2F-test": before the next value
        following = [e for e in cands if value.end <= e.span.start < next_value]
        if following:
            return following[0].name
    return min(cands, key=lambda e: abs(e.span.start - value.start)).name


def _margin_metric(value: Span, near: list[Ent]) -> str | None:
    """"improves accuracy by 2-21%", "reduces the error rate by up to 30%": a value given as the margin
    ("by") of a change is in the metric named right before "by" (at most five tokens before, with at
    most three words between "by" and the value), even where another metric follows the value; not
    where a word after the value introduces its metric ("by 30.5% in the success rate")."""
    doc = value.doc
    by = _margin_by(value)
    if by is None:
        return None
    if value.end < len(doc) and doc[value.end].lower_ in _MARGIN_WORDS_AFTER:
        return None  # "by 30.5% in the success rate": the metric follows
    before = [e for e in near if e.type == "Metric" and e.span.end <= by and by - e.span.end <= 5]
    return before[-1].name if before else None


def _margin_by(value: Span) -> int | None:
    """Where the "by" stands that gives the value as a margin ("improves accuracy by up to 30%"): at
    most three words before it; none where "by" is followed by a verb ("by reducing 28x prefilling
    time" is a means, not a margin)."""
    doc = value.doc
    by = next((k for k in range(value.start - 1, max(sentence(doc, value.start).start, value.start - 4) - 1, -1)
               if doc[k].lower_ in _MARGIN_WORDS), None)
    if by is None or any(not doc[k].is_alpha or doc[k].lower_.endswith("ing") for k in range(by + 1, value.start)):
        return None
    return by


def _stated_metric(value: Span, near: list[Ent]) -> str | None:
    """"an accuracy of 85% in classification and 0.19 in SSIM", "a PSNR of about 30 dB": a value
    stated as the metric's ("of", then at most two words such as "up to" or "about") is in that
    metric, even where another metric follows the value."""
    toks = tokens(value.doc)
    k = value.start - 1
    while (k >= 0 and value.start - k <= 3 and toks[k].lower_ not in _STATED_WORDS
           and (toks[k].is_alpha or toks[k].text in "$~")):
        k -= 1
    if k < 1 or toks[k].lower_ not in _STATED_WORDS:
        return None
    return next((e.name for e in near if e.type == "Metric" and e.span.end == k), None)


def _compared_value_owner(value: Span, near: list[Ent], proposed: set[str], cue_ends: set[int]) -> str | None:
    """"65.1% compared to 57.5% by QuuxLM": a value right after a comparison cue (`cue_ends`: where
    the cues end) and right before a method that is not the paper's is that method's result."""
    if value.start - 1 not in cue_ends and value.start not in cue_ends:
        return None
    return _others_method(next((e for e in near if value.end <= e.span.start <= value.end + 3), None), proposed)


def _bracketed_owner(value: Span, near: list[Ent], proposed: set[str]) -> str | None:
    """"outperforming QuuxLM (73.0% and 7.5%)": values in brackets right after a method are its own."""
    return _others_method(_before_bracket(value, near), proposed)


def _bracketed_dataset(value: Span, near: list[Ent]) -> str | None:
    """"gains on GSM8K (5.9%→10.9%) and CommonsenseQA (36.3%→47.2%)": values in brackets right after a
    dataset are measured on it."""
    ent = _before_bracket(value, near)
    return ent.name if ent is not None and ent.type in ("Dataset", "Benchmark") else None


def _before_bracket(value: Span, near: list[Ent]) -> Ent | None:
    """The entity right before the bracket the value stands in (at most seven tokens into it)."""
    doc = value.doc
    i = value.start - 1
    while i > value.start - 8 and i >= 0 and doc[i].text not in "()":
        i -= 1
    if i < 1 or doc[i].text != "(":
        return None
    return next((e for e in near if e.span.end == i), None)


def _others_method(ent: Ent | None, proposed: set[str]) -> str | None:
    """The name of `ent` when it is a method that is not the paper's own."""
    return ent.name if ent is not None and ent.type == "Method" and ent.name not in proposed else None


def _baseline(value: Span, near: list[Ent], proposed: set[str], cues: list[Span],
              values: list[Span], hi: int, compared_at: set[int], ents: list[Ent]) -> tuple[str | None, set[str]]:
    """A compared method stated with the value ("5x faster than X", "outperforms X by 3.2%"), and
    the names of all the methods that cue compares with (none of them owns the value)."""
    cue = next((c for c in _span_window(cues, value.start, hi)), None)
    if cue is None or (not _cue_follows(value, cue, values) and _margin_by(value) is not None
                       and _span_window(cues, sentence(value.doc, value.start).start, value.start)):
        # "outperforms X by 25% at ..., and surpasses Y": a margin is over the comparison before it, unless
        # a cue follows it closely ("reduces memory by 67% compared to Z")
        return _baseline_before(value, ents, cues, values, compared_at)
    methods = [e for e in near if e.type == "Method" and e.name not in proposed and e.span.start >= cue.end]
    if not methods:
        if _between_values(cue, values):  # "by 3.64% (80.50% vs 76.86%)": the "vs" names nothing, an earlier cue may
            return _baseline_before(value, ents, cues, values, compared_at)
        return None, set()
    if any(e.type == "Method" and e.name not in proposed and e.name != methods[0].name
           and value.end <= e.span.start and cue.start - 1 <= e.span.end <= cue.start for e in near):
        return None, set()  # "80% accuracy, while BlobNet outperforms X": the cue has a subject of its own
    # "15x, 46x ... than A, B, respectively"
    return _respective(methods, _span_window(values, max(cue.start - _NEAR, 0), cue.start), value), set()


def _cue_follows(value: Span, cue: Span, values: list[Span]) -> bool:
    """Whether the cue follows the value closely: at most two words between them, not counting
    other values and a list's joints ("by 1.75x and 1.82x, as compared to X")."""
    toks = tokens(value.doc)
    inside = {k for v in _span_window(values, value.end, cue.start) for k in range(v.start, v.end)}
    words = [k for k in range(value.end, cue.start) if k not in inside and toks[k].lower_ not in _LIST_JOINTS]
    return len(words) <= 2


def _after_versus(value: Span) -> bool:
    """"(80.5% vs 76.9%)": the value after "vs" is the other side's, not the paper's."""
    toks = tokens(value.doc)
    k = value.start - 1 - (value.start > 0 and toks[value.start - 1].text == "$")
    return k >= 0 and toks[k].lower_ in _VERSUS


def _between_values(cue: Span, values: list[Span]) -> bool:
    """"(80.50% vs 76.86%)": a "vs" right before a value sets two values side by side."""
    if cue.text.lower() not in _VERSUS:
        return False
    return any(_after_versus(v) for v in _span_window(values, cue.end, cue.end + 2))


def _baseline_before(value: Span, ents: list[Ent], cues: list[Span], values: list[Span],
                     compared_at: set[int]) -> tuple[str | None, set[str]]:
    """"QuuxNet outperforms X by 3.2%", "improvements over X, including on Y (+9.36%)": the method
    named after the last comparison cue of the sentence before the value, and before the value."""
    sent = sentence(value.doc, value.start)
    for cue in reversed(_span_window(cues, sent.start, value.start)):
        named = [e for e in starting_in(ents, cue.end, value.start) if e.span.start in compared_at
                 and e.span.end <= value.start]
        if named or cue.label_ != "improves":
            break  # "compared to X, ours improves the student's performance by 6.2%": a cue naming nothing
    else:
        return None, set()
    # the names within reach of the value; else the sentence's, for a comparison that opens a long
    # sentence ("compared with X, ours achieves 9.0%, 26.3%, ... while bringing 5.13x ... speedup")
    methods = [e for e in named if e.span.start >= value.start - _NEAR] or named
    if not methods:
        return None, set()
    compared = {e.name for e in methods}  # none of them owns the value
    earlier = _span_window(values, cue.end, value.start)
    # "outperforms A by 2% and B by 3%": names and values take turns
    methods = [e for e in methods if earlier and e.span.start >= earlier[-1].end] or methods
    # "beats A and B by 2% and 3%, respectively"
    return _respective(methods, _span_window(values, cue.end, sent.end), value), compared


def _respective(methods: list[Ent], values: list[Span], value: Span) -> str:
    """The method that pairs with `value` when a sentence lists as many values as methods
    "respectively"; otherwise the first method."""
    if len(values) == len(methods) > 1 and any(t.lower_ == "respectively" for t in sentence(value.doc, value.start)):
        return methods[[r.start for r in values].index(value.start)].name
    return methods[0].name


def _next_own_value(following: list[Span], value: Span, near: list[Ent]) -> int | None:
    """Where the next value of the sentence starts when a metric follows that value closely (within
    three tokens) and words of its own stand between the two values: "112x faster training and 82x
    less GPU memory" (the metric after the 82x is not the 112x's). None where only a list's joints
    stand between ("80.1% and 75.2% top-1 accuracy", "3.2% (+1.1%)") or the metric comes later
    ("1.4% for soft prompts and 2.2% for hard prompts in accuracy"): such values share it. `following`:
    the values after `value`."""
    if not following:
        return None
    nxt = following[0]
    if _joints_only(value, nxt.start):
        return None
    if not any(e.type == "Metric" and nxt.end <= e.span.start <= nxt.end + 3 for e in near):
        return None
    return nxt.start


def _next_other_unit(following: list[Span], value: Span) -> int | None:
    """Where a later value of another unit starts, with words of their own between ("9.0%, 26.3%
    performance gain on A and B, while bringing 5.13x, 6.29x speedup": the speedup after the "x"
    values is not the "%" values' metric). None where the units agree or one is unknown."""
    unit = value._.kg_unit
    other = next((v for v in following if unit and v._.kg_unit and v._.kg_unit != unit), None)
    if other is None or _joints_only(value, other.start):
        return None
    return other.start


def _joints_only(value: Span, end: int) -> bool:
    """Whether only a list's joints stand between the value and `end` ("80.1%, 75.2% and")."""
    toks = tokens(value.doc)
    return all(toks[k].lower_ in _LIST_JOINTS for k in range(value.end, end))


def _span_window(spans: list[Span], start: int, end: int) -> list[Span]:
    """Spans (sorted by start) that start in [start, end)."""
    starts = [s.start for s in spans] if len(spans) < 64 else None
    if starts is None:
        lo = bisect_left(spans, start, key=lambda s: s.start)
        hi = bisect_left(spans, end, key=lambda s: s.start)
        return spans[lo:hi]
    return [s for s in spans if start <= s.start < end]


def _aliases(doc: Doc, ents: list[Ent], paper: Paper, clean: CleanText) -> list[tuple[str, str]]:
    pairs: dict[tuple[str, str], None] = {}
    for long, short in (doc._.kg_abbreviations or []) + (doc._.kg_implied_abbreviations or []):
        pairs[(long.text, short.text)] = None
    for ent in ents:
        start, end = clean.original_span(ent.span.start_char, ent.span.end_char)
        written = paper.abstract[start:end]
        if (written != ent.span.text and ("$" in written or "\\" in written) and written.count("$") % 2 == 0
                and _balanced(written)):
            pairs[(written, ent.name)] = None  # "Uni$^2$Det" as written; not "R}epresentation \\underline{L}..."
    return list(pairs)


def _balanced(text: str) -> bool:
    """Braces open before they close and all close: a whole piece of LaTeX, not a cut through one."""
    depth = 0
    for ch in text:
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    return depth == 0


def code_url(abstract: str) -> str | None:
    """The first code or project URL of the abstract, trailing punctuation removed."""
    urls = [m.group(0).rstrip(".,;:)]}'\"") for m in _URL.finditer(abstract)]
    for url in urls:
        if any(host in url.lower() for host in _CODE_HOSTS):
            return url
    return urls[0] if urls else None
