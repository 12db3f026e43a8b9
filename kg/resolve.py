"""Resolve mentions across papers into one canonical entity per real thing.

COCO = MS-COCO = MSCOCO (gazetteer aliases), SUN RGBD = SUN RGB-D (punctuation
and case folding), ViT = Vision Transformer (acronym definitions), while
ImageNet and ImageNet-1k stay distinct and are linked by `variant_of`.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache
from urllib.parse import quote

from kg.lexicon import GazetteerEntry, load_gazetteer, word_group
from kg.model import Entity, PaperRecord, Resolution
from kg.text import size_times_as_x

#: entity type -> resolution group (Benchmarks and Datasets share one namespace).
GROUP = {"Method": "method", "Dataset": "dataset", "Benchmark": "dataset", "Task": "task", "Metric": "metric"}
_VARIANT_SUFFIX = re.compile(r"^[-_ /](?:[a-z]?\d+(?:\.\d+)*[a-z]?|v\d+(?:\.\d+)*|[a-z]{1,2}(?:/\d+)?|large|base|small|tiny|xl|lite)$", re.I)
# After a space, only a version or a size word ("Quux Large"); "Embodied AI" is no variant of "embodied".
_SPACED_SUFFIX = re.compile(r"^ (?:[vV]\d+(?:\.\d+)?|large|base|small|tiny|XL|xl|lite|Large|Base|Small|Tiny|Lite)$")
# Glued to the base, only a number or a version marks a variant ("ResNet50", "GATv2"), or one capital
# after a lower-case letter ("AdamW"): "MCA", "GATE" and "VCC" are other acronyms, not MC, GAT or VC.
_GLUED_SUFFIX = re.compile(r"^(?:\d+[a-zA-Z]?|[vV]\d+(?:\.\d+)?)$")


@lru_cache(maxsize=1 << 18)
def norm(name: str) -> str:
    """The matching key of GUIDELINES.md: NFKD fold, lower-case, letters and digits only."""
    folded = unicodedata.normalize("NFKD", name).lower()
    return "".join(ch for ch in folded if ch.isalnum())


def entity_key(name: str) -> str:
    """The resolution key: `norm` of the singular, except that a trailing "+" names another entity.

    "GNNs" is the plural of GNN (an acronym's plural "s" after a capital, as the name finder
    reads it). "DANE+" is an extension of DANE, not a spelling of it ("MAE+", "SMOTE+"), so
    the plus sign is kept as "plus"; scoring still uses `norm`.
    """
    if _plural(name):
        name = name[:-1]
    name = size_times_as_x(name)  # "Mixtral-8×7B" from LaTeX's \times is Mixtral-8x7B
    return norm(name.replace("+", "plus")) if "+" in name else norm(name)


class _UnionFind:
    """Groups of (group, normalised name) nodes."""

    def __init__(self) -> None:
        self.parent: dict[tuple[str, str], tuple[str, str]] = {}

    def find(self, x: tuple[str, str]) -> tuple[str, str]:
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: tuple[str, str], b: tuple[str, str]) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def resolve(records: Iterable[PaperRecord], gazetteer: Iterable[GazetteerEntry] | None = None) -> Resolution:
    """Map every (paper, name, type) to a canonical entity key and build the entities."""
    records = list(records)
    gaz = {(GROUP[e.type], entity_key(e.name)): e for e in (load_gazetteer() if gazetteer is None else gazetteer)
           if e.type in GROUP and entity_key(e.name)}
    uf = _UnionFind()
    surfaces: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    types: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    shorts: set[tuple[str, str]] = set()
    definitions = list(_definitions(records))
    own = _ambiguous_shorts(definitions, gaz)
    names = list(_names(records))
    for pid, name, type_, key in names:
        node = own.get((pid, (GROUP[type_], entity_key(name))), (GROUP[type_], entity_key(name)))
        uf.find(node)
        surfaces[node][name] += 1
        types[node][type_] += 1
        if key and node == (GROUP[type_], entity_key(name)):
            uf.union(node, (GROUP[type_], entity_key(key)))
    for pid, group, long, short in definitions:
        long_node, short_node = (group, entity_key(long)), (group, entity_key(short))
        surfaces[long_node][long] += 1
        shorts.add(short_node)
        if (pid, short_node) not in own:
            uf.union(long_node, short_node)
    for node, entry in gaz.items():  # gazetteer aliases merge only groups that occur
        for alias in entry.aliases:
            anode = (node[0], entity_key(alias))
            if anode in uf.parent:
                uf.union(node, anode)
    _union_plurals(uf, surfaces)
    res = _build(names, own, uf, surfaces, types, shorts, gaz)
    _add_written_plurals(res, records)
    return res


def _union_plurals(uf: _UnionFind, surfaces: dict[tuple[str, str], Counter[str]]) -> None:
    """"GFlowNets" and "GFlowNet", "conditional normalizing flows" and "conditional normalizing flow":
    a name written in the plural in one abstract and in the singular in another is one entity.
    Only where the corpus writes both, so no name is changed that is only ever written one way
    ("k-means", "Conceptual Captions" keep their keys and IRIs)."""
    for node in list(uf.parent):
        for form in surfaces.get(node, ()):
            single = singular(form)
            if single:
                other = (node[0], entity_key(single))
                if other != node and other in uf.parent:
                    uf.union(node, other)


_NOT_PLURAL_END = ("ss", "us", "is", "ics", "ous", "series", "species")


def singular(form: str) -> str | None:
    """The singular of a name whose last word ends in a plain lower-case plural ("GFlowNets",
    "U-Nets", "Bayesian Networks", "policies", "approaches"), or None. Acronym plurals ("GNNs")
    are `_plural`'s."""
    if len(form) < 4 or not form.endswith("s") or not form[-2].islower() or form.endswith(_NOT_PLURAL_END):
        return None
    if form.endswith("ies"):
        return form[:-3] + "y"
    if form.endswith(("sses", "ches", "shes", "xes")):
        return form[:-2]
    return form[:-1]


