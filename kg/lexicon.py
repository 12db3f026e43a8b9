"""Read kg's data files: the gazetteers (`ontology/gazetteer/*.tsv`) into typed
entries, and the pattern word lists (`ontology/patterns/`).

Both the spaCy gazetteer component (to match names) and resolution (to pick
canonical names, aliases and public identifiers) read the same files. No spaCy
here: resolution and everything above it import this module without loading it.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from collections.abc import Iterator
from functools import lru_cache

from kg.resources import ontology_path

#: file stem -> default entity type when the file has no `type` column.
GAZETTEER_FILES = {"datasets": "Dataset", "methods": "Method", "tasks": "Task", "metrics": "Metric"}

_ID_PREFIXES = {
    "wikidata:": "http://www.wikidata.org/entity/",
    "pwc:": "https://paperswithcode.com/",
}


@dataclass(frozen=True)
class GazetteerEntry:
    """One well-known entity: canonical name, aliases, type and public identifier."""

    name: str
    type: str
    aliases: tuple[str, ...] = ()
    id: str | None = None

    @property
    def iri(self) -> str | None:
        """The public identifier as an IRI (Wikidata, Papers with Code), if any."""
        if not self.id:
            return None
        for prefix, base in _ID_PREFIXES.items():
            if self.id.startswith(prefix):
                return base + self.id[len(prefix):]
        return self.id if self.id.startswith(("http://", "https://")) else None


@lru_cache(maxsize=1)
def load_gazetteer() -> tuple[GazetteerEntry, ...]:
    """All gazetteer entries, in file order; missing files are simply absent."""
    entries: list[GazetteerEntry] = []
    for stem, default_type in GAZETTEER_FILES.items():
        path = ontology_path("gazetteer", f"{stem}.tsv")
        if not path.is_file():
            continue
        with path.open(encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
                name = (row.get("name") or "").strip()
                if not name:
                    continue
                aliases = tuple(a.strip() for a in (row.get("aliases") or "").split("|") if a.strip())
                entries.append(GazetteerEntry(
                    name=name,
                    type=(row.get("type") or default_type).strip() or default_type,
                    aliases=aliases,
                    id=(row.get("id") or "").strip() or None,
                ))
    return tuple(entries)


def read_lines(*parts: str) -> list[str]:
    """Non-empty, non-comment lines of a pattern file (a missing file gives [])."""
    path = ontology_path("patterns", *parts)
    if not path.is_file():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def read_table(*parts: str) -> Iterator[list[str]]:
    """Rows of a tab-separated pattern file, comments skipped."""
    for line in read_lines(*parts):
        yield [cell.strip() for cell in line.split("\t")]


@lru_cache(maxsize=None)
def word_group(name: str) -> tuple[str, ...]:
    """The words of one group of `ontology/patterns/word_groups.tsv`, in file order."""
    return tuple(row[1] for row in read_table("word_groups.tsv") if len(row) >= 2 and row[0] == name)


@lru_cache(maxsize=None)
def word_map(name: str) -> dict[str, tuple[str, ...]]:
    """A group of `word_groups.tsv` whose rows are key, then "|"-separated words."""
    return {row[1]: tuple(row[2].split("|")) for row in read_table("word_groups.tsv")
            if len(row) >= 3 and row[0] == name}
