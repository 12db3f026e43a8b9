"""Safe writes: a file is replaced whole or not at all, and one build writes a folder at a time.

- `write_atomic` writes a temporary file beside the target, fsyncs it and renames
  it over the target, so a reader sees the old file or the new one, never a part.
- `write_all_atomic` does that for a set of files and renames them together with
  SIGINT/SIGTERM held back, so an interrupt cannot leave a mix of two builds.
- `folder_lock` serialises writers of one folder; a second one gets a clear
  error naming the process that holds the lock, and temporary files left by a
  writer that was killed outright (SIGKILL, power loss) are removed.
"""

from __future__ import annotations

import gc
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from kg.errors import ExportError

_TMP_MARK = ".kg-"  # temporary files are `.<name>.kg-<random>.tmp`
_SIGNALS = {signal.SIGINT, signal.SIGTERM}


_FROZEN = [0]  # nesting depth of `frozen_gc`


@contextmanager
def frozen_gc() -> Iterator[None]:
    """Keep the garbage collector off the objects that exist now, while forked children share them.

    A collection writes into the header of every object it scans; in a parent or
    child that shares the heap copy-on-write, one full collection copies the whole
    graph (gigabytes at 100,000 papers). Children call `gc.disable()` too.
    """
    if _FROZEN[0] == 0:
        gc.freeze()
    _FROZEN[0] += 1
    try:
        yield
    finally:
        _FROZEN[0] -= 1
        if _FROZEN[0] == 0:
            gc.unfreeze()


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, fsync, then rename over it."""
    write_all_atomic({Path(path): data})


#: What a file is written from: its bytes, or a function that streams them into a binary file.
#: A function given several target paths at once gets one binary file per path (one pass, many outputs).
Content = bytes | Callable[..., None]
Targets = Path | tuple[Path, ...]


def write_all_atomic(files: Mapping[Targets, Content], parallel: bool = False) -> None:
    """Write every file to a temporary beside it, then rename them all, interrupts held back.

    Streaming writers keep memory low: a 100,000-paper Turtle export is never
    held as one bytes object. With `parallel`, every streaming job but the last
    runs in a forked child while this process runs the last one.

    A failure or an interrupt while the temporaries are written removes them and
    leaves every old file as it was. The renames (same folder, so cheap and not
    expected to fail) run with SIGINT/SIGTERM held back, so a signal lands before
    the first or after the last: a reader sees the whole old set or the whole new one.
    """
    with frozen_gc():
        _write_all(files, parallel)


def _write_all(files: Mapping[Targets, Content], parallel: bool) -> None:
    tmps: dict[Path, Path] = {}
    children: dict[int, tuple[Path, ...]] = {}  # pid -> targets
    targets: tuple[Path, ...] = ()
    try:
        items = [(tuple(map(Path, t)) if isinstance(t, tuple) else (Path(t),), d) for t, d in files.items()]
        forkable = [i for i, (_t, d) in enumerate(items) if callable(d)][:-1] if parallel and hasattr(os, "fork") else []
        for i in forkable:  # streaming writers but the last run in forked children, in parallel
            targets, data = items[i]
            children[_spawn_tmps(targets, data, tmps)] = targets  # type: ignore[arg-type]
        for i, (targets, data) in enumerate(items):
            if i not in forkable:
                _fill(_make_tmps(targets, tmps), targets, data)
        _wait(children)
        with _signals_deferred():
            for target, tmp in list(tmps.items()):
                os.replace(tmp, target)
                del tmps[target]  # renamed: nothing left to clean up
            for folder in {t.parent for t, _d in items for t in t}:
                _fsync_dir(folder)
    except OSError as exc:
        raise ExportError(f"{targets[0] if targets else ''}: cannot write ({exc.strerror or exc})") from exc
    finally:
        for pid in children:  # only left on failure or interrupt
            _reap(pid, kill=True)
        for tmp in tmps.values():
            tmp.unlink(missing_ok=True)


def _make_tmps(targets: tuple[Path, ...], tmps: dict[Path, Path]) -> list[int]:
    """Create the temporaries of one job, registered in `tmps` at once so an interrupt cannot leak one."""
    fds = []
    with _signals_deferred():  # a signal between mkstemp and the registration would leak the file
        for path in targets:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f".{path.name}{_TMP_MARK}", suffix=".tmp", dir=path.parent)
            tmps[path] = Path(name)
            fds.append(fd)
    return fds


def _fill(fds: list[int], targets: tuple[Path, ...], data: Content) -> None:
    """Write, flush and fsync the temporaries of one job (file descriptors are closed after)."""
    handles = [os.fdopen(fd, "wb") for fd in fds]
    try:
        for fh, path in zip(handles, targets):
            _copy_mode(fh.fileno(), path)
        if callable(data):
            data(*handles)
        else:
            handles[0].write(data)
        for fh in handles:
            fh.flush()
            os.fsync(fh.fileno())
    finally:
        for fh in handles:
            fh.close()


def _spawn_tmps(targets: tuple[Path, ...], write: Callable[..., None], tmps: dict[Path, Path]) -> int:
    """Write one job's temporaries in a forked child (exit status 0 when complete)."""
    fds = _make_tmps(targets, tmps)
    pid = _fork(lambda: _fill(fds, targets, write))
    for fd in fds:
        os.close(fd)
    return pid