def _add_written_plurals(res: Resolution, records: list[PaperRecord]) -> None:
    """"Transformers", "U-Nets": a name written in the plural in an abstract is an alias of its entity,
    so a search (or a gold list) that writes it so finds the entity."""
    extra: dict[str, set[str]] = defaultdict(set)
    for rec in records:
        for m in rec.mentions:
            written = rec.paper.abstract[m.start:m.end]
            if written.lower() in (m.name.lower() + "s", m.name.lower() + "es"):
                key = res.key_for(rec.paper.id, m.name, m.type)
                if key:
                    extra[key].add(written)
    for key, forms in extra.items():
        ent = res.entities[key]
        res.entities[key] = replace(ent, aliases=tuple(sorted((set(ent.aliases) | forms) - {ent.label})))


def _definitions(records: list[PaperRecord]) -> Iterable[tuple[str, str, str, str]]:
    """(paper id, group, long form, short form) of every acronym a paper defines for a typed name."""
    for rec in records:
        typed = {entity_key(m.name): GROUP[m.type] for m in rec.mentions if m.type in GROUP}
        for long, short in rec.aliases:
            if "\\" in long or "$" in long:
                continue  # a name as written in LaTeX ("\\textsc{QX}"), not a definition
            group = typed.get(entity_key(short)) or typed.get(entity_key(long))
            if group and entity_key(long) and entity_key(short):
                yield rec.paper.id, group, long, short


_SHORT_KEY = 3  # short forms this short mean too many things to lend one paper's meaning to others
_FUNCTION_WORDS = frozenset(word_group("function_word"))  # ontology/patterns/word_groups.tsv


def _words(long: str) -> frozenset[str]:
    """Content words of a long form, plain plurals folded: what a short form stands for."""
    words = unicodedata.normalize("NFKD", long).lower().replace("-", " ").split()
    words = ["".join(ch for ch in w if ch.isalnum()) for w in words]
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                     for w in words if w and w not in _FUNCTION_WORDS)


def _same_meaning(a: frozenset[str], b: frozenset[str]) -> bool:
    """"reinforcement learning from/with human feedback", "Graph Neural Networks" / "graph neural
    network": the same content words, or one word apart in names of three or more shared words.
    "continual" vs "contrastive learning", "self-supervised" vs "supervised learning": not."""
    return a == b or (len(a & b) >= 3 and len(a ^ b) <= 1)


