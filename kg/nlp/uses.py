"""Baselines and used methods of a paper: "outperforms X, Y and Z", "based on X", "X backbone".

A relation cue relates the entities that follow it in its sentence (a whole
coordinated list). A method may be both used and compared with when cues say
so; only the weak "named in the paper's own sentences" rule leaves baselines out.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from spacy.tokens import Doc, Span

from kg.lexicon import load_gazetteer
from kg.nlp import word_group
from kg.nlp.gazetteer import modified_stem
from kg.nlp.namelexicon import load_lexicon
from kg.nlp.phrases import CLASS_PLURALS, title_runs, title_words
from kg.nlp.relations import METHODS, Ent, Fact, own_sentences, same_name, sentence, starting_in
from kg.nlp.shapes import core, letters, plural_acronym
from kg.nlp.tokens import tokens

_COMPARE_STOP = {";", "while", "whereas", "but", "which", "although", "where", "when", "because", "since", "thus"}
# After a baseline, these words start its description ("X trained using Y", "X on Z"), not more baselines.
_BASELINE_END = _COMPARE_STOP | {"using", "trained", "via", "on", "in", "at", "that", "who"}
# "-based", "-style": a glued known name modifies a class ("GCN-based solutions"). Compared against,
# the class names its base as the baseline; used in background, it is no base of the paper.
_CLASS_SUFFIXES = ("-based", "-style", "-like")
# Words before a "-based" use that put it in prior work ("unlike conventional RNN-based approaches").
_PRIOR_WORDS = {"unlike", "existing", "conventional", "traditional", "prior", "previous", "standard", "classical"}
# A use cue this close after a comparison cue describes the baseline ("outperforms X trained using Y").
_BASELINE_REACH = 8
# Words between the subject of a passive comparison and its cue ("X are often outperformed by").
_PASSIVE_AUX = {"is", "are", "was", "were", "be", "been", "being", "can", "could", "may", "might", "often"}
# A bracket after one of the plural class nouns (phrases.CLASS_PLURALS) holds its members ("strong baselines (X, Y)").
# What makes the names right after an improving cue its owners: "X's", "X by", "X performance" (owned_measure).
_MEASURES = frozenset(word_group("owned_measure"))
_OWNER_MARKS = frozenset({"'s", "’s", "by"}) | _MEASURES
# A bracket opening with these words holds the list itself, not a note on the item before it.
_LIST_OPENERS = {"e.g.", "e.g", "eg", "i.e.", "i.e", "including", "such", "like", "namely"}
# "we replace X with Y": what a replacing cue names ends before "with"/"by" (word_groups.tsv). What
# the paper replaces is a baseline and may be a base as well (a replaced block of a model built on).
_REPLACING = frozenset(word_group("replacing_cue"))
REPLACING_RULE = "replacing cue"
_REPLACED_END = _BASELINE_END | frozenset(word_group("replacement_end"))
_BASELINE_NOUNS = frozenset(word_group("baseline_noun"))  # "the QuuxGAN baseline"
# Cue labels whose targets are baselines; "improves" ones are also methods the work is applied to.
_COMPARING = {"compared_with", "improves"}
# Names the weak "named in the paper's own sentence" rule may take as a base: known or defined ones,
# and new names written as a sized model ("QuuxLM-13B", method_shapes.txt). Other new names found
# only by their shape or from the title are mostly the paper's own parts and variants there.
_KNOWN_SOURCES = {"gazetteer", "abbreviation", "named"}
# Plain "use" verbs: in a paper that proposes only data, they name the systems it evaluates.
_WEAK_USES = {"using", "use", "uses", "employ", "employs", "employing", "leverage", "leverages", "leveraging"}


def compared(doc: Doc, ents: list[Ent], proposed: set[str]) -> list[Fact]:
    """Methods named after a comparison cue ("outperforms X", "than X, Y and Z")."""
    facts = []
    own = own_sentences(ents, proposed)
    for cue in doc.spans.get("kg_cues", []):
        if cue.label_ not in _COMPARING:
            continue
        replacing = cue[0].lower_ in _REPLACING  # "we replace X with Y"
        if cue.id_ == "before":
            # "X and Y are outperformed by QuuxNet"; "QuuxNet is outperformed by X only on ..."
            following = _preceding(doc, ents, cue) + _following(doc, ents, cue, _BASELINE_END, 18)
        elif cue.id_ == "next":
            following = _owners(doc, ents, cue, own)
        elif cue.id_ == "own" and not own(sentence(doc, cue.start)):
            continue  # "QuuxNet matches X" compares; "the bound matches that of X" in background does not
        elif cue.id_ in ("after", "own"):
            if _others_comparison(doc, ents, cue, proposed, own):
                continue
            stops = _REPLACED_END if replacing else _BASELINE_END
            following = _following(doc, ents, _past_that_of(doc, cue), stops, 18, members=True)
            if following:
                following += _elliptic(doc, ents, following[-1].span.end)
        else:
            continue
        rule = REPLACING_RULE if replacing else f"{cue.label_.replace('_', ' ')} cue"
        for ent in following:
            if ent.type in METHODS and ent.type != "Unknown" and ent.name not in proposed:
                facts.append(_baseline(ent, sentence(doc, cue.start), rule))
    return facts + _named_baselines(doc, ents, proposed)


def _baseline(ent: Ent, sent: Span, rule: str) -> Fact:
    """A baseline fact: a cue that names a method as compared with is a little surer than its mention."""
    return Fact("compared_with", ent, sent, min(1.0, ent.confidence + 0.05), rule)


def _past_that_of(doc: Doc, cue: Span) -> Span:
    """"exceeds that of X", "comparable to those of X": the cue reaches past "that of", whose "that"
    would otherwise end the baseline list as the start of a relative clause."""
    if cue.end + 2 < len(doc) and doc[cue.end].lower_ in ("that", "those") and doc[cue.end + 1].lower_ == "of":
        return Span(doc, cue.start, cue.end + 2, label=cue.label_, span_id=cue.id_)
    return cue


def _others_comparison(doc: Doc, ents: list[Ent], cue: Span, proposed: set[str], own) -> bool:  # type: ignore[no-untyped-def]
    """"Adam outperforms SGD on language tasks": a comparison whose subject is a named method of
    others, in a sentence not about the paper's own work, is background, not the paper's baseline."""
    sent = sentence(doc, cue.start)
    if own(sent):
        return False
    before = starting_in(ents, max(sent.start, cue.start - 8), cue.start)
    subject = next((e for e in reversed(before) if e.span.end <= cue.start), None)
    return (subject is not None and subject.type in METHODS and subject.source == "gazetteer" and bool(proposed)
            and not any(core(subject.name).lower().startswith(core(p).lower()) for p in proposed))  # "QuuxLM-7B"


_VALUE_REACH = 5  # words after "by" within which the value of an elliptic comparison comes


def _elliptic(doc: Doc, ents: list[Ent], start: int) -> list[Ent]:
    """"outperforms X by 0.8 points on GLUE and Y by 2% on ImageNet": a name after "and" / "," that
    is followed by "by" and a value (within five words: "by an average of 10%") repeats the comparison
    the cue made for X."""
    sent_end = sentence(doc, start).end
    found = []
    for ent in starting_in(ents, start, sent_end):
        end = ent.span.end
        if (doc[ent.span.start - 1].lower_ in ("and", ",") and end + 1 < sent_end and doc[end].lower_ == "by"
                and any(c.isdigit() for t in doc[end + 1:min(sent_end, end + 1 + _VALUE_REACH)] for c in t.text)):
            found.append(ent)
    return found


def _owners(doc: Doc, ents: list[Ent], cue: Span, own) -> list[Ent]:  # type: ignore[no-untyped-def]
    """"improves QuuxLM and BlobNet's performance", "enhances QuuxLM by ...": names right after the
    cue (coordinated with "and" or commas) that own what follows ("'s", or a measure right after them:
    "improves QuuxLM performance") or are the object ("by"),
    in a sentence about the paper's own work ("the goal of improving X by ..." is background)."""
    if not own(sentence(doc, cue.start)):
        return []
    found: list[Ent] = []
    of = _measure_of(doc, cue.end)
    i = cue.end if of is None else of
    for e in starting_in(ents, i, min(len(doc), i + 12)):
        if e.span.start != i:
            break
        found.append(e)
        i = e.span.end
        while i < len(doc) and doc[i].lower_ in (",", "and"):
            i += 1  # ", and"
    if of is not None:
        return found
    if not found:
        return _improved_members(doc, ents, cue)
    after = found[-1].span.end
    return found if after < len(doc) and doc[after].lower_ in _OWNER_MARKS else []


