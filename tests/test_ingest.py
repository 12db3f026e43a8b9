import json

import pytest

from kg.errors import CorpusError, CorpusFormatError
from kg.ingest import ReadReport, read_corpus

from conftest import SEEDS


def papers(*paths, **kw):
    return list(read_corpus(paths, **kw))


def test_seed_text_files_give_38_papers_with_stem_ids():
    ps = papers(SEEDS)
    assert len(ps) == 38
    assert ps[0].id == "000_392856afa43f1a90:1"
    assert ps[0].abstract.startswith("Multi-agent reinforcement learning (MARL)")
    assert ps[0].source == "000_392856afa43f1a90.txt"


def test_text_without_header(tmp_path):
    f = tmp_path / "c.txt"
    f.write_text("First abstract. It ends.\n\nSecond abstract\nspans two lines.\n")
    ps = papers(f)
    assert [p.id for p in ps] == ["c:1", "c:2"]
    assert ps[1].abstract == "Second abstract spans two lines."


def test_jsonl_fields_and_default_ids(tmp_path):
    f = tmp_path / "c.jsonl"
    f.write_text(json.dumps({"id": "p1", "title": "T", "abstract": "A.", "authors": ["X", "Y"], "year": "2023",
                             "venue": "NeurIPS", "url": "http://u", "extra": 1}) + "\n\n"
                 + json.dumps({"abstract": "B."}) + "\n")
    p1, p2 = papers(f)
    assert (p1.id, p1.title, p1.authors, p1.year, p1.venue, p1.url) == ("p1", "T", ("X", "Y"), 2023, "NeurIPS", "http://u")
    assert p2.id == "c:2"


def test_json_array_csv_tsv_and_bibtex(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps([{"id": "j1", "abstract": "J."}]))
    (tmp_path / "b.csv").write_text('id,Abstract,title\nc1,"C, with comma.",T\n')
    (tmp_path / "c.tsv").write_text("abstract\tyear\nTSV abstract.\t2021\n")
    (tmp_path / "d.bib").write_text('@article{key2024,\n title = {A {B} title},\n author = {Doe, J. and Roe, R.},\n'
                                    ' abstract = {Bib {nested} abstract.},\n year = 2024\n}\n@comment{x}\n')
    by_id = {p.id: p for p in papers(tmp_path)}
    assert by_id["j1"].abstract == "J."
    assert by_id["c1"].abstract == "C, with comma." and by_id["c1"].title == "T"
    assert by_id["c:1"].year == 2021
    bib = by_id["key2024"]
    assert bib.abstract == "Bib {nested} abstract." and bib.title == "A B title"
    assert bib.authors == ("Doe", "J.", "Roe", "R.") or bib.authors == ("Doe, J.", "Roe, R.")
    assert bib.year == 2024


def test_arxiv_metadata_reads_as_is(tmp_path):
    rec = {"id": "2101.00001", "submitter": "x", "authors": "A. One, B. Two and C. Three", "title": "T",
           "comments": None, "journal-ref": None, "doi": None, "categories": "cs.LG", "license": None,
           "abstract": "  We study things.\n", "versions": [{"version": "v1", "created": "Fri, 1 Jan 2021"}],
           "update_date": "2021-01-05", "authors_parsed": [["One", "A."]]}
    f = tmp_path / "arxiv.jsonl"
    f.write_text(json.dumps(rec) + "\n")
    (p,) = papers(f)
    assert p.id == "2101.00001" and p.abstract == "We study things." and p.year == 2021
    assert p.authors == ("A. One", "B. Two", "C. Three")
    assert p.url == "https://arxiv.org/abs/2101.00001"


@pytest.mark.parametrize("line, message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be an object"),
    ('{"abstract": null}', "no abstract"),
    ('{"abstract": 42}', "abstract must be text"),
    ('{"title": "no abstract"}', "no abstract"),
])
def test_bad_jsonl_lines_name_file_and_line(tmp_path, line, message):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"abstract": "ok."}\n' + line + "\n")
    with pytest.raises(CorpusFormatError) as err:
        papers(f)
    assert f"bad.jsonl:2" in str(err.value) and message in str(err.value)


def test_skip_bad_reports_instead_of_stopping(tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"abstract": "ok."}\n{broken\n{"abstract": "also ok."}\n')
    report = ReadReport()
    ps = papers(f, skip_bad=True, report=report)
    assert len(ps) == 2 and report.read == 2
    assert report.skipped[0][0].endswith("bad.jsonl:2")


@pytest.mark.parametrize("content, message", [
    (b"", "empty file"),
    (b"\x00\x01\x02binary", "binary"),
    ("caf\u00e9 latin-1".encode("latin-1"), "not UTF-8"),
])
def test_unreadable_files(tmp_path, content, message):
    f = tmp_path / "x.txt"
    f.write_bytes(content)
    with pytest.raises(CorpusError, match=message):
        papers(f)


def test_utf16_with_bom_and_explicit_encoding(tmp_path):
    f = tmp_path / "u.txt"
    f.write_bytes("Caf\u00e9 abstract.".encode("utf-16"))
    assert papers(f)[0].abstract == "Caf\u00e9 abstract."
    g = tmp_path / "l.txt"
    g.write_bytes("Caf\u00e9 abstract.".encode("latin-1"))
    assert papers(g, encoding="latin-1")[0].abstract == "Caf\u00e9 abstract."


def test_missing_path_and_folder_without_corpus(tmp_path):
    with pytest.raises(CorpusError, match="no such file"):
        papers(tmp_path / "nope")
    (tmp_path / "readme.md").write_text("x")
    with pytest.raises(CorpusError, match="no corpus files"):
        papers(tmp_path)


def test_csv_without_abstract_column(tmp_path):
    f = tmp_path / "x.csv"
    f.write_text("id,title\n1,T\n")
    with pytest.raises(CorpusFormatError, match="no 'abstract' column"):
        papers(f)


def test_duplicate_ids_error_or_dedupe(tmp_path):
    (tmp_path / "a.jsonl").write_text('{"id": "p", "abstract": "A."}\n')
    (tmp_path / "b.jsonl").write_text('{"id": "p", "abstract": "B."}\n')
    with pytest.raises(CorpusFormatError, match="duplicate paper id"):
        papers(tmp_path)
    report = ReadReport()
    ps = papers(tmp_path, dedupe=True, report=report)
    assert [p.abstract for p in ps] == ["A."] and len(report.skipped) == 1
