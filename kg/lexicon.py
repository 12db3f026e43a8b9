"""Read the gazetteer data files (`ontology/gazetteer/*.tsv`) into typed entries.

Both the spaCy gazetteer component (to match names) and resolution (to pick
canonical names, aliases and public identifiers) read the same files.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
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