_CLASS_PHRASE = 6  # words from an improving cue to the class noun whose members follow


def _improved_members(doc: Doc, ents: list[Ent], cue: Span) -> list[Ent]:
    """"improves strong base models such as X and Y", "enhances different SSL methods (e.g., X, Y)":
    the named members of the class an improving cue takes as its object. Only words may stand
    between the cue and the class noun ("improves the strongest available LLMs")."""
    toks = tokens(doc)
    for t in toks[cue.end:min(len(doc), cue.end + _CLASS_PHRASE + 1)]:
        if t.lower_ in CLASS_PLURALS:
            break
        if not t.text.replace("-", "").isalnum():
            return []
    else:
        return []
    members = _following(doc, ents, cue, _BASELINE_END, 12, members=True)
    return members if members and _class_members(toks, members[0].span.start) else []


_MEASURE_WORDS = 4  # "the (long-context reasoning) performance of": words up to the measure noun


def _measure_of(doc: Doc, start: int) -> int | None:
    """"improves the decoding speed of X, Y and Z": where the owners start, after a measure noun
    (owned_measure) and its "of"; None when the cue's object is not such a phrase."""
    i = start + (start < len(doc) and doc[start].lower_ == "the")
    for k in range(i, min(len(doc) - 1, i + _MEASURE_WORDS)):
        if doc[k].lower_ in _MEASURES and doc[k + 1].lower_ == "of":
            return k + 2
        if not doc[k].text.replace("-", "").isalpha() or doc[k].lower_ in ("of", "and"):
            return None
    return None


