"""Token shapes of coined names: "ZorbGS", "DeQuux", "Uni3D", "XY-Former", "PASCAL VOC".

Pure functions over strings and tokens, kept apart from the component so the
shape rules can be tested (and read) on their own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Token

from kg.nlp import word_group
from kg.text import size_times_as_x

# A number with a unit glued on is a quantity, not a name: 3D, 8B, 96k, 54ms.
_QUANTITY = re.compile(r"\d+(?:[.,]\d+)?(?:[kKmMbBtTxXdD]|ms|st|nd|rd|th|GB|MB|TB|h|s|px|K)?")
# The size of a release after a coined name: "BERT-base", "RoBERTa-large" are models.
_SIZE_WORDS = frozenset(word_group("size_word"))  # ontology/patterns/word_groups.tsv
_SIZE_BOUNDS = frozenset(word_group("size_bound"))  # "sub-2B models": a size class, not a name
_RELATION_PREFIXES = frozenset(word_group("relation_prefix"))  # "non-IID", "intra-MCR": relative to a name
_DIRECTION_JOINERS = frozenset(word_group("direction_joiner"))  # "2D-to-3D": a direction, not a name
_DIMENSION = re.compile(r"\d[dD]")  # "3D", "4d": a dimension, the only non-lower-case part of a direction
LOWER_SUFFIXES = ("based", "style", "like", "free", "aware", "level", "wise", "specific", "shot")


def letters(text: str) -> str:
    """Lower-case letters and digits only: "Pre-training" and "pretraining" compare equal."""
    return "".join(c for c in text.lower() if c.isalnum())


def plural_acronym(text: str) -> bool:
    """"PEs", "GNNs", "LMs": an acronym written in the plural names a class, not one system."""
    return len(text) > 2 and text[-1] == "s" and text[:-1].isupper()


def core(text: str) -> str:
    """The name without a plural "s": "GNNs" -> "GNN", "QVMs" -> "QVM"."""
    if len(text) > 2 and text.endswith("s") and text[-2].isupper():
        return text[:-1]
    return text


@lru_cache(maxsize=1 << 16)
def is_title_word(text: str) -> bool:
    """"Gaussian", "Multi-View", "Chain-of-Thought": capitalised, no inner capitals."""
    parts = [p for p in text.split("-") if p]
    if not parts or not parts[0][:1].isupper() or not all(p.isalpha() for p in parts):
        return False
    return all(p[1:].islower() or (len(p) == 1) or p.islower() for p in parts) and len(text) > 1


@lru_cache(maxsize=1 << 16)
def is_coined(text: str, stop: frozenset[str]) -> bool:
    """A written shape only a name has: inner capitals, letters with digits, or an acronym."""
    bare = text.rstrip("+")
    name = core(bare if len(text) - len(bare) <= 2 else text)  # "QANE+", "C++": a plus version of a name
    if text in stop or name in stop or len(name) < 2 or not any(c.isalpha() for c in name):
        return False
    if name[-3:-2] in ("'", "’") and name[-2:].isdigit() and name[:-3] in stop:
        return False  # "AAAI'19": a venue and its year
    if any(c in size_times_as_x(name) for c in "()[]{}=<>+*^|\\$≤≥≠≈×∈⊤"):
        return False  # maths, not a name: "O(N", "x^2", "UV⊤"; but "Mix-8×7B" is a size
    if name[-1] in "-/" or name[0] in "-/":
        return False  # "LiDAR- and camera-based", "-fold": a piece of a compound
    if name[0] in "~≈" and _QUANTITY.fullmatch(name[1:]):
        return False  # "~400B": an approximate quantity
    if name[0].isdigit() and "-" in name and all(_QUANTITY.fullmatch(p) for p in name.split("-")):
        return False  # "770M-11B", "7B-70B": a size range
    head, _, rest = name.partition("-")
    if head.lower() in _SIZE_BOUNDS and _QUANTITY.fullmatch(rest):
        return False  # "sub-2B", "over-100B": a class of model sizes
    if head in _RELATION_PREFIXES and rest:
        return False  # "non-DP baselines", "intra-MCR": a description relative to the name after it
    if _QUANTITY.fullmatch(name) or "http" in name or "@" in name or "." in name.rstrip("."):
        return name[:1].isalpha() and bool(re.search(r"\d\.\d", name))  # Llama3.1
    parts = name.split("-")
    if _is_direction(parts):
        return False  # "2D-to-3D", "text-to-4D": a direction of conversion between kinds of data
    last = parts[-1]
    if len(parts) > 1 and (last.islower() and last.isalpha() or last in LOWER_SUFFIXES):
        return last in _SIZE_WORDS and is_coined("-".join(parts[:-1]), stop)  # KD-based, KL-divergence; BERT-base
    if len(parts) > 1 and all(is_title_word(p) or p.islower() for p in parts if p):
        return False  # Shape-Aware, Chain-of-Thought: Title words, not coined
    if any(p in stop for p in parts) and all(p in stop or p.islower() for p in parts):
        return False
    letters = [c for c in name if c.isalpha()]
    uppers = sum(c.isupper() for c in letters)
    if any(c.isdigit() for c in name):
        return uppers >= 1 or bool(re.fullmatch(r"[a-z]+\d+[a-z]+", name))  # word2vec, not beta-3
    if name[0].islower() and uppers == 1 and name[-1].isupper():
        return False  # "logN", "topK": a variable
    return uppers >= 2 or (name[0].islower() and uppers >= 1)


def _is_direction(parts: list[str]) -> bool:
    """"2D-to-3D", "single-image-to-3D" (the hyphen-separated parts): a joiner inside and every part a
    lower-case word or a dimension, so the whole names a conversion between kinds of data ("a 2D-to-3D
    distillation strategy"), not a system; "ANN-to-SNN" and "Zorb-to-3D" keep a part with capitals, and
    stay names."""
    return (any(p in _DIRECTION_JOINERS for p in parts[1:-1])
            and all(p.isalpha() and p.islower() or _DIMENSION.fullmatch(p) for p in parts))


def is_all_caps(text: str) -> bool:
    """"PASCAL", "VOC", "SUN": capital letters only (two or more)."""
    return len(text) >= 2 and text.isalpha() and text.isupper()


def is_name_token(token: Token, stop: frozenset[str]) -> bool:
    """A token that may start or continue a multiword Title-Case name."""
    text = token.text
    if text in stop or token.like_url:
        return False
    return is_title_word(text) or is_coined(text, stop)


_SIBLING = re.compile(r"([A-Za-z]{0,3})(\d+)")


def sibling_suffix(left: Token, right: Token) -> bool:
    """"CIFAR-10" / "100", "ETTh1" / "h2": the right token replaces the left name's numbered end."""
    return left.text[-1:].isdigit() and _SIBLING.fullmatch(right.text) is not None


def sibling_name(left: str, right: str) -> str | None:
    """The name "CIFAR-10/100" abbreviates after the slash: "CIFAR-100"; "ETTh1/h2" -> "ETTh2"."""
    m = _SIBLING.fullmatch(right)
    tail = re.search(r"[A-Za-z]{%d}\d+$" % len(m.group(1)), left) if m else None
    return left[:tail.start()] + right if tail and tail.start() > 0 else None
