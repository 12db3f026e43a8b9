"""Read corpora (plain text, JSONL/JSON, CSV/TSV, BibTeX, arXiv metadata) into Papers.

Every bad record is reported with its file and line. By default a bad record
stops the build with one clear error; with `skip_bad` it is skipped and
counted in the `ReadReport`, so no paper is ever dropped silently. Text taken
from a file goes through `kg.text.sanitize` (control characters become spaces,
one for one), and every such repair is noted in the report.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import logging
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import CorpusError, CorpusFormatError
from kg.model import Paper
from kg.text import sanitize, unsafe_chars

log = logging.getLogger(__name__)

SUFFIXES = (".txt", ".jsonl", ".ndjson", ".json", ".csv", ".tsv", ".bib")
_HEADER_MAX = 200
_SENTENCE_END = re.compile(r"[.!?][\"')\]]?\s*$")
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


@dataclass
class ReadReport:
    """What reading saw: files, papers read, every skipped record and every repair, with why."""

    files: list[str] = field(default_factory=list)
    read: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (location, reason)
    repaired: list[tuple[str, str]] = field(default_factory=list)  # (location, what was changed)


@dataclass(frozen=True)
class _Raw:
    """A record before validation: its fields and where it came from."""

    fields: dict[str, object]
    line: int | None
    error: str | None = None  # a record that could not even be parsed


def corpus_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand files and folders (recursively, symlinked folders not followed) into corpus files."""
    files: list[Path] = []
    for p in map(Path, paths):
        if not p.exists():
            raise CorpusError(f"{p}: no such file or folder")
        if p.is_dir():
            found = sorted(_walk(p))
            if not found:
                raise CorpusError(f"{p}: no corpus files ({', '.join(SUFFIXES)}) in this folder")
            files.extend(found)
        else:
            files.append(p)
    return files


def _walk(folder: Path) -> Iterator[Path]:
    for root, dirs, names in os.walk(folder):  # followlinks=False: a symlink cycle cannot loop
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            f = Path(root) / name
            if not name.startswith(".") and f.suffix.lower() in SUFFIXES and f.is_file():
                yield f


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
                log.info("skipped %s: %s", where, msg)
                report.skipped.append((where, msg))
                continue
            seen[paper.id] = where
            report.read += 1
            yield paper


def _read_file(path: Path, *, skip_bad: bool, encoding: str | None, report: ReadReport) -> Iterator[Paper]:
    suffix = path.suffix.lower()
    if suffix != ".txt" and suffix not in _RAW_READERS:
        raise CorpusError(f"{path}: unknown corpus format (expected one of {', '.join(SUFFIXES)})")
    text = decode(path, encoding)
    if not text.strip():
        raise CorpusError(f"{path}: empty file")
    papers = _read_text(path, text) if suffix == ".txt" else _read_records(path, text, skip_bad, report)
    yielded = bad = 0
    repaired: list[str] = []
    for paper, repairs in papers:
        if paper is None:
            bad += 1
            continue
        if repairs:
            where = f"{path}:{paper.line}" if paper.line else f"{path} ({paper.id})"
            report.repaired.append((where, f"replaced {repairs} control or invalid character(s)"))
            repaired.append(where)
        yielded += 1
        yield paper
    if repaired:
        log.warning("%s: replaced control or invalid characters in %d record(s), first at %s",
                    path, len(repaired), repaired[0])
    if not yielded and not bad:
        raise CorpusError(f"{path}: no records with an abstract in this file")


def _read_records(path: Path, text: str, skip_bad: bool, report: ReadReport) -> Iterator[tuple[Paper | None, int]]:
    for n, raw in enumerate(_RAW_READERS[path.suffix.lower()](path, text), start=1):
        try:
            yield _to_paper(path, raw, n)
        except CorpusFormatError as exc:
            if not skip_bad:
                raise
            log.info("skipped %s", exc)  # the report carries it; the CLI prints it
            report.skipped.append((f"{exc.path}:{exc.line}" if exc.line else exc.path, exc.reason))
            yield None, 0


