"""What every stage of the pipeline is made of: its output's kind and cache entry (`Stage`), what `-v`
says about a tool that runs in this process or a worker (`Tool`), and the digest of oxpack's own code
that goes into a key (`code_id`, from `cache`, where `facts` takes it too)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...store.cache import code_id

__all__ = ["Stage", "Tool", "code_id"]

T = TypeVar("T")


@dataclass(frozen=True)
class Stage(Generic[T]):
    """A stage's output: its kind (`bc`, `ptx`, ...: the cache's folder, the `stage runs:` word) and how
    it is kept as a cache entry (file name → bytes)."""

    name: str
    load: Callable[[Mapping[str, bytes]], T]  # a cache entry → the output
    save: Callable[[T], dict[str, bytes]]  # the output → a cache entry
    label: str = ""  # what the progress display calls it, where not `name` (`link` for `ll`)

    @property
    def shown(self) -> str:
        return self.label or self.name


@dataclass(frozen=True)
class Tool:
    """A tool that runs inside this process or a worker, as `-v` shows it: `in process: <name> <options>  # <what>`."""

    name: str
    options: Sequence[str]
    what: str