def _named_baselines(doc: Doc, ents: list[Ent], proposed: set[str]) -> list[Fact]:
    """"the QuuxGAN baseline", "strong QuuxAdam baselines": a method named right before "baseline(s)"
    is a baseline of the paper, unless it is the paper's own ("our Quux baseline", a proposed name)."""
    facts = []
    for ent in ents:
        end = ent.span.end
        if (ent.type not in METHODS or ent.type == "Unknown" or ent.name in proposed or end >= len(doc)
                or doc[end].lower_ not in _BASELINE_NOUNS or doc[end - 1].lower_.endswith(_CLASS_SUFFIXES)):
            continue
        if ent.span.start > 0 and doc[ent.span.start - 1].lower_ == "our":
            continue  # "our QuuxNet baseline": built for the paper
        facts.append(_baseline(ent, sentence(doc, ent.span.start), "compared with cue"))
    return facts


def _following(doc: Doc, ents: list[Ent], cue: Span, stops: set[str], window: int,
               members: bool = False) -> list[Ent]:
    """The entities right after a cue: the first within a few tokens, then its list, which may
    run past that window ("a generalization of decision tree algorithms such as ID3, C4.5 and CART").
    With `members`, the first may be further on when it opens the examples of a class noun."""
    sent = sentence(doc, cue.start)
    sent_end = sent.end
    outside = _outside_brackets(doc, cue.end, min(sent_end, cue.end + 4 * window))
    end = outside[window] if len(outside) > window else sent_end
    toks = tokens(doc)
    stop = next((i for i in outside if toks[i].lower_ in stops and not _class_based_on(toks, ents, i)),
                outside[-1] + 1 if outside else cue.end)
    kept = set(outside)
    found: list[Ent] = []
    last = cue.end
    opening = cue.start == sent.start
    for e in starting_in(ents, cue.end, stop):
        if opening and not found and _comma_between(toks, cue.end, e.span.start):
            break  # "Compared to prior methods, our approach uses X": the opening phrase named a class
        if e.span.start not in kept and (any(f.type in METHODS for f in found) or not _named_in_brackets(toks, e)):
            continue  # "(Quux et al.)", "(73.0%)": a note on the item before; "an algorithm (PPO)" opens the list
        member = not found and members and _class_members(toks, e.span.start)
        if e.span.start >= end and not (found and _opens_list(toks, cue.end, found[0].span.end + 4) or member):
            break  # past the window only the members of a class the cue named ("X such as ...")
        limit = (6 if not found else 5) + (4 if _opens_list(toks, last, e.span.start) else 0)
        if found and _joined_as_well_as(toks, last, e.span.start):
            limit += 3  # "outperforms X, as well as the classical Y": three words of glue, not of description
        if bisect_left(outside, e.span.start) - bisect_left(outside, last) > limit and not (
                member or not found and _appositive(toks, e.span.start)):
            break
        found.append(e)
        last = e.span.end
    return found


def _class_based_on(toks: list, ents: list[Ent], i: int) -> bool:  # type: ignore[type-arg]
    """"outperforms methods based on QuuxNets": the "on" of a class defined by the named method it
    is based on names the class's base, as "QuuxNet-based methods" does; it ends no list. A
    lower-case technique there ("methods based on thresholding") describes the class, no baseline."""
    return (toks[i].lower_ == "on" and i >= 2 and toks[i - 1].lower_ == "based"
            and load_lexicon().phrases.type_words.get(toks[i - 2].lower_) == "Method"  # type_words.tsv
            and any(e.source != "technique" for e in starting_in(ents, i + 1, i + 5)[:1]))


