"""The word lists of the name finder, read once from `ontology/patterns/`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kg.nlp import read_lines, read_table
from kg.nlp.phrases import PhraseLexicon


@dataclass(frozen=True)
class NameLexicon:
    """Stop lists and type words for name finding."""

    stop: frozenset[str]
    generic: frozenset[str]
    phrases: PhraseLexicon
    suffixes: tuple[tuple[str, str], ...]
    title_stop: frozenset[str]
    proposal_words: frozenset[str]
    method_heads: frozenset[str] = frozenset()
    data_context: frozenset[str] = frozenset()  # words that make "on X" / "in X" a dataset context
    method_shapes: re.Pattern[str] | None = None  # a new name of this shape is a model ("Quux-7B")
    not_metric_before: frozenset[str] = frozenset()  # "mixed" precision: a setting, not a metric
    name_extensions: re.Pattern[str] | None = None  # "70B", "V2" after a new name are part of it
    not_methods: frozenset[str] = frozenset()  # acronyms of fields, settings, equations: "Natural Language Processing (NLP)"
    version_extensions: re.Pattern[str] | None = None  # after a listed model, also "2.1" ("Stable Diffusion 2.1")
    size_tags: re.Pattern[str] | None = None  # "ViT-B/16", "T5-XXL": a listed model in a sized release


@lru_cache(maxsize=1)
def load_lexicon() -> NameLexicon:
    """Read every word list this component needs from `ontology/patterns/`."""
    stop = frozenset(read_lines("stop_names.txt"))
    generic = frozenset(s.lower() for s in read_lines("generic_terms.txt"))
    task_heads = frozenset(read_lines("task_heads.txt"))
    metric_heads = frozenset(read_lines("metric_heads.txt"))
    verbs = {form for base in read_lines("phrase_verbs.txt") for form in inflections(base)}
    phrases = PhraseLexicon(
        task_heads=task_heads,
        metric_heads=metric_heads,
        stop=frozenset(read_lines("phrase_stopwords.txt")) | (verbs - task_heads - metric_heads),
        generic=generic,
        type_words={row[0]: row[1] for row in read_table("type_words.tsv") if len(row) == 2},
        field_words=stop,
        metric_cues=frozenset(read_lines("metric_list_cues.txt")),
        weak_heads=frozenset(read_lines("weak_task_heads.txt")),
        metric_shapes=alternation(read_lines("metric_shapes.txt")),
        report_cues=tuple(read_lines("metric_report_cues.txt")),
        aspect_cues=tuple(tuple(line.split()) for line in read_lines("metric_aspect_cues.txt")),
    )
    suffixes = tuple((r[0], r[1]) for r in read_table("name_suffixes.tsv") if len(r) == 2)
    extensions = read_lines("name_extensions.txt")
    proposal_words = frozenset(r[2] for r in read_table("cues.tsv") if len(r) == 3 and r[0] == "proposes" and " " not in r[2])
    return NameLexicon(stop, generic, phrases, suffixes, frozenset(read_lines("title_stop_heads.txt")), proposal_words,
                       frozenset(read_lines("method_heads.txt")), frozenset(read_lines("data_context_words.txt")),
                       alternation(read_lines("method_shapes.txt")), frozenset(read_lines("not_metric_before.txt")),
                       alternation(extensions), frozenset(read_lines("non_method_acronyms.txt")),
                       alternation(extensions + read_lines("version_extensions.txt")),
                       alternation(read_lines("size_tags.txt")))


def alternation(patterns: list[str]) -> re.Pattern[str] | None:
    """One compiled pattern matching any of the lines of a shapes file (None when there are none)."""
    return re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None


def inflections(base: str) -> set[str]:
    """A verb and its -s and -ed forms ("include" -> "includes", "included").

    Regular English only. No -ing form: gerunds modify measures and tasks
    ("decoding latency", "training time"), so they stay phrase words.
    """
    plural = base + ("es" if base.endswith(("s", "sh", "ch", "x", "z", "o")) else "s")
    past = base + "d" if base.endswith("e") else (base[:-1] + "ied" if base.endswith("y") and base[-2:-1] not in "aeiou" else base + "ed")
    if base.endswith("y") and base[-2:-1] not in "aeiou":
        plural = base[:-1] + "ies"
    return {base, plural, past}
