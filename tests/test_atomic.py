import pytest

from kg.atomic import folder_lock, write_atomic
from kg.errors import ExportError


def test_write_atomic_replaces_whole_file(tmp_path):
    p = tmp_path / "g.ttl"
    write_atomic(p, b"one")
    write_atomic(p, b"two")
    assert p.read_bytes() == b"two"
    assert [x.name for x in tmp_path.iterdir()] == ["g.ttl"]


def test_failed_write_keeps_old_file(tmp_path, monkeypatch):
    p = tmp_path / "g.ttl"
    write_atomic(p, b"old")

    def boom(*_a, **_k):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(ExportError, match="disk full"):
        write_atomic(p, b"new")
    assert p.read_bytes() == b"old"
    assert [x.name for x in tmp_path.iterdir()] == ["g.ttl"]


def test_second_writer_gets_a_clear_error(tmp_path):
    with folder_lock(tmp_path):
        with pytest.raises(ExportError, match="another kg build"):
            with folder_lock(tmp_path):
                pass


def test_parallel_writers_write_every_file_or_none(tmp_path):
    from kg.atomic import write_all_atomic

    def writer(text):
        return lambda fh: fh.write(text.encode())

    files = {tmp_path / f"{n}.ttl": writer(n * 3) for n in "abc"}
    write_all_atomic(files, parallel=True)
    assert [(tmp_path / f"{n}.ttl").read_text() for n in "abc"] == ["aaa", "bbb", "ccc"]

    def broken(fh):
        raise RuntimeError("writer failed")

    with pytest.raises(ExportError, match="writer process failed"):
        write_all_atomic({tmp_path / "a.ttl": broken, tmp_path / "b.ttl": writer("new")}, parallel=True)
    assert (tmp_path / "a.ttl").read_text() == "aaa" and (tmp_path / "b.ttl").read_text() == "bbb"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ttl", "b.ttl", "c.ttl"]