def _comma_between(toks: list, start: int, end: int) -> bool:  # type: ignore[type-arg]
    """A comma between two tokens that opens no list ("prior methods, e.g., X" opens one)."""
    return any(t.text == "," for t in toks[start:end]) and not _opens_list(toks, start, end)


def _named_in_brackets(toks: list, ent: Ent) -> bool:  # type: ignore[type-arg]
    """"outperforms a reinforcement learning algorithm (PPO)", "the state-of-the-art method (QuuxNet)":
    a method alone in brackets right after a method's kind word names the method the words describe,
    so it is the cue's first item, not a note on one."""
    i, j = ent.span.start, ent.span.end
    return (ent.type in METHODS and i >= 2 and j < len(toks) and toks[i - 1].text == "(" and toks[j].text == ")"
            and load_lexicon().phrases.type_words.get(toks[i - 2].lower_) == "Method")  # type_words.tsv


def _preceding(doc: Doc, ents: list[Ent], cue: Span) -> list[Ent]:
    """The subject list of a passive cue: "X, Y and Z are (consistently) outperformed by": the names
    joined by "," / "and" that end right before the auxiliary and its adverbs."""
    i = cue.start
    while i > 0 and (doc[i - 1].lower_ in _PASSIVE_AUX or doc[i - 1].lower_.endswith("ly")):
        i -= 1
    if i == cue.start or i == 0:
        return []  # no auxiliary: "methods outperformed by X" is a relative clause, its noun is a class
    found: list[Ent] = []
    for ent in reversed(starting_in(ents, max(0, i - 24), i)):
        glue = [t.lower_ for t in doc[ent.span.end:i]]
        if glue and (len(glue) > 2 or any(g not in (",", "and") for g in glue)):
            break
        found.append(ent)
        i = ent.span.start
    return found[::-1]


def _joined_as_well_as(toks: list, start: int, end: int) -> bool:  # type: ignore[type-arg]
    """Does "as well as" join the tokens between a list item and the next name?"""
    return any(toks[k].lower_ == "as" and toks[k + 1].lower_ == "well" and toks[k + 2].lower_ == "as"
               for k in range(start, end - 2))


def _opens_list(toks: list, start: int, end: int) -> bool:  # type: ignore[type-arg]
    """Does a list opener stand between two tokens ("techniques, such as X")? Then the names
    after it are the members of the class the cue compared with, a few words further on."""
    return any(t.lower_ in _LIST_OPENERS for t in toks[start:end])


def _appositive(toks: list, start: int) -> bool:  # type: ignore[type-arg]
    """Does the name at `start` open the list a class noun announces ("outperforms the previously
    leading weakly supervised methods, SLIP, MaskCLIP and DetailCLIP")? Then it is the cue's first
    target, however long the class phrase before it."""
    return start >= 2 and toks[start - 1].text in (",", ":") and toks[start - 2].lower_ in CLASS_PLURALS


def _class_members(toks: list, start: int) -> bool:  # type: ignore[type-arg]
    """Does the name at `start` open the examples of a class noun ("surpasses open-source models as
    well as closed-source commercial models including X, Y and Z", "methods such as X")? After a
    comparison cue they are its targets, however long the class phrase before them; after a use
    cue they are mostly background ("optimizers like Adam have become standard")."""
    j = start - 1 - (start >= 2 and toks[start - 1].text == ",")  # "models including X", "models, e.g., X"
    if j >= 1 and toks[j].lower_ == "as" and toks[j - 1].lower_ == "such":
        j -= 1  # "models such as X"
    if j < 1 or toks[j].lower_ not in _LIST_OPENERS:
        return False
    before = j - 1 - (toks[j - 1].text == ",")
    return before >= 0 and toks[before].lower_ in CLASS_PLURALS


def _next_start(starts: list[int], i: int, default: int) -> int:
    """The first of the sorted `starts` at or after token i (`default` when there is none)."""
    k = bisect_left(starts, i)
    return starts[k] if k < len(starts) else default


def _outside_brackets(doc: Doc, start: int, end: int) -> list[int]:
    """Indexes of the tokens in [start, end) that are not inside (or part of) round brackets,
    so that "X (73.0% and 7.5%) and Y" is a list of two names."""
    out, depth = [], 0
    toks = tokens(doc)
    for t in toks[start:end]:
        if t.text == "(" and not depth and (t.i + 1 < len(doc) and toks[t.i + 1].lower_ in _LIST_OPENERS
                                            or t.i > 0 and toks[t.i - 1].lower_ in CLASS_PLURALS
                                            and _holds_list(toks, t.i)):
            continue  # "baselines (e.g., X and Y)", "strong baselines (X, Y)": the list itself
        if t.text == "(":
            depth += 1
        elif t.text == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(t.i)
    return out


