"""The command-line verbs beyond `build` and `lock`: `init` (scaffold a project), `doctor` (explain
the setup) and `inspect` (what a build holds)."""
