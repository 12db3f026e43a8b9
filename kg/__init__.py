"""kg: a knowledge graph of machine-learning research, built from paper abstracts."""

from typing import Any

__version__ = "0.1.0"
__all__ = ["KnowledgeGraph", "__version__"]


def __getattr__(name: str) -> Any:
    """`kg.KnowledgeGraph` is imported on first use, so `python -m kg` starts fast and a Ctrl-C
    during its start-up still gets the command line's one-line error (see `kg/__main__.py`)."""
    if name == "KnowledgeGraph":
        from kg.api import KnowledgeGraph

        return KnowledgeGraph
    raise AttributeError(f"module 'kg' has no attribute {name!r}")
