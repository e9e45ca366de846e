"""oxpack settings: one frozen, typed model (`model`), validated field by field (`checks`), filled
from pyproject.toml, the hatch hook's table, the command line and the environment (`sources`)."""

from .model import Config, json_schema, write_schema
from .sources import ENV_VARS, config_from_mapping, load_config, resolve_package_dir

__all__ = ["ENV_VARS", "Config", "config_from_mapping", "json_schema", "load_config", "resolve_package_dir",
           "write_schema"]
