"""`python -m oxpack.config`: rewrite `config_schema.json` from the settings model."""

from .model import write_schema

write_schema()
