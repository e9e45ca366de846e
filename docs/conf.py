"""Sphinx configuration of oxpack's documentation (MyST Markdown, the furo theme).

Build: `sphinx-build -W --keep-going -b html docs build/docs` (`pip install '.[docs]'` first).
No network is used: no intersphinx, no remote images.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

import oxpack  # noqa: E402  (the installed package: the references are generated from it)

project = "oxpack"
author = "the oxpack authors"
copyright = "the oxpack authors, Apache-2.0"  # noqa: A001  (Sphinx's name)
release = version = oxpack.__version__

extensions = ["myst_parser", "sphinx.ext.autodoc", "oxpack_docs"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

myst_heading_anchors = 3  # `[text](page.md#a-heading)` links
myst_enable_extensions = ["deflist"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "furo"
html_title = f"oxpack {release}"
html_static_path: list[str] = []
