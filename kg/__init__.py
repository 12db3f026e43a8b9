"""kg: a knowledge graph of machine-learning research, built from paper abstracts."""

from kg.api import KnowledgeGraph

__version__ = "0.1.0"
__all__ = ["KnowledgeGraph", "__version__"]
