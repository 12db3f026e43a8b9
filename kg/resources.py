"""Where kg's data files live: `ontology/` in a checkout, package data in a wheel."""

from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import Any

import kg


def ontology_path(*parts: str) -> Any:
    """Path (or Traversable) of a file under `ontology/`: queries, gazetteers, patterns."""
    checkout = Path(kg.__file__).resolve().parent.parent / "ontology"
    if checkout.is_dir():
        return checkout.joinpath(*parts)
    return importlib.resources.files("kg.ontology").joinpath(*parts)