def decode(path: Path, encoding: str | None = None) -> str:
    """Decode a file: a byte-order mark wins, else `encoding`, else strict UTF-8; one clear error otherwise."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read ({exc.strerror or exc})") from None
    bom = next((enc for mark, enc in _BOMS if data.startswith(mark)), None)
    if bom:
        return _decode_as(path, data, bom, f"starts with a {bom} byte-order mark but is not valid {bom}")
    try:
        name = codecs.lookup(encoding or "utf-8").name
    except LookupError:
        raise CorpusError(f"unknown text encoding {encoding!r} (e.g. utf-8, latin-1, utf-16)") from None
    if b"\x00" in data[:8192] and not name.startswith(("utf-16", "utf-32")):
        raise CorpusError(f"{path}: {_nul_hint(data[:8192])}")
    if encoding:
        return _decode_as(path, data, encoding, f"cannot decode as {encoding}")
    return _decode_as(path, data, "utf-8", "not UTF-8 text", hint="; pass --encoding, e.g. --encoding latin-1")


def _decode_as(path: Path, data: bytes, encoding: str, problem: str, hint: str = "") -> str:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CorpusError(f"{path}:{line}: {problem} (byte 0x{data[exc.start]:02x}: {exc.reason}){hint}") from None
    except LookupError as exc:  # a codec that is not a text encoding, e.g. rot13
        raise CorpusError(f"{path}: {problem} ({exc})") from None
    return text[1:] if text.startswith("\ufeff") else text


def _nul_hint(sample: bytes) -> str:
    """UTF-16 without a byte-order mark has a NUL in every other byte; say so."""
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2 or 1
    if odd > 0.3 * half and even < 0.05 * half:
        return "looks like UTF-16 without a byte-order mark; pass --encoding utf-16-le"
    if even > 0.3 * half and odd < 0.05 * half:
        return "looks like UTF-16 without a byte-order mark; pass --encoding utf-16-be"
    return "looks like a binary file, not a text corpus"


# --- plain text -------------------------------------------------------------------

def _read_text(path: Path, text: str) -> Iterator[tuple[Paper | None, int]]:
    """One abstract a paragraph; a short first paragraph followed by others is a header."""
    paragraphs = list(_paragraphs(text))
    if len(paragraphs) > 1 and _is_header(paragraphs[0][1]):
        paragraphs = paragraphs[1:]
    stem, source = sanitize(path.stem), sanitize(path.name)
    for n, (line, para, repairs) in enumerate(paragraphs, start=1):
        yield Paper(id=f"{stem}:{n}", abstract=para, source=source, line=line), repairs


def _paragraphs(text: str) -> Iterator[tuple[int, str, int]]:
    """(first line, sanitized text, repairs) of each blank-line separated paragraph."""
    start_line, lines, repairs = 0, [], 0
    for i, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        clean = sanitize(line).strip()
        if clean:
            if not lines:
                start_line, repairs = i, 0
            lines.append(clean)
            repairs += unsafe_chars(line)
        elif lines:
            yield start_line, " ".join(lines), repairs
            lines = []
    if lines:
        yield start_line, " ".join(lines), repairs


def _is_header(paragraph: str) -> bool:
    return len(paragraph) <= _HEADER_MAX and not _SENTENCE_END.search(paragraph)


# --- structured records -----------------------------------------------------------

def _load_json(text: str) -> object:
    """json.loads that turns every failure (syntax, deep nesting, huge numbers) into ValueError.

    Raw control characters inside strings are accepted (`strict=False`); sanitizing removes them.
    """
    try:
        return json.loads(text, strict=False)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{exc.msg}, line {exc.lineno} column {exc.colno}") from None


def _jsonl(path: Path, text: str) -> Iterator[_Raw]:
    for i, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = _load_json(line)
        except ValueError as exc:
            yield _Raw({}, i, f"not valid JSON ({exc})")
            continue
        if not isinstance(obj, dict):
            yield _Raw({}, i, f"a JSONL line must be an object with an 'abstract' field, not {_kind(obj)}")
            continue
        yield _Raw(obj, i)


def _json(path: Path, text: str) -> Iterator[_Raw]:
    try:
        data = json.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise CorpusFormatError(str(path), exc.lineno, f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise CorpusFormatError(str(path), None, "not valid JSON (nested too deeply)") from None
    except ValueError as exc:
        raise CorpusFormatError(str(path), None, f"not valid JSON ({exc})") from None
    if isinstance(data, dict):
        data = data.get("papers", data.get("records", [data]))
    if not isinstance(data, list):
        raise CorpusFormatError(str(path), None, "JSON corpus must be an array of records")
    for obj in data:
        yield _Raw(obj, None) if isinstance(obj, dict) else _Raw({}, None, f"a record must be an object, not {_kind(obj)}")


def _kind(obj: object) -> str:
    kinds = {dict: "an object", list: "an array", str: "a string", type(None): "null", bool: "a boolean"}
    return kinds.get(type(obj), "a number")


def _delimited(path: Path, text: str) -> Iterator[_Raw]:
    """CSV/TSV rows, strictly quoted; a row that cannot be read is reported, never merged into another."""
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    old_limit = csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))  # a 1 MB abstract is one field
    try:
        rows = list(_rows(reader))
    finally:
        csv.field_size_limit(old_limit)
    if not rows or rows[0][2]:
        raise CorpusFormatError(str(path), 1, f"cannot read the header row ({rows[0][2] if rows else 'empty'})")
    header = [c.strip().lower() for c in rows[0][1]]
    if "abstract" not in header:
        raise CorpusFormatError(str(path), rows[0][0], f"no 'abstract' column (columns: {', '.join(sorted(set(header))) or 'none'})")
    for line, row, error in rows[1:]:
        if error:
            yield _Raw({}, line, f"malformed {'TSV' if delimiter == chr(9) else 'CSV'} row ({error})")
        elif len(row) > len(header):
            yield _Raw({}, line, f"row has {len(row)} fields but the header has {len(header)} "
                                 f"(an unquoted {'tab' if delimiter == chr(9) else 'comma'}?)")
        elif any(cell.strip() for cell in row):
            yield _Raw({name: value for name, value in zip(header, row) if name}, line)


def _rows(reader: Iterator[list[str]]) -> Iterator[tuple[int, list[str], str | None]]:
    """(first line, cells, error) for every row; the reader resumes after a bad row."""
    while True:
        start = reader.line_num + 1  # type: ignore[attr-defined]
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield start, [], str(exc)
            continue
        if row:
            yield start, row, None


# --- BibTeX -------------------------------------------------------------------------

_BIB_ENTRY = re.compile(r"@[ \t]*([A-Za-z]{1,40})[ \t]*[{(]")
_BIB_KEY = re.compile(r"\s*([^,\s{}()\"]{1,300})\s*,")
_BIB_FIELD = re.compile(r"\s*([A-Za-z][A-Za-z0-9_:.+-]{0,60})\s*=\s*")
_BIB_BARE = re.compile(r"[^,}\s]*")
_BIB_LINE_ENTRY = re.compile(r"[ \t]*@[ \t]*[A-Za-z]{1,40}[ \t]*[{(]")


def _bibtex(path: Path, text: str) -> Iterator[_Raw]:
    """Entries one after the other: text inside an entry is never read as another entry.

    An entry whose braces do not balance before a line that starts the next entry
    (or before the end of the file) is reported, not allowed to swallow what follows.
    """
    pos, line, counted = 0, 1, 0
    while m := _BIB_ENTRY.search(text, pos):
        line += text.count("\n", counted, m.start())
        counted = m.start()
        end, status = _bib_close(text, m.end() - 1)
        pos = end
        if m.group(1).lower() in ("comment", "preamble", "string"):
            continue
        if status != "closed":
            why = (f"runs into the next entry at line {line + text.count(chr(10), m.start(), end)}"
                   if status == "next" else "is not closed before the end of the file")
            yield _Raw({}, line, f"BibTeX entry {why} (unbalanced braces or quotes?)")
            continue
        body = text[m.end() : end - 1]
        key = _BIB_KEY.match(body)
        if not key:
            yield _Raw({}, line, "BibTeX entry without a citation key")
            continue
        fields = _bib_fields(body, key.end())
        fields["id"] = key.group(1)
        yield _Raw(fields, line)


def _bib_close(text: str, open_at: int) -> tuple[int, str]:
    """(index after the entry opening at `open_at`, "closed" | "next" | "eof"); linear, stops at a new entry line."""
    closer = "}" if text[open_at] == "{" else ")"
    depth, quoted = 0, False
    for i in range(open_at + 1, len(text)):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            if depth == 0 and closer == "}":
                return i + 1, "closed"
            depth = max(0, depth - 1)
        elif ch == '"' and depth == 0:
            quoted = not quoted
        elif ch == ")" and closer == ")" and depth == 0 and not quoted:
            return i + 1, "closed"
        elif ch == "\n" and _BIB_LINE_ENTRY.match(text, i + 1):
            return i + 1, "next"
    return len(text), "eof"


def _bib_fields(body: str, pos: int) -> dict[str, object]:
    """Parse `name = {value}` / `"value"` / bare pairs of one entry body."""
    fields: dict[str, object] = {}
    while m := _BIB_FIELD.match(body, pos):
        name, pos = m.group(1).lower(), m.end()
        value, pos = _bib_value(body, pos)
        fields[name] = value
        while pos < len(body) and body[pos] in " \t\r\n,":
            pos += 1
    return fields


def _bib_value(text: str, pos: int) -> tuple[str, int]:
    if pos < len(text) and text[pos] in "{\"":
        close = "}" if text[pos] == "{" else '"'
        depth = 0
        for i in range(pos, len(text)):
            ch = text[i]
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if (close == "}" and depth == 0 and ch == "}") or (close == '"' and ch == '"' and i > pos and depth == 0):
                return text[pos + 1 : i], i + 1
        return text[pos + 1 :], len(text)
    m = _BIB_BARE.match(text, pos)
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


# --- validation ---------------------------------------------------------------------

def _to_paper(path: Path, raw: _Raw, n: int) -> tuple[Paper, int]:
    """Validate one record and turn it into a Paper (id defaults to `<stem>:<n>`); count repairs."""
    line = raw.line
    prefix = "" if line is not None else f"record {n}: "
    if raw.error:
        raise CorpusFormatError(str(path), line, prefix + raw.error)
    f = raw.fields
    abstract = f.get("abstract")
    if abstract is not None and not isinstance(abstract, str):
        raise CorpusFormatError(str(path), line, prefix + f"abstract must be text, not {_kind(abstract)}")
    if abstract is None or not sanitize(abstract).strip():
        raise CorpusFormatError(str(path), line, prefix + "record has no abstract")
    rid = f.get("id")
    if isinstance(rid, (dict, list, bool)):
        raise CorpusFormatError(str(path), line, prefix + f"id must be text or a number, not {_kind(rid)}")
    pid = sanitize(str(rid)).strip() if rid is not None else ""
    texts = [v for v in (abstract, rid, f.get("title")) if isinstance(v, str)]  # repairs worth a note
    paper = Paper(
        id=pid or f"{sanitize(path.stem)}:{n}",
        abstract=sanitize(abstract).strip(),
        source=sanitize(path.name),
        title=_text_field(f.get("title")),
        authors=_authors(f.get("authors"), f.get("author")),
        year=_year(f.get("year"), f.get("update_date"), f.get("versions")),
        venue=_text_field(f.get("venue") or f.get("journal") or f.get("booktitle")),
        url=_text_field(f.get("url")) or _arxiv_url(f),
        line=line,
    )
    return paper, sum(unsafe_chars(t) for t in texts)


def _text_field(value: object) -> str | None:
    if value is None or isinstance(value, (dict, list)):
        return None
    text = re.sub(r"\s+", " ", sanitize(str(value))).strip().replace("{", "").replace("}", "")
    return text or None


def _authors(*values: object) -> tuple[str, ...]:
    for value in values:
        if isinstance(value, list):
            names = (_text_field(a) for a in value if isinstance(a, (str, int, float)))
            return tuple(a for a in names if a)
        if isinstance(value, str) and value.strip():
            parts = re.split(r" and |, ?(?:and )?|; ?", re.sub(r"\s+", " ", sanitize(value)))
            return tuple(p.strip().replace("{", "").replace("}", "") for p in parts if p.strip(" {}"))
    return ()


def _year(*values: object) -> int | None:
    for value in values:
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = value[0].get("created")
        if isinstance(value, (dict, list, bool)) or value is None:
            continue
        m = re.search(r"\b(1[89]\d\d|20\d\d)\b", str(value)[:200])
        if m:
            return int(m.group(1))
    return None


def _arxiv_url(f: dict[str, object]) -> str | None:
    """arXiv metadata records carry `categories` and a bare arXiv id."""
    rid = f.get("id")
    if "categories" in f and isinstance(rid, str) and re.fullmatch(r"\d{4}\.\d{4,5}(v\d+)?|[a-z-]{1,40}(\.[A-Z]{2})?/\d{7}", rid):
        return f"https://arxiv.org/abs/{rid}"
    return None