def _ambiguous_shorts(definitions: list[tuple[str, str, str, str]],
                      gaz: dict[tuple[str, str], GazetteerEntry]) -> dict[tuple[str, tuple[str, str]], tuple[str, str]]:
    """Per-paper meanings of short forms that stand for different things in different papers.

    "CL" is continual learning in one abstract and contrastive learning in another; "SAM" is
    Segment Anything or Sharpness-Aware Minimization. Merging through such a short form would
    fuse distinct entities. The long forms of a short form are grouped by meaning
    (`_same_meaning`); the main meaning is the gazetteer's, else the one most papers use, and keeps
    the usual merge. A paper that defines the short form with another meaning resolves its uses
    of it to its own long form. So does the only paper that defines a short form of two or three
    characters the gazetteer does not list: "MC" (Multi-Comprehension in one abstract) is Monte
    Carlo, Markov chain or matrix completion in the others, which use it undefined.
    Returns (paper id, short node) -> long node for those papers.
    """
    meanings: dict[tuple[str, str], list[tuple[frozenset[str], set[str]]]] = defaultdict(list)  # (words, papers)

    def add(short_node: tuple[str, str], words: frozenset[str], paper: str) -> None:
        groups = meanings[short_node]
        for known, papers in groups:
            if _same_meaning(known, words):
                papers.add(paper)
                return
        groups.append((words, {paper}))

    listed = set()
    for node, entry in gaz.items():  # the listed meaning comes first and outweighs the corpus
        forms = (entry.name, *entry.aliases)
        spelled = max(forms, key=lambda f: len(f.split()))  # "area under the curve" for AUC
        for form in forms:
            if form != spelled:
                add((node[0], entity_key(form)), _words(spelled), "")
                listed.add((node[0], entity_key(form)))
    for pid, group, long, short in definitions:
        add((group, entity_key(short)), _words(long), pid)
    own = {}
    for pid, group, long, short in definitions:
        node = (group, entity_key(short))
        groups = meanings[node]
        main, papers = max(groups, key=lambda g: ("" in g[1], len(g[1])))
        lone = node not in listed and len(node[1]) <= _SHORT_KEY and len(papers) == 1
        if lone or not _same_meaning(main, _words(long)):
            own[(pid, node)] = (group, entity_key(long))
    return own


def _names(records: list[PaperRecord]) -> Iterable[tuple[str, str, str, str | None]]:
    for rec in records:
        for m in rec.mentions:
            if m.type in GROUP and entity_key(m.name):
                yield rec.paper.id, m.name, m.type, m.key
        for r in rec.relations:
            if r.target_type in GROUP and entity_key(r.target):
                yield rec.paper.id, r.target, r.target_type, r.key


def _build(names, own, uf, surfaces, types, shorts, gaz) -> Resolution:  # type: ignore[no-untyped-def]
    members: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for node in sorted(uf.parent):
        members[uf.find(node)].append(node)
    res = Resolution()
    root_key: dict[tuple[str, str], str] = {}
    taken: dict[str, set[str]] = defaultdict(set)  # per group, short forms that are nodes of their own somewhere
    for group, key in shorts:
        if (group, key) in uf.parent:
            taken[group].add(key)
    for root, nodes in sorted(members.items()):
        entry = next((gaz[n] for n in nodes if n in gaz), None)
        forms: Counter[str] = Counter()
        kinds: Counter[str] = Counter()
        for n in nodes:
            forms.update(surfaces.get(n, {}))
            kinds.update(types.get(n, {}))
        if not forms and entry is None:
            continue
        label = entry.name if entry else _pick_label(forms, [n for n in nodes if n in shorts], taken[root[0]])
        kind = _pick_kind(kinds, entry)
        key = f"{root[0]}/{slug(label)}"
        if key in res.entities:  # a label shared with another entity: key by this group's own name
            key = f"{root[0]}/{slug(root[1])}"
        while key in res.entities:
            key += "_"
        aliases = set(forms) | set(entry.aliases if entry else ())
        aliases.discard(label)
        same_as = (entry.iri,) if entry and entry.iri else ()
        res.entities[key] = Entity(key, kind, label, tuple(sorted(aliases)), None, same_as)
        root_key[root] = key
    for pid, name, type_, _key in names:
        node = (GROUP[type_], entity_key(name))
        root = uf.find(own.get((pid, node), node))
        if root in root_key:
            res.keys[(pid, name, type_)] = root_key[root]
    _link_variants(res)
    return res