def _holds_list(toks: list, i: int) -> bool:  # type: ignore[type-arg]
    """Does the bracket opening at token i hold a list ("(X, Y)"), not one item or an acronym ("(LLMs)")?"""
    for t in toks[i + 1:i + 40]:
        if t.text in ("(", ")"):
            return False
        if t.text == "," or t.lower_ == "and":
            return True
    return False


def built_on(doc: Doc, ents: list[Ent], proposed: dict[str, str], excluded: set[str]) -> list[Fact]:
    """Methods used by the paper: after "based on", "using", "fine-tune", ... or before "backbone";
    in a method paper also the method its first sentence is about (`_opening_subject`).

    A use stated by a cue stands even when the paper also compares with the method (a model used
    to label data and beaten as a baseline is both); `excluded` (the baselines) only keeps the
    weak rule below from calling a baseline a base."""
    facts = []
    cues = list(doc.spans.get("kg_cues", []))
    compare_starts = sorted(c.start for c in cues if c.label_ in ("compared_with", "target") and c.id_ == "after")
    target_starts = [c.start for c in cues if c.label_ == "target"]
    data_paper = bool(proposed) and "Method" not in proposed.values()
    own = own_sentences(ents, proposed)
    for cue in cues:
        if cue.label_ == "improves":
            improved = (_owners(doc, ents, cue, own) if cue.id_ == "next"
                        else _following(doc, ents, cue, _BASELINE_END, 12))
            facts += [Fact("builds_on", e, sentence(doc, cue.start), e.confidence, "improves cue")
                      for e in improved if e.type == "Method" and e.name not in proposed]
        if cue.label_ != "builds_on":
            continue
        if cue.id_ == "after" and (_describes_baseline(doc, compare_starts, cue)
                                   or (data_paper and cue[0].lower_ in _WEAK_USES)
                                   or (_class_subject(doc, cue) and not own(sentence(doc, cue.start)))):
            continue
        if cue.id_ == "after":
            cut = _next_start(compare_starts, cue.end, len(doc))  # "Using X, we outperform a Quux": a baseline
            targets = [e for e in _following(doc, ents, cue, _COMPARE_STOP, window=8)[:5]
                       if not _prior_use(doc, e.span.start, cue.end) and e.span.start < cut]
        elif cue[-1].lower_.endswith(_CLASS_SUFFIXES) and not own(sentence(doc, cue.start)):
            continue  # "Transformer-based methods dominate": background, not this paper's base
        else:
            targets = [e for e in starting_in(ents, cue.start - 12, cue.start + 1)
                       if e.span.end == cue.start or e.span.start == cue.start]
            targets = [e for e in targets if not _prior_use(doc, e.span.start)
                       and not _describes_baseline(doc, compare_starts, e.span)]
        for ent in targets:
            if ent.type == "Method" and ent.name not in proposed:
                facts.append(Fact("builds_on", ent, sentence(doc, cue.start), ent.confidence,
                                  "use cue" if cue.id_ == "after" else "use cue before"))
    facts = [f for f in facts if not _variant_of_proposed(f.ent.name, proposed)]
    first_seen: dict[str, Ent] = {}  # each name's first mention
    for ent in ents:
        first_seen.setdefault(ent.name, ent)
    facts += _named_after(ents, first_seen, proposed)
    if data_paper or ("Method" not in proposed.values() and not _presents_method(doc, own)):
        return facts
    weak: list[tuple[Ent, str]] = []
    for ent in ents:  # weaker: a method named where a method paper describes its own work
        sent = sentence(doc, ent.span.start)
        release = _sized_release(ent)  # a sized model in a method paper is run by it, wherever it is named
        if (ent.type == "Method" and (ent.source in _KNOWN_SOURCES and not _named_term(ent) or release)
                and ent.name not in proposed and ent.name not in excluded and (release or own(sent))
                and not _variant_of_proposed(ent.name, proposed) and not _prior_use(doc, ent.span.start)
                and not _describes_baseline(doc, compare_starts, ent.span)
                and not _attacked(doc, target_starts, ent.span)
                and not _own_new_acronym(doc, first_seen[ent.name], ent, own)):
            weak.append((ent, "own sentence" if own(sent) else "sized release"))
    taken = {id(e) for e, _ in weak}
    for ent, _ in list(weak):  # "LLMs, including OPT, BLOOM, GLM and MT-NLG": the new names of the list too
        for mate in _list_mates(doc, ents, ent):
            if (id(mate) not in taken and mate.type == "Method" and mate.name not in proposed
                    and mate.name not in excluded and not _variant_of_proposed(mate.name, proposed)):
                taken.add(id(mate))
                weak.append((mate, "listed with a base"))
    facts += [Fact("builds_on", e, sentence(doc, e.span.start), e.confidence * 0.6, rule) for e, rule in weak]
    opening = _opening_subject(doc, ents)
    if (opening is not None and opening.name not in proposed and opening.name not in excluded
            and not _variant_of_proposed(opening.name, proposed)
            and not any(f.ent.name == opening.name for f in facts)):
        facts.append(Fact("builds_on", opening, sentence(doc, 0), opening.confidence * 0.5, "opening subject"))
    return facts


