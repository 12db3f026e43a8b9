"""Read corpora (plain text, JSONL/JSON, CSV/TSV, BibTeX, arXiv metadata) into Papers.

Every bad record is reported with its file and line. By default a bad record
stops the build with one clear error; with `skip_bad` it is skipped and
counted in the `ReadReport`, so no paper is ever dropped silently.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import CorpusError, CorpusFormatError
from kg.model import Paper

log = logging.getLogger(__name__)

SUFFIXES = (".txt", ".jsonl", ".ndjson", ".json", ".csv", ".tsv", ".bib")
_HEADER_MAX = 200
_SENTENCE_END = re.compile(r"[.!?][\"')\]]?\s*$")


@dataclass
class ReadReport:
    """What reading saw: files, papers read, and every skipped record with why."""

    files: list[str] = field(default_factory=list)
    read: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (location, reason)


@dataclass(frozen=True)
class _Raw:
    """A record before validation: its fields and where it came from."""

    fields: dict[str, object]
    line: int | None
    error: str | None = None  # a record that could not even be parsed


def corpus_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand files and folders (recursively) into the corpus files to read."""
    files: list[Path] = []
    for p in map(Path, paths):
        if not p.exists():
            raise CorpusError(f"{p}: no such file or folder")
        if p.is_dir():
            found = sorted(
                f for f in p.rglob("*")
                if f.is_file() and f.suffix.lower() in SUFFIXES
                and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            if not found:
                raise CorpusError(f"{p}: no corpus files ({', '.join(SUFFIXES)}) in this folder")
            files.extend(found)
        else:
            files.append(p)
    return files


def read_corpus(
    paths: Iterable[str | Path],
    *,
    skip_bad: bool = False,
    encoding: str | None = None,
    dedupe: bool = False,
    report: ReadReport | None = None,
) -> Iterator[Paper]:
    """Yield every paper of the given files and folders, in file order."""
    report = report if report is not None else ReadReport()
    seen: dict[str, str] = {}
    for path in corpus_files(paths):
        report.files.append(str(path))
        for paper in _read_file(path, skip_bad=skip_bad, encoding=encoding, report=report):
            where = f"{path}:{paper.line}" if paper.line else str(path)
            if paper.id in seen:
                msg = f"duplicate paper id {paper.id!r} (first seen at {seen[paper.id]})"
                if not dedupe:
                    raise CorpusFormatError(str(path), paper.line, msg + "; use --dedupe to keep the first")
                report.skipped.append((where, msg))
                continue
            seen[paper.id] = where
            report.read += 1
            yield paper


def _read_file(path: Path, *, skip_bad: bool, encoding: str | None, report: ReadReport) -> Iterator[Paper]:
    text = decode(path, encoding)
    suffix = path.suffix.lower()
    if not text.strip():
        raise CorpusError(f"{path}: empty file")
    if suffix == ".txt":
        yield from _read_text(path, text)
        return
    raws = _RAW_READERS.get(suffix)
    if raws is None:
        raise CorpusError(f"{path}: unknown corpus format (expected one of {', '.join(SUFFIXES)})")
    for n, raw in enumerate(raws(path, text), start=1):
        try:
            yield _to_paper(path, raw, n)
        except CorpusFormatError as exc:
            if not skip_bad:
                raise
            log.warning("skipped %s", exc)
            report.skipped.append((f"{exc.path}:{exc.line}", exc.reason))


def decode(path: Path, encoding: str | None = None) -> str:
    """Decode a file: an explicit encoding, else a BOM, else strict UTF-8."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read ({exc.strerror})") from None
    if encoding:
        try:
            return data.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise CorpusError(f"{path}: cannot decode as {encoding} ({exc})") from None
    for bom, enc in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"),
                     (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"),
                     (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return data.decode(enc, errors="strict")
    if b"\x00" in data[:8192]:
        raise CorpusError(f"{path}: looks like a binary file, not a text corpus")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CorpusError(
            f"{path}:{line}: not UTF-8 text (byte 0x{data[exc.start]:02x}); pass --encoding, e.g. --encoding latin-1"
        ) from None


# --- plain text -------------------------------------------------------------------

def _read_text(path: Path, text: str) -> Iterator[Paper]:
    """One abstract a paragraph; an optional short header paragraph is skipped."""
    paragraphs = list(_paragraphs(text))
    if paragraphs and _is_header(paragraphs[0][1]):
        paragraphs = paragraphs[1:]
    for n, (line, para) in enumerate(paragraphs, start=1):
        yield Paper(id=f"{path.stem}:{n}", abstract=para, source=path.name, line=line)


def _paragraphs(text: str) -> Iterator[tuple[int, str]]:
    start_line, lines = 0, []
    for i, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not lines:
                start_line = i
            lines.append(line.strip())
        elif lines:
            yield start_line, " ".join(lines)
            lines = []
    if lines:
        yield start_line, " ".join(lines)


def _is_header(paragraph: str) -> bool:
    return len(paragraph) <= _HEADER_MAX and not _SENTENCE_END.search(paragraph)


# --- structured records -----------------------------------------------------------

def _jsonl(path: Path, text: str) -> Iterator[_Raw]:
    for i, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            yield _Raw({}, i, f"not valid JSON ({exc.msg})")
            continue
        if not isinstance(obj, dict):
            yield _Raw({}, i, "a JSONL line must be an object with an 'abstract' field")
            continue
        yield _Raw(obj, i)


def _json(path: Path, text: str) -> Iterator[_Raw]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorpusFormatError(str(path), exc.lineno, f"not valid JSON ({exc.msg})") from None
    if isinstance(data, dict):
        data = data.get("papers", data.get("records", [data]))
    if not isinstance(data, list):
        raise CorpusFormatError(str(path), None, "JSON corpus must be an array of records")
    for i, obj in enumerate(data, start=1):
        yield _Raw(obj, None) if isinstance(obj, dict) else _Raw({}, None, f"record {i} is not an object")


def _delimited(path: Path, text: str) -> Iterator[_Raw]:
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    columns = {(c or "").strip().lower() for c in (reader.fieldnames or [])}
    if "abstract" not in columns:
        raise CorpusFormatError(str(path), 1, f"no 'abstract' column (columns: {', '.join(sorted(columns)) or 'none'})")
    for row in reader:
        fields = {(k or "").strip().lower(): v for k, v in row.items() if k is not None}
        yield _Raw(fields, reader.line_num)


_BIB_ENTRY = re.compile(r"@\s*([A-Za-z]+)\s*[{(]\s*([^,\s]+)\s*,")


def _bibtex(path: Path, text: str) -> Iterator[_Raw]:
    for m in _BIB_ENTRY.finditer(text):
        if m.group(1).lower() in ("comment", "preamble", "string"):
            continue
        line = text.count("\n", 0, m.start()) + 1
        fields = _bib_fields(text, m.end())
        fields["id"] = m.group(2)
        yield _Raw(fields, line)


def _bib_fields(text: str, pos: int) -> dict[str, object]:
    """Parse `name = {value}` / `"value"` / bare pairs until the entry closes."""
    fields: dict[str, object] = {}
    field_re = re.compile(r"\s*([A-Za-z_-]+)\s*=\s*")
    while pos < len(text):
        m = field_re.match(text, pos)
        if not m:
            break
        name, pos = m.group(1).lower(), m.end()
        value, pos = _bib_value(text, pos)
        fields[name] = value
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos < len(text) and text[pos] in "})":
            break
    return fields


def _bib_value(text: str, pos: int) -> tuple[str, int]:
    if pos < len(text) and text[pos] in "{\"":
        close = "}" if text[pos] == "{" else '"'
        depth, i = 0, pos
        while i < len(text):
            ch = text[i]
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if (close == "}" and depth == 0 and ch == "}") or (close == '"' and ch == '"' and i > pos and depth == 0):
                return text[pos + 1 : i], i + 1
            i += 1
        return text[pos + 1 :], len(text)
    m = re.compile(r"[^,}\s]*").match(text, pos)
    assert m is not None
    return m.group(0), m.end()


_RAW_READERS = {
    ".jsonl": _jsonl,
    ".ndjson": _jsonl,
    ".json": _json,
    ".csv": _delimited,
    ".tsv": _delimited,
    ".bib": _bibtex,
}


def _to_paper(path: Path, raw: _Raw, n: int) -> Paper:
    """Validate one record and turn it into a Paper (id defaults to `<stem>:<n>`)."""
    if raw.error:
        raise CorpusFormatError(str(path), raw.line, raw.error)
    f = raw.fields
    abstract = f.get("abstract")
    if abstract is None or (isinstance(abstract, str) and not abstract.strip()):
        raise CorpusFormatError(str(path), raw.line, "record has no abstract")
    if not isinstance(abstract, str):
        raise CorpusFormatError(str(path), raw.line, f"abstract must be text, not {type(abstract).__name__}")
    rid = f.get("id")
    pid = str(rid).strip() if rid not in (None, "") else f"{path.stem}:{n}"
    return Paper(
        id=pid,
        abstract=abstract.strip(),
        source=path.name,
        title=_text_field(f.get("title")),
        authors=_authors(f.get("authors"), f.get("author")),
        year=_year(f.get("year"), f.get("update_date"), f.get("versions")),
        venue=_text_field(f.get("venue") or f.get("journal") or f.get("booktitle")),
        url=_text_field(f.get("url")) or _arxiv_url(f),
        line=raw.line,
    )


def _text_field(value: object) -> str | None:
    if value is None or isinstance(value, (dict, list)):
        return None
    text = re.sub(r"\s+", " ", str(value)).strip().replace("{", "").replace("}", "")
    return text or None


def _authors(*values: object) -> tuple[str, ...]:
    for value in values:
        if isinstance(value, list):
            return tuple(a.strip() for a in map(str, value) if a.strip())
        if isinstance(value, str) and value.strip():
            parts = re.split(r"\s+and\s+|,\s*(?:and\s+)?|;\s*", re.sub(r"\s+", " ", value))
            return tuple(p.strip().replace("{", "").replace("}", "") for p in parts if p.strip())
    return ()


def _year(*values: object) -> int | None:
    for value in values:
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = value[0].get("created")
        m = re.search(r"\b(1[89]\d\d|20\d\d)\b", str(value)) if value is not None else None
        if m:
            return int(m.group(1))
    return None


def _arxiv_url(f: dict[str, object]) -> str | None:
    """arXiv metadata records carry `categories` and a bare arXiv id."""
    rid = f.get("id")
    if "categories" in f and isinstance(rid, str) and re.fullmatch(r"\d{4}\.\d{4,5}(v\d+)?|[a-z-]+(\.[A-Z]{2})?/\d{7}", rid):
        return f"https://arxiv.org/abs/{rid}"
    return None