def _pick_label(forms: Counter[str], short_nodes: list[tuple[str, str]], taken: set[str]) -> str:
    """The acronym when one was defined, else the most frequent surface form, singular before plural.

    A short form that is another entity's node (`taken`: a paper's own meaning of an ambiguous
    one, the bare short form of other papers) is the last choice: the label gives the entity's key.
    """
    own = {n[1] for n in short_nodes}
    keys = {entity_key(f) for f in forms}
    plural = {f for f in forms if _plural(f) or ((one := singular(f)) is not None and entity_key(one) in keys)}
    ranked = sorted(forms.items(), key=lambda kv: (entity_key(kv[0]) in taken and entity_key(kv[0]) not in own,
                                                   entity_key(kv[0]) not in own, kv[0] in plural, -kv[1], kv[0]))
    return ranked[0][0]


def _plural(form: str) -> bool:
    """"GNNs": an acronym in the plural, a worse label than "GNN"."""
    return len(form) > 2 and form.endswith("s") and form[-2].isupper()


def _pick_kind(kinds: Counter[str], entry: GazetteerEntry | None) -> str:
    if entry is not None:
        return entry.type
    if not kinds:
        return "Method"
    top = max(kinds.values())
    tied = sorted(k for k, v in kinds.items() if v == top)
    return "Benchmark" if "Benchmark" in tied else tied[0]


def slug(label: str) -> str:
    """IRI-safe, stable key part: the normalised name, percent-encoded if not ASCII."""
    base = entity_key(label) or label.strip().lower()
    return quote(base, safe="")


def _link_variants(res: Resolution) -> None:
    """ImageNet-1k -> ImageNet, ResNet-50 -> ResNet: a known base name plus a short suffix."""
    by_label: dict[tuple[str, str], str] = {}
    for key, ent in res.entities.items():
        by_label[(key.split("/")[0], ent.label.lower())] = key
    for key, ent in sorted(res.entities.items()):
        group = key.split("/")[0]
        if group not in ("method", "dataset"):
            continue
        label = ent.label.lower()
        if len(label) != len(ent.label):
            continue  # lower-casing changed the length ("İ"): cuts would not line up
        for cut in range(len(label) - 1, 1, -1):
            base = by_label.get((group, label[:cut]))
            if base and base != key and _variant_suffix(res.entities[base].label, ent.label[:cut], ent.label[cut:]):
                res.entities[key] = Entity(ent.key, ent.type, ent.label, ent.aliases, base, ent.same_as)
                break


def _variant_suffix(base_label: str, base: str, suffix: str) -> bool:
    """Whether `base` + `suffix` names a version of the entity labelled `base_label`
    (ImageNet-1k, ResNet50, ViT-B, AdamW, Quux 2).

    CIFAR-100 is not a variant of CIFAR-10 (a digit continued by a digit), nor MCA of MC, nor
    "AcT" of "AC" (a glued suffix needs the base written the same way, and at least three
    characters of it: TD3 is no version of TD), nor "Embodied AI" of "embodied" (after a space,
    only numbers, versions and sizes).
    """
    if base[-1].isdigit() and suffix[0].isalnum():
        return False
    if suffix[0] in "-_/" or (suffix[0] == " " and not suffix[1:2].isalpha()):
        return bool(_VARIANT_SUFFIX.match(suffix))
    if suffix[0] == " ":
        return bool(_SPACED_SUFFIX.match(suffix))
    if base != base_label or (len(base) < 3 and suffix[0].isdigit()):
        return False  # glued to two letters, a number makes another acronym: "LS4", "TD3", "SA3D"
    if _GLUED_SUFFIX.match(suffix):
        return True
    return len(suffix) == 1 and suffix.isupper() and base[-1].islower()