_OPENING_SKIP = frozenset({"the", "a", "an"})


def _opening_subject(doc: Doc, ents: list[Ent]) -> Ent | None:
    """"Speculative decoding (SD) is a popular way to ...", "Masked autoencoders have recently been
    introduced to ...": a method the abstract opens with, as the subject of its first sentence, is
    the line of work a method paper takes up."""
    if not len(doc):
        return None
    first = sentence(doc, 0)
    i = first.start
    while i < first.end and doc[i].lower_ in _OPENING_SKIP:
        i += 1
    ent = next(iter(starting_in(ents, i, i + 1)), None)
    if ent is None or ent.type != "Method" or ent.source == "title" or modified_stem(ent.span[-1].text):
        return None  # a title's words found again ("Robust Markov ..."), "Transformer-based methods have ..."
    after = ent.span.end
    if after < first.end and doc[after].text == "(":
        close = next((k for k in range(after + 1, min(first.end, after + 8)) if doc[k].text == ")"), None)
        if close is None:
            return None
        after = close + 1
    if after < first.end and doc[after].is_alpha and doc[after].is_lower and doc[after].lower_ not in ("and", "or"):
        return ent
    return None


def _own_new_acronym(doc: Doc, first: Ent, ent: Ent, own) -> bool:  # type: ignore[no-untyped-def]
    """An acronym the abstract defines, with a long form no gazetteer lists, first in a sentence
    about the paper's own work ("the importance of the zorb selection strategy (ZSS)", "FIRING-Net
    consists of a Local Module (LM)"): a part or notion of the new work, not a method it builds on.
    A listed long form ("a Gaussian process (GP) prior") still names a known method. `first` is the
    name's first mention."""
    if ent.source != "abbreviation" or ent.key is not None or letters(ent.name) in _listed_methods():
        return False  # "Low Rank Adapters (LoRA)": an unlisted long form of a listed acronym
    return own(sentence(doc, first.span.start))


_CONTRIBUTION_VERBS = frozenset(word_group("contribution_verb"))  # ontology/patterns/word_groups.tsv
_CONTRIBUTION_DETERMINERS = frozenset(word_group("contribution_determiner"))
_CONTRIBUTION_STOPS = frozenset(word_group("contribution_stop"))
_OUR_REACH = 3  # "our method", "our proposed method", "our new training approach"
_CONTRIBUTION_REACH = 12  # words after "we propose a" within which the method word comes


def _presents_method(doc: Doc, own) -> bool:  # type: ignore[no-untyped-def]
    """Does the abstract present a method of its own, named or not? "we develop an efficient
    sampling algorithm", "our approach ...": the methods named in its own sentences are then what
    the method is built with. An analysis paper ("we study how Transformers learn") presents none,
    and the methods it names are analysed, not used."""
    kinds = load_lexicon().phrases.type_words
    for i, tok in enumerate(tokens(doc)):
        word = tok.lower_
        if word == "our":
            if any(kinds.get(t.lower_) == "Method" for t in doc[i + 1:i + 1 + _OUR_REACH]):
                return True
        elif (word in _CONTRIBUTION_VERBS and i + 1 < len(doc) and doc[i + 1].lower_ in _CONTRIBUTION_DETERMINERS
              and own(sentence(doc, i))):
            for t in doc[i + 2:i + 2 + _CONTRIBUTION_REACH]:
                if t.lower_ in _CONTRIBUTION_STOPS or t.is_sent_start:
                    break
                if kinds.get(t.lower_) == "Method":
                    return True
    return False


def _attacked(doc: Doc, target_starts: list[int], span: Span) -> bool:
    """"robust attack transferability against black-box LLMs like GPT-4": a name after a "target"
    cue of its sentence is attacked or defended against, not used."""
    sent = sentence(doc, span.start)
    return any(sent.start <= t < span.start for t in target_starts)


