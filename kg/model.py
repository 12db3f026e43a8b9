"""Plain records that flow between stages. No spaCy, rdflib or networkx types here.

Stages are coupled only through these dataclasses, so that a test (or a user)
can build any of them by hand and feed it to the next stage.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Entity classes of the ontology contract (Benchmark is a kind of Dataset).
ENTITY_TYPES: tuple[str, ...] = ("Method", "Dataset", "Benchmark", "Task", "Metric")

#: Paper-level relations (Python names; `kg.vocab` maps them to RDF properties).
PAPER_RELATIONS: tuple[str, ...] = (
    "proposes",
    "evaluated_on",
    "compared_with",
    "builds_on",
    "addresses",
    "uses_metric",
    "mentions",
)

#: Relations that are also stated method-level for a paper's proposed methods.
METHOD_RELATIONS: tuple[str, ...] = ("compared_with", "evaluated_on", "builds_on")


@dataclass(frozen=True, slots=True)
class Paper:
    """One abstract as read from a corpus; `abstract` is the original text."""

    id: str
    abstract: str
    source: str
    title: str | None = None
    authors: tuple[str, ...] = ()
    year: int | None = None
    venue: str | None = None
    url: str | None = None
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Mention:
    """A named entity found in an abstract.

    `start`/`end` are character offsets into the paper's original abstract;
    `name` is the cleaned surface form used for resolution.
    """

    name: str
    type: str
    start: int
    end: int
    source: str = "rule"
    key: str | None = None  # canonical gazetteer key when matched against one
    confidence: float = 0.5


@dataclass(frozen=True, slots=True)
class Evidence:
    """A sentence that supports a fact, with offsets into the original abstract."""

    sentence: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Relation:
    """A paper-level fact: this paper `relation` the entity named `target`."""

    relation: str
    target: str
    target_type: str
    evidence: Evidence
    confidence: float
    key: str | None = None  # gazetteer key of the target when known
    rule: str | None = None  # how it was found: "<rule>; <name source>", e.g. "compared with cue; gazetteer"


@dataclass(frozen=True, slots=True)
class Result:
    """A reported number: value as written plus its normalised form."""

    value_text: str
    value: float | None
    unit: str | None
    evidence: Evidence
    confidence: float
    method: str | None = None
    metric: str | None = None
    dataset: str | None = None
    baseline: str | None = None
    task: str | None = None  # the task the value is reported on ("zero-shot classification (+9.36%)")
    min_value: float | None = None  # a range's lower end ("2-21%": value 21, min_value 2)
    from_value: float | None = None  # a change's value before ("from 55.6% to 81.6%": value 81.6, from_value 55.6)


@dataclass(frozen=True, slots=True)
class PaperRecord:
    """Everything extraction found in one paper."""

    paper: Paper
    mentions: tuple[Mention, ...] = ()
    relations: tuple[Relation, ...] = ()
    results: tuple[Result, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()  # (long form, short form)
    code_url: str | None = None


@dataclass(frozen=True, slots=True)
class Entity:
    """A canonical entity after resolution across papers."""

    key: str
    type: str
    label: str
    aliases: tuple[str, ...] = ()
    variant_of: str | None = None
    same_as: tuple[str, ...] = ()


@dataclass
class Resolution:
    """Output of resolution: canonical entities and how names map onto them."""

    entities: dict[str, Entity] = field(default_factory=dict)
    # (paper id, surface name, type) -> entity key
    keys: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def key_for(self, paper_id: str, name: str, type_: str) -> str | None:
        """The entity key a name in a paper resolved to, or None."""
        return self.keys.get((paper_id, name, type_))