def _fork(work: Callable[[], None]) -> int:
    """Run `work` in a forked child that exits with status 0 when it completes, 1 when it fails.

    The child disables the garbage collector (a collection would copy the shared heap) and
    leaves with `os._exit`, so none of the parent's clean-up code runs in it.
    """
    pid = os.fork()
    if pid == 0:
        gc.disable()
        status = 1
        try:
            work()
            status = 0
        except BaseException:  # noqa: BLE001 - reported to the parent through the exit status
            pass
        finally:
            os._exit(status)
    return pid


def write_parts(fhs: Sequence[BinaryIO], parts: Sequence[Callable[..., None]], folder: Path | None = None) -> None:
    """Write one set of files in consecutive parts, in parallel: part 0 here, the others in forked children.

    Each child writes its part into anonymous temporaries (in `folder`, never
    visible, gone with the process), which are then appended to `fhs` in order.
    A failed or interrupted child fails the whole write.
    """
    if len(parts) <= 1 or not hasattr(os, "fork"):
        for part in parts:
            part(*fhs)
        return
    children: dict[int, list[BinaryIO]] = {}
    with frozen_gc():
        _write_parts(fhs, parts, folder, children)


def _write_parts(fhs: Sequence[BinaryIO], parts: Sequence[Callable[..., None]], folder: Path | None,
                 children: dict[int, list[BinaryIO]]) -> None:
    try:
        for part in parts[1:]:
            spill = [tempfile.TemporaryFile(dir=folder) for _ in fhs]
            children[_fork(lambda part=part, spill=spill: _write_flushed(part, spill))] = spill
        parts[0](*fhs)
        for pid, spill in list(children.items()):
            status = _reap(pid, kill=False)
            del children[pid]
            if status != 0:
                raise ExportError("an export writer process failed")
            for fh, part_fh in zip(fhs, spill):
                part_fh.seek(0)
                shutil.copyfileobj(part_fh, fh, 1 << 20)
                part_fh.close()
    finally:
        for pid, spill in children.items():  # only left on failure or interrupt
            _reap(pid, kill=True)
            for fh in spill:
                fh.close()


def _write_flushed(part: Callable[..., None], fhs: list[BinaryIO]) -> None:
    part(*fhs)
    for fh in fhs:
        fh.flush()


def _wait(children: dict[int, tuple[Path, ...]]) -> None:
    """Wait for every writer child; a failed one fails the whole set."""
    for pid, targets in list(children.items()):
        status = _reap(pid, kill=False)
        del children[pid]
        if status != 0:
            raise ExportError(f"{targets[0]}: cannot write (the writer process failed)")


def _reap(pid: int, kill: bool) -> int:
    if kill:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return 0
    return os.waitstatus_to_exitcode(status)


def _copy_mode(fd: int, path: Path) -> None:
    """mkstemp makes a private file (0600); an export keeps the mode of the file it replaces."""
    try:
        mode = path.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = 0o644
    os.fchmod(fd, mode)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable; some file systems cannot open a folder, which is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # e.g. EINVAL on file systems without directory fsync
    finally:
        os.close(fd)


@contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold back SIGINT and SIGTERM around a few renames, then deliver them; main thread only.

    Python-level handlers, not a thread signal mask: a process-directed signal goes to
    any thread that does not block it, so a mask on the main thread alone does not
    hold it back when other threads exist (a thread pool, a server, a Dask client).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []

    def hold(signum: int, _frame: object) -> None:
        received.append(signum)

    old = {s: signal.signal(s, hold) for s in _SIGNALS}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
        for s in received:
            signal.raise_signal(s)  # now, with the original handlers


@contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on `folder/.kg.lock`; a second build gets a clear error."""
    import fcntl

    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fh = open(folder / ".kg.lock", "a+")
    except OSError as exc:
        raise ExportError(f"{folder}: cannot write exports here ({exc.strerror or exc})") from None
    try:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.seek(0)
            holder = fh.read().strip()
            who = f" (process {holder})" if holder.isdigit() else ""
            raise ExportError(f"{folder}: another kg build{who} is writing to this folder; "
                              "wait for it to finish or use another --out") from None
        fh.seek(0)
        fh.truncate()
        fh.write(str(os.getpid()))
        fh.flush()
        _remove_stale_tmps(folder)
        yield
    finally:
        fh.close()


def _remove_stale_tmps(folder: Path) -> None:
    """Temporaries of a writer that died before its rename; safe, since we hold the lock."""
    for pattern in (f".*{_TMP_MARK}*.tmp", f".kg/.*{_TMP_MARK}*.tmp"):
        for tmp in folder.glob(pattern):
            tmp.unlink(missing_ok=True)