def _named_term(ent: Ent) -> bool:
    """"regions, termed quux patches": lower-case words a naming word gave are a term of the
    paper's text (when they name no proposal), too weak to be a base by the sentence alone."""
    return ent.source == "named" and ent.span.text.islower()


_TITLE_USES = frozenset(word_group("title_use"))  # ontology/patterns/word_groups.tsv
_TITLE_OPENING_USES = frozenset(word_group("title_opening_use"))  # "Kalman Filter for ...": the opening run is used


def title_uses(ents: list[Ent], title: str | None, proposed: dict[str, str]) -> list[Fact]:
    """"Adversarial Imitation Learning via Boosting", "... with Monte Carlo Tree Search": a known method
    the title names after a use word ("via", "with", "using", "through", "Compressing") or in the run
    that opens it before "for" or "with" ("Kalman Filter for ...") is a base of the paper."""
    if not title:
        return []
    runs = [f" {' '.join(run)} " for _, run, _ in title_runs(title, _TITLE_USES) if run]
    runs += [f" {' '.join(run)} " for part in title.split(":") for run in _opening_for(part)]
    facts: list[Fact] = []
    seen: set[str] = set()
    for ent in ents if runs else []:
        if ent.type != "Method" or ent.name in proposed or ent.name in seen:
            continue
        text = f" {' '.join(title_words(ent.span.text.lower()))} "
        if (any(text in run for run in runs) and _known_technique(ent)
                and not _variant_of_proposed(ent.name, proposed)):
            seen.add(ent.name)
            facts.append(Fact("builds_on", ent, ent.sent, ent.confidence * 0.8, "title use"))
    return facts


def _opening_for(title: str) -> list[list[str]]:
    """"Kalman Filter for Online Classification", "Training Transformers with 4-bit Integers": the run of
    capitalised words that opens a title (or the part after its colon) and is followed by "for" or
    "with" names what the paper applies or changes ("Dual Focal Loss for Calibration")."""
    words = [w.lower() for w in title_words(title)]
    return [run for i, run, end in title_runs(title, frozenset(), opening=True)
            if i < 0 and run and end < len(words) and words[end] in _TITLE_OPENING_USES]


def _known_technique(ent: Ent) -> bool:
    """A listed method or technique, or an acronym the abstract defines in lower case ("knowledge
    distillation (KD)") or outside a proposing sentence: a long form in capitals defined where the
    paper proposes ("we propose Parameter Rank Reduction (PaRa)") is its own method."""
    if ent.source in ("gazetteer", "technique"):
        return True
    if ent.source != "abbreviation":
        return False
    doc = ent.span.doc
    proposing = {sentence(doc, c.start).start for c in doc.spans.get("kg_cues", []) if c.label_ == "proposes"}
    return any(short.text == ent.name and (long.text.islower() or sentence(doc, long.start).start not in proposing)
               for long, short in doc._.kg_abbreviations or [])


def _list_mates(doc: Doc, ents: list[Ent], ent: Ent) -> list[Ent]:
    """The names joined to `ent` by "," / "and" / ", and", before and after it ("OPT, BLOOM, GLM")."""
    i = next(k for k, e in enumerate(ents) if e is ent)  # ents are sorted by start (`entities`)
    mates: list[Ent] = []
    for step in (-1, 1):
        k = i
        while 0 <= k + step < len(ents):
            a, b = (ents[k + step], ents[k]) if step < 0 else (ents[k], ents[k + step])
            glue = [t.lower_ for t in doc[a.span.end:b.span.start]]
            if not glue or len(glue) > 2 or any(g not in (",", "and") for g in glue):
                break
            k += step
            mates.append(ents[k])
    return mates


def _sized_release(ent: Ent) -> bool:
    """A model named with its size: a parameter count ("QuuxLM-13B"), or a size tag after a listed
    name ("ViT-B/16", "T5-XXL", `ontology/patterns/size_tags.txt`). Papers name the release they
    ran; a tag after a new name ("RASP-L") is as often part of the name."""
    if _sized_model(ent.name):
        return True
    tags = load_lexicon().size_tags
    tag = tags.search(ent.name) if tags is not None else None
    return tag is not None and letters(ent.name[:tag.start()]) in _listed_methods()


@lru_cache(maxsize=1)
def _listed_methods() -> frozenset[str]:
    """The letters of every name and alias of the listed methods ("vit", "t5", "bert")."""
    return frozenset(letters(n) for e in load_gazetteer() if e.type == "Method" for n in (e.name, *e.aliases))


