"""Domain errors. The CLI turns every KGError into one clear line and exit 1."""

from __future__ import annotations


class KGError(Exception):
    """Base class of every error kg reports to a user."""


class CorpusError(KGError):
    """A corpus input cannot be read (missing, empty, undecodable)."""


class CorpusFormatError(CorpusError):
    """A record in a corpus file is malformed; carries the file and line."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.reason = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class GraphLoadError(KGError):
    """An exported graph file cannot be parsed back."""


class QueryError(KGError):
    """A SPARQL query is malformed or fails."""


class ModelNotFound(KGError):
    """A requested spaCy pipeline is not installed."""


class ExportError(KGError):
    """An export cannot be written."""
