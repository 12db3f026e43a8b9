"""The spaCy pipeline of kg: a blank English tokenizer plus rule components.

No trained model is needed: every component works on token shapes, phrase
lists and cue lexicons stored as data files under `ontology/patterns/` and
`ontology/gazetteer/`. `build_nlp` returns the pipeline the rest of kg runs;
importing this package registers the `kg_*` factories (they are also
published as `spacy_factories` entry points).
"""

from __future__ import annotations

import re

import spacy
from spacy.language import Language
from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

from kg.errors import ModelNotFound
from kg.lexicon import read_lines, read_table, word_group, word_map  # noqa: F401 - re-exported

#: Our components, in pipeline order.
PIPES: tuple[str, ...] = (
    "kg_sentencizer",
    "kg_abbreviations",
    "kg_gazetteer",
    "kg_cues",
    "kg_names",
    "kg_results",
)

# A plain hyphen between letters no longer splits a token: coined names such
# as "XY-Former" or "MS-COCO" and compounds like "multi-robot" stay whole.
_PLAIN_HYPHEN = re.compile(r"\(\?:-\|")
_BLANK_MAX_LENGTH = 5_000_000
_UNIT_SUFFIX = "(?<=[0-9])(?:km|"


# A sentence's full stop after a name ending in a capital ("than ViT.", "on Quux-7B."): spaCy
# splits it after lower-case letters and digits only ("U.S." and initials keep theirs).
_CAPITAL_STOP = r"(?<=[0-9a-z][A-Z])\."


# A suspended hyphen: "compare RNN-, Transformer-, and S4-based models" names RNN and Transformer; the
# hyphen that waits for "-based" is cut off so the name before it is a token of its own. Only after a
# name's shape (a capital or digit at its end, or a capital and lower-case letters): a lower-case word broken at a
# line end ("compres- sion", "in- context") stays whole. Fixed-width look-behinds, one per length.
_SUSPENDED_HYPHEN = "(?:" + "|".join([r"(?<=[A-Z0-9])-$"] + [rf"(?<=[A-Z][a-z]{{{n}}})-$" for n in range(1, 15)]) + ")"


# A sentence glued to the next after a name ending in a capital or a digit: "layers in ViT.In this paper",
# "simulated by GPT-4.We" (spaCy splits "computation.As" only after a lower-case letter).
_GLUED_STOP = r"\.(?=[A-Z][a-z]+\b)(?:(?<=[A-Za-z][A-Z]\.)|(?<=\d\.))"  # the literal first: cheap where there is no "."

# A question or an exclamation glued to the next sentence after a lower-case word: "more sophisticated
# techniques?In this work" (spaCy splits only a glued "."). The word before it is lower-case throughout, so a
# name such as "Yahoo!Answers" stays whole; fixed-width look-behinds, one per length.
_GLUED_QUESTION = r"[?!](?=[A-Z][a-z]+\b)(?:" + "|".join(rf"(?<=^[a-z]{{{n}}}[?!])" for n in range(1, 25)) + ")"


# An em dash (or LaTeX's "---") always separates, and so does a bracket closed right before it: "(SPA)—yields" is
# "(", "SPA", ")", "—", "yields" (spaCy splits a dash between letters only), and so does LaTeX's "---" after
# a bracket ("(ReGAL)---a"). A bracket closed
# before "-based" too: "graph neural network (GNN)-based models" defines GNN.
_LATEX_EM_DASH = "---"  # LaTeX's em dash, glued to the word after it too: "setting ---for image classification---"
_EM_DASH = r"\)(?=—|-[a-z]|---)|—|" + _LATEX_EM_DASH


# "CIFAR-10/100", "Quux10/20": a slash between a name's trailing number and another number lists
# two names (the second is completed by the name finder); fixed-width look-behinds, one per length.
# A plain fraction ("1/2") has no letter before its digits and stays whole.
_SIBLING_SLASHES = ["/(?=[0-9])(?:" + "|".join(rf"(?<=[A-Za-z]{hyphen}[0-9]{{{n}}}/)" for hyphen in ("", "-")
                                                 for n in range(1, 5)) + ")"]