def _sized_model(name: str) -> bool:
    """Is the name written as a model with a parameter count ("QuuxLM-13B", "Blob 8x7B")?"""
    shapes = load_lexicon().method_shapes  # ontology/patterns/method_shapes.txt, read once
    return shapes is not None and shapes.search(name) is not None


def _named_after(ents: list[Ent], first: dict[str, Ent], proposed: dict[str, str]) -> list[Fact]:
    """"QuuxNet-GA" adapts QuuxNet, "MetaBLOB" BLOB, "RL-QFR" QFR, "zorbic gradient descent" the listed
    "gradient descent": a proposed method named after another method the abstract names builds on it
    (even when it is also compared with it). `first` maps each name to its first mention."""
    facts = []
    for ent in ents:
        if ent.type != "Method" or ent.name in proposed or first[ent.name] is not ent:
            continue
        base = core(ent.name)
        lower = not any(c.isupper() for c in base)
        if len(base) < 3 or proposed.get(base) or lower and not (ent.source == "gazetteer" and " " in base):
            continue  # "Soft QPRs" is the plural of the proposed "Soft QPR", not a method it builds on
        for name, type_ in proposed.items():
            if (type_ == "Method" and name != ent.name and name in first
                    and (_qualifies(name, base) if lower else _extends(name, base))):
                facts.append(Fact("builds_on", ent, first[name].sent, ent.confidence * 0.7, "named after"))
                break
    return facts


def _qualifies(name: str, base: str) -> bool:
    """Is `name` the listed lower-case method `base` (two or more words) with words put before it
    ("zorbic gradient descent", "Quux Conformal Prediction" after "gradient descent", "conformal
    prediction")? A lower-case base inside a name is its base only as its last words."""
    low = name.lower()
    return len(low) > len(base) and low.endswith(base.lower()) and low[-len(base) - 1] in " -"


def _extends(name: str, base: str) -> bool:
    """Is `name` formed from `base` plus more: a hyphen part, or a glued prefix or suffix?"""
    joined = name.replace(" ", "-")  # "2RA Q-learning" -> "2RA-Q-learning"
    if core(name) == base or joined.lower() == base.lower():
        return False  # "3S Testing" and "3S-Testing": one name spelled two ways
    if base in {core(part) for part in joined.replace("_", "-").split("-")}:
        return True
    if "-" in base and f"-{base}-" in f"-{joined}-":
        return True  # "ET-GP-UCB", "2RA Q-learning": a hyphenated base is a run of the name's parts
    if name.startswith(base) and len(name) > len(base) and not name[len(base)].islower():
        return True
    return name.endswith(base) and len(name) > len(base) and name[-len(base) - 1].islower()


def _describes_baseline(doc: Doc, compare_starts: list[int], cue: Span) -> bool:
    """"outperforms networks trained using X": the use belongs to the baseline, not to the paper."""
    lo = max(sentence(doc, cue.start).start, cue.start - _BASELINE_REACH)
    i = bisect_left(compare_starts, lo)
    return i < len(compare_starts) and compare_starts[i] < cue.start


def _variant_of_proposed(name: str, proposed: dict[str, str]) -> bool:
    """"QuuxNet-L", "Soft Quux Autoencoder", "QuuxNets": a variant of the paper's own
    artifact, which the paper cannot build on."""
    low = core(name).lower()
    for p in proposed:
        p_low = core(p).lower()
        if low != p_low and (low.startswith(p_low + "-") or low.startswith(p_low + " ") or core(low) == p_low):
            return True
        if name != p and same_name(name, p):
            return True
    return False


def _class_subject(doc: Doc, cue: Span) -> bool:
    """"methods based on X", "Most protein LMs are built on X", "those based on X": outside the
    paper's own sentences, the use belongs to a class of other work named right before the cue."""
    i = cue.start - 1
    while i > 0 and (doc[i].lower_ in _PASSIVE_AUX or doc[i].lower_.endswith("ly")):
        i -= 1
    if i < 0:
        return False
    word = doc[i].text
    return word.lower() in CLASS_PLURALS or word.lower() == "those" or plural_acronym(word)


def _prior_use(doc: Doc, start: int, cue_end: int | None = None) -> bool:
    """"unlike conventional X-based ...": the name belongs to prior work, not to this paper. Prior work
    that a use cue governs as a class listed by its members is used all the same: "we adapt two prior
    methods, X and Y" (a prior word after the cue with a comma before the name does not count), while
    "pipelines based on conventional X" still describes prior work."""
    for t in doc[max(0, start - 3):start]:
        if t.lower_ in _PRIOR_WORDS and not (cue_end is not None and t.i >= cue_end
                                             and any(x.text == "," for x in doc[t.i + 1:start])):
            return True
    return False
