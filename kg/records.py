"""PaperRecords to and from JSON lines, and the extraction cache of an export folder.

`kg build` keeps every paper's record in `<out>/.kg/records.jsonl.gz`, keyed by a
hash of the paper's content and of the extractor (code version plus rule and
gazetteer files). `kg build --update` re-extracts only papers whose key is new,
and `kg remove` drops records; the graph is then rebuilt from the records, so
it always equals a full rebuild of the same corpus.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import io
import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from kg.atomic import write_all_atomic
from kg.errors import KGError
from kg.model import Evidence, Mention, Paper, PaperRecord, Relation, Result
from kg.resources import ontology_path

CACHE_FILE = Path(".kg") / "records.jsonl.gz"


def record_to_json(rec: PaperRecord) -> dict:
    """The record as JSON-ready dicts (what `dataclasses.asdict` gives, at a fraction of its cost)."""
    return {"paper": _fields(rec.paper), "mentions": [_fields(m) for m in rec.mentions],
            "relations": [_with_evidence(r) for r in rec.relations],
            "results": [_with_evidence(r) for r in rec.results],
            "aliases": [list(a) for a in rec.aliases], "code_url": rec.code_url}


def _fields(obj: object) -> dict:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]


def _with_evidence(obj: Relation | Result) -> dict:
    d = _fields(obj)
    d["evidence"] = _fields(obj.evidence)
    return d


def record_from_json(d: dict) -> PaperRecord:
    p = d["paper"]
    paper = Paper(**{**p, "authors": tuple(p.get("authors") or ())})
    return PaperRecord(
        paper=paper,
        mentions=tuple(Mention(**m) for m in d.get("mentions", ())),
        relations=tuple(Relation(**{**r, "evidence": Evidence(**r["evidence"])}) for r in d.get("relations", ())),
        results=tuple(Result(**{**r, "evidence": Evidence(**r["evidence"])}) for r in d.get("results", ())),
        aliases=tuple(tuple(a) for a in d.get("aliases", ())),  # type: ignore[misc]
        code_url=d.get("code_url"),
    )


@lru_cache(maxsize=1)
def extractor_version() -> str:
    """Changes whenever kg's version or any rule/gazetteer data file changes."""
    import kg

    h = hashlib.sha1(kg.__version__.encode())
    for folder in ("patterns", "gazetteer"):
        root = ontology_path(folder)
        if root.is_dir():
            for f in sorted(root.iterdir(), key=lambda x: x.name):
                if f.is_file():
                    h.update(f.name.encode())
                    h.update(f.read_bytes())
    return h.hexdigest()[:16]


def paper_key(paper: Paper) -> str:
    """Content hash of a paper for the cache (its line number does not count)."""
    fields = dataclasses.asdict(paper)
    fields.pop("line", None)
    blob = json.dumps([extractor_version(), fields], sort_keys=True, ensure_ascii=False)
    return hashlib.sha1(blob.encode("utf-8")).hexdigest()


def load_cache(folder: str | Path) -> dict[str, tuple[str, PaperRecord]]:
    """paper id -> (content key, record) from an export folder; empty when there is none."""
    path = Path(folder) / CACHE_FILE
    if not path.is_file():
        return {}
    out: dict[str, tuple[str, PaperRecord]] = {}
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                d = json.loads(line)
                rec = record_from_json(d["record"])
                out[rec.paper.id] = (d["key"], rec)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KGError(f"{path}: unreadable record cache ({exc}); rebuild without --update") from None
    return out


def cache_member(rec: PaperRecord) -> bytes:
    """One record's cache line as a gzip member of its own.

    A gzip file may be a concatenation of members, so the cache of a build is its
    members joined in paper-id order: workers encode records as they extract them,
    and the records themselves need not be kept (or walked again) to write the cache.
    """
    line = json.dumps({"key": paper_key(rec.paper), "record": record_to_json(rec)}, ensure_ascii=False,
                      sort_keys=True) + "\n"
    return gzip.compress(line.encode("utf-8"), compresslevel=5, mtime=0)


@dataclasses.dataclass
class RecordCache:
    """The extraction records of a build, compressed, by paper id: what `--update` and `remove` reuse."""

    members: dict[str, bytes] = dataclasses.field(default_factory=dict)

    @classmethod
    def of(cls, records: Iterable[PaperRecord]) -> RecordCache:
        return cls({r.paper.id: cache_member(r) for r in records})

    def __len__(self) -> int:
        return len(self.members)

    def write(self, fh: BinaryIO) -> None:
        """The cache file: members in paper-id order (the same records give the same bytes)."""
        for pid in sorted(self.members):
            fh.write(self.members[pid])

    def records(self) -> list[PaperRecord]:
        """The records themselves, decoded (in paper-id order)."""
        return [record_from_json(json.loads(gzip.decompress(self.members[pid]))["record"])
                for pid in sorted(self.members)]