# Brackets and quotes glued to a word: "Graph Neural Network(QuuxGNN)" defines QuuxGNN (an opening bracket
# after a lower-case letter, before a capital and a closing bracket; the short form may be quoted,
# 'Quux Restriction("QR")', and the quote is split off too), and '"QuuxData".Our analysis' ends a
# quoted name (a closing quote before a glued sentence stop). A name glued before its long form splits
# too: "QuLLoC(Quux Learning for ...)" (two letters, then a capitalised word ending the chunk).
_GLUED_SHORT = r"[A-Z][A-Za-z0-9+-]{1,15}\"?(?:\)|$)"
_GLUED_BRACKET = (rf"(?<=[a-z])\((?=\"?{_GLUED_SHORT})|(?<=[a-z]\()\"(?={_GLUED_SHORT})"
                  r"|(?<=[A-Za-z]{2})\((?=[A-Z][a-z]{2,}$)")
_GLUED_QUOTE = r"(?<=[A-Za-z0-9])[\"”](?=\.[A-Z])"


def keep_name_tokens(nlp: Language) -> None:
    """Keep coined names whole: no split at letter-hyphen-letter or before a unit.

    "XY-Former" stays one token (dashes still split), and so does "Geometry3K"
    (spaCy would cut the "K" off as a unit, as in "20km").
    """
    infixes = [_PLAIN_HYPHEN.sub("(?:", rule) for rule in nlp.Defaults.infixes]
    infixes.append(_GLUED_STOP)
    infixes.append(_GLUED_QUESTION)
    infixes.append(_EM_DASH)
    infixes += [_GLUED_BRACKET, _GLUED_QUOTE]
    infixes += _SIBLING_SLASHES
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    suffixes = [rule for rule in nlp.Defaults.suffixes if not rule.startswith(_UNIT_SUFFIX)]
    suffixes.append(_CAPITAL_STOP)
    suffixes.append(_SUSPENDED_HYPHEN)
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search
    nlp.tokenizer.prefix_search = compile_prefix_regex([*nlp.Defaults.prefixes, _LATEX_EM_DASH]).search
    nlp.tokenizer.rules = {text: rule for text, rule in nlp.tokenizer.rules.items() if not _is_bracket_emoticon(text)}


def _is_bracket_emoticon(text: str) -> bool:
    """"):", ":)", "(;": spaCy keeps these emoticons whole, but in an abstract "Quux Blob (QB): a
    novel optimizer" the bracket closes a short form and the colon opens a description."""
    return any(c in "()[]" for c in text) and all(c in "()[]:;=-" for c in text)


def build_nlp(model: str | None = None) -> Language:
    """A blank English pipeline (or the installed `model`) plus kg's components."""
    if model in (None, "", "blank", "en"):
        nlp = spacy.blank("en")
        nlp.max_length = _BLANK_MAX_LENGTH  # no parser or NER: long inputs cost linear time only
    else:
        try:
            nlp = spacy.load(model)
        except OSError:
            raise ModelNotFound(
                f"spaCy pipeline {model!r} is not installed; install it with "
                f"`python -m spacy download {model}` (or `pip install {model}`), "
                "or run without a model"
            ) from None
    keep_name_tokens(nlp)
    for name in PIPES:
        if name == "kg_sentencizer" and nlp.has_pipe("parser"):
            continue  # a trained parser already sets sentence boundaries
        nlp.add_pipe(name)
    # The components tokenized thousands of gazetteer and cue patterns while loading, and those
    # chunks now fill the tokenizer's cache; measured here, abstracts then tokenize up to twice as
    # slowly. Setting the rules again empties the cache (and changes no rule).
    nlp.tokenizer.rules = nlp.tokenizer.rules
    return nlp


# Importing the component modules registers their factories.
from kg.nlp import abbreviations, cues, gazetteer, names, results, sentences  # noqa: E402,F401
